"""`gangmanager undo` / `gangmanager redo [--json]`: the database's one undo history, the
same steps the windows push (another process than the one that did them)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gangmanager.cli import main
from gangmanager.persistence.database import open_database, sqlite_url
from gangmanager.services import gangs, roster
from gangmanager.services.demo import demo_gang
from gangmanager.services.operations import perform
from gangmanager.services.rulesets import Rulesets


def _renamed(path: Path, rulesets: Rulesets) -> int:
    with open_database(sqlite_url(path)) as db:
        gang = gangs.add_gang(db, rulesets, demo_gang(rulesets.get("n23"))).gang
        rook = gang.fighter("Rook")
        assert gang.id is not None and rook is not None and rook.id is not None
        perform(db, roster.EditFighter(gang.id, rook.id, {"name": "Rookie"}), rulesets)
        return gang.id


def _names(path: Path, gang_id: int) -> list[str]:
    with open_database(sqlite_url(path)) as db:
        return [f.name for f in gangs.load_gang(db, str(gang_id)).fighters]


def test_undo_and_redo_say_what_they_did(
    tmp_path: Path, rulesets: Rulesets, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "gm.sqlite"
    gang_id = _renamed(path, rulesets)
    assert main(["--db", str(path), "undo"]) == 0
    assert capsys.readouterr().out == "Undid: Rename Rook to Rookie\n"
    assert "Rook" in _names(path, gang_id)
    assert main(["--db", str(path), "redo", "--json"]) == 0
    said = json.loads(capsys.readouterr().out)
    assert said["label"] == "Rename Rook to Rookie"
    assert said["gang_id"] == gang_id
    assert said["action"] == "redo"
    assert "Rookie" in _names(path, gang_id)
    assert main(["--db", str(path), "undo", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["action"] == "undo"


def test_nothing_to_redo_is_one_line_and_exit_2(
    tmp_path: Path, rulesets: Rulesets, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "gm.sqlite"
    _renamed(path, rulesets)
    assert main(["--db", str(path), "redo"]) == 2
    captured = capsys.readouterr()
    assert captured.err == "gangmanager: nothing to redo\n"
    assert captured.out == ""


def test_undo_reaches_back_to_the_gang_created(
    tmp_path: Path, rulesets: Rulesets, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "gm.sqlite"
    _renamed(path, rulesets)
    assert main(["--db", str(path), "undo"]) == 0
    assert main(["--db", str(path), "undo"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "Undid: New gang The Rust Riders"
    with open_database(sqlite_url(path)) as db:
        assert gangs.list_gangs(db) == []
    assert main(["--db", str(path), "undo"]) == 2
    assert capsys.readouterr().err == "gangmanager: nothing to undo\n"
