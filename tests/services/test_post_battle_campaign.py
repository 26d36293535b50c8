"""Finish for a gang in a running campaign: one transaction for the roster and the campaign,
and undo putting every row of every table back (SQLite, and PostgreSQL when configured)."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import MetaData, select, text

from gangmanager.persistence.database import Database, open_database
from gangmanager.rules.post_battle_draft import PostBattleDraft
from gangmanager.services import battle, campaign, gangs, post_battle
from gangmanager.services.demo import demo_gang
from gangmanager.services.errors import ServiceError
from gangmanager.services.rulesets import Rulesets

from .. import pg_club as roles
from ..narrowing import present
from ..undo_steps import redo_finish, undo_finish

RIDERS = "The Rust Riders"
BROTHERS = "Iron Brothers"


@pytest.fixture
def db(database_url: str) -> Iterator[Database]:
    database = open_database(database_url)
    yield database
    database.close()


def every_row(db: Database) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table in the database (whatever the models say), by primary key."""
    metadata = MetaData()
    metadata.reflect(db.engine)
    with db.engine.connect() as connection:
        return {
            name: [
                tuple(row)
                for row in connection.execute(
                    select(table).order_by(*(table.primary_key.columns or table.columns))
                )
            ]
            for name, table in metadata.tables.items()
            if name != "undo_steps"  # the undo history moves on with an undo
        }


@pytest.fixture
def battle_id(db: Database, rulesets: Rulesets) -> int:
    """Ash Wars: the Rust Riders beat the Iron Brothers, who hold the Slag Furnace."""
    n23 = rulesets.get("n23")
    gangs.add_gang(db, rulesets, demo_gang(n23, "orlock"))
    gangs.add_gang(db, rulesets, demo_gang(n23, "goliath").model_copy(update={"name": BROTHERS}))
    campaign.create_campaign(db, rulesets, "Ash Wars")
    campaign.add_gang(db, rulesets, "Ash Wars", RIDERS)
    campaign.add_gang(db, rulesets, "Ash Wars", BROTHERS)
    campaign.assign_territory(db, rulesets, "Ash Wars", "Slag Furnace", BROTHERS)
    campaign.assign_territory(db, rulesets, "Ash Wars", "Old Ruins", RIDERS)
    recorded = campaign.record_battle(
        db, rulesets, "Ash Wars", [RIDERS, BROTHERS], winner=RIDERS, scenario="Stand-off"
    )
    assert recorded.battle.id is not None
    return recorded.battle.id


def draft_for(campaign_battle_id: int, **fields: object) -> PostBattleDraft:
    return PostBattleDraft.model_validate(
        {
            "result": "win",
            "campaign_battle_id": campaign_battle_id,
            "territory": "Slag Furnace",
            "territory_income": {
                "rolls": {"Settlement": [4], "Old Ruins": [2], "Slag Furnace": [3]}
            },
            "xp": {"Mags Varga": 2},
            "credits": 10,
        }
        | fields
    )


def test_finish_moves_the_territory_collects_income_and_undo_restores_every_row(
    db: Database, rulesets: Rulesets, battle_id: int
) -> None:
    riders, brothers = gangs.load_gang(db, RIDERS), gangs.load_gang(db, BROTHERS)
    before = every_row(db)
    result = post_battle.finish(db, rulesets, RIDERS, draft_for(battle_id))
    after = every_row(db)

    # The roster: 10 credits from the battle, 40 + 20 + 15 of income.
    stored = gangs.load_gang(db, RIDERS)
    assert stored.credits == riders.credits + 10 + 75
    assert present(stored.fighter("Mags Varga")).xp == 5
    # The territory moved, and the Goliaths' +2 Reputation went with it.
    assert gangs.load_gang(db, BROTHERS).reputation == brothers.reputation - 2
    assert result.changes.gangs_changed == (riders.id, brothers.id)
    state = campaign.campaign_state(db, rulesets, "Ash Wars")
    holder = next(h for h in state.campaign.holdings if h.territory == "Slag Furnace")
    assert holder.gang_id == riders.id
    fought = next(b for b in state.campaign.battles if b.id == battle_id)
    assert present(fought.side(present(riders.id))).income == 75
    assert [(e.kind, e.text) for e in state.log[-3:]] == [
        (
            "territory",
            "The Rust Riders takes Slag Furnace from Iron Brothers (Iron Brothers Reputation -2).",
        ),
        (
            "income",
            "The Rust Riders collects 75 credits of income"
            " (Settlement 40, Old Ruins 20, Slag Furnace 15).",
        ),
        ("post_battle", result.report.summary()),
    ]
    assert all(e.campaign_battle_id == battle_id for e in state.log[-3:])
    assert state.history[-1].label == "The Rust Riders: Update Roster"
    assert {p.credits for p in state.history if p.gang_id == riders.id} >= {stored.credits}
    # Income is collected once per battle.
    with pytest.raises(post_battle.PostBattleError, match="collected its income after campaign"):
        post_battle.dry_run(db, rulesets, RIDERS, draft_for(battle_id))

    undo_finish(db, rulesets, result)
    assert every_row(db) == before
    redo_finish(db, rulesets, result)
    assert every_row(db) == after


