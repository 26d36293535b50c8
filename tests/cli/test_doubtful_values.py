"""Doubtful values are refused with a reason, in one line, writing nothing: a key
given twice, `true` for a number, two fighters of one name, a modifier larger
than its characteristic, negative credits."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from gangmanager.cli import main
from gangmanager.persistence.database import open_database, sqlite_url
from gangmanager.rules.modifiers import Modifier
from gangmanager.services import gangs, roster
from gangmanager.services.errors import ServiceError
from gangmanager.services.rulesets import Rulesets

from ..db_rows import all_rows
from ..narrowing import present


@pytest.fixture
def db(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "gm.sqlite"
    assert main(["--db", str(path), "demo"]) == 0
    assert main(["--db", str(path), "export", "1", "-o", str(tmp_path / "rust.gang.json")]) == 0
    capsys.readouterr()
    return path


def _refused(capsys: pytest.CaptureFixture[str], db: Path, *argv: str) -> str:
    before = all_rows(db)
    code = main(["--db", str(db), *argv])
    out, err = capsys.readouterr()
    assert (code, out) == (2, ""), err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert all_rows(db) == before
    return err


def _gang_file(tmp_path: Path, change: Callable[[dict[str, Any]], None]) -> Path:
    data = json.loads((tmp_path / "rust.gang.json").read_text(encoding="utf-8"))
    change(data)
    path = tmp_path / "changed.gang.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_a_key_given_twice_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], db: Path
) -> None:
    draft = tmp_path / "draft.json"
    draft.write_text('{"result": "win", "credits": 5, "credits": 500}', encoding="utf-8")
    assert "'credits' is given twice" in _refused(capsys, db, "post-battle", "1", str(draft))


def test_true_for_a_number_is_refused_in_a_draft_and_an_event(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], db: Path
) -> None:
    draft = tmp_path / "draft.json"
    draft.write_text('{"result": "win", "credits": true}', encoding="utf-8")
    assert "credits" in _refused(capsys, db, "post-battle", "1", str(draft))
    assert main(["--db", str(db), "battle", "start", "1"]) == 0
    capsys.readouterr()
    events = tmp_path / "events.json"
    events.write_text(
        '[{"event": "status", "fighter": "Rook", "status": "pinned", "roll": true}]',
        encoding="utf-8",
    )
    assert "roll" in _refused(capsys, db, "battle", "apply", "1", str(events))


def test_two_fighters_of_one_name_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], db: Path, rulesets: Rulesets
) -> None:
    def twin(data: dict) -> None:
        data["fighters"][1]["name"] = data["fighters"][0]["name"].upper()

    err = _refused(capsys, db, "import", str(_gang_file(tmp_path, twin)))
    assert "fighters[1].name" in err and "names two fighters" in err
    with open_database(sqlite_url(db)) as opened:
        gang = gangs.load_gang(opened, "1")
        assert gang.id is not None
        first, second = gang.fighters[:2]
        with pytest.raises(ServiceError, match="already has a fighter named"):
            roster.apply(
                opened,
                roster.EditFighter(gang.id, present(second.id), {"name": first.name}),
                rulesets,
            )
        with pytest.raises(ServiceError, match="already has a fighter named"):
            roster.apply(
                opened, roster.AddFighter(gang.id, first.model_copy(update={"id": None})), rulesets
            )


def test_a_modifier_larger_than_its_characteristic_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], db: Path, rulesets: Rulesets
) -> None:
    def huge(data: dict) -> None:
        data["fighters"][0]["modifiers"] = [{"source": "Typo", "changes": {"BS": 40}}]

    err = _refused(capsys, db, "import", str(_gang_file(tmp_path, huge)))
    assert "fighters[0].modifiers[0]" in err and "BS: +40 is more steps" in err
    with open_database(sqlite_url(db)) as opened:
        gang = gangs.load_gang(opened, "1")
        assert gang.id is not None
        typo = Modifier(source="Typo", changes={"WS": -9})
        with pytest.raises(ServiceError, match="WS: -9 is more steps"):
            roster.apply(
                opened, roster.AddModifier(gang.id, present(gang.fighters[0].id), typo), rulesets
            )


def test_negative_credits_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], db: Path
) -> None:
    def owing(data: dict) -> None:
        data["credits"] = -50

    assert "credits" in _refused(capsys, db, "import", str(_gang_file(tmp_path, owing)))


def test_limited_deleted_must_name_a_limited_profile(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], db: Path
) -> None:
    """Scatter ammo is not Limited: it is never lost in battle, so a draft that says so
    is refused instead of striking it off the card."""
    entry = {"fighter": "Dex Hollow", "weapon": "Shotgun", "profile": "scatter ammo"}
    draft = tmp_path / "draft.json"
    draft.write_text(json.dumps({"result": "win", "limited_deleted": [entry]}), encoding="utf-8")
    err = _refused(capsys, db, "post-battle", "1", str(draft))
    assert "'scatter ammo' is not a Limited profile" in err
    entry["profile"] = "executioner ammo"  # Limited: struck off as before
    draft.write_text(json.dumps({"result": "win", "limited_deleted": [entry]}), encoding="utf-8")
    assert main(["--db", str(db), "post-battle", "1", str(draft)]) == 0


def test_a_negative_cost_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], db: Path
) -> None:
    def refund(data: dict) -> None:
        data["fighters"][0]["modifiers"] = [{"source": "Odd", "changes": {}, "cost": -40}]

    err = _refused(capsys, db, "import", str(_gang_file(tmp_path, refund)))
    assert "fighters[0].modifiers[0].cost" in err and "below the minimum 0" in err
