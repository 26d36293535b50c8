"""`export -o PATH` replaces a gang file, never the open database, a backup, a
folder or a device; a refusal is one line, exit 2, and leaves no .tmp behind."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from gangmanager.cli import main

from ..db_rows import all_rows


@pytest.fixture
def db(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "gm.sqlite"
    assert main(["--db", str(path), "demo"]) == 0
    capsys.readouterr()
    return path


def _refused(capsys: pytest.CaptureFixture[str], db: Path, target: Path, why: str) -> None:
    before = all_rows(db)
    code = main(["--db", str(db), "export", "1", "-o", str(target)])
    out, err = capsys.readouterr()
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and why in err
    assert all_rows(db) == before
    assert not [p for p in target.parent.iterdir() if p.name.endswith(".tmp")]


def test_export_refuses_the_open_database(capsys: pytest.CaptureFixture[str], db: Path) -> None:
    _refused(capsys, db, db, "is the open database")


def test_export_refuses_a_link_to_the_open_database(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], db: Path
) -> None:
    link = tmp_path / "gang.json"
    link.symlink_to(db)
    _refused(capsys, db, link, "is the open database")


def test_export_refuses_a_backup(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], db: Path
) -> None:
    assert main(["--db", str(db), "backup", "create"]) == 0
    capsys.readouterr()
    (backup,) = (tmp_path / "gm.backups").glob("backup-*.sqlite")
    size = backup.stat().st_size
    _refused(capsys, db, backup, "is a database (or a backup of one)")
    assert backup.stat().st_size == size


def test_export_refuses_a_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], db: Path
) -> None:
    folder = tmp_path / "exports"
    folder.mkdir()
    _refused(capsys, db, folder, "is a folder")


def test_export_refuses_a_special_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], db: Path
) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    _refused(capsys, db, fifo, "not a regular file")
    assert fifo.is_fifo()


def test_export_replaces_an_older_gang_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], db: Path
) -> None:
    target = tmp_path / "rust.gang.json"
    target.write_text("old", encoding="utf-8")
    assert main(["--db", str(db), "export", "1", "-o", str(target)]) == 0
    assert target.read_text(encoding="utf-8").startswith('{\n  "format": "gangmanager/gang"')
    assert not list(tmp_path.glob("*.tmp")) and not list(tmp_path.glob(".*.tmp"))
