"""Daily backups on open, keeping ten, and restoring one after backing up the current file."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from contextlib import closing
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from gangmanager.persistence import backups
from gangmanager.persistence.backups import BackupError, backup_folder, list_backups
from gangmanager.persistence.database import DatabaseError, open_database, sqlite_url
from gangmanager.rules.gang import Gang

NOON = datetime(2025, 3, 14, 12, 0, 0)


def gang_names(path: Path) -> list[str]:
    with closing(sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)) as conn:
        return [row[0] for row in conn.execute("SELECT name FROM gangs ORDER BY name")]


def add(path: Path, gang: Gang) -> None:
    with open_database(sqlite_url(path)) as db, db.unit_of_work() as uow:
        uow.gangs.add(gang)
        uow.commit()


@pytest.fixture
def stored(db_path: Path, gang: Gang) -> Path:
    """A database holding one gang and no backup yet."""
    add(db_path, gang)
    for backup in list_backups(db_path):
        backup.path.unlink()
    return db_path


def test_a_new_database_gets_no_backup_the_second_open_does(db_path: Path) -> None:
    open_database(sqlite_url(db_path)).close()
    assert not backup_folder(db_path).exists()

    open_database(sqlite_url(db_path)).close()
    (first,) = list_backups(db_path)
    assert first.path.parent == db_path.parent / "gangs.backups"
    assert first.name.startswith("backup-") and first.name.endswith(".sqlite")
    assert first.size == first.path.stat().st_size > 0

    # Within a day: no second copy.
    open_database(sqlite_url(db_path)).close()
    assert list_backups(db_path) == [first]


def test_a_backup_is_taken_when_the_newest_is_a_day_old(stored: Path) -> None:
    assert backups.daily_backup(stored, now=NOON) is not None
    assert backups.daily_backup(stored, now=NOON + timedelta(hours=23, minutes=59)) is None
    later = backups.daily_backup(stored, now=NOON + timedelta(days=1))
    assert later is not None and later.created == NOON + timedelta(days=1)
    assert [b.created for b in list_backups(stored)] == [NOON + timedelta(days=1), NOON]


def test_a_clock_set_back_does_not_stop_backups(stored: Path) -> None:
    backups.make_backup(stored, now=NOON + timedelta(days=30))
    assert backups.daily_backup(stored, now=NOON) is not None


def test_only_the_newest_ten_are_kept(stored: Path) -> None:
    for day in range(13):
        backups.make_backup(stored, now=NOON + timedelta(days=day))
    kept = list_backups(stored)
    assert len(kept) == backups.KEEP == 10
    assert [b.created for b in kept] == [NOON + timedelta(days=d) for d in range(12, 2, -1)]
    assert len(list(backup_folder(stored).iterdir())) == 10


def test_other_files_in_the_folder_are_neither_listed_nor_pruned(stored: Path) -> None:
    folder = backup_folder(stored)
    folder.mkdir()
    mine = folder / "my copy.sqlite"
    mine.write_text("not ours")
    for day in range(12):
        backups.make_backup(stored, now=NOON + timedelta(days=day))
    assert mine.exists()
    assert mine not in [b.path for b in list_backups(stored)]


def test_two_backups_in_the_same_second_are_both_kept_newest_first(stored: Path) -> None:
    first = backups.make_backup(stored, now=NOON)
    second = backups.make_backup(stored, now=NOON)
    third = backups.make_backup(stored, now=NOON, before_restore=True)
    assert len({first.path, second.path, third.path}) == 3
    assert third.name == "backup-2025-03-14-12.00.00-3-before-restore.sqlite"
    assert [b.path for b in list_backups(stored)] == [third.path, second.path, first.path]


def test_a_backup_holds_commits_still_in_the_write_ahead_log(db_path: Path, gang: Gang) -> None:
    with open_database(sqlite_url(db_path)) as db:
        with db.unit_of_work() as uow:
            uow.gangs.add(gang)
            uow.commit()
        # The engine is still open: the gang is in gangs.sqlite-wal, not yet in the file.
        assert db_path.with_name("gangs.sqlite-wal").stat().st_size > 0
        made = backups.make_backup(db_path, now=NOON)
    assert gang_names(made.path) == ["Iron Brothers"]
    # Self-contained: one file in rollback-journal mode, no side files, intact.
    assert sorted(p.name for p in made.path.parent.iterdir()) == [made.name]
    with closing(sqlite3.connect(made.path)) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone() == ("delete",)
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)


def test_restore_puts_the_backup_in_place_after_backing_up_the_current(
    stored: Path, gang_of: Callable[[int], Gang]
) -> None:
    old = backups.make_backup(stored, now=NOON)
    with open_database(sqlite_url(stored)) as db:
        with db.unit_of_work() as uow:
            uow.gangs.add(gang_of(3))
            uow.commit()
        assert gang_names(stored) == ["3 strong", "Iron Brothers"]
    # Leave a -wal behind, as a crash would: it must not be replayed over the backup.
    with closing(sqlite3.connect(stored)) as conn:
        conn.execute("PRAGMA wal_autocheckpoint=0")
        conn.execute("UPDATE gangs SET notes = 'in the wal'")
        conn.commit()
        restored = backups.restore_backup(stored, old.path, now=NOON + timedelta(hours=1))

    assert restored.source == old.path and restored.damaged_copy is None
    saved = restored.saved_as
    assert saved is not None and saved.before_restore
    assert saved.name == "backup-2025-03-14-13.00.00-before-restore.sqlite"
    assert gang_names(saved.path) == ["3 strong", "Iron Brothers"]
    with closing(sqlite3.connect(f"{saved.path.as_uri()}?mode=ro", uri=True)) as conn:
        assert {row[0] for row in conn.execute("SELECT notes FROM gangs")} == {"in the wal"}
    # (The open above took today's daily backup too.)
    assert {saved.path, old.path} < {b.path for b in list_backups(stored)}

    assert gang_names(stored) == ["Iron Brothers"]
    # No staging file, -wal or -shm of the old database is left beside it.
    assert sorted(p.name for p in stored.parent.iterdir()) == ["gangs.backups", "gangs.sqlite"]
    with open_database(sqlite_url(stored)) as db, db.unit_of_work() as uow:
        assert [s.name for s in uow.gangs.list()] == ["Iron Brothers"]


def test_restoring_the_oldest_of_ten_keeps_it(stored: Path) -> None:
    for day in range(10):
        backups.make_backup(stored, now=NOON + timedelta(days=day))
    oldest = list_backups(stored)[-1]
    backups.restore_backup(stored, oldest.path, now=NOON + timedelta(days=20))
    assert oldest.path.exists()


def test_a_damaged_database_is_kept_as_raw_bytes_and_the_backup_restored(stored: Path) -> None:
    good = backups.make_backup(stored, now=NOON)
    data = bytearray(stored.read_bytes())
    data[100:4096] = b"\xff" * (4096 - 100)  # The schema page: SQLite cannot read it.
    stored.write_bytes(bytes(data))

    restored = backups.restore_backup(stored, good.path, now=NOON + timedelta(hours=1))

    assert restored.saved_as is None
    assert restored.damaged_copy is not None
    assert restored.damaged_copy.read_bytes() == bytes(data)
    assert gang_names(stored) == ["Iron Brothers"]


def foreign(path: Path) -> None:
    with closing(sqlite3.connect(path)) as conn:
        conn.execute("CREATE TABLE recipes (id INTEGER PRIMARY KEY)")
        conn.commit()


def newer(path: Path) -> None:
    with closing(sqlite3.connect(path)) as conn:
        conn.execute("UPDATE alembic_version SET version_num = '0099'")
        conn.commit()


def replaced_by_foreign(path: Path) -> None:
    path.unlink()
    foreign(path)


@pytest.mark.parametrize(
    ("spoil", "reason"),
    [
        (lambda p: p.write_text("name,house\n"), "not a Gang Manager database (not an SQLite"),
        (lambda p: p.write_bytes(b""), "not a Gang Manager database (the file is empty)"),
        (replaced_by_foreign, "not a Gang Manager database (it has tables recipes)"),
        (newer, "made by a newer Gang Manager (schema 0099)"),
        (lambda p: p.unlink(), "no such backup file"),
    ],
    ids=["text", "empty", "foreign", "newer", "missing"],
)
def test_restore_refuses_what_is_not_a_gang_manager_backup(
    stored: Path, spoil: Callable[[Path], object], reason: str
) -> None:
    suspect = backups.make_backup(stored, now=NOON).path
    spoil(suspect)
    before = stored.read_bytes()
    listing = sorted(p.name for p in stored.parent.rglob("*"))

    with pytest.raises(BackupError) as caught:
        backups.restore_backup(stored, suspect)

    assert str(caught.value).startswith(f"{suspect}: ")
    assert reason in str(caught.value)
    assert stored.read_bytes() == before
    assert sorted(p.name for p in stored.parent.rglob("*")) == listing


def test_the_database_itself_is_not_a_backup(stored: Path) -> None:
    with pytest.raises(BackupError, match="the database itself"):
        backups.restore_backup(stored, stored)


# ------------------------------------------------------------ full disk, read-only folder


def no_space(source: Path, target: Path) -> None:
    """Half a file written, then the disk is full."""
    target.write_bytes(source.read_bytes()[:1000])
    raise OSError(28, "No space left on device")


def test_full_disk_on_open_is_one_clear_line_and_nothing_is_written(
    stored: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(backups, "_copy_database", no_space)
    before = stored.read_bytes()
    listing = sorted(p.name for p in stored.parent.iterdir())

    with pytest.raises(DatabaseError) as caught:
        open_database(sqlite_url(stored))

    assert str(caught.value) == (
        f"{stored}: cannot back up into {backup_folder(stored)} "
        "(the disk is full: free some space and try again)"
    )
    assert stored.read_bytes() == before
    # Neither the half-written copy nor the new backups folder is left.
    assert sorted(p.name for p in stored.parent.iterdir()) == listing


def test_full_disk_inside_sqlite_is_reported_the_same_way(
    stored: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def sqlite_full(source: Path, target: Path) -> None:
        target.write_bytes(b"SQLite format 3\x00")
        error = sqlite3.OperationalError("database or disk is full")
        error.sqlite_errorcode = 13
        raise error

    backup_folder(stored).mkdir()
    monkeypatch.setattr(backups, "_copy_database", sqlite_full)
    with pytest.raises(BackupError, match=r"\(the disk is full: free some space and try again\)$"):
        backups.make_backup(stored)
    assert list(backup_folder(stored).iterdir()) == []


def test_full_disk_while_restoring_leaves_the_database_as_it_was(
    stored: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    good = backups.make_backup(stored, now=NOON)
    before = stored.read_bytes()
    listing = sorted(p.name for p in stored.parent.rglob("*"))
    real_copy = backups._copy_database
    calls: list[Path] = []

    def copy_then_full(source: Path, target: Path) -> None:
        calls.append(target)
        if len(calls) == failing_call:
            no_space(source, target)
        real_copy(source, target)

    monkeypatch.setattr(backups, "_copy_database", copy_then_full)
    # 1: staging the backup beside the database; 2: backing up the current database.
    for failing_call in (1, 2):
        calls.clear()
        with pytest.raises(BackupError, match="the disk is full"):
            backups.restore_backup(stored, good.path)
        assert len(calls) == failing_call
        assert stored.read_bytes() == before
        assert sorted(p.name for p in stored.parent.rglob("*")) == listing


def test_read_only_folder_is_refused_before_anything_is_written(
    stored: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As root `chmod` does not stop writes, so the permission check itself is simulated."""
    real_access = os.access

    def read_only(path: str | os.PathLike[str], mode: int) -> bool:
        return False if mode == os.W_OK else real_access(path, mode)

    monkeypatch.setattr(backups.os, "access", read_only)
    before = stored.read_bytes()
    listing = sorted(p.name for p in stored.parent.iterdir())
    with pytest.raises(DatabaseError) as caught:
        open_database(sqlite_url(stored))
    message = str(caught.value)
    assert message.startswith(f"{stored}: the folder {stored.parent} is read-only")
    assert "\n" not in message
    assert stored.read_bytes() == before
    assert sorted(p.name for p in stored.parent.iterdir()) == listing


