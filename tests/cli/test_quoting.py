"""A refusal quotes at most about 100 characters of what it refuses, and lists a
few names, not all of them: a hostile argument cannot flood the screen."""

from __future__ import annotations

from pathlib import Path

import pytest

from gangmanager.cli import main

HUGE = "x" * 10_000


@pytest.fixture
def db(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "gm.sqlite"
    for _ in range(15):  # 15 gangs: a refusal names ten of them
        assert main(["--db", str(path), "demo"]) == 0
    assert main(["--db", str(path), "campaign", "new", "Ash Wars"]) == 0
    capsys.readouterr()
    return path


@pytest.mark.parametrize(
    "argv",
    [
        ["show", HUGE],
        ["export", HUGE, "-o", "out.json"],
        ["campaign", "show", HUGE],
        ["campaign", "add", "Ash Wars", HUGE],
        ["campaign", "new", HUGE],
        ["backup", "restore", HUGE],
    ],
    ids=["show", "export", "campaign show", "campaign add", "campaign new", "backup restore"],
)
def test_a_refusal_quotes_a_long_argument_short(
    capsys: pytest.CaptureFixture[str], db: Path, argv: list[str]
) -> None:
    code = main(["--db", str(db), *argv])
    _, err = capsys.readouterr()
    assert code == 2 and err.count("\n") == 1
    assert "x" * 101 not in err and len(err) < 700, err[:300]


def test_an_unknown_gang_lists_ten_names_and_counts_the_rest(
    capsys: pytest.CaptureFixture[str], db: Path
) -> None:
    assert main(["--db", str(db), "show", "Nobody"]) == 2
    _, err = capsys.readouterr()
    assert err.count("'The Rust Riders") == 10 and err.rstrip().endswith("and 5 more")
