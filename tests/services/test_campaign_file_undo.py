"""`campaign import FILE [--update]` is one step with one undo: undo puts every row back
(the campaign and all that hangs from it, the gangs it added or updated, their file
identities), redo makes them again, and a stale undo is refused with nothing written."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from gangmanager.cli import main
from gangmanager.persistence.database import open_database, sqlite_url
from gangmanager.services import campaign_files, gangs, roster
from gangmanager.services.campaign_file_undo import FileStep, SwapFileRows
from gangmanager.services.errors import ServiceError
from gangmanager.services.operations import Action, Outcome, perform, undo
from gangmanager.services.rulesets import Rulesets

from ..db_rows import all_rows
from ..narrowing import present

RIDERS, SECOND, THIRD = "The Rust Riders", "The Rust Riders (2)", "The Rust Riders (3)"


def ok(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


def battle(capsys, db: Path, winner: str, loser: str, territory: str) -> None:
    ok(capsys, "campaign", "battle", "Ash Wars", "--gangs", winner, loser, "--winner", winner,
       "--territory", territory, "--out-of-action", f"{winner}=2", "--db", str(db))  # fmt: skip


@pytest.fixture
def laptop(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    db = tmp_path / "laptop.sqlite"
    for _ in range(3):
        ok(capsys, "demo", "--db", str(db))
    ok(capsys, "campaign", "new", "Ash Wars", "--start", "2026-03-03", "--db", str(db))
    for gang in (RIDERS, SECOND, THIRD):
        ok(capsys, "campaign", "add", "Ash Wars", gang, "--db", str(db))
    battle(capsys, db, RIDERS, SECOND, "Old Ruins")
    ok(capsys, "campaign", "income", RIDERS, "--battle", "1", "--rolled", "5", "6",
       "--db", str(db))  # fmt: skip
    ok(capsys, "campaign", "next-cycle", "Ash Wars", "--db", str(db))
    return db


def export(capsys, db: Path, path: Path) -> Path:
    ok(capsys, "campaign", "export", "Ash Wars", "-o", str(path), "--db", str(db))
    return path


def views(capsys, db: Path) -> dict[str, object]:
    """What a player sees: the campaign and every gang, as the command line shows them."""
    seen: dict[str, object] = {}
    if "Ash Wars" in ok(capsys, "campaign", "list", "--db", str(db)):
        seen["campaign"] = json.loads(
            ok(capsys, "campaign", "show", "Ash Wars", "--json", "--db", str(db))
        )
    for gang in json.loads(ok(capsys, "list", "--json", "--db", str(db))):
        name = gang["name"]
        seen[name] = json.loads(ok(capsys, "show", name, "--json", "--db", str(db)))
    return seen


def imported(db_path: Path, file: Path, rulesets: Rulesets, *, update: bool) -> Outcome:
    read = campaign_files.read_campaign_file(file, rulesets)
    db = open_database(sqlite_url(db_path))
    try:
        return campaign_files.perform_import(db, rulesets, read, update=update)
    finally:
        db.close()


def swapped(db_path: Path, action: Action[Any], rulesets: Rulesets) -> Outcome[Any]:
    db = open_database(sqlite_url(db_path))
    try:
        return perform(db, action, rulesets)
    finally:
        db.close()


def file_step(outcome: Outcome[Any]) -> FileStep:
    """The rows an import's undo puts back (its inverse is the swap of the file's rows)."""
    assert isinstance(outcome.inverse, SwapFileRows)
    return outcome.inverse.step


def undone(db_path: Path, outcome: Outcome[Any], rulesets: Rulesets) -> Outcome[Any]:
    db = open_database(sqlite_url(db_path))
    try:
        return undo(db, outcome, rulesets)
    finally:
        db.close()


def test_import_undo_and_redo(capsys, laptop: Path, tmp_path: Path, rulesets: Rulesets) -> None:
    file = export(capsys, laptop, tmp_path / "to-server.campaign.json")
    server = tmp_path / "server.sqlite"
    ok(capsys, "list", "--db", str(server))  # the empty database, made
    before, seen_before = all_rows(server), views(capsys, server)

    outcome = imported(server, file, rulesets, update=False)
    assert outcome.inverse is not None and outcome.label == "Import 'Ash Wars'"
    after, seen_after = all_rows(server), views(capsys, server)
    assert seen_after["campaign"] == views(capsys, laptop)["campaign"]
    assert after["campaign_files"] and len(after["gang_files"]) == 3
    # The change lists come from the rows written: the new gangs and the campaign.
    gang_ids, campaign_ids = {g[0] for g in after["gangs"]}, {c[0] for c in after["campaigns"]}
    assert set(outcome.changes.gangs_added) == gang_ids
    assert set(outcome.changes.campaigns_changed) == campaign_ids

    redo = undone(server, outcome, rulesets)
    assert all_rows(server) == before  # row by row: campaign, gangs, identities gone
    assert views(capsys, server) == seen_before
    assert set(redo.changes.gangs_removed) == {g[0] for g in after["gangs"]}

    assert set(redo.changes.campaigns_changed) == campaign_ids
    again = swapped(server, present(redo.inverse), rulesets)
    assert all_rows(server) == after
    assert set(again.changes.gangs_added) == gang_ids
    assert views(capsys, server) == seen_after
    swapped(server, present(again.inverse), rulesets)  # and undone again
    assert all_rows(server) == before


def test_update_undo_and_redo(capsys, laptop: Path, tmp_path: Path, rulesets: Rulesets) -> None:
    server = tmp_path / "server.sqlite"
    imported(server, export(capsys, laptop, tmp_path / "to.campaign.json"), rulesets, update=False)
    # The club plays on at the server: a battle, income (a gang's credits), a new cycle.
    battle(capsys, server, THIRD, RIDERS, "Slag Furnace")
    ok(capsys, "campaign", "income", THIRD, "--battle", "2", "--rolled", "4", "3",
       "--db", str(server))  # fmt: skip
    ok(capsys, "campaign", "next-cycle", "Ash Wars", "--db", str(server))
    back = export(capsys, server, tmp_path / "back.campaign.json")
    before, seen_before = all_rows(laptop), views(capsys, laptop)

    outcome = imported(laptop, back, rulesets, update=True)
    assert outcome.inverse is not None
    assert outcome.label == "Update 'Ash Wars' from 'back.campaign.json'"
    after, seen_after = all_rows(laptop), views(capsys, laptop)
    assert seen_after == views(capsys, server) != seen_before
    assert file_step(outcome).updated  # a gang's roster came back changed

    redo = undone(laptop, outcome, rulesets)
    assert all_rows(laptop) == before
    assert views(capsys, laptop) == seen_before
    swapped(laptop, present(redo.inverse), rulesets)
    assert all_rows(laptop) == after
    assert views(capsys, laptop) == seen_after


def test_stale_undo_is_refused(capsys, laptop: Path, tmp_path: Path, rulesets: Rulesets) -> None:
    file = export(capsys, laptop, tmp_path / "to-server.campaign.json")
    server = tmp_path / "server.sqlite"
    outcome = imported(server, file, rulesets, update=False)
    ok(capsys, "campaign", "next-cycle", "Ash Wars", "--db", str(server))  # changed since
    changed = all_rows(server)
    with pytest.raises(ServiceError) as refused:
        undone(server, outcome, rulesets)
    message = str(refused.value)
    assert message == (
        "cannot undo Import 'Ash Wars': the campaign or one of its gangs has changed since;"
        " nothing was changed"
    )
    assert all_rows(server) == changed


def test_stale_update_undo_after_a_roster_edit(
    capsys, laptop: Path, tmp_path: Path, rulesets: Rulesets
) -> None:
    server = tmp_path / "server.sqlite"
    imported(server, export(capsys, laptop, tmp_path / "to.campaign.json"), rulesets, update=False)
    ok(capsys, "campaign", "income", SECOND, "--battle", "1", "--rolled", "2", "2",
       "--db", str(server))  # fmt: skip
    back = export(capsys, server, tmp_path / "back.campaign.json")
    outcome = imported(laptop, back, rulesets, update=True)
    assert file_step(outcome).updated
    # The campaign is as the update left it; one of the gangs it updated is not.
    gang_id = file_step(outcome).updated[0]
    db = open_database(sqlite_url(laptop))
    try:
        # Its credits, which the update changed (a fighter it left alone would not block).
        credits = gangs.load_gang(db, str(gang_id)).credits
        perform(db, roster.EditGang(gang_id, {"credits": credits + 5}), rulesets)
    finally:
        db.close()
    changed = all_rows(laptop)
    with pytest.raises(ServiceError, match="has changed since; nothing was changed"):
        undone(laptop, outcome, rulesets)
    assert all_rows(laptop) == changed


def test_stale_redo_is_refused(capsys, laptop: Path, tmp_path: Path, rulesets: Rulesets) -> None:
    file = export(capsys, laptop, tmp_path / "to-server.campaign.json")
    server = tmp_path / "server.sqlite"
    redo = undone(server, imported(server, file, rulesets, update=False), rulesets)
    # Another campaign made since takes the undone campaign's id: the redo would overwrite it.
    ok(capsys, "campaign", "new", "Dust Wars", "--db", str(server))
    changed = all_rows(server)
    with pytest.raises(ServiceError, match=r"^cannot redo Import 'Ash Wars': .*nothing was"):
        swapped(server, present(redo.inverse), rulesets)
    assert all_rows(server) == changed
