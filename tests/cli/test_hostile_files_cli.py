"""Event and draft files get the gang file's guards: whatever they hold, the
command line answers in one line with exit 2, quotes no SQL and writes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from gangmanager.cli import main

from ..db_rows import all_rows

HOSTILE: dict[str, bytes] = {
    "latin-1": b'{"result": "win", "notes": "caf\xe9"}',
    "deep": b'{"result": "win", "x": ' + b"[" * 5000 + b"]" * 5000 + b"}",
    "digits": b'{"result": "win", "credits": ' + b"9" * 5000 + b"}",
    "past 64-bit": b'{"result": "win", "credits": ' + str(2**70).encode() + b"}",
    "past 32-bit": b'{"result": "win", "credits": ' + str(2**40).encode() + b"}",
    "lone surrogate": b'{"result": "win", "notes": "\\ud800"}',
}
EVENTS: dict[str, bytes] = {
    "latin-1": b"[\xe9]",
    "deep": b"[" + b"[" * 5000 + b"]" * 5000 + b"]",
    "digits": b'[{"event": "new_round", "n": ' + b"9" * 5000 + b"}]",
    "past 64-bit": b'[{"event": "new_round", "round": ' + str(2**70).encode() + b"}]",
}
SQL_WORDS = ("SELECT", "INSERT", "UPDATE", "sqlite", "psycopg", "[SQL")


def _refused(capsys: pytest.CaptureFixture[str], db: Path, *argv: str) -> str:
    before = all_rows(db)
    code = main(["--db", str(db), *argv])
    out, err = capsys.readouterr()
    assert (code, out) == (2, ""), err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert not any(word in err for word in SQL_WORDS), err
    assert all_rows(db) == before
    return err


@pytest.fixture
def db(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "gm.sqlite"
    assert main(["--db", str(path), "demo"]) == 0
    capsys.readouterr()
    return path


@pytest.mark.parametrize("content", HOSTILE.values(), ids=HOSTILE.keys())
def test_a_hostile_draft_file_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], db: Path, content: bytes
) -> None:
    draft = tmp_path / "draft.json"
    draft.write_bytes(content)
    assert "draft.json" in _refused(capsys, db, "post-battle", "1", str(draft))


@pytest.mark.parametrize("content", EVENTS.values(), ids=EVENTS.keys())
def test_a_hostile_events_file_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], db: Path, content: bytes
) -> None:
    assert main(["--db", str(db), "battle", "start", "1"]) == 0
    capsys.readouterr()
    events = tmp_path / "events.json"
    events.write_bytes(content)
    assert "events.json" in _refused(capsys, db, "battle", "apply", "1", str(events))


def test_credits_that_would_pass_the_limit_are_not_saved(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], db: Path
) -> None:
    """Each number is within bounds, their sum is not: nothing would load again."""
    draft = tmp_path / "draft.json"
    draft.write_text('{"result": "win", "credits": 999999999}', encoding="utf-8")
    err = _refused(capsys, db, "post-battle", "1", str(draft))
    assert "credits" in err and "1,000,000,000" in err
    assert main(["--db", str(db), "show", "1"]) == 0
