"""A two-gang battle window makes the tiles in sight before its first paint and the
rest as they are scrolled or tabbed into sight (gui/battle/lazy_tiles.py; issue 31:
300 + 30 fighters made 13,000 widgets before the window could paint)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget

from gangmanager.gui.battle.battle_window import BattleWindow
from gangmanager.gui.battle.fighter_tile import FighterTile
from gangmanager.gui.battle.lazy_tiles import AHEAD
from gangmanager.persistence.database import Database, open_database, sqlite_url
from gangmanager.rules.gang import Category
from gangmanager.services import battle, gangs
from gangmanager.services.demo import demo_gang
from gangmanager.services.rulesets import Rulesets

SIZE = 20


@pytest.fixture
def db(tmp_path: Path, rulesets: Rulesets) -> Iterator[Database]:
    database = open_database(sqlite_url(tmp_path / "gm.sqlite"))
    demo = demo_gang(rulesets.get("n23"))
    ganger = next(f for f in demo.fighters if f.category is Category.GANGER)
    for name in ("Alpha", "Beta"):
        roster = [ganger.model_copy(update={"name": f"{name} {n:02d}"}) for n in range(SIZE)]
        gangs.add_gang(
            database, rulesets, demo.model_copy(update={"name": name, "fighters": roster})
        )
    battle.start_battle(database, rulesets, "Alpha", against="Beta")
    yield database
    database.close()


def side_names(window: BattleWindow) -> list[list[str]]:
    return [[t.name for t in box.findChildren(FighterTile)] for box in window.side_boxes]


def test_the_tiles_out_of_sight_come_as_they_are_scrolled_into_sight(qtbot, db, rulesets) -> None:
    window = BattleWindow(db, rulesets, gangs.list_gangs(db)[0].id)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    assert len(window.tiles) == 2 * SIZE  # every key is there from the start
    window.show()
    qtbot.waitExposed(window)
    qtbot.wait(100)
    made = len(window.findChildren(FighterTile))
    qtbot.wait(300)
    # Nothing is made on the event loop for fighters out of sight.
    assert len(window.findChildren(FighterTile)) == made < 2 * SIZE
    # What was made before the first paint fills the view of each side, and little more.
    view = window.tile_scroll.viewport()
    for box in window.side_boxes:
        tiles = box.findChildren(FighterTile)
        bottom = tiles[-1].mapTo(window.tile_area, tiles[-1].rect().bottomLeft()).y()
        assert bottom >= view.height()
        tops = [t.mapTo(window.tile_area, t.rect().topLeft()).y() for t in tiles]
        # Beyond the view: the one made ahead, and the window's height over the view's.
        assert len([top for top in tops if top >= view.height()]) <= AHEAD + 1
    bar = window.tile_scroll.verticalScrollBar()
    # The room of the waiting tiles is kept: the bar spans the battle already.
    assert bar.maximum() > 0
    while len(window.findChildren(FighterTile)) < 2 * SIZE:
        before = len(window.findChildren(FighterTile))
        bar.setValue(bar.value() + window.tile_scroll.viewport().height())
        qtbot.wait(10)
        assert len(window.findChildren(FighterTile)) > before
    # Each side in battle order, whatever scroll made each tile.
    expected = [[f"{name}/{name} {n:02d}" for n in range(SIZE)] for name in ("Alpha", "Beta")]
    assert side_names(window) == expected


def test_a_tile_asked_for_is_made_at_once_and_shows_the_latest_event(qtbot, db, rulesets) -> None:
    window = BattleWindow(db, rulesets, gangs.list_gangs(db)[0].id)
    qtbot.addWidget(window)
    last = "Beta/Beta 19"
    assert len(window.findChildren(FighterTile)) < 2 * SIZE
    # An event for a fighter whose tile is not made yet: shown once it is.
    assert window.apply([{"event": "status", "fighter": last, "status": "Pinned"}])
    assert window.tiles[last].status_combo.currentText() == "Pinned"
    assert side_names(window)[1][-1] == last
    assert [n.split("/")[1] for n in side_names(window)[1]] == [
        f"Beta {n:02d}" for n in range(SIZE)
    ]


def tile_of(widget: QWidget | None) -> FighterTile | None:
    while widget is not None and not isinstance(widget, FighterTile):
        widget = widget.parentWidget()
    return widget


def test_tab_reaches_every_tile_of_a_side_in_battle_order(qtbot, db, rulesets) -> None:
    window = BattleWindow(db, rulesets, gangs.list_gangs(db)[0].id)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    with qtbot.waitActive(window):
        window.show()
        window.activateWindow()
    first = window.side_boxes[0].findChildren(FighterTile)[0]
    assert len(window.side_boxes[0].findChildren(FighterTile)) < SIZE
    first.status_combo.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is first.status_combo)
    reached: list[str] = []
    for _ in range(40 * SIZE):
        tile = tile_of(QApplication.focusWidget())
        if tile is None or not window.side_boxes[0].isAncestorOf(tile):
            break
        if not reached or reached[-1] != tile.name:
            reached.append(tile.name)
            # The view follows the focus into each tile, made late or not.
            focused = QApplication.focusWidget()
            assert focused is not None and not focused.visibleRegion().isEmpty(), tile.name
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    assert reached == [f"Alpha/Alpha {n:02d}" for n in range(SIZE)]
    last = window.tiles["Alpha/Alpha 19"]
    # Shift+Tab from a tile's first widget goes back to the tile before.
    last.status_combo.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.keyClick(last.status_combo, Qt.Key.Key_Backtab, Qt.KeyboardModifier.ShiftModifier)
    back = tile_of(QApplication.focusWidget())
    assert back is not None and back.name == "Alpha/Alpha 18"


def test_the_other_tab_of_a_narrow_window_makes_its_tiles_when_shown(qtbot, db, rulesets) -> None:
    window = BattleWindow(db, rulesets, gangs.list_gangs(db)[0].id)
    qtbot.addWidget(window)
    window.resize(900, 700)
    window.show()
    qtbot.waitExposed(window)
    assert window.side_tabs is not None
    assert window.side_boxes[1].findChildren(FighterTile) == []
    window.side_tabs.setCurrentIndex(1)
    qtbot.wait(50)
    made = window.side_boxes[1].findChildren(FighterTile)
    assert 0 < len(made) < SIZE and made[0].isVisible()
