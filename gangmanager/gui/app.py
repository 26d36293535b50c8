"""Start the window: open the database (demo gang on first start), show the main window.

The database is `--db`, else `GANGMANAGER_DB`, else the last one opened (kept
in QSettings), else the default file. The organisation and application names
that QSettings files are named after are set here and nowhere else.
"""

from __future__ import annotations

import linecache
import os
import sys
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QMessageBox

from gangmanager.gui.common import recent_databases
from gangmanager.gui.common.password_prompt import ask_password
from gangmanager.rules.default_ruleset import DEFAULT_RULESET
from gangmanager.services import gangs
from gangmanager.services.databases import ENVIRONMENT_VARIABLE, database_to_open, open_url
from gangmanager.services.demo import first_start_gang
from gangmanager.services.errors import DatabaseError, ServiceError
from gangmanager.services.rulesets import Rulesets

ORGANISATION = "gangmanager"
APPLICATION = "Gang Manager"


def _sqlite_path(url: str) -> Path | None:
    prefix = "sqlite:///"
    return Path(url[len(prefix) :]) if url.startswith(prefix) else None


def choose_database(db_arg: str | None, settings: QSettings) -> str:
    """The URL to open: an explicit choice first, then the last database if it still exists."""
    explicit = db_arg or os.environ.get(ENVIRONMENT_VARIABLE, "").strip()
    last = recent_databases.last(settings)
    if not explicit and last is not None:
        path = _sqlite_path(last)
        if path is None or path.is_file():
            return last
    return database_to_open(db_arg, os.environ)


def run_app(db_arg: str | None) -> int:
    app = QApplication.instance() or QApplication(sys.argv)
    app.setApplicationName(APPLICATION)
    app.setOrganizationName(ORGANISATION)
    settings = QSettings()
    url = choose_database(db_arg, settings)
    path = _sqlite_path(url)
    first_start = path is not None and (not path.exists() or path.stat().st_size == 0)
    rulesets = Rulesets()
    try:
        db = open_url(url, ask_password, rulesets)
        if first_start:
            gangs.add_gang(db, rulesets, first_start_gang(rulesets.get(DEFAULT_RULESET)))
    except (DatabaseError, ServiceError) as exc:
        QMessageBox.critical(None, APPLICATION, str(exc))
        return 2
    from gangmanager.gui.main_window import MainWindow

    window = MainWindow(db, rulesets, settings)
    # PySide6's import hook kept the source of every module imported after Qt in
    # linecache (PYSIDE-2029); nothing here needs it: a traceback reads it again.
    linecache.clearcache()
    window.show()
    try:
        return app.exec()
    finally:
        # The window may have switched databases: close the one it holds now.
        window.database.close()
