"""Hired Guns for one battle against a real SQLite file: granted by a held territory only,
never more than it lists, nothing stored on refusal, and never on the roster afterwards."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from gangmanager.persistence.database import Database, open_database, sqlite_url
from gangmanager.rules.battle_events import HireEvent
from gangmanager.rules.post_battle_draft import InjuryEntry
from gangmanager.services import battle, campaign, gangs, post_battle
from gangmanager.services.demo import demo_gang
from gangmanager.services.errors import ServiceError
from gangmanager.services.rulesets import Rulesets

from ..db_rows import all_rows

GANG = "The Rust Riders"
HIRE = {"event": "hire", "fighter_type": "Hive Scum", "territory": "Fighting Pit"}


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "gm.sqlite"


@pytest.fixture
def db(db_path: Path) -> Iterator[Database]:
    database = open_database(sqlite_url(db_path))
    yield database
    database.close()


def add_riders(db: Database, rulesets: Rulesets) -> int:
    stored = gangs.add_gang(db, rulesets, demo_gang(rulesets.get("n23"))).gang
    assert stored.id is not None
    return stored.id


def join_ash_wars(db: Database, rulesets: Rulesets, *, pit: bool = True) -> None:
    campaign.create_campaign(db, rulesets, "Ash Wars")
    campaign.add_gang(db, rulesets, "Ash Wars", GANG)
    if pit:
        campaign.assign_territory(db, rulesets, "Ash Wars", "Fighting Pit", GANG)


@pytest.fixture
def in_the_pit(db: Database, rulesets: Rulesets) -> int:
    """The Rust Riders hold the Fighting Pit and have a battle going on."""
    gang_id = add_riders(db, rulesets)
    join_ash_wars(db, rulesets)
    battle.start_battle(db, rulesets, GANG, scenario="Stand-off", crew=["Mags Varga", "Rook"])
    return gang_id


def test_the_fighting_pit_grants_two_hive_scum_per_battle(
    db: Database, db_path: Path, rulesets: Rulesets, in_the_pit: int
) -> None:
    offers = battle.battle_hire_offers(db, rulesets, GANG)
    assert [(o.territory, o.fighter_type, o.left) for o in offers] == [
        ("Fighting Pit", "Hive Scum", 2)
    ]
    result = battle.apply_events(
        db, rulesets, GANG, [{**HIRE, "fighter_type": "hive scum", "territory": "fighting pit"}]
    )
    # Stored as the campaign and the ruleset spell it, with the name it got.
    assert [e.model_dump() for e in result.events] == [
        {"event": "hire", "fighter_type": "Hive Scum", "name": "Hive Scum 1",
         "territory": "Fighting Pit"}
    ]  # fmt: skip
    assert result.lines == ("Round 1: Hive Scum 1 joins the crew for this battle (Fighting Pit).",)
    assert result.changes.gangs_changed == ()
    shown = battle.show_battle(db, rulesets, GANG)
    assert [(f.name, f.hired_for) for f in shown.state.fighters] == [
        ("Mags Varga", None), ("Rook", None), ("Hive Scum 1", "Fighting Pit")
    ]  # fmt: skip
    assert battle.battle_hire_offers(db, rulesets, GANG)[0].left == 1

    battle.apply_events(db, rulesets, GANG, [{**HIRE, "name": "Grub"}])
    assert battle.battle_hire_offers(db, rulesets, GANG)[0].left == 0
    before = all_rows(db_path)
    with pytest.raises(battle.EventRefused) as refused:
        battle.apply_events(db, rulesets, GANG, [{**HIRE, "name": "Third"}])
    assert str(refused.value) == (
        "event 1 (hire): Fighting Pit grants 2 Hive Scum per battle: all of them are hired"
        " already; nothing was applied"
    )
    assert all_rows(db_path) == before
    # The Hired Guns never reached the roster.
    assert [f.name for f in gangs.load_gang(db, GANG).fighters] == [
        f.name for f in demo_gang(rulesets.get("n23")).fighters
    ]


def test_undo_sends_the_hired_gun_away_and_frees_the_grant(
    db: Database, rulesets: Rulesets, in_the_pit: int
) -> None:
    battle.apply_events(db, rulesets, GANG, [HIRE])
    undone = battle.undo_last(db, rulesets, GANG)
    assert undone.lines == ("Undone: hire (Hive Scum 1).",)
    assert undone.record.state.fighter("Hive Scum 1") is None
    assert battle.battle_hire_offers(db, rulesets, GANG)[0].left == 2


def test_a_batch_with_a_refused_hire_stores_nothing(
    db: Database, db_path: Path, rulesets: Rulesets, in_the_pit: int
) -> None:
    before = all_rows(db_path)
    events = [
        {"event": "status", "fighter": "Rook", "status": "pinned"},
        HIRE,
        HIRE,
        HIRE,
    ]
    with pytest.raises(battle.EventRefused, match="event 4 \\(hire\\): Fighting Pit grants 2"):
        battle.apply_events(db, rulesets, GANG, events)
    assert all_rows(db_path) == before
    with pytest.raises(battle.EventRefused, match="already a fighter named 'Rook'"):
        battle.apply_events(db, rulesets, GANG, [{**HIRE, "name": "Rook"}])
    assert all_rows(db_path) == before


def test_a_hire_is_refused_without_the_territory_or_outside_a_campaign(
    db: Database, db_path: Path, rulesets: Rulesets
) -> None:
    add_riders(db, rulesets)
    battle.start_battle(db, rulesets, GANG)
    before = all_rows(db_path)
    with pytest.raises(ServiceError) as refused:
        battle.apply_events(db, rulesets, GANG, [HIRE])
    assert str(refused.value) == (
        "event 1 (hire): The Rust Riders takes part in no running campaign: no territory"
        " grants it Hired Guns; nothing was applied"
    )
    assert all_rows(db_path) == before
    assert battle.battle_hire_offers(db, rulesets, GANG) == []

    join_ash_wars(db, rulesets, pit=False)
    campaign.assign_territory(db, rulesets, "Ash Wars", "Mine Workings", GANG)
    before = all_rows(db_path)
    with pytest.raises(battle.EventRefused, match="holds no territory that grants Hired Guns"):
        battle.apply_events(db, rulesets, GANG, [HIRE])
    assert all_rows(db_path) == before

    campaign.assign_territory(db, rulesets, "Ash Wars", "Fighting Pit", GANG)
    with pytest.raises(
        battle.EventRefused, match="Mine Workings grants the gang no Hive Scum for one battle"
    ):
        battle.apply_events(db, rulesets, GANG, [{**HIRE, "territory": "Mine Workings"}])
    hired = battle.apply_events(db, rulesets, GANG, [HIRE]).events[0]
    assert isinstance(hired, HireEvent) and hired.name == "Hive Scum 1"


def test_a_hired_gun_out_of_action_stays_out_of_the_post_battle(
    db: Database, rulesets: Rulesets, in_the_pit: int
) -> None:
    battle.apply_events(
        db,
        rulesets,
        GANG,
        [
            HIRE,
            {"event": "status", "fighter": "Hive Scum 1", "status": "out of action"},
            {"event": "status", "fighter": "Rook", "status": "out of action"},
        ],
    )
    battle.end_battle(db, rulesets, GANG)
    saved = post_battle.start_draft(db, rulesets, in_the_pit)
    assert saved.draft.injuries == [InjuryEntry(fighter="Rook")]
    assert saved.draft.xp == {"Mags Varga": 1, "Rook": 1}
    draft = saved.draft.model_copy(
        update={"result": "loss", "injuries": [InjuryEntry(fighter="Rook", roll=44)]}
    )
    result = post_battle.finish(db, rulesets, in_the_pit, draft, draft_id=saved.id)
    assert result.report.fighter("Hive Scum 1") is None
    stored = gangs.load_gang(db, GANG)
    assert stored.fighter("Hive Scum 1") is None
    assert battle.ended_battle(db, in_the_pit, rulesets) is None