def test_undo_is_refused_once_the_campaign_changed_and_keeps_later_log_lines(
    db: Database, rulesets: Rulesets, battle_id: int
) -> None:
    result = post_battle.finish(db, rulesets, RIDERS, draft_for(battle_id))
    campaign.assign_territory(db, rulesets, "Ash Wars", "Slag Furnace", BROTHERS)
    edited = every_row(db)
    with pytest.raises(ServiceError, match="the campaign or another gang has changed since"):
        undo_finish(db, rulesets, result)
    assert every_row(db) == edited

    # A line logged after Finish is not the sequence's: undo leaves it.
    second = post_battle.finish(
        db, rulesets, BROTHERS, PostBattleDraft(result="loss", territory_income=None)
    )
    campaign.add_log_entry(
        db, rulesets, "Ash Wars", "The arbitrator rules the Sump flooded.", kind="note"
    )
    undo_finish(db, rulesets, second)
    log = campaign.campaign_state(db, rulesets, "Ash Wars").log
    assert log[-1].text == "The arbitrator rules the Sump flooded."
    assert [e.text for e in log if e.kind == "post_battle"] == [
        result.report.summary()  # the Rust Riders' stays: its undo was refused
    ]


def test_a_refused_campaign_draft_writes_nothing(
    db: Database, rulesets: Rulesets, battle_id: int
) -> None:
    before = every_row(db)
    bad = draft_for(
        battle_id,
        territory="Atlantis",
        territory_income={"rolls": {"Settlement": [9]}},
    )
    with pytest.raises(post_battle.PostBattleError) as caught:
        post_battle.finish(db, rulesets, RIDERS, bad)
    assert caught.value.problems[0].startswith("no territory 'Atlantis' in 'Ash Wars'")
    assert "Settlement income: a D6 shows 1 to 6, not [9]" in caught.value.problems
    assert every_row(db) == before


