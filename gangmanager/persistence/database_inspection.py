"""What a database holds, looked at before anything may write to it, and what
opening it must therefore do: create it, upgrade it or open it as it is.

A SQLite file is inspected read-only (even `PRAGMA journal_mode=WAL` writes),
so a file that is refused is left exactly as it was.
"""

from __future__ import annotations

import sqlite3
from contextlib import closing
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING

from gangmanager.errors import DatabaseError
from gangmanager.persistence.schema_revisions import Revisions, known_revisions

if TYPE_CHECKING:
    from alembic.script import ScriptDirectory
    from sqlalchemy import Connection

SQLITE_HEADER = b"SQLite format 3\x00"
# Tables every revision of our schema has; future migrations must keep them.
CORE_TABLES = frozenset({"gangs", "fighters"})
VERSION_TABLE = "alembic_version"


@dataclass(frozen=True)
class _State:
    """What a database holds, as far as deciding what to do with it goes."""

    tables: frozenset[str]
    revisions: tuple[str, ...]


class _Plan(Enum):
    CREATE = "create"
    UPGRADE = "upgrade"
    OPEN = "open"


def _read_only_uri(path: Path) -> str:
    """A URI that cannot write to the file, nor (usually) create -wal/-shm files.

    `immutable=1` skips locking and the write-ahead log entirely, so it is only
    safe when no -wal or -journal file holds pending changes; otherwise plain
    read-only mode reads them (and may create a -shm file, never the main file).
    """
    uri = f"{path.resolve().as_uri()}?mode=ro"
    pending = any(
        (side := path.with_name(path.name + suffix)).exists() and side.stat().st_size > 0
        for suffix in ("-wal", "-journal")
    )
    return uri if pending else uri + "&immutable=1"


def _inspect_file(path: Path, *, integrity: bool = True) -> _State | None:
    """Read-only look at a SQLite file; None when it is missing or empty (a new database).

    `integrity`: run SQLite's full `integrity_check` (reads every page).
    """
    if path.is_dir():
        raise DatabaseError(f"{path}: is a folder, not a database file")
    try:
        if not path.exists() or path.stat().st_size == 0:
            return None
        with path.open("rb") as file:
            header = file.read(len(SQLITE_HEADER))
    except OSError as exc:
        raise DatabaseError(f"{path}: cannot read ({exc.strerror or exc})") from exc
    if header != SQLITE_HEADER:
        raise DatabaseError(f"{path}: not a Gang Manager database (not an SQLite file)")
    try:
        with closing(sqlite3.connect(_read_only_uri(path), uri=True)) as connection:
            problems = (
                [row[0] for row in connection.execute("PRAGMA integrity_check")]
                if integrity
                else ["ok"]
            )
            if problems != ["ok"]:
                raise DatabaseError(
                    f"{path}: corrupt database (integrity check: {problems[0]}); restore a backup"
                )
            tables = frozenset(
                row[0]
                for row in connection.execute("SELECT name FROM sqlite_master WHERE type='table'")
            )
            revisions: tuple[str, ...] = ()
            if VERSION_TABLE in tables:
                revisions = tuple(
                    row[0] for row in connection.execute(f"SELECT version_num FROM {VERSION_TABLE}")
                )
    except sqlite3.OperationalError as exc:
        # Cannot open or lock: the file may be fine, so do not call it corrupt.
        raise DatabaseError(f"{path}: cannot read ({exc})") from exc
    except sqlite3.DatabaseError as exc:
        raise DatabaseError(f"{path}: corrupt database ({exc}); restore a backup") from exc
    except OSError as exc:
        raise DatabaseError(f"{path}: cannot read ({exc.strerror or exc})") from exc
    return _State(tables, revisions)


def _inspect_connection(connection: Connection) -> _State:
    """The same facts as `_inspect_file`, for databases that are not SQLite files."""
    from alembic.runtime.migration import MigrationContext
    from sqlalchemy import inspect

    tables = frozenset(inspect(connection).get_table_names())
    revisions: tuple[str, ...] = ()
    if VERSION_TABLE in tables:
        revisions = tuple(MigrationContext.configure(connection).get_current_heads())
    connection.rollback()
    return _State(tables, revisions)


def _plan(label: str, state: _State | None, script: ScriptDirectory | None = None) -> _Plan:
    """What to do with a database: create it, upgrade it or open it as it is.

    The revisions are read from the migration files (`known_revisions`) unless
    an Alembic `script` directory is given.
    """
    if state is None or (state.tables <= {VERSION_TABLE} and not state.revisions):
        return _Plan.CREATE
    ours = VERSION_TABLE in state.tables and state.tables >= CORE_TABLES
    if not ours or not state.revisions:
        found = ", ".join(sorted(state.tables - {VERSION_TABLE})[:3])
        raise DatabaseError(f"{label}: not a Gang Manager database (it has tables {found})")
    revisions = known_revisions() if script is None else Revisions.of(script)
    unknown = [revision for revision in state.revisions if revision not in revisions.known]
    if unknown:
        raise DatabaseError(
            f"{label}: made by a newer Gang Manager (schema {', '.join(unknown)}); update the app"
        )
    if set(state.revisions) == revisions.heads:
        return _Plan.OPEN
    return _Plan.UPGRADE