def without_root_powers(probe_folder: Path) -> list[str]:
    """A command prefix under which chmod binds: none for a user, `setpriv` for root.

    Root writes through chmod, so as root the capability that allows it is dropped
    for the child process; `probe_folder` (read-only) checks that it worked.
    """
    if not hasattr(os, "geteuid"):
        pytest.skip("no POSIX permissions here")
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("running as root without setpriv (util-linux)")
    drop = "-dac_override,-dac_read_search"
    command = [setpriv, f"--bounding-set={drop}", f"--inh-caps={drop}"]
    probe = subprocess.run([*command, "touch", str(probe_folder / "probe")], capture_output=True)
    if probe.returncode == 0:
        (probe_folder / "probe").unlink()
        pytest.skip("setpriv could not drop the capability here")
    return command


# Opens the database, then (if it exists) backs it up: one line per refusal.
READ_ONLY_SCRIPT = """
import sys
from pathlib import Path
from gangmanager.persistence import backups
from gangmanager.persistence.database import DatabaseError, open_database, sqlite_url
path = Path(sys.argv[1])
try:
    open_database(sqlite_url(path)).close()
except DatabaseError as exc:
    print("open:", exc)
if path.exists():
    try:
        backups.make_backup(path)
    except backups.BackupError as exc:
        print("backup:", exc)
"""


