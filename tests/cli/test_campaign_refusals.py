"""`campaign` subcommands given a wrong battle id, gang or number: one line and
exit 2 (they ended in IntegrityError, LookupError or OverflowError, exit 1)."""

from __future__ import annotations

import argparse
import sqlite3
from pathlib import Path

import pytest
from sqlalchemy.exc import IntegrityError

from gangmanager.cli import main, run
from gangmanager.cli.context import Context

from ..db_rows import all_rows

HUGE = "9" * 23


@pytest.fixture
def db(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "gm.sqlite"
    for argv in (["demo"], ["demo"], ["campaign", "new", "Ash Wars"]):
        assert main(["--db", str(path), *argv]) == 0
    for gang in ("1", "2"):
        assert main(["--db", str(path), "campaign", "add", "Ash Wars", gang]) == 0
    capsys.readouterr()
    return path


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["battle", "Ash Wars", "--gangs", "1", "2", "--battle-id", "999"], "no battle 999"),
        (["income", "1", "--battle", "999"], "did not fight campaign battle 999"),
        (["battle", "Ash Wars", "--gangs", "1", "7"], "no gang '7'"),
    ],
    ids=["unknown tracker battle", "unknown campaign battle", "unknown gang"],
)
def test_a_wrong_reference_is_one_line(
    capsys: pytest.CaptureFixture[str], db: Path, argv: list[str], said: str
) -> None:
    before = all_rows(db)
    code = main(["--db", str(db), "campaign", *argv])
    out, err = capsys.readouterr()
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and said in err and "Traceback" not in err
    assert all_rows(db) == before


@pytest.mark.parametrize(
    "argv",
    [
        ["battle", "Ash Wars", "--gangs", "1", "2", "--battle-id", HUGE],
        ["battle", "Ash Wars", "--gangs", "1", "2", "--out-of-action", f"1={HUGE}"],
        ["battle", "Ash Wars", "--gangs", "1", "2", "--out-of-action", "1=3000000000"],
        ["income", "1", "--battle", HUGE],
    ],
    ids=["battle id past 64-bit", "count past 64-bit", "count past 32-bit", "income battle"],
)
def test_a_number_out_of_range_is_refused_before_anything_runs(
    capsys: pytest.CaptureFixture[str], db: Path, argv: list[str]
) -> None:
    before = all_rows(db)
    with pytest.raises(SystemExit) as exited:
        main(["--db", str(db), "campaign", *argv])
    _, err = capsys.readouterr()
    assert exited.value.code == 2 and "Traceback" not in err
    assert err.splitlines()[-1].startswith("gangmanager campaign ")
    assert all_rows(db) == before


def test_a_database_refusal_missed_by_the_checks_is_one_line_without_sql(
    capsys: pytest.CaptureFixture[str],
) -> None:
    def handler(_args: argparse.Namespace, _context: Context) -> None:
        raise IntegrityError(
            "INSERT INTO campaign_battles (id) VALUES (?)",
            (1,),
            sqlite3.IntegrityError("FOREIGN KEY constraint failed"),
        )

    code = run(argparse.Namespace(handler=handler, db=None))
    _, err = capsys.readouterr()
    assert code == 2 and err.count("\n") == 1
    assert "FOREIGN KEY constraint failed" in err and "INSERT" not in err
