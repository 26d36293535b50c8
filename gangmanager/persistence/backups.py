"""Automatic backups of a SQLite database and restoring one of them.

Backups live in a folder beside the database, `<stem>.backups/` (so
`gangs.sqlite` keeps its copies in `gangs.backups/`): they travel with the
file to a USB stick or a club's shared folder, and two databases never mix
their copies. Each backup is a whole, self-contained SQLite file named
`backup-YYYY-mm-dd-HH.MM.SS.sqlite` (local time), made with SQLite's backup
API from a read-only connection, so pages still in the write-ahead log are
included and the original is never written.

Opening a database takes a backup when the newest is a day old or more (or
none exists); the newest `KEEP` are kept, like Anki. Every write goes to a
temporary name first and is renamed into place, so a full disk or a
read-only folder leaves nothing half-written behind.
"""

from __future__ import annotations

import errno
import os
import re
import shutil
import sqlite3
import uuid
from collections.abc import Iterable
from contextlib import closing, suppress
from dataclasses import dataclass
from datetime import datetime, timedelta
from glob import escape as glob_escape
from pathlib import Path

from gangmanager.errors import DISK_FULL, DatabaseError
from gangmanager.persistence.database_inspection import (
    _inspect_file,
    _Plan,
    _plan,
    _read_only_uri,
)

KEEP = 10
INTERVAL = timedelta(days=1)
# A temporary file untouched for this long belongs to a copy that was killed.
LEFTOVER_AGE = timedelta(minutes=10)
FOLDER_SUFFIX = ".backups"
_STAMP = "%Y-%m-%d-%H.%M.%S"
_NAME = re.compile(
    r"^backup-(?P<stamp>\d{4}-\d\d-\d\d-\d\d\.\d\d\.\d\d)(?:-(?P<n>\d+))?"
    r"(?P<before_restore>-before-restore)?\.sqlite$"
)
# SQLite's primary result codes (the low byte of `sqlite_errorcode`).
_SQLITE_READONLY, _SQLITE_CANTOPEN, _SQLITE_FULL = 8, 14, 13


class BackupError(DatabaseError):
    """A backup that could not be made or restored; nothing was left half-written."""


@dataclass(frozen=True)
class Backup:
    path: Path
    # When it was taken (local time, read from the file name).
    created: datetime
    size: int
    # Taken automatically just before another backup replaced the database.
    before_restore: bool = False

    @property
    def name(self) -> str:
        return self.path.name


@dataclass(frozen=True)
class Restored:
    """The outcome of a restore: what the database came from, where the old one went."""

    database: Path
    source: Path
    # The database as it was before the restore (None if there was none).
    saved_as: Backup | None
    # A raw copy kept when the old database was too damaged to back up properly.
    damaged_copy: Path | None = None


def backup_folder(path: Path) -> Path:
    """`gangs.sqlite` -> `gangs.backups/` beside it."""
    return path.with_name(path.stem + FOLDER_SUFFIX)


def database_file(target: str) -> Path:
    """The SQLite file behind a path or SQLAlchemy URL; BackupError for anything else."""
    if "://" not in target:
        return Path(target).expanduser().resolve()
    from sqlalchemy import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        url = make_url(target)
    except ArgumentError as exc:
        raise BackupError(f"{target}: not a database path or URL") from exc
    database = url.database or ""
    if (
        url.get_backend_name() != "sqlite"
        or database in ("", ":memory:")
        or database.startswith("file:")
    ):
        shown = url.render_as_string(hide_password=True)
        raise BackupError(f"{shown}: backups are made for SQLite files only")
    return Path(database).expanduser().resolve()


