"""Gang names: normalised before they are checked and stored; blank ones refused;
a stored gang that does not load is named in one line, never a traceback."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from gangmanager.cli import main

from ..db_rows import all_rows


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def db(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "gm.sqlite"
    assert run(capsys, "--db", str(path), "demo")[0] == 0
    return path


def _gang_file(tmp_path: Path, capsys: pytest.CaptureFixture[str], db: Path, name: str) -> Path:
    exported = tmp_path / "rust.gang.json"
    assert run(capsys, "--db", str(db), "export", "1", "-o", str(exported))[0] == 0
    data = json.loads(exported.read_text(encoding="utf-8"))
    data["name"] = name
    path = tmp_path / "named.gang.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize("name", ["   ", "\n", "\u00a0", " \t\u00a0\r\n "])
def test_a_blank_gang_name_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], db: Path, name: str
) -> None:
    path = _gang_file(tmp_path, capsys, db, name)
    before = all_rows(db)
    code, out, err = run(capsys, "--db", str(db), "import", str(path))
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "name" in err and "empty" in err
    assert all_rows(db) == before


def test_a_name_is_normalised_before_it_is_stored(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], db: Path
) -> None:
    path = _gang_file(tmp_path, capsys, db, "  Ash\u00a0 Wolves\n ")
    assert run(capsys, "--db", str(db), "import", str(path))[:2] == (0, "Ash Wolves\n")
    code, out, _ = run(capsys, "--db", str(db), "show", "Ash Wolves", "--json")
    assert code == 0 and json.loads(out)["name"] == "Ash Wolves"


@pytest.mark.parametrize("name", ["Red\x1b[31mHand", "Nul\x00l", "x" * 121])
def test_control_characters_and_overlong_names_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], db: Path, name: str
) -> None:
    path = _gang_file(tmp_path, capsys, db, name)
    before = all_rows(db)
    code, _, err = run(capsys, "--db", str(db), "import", str(path))
    assert code == 2 and err.count("\n") == 1 and "\x1b" not in err and "\x00" not in err
    assert all_rows(db) == before


def test_a_damaged_gang_is_one_line_for_show_and_export(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], db: Path
) -> None:
    with sqlite3.connect(db) as connection:  # what an older version let through
        connection.execute("UPDATE gangs SET name = '' WHERE id = 1")
    code, out, _ = run(capsys, "--db", str(db), "list")
    assert code == 0 and out.startswith("1\t")
    for argv in (["show", "1"], ["export", "1", "-o", str(tmp_path / "out.json")]):
        code, out, err = run(capsys, "--db", str(db), *argv)
        assert (code, out) == (2, ""), argv
        assert err.count("\n") == 1 and "damaged" in err and "rename or delete" in err
    assert not (tmp_path / "out.json").exists()


def test_the_command_line_never_prints_raw_control_characters(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], db: Path
) -> None:
    """A house, a type or a name stored by an older version may hold escape sequences."""
    with sqlite3.connect(db) as connection:
        connection.execute("UPDATE gangs SET house = 'Orlock\x1b[2J\x07', name = 'Rust\x9b31m'")
        connection.execute("UPDATE fighters SET type = 'Gunner\x1b]0;owned\x07'")
    for argv in (["list"], ["show", "1"], ["show", "nobody\x1b[2J"]):
        main(["--db", str(db), *argv])
        out, err = capsys.readouterr()
        printed = out + err
        assert not any(
            (ord(c) < 0x20 and c not in "\n\t") or 0x7F <= ord(c) < 0xA0 for c in printed
        ), argv
    assert "\\x1b[2J" in printed  # shown escaped, so the player sees what is there
