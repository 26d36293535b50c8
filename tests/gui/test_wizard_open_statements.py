"""Opening the post-battle wizard sends the same statements for a small gang as for a
large one, and after a long battle log as after a short one (issue 31)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from gangmanager.gui.post_battle import PostBattleWizard
from gangmanager.persistence.database import Database, open_database, sqlite_url
from gangmanager.rules.dice import FixedDice
from gangmanager.rules.gang import Category
from gangmanager.services import battle, gangs
from gangmanager.services.demo import demo_gang
from gangmanager.services.rulesets import Rulesets

from ..statements import statements_sent


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Database]:
    database = open_database(sqlite_url(tmp_path / "gm.sqlite"))
    yield database
    database.close()


def ended(db: Database, rulesets: Rulesets, name: str, fighters: int, events: int) -> int:
    demo = demo_gang(rulesets.get("n23"))
    ganger = next(f for f in demo.fighters if f.category is Category.GANGER)
    roster = [ganger.model_copy(update={"name": f"{name} {n:02d}"}) for n in range(fighters)]
    gang = gangs.add_gang(
        db, rulesets, demo.model_copy(update={"name": name, "fighters": roster})
    ).gang
    assert gang.id is not None
    battle.start_battle(db, rulesets, gang.id)
    for n in range(events):
        status = "Pinned" if n % 2 == 0 else "Active"
        battle.apply_events(db, rulesets, gang.id, [
            {"event": "status", "fighter": f"{name} 00", "status": status},
        ])  # fmt: skip
    battle.end_battle(db, rulesets, gang.id)
    return gang.id


# Kept to the end of the test: a wizard dropped by Python is deleted under Qt.
OPENED: list[PostBattleWizard] = []


def opening(qtbot, db: Database, rulesets: Rulesets, gang_id: int) -> list[str]:
    with statements_sent(db.engine) as sent:
        wizard = PostBattleWizard(db, rulesets, gang_id, dice=FixedDice([]))
    qtbot.addWidget(wizard)
    OPENED.append(wizard)
    wizard.reject()
    return sent


def test_the_wizard_opens_with_the_same_statements_for_any_gang_and_log(
    qtbot, db: Database, rulesets: Rulesets
) -> None:
    small = ended(db, rulesets, "Small", 3, 1)
    large = ended(db, rulesets, "Large", 30, 20)
    opening(qtbot, db, rulesets, small)  # warm: the schema read, statements compiled
    first = opening(qtbot, db, rulesets, ended(db, rulesets, "Other", 3, 1))
    assert len(opening(qtbot, db, rulesets, large)) == len(first)
    # Opened again (the draft saved by the first open is resumed): the same again.
    assert len(opening(qtbot, db, rulesets, small)) == len(opening(qtbot, db, rulesets, large))
    OPENED.clear()


def test_a_draft_this_version_cannot_read_is_started_again_with_the_battle(
    qtbot, db: Database, rulesets: Rulesets
) -> None:
    """The one read of the open (gang, battle, campaign, draft) still gives a draft that
    does not read as a fresh one, filled from the ended battle."""
    from sqlalchemy import text

    gang_id = ended(db, rulesets, "Odd", 3, 1)
    opening(qtbot, db, rulesets, gang_id)  # saves a draft
    with db.engine.begin() as connection:
        connection.execute(text("UPDATE post_battle_drafts SET draft = '{\"result\": 7}'"))
    wizard = PostBattleWizard(db, rulesets, gang_id, dice=FixedDice([]))
    qtbot.addWidget(wizard)
    assert wizard.battle is not None and wizard.draft.battle_id == wizard.battle.battle_id
    assert wizard.draft.result is None
    wizard.reject()
