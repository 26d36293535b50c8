"""`gangmanager backup list|create|restore` end to end, refusals included."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gangmanager.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def db(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "gm.sqlite"
    assert run(capsys, "demo", "--db", str(path))[0] == 0
    return path


def test_list_create_and_restore(capsys, db: Path) -> None:
    assert run(capsys, "backup", "list", "--db", str(db)) == (
        0,
        "",
        f"no backups of {db} yet\n",
    )
    code, out, err = run(capsys, "--db", str(db), "backup", "create")
    assert (code, err) == (0, "")
    taken = Path(out.strip())
    assert taken.parent == db.parent / "gm.backups" and taken.is_file()

    code, out, _ = run(capsys, "list", "--db", str(db))
    assert code == 0 and "The Rust Riders" in out
    # Opening the database (for `list`) took no second backup the same day.
    code, out, _ = run(capsys, "backup", "list", "--json", "--db", str(db))
    (listed,) = json.loads(out)
    assert listed == {
        "name": taken.name,
        "path": str(taken),
        "created": listed["created"],
        "size": taken.stat().st_size,
        "before_restore": False,
    }

    assert run(capsys, "demo", "--db", str(db))[1] == "The Rust Riders (2)\n"
    code, out, err = run(capsys, "backup", "restore", taken.name, "--db", str(db))
    assert (code, err) == (0, "")
    first, second = out.splitlines()
    assert first == f"restored {db} from {taken.name}"
    saved = Path(second.removeprefix("the database as it was: "))
    assert saved.name.endswith("-before-restore.sqlite") and saved.is_file()

    code, out, _ = run(capsys, "list", "--json", "--db", str(db))
    assert [g["name"] for g in json.loads(out)] == ["The Rust Riders"]
    code, out, _ = run(capsys, "backup", "list", "--db", str(db))
    assert out.splitlines()[0].startswith(saved.name) and out.splitlines()[0].endswith(
        "\tbefore restore"
    )


def test_a_database_too_damaged_to_open_can_be_restored(capsys, db: Path) -> None:
    code, out, _ = run(capsys, "backup", "create", "--db", str(db))
    taken = Path(out.strip())
    db.write_bytes(b"SQLite format 3\x00" + b"\x00" * 4080)
    assert run(capsys, "list", "--db", str(db))[0] == 2

    code, out, err = run(capsys, "backup", "restore", str(taken), "--db", str(db))

    assert (code, err) == (0, "")
    assert out.splitlines()[-1].startswith("the damaged database was copied to ")
    code, out, _ = run(capsys, "list", "--db", str(db))
    assert code == 0 and "The Rust Riders" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("backup", "restore", "last-week"), "no backup 'last-week'; newest backups of gm.sqlite"),
        (("backup", "restore", "{notes}"), "not a Gang Manager database (not an SQLite file)"),
        (
            ("backup", "list", "--db", "postgresql://gm:secret@club/gangs"),
            "postgresql://gm:***@club/gangs: backups are made for SQLite files only",
        ),
    ],
    ids=["unknown", "not-ours", "server"],
)
def test_refusals_are_one_line_and_change_nothing(
    capsys, db: Path, argv: tuple[str, ...], message: str
) -> None:
    notes = db.with_name("notes.txt")
    notes.write_text("gang notes")
    before = db.read_bytes()
    argv = tuple(a.replace("{notes}", str(notes)) for a in argv)
    code, out, err = run(capsys, *argv, *(() if "--db" in argv else ("--db", str(db))))
    assert (code, out) == (2, "")
    assert err.startswith("gangmanager: ") and message in err
    assert err.count("\n") == 1
    assert db.read_bytes() == before
