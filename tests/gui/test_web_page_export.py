"""File > Export as web page...: the shown gang as one page, or one line saying why not."""

from __future__ import annotations

from pathlib import Path

from gangmanager.gui.main_window import MainWindow

from ..web.page_checks import assert_self_contained
from .qt_narrowing import action_menu
from .roster_helpers import recorder


def _menu_action(window: MainWindow, text: str):
    file_menu = action_menu(window.menuBar().actions()[0])
    return next(a for a in file_menu.actions() if a.text().replace("&", "") == text)


def test_export_as_web_page_writes_the_gang(qtbot, window: MainWindow, tmp_path: Path) -> None:
    action = _menu_action(window, "Export as web page...")
    assert action is window.export_page_action and action.isEnabled()
    recorder(window).paths = [tmp_path / "riders"]
    action.trigger()
    target = tmp_path / "riders.html"  # the suffix a browser needs, added
    page = assert_self_contained(target.read_text("utf-8"))
    assert window.gang is not None
    for fighter in window.gang.fighters:
        assert page.text.count(fighter.name) >= 2  # the roster and the card
    assert f"web page to {target}" in window.statusBar().currentMessage()
    assert recorder(window).told == []


def test_a_refused_target_is_one_line_and_nothing_written(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    folder = tmp_path / "taken.html"
    folder.mkdir()
    recorder(window).paths = [folder]
    window.export_page_action.trigger()
    assert (
        len(recorder(window).told) == 1
        and "is a folder; give a file name such as gang.html" in recorder(window).told[0]
    )
    assert list(folder.iterdir()) == []
    assert sorted(p.name for p in tmp_path.iterdir() if p.suffix == ".html") == ["taken.html"]


def test_cancelled_writes_nothing(qtbot, window: MainWindow, tmp_path: Path) -> None:
    recorder(window).paths = [None]
    window.export_page_action.trigger()
    assert recorder(window).told == [] and list(tmp_path.glob("*.html")) == []