def list_backups(path: Path) -> list[Backup]:
    """The backups of the database at `path`, newest first."""
    folder = backup_folder(path)
    found: list[Backup] = []
    try:
        entries = list(folder.iterdir())
    except (FileNotFoundError, NotADirectoryError):
        return []
    except OSError as exc:
        raise BackupError(f"{folder}: cannot read the backups ({_reason(exc)})") from exc
    for entry in entries:
        backup = _backup_of(entry)
        if backup is not None:
            found.append(backup)
    # Same second: the numbered copy (`-2`) is the later one.
    found.sort(key=lambda b: (b.created, _sequence(b.path.name), b.name), reverse=True)
    return found


def make_backup(
    path: Path,
    *,
    now: datetime | None = None,
    before_restore: bool = False,
    keep: int = KEEP,
    protect: Iterable[Path] = (),
) -> Backup:
    """Copy the database into its backups folder, then keep only the newest `keep`."""
    now = now or datetime.now()
    folder = backup_folder(path)
    created_folder = not folder.exists()
    try:
        folder.mkdir(exist_ok=True)
    except OSError as exc:
        raise BackupError(f"{path}: cannot back up into {folder} ({_reason(exc)})") from exc
    target = _free_name(folder, now, before_restore)
    try:
        _write_copy(path, target)
    except BackupError:
        if created_folder:
            with suppress(OSError):
                folder.rmdir()
        raise
    prune(path, keep=keep, protect=[*protect, target])
    made = _backup_of(target)
    assert made is not None  # `_free_name` only makes names `_NAME` matches.
    return made


def prune(path: Path, *, keep: int = KEEP, protect: Iterable[Path] = ()) -> list[Path]:
    """Delete all but the newest `keep` backups (never one in `protect`); returns the deleted."""
    spared = {p.resolve() for p in protect}
    deleted: list[Path] = []
    for old in list_backups(path)[keep:]:
        if old.path.resolve() in spared:
            continue
        try:
            old.path.unlink()
        except OSError:
            continue  # A copy too many is better than failing the user's action.
        deleted.append(old.path)
    return deleted


def backup_due(path: Path, *, now: datetime | None = None) -> bool:
    """True when there is no backup, or the newest is a day old or more."""
    now = now or datetime.now()
    backups = list_backups(path)
    if not backups:
        return True
    age = now - backups[0].created
    # A newest backup "in the future" means the clock was moved: do not trust it.
    return not timedelta(0) <= age < INTERVAL


def daily_backup(path: Path, *, now: datetime | None = None) -> Backup | None:
    """A backup if one is due (see `backup_due`), else None."""
    if not backup_due(path, now=now):
        return None
    return make_backup(path, now=now)


def check_writable(path: Path) -> None:
    """Refuse, in one line, a database whose folder or file cannot be written.

    SQLite needs to create `-wal` and `-shm` files beside the database, and the
    backups go there too: better to say so now than fail at the first save.
    """
    folder = path.parent
    if not os.access(folder, os.W_OK):
        raise BackupError(
            f"{path}: the folder {folder} is read-only; Gang Manager writes beside its "
            "database (journal, backups): copy the file to a folder you can write to"
        )
    if path.exists() and not os.access(path, os.W_OK):
        raise BackupError(f"{path}: the file is read-only; make it writable or copy it to open it")


def before_open(path: Path, *, new: bool, now: datetime | None = None) -> Backup | None:
    """What `open_database` does with a SQLite file before anything writes to it.

    A read-only folder or file is refused; an existing database gets its
    daily backup, taken of the file exactly as found (before any upgrade).
    """
    check_writable(path)
    remove_leftovers(path)
    if new:
        return None
    return daily_backup(path, now=now)


def remove_leftovers(path: Path, *, now: datetime | None = None) -> list[Path]:
    """Delete the temporary files of a backup, upgrade or restore that was killed.

    Only our own hidden temporary names, and only once untouched for
    LEFTOVER_AGE: a copy another process is writing right now is left alone.
    """
    moment = (now or datetime.now()).timestamp()
    folder = backup_folder(path)
    candidates = [
        *path.parent.glob(f".{glob_escape(path.name)}.restoring-*"),
        *path.parent.glob(f".{glob_escape(path.stem)}.backup-*.tmp*"),
        *(folder.glob(".backup-*.tmp*") if folder.is_dir() else []),
    ]
    removed: list[Path] = []
    for leftover in candidates:
        with suppress(OSError):
            if moment - leftover.stat().st_mtime >= LEFTOVER_AGE.total_seconds():
                leftover.unlink()
                removed.append(leftover)
    return removed