@pytest.mark.parametrize("new", [False, True], ids=["existing", "new"])
def test_a_really_read_only_folder_is_refused(tmp_path: Path, gang: Gang, new: bool) -> None:
    """Real permissions, not simulated: as a user, or as root through `setpriv`."""
    folder = tmp_path / "ro"
    folder.mkdir()
    path = folder / "gangs.sqlite"
    if not new:
        add(path, gang)
    listing = sorted(p.name for p in folder.iterdir())
    before = path.read_bytes() if not new else None
    folder.chmod(0o555)
    try:
        prefix = without_root_powers(folder)
        result = subprocess.run(
            [*prefix, sys.executable, "-c", READ_ONLY_SCRIPT, str(path)],
            capture_output=True,
            text=True,
            timeout=60,
        )
    finally:
        folder.chmod(0o755)
    assert result.stderr == ""
    lines = result.stdout.splitlines()
    assert lines[0].startswith(f"open: {path}: the folder {folder} is read-only")
    if new:
        assert len(lines) == 1
    else:
        # The backups folder cannot be made either.
        assert len(lines) == 2 and "read-only" in lines[1]
    assert sorted(p.name for p in folder.iterdir()) == listing
    assert (path.read_bytes() if not new else None) == before


def test_a_read_only_folder_for_a_process_without_root_powers(tmp_path: Path, gang: Gang) -> None:
    """The command line's one-line refusal, with real permissions."""
    path = tmp_path / "ro" / "gangs.sqlite"
    path.parent.mkdir()
    add(path, gang)
    before = path.read_bytes()
    path.parent.chmod(0o555)
    try:
        prefix = without_root_powers(path.parent)
        result = subprocess.run(
            [*prefix, sys.executable, "-m", "gangmanager.launcher", "list", "--db", str(path)],
            capture_output=True,
            text=True,
            timeout=60,
        )
    finally:
        path.parent.chmod(0o755)
    assert result.returncode == 2
    assert result.stderr == (
        f"gangmanager: {path}: the folder {path.parent} is read-only; Gang Manager writes "
        "beside its database (journal, backups): copy the file to a folder you can write to\n"
    )
    assert path.read_bytes() == before
    assert [p.name for p in path.parent.iterdir()] == ["gangs.sqlite"]
