"""A full disk says so on every write ("the disk is full"), never "disk I/O error".

SQLite reports a full disk in several ways: SQLITE_FULL from a write, and
SQLITE_IOERR (its shared-memory file could not grow, SQLITE_IOERR_SHMSIZE)
when the WAL index is extended on a disk with no room left. The first test
fills a real small file system when the machine lets the test mount one; the
others inject SQLite's own errors at the driver, so they run everywhere.
"""

from __future__ import annotations

import errno
import os
import shutil
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import event

from gangmanager.cli import main
from gangmanager.errors import DISK_FULL, write_failure
from gangmanager.persistence.database import Database, open_database, sqlite_url
from gangmanager.rules.gang import Gang
from gangmanager.services import gangs
from gangmanager.services.errors import ServiceError
from gangmanager.services.rulesets import Rulesets

SQLITE_FULL, SQLITE_IOERR_SHMSIZE, SQLITE_IOERR_FSYNC = 13, 4874, 1034


def _sqlite_error(message: str, code: int) -> sqlite3.OperationalError:
    error = sqlite3.OperationalError(message)
    error.sqlite_errorcode = code
    return error


@pytest.fixture
def db(tmp_path: Path, rulesets: Rulesets) -> Iterator[Database]:
    with open_database(sqlite_url(tmp_path / "gm.sqlite")) as database:
        gangs.add_gang(database, rulesets, Gang(name="First"))
        yield database


def _fail_writes(db: Database, error: sqlite3.OperationalError) -> None:
    def refuse(conn: object, cursor: object, statement: str, *args: object) -> None:
        if statement.lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE")):
            raise error

    event.listen(db.engine, "before_cursor_execute", refuse)


@pytest.mark.parametrize(
    ("message", "code"),
    [("database or disk is full", SQLITE_FULL), ("disk I/O error", SQLITE_IOERR_SHMSIZE)],
    ids=["SQLITE_FULL", "SQLITE_IOERR_SHMSIZE"],
)
def test_a_write_on_a_full_disk_says_the_disk_is_full(
    db: Database, message: str, code: int, rulesets: Rulesets
) -> None:
    _fail_writes(db, _sqlite_error(message, code))
    with pytest.raises(ServiceError) as refused:
        gangs.add_gang(db, rulesets, Gang(name="Second"))
    assert str(refused.value).startswith(DISK_FULL) and "I/O" not in str(refused.value)
    assert [g.name for g in gangs.list_gangs(db)] == ["First"]


def test_another_io_error_with_room_on_the_disk_is_not_called_full(
    db: Database, rulesets: Rulesets
) -> None:
    _fail_writes(db, _sqlite_error("disk I/O error", SQLITE_IOERR_FSYNC))
    with pytest.raises(ServiceError) as refused:
        gangs.add_gang(db, rulesets, Gang(name="Second"))
    assert "full" not in str(refused.value) and "could not write" in str(refused.value)


def test_a_file_written_on_a_full_disk_says_so() -> None:
    assert write_failure(OSError(errno.ENOSPC, "No space left on device")) == DISK_FULL
    assert write_failure(OSError(errno.EACCES, "Permission denied")) == "Permission denied"


@pytest.fixture
def tiny_disk(tmp_path: Path) -> Iterator[Path]:
    """A 700 kB file system, where the machine allows mounting one (root, Linux)."""
    mount = tmp_path / "tiny"
    mount.mkdir()
    mounted = shutil.which("mount") is not None and (
        subprocess.run(
            ["mount", "-t", "tmpfs", "-o", "size=700k", "tmpfs", str(mount)],
            capture_output=True, check=False,
        ).returncode == 0
    )  # fmt: skip
    if not mounted:
        pytest.skip("cannot mount a small file system here (needs root)")
    try:
        yield mount
    finally:
        subprocess.run(["umount", str(mount)], check=False)


def test_a_really_full_disk_says_so_on_the_command_line(
    tiny_disk: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tiny_disk / "gm.sqlite")
    assert main(["--db", db, "demo"]) == 0
    # Fill what is left of the disk, then try to write.
    filler = os.open(tiny_disk / "filler", os.O_WRONLY | os.O_CREAT)
    try:
        while os.write(filler, b"\0" * 4096):
            pass
    except OSError as exc:
        assert exc.errno == errno.ENOSPC
    finally:
        os.close(filler)
    capsys.readouterr()
    codes = [main(["--db", db, "demo"]) for _ in range(3)]
    _, err = capsys.readouterr()
    assert codes == [2, 2, 2], err
    lines = err.splitlines()
    assert len(lines) == 3 and all(DISK_FULL in line for line in lines), err
    assert "I/O" not in err