def check_backup(backup: Path) -> None:
    """Refuse, in one line, a file that is not a Gang Manager database we can open."""
    if not backup.is_file():
        raise BackupError(f"{backup}: no such backup file")
    try:
        state = _inspect_file(backup)  # Refuses non-SQLite, corrupt and unreadable files.
        if state is None:
            raise BackupError(f"{backup}: not a Gang Manager database (the file is empty)")
        plan = _plan(str(backup), state)
    except BackupError:
        raise
    except DatabaseError as exc:
        raise BackupError(str(exc)) from exc
    if plan is _Plan.CREATE:
        raise BackupError(f"{backup}: not a Gang Manager database (it has no tables)")


def restore_backup(path: Path, backup: Path, *, now: datetime | None = None) -> Restored:
    """Replace the database at `path` with `backup`, after backing up the current one.

    The database must not be open (close every connection first). Steps, each
    safe to interrupt: check the backup; copy it beside the database under a
    temporary name; back up the current database (a raw copy if it is too
    damaged for SQLite to read); fold its write-ahead log into the file and
    drop the side files; rename the copy over it (atomic on one file system).
    """
    backup = Path(backup)
    check_backup(backup)
    if backup.resolve() == path.resolve():
        raise BackupError(f"{backup}: this is the database itself, not a backup")
    check_writable(path)
    staged = path.with_name(f".{path.name}.restoring-{uuid.uuid4().hex[:8]}")
    try:
        _copy_database(backup, staged)
    except (OSError, sqlite3.Error) as exc:
        _remove(staged)
        raise BackupError(f"{path}: cannot restore {backup.name} ({_reason(exc)})") from exc
    try:
        saved: Backup | None = None
        damaged: Path | None = None
        if path.exists() and path.stat().st_size > 0:
            try:
                saved = make_backup(path, now=now, before_restore=True, protect=[backup])
            except BackupError as exc:
                if not isinstance(exc.__cause__, sqlite3.DatabaseError) or _is_io(exc.__cause__):
                    raise
                damaged = _raw_copy(path, now=now)
            _checkpoint(path)
        for side in _side_files(path):
            side.unlink(missing_ok=True)
        os.replace(staged, path)
    except OSError as exc:
        raise BackupError(f"{path}: cannot restore {backup.name} ({_reason(exc)})") from exc
    finally:
        _remove(staged)
    _sync_folder(path.parent)
    return Restored(path, backup, saved, damaged)


# ------------------------------------------------------------------ copying


def _write_copy(source: Path, target: Path) -> None:
    """Copy `source` to `target` through a temporary name: `target` appears whole or not at all."""
    temporary = target.with_name(f".{target.name}.{uuid.uuid4().hex[:8]}.tmp")
    try:
        _copy_database(source, temporary)
        os.replace(temporary, target)
    except (OSError, sqlite3.Error) as exc:
        raise BackupError(
            f"{source}: cannot back up into {target.parent} ({_reason(exc)})"
        ) from exc
    finally:
        _remove(temporary)
    _sync_folder(target.parent)


def _copy_database(source: Path, target: Path) -> None:
    """SQLite's backup API from a read-only connection into a new, self-contained file."""
    with (
        closing(sqlite3.connect(_read_only_uri(source), uri=True)) as reader,
        closing(sqlite3.connect(target)) as copy,
    ):
        reader.backup(copy)
        # The copy inherits WAL mode; a rollback journal keeps it one file that can be moved.
        copy.execute("PRAGMA journal_mode=DELETE")