def test_a_stale_campaign_refuses_the_whole_finish(
    db: Database, rulesets: Rulesets, battle_id: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Someone else saves the campaign between Finish's read and its write: nothing lands."""
    before = every_row(db)
    read = campaign.post_battle_setting

    def read_then_someone_saves(uow, rulesets_, gang):
        setting = read(uow, rulesets_, gang)
        assert setting is not None and setting.campaign.version is not None
        stale = setting.campaign.model_copy(update={"version": setting.campaign.version - 1})
        return type(setting)(stale, setting.ctype)

    monkeypatch.setattr(campaign, "post_battle_setting", read_then_someone_saves)
    with pytest.raises(ServiceError, match="changed by someone else"):
        post_battle.finish(db, rulesets, RIDERS, draft_for(battle_id))
    assert every_row(db) == before


def test_the_roster_sheet_data_lists_what_the_gang_holds(
    db: Database, rulesets: Rulesets, battle_id: int
) -> None:
    post_battle.finish(db, rulesets, RIDERS, draft_for(battle_id))
    held = campaign.held_territories(db, rulesets, RIDERS)
    assert held is not None and held.campaign == "Ash Wars"
    assert [(t.name, t.hideout) for t in held.territories] == [
        ("Settlement", True),
        ("Old Ruins", False),
        ("Slag Furnace", False),
    ]
    assert held.territories[2].boons == ("D6x5 credits at each income.",)
    gangs.add_gang(
        db, rulesets, demo_gang(rulesets.get("n23")).model_copy(update={"name": "Loners"})
    )
    assert campaign.held_territories(db, rulesets, "Loners") is None


def test_the_tracked_battle_is_linked_to_the_campaign_battle_and_undo_unlinks_it(
    db: Database, rulesets: Rulesets, battle_id: int
) -> None:
    riders = gangs.load_gang(db, RIDERS)
    assert riders.id is not None
    battle.start_battle(db, rulesets, RIDERS)
    battle.end_battle(db, rulesets, RIDERS)
    tracked = battle.ended_battle(db, riders.id, rulesets)
    assert tracked is not None
    before = every_row(db)
    draft = draft_for(battle_id, battle_id=tracked.battle_id)
    result = post_battle.finish(db, rulesets, RIDERS, draft)
    _, linked = campaign.campaign_battle_for(db, battle_id)
    assert linked.battle_id == tracked.battle_id
    assert battle.ended_battle(db, riders.id, rulesets) is None  # done
    undo_finish(db, rulesets, result)
    assert every_row(db) == before


@pytest.fixture
def shared_server(
    pg_admin: str, new_pg_database: Callable[[str], AbstractContextManager[str]]
) -> Iterator[tuple[str, dict[str, str]]]:
    """A fresh database with the roles and policies of docs/shared-campaign.md."""
    suffix = uuid.uuid4().hex[:8]
    names = {role: f"{role}_{suffix}" for role in roles.ROLES}
    engine = roles.admin_engine(pg_admin)
    roles.run_sql(engine, roles.renamed(roles.doc_sql("roles"), names))
    try:
        with new_pg_database(pg_admin) as url:
            open_database(url).close()
            owner = roles.admin_engine(url)
            roles.run_sql(owner, roles.renamed(roles.doc_sql("policies"), names))
            owner.dispose()
            yield url, names
    finally:
        with engine.connect() as conn:
            for name in reversed(names.values()):
                conn.exec_driver_sql(f'DROP ROLE IF EXISTS "{name}"')
        engine.dispose()


def test_a_player_finishes_their_own_sequence_on_a_shared_server(
    shared_server: tuple[str, dict[str, str]], tmp_path: Path, rulesets: Rulesets
) -> None:
    """Income, log and history are the player's to write; a territory is the arbitrator's."""
    url, names = shared_server
    rulesets = Rulesets(tmp_path / "data")
    n23 = rulesets.get("n23")
    with open_database(url) as arbitrator:
        riders = gangs.add_gang(arbitrator, rulesets, demo_gang(n23, "orlock")).gang
        gangs.add_gang(
            arbitrator, rulesets, demo_gang(n23, "goliath").model_copy(update={"name": BROTHERS})
        )
        with arbitrator.engine.begin() as conn:
            conn.execute(
                text("UPDATE gangs SET owner = :who WHERE id = :id"),
                {"who": names["alice"], "id": riders.id},
            )
        campaign.create_campaign(arbitrator, rulesets, "Ash Wars")
        for name in (RIDERS, BROTHERS):
            campaign.add_gang(arbitrator, rulesets, "Ash Wars", name)
        campaign.assign_territory(arbitrator, rulesets, "Ash Wars", "Slag Furnace", BROTHERS)
        fought = campaign.record_battle(
            arbitrator, rulesets, "Ash Wars", [RIDERS, BROTHERS], winner=RIDERS
        )
        assert fought.battle.id is not None
    alice = roles.as_player(url, names["alice"])
    try:
        before = every_row(alice)
        rolls = {"Settlement": [4], "Slag Furnace": [3]}
        taking = draft_for(fought.battle.id, territory_income={"rolls": rolls})
        with pytest.raises(ServiceError, match="only the arbitrator may change the campaign"):
            post_battle.finish(alice, rulesets, RIDERS, taking)
        assert every_row(alice) == before
        # Without the territory: her roster, the income, the log and the history.
        own = draft_for(
            fought.battle.id, territory="", territory_income={"rolls": {"Settlement": [4]}}
        )
        result = post_battle.finish(alice, rulesets, RIDERS, own)
        assert gangs.load_gang(alice, RIDERS).credits == riders.credits + 10 + 40
        after = every_row(alice)
        with pytest.raises(ServiceError, match=r"cannot undo .*: permission denied on this server"):
            undo_finish(alice, rulesets, result)
        assert every_row(alice) == after
    finally:
        alice.close()
