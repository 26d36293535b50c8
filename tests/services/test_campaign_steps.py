"""Campaign actions from the window: removing a gang, and undo/redo of any action."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from gangmanager.persistence.database import Database, open_database, sqlite_url
from gangmanager.services import campaign as service
from gangmanager.services import gangs
from gangmanager.services.campaign_steps import redo_step, run_step, undo_step
from gangmanager.services.demo import demo_gang
from gangmanager.services.errors import ServiceError
from gangmanager.services.rulesets import Rulesets


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Database]:
    database = open_database(sqlite_url(tmp_path / "gm.sqlite"))
    yield database
    database.close()


@pytest.fixture
def ash_wars(db: Database, rulesets: Rulesets) -> None:
    n23 = rulesets.get("n23")
    for name, house in (("Rust Riders", "orlock"), ("Iron Brothers", "goliath")):
        gangs.add_gang(db, demo_gang(n23, house).model_copy(update={"name": name}))
    service.create_campaign(db, rulesets, "Ash Wars")
    for name in ("Rust Riders", "Iron Brothers"):
        service.add_gang(db, rulesets, "Ash Wars", name)


def view(db: Database, rulesets: Rulesets) -> dict:
    return service.campaign_view(service.campaign_state(db, rulesets, "Ash Wars"))


def test_remove_gang_frees_its_territories_and_keeps_its_battles(
    db: Database, rulesets: Rulesets, ash_wars: None
) -> None:
    service.record_battle(
        db,
        rulesets,
        "Ash Wars",
        ["Rust Riders", "Iron Brothers"],
        winner="Rust Riders",
        territory="Fighting Pit",
    )
    reputation = gangs.load_gang(db, "Rust Riders").reputation
    result = service.remove_gang(db, rulesets, "Ash Wars", "Rust Riders")
    assert result.changes.messages[0] == (
        "Rust Riders leaves the campaign; unclaimed again: Fighting Pit."
    )
    shown = view(db, rulesets)
    assert [g["name"] for g in shown["gangs"]] == ["Iron Brothers"]
    pit = next(t for t in shown["territories"] if t["name"] == "Fighting Pit")
    assert pit["holder"] is None
    assert len(shown["battles"]) == 1
    assert gangs.load_gang(db, "Rust Riders").reputation < reputation
    with pytest.raises(ServiceError, match="'Rust Riders' does not take part in 'Ash Wars'"):
        service.remove_gang(db, rulesets, "Ash Wars", "Rust Riders")


def test_a_recorded_battle_is_undone_and_redone_with_the_reputation_it_moved(
    db: Database, rulesets: Rulesets, ash_wars: None
) -> None:
    before = view(db, rulesets)
    reputation = gangs.load_gang(db, "Iron Brothers").reputation
    result, step = run_step(
        db,
        "Record battle",
        service.RecordBattle(
            "Ash Wars",
            ["Rust Riders", "Iron Brothers"],
            winner="Iron Brothers",
            territory="Fighting Pit",
            out_of_action={"Iron Brothers": 2},
        ),
        campaign_ref="Ash Wars",
        rulesets=rulesets,
    )
    assert result.transfer is not None
    iron = gangs.load_gang(db, "Iron Brothers")
    assert iron.reputation == reputation + 2 and step.gangs == (iron.id,)
    after = view(db, rulesets)

    assert undo_step(db, step).gangs_changed == (iron.id,)
    undone = view(db, rulesets)
    assert undone["battles"] == [] and undone["log"] == before["log"]
    assert undone["territories"] == before["territories"]
    assert undone["history"] == before["history"]
    assert gangs.load_gang(db, "Iron Brothers").reputation == reputation

    redo_step(db, step)
    assert view(db, rulesets) == after


def test_a_created_campaign_is_undone_whole(db: Database, rulesets: Rulesets) -> None:
    _, step = run_step(
        db,
        "New campaign",
        service.CreateCampaign("Ash Wars"),
        campaign_ref=None,
        rulesets=rulesets,
    )
    undo_step(db, step)
    assert service.list_campaigns(db) == []
    redo_step(db, step)
    assert [c.name for c in service.list_campaigns(db)] == ["Ash Wars"]


def test_undo_is_refused_when_a_touched_gang_changed_since(
    db: Database, rulesets: Rulesets, ash_wars: None
) -> None:
    _, step = run_step(
        db,
        "Assign territory",
        service.AssignTerritory("Ash Wars", "Fighting Pit", "Iron Brothers"),
        campaign_ref="Ash Wars",
        rulesets=rulesets,
    )
    iron = gangs.load_gang(db, "Iron Brothers")
    with db.unit_of_work() as uow:
        uow.gangs.update(iron.model_copy(update={"credits": iron.credits + 5}))
        uow.commit()
    with pytest.raises(ServiceError, match="cannot undo Assign territory: the campaign or one"):
        undo_step(db, step)
    holder = next(t for t in view(db, rulesets)["territories"] if t["name"] == "Fighting Pit")
    assert holder["holder"] == "Iron Brothers"


def test_a_refused_action_records_nothing(db: Database, rulesets: Rulesets, ash_wars: None) -> None:
    with pytest.raises(ServiceError, match="a battle needs at least two gangs"):
        run_step(
            db,
            "Record battle",
            service.RecordBattle("Ash Wars", ["Rust Riders"]),
            campaign_ref="Ash Wars",
            rulesets=rulesets,
        )


def test_a_removed_gang_comes_back_with_its_reputation(
    db: Database, rulesets: Rulesets, ash_wars: None
) -> None:
    reputation = gangs.load_gang(db, "Rust Riders").reputation
    _, step = run_step(
        db,
        "Remove gang",
        service.RemoveCampaignGang("Ash Wars", "Rust Riders"),
        campaign_ref="Ash Wars",
        rulesets=rulesets,
    )
    undo_step(db, step)
    assert [g["name"] for g in view(db, rulesets)["gangs"]] == ["Rust Riders", "Iron Brothers"]
    assert gangs.load_gang(db, "Rust Riders").reputation == reputation
