"""File > Restore backup…: pick one of the database's backups to restore.

The dialog only chooses; the caller restores with
`services.backups.restore_and_reopen(db, path)` and refreshes from its `Changes`.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from PySide6.QtCore import (
    QItemSelection,
    QModelIndex,
    Qt,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from gangmanager.gui.common.rows_table_model import RowsTableModel
from gangmanager.gui.common.screen_fit import open_size
from gangmanager.services.backups import KEEP, Backup

HEADERS = ("Taken", "Age", "Size", "Note")
SIZE_COLUMN = 2


def size_text(size: int) -> str:
    if size < 1024:
        return f"{size} bytes"
    if size < 1024 * 1024:
        return f"{size / 1024:.0f} KB"
    return f"{size / (1024 * 1024):.1f} MB"


def age_text(created: datetime, now: datetime) -> str:
    days = (now.date() - created.date()).days
    if days <= 0:
        return "today"
    if days == 1:
        return "yesterday"
    return f"{days} days ago"


class BackupTableModel(RowsTableModel[Backup]):
    """The backups, newest first: when taken, how long ago, size, and why."""

    HEADERS = HEADERS

    def __init__(self, backups: list[Backup], now: datetime | None = None) -> None:
        super().__init__(backups)
        self._now = now or datetime.now()

    def backup(self, row: int) -> Backup:
        return self.row_object(row)

    def cell(self, backup: Backup, column: int, role: int) -> object:
        if role == Qt.ItemDataRole.DisplayRole:
            note = "before a restore" if backup.before_restore else "automatic"
            return (
                f"{backup.created:%a %d %b %Y, %H:%M:%S}",
                age_text(backup.created, self._now),
                size_text(backup.size),
                note,
            )[column]
        if role == Qt.ItemDataRole.ToolTipRole:
            return str(backup.path)
        if role == Qt.ItemDataRole.TextAlignmentRole and column == SIZE_COLUMN:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None


class RestoreBackupDialog(QDialog):
    def __init__(
        self,
        backups: list[Backup],
        parent: QWidget | None = None,
        *,
        now: datetime | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Restore backup")
        self.model = BackupTableModel(backups, now)

        intro = QLabel(
            "Pick a backup to put in place of the database. The database as it is now "
            "is backed up first, so you can go back to it the same way.\n"
            f"A backup is taken each day the database is opened; the newest {KEEP} are kept."
        )
        intro.setWordWrap(True)
        self.view = QTableView()
        self.view.setModel(self.model)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.verticalHeader().hide()
        header = self.view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        self.empty_label = QLabel(
            "No backups yet. The first is taken the next time the database is opened."
        )
        self.empty_label.setWordWrap(True)
        self.empty_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        empty = self.model.rowCount() == 0
        self.view.setVisible(not empty)
        self.empty_label.setVisible(empty)

        # A standard Ok button, renamed: the button box then makes it the default (Enter).
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.restore_button: QPushButton = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.restore_button.setText("&Restore")
        self.restore_button.setEnabled(False)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.empty_label, 1)
        layout.addWidget(self.buttons)

        self.view.selectionModel().selectionChanged.connect(self._on_view_selection_changed)
        self.view.doubleClicked.connect(self._on_view_double_clicked)
        if not empty:
            self.view.selectRow(0)
        open_size(self, 660, 440)

    def selected_backup(self) -> Backup | None:
        rows = self.view.selectionModel().selectedRows()
        return self.model.backup(rows[0].row()) if rows else None

    def _on_view_selection_changed(self, _selected: QItemSelection, _: QItemSelection) -> None:
        self.restore_button.setEnabled(self.selected_backup() is not None)

    def _on_view_double_clicked(self, index: QModelIndex) -> None:
        if index.isValid():
            self.view.selectRow(index.row())
            self.accept()

    @classmethod
    def ask(cls, parent: QWidget | None, backups: list[Backup]) -> Path | None:
        """The backup the player chose to restore, or None. Tests replace this."""
        dialog = cls(backups, parent)
        try:
            if dialog.exec() != QDialog.DialogCode.Accepted:
                return None
            chosen = dialog.selected_backup()
            return chosen.path if chosen is not None else None
        finally:
            dialog.deleteLater()
