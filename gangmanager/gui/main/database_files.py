"""The main window's database: open, new, recent and restore from a backup.

Part of `MainWindow` (gui/main_window.py), which assembles these rooms.
"""

from __future__ import annotations

from gangmanager.gui.common import recent_databases
from gangmanager.gui.common.password_prompt import ask_password
from gangmanager.gui.main.host import STATUS_TIMEOUT_MS, MainWindowHost
from gangmanager.services.databases import open_url, sqlite_url
from gangmanager.services.errors import (
    DatabaseError,
    ServiceError,
)

DATABASE_FILTER = "Gang Manager databases (*.sqlite *.db);;All files (*)"


class DatabaseFiles(MainWindowHost):
    def open_database(self, url: str) -> bool:
        """Switch to another database; its undo history starts empty."""
        try:
            db = open_url(url, lambda prompt: ask_password(prompt, self), self._rulesets)
        except DatabaseError as exc:
            self.messages.tell(str(exc))
            return False
        old, self._db = self._db, db
        self.runner.database = db
        old.close()
        self._forget_database_state()
        recent_databases.remember(self.settings, db.url)
        self._update_title()
        self.refresh_gangs()
        self.statusBar().showMessage(f"Opened {db.path or db.url}", STATUS_TIMEOUT_MS)
        return True

    def _forget_database_state(self) -> None:
        """After the database changed under us: no undo step or window may outlive it."""
        if self.campaign_window is not None:
            self.campaign_window.close()
            self.campaign_window = None
        self.play.close_all()
        self.undo_stack.clear()
        self._gang = None

    def _on_restore_backup_triggered(self) -> None:
        if self._db.path is None:
            self.messages.tell("Backups are kept for database files only, not for a server.")
            return
        from gangmanager.gui.common.restore_backup_dialog import RestoreBackupDialog
        from gangmanager.services import backups

        chosen = RestoreBackupDialog.ask(self, backups.list_backups(self._db.path))
        if chosen is None:
            return
        try:
            result = backups.restore_and_reopen(self._db, chosen)
        except ServiceError as exc:
            self.messages.tell(str(exc))
            return
        self._db = result.database
        self.runner.database = result.database
        self._forget_database_state()
        self.refresh_gangs()
        self.statusBar().showMessage(
            f"Restored {chosen.name}; the database as it was is kept as a backup too",
            STATUS_TIMEOUT_MS,
        )

    def _on_open_database_triggered(self) -> None:
        path = self.messages.open_path("Open a database", DATABASE_FILTER)
        if path is not None:
            self.open_database(sqlite_url(path))

    def _on_new_database_triggered(self) -> None:
        path = self.messages.save_path("New database", DATABASE_FILTER, "gangs.sqlite")
        if path is None:
            return
        if path.exists() and path.stat().st_size > 0:
            self.messages.tell(f"{path} already exists: use Open database to open it.")
            return
        self.open_database(sqlite_url(path))

    def _on_recent_menu_about_to_show(self) -> None:
        self.recent_menu.clear()
        urls = recent_databases.recent(self.settings)
        for url in urls:
            shown = url.removeprefix("sqlite:///")
            item = self.recent_menu.addAction(shown)
            item.setEnabled(url != recent_databases.without_password(self._db.url))
            item.triggered.connect(lambda _checked=False, u=url: self.open_database(u))
        if not urls:
            self.recent_menu.addAction("(none)").setEnabled(False)

    def _update_title(self) -> None:
        where = str(self._db.path) if self._db.path is not None else self._db.url
        self.setWindowTitle(f"Gang Manager - {where}")
