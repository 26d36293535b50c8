"""Backup use cases: list, take and restore backups of the database file.

The command line works from the file alone (a database too damaged to open
can still be restored); the window uses `restore_and_reopen`, which closes
its open database, restores and hands back the reopened one.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from gangmanager.errors import DatabaseError
from gangmanager.persistence import backups
from gangmanager.persistence.backups import Backup, Restored
from gangmanager.persistence.database import Database, open_database, sqlite_url
from gangmanager.rules.limits import quoted
from gangmanager.services.changes import Changes
from gangmanager.services.errors import ServiceError

# How many backups are kept.
KEEP = backups.KEEP

__all__ = [
    "KEEP",
    "Backup",
    "RestoreResult",
    "Restored",
    "create_backup",
    "database_file",
    "find_backup",
    "list_backups",
    "restore_and_reopen",
    "restore_backup",
]


def database_file(target: str | Database) -> Path:
    """The SQLite file of an open database or of a path/URL; ServiceError for a server."""
    if isinstance(target, Database):
        if target.path is None:
            raise ServiceError(f"{target.url}: backups are made for SQLite files only")
        return target.path.expanduser().resolve()
    try:
        return backups.database_file(target)
    except DatabaseError as exc:
        raise ServiceError(str(exc)) from None


def list_backups(path: Path) -> list[Backup]:
    """Newest first."""
    try:
        return backups.list_backups(path)
    except DatabaseError as exc:
        raise ServiceError(str(exc)) from None


def find_backup(path: Path, ref: str) -> Path:
    """A backup given as a file path, or by its name in the database's backups folder."""
    given = Path(ref).expanduser()
    try:
        if given.is_file():
            return given
    except OSError:  # a name too long for a path: not a file, maybe a backup's name
        pass
    for backup in list_backups(path):
        if backup.name == ref:
            return backup.path
    known = ", ".join(b.name for b in list_backups(path)[:3]) or "none yet"
    raise ServiceError(f"no backup {quoted(ref)}; newest backups of {path.name}: {known}")


def create_backup(path: Path) -> Backup:
    """A backup now, whatever the age of the last one (the newest `KEEP` are kept)."""
    if not path.is_file() or path.stat().st_size == 0:
        raise ServiceError(f"{path}: no database to back up")
    try:
        backups.check_backup(path)
        return backups.make_backup(path)
    except DatabaseError as exc:
        raise ServiceError(str(exc)) from None


def restore_backup(path: Path, backup: Path) -> Restored:
    """Restore a database file that nothing has open (the command line's case)."""
    try:
        return backups.restore_backup(path, backup)
    except DatabaseError as exc:
        raise ServiceError(str(exc)) from None


@dataclass(frozen=True)
class RestoreResult:
    # The restored database, open (and upgraded if the backup had an older schema).
    database: Database
    restored: Restored
    changes: Changes


def restore_and_reopen(db: Database, backup: Path) -> RestoreResult:
    """Close `db`, restore `backup` over its file and open it again.

    On a refusal `db` is still usable (a closed engine reconnects on demand)
    and its file is as it was. The returned `Changes` names every gang that
    appeared, disappeared or may differ, so a window refreshes its list.
    """
    path = database_file(db)
    with db.unit_of_work() as uow:
        before = {summary.id for summary in uow.gangs.list()}
    db.close()  # No pooled connection may hold the old file while it is swapped.
    restored = restore_backup(path, backup)
    try:
        reopened = open_database(sqlite_url(path))
    except DatabaseError as exc:
        raise ServiceError(str(exc)) from None
    with reopened.unit_of_work() as uow:
        after = {summary.id for summary in uow.gangs.list()}
    message = f"Restored {path.name} from {restored.source.name}."
    if restored.saved_as is not None:
        message += f" The database as it was is backup {restored.saved_as.name}."
    changes = Changes(
        gangs_added=tuple(sorted(after - before)),
        gangs_changed=tuple(sorted(after & before)),
        gangs_removed=tuple(sorted(before - after)),
        messages=(message,),
    )
    return RestoreResult(reopened, restored, changes)
