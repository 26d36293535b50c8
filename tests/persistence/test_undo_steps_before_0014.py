"""Undo steps recorded before migration 0014 hold fighter rows as schema 0013 kept them:
the profile in twelve columns that 0014 replaced. Read back, such a row takes the
shape 0014 gives it (persistence/older_rows.py), so the fighter goes back with its
profile; a step whose rows no longer match is refused in one line and dropped, and
nothing is lost either way.

fixtures/at_0013 holds a database of schema 0013 with the undo steps its code
recorded (the gangs' imports). A step of another kind is made here as 0013's code
made it: performed by this code, the database taken down to 0013, the step's fighter
rows written back in the twelve columns of 0013."""

from __future__ import annotations

import json
import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from gangmanager.cli import main
from gangmanager.persistence.database import Database, open_database, sqlite_url
from gangmanager.services import gangs, roster
from gangmanager.services.rulesets import Rulesets

from .test_migrations import migrate, revision_of

AT_0013 = Path(__file__).resolve().parent / "fixtures" / "at_0013"
# The 0013 column of each code of the n23 fighter statline (migration 0014's mapping).
COLUMNS = dict(
    zip(
        ["M", "WS", "BS", "S", "T", "W", "I", "A", "Ld", "Cl", "Wil", "Int"],
        ["m", "ws", "bs", "s", "t", "w", "i", "a", "ld", "cl", "wil", "int_"],
        strict=True,
    )
)

pytestmark = pytest.mark.real_migrations


@pytest.fixture
def old_copy(tmp_path: Path) -> Path:
    path = tmp_path / "gangs.sqlite"
    shutil.copyfile(AT_0013 / "gangs.sqlite", path)
    return path


def _as_0013(value: Any) -> Any:
    """The stored step's JSON with every fighter row in the columns of 0013."""
    if isinstance(value, list):
        return [_as_0013(v) for v in value]
    if not isinstance(value, dict):
        return value
    row = {k: _as_0013(v) for k, v in value.items()}
    if "gang_id" in row and "statline" in row and "profile" in row:
        profile = row.pop("profile")
        del row["statline"]
        row.update({COLUMNS[code]: v for code, v in profile.items()})
    return row


def _step_at_0013(path: Path, action: Callable[[Database, Rulesets], object]) -> str:
    """Perform `action` and leave the database at 0013 with its step as 0013 recorded it."""
    migrate(path, "0014")
    with open_database(sqlite_url(path)) as db:
        action(db, Rulesets())
    migrate(path, "0013", down=True)
    with sqlite3.connect(path) as conn:
        step_id, label, text = conn.execute(
            "SELECT id, label, action FROM undo_steps ORDER BY id DESC LIMIT 1"
        ).fetchone()
        old = json.dumps(_as_0013(json.loads(text)))
        assert '"int_"' in old and '"profile"' not in old  # the rows of 0013
        conn.execute("UPDATE undo_steps SET action = ? WHERE id = ?", (old, step_id))
    assert revision_of(path) == ["0013"]
    return str(label)


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _shown(capsys: pytest.CaptureFixture[str], path: Path, gang: int) -> str:
    code, out, err = _run(capsys, "show", str(gang), "--json", "--db", str(path))
    assert (code, err) == (0, "")
    return out


def _remove_nib(db: Database, rulesets: Rulesets) -> None:
    gang = gangs.load_gang(db, "Two Rats")
    nib = gang.fighter("Nib")
    assert gang.id is not None and nib is not None and nib.id is not None
    roster.apply(db, roster.RemoveFighter(gang.id, nib.id), rulesets)


def _delete_two_rats(db: Database, rulesets: Rulesets) -> None:
    gang = gangs.load_gang(db, "Two Rats")
    assert gang.id is not None
    roster.apply(db, roster.DeleteGang(gang.id), rulesets)


@pytest.mark.parametrize(
    ("action", "label"),
    [(_remove_nib, "Remove fighter Nib"), (_delete_two_rats, "Delete gang Two Rats")],
    ids=["removed-fighter", "deleted-gang"],
)
def test_a_step_of_0013_puts_its_fighters_back_with_their_profiles(
    old_copy: Path,
    capsys: pytest.CaptureFixture[str],
    action: Callable[[Database, Rulesets], object],
    label: str,
) -> None:
    assert _step_at_0013(old_copy, action) == label
    code, out, err = _run(capsys, "undo", "--db", str(old_copy))
    assert (code, out, err) == (0, f"Undid: {label}\n", "")
    assert revision_of(old_copy) == ["0015"]
    # Two Rats as 0013's code showed it, Nib's profile (6" 5+ 5+ 3 3 1, the rest "-") too.
    expected = (AT_0013 / "show_5.json").read_text(encoding="utf-8")
    assert _shown(capsys, old_copy, 5) == expected
    nib = next(f for f in json.loads(expected)["fighters"] if f["name"] == "Nib")
    assert list(nib["base_profile"].values())[:6] == ['6"', "5+", "5+", "3", "3", "1"]


def test_a_step_of_0013_whose_rows_no_longer_match_is_refused_in_one_line(
    old_copy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The fixture's own steps: each import's fingerprint is of its rows in the twelve
    columns, which no row has since 0014, so the undo is refused and the step dropped."""
    code, out, err = _run(capsys, "undo", "--db", str(old_copy))
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err == (
        "gangmanager: Two Rats has been changed since (in another window or by another"
        " player): cannot undo or redo 'Import Two Rats'. The step is removed from the"
        " undo history.\n"
    )
    for gang in (1, 2, 3, 4, 5):  # nothing lost
        expected = (AT_0013 / f"show_{gang}.json").read_text(encoding="utf-8")
        assert _shown(capsys, old_copy, gang) == expected, f"gang {gang}"
    with sqlite3.connect(old_copy) as conn:
        labels = [row[0] for row in conn.execute("SELECT label FROM undo_steps ORDER BY id")]
    assert labels == [
        "New gang The Rust Riders",
        "Import The Cinder Wardens",
        "Import The Rust Saints",
        "Import The Iron Hounds",
    ]
