"""The post-battle wizard of a large gang opens with the wrap-up rows in sight and makes
the others on the event loop (issue 31: 300 fighters' rows were most of its open);
a row made late shows the draft, and an edit meanwhile keeps the others' entries."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from gangmanager.gui.post_battle import PostBattleWizard
from gangmanager.gui.post_battle.wrap_up_page import ROWS_AT_ONCE, WrapUpPage
from gangmanager.persistence.database import Database, open_database, sqlite_url
from gangmanager.rules.dice import FixedDice
from gangmanager.rules.gang import Category, Gang
from gangmanager.services import battle, gangs
from gangmanager.services.demo import demo_gang
from gangmanager.services.rulesets import Rulesets

from .widget_reading import wizard_page

SIZE = 40
LATE = f"Ganger {SIZE - 2:02d}"


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Database]:
    database = open_database(sqlite_url(tmp_path / "gm.sqlite"))
    yield database
    database.close()


@pytest.fixture
def gang(db: Database, rulesets: Rulesets) -> Gang:
    demo = demo_gang(rulesets.get("n23"))
    ganger = next(f for f in demo.fighters if f.category is Category.GANGER)
    roster = [ganger.model_copy(update={"name": f"Ganger {n:02d}"}) for n in range(SIZE)]
    stored = gangs.add_gang(db, rulesets, demo.model_copy(update={"fighters": roster})).gang
    assert stored.id is not None
    # A battle in which a fighter far down the roster went Out of Action.
    battle.start_battle(db, rulesets, stored.id)
    battle.apply_events(db, rulesets, stored.id, [
        {"event": "status", "fighter": LATE, "status": "out_of_action"},
    ])  # fmt: skip
    battle.end_battle(db, rulesets, stored.id)
    return stored


def test_the_rows_out_of_sight_come_after_the_open(qtbot, db, rulesets, gang: Gang) -> None:
    assert gang.id is not None
    wizard = PostBattleWizard(db, rulesets, gang.id, dice=FixedDice([]))
    qtbot.addWidget(wizard)
    wrap_up = wizard_page(wizard, "wrap_up")
    assert isinstance(wrap_up, WrapUpPage)
    assert len(wrap_up.rows) == ROWS_AT_ONCE < SIZE
    wizard.show()
    qtbot.waitUntil(lambda: len(wrap_up.rows) == SIZE, timeout=30000)
    assert [r.fighter.name for r in wrap_up.rows] == [f"Ganger {n:02d}" for n in range(SIZE)]


def test_a_late_row_shows_the_draft_and_an_edit_keeps_the_rest(
    qtbot, db, rulesets, gang: Gang
) -> None:
    assert gang.id is not None
    wizard = PostBattleWizard(db, rulesets, gang.id, dice=FixedDice([]))
    qtbot.addWidget(wizard)
    wrap_up = wizard_page(wizard, "wrap_up")
    assert isinstance(wrap_up, WrapUpPage)
    # Shown before the late rows are made (as a player quick on Next would).
    wrap_up.initializePage()
    assert len(wrap_up.rows) < SIZE
    wrap_up.row("Ganger 00").out_of_action.click()
    injured = {e.fighter for e in wizard.draft.injuries}
    assert injured == {"Ganger 00", LATE}
    qtbot.waitUntil(lambda: len(wrap_up.rows) == SIZE, timeout=30000)
    assert wrap_up.row(LATE).out_of_action.isChecked()
    assert not wrap_up.row("Ganger 30").out_of_action.isChecked()
