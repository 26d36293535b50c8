"""A tracked battle handed to the post-battle sequence: prefilled draft, Limited profiles, F."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from gangmanager.persistence.database import Database, open_database, sqlite_url
from gangmanager.rules import ratings
from gangmanager.rules.gang import FighterStatus, Gang
from gangmanager.rules.post_battle import preview_steps
from gangmanager.rules.post_battle_draft import (
    AdvancementEntry,
    InjuryEntry,
    LimitedDeletion,
    SuccumbEntry,
)
from gangmanager.services import battle, gangs, post_battle
from gangmanager.services.demo import demo_gang
from gangmanager.services.errors import ServiceError
from gangmanager.services.rulesets import Rulesets

from ..db_rows import all_rows
from ..narrowing import present
from ..undo_steps import redo_finish, undo_finish


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "gm.sqlite"


@pytest.fixture
def db(db_path: Path) -> Iterator[Database]:
    database = open_database(sqlite_url(db_path))
    yield database
    database.close()


@pytest.fixture
def founded(db: Database, rulesets: Rulesets) -> Gang:
    return gangs.add_gang(db, rulesets, demo_gang(rulesets.get("n23"))).gang


@pytest.fixture
def fought(db: Database, rulesets: Rulesets, founded: Gang) -> Gang:
    """Dex Hollow's executioner ammo (Limited) fails its Ammo test; Rook goes Out of
    Action and Pip is Seriously Injured at the end."""
    battle.start_battle(db, rulesets, "The Rust Riders", scenario="Stand-off")
    battle.apply_events(
        db,
        rulesets,
        "The Rust Riders",
        [
            {"event": "ammo_test", "fighter": "Dex Hollow", "weapon": "Shotgun",
             "profile": "executioner ammo", "roll": 1},
            {"event": "status", "fighter": "Rook", "status": "Out of Action"},
            {"event": "status", "fighter": "Pip", "status": "Seriously Injured"},
        ],
    )  # fmt: skip
    battle.end_battle(db, rulesets, "The Rust Riders")
    return gangs.load_gang(db, "The Rust Riders")


def test_the_draft_is_prefilled_from_the_ended_battle(
    db: Database, rulesets: Rulesets, fought: Gang
) -> None:
    assert fought.id is not None
    saved = post_battle.start_draft(db, rulesets, fought.id)
    draft = saved.draft
    record = battle.ended_battle(db, fought.id, rulesets)
    assert record is not None and draft.battle_id == record.battle_id
    assert draft.scenario == "Stand-off"
    assert draft.injuries == [InjuryEntry(fighter="Rook")]
    assert draft.succumb == [SuccumbEntry(fighter="Pip")]
    assert draft.limited_deleted == [
        LimitedDeletion(fighter="Dex Hollow", weapon="Shotgun", profile="executioner ammo")
    ]
    assert draft.xp == {f.name: 1 for f in fought.fighters}
    # Saved: a second start resumes the same draft.
    assert post_battle.start_draft(db, rulesets, fought.id) == saved


def test_a_limited_deletion_then_the_draft_committed_until_f_then_exactly_pending(
    db: Database, db_path: Path, rulesets: Rulesets, founded: Gang, fought: Gang
) -> None:
    assert fought.id is not None
    committed = {f.name: f.rating for f in founded.fighters}
    # The battle struck the profile off the card; the committed ratings did not move.
    assert {f.name: f.rating for f in fought.fighters} == committed
    assert fought.rating == founded.rating
    dex = fought.fighter("Dex Hollow")
    assert dex is not None
    assert ratings.pending_fighter_rating(dex) == present(committed["Dex Hollow"]) - 20

    saved = post_battle.start_draft(db, rulesets, fought.id)
    draft = saved.draft.model_copy(
        update={
            "result": "win",
            "injuries": [InjuryEntry(fighter="Rook", roll=44)],
            "succumb": [SuccumbEntry(fighter="Pip", roll=5)],
            "xp": {**saved.draft.xp, "Mags Varga": 7},
            "advancements": [AdvancementEntry(fighter="Mags Varga", advancement="bs")],
        }
    )
    n23 = rulesets.get("n23")
    before_f, found, _ = preview_steps(n23, fought, draft, "advancements")
    assert found == []
    # Every step before F leaves the committed ratings alone...
    assert {f.name: f.rating for f in before_f.fighters} == committed
    assert before_f.rating == founded.rating
    pending = {f.name: ratings.pending_fighter_rating(f) for f in before_f.fighters}
    assert pending != committed

    rows_before = all_rows(db_path)
    result = post_battle.finish(db, rulesets, fought.id, draft, draft_id=saved.id)
    stored = gangs.load_gang(db, str(fought.id))
    # ...and F commits exactly the pending values.
    assert {f.name: f.rating for f in stored.fighters} == pending
    assert stored.rating == sum(pending.values()) == ratings.pending_gang_rating(before_f)
    report = result.report.fighter("Dex Hollow")
    assert report is not None
    assert "Shotgun: executioner ammo (Limited) removed for good" in [
        c.text for c in report.changes
    ]
    assert report.rating_before == committed["Dex Hollow"]
    assert report.rating_after == committed["Dex Hollow"] - 20
    assert present(stored.fighter("Rook")).status is FighterStatus.IN_RECOVERY

    # The battle is done: no longer handed to a post-battle sequence...
    assert battle.ended_battle(db, fought.id, rulesets) is None
    # ...until the whole sequence is undone, which restores every row.
    rows_after = all_rows(db_path)
    undo_finish(db, rulesets, result)
    assert all_rows(db_path) == rows_before
    ended = battle.ended_battle(db, fought.id, rulesets)
    assert ended is not None and len(ended.events) == 3
    redo_finish(db, rulesets, result)
    assert all_rows(db_path) == rows_after


def test_a_draft_naming_a_battle_of_another_gang_or_not_ended_is_refused(
    db: Database, rulesets: Rulesets, fought: Gang
) -> None:
    assert fought.id is not None
    saved = post_battle.start_draft(db, rulesets, fought.id)
    other = gangs.add_gang(db, rulesets, demo_gang(rulesets.get("n23"))).gang
    draft = saved.draft.model_copy(update={"result": "draw", "injuries": [], "succumb": []})
    with pytest.raises(ServiceError, match="no battle"):
        post_battle.finish(db, rulesets, other, draft.model_copy(update={"xp": {}}))
    post_battle.finish(db, rulesets, fought, draft)
    with pytest.raises(ServiceError, match="has not been ended"):
        post_battle.finish(db, rulesets, fought, draft)


def test_a_fighter_who_lost_a_limited_profile_and_died_finishes_and_undoes(
    db: Database, db_path: Path, rulesets: Rulesets, fought: Gang
) -> None:
    """Issue 13's blocker: Dex Hollow's executioner ammo went in the battle, then a 66."""
    assert fought.id is not None
    draft = post_battle.start_draft(db, rulesets, fought.id)
    entry = draft.draft.model_copy(
        update={
            "result": "loss",
            "injuries": [
                InjuryEntry(fighter="Rook", roll=44),
                InjuryEntry(fighter="Dex Hollow", roll=66),
            ],
            "succumb": [SuccumbEntry(fighter="Pip", roll=5)],
        }
    )
    before = all_rows(db_path)
    result = post_battle.finish(db, rulesets, fought.id, entry, draft_id=draft.id)
    after = gangs.load_gang(db, "The Rust Riders")
    assert after.fighter("Dex Hollow") is None
    shotgun = next(w for w in after.stash if w.name == "Shotgun")
    assert "executioner ammo" not in [p.name.casefold() for p in shotgun.profiles]
    dex = result.report.fighter("Dex Hollow")
    assert dex is not None and dex.removed
    assert after.rating == ratings.pending_gang_rating(after)
    undo_finish(db, rulesets, result)
    assert all_rows(db_path) == before
