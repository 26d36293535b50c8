"""A two-gang battle window makes the tiles in sight before its first paint and the
rest as they are scrolled into sight (gui/battle/lazy_tiles.py; issue 31:
300 + 30 fighters made 13,000 widgets before the window could paint)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from gangmanager.gui.battle.battle_window import BattleWindow
from gangmanager.gui.battle.fighter_tile import FighterTile
from gangmanager.gui.battle.lazy_tiles import IN_SIGHT
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
    assert len(window.findChildren(FighterTile)) == 2 * IN_SIGHT < 2 * SIZE
    assert len(window.tiles) == 2 * SIZE  # every key is there from the start
    window.show()
    qtbot.waitExposed(window)
    qtbot.wait(300)
    # Nothing is made on the event loop for fighters out of sight.
    in_sight = len(window.findChildren(FighterTile))
    assert in_sight < 2 * SIZE
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
