"""Campaign actions from the window: removing a gang, and undo/redo of any action."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from gangmanager.persistence.database import Database, open_database, sqlite_url
from gangmanager.services import campaign as service
from gangmanager.services import gangs, roster
from gangmanager.services.campaign_steps import CampaignStep, run_step
from gangmanager.services.demo import demo_gang
from gangmanager.services.errors import ServiceError
from gangmanager.services.operations import perform
from gangmanager.services.rulesets import Rulesets

from ..undo_steps import redo_step, undo_step


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Database]:
    database = open_database(sqlite_url(tmp_path / "gm.sqlite"))
    yield database
    database.close()


def view(db: Database, rulesets: Rulesets) -> dict:
    return service.campaign_view(service.campaign_state(db, rulesets, "Ash Wars")).as_json()


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

    assert undo_step(db, rulesets, step).gangs_changed == (iron.id,)
    undone = view(db, rulesets)
    assert undone["battles"] == [] and undone["log"] == before["log"]
    assert undone["territories"] == before["territories"]
    assert undone["history"] == before["history"]
    assert gangs.load_gang(db, "Iron Brothers").reputation == reputation

    redo_step(db, rulesets, step)
    assert view(db, rulesets) == after


def test_a_created_campaign_is_undone_whole(db: Database, rulesets: Rulesets) -> None:
    _, step = run_step(
        db,
        "New campaign",
        service.CreateCampaign("Ash Wars"),
        campaign_ref=None,
        rulesets=rulesets,
    )
    undo_step(db, rulesets, step)
    assert service.list_campaigns(db) == []
    redo_step(db, rulesets, step)
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
        undo_step(db, rulesets, step)
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
    undo_step(db, rulesets, step)
    assert [g["name"] for g in view(db, rulesets)["gangs"]] == ["Rust Riders", "Iron Brothers"]
    assert gangs.load_gang(db, "Rust Riders").reputation == reputation


def test_a_roster_edit_is_undone_after_the_gang_joins_a_campaign(
    db: Database, rulesets: Rulesets
) -> None:
    n23 = rulesets.get("n23")
    gangs.add_gang(
        db, rulesets, demo_gang(n23, "orlock").model_copy(update={"name": "Rust Riders"})
    )
    rust = gangs.load_gang(db, "Rust Riders")
    assert rust.id is not None
    fighter = rust.fighters[0]
    assert fighter.id is not None
    edit = perform(db, roster.AddSkill(rust.id, fighter.id, "Nerves of Steel"), rulesets)
    service.create_campaign(db, rulesets, "Ash Wars")
    service.add_gang(db, rulesets, "Ash Wars", "Rust Riders")
    joined = gangs.load_gang(db, "Rust Riders")
    # The hideout's Reputation was written to the gang: the join saved it.
    assert joined.reputation > rust.reputation
    assert [f.id for f in joined.fighters] == [f.id for f in rust.fighters]

    assert edit.inverse is not None
    perform(db, edit.inverse, rulesets)
    undone = gangs.load_gang(db, "Rust Riders")
    assert undone.fighters[0].skills == fighter.skills
    assert undone.reputation == joined.reputation
    assert [g["name"] for g in view(db, rulesets)["gangs"]] == ["Rust Riders"]


def record_step(db: Database, rulesets: Rulesets) -> CampaignStep:
    _, step = run_step(
        db,
        "Record battle",
        service.RecordBattle(
            "Ash Wars",
            ["Rust Riders", "Iron Brothers"],
            winner="Iron Brothers",
            territory="Fighting Pit",
        ),
        campaign_ref="Ash Wars",
        rulesets=rulesets,
    )
    return step


def test_a_campaign_undo_passes_over_rows_it_did_not_touch(
    db: Database, rulesets: Rulesets, ash_wars: None
) -> None:
    before = view(db, rulesets)
    step = record_step(db, rulesets)
    rust, iron = gangs.load_gang(db, "Rust Riders"), gangs.load_gang(db, "Iron Brothers")
    assert rust.id is not None and iron.id is not None and iron.fighters[0].id is not None
    # Since: a line in the log, the losing gang's credits (its row was not changed by the
    # battle), a fighter of the winner renamed (its gang row saved: a new version only).
    service.add_log_entry(db, rulesets, "Ash Wars", "Scavvies sighted", kind="campaign")
    perform(db, roster.EditGang(rust.id, {"credits": rust.credits + 5}), rulesets)
    fighter = iron.fighters[0].id
    perform(db, roster.EditFighter(iron.id, fighter, {"name": "Krag"}), rulesets)

    undo_step(db, rulesets, step)
    undone = view(db, rulesets)
    assert undone["battles"] == [] and undone["territories"] == before["territories"]
    assert [e["text"] for e in undone["log"]][-1] == "Scavvies sighted"
    assert len(undone["log"]) == len(before["log"]) + 1
    assert gangs.load_gang(db, "Iron Brothers").reputation == iron.reputation - 2
    assert gangs.load_gang(db, "Iron Brothers").fighters[0].name == "Krag"
    assert gangs.load_gang(db, "Rust Riders").credits == rust.credits + 5


def test_a_campaign_undo_is_refused_when_a_row_it_touched_changed(
    db: Database, rulesets: Rulesets, ash_wars: None
) -> None:
    step = record_step(db, rulesets)
    iron = gangs.load_gang(db, "Iron Brothers")
    assert iron.id is not None
    perform(db, roster.EditGang(iron.id, {"reputation": iron.reputation + 1}), rulesets)
    after = view(db, rulesets)
    with pytest.raises(ServiceError, match="cannot undo Record battle: the campaign or one"):
        undo_step(db, rulesets, step)
    assert view(db, rulesets) == after
    assert gangs.load_gang(db, "Iron Brothers").reputation == iron.reputation + 1
