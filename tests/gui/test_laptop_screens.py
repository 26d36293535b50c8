"""Laptop screens: at 1366x768 the roster shows ten fighters and the whole card without
sideways scrolling; at 1024x640 everything is reachable without sideways scrolling.

The pictures go to docs/screenshots/ (laptop-*.png) with GANGMANAGER_SCREENSHOTS=1.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QAbstractScrollArea, QApplication

from gangmanager.gui.battle.battle_window import BattleWindow
from gangmanager.gui.main_window import MainWindow
from gangmanager.persistence.database import Database
from gangmanager.rules import roster_ops
from gangmanager.services import battle, gangs
from gangmanager.services.demo import demo_gang
from gangmanager.services.rulesets import Rulesets

from .screenshot_dir import screenshot_dir

SCREENSHOTS = screenshot_dir()
NAMES = ("Vex", "Corr", "Hale", "Jink", "Mott", "Sable")


@pytest.fixture
def laptop(qtbot, db: Database, rulesets: Rulesets, tmp_path: Path) -> Iterator[MainWindow]:
    gang = demo_gang(rulesets.get("n23"))
    for number, name in enumerate(NAMES):
        copy = gang.fighters[2 + number % 4].model_copy(update={"name": name, "id": None})
        gang = roster_ops.add_fighter(gang, copy)
    stored = gangs.add_gang(db, rulesets, gang).gang
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(db, rulesets, settings)
    qtbot.addWidget(window)
    window.show()
    assert stored.id is not None
    window.select_gang(stored.id)
    yield window
    window.close()


def settle() -> None:
    for _ in range(6):
        QApplication.processEvents()


def sideways(window: MainWindow) -> list[str]:
    """Every scroll area of the window showing a horizontal scroll bar."""
    return [
        area.objectName() or type(area).__name__
        for area in window.findChildren(QAbstractScrollArea)
        if area.isVisible() and area.horizontalScrollBar().isVisible()
    ]


def whole_rows(window: MainWindow) -> int:
    view = window.roster_view
    height = view.viewport().height()
    return sum(
        1
        for row in range(window.roster_model.rowCount())
        if view.rowViewportPosition(row) >= 0
        and view.rowViewportPosition(row) + view.rowHeight(row) <= height
    )


def grab(window: MainWindow, size: tuple[int, int]) -> None:
    tag = f"{size[0]}x{size[1]}"
    assert window.grab().save(str(SCREENSHOTS / f"laptop-main-{tag}.png"))
    assert window.editor.grab().save(str(SCREENSHOTS / f"laptop-card-{tag}.png"))


def test_at_1366x768_ten_fighters_and_the_whole_card(laptop: MainWindow) -> None:
    laptop.resize(1366, 768)
    settle()
    assert (laptop.width(), laptop.height()) == (1366, 768)
    assert laptop.roster_model.rowCount() == 12
    assert whole_rows(laptop) >= 10
    assert sideways(laptop) == []
    # The whole card: profile, weapons, modifiers and the lists, with no scrolling at all.
    assert not laptop.editor_area.verticalScrollBar().isVisible()
    assert not laptop.editor.narrow
    grab(laptop, (1366, 768))


def test_at_1024x640_everything_is_reachable_without_sideways_scrolling(
    laptop: MainWindow,
) -> None:
    laptop.resize(1024, 640)
    settle()
    assert (laptop.width(), laptop.height()) == (1024, 640)
    assert sideways(laptop) == []
    assert laptop.editor.narrow  # the profile under the fields, the lists in two rows
    area = laptop.editor_area
    assert laptop.editor.width() <= area.viewport().width()
    # What does not fit in height is reached by scrolling down the card.
    bar = area.verticalScrollBar()
    bar.setValue(bar.maximum())
    settle()
    notes = laptop.editor.notes
    assert notes.visibleRegion().boundingRect().height() > 0
    bar.setValue(0)
    settle()
    assert whole_rows(laptop) >= 6
    grab(laptop, (1024, 640))


def test_a_dragged_splitter_is_left_alone(qtbot, laptop: MainWindow) -> None:
    laptop.resize(1366, 768)
    settle()
    laptop.centre_splitter.setSizes([200, 500])
    laptop.centre_splitter.splitterMoved.emit(200, 1)
    laptop.resize(1280, 800)
    settle()
    # Qt shares the new height out by the stretch factors; the roster is not fitted again.
    assert laptop.centre_splitter.sizes()[0] < 250
    assert whole_rows(laptop) < 10


@pytest.fixture
def battle_window(qtbot, db: Database, rulesets: Rulesets) -> Iterator[BattleWindow]:
    """A battle of the demo gang grown to twelve fighters."""
    gang = demo_gang(rulesets.get("n23"))
    for number, name in enumerate(NAMES):
        copy = gang.fighters[2 + number % 4].model_copy(update={"name": name, "id": None})
        gang = roster_ops.add_fighter(gang, copy)
    stored = gangs.add_gang(db, rulesets, gang).gang
    assert stored.id is not None
    battle.start_battle(db, rulesets, stored.id, scenario="Stand-off")
    window = BattleWindow(db, rulesets, stored.id)
    qtbot.addWidget(window)
    window.show()
    yield window
    window.close()


def whole_tiles(window: BattleWindow) -> int:
    """Tiles shown whole in the scroll area, without scrolling."""
    viewport = window.tile_scroll.viewport()
    shown = 0
    for tile in window.tiles.values():
        top_left = tile.mapTo(viewport, tile.rect().topLeft())
        bottom_right = tile.mapTo(viewport, tile.rect().bottomRight())
        if viewport.rect().contains(top_left) and viewport.rect().contains(bottom_right):
            shown += 1
    return shown


def overflowing(window: BattleWindow) -> list[str]:
    """Tiles wider than the room they have (cut off: the area never scrolls sideways)."""
    viewport = window.tile_scroll.viewport()
    return [
        name
        for name, tile in window.tiles.items()
        if tile.mapTo(viewport, tile.rect().bottomRight()).x() > viewport.width()
    ]


@pytest.mark.parametrize(("size", "at_least"), [((1366, 768), 6), ((1024, 640), 1)])
def test_the_battle_tiles_fit_a_laptop_screen(
    battle_window: BattleWindow, size: tuple[int, int], at_least: int
) -> None:
    battle_window.resize(*size)
    settle()
    assert len(battle_window.tiles) == 12
    assert overflowing(battle_window) == []
    assert not battle_window.tile_scroll.horizontalScrollBar().isVisible()
    assert whole_tiles(battle_window) >= at_least
    # Markers sit in one row: a menu to set them, a chip for each one set.
    assert all(not chip.isVisibleTo(tile) for tile in battle_window.tiles.values()
               for chip in tile.marker_buttons.values())  # fmt: skip
    assert battle_window.grab().save(str(SCREENSHOTS / f"laptop-battle-{size[0]}x{size[1]}.png"))
