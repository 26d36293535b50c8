"""Undo of a roster edit checks the rows the edit touched, not the whole gang: a Limited
profile struck off in the battle window does not make older roster edits obsolete."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from gangmanager.persistence.database import Database, open_database, sqlite_url
from gangmanager.rules.post_battle_draft import PostBattleDraft
from gangmanager.services import battle, gangs, post_battle, roster
from gangmanager.services.demo import demo_gang
from gangmanager.services.errors import ServiceError
from gangmanager.services.rulesets import Rulesets

from ..demo_battle import LIMITED
from ..narrowing import present
from ..undo_steps import redo_finish, undo_finish


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Database]:
    database = open_database(sqlite_url(tmp_path / "gm.sqlite"))
    yield database
    database.close()


def test_a_roster_edit_undoes_after_a_battle_event_on_another_fighter(
    db: Database, rulesets: Rulesets
) -> None:
    gang = gangs.add_gang(db, rulesets, demo_gang(rulesets.get("n23"))).gang
    assert gang.id is not None
    rook = present(gang.fighter("Rook"))
    edit = roster.apply(db, roster.AddSkill(gang.id, present(rook.id), "Nerves of Steel"), rulesets)
    battle.start_battle(db, rulesets, gang.id)
    battle.apply_events(db, rulesets, gang.id, [LIMITED])
    struck = gangs.load_gang(db, str(gang.id))

    undone = roster.undo(db, edit, rulesets)

    now = gangs.load_gang(db, str(gang.id))
    assert present(now.fighter("Rook")).skills == rook.skills
    assert undone.changes.fighters_changed == (rook.id,)
    # The battle's change stays, and the gang's version moved on (other windows reload).
    assert (
        present(now.fighter("Dex Hollow")).weapons == present(struck.fighter("Dex Hollow")).weapons
    )
    assert now.version is not None and struck.version is not None
    assert now.version > struck.version
    redone = roster.undo(db, undone, rulesets)
    assert "Nerves of Steel" in present(gangs.load_gang(db, str(gang.id)).fighter("Rook")).skills
    assert redone.changes.fighters_changed == (rook.id,)


def test_an_edit_of_the_fighter_the_battle_changed_is_still_refused(
    db: Database, rulesets: Rulesets
) -> None:
    gang = gangs.add_gang(db, rulesets, demo_gang(rulesets.get("n23"))).gang
    assert gang.id is not None
    dex = present(gang.fighter("Dex Hollow"))
    edit = roster.apply(db, roster.AddSkill(gang.id, present(dex.id), "Nerves of Steel"), rulesets)
    battle.start_battle(db, rulesets, gang.id)
    battle.apply_events(db, rulesets, gang.id, [LIMITED])
    struck = gangs.load_gang(db, str(gang.id))
    with pytest.raises(ServiceError, match="has been changed since"):
        roster.undo(db, edit, rulesets)
    assert gangs.load_gang(db, str(gang.id)) == struck


def test_a_later_change_to_the_gang_row_still_refuses_a_gang_edit_undo(
    db: Database, rulesets: Rulesets
) -> None:
    gang = gangs.add_gang(db, rulesets, demo_gang(rulesets.get("n23"))).gang
    assert gang.id is not None
    edit = roster.apply(db, roster.EditGang(gang.id, {"credits": 5}), rulesets)
    roster.apply(db, roster.EditGang(gang.id, {"notes": "changed in another window"}), rulesets)
    with pytest.raises(ServiceError, match="has been changed since"):
        roster.undo(db, edit, rulesets)


# Finish touches Rook, Pip, Mags Varga, Brann and Tess Calder, not Dex Hollow.
DRAFT = {
    "result": "win",
    "injuries": [{"fighter": "Rook", "roll": 66}, {"fighter": "Pip", "roll": 44}],
    "xp": {"Mags Varga": 9, "Brann": 6},
    "credits": 60,
    "purchases": [{"fighter": "Tess Calder", "item": "Frag grenades"}],
}


def test_a_post_battle_sequence_undoes_after_a_battle_event_on_a_fighter_it_left_alone(
    db: Database, rulesets: Rulesets
) -> None:
    gang = gangs.add_gang(db, rulesets, demo_gang(rulesets.get("n23"))).gang
    assert gang.id is not None
    result = post_battle.finish(db, rulesets, gang, PostBattleDraft.model_validate(DRAFT))
    battle.start_battle(db, rulesets, gang.id)
    battle.apply_events(db, rulesets, gang.id, [LIMITED])
    struck = gangs.load_gang(db, str(gang.id))

    undo_finish(db, rulesets, result)

    now = gangs.load_gang(db, str(gang.id))
    assert now.credits == gang.credits
    assert now.fighter("Rook") == gang.fighter("Rook")
    assert now.fighter("Dex Hollow") == struck.fighter("Dex Hollow")
    redo_finish(db, rulesets, result)
    assert gangs.load_gang(db, str(gang.id)).credits == result.gang.credits


def test_a_post_battle_undo_is_refused_when_a_fighter_it_changed_changed_again(
    db: Database, rulesets: Rulesets
) -> None:
    gang = gangs.add_gang(db, rulesets, demo_gang(rulesets.get("n23"))).gang
    assert gang.id is not None
    result = post_battle.finish(db, rulesets, gang, PostBattleDraft.model_validate(DRAFT))
    brann = result.gang.fighter("Brann")
    assert brann is not None and brann.id is not None
    roster.apply(db, roster.AddSkill(gang.id, brann.id, "Nerves of Steel"), rulesets)
    with pytest.raises(ServiceError, match="the gang has changed since"):
        undo_finish(db, rulesets, result)
