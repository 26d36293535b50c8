"""`gangmanager convert GANG --to n26 [--name NEW] [--dry-run] [--json]` (issue #26): the
demo gang and a starting gang of every 2023 house carried over to the 2026 edition. The
JSON is the issue's contract; a dry run writes nothing and gives the real run's lines;
the 2023 gang's `show --json` is byte-identical afterwards; the carry-over is one undo
step."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from gangmanager.cli import main
from gangmanager.content import builtin_rulesets_dir, load_ruleset
from gangmanager.persistence.database import open_database, sqlite_url
from gangmanager.rules.gang import Gang
from gangmanager.services import gangs
from gangmanager.services.demo import demo_gang
from gangmanager.services.rulesets import Rulesets

from ..services.test_founding_import import found

N23 = load_ruleset("n23", [builtin_rulesets_dir()])
GANGS = ["demo"] + [house.id for house in N23.houses]
STATUSES = {"kept", "changed", "dropped", "choose"}


def _stored(path: Path, rulesets: Rulesets, which: str) -> Gang:
    gang = demo_gang(N23) if which == "demo" else found(N23, which)
    with open_database(sqlite_url(path)) as db:
        return gangs.add_gang(db, rulesets, gang).gang


def _steps(db: str) -> int:
    """The undo history's steps, read as a bystander would."""
    with closing(sqlite3.connect(db)) as connection:
        count: int = connection.execute("SELECT count(*) FROM undo_steps").fetchone()[0]
    return count


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


def _json(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    return json.loads(_run(capsys, *argv))


@pytest.mark.parametrize("which", GANGS)
def test_each_house_carries_over_and_the_2023_gang_stays_byte_identical(
    tmp_path: Path, rulesets: Rulesets, capsys: pytest.CaptureFixture[str], which: str
) -> None:
    db = str(tmp_path / "gm.sqlite")
    old = _stored(tmp_path / "gm.sqlite", rulesets, which)
    before = _run(capsys, "--db", db, "show", old.name, "--json")
    listed = _run(capsys, "--db", db, "list", "--json")
    steps = _steps(db)
    dry = _json(capsys, "--db", db, "convert", old.name, "--to", "n26", "--dry-run", "--json")
    # Nothing written: the same gangs, and no undo step to take back.
    assert _run(capsys, "--db", db, "list", "--json") == listed
    assert _steps(db) == steps
    real = _json(capsys, "--db", db, "convert", old.name, "--to", "n26", "--json")
    assert dry == real
    assert set(real) == {"gang", "ruleset", "lines"}
    assert real["ruleset"] == "n26" and real["gang"] == f"{old.name} (n26)"
    for line in real["lines"]:
        assert {"kind", "from", "to", "status", "why"} <= set(line)
        assert line["status"] in STATUSES and line["why"]
    assert _run(capsys, "--db", db, "show", old.name, "--json") == before
    new = _json(capsys, "--db", db, "show", real["gang"], "--json")
    assert new["ruleset"] == "n26" and new["house"] == old.house
    assert [f["name"] for f in new["fighters"]] == [f.name for f in old.fighters]
    fighters = [line for line in real["lines"] if line["kind"] == "fighter"]
    assert [line["fighter"] for line in fighters] == [f.name for f in old.fighters]
    assert [f["type"] for f in new["fighters"]] == [
        line["to"].split(" (kept")[0] for line in fighters
    ]


def test_a_house_of_the_2026_lists_maps_its_types(
    tmp_path: Path, rulesets: Rulesets, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "gm.sqlite")
    old = _stored(tmp_path / "gm.sqlite", rulesets, "escher")
    real = _json(capsys, "--db", db, "convert", old.name, "--to", "n26", "--json")
    fighters = [line for line in real["lines"] if line["kind"] == "fighter"]
    # Every 2023 Escher type has a 2026 one: nothing to choose.
    assert {line["status"] for line in fighters} <= {"kept", "changed"}
    assert "Gang Queen" in {line["to"] for line in fighters}
    for line in (x for x in real["lines"] if x["kind"] == "profile"):
        assert "new" in line["why"]  # the 2026 type's own profile


def test_name_and_choose_and_the_undo_step(
    tmp_path: Path, rulesets: Rulesets, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "gm.sqlite")
    old = _stored(tmp_path / "gm.sqlite", rulesets, "demo")
    before = _run(capsys, "--db", db, "show", old.name, "--json")
    text = _run(capsys, "--db", db, "convert", old.name, "--name", "Riders Reborn")
    assert "choose" in text and "Riders Reborn (n26) created" in text
    assert _json(capsys, "--db", db, "show", "Riders Reborn", "--json")["ruleset"] == "n26"
    # One undo step takes the new gang away again; the 2023 gang is as it was.
    assert main(["--db", db, "undo"]) == 0
    assert "Carry over" in capsys.readouterr().out
    names = [g["name"] for g in _json(capsys, "--db", db, "list", "--json")]
    assert names == [old.name]
    assert _run(capsys, "--db", db, "show", old.name, "--json") == before
    # A second carry-over under a taken name is stored as "(2)", and says so in its lines.
    _run(capsys, "--db", db, "convert", old.name)
    again = _json(capsys, "--db", db, "convert", old.name, "--dry-run", "--json")
    assert again["gang"] == f"{old.name} (n26) (2)" == again["lines"][0]["to"]


def test_refusals_are_one_line(
    tmp_path: Path, rulesets: Rulesets, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "gm.sqlite")
    old = _stored(tmp_path / "gm.sqlite", rulesets, "demo")
    _run(capsys, "--db", db, "convert", old.name)
    for argv, says in (
        (["convert", f"{old.name} (n26)"], "is a gang of the n26 pack"),
        (["convert", "Nobody"], "Nobody"),
        (["convert", old.name, "--choose", "nonsense"], "KEY=OPTION"),
        (["convert", old.name, "--name", "x" * 500], "name"),
    ):
        assert main(["--db", db, *argv]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and says in err and "Traceback" not in err
