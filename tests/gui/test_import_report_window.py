"""A YakTribe gang imported in the window: the report says what happened, a long one
scrolls in its own dialog, and a gang with two Leaders is marked on the gang header."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtWidgets import QLabel

from gangmanager.gui.common.report_dialog import ReportDialog
from gangmanager.gui.main_window import MainWindow
from gangmanager.gui.roster.gang_header import GangHeader

from ..exchange.yaktribe_shapes import ganger, yaktribe_file
from .roster_helpers import recorder


def _two_leaders(tmp_path: Path) -> Path:
    path = tmp_path / "yaktribe.json"
    data = yaktribe_file(
        "Orlock (HoI)",
        ganger("Brakka", "Road Captain (Leader)", 120),
        ganger("Brakka", "Road Captain (Leader)", 120),
        ganger("Gun", "Gunner (Ganger)", 60),
    )
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_an_imported_gang_with_two_leaders_is_marked_on_the_header(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    warning = window.header.findChild(QLabel, "gang_warnings")
    assert warning is not None and warning.isHidden()  # the demo gang breaks nothing
    recorder(window).paths = [_two_leaders(tmp_path)]
    window.import_action.trigger()
    assert window.gang is not None and window.gang.name == "Test Gang"
    report = recorder(window).informed[-1]
    assert "the second imported as 'Brakka (2)'" in report
    assert "warning: The gang has 2 Leaders: it may have only one." in report
    assert warning.isVisible()
    assert warning.text() == (
        "Warning: The gang has 2 Leaders: it may have only one."
        "  ·  At most 1 Road Captain may join; the gang has 2."
    )


def test_the_header_hides_the_warning_for_no_gang(qtbot) -> None:
    header = GangHeader()
    qtbot.addWidget(header)
    header.set_gang(None, None)
    assert header.warnings.text() == "" and header.warnings.isHidden()


def test_a_long_report_scrolls_in_its_own_dialog(qtbot) -> None:
    text = "\n".join(
        ['YakTribe import of "X" from x.json', "3 fighters; 9 matched, 1 kept.", "Gang:"]
        + [f"  - line {n}" for n in range(40)]
    )
    dialog = ReportDialog("Import report", text)
    qtbot.addWidget(dialog)
    assert (
        dialog.summary.text()
        == 'YakTribe import of "X" from x.json\n3 fighters; 9 matched, 1 kept.'
    )
    assert dialog.body.toPlainText().startswith("Gang:\n  - line 0")
    assert dialog.body.isReadOnly()
