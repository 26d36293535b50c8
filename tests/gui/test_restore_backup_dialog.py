from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

import pytest

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog

from gangmanager.gui.common.restore_backup_dialog import (
    HEADERS,
    RestoreBackupDialog,
    age_text,
    size_text,
)
from gangmanager.services.backups import Backup

NOW = datetime(2025, 3, 14, 12, 0, 0)


@pytest.fixture
def backups(tmp_path: Path) -> list[Backup]:
    return [
        Backup(tmp_path / "b-restore.sqlite", NOW - timedelta(minutes=5), 2_400_000, True),
        Backup(tmp_path / "b-yesterday.sqlite", NOW - timedelta(days=1), 204_800),
        Backup(tmp_path / "b-old.sqlite", NOW - timedelta(days=9), 900),
    ]


@pytest.fixture
def dialog(qtbot, backups: list[Backup]) -> RestoreBackupDialog:
    dlg = RestoreBackupDialog(backups, now=NOW)
    qtbot.addWidget(dlg)
    dlg.show()
    qtbot.waitExposed(dlg)
    return dlg


def test_model_passes_the_model_tester(dialog: RestoreBackupDialog, qtmodeltester) -> None:
    qtmodeltester.check(dialog.model)


def test_each_backup_shows_date_age_size_and_why(dialog: RestoreBackupDialog) -> None:
    model = dialog.model
    rows = [
        [model.index(r, c).data() for c in range(model.columnCount())]
        for r in range(model.rowCount())
    ]
    assert [model.headerData(c, Qt.Orientation.Horizontal) for c in range(4)] == list(HEADERS)
    assert rows == [
        ["Fri 14 Mar 2025, 11:55:00", "today", "2.3 MB", "before a restore"],
        ["Thu 13 Mar 2025, 12:00:00", "yesterday", "200 KB", "automatic"],
        ["Wed 05 Mar 2025, 12:00:00", "9 days ago", "900 bytes", "automatic"],
    ]
    assert model.index(1, 0).data(Qt.ItemDataRole.ToolTipRole).endswith("b-yesterday.sqlite")
    assert dialog.view.isVisible() and not dialog.empty_label.isVisible()


def test_the_newest_is_selected_and_enter_restores_it(
    qtbot, dialog: RestoreBackupDialog, backups: list[Backup]
) -> None:
    assert dialog.restore_button.isEnabled()
    with qtbot.waitSignal(dialog.accepted):
        qtbot.keyClick(dialog.view, Qt.Key.Key_Return)
    assert dialog.selected_backup() == backups[0]


def test_clicking_a_row_then_restore(
    qtbot, dialog: RestoreBackupDialog, backups: list[Backup]
) -> None:
    rect = dialog.view.visualRect(dialog.model.index(2, 0))
    qtbot.mouseClick(dialog.view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert dialog.selected_backup() == backups[2]
    with qtbot.waitSignal(dialog.accepted):
        qtbot.mouseClick(dialog.restore_button, Qt.MouseButton.LeftButton)
    assert dialog.result() == QDialog.DialogCode.Accepted


def test_double_click_restores_that_row(
    qtbot, dialog: RestoreBackupDialog, backups: list[Backup]
) -> None:
    rect = dialog.view.visualRect(dialog.model.index(1, 1))
    # A real double click starts with a press and release on the same cell.
    qtbot.mouseClick(dialog.view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    with qtbot.waitSignal(dialog.accepted):
        qtbot.mouseDClick(dialog.view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert dialog.selected_backup() == backups[1]


def test_escape_cancels(qtbot, dialog: RestoreBackupDialog) -> None:
    with qtbot.waitSignal(dialog.rejected):
        qtbot.keyClick(dialog, Qt.Key.Key_Escape)


def test_no_backups_says_so_and_cannot_restore(qtbot) -> None:
    dlg = RestoreBackupDialog([], now=NOW)
    qtbot.addWidget(dlg)
    dlg.show()
    assert dlg.empty_label.isVisible() and not dlg.view.isVisible()
    assert "No backups yet" in dlg.empty_label.text()
    assert not dlg.restore_button.isEnabled()
    assert dlg.selected_backup() is None


def test_ask_returns_the_chosen_path_or_none(
    monkeypatch: pytest.MonkeyPatch, backups: list[Backup]
) -> None:
    def choose_second(self: RestoreBackupDialog) -> int:
        self.view.selectRow(1)
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(RestoreBackupDialog, "exec", choose_second)
    assert RestoreBackupDialog.ask(None, backups) == backups[1].path
    monkeypatch.setattr(RestoreBackupDialog, "exec", lambda self: QDialog.DialogCode.Rejected)
    assert RestoreBackupDialog.ask(None, backups) is None


def test_texts() -> None:
    assert size_text(1023) == "1023 bytes"
    assert size_text(1536) == "2 KB"
    assert size_text(5 * 1024 * 1024) == "5.0 MB"
    assert age_text(NOW.replace(hour=0), NOW) == "today"
    assert age_text(NOW - timedelta(hours=13), NOW) == "yesterday"
    assert age_text(NOW + timedelta(days=2), NOW) == "today"