def _raw_copy(path: Path, *, now: datetime | None) -> Path:
    """Bytes of a database SQLite cannot read, with its -wal, kept for a rescue attempt."""
    folder = backup_folder(path)
    stamp = (now or datetime.now()).strftime(_STAMP)
    target = folder / f"damaged-{stamp}-{uuid.uuid4().hex[:6]}.sqlite"
    try:
        shutil.copyfile(path, target)
        wal = path.with_name(path.name + "-wal")
        if wal.exists():
            shutil.copyfile(wal, target.with_name(target.name + "-wal"))
    except OSError as exc:
        _remove(target)
        _remove(target.with_name(target.name + "-wal"))
        raise BackupError(f"{path}: cannot keep a copy before restoring ({_reason(exc)})") from exc
    return target


def _checkpoint(path: Path) -> None:
    """Move committed pages from the -wal into the file, so dropping the -wal loses nothing."""
    with suppress(sqlite3.Error), closing(sqlite3.connect(path)) as connection:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")


def _side_files(path: Path) -> list[Path]:
    # A -wal left behind would be replayed over the restored file and corrupt it.
    return [path.with_name(path.name + suffix) for suffix in ("-wal", "-shm", "-journal")]


def _free_name(folder: Path, now: datetime, before_restore: bool) -> Path:
    """`backup-<stamp>.sqlite`, numbered `-2`, `-3`... after others of the same second."""
    stamp = now.strftime(_STAMP)
    tail = "-before-restore" if before_restore else ""
    n = 1
    while True:
        base = f"backup-{stamp}" + (f"-{n}" if n > 1 else "")
        # Either kind taken: the number alone then orders copies made within one second.
        if not any((folder / f"{base}{t}.sqlite").exists() for t in ("", "-before-restore")):
            return folder / f"{base}{tail}.sqlite"
        n += 1


def _backup_of(path: Path) -> Backup | None:
    """The backup a file in the backups folder is, or None for anything else there."""
    match = _NAME.match(path.name)
    if match is None:
        return None
    try:
        size = path.stat().st_size
    except OSError:
        return None  # Removed meanwhile.
    created = datetime.strptime(match["stamp"], _STAMP)
    return Backup(path, created, size, match["before_restore"] is not None)


def _sequence(name: str) -> int:
    match = _NAME.match(name)
    return int(match["n"]) if match and match["n"] else 1


def _remove(path: Path) -> None:
    with suppress(OSError):
        path.unlink(missing_ok=True)


def _sync_folder(folder: Path) -> None:
    """Make a rename durable (POSIX); where folders cannot be opened, nothing to do."""
    with suppress(OSError):
        descriptor = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)


def _is_io(exc: BaseException) -> bool:
    """A SQLite error that is about the disk, not about the file's content."""
    code = getattr(exc, "sqlite_errorcode", 0) & 0xFF
    return isinstance(exc, sqlite3.OperationalError) or code in (
        _SQLITE_FULL,
        _SQLITE_READONLY,
        _SQLITE_CANTOPEN,
    )


def _reason(exc: BaseException) -> str:
    """Why a write failed, in words a player can act on."""
    if isinstance(exc, OSError):
        if exc.errno in (errno.ENOSPC, errno.EDQUOT):
            return DISK_FULL
        if exc.errno == errno.EROFS:
            return "the disk is read-only"
        if exc.errno in (errno.EACCES, errno.EPERM):
            return "permission denied: the folder is read-only"
        return exc.strerror or str(exc)
    code = getattr(exc, "sqlite_errorcode", 0) & 0xFF
    if code == _SQLITE_FULL:
        return DISK_FULL
    if code in (_SQLITE_READONLY, _SQLITE_CANTOPEN):
        return "cannot write there: the folder may be read-only"
    return re.sub(r"\s+", " ", str(exc)).strip() or type(exc).__name__
