"""Where the database lives, how it is opened, backed up and migrated.

Opening a SQLite file is careful: the file is inspected read-only before
anything may write to it (`database_inspection`), so a file that is refused is
left exactly as it was. Only then is the engine created (`engines`), the file
backed up if it needs an upgrade, and Alembic run to head.

SQLAlchemy itself is imported when an engine is made: a SQLite file found at
the current schema opens without one (`Database.deferred`, `quick_read`).
Alembic (with Mako and Pygments, a few hundred milliseconds at start-up) is
imported only to create or upgrade a schema: whether a file is at head is
decided from the migration files (`schema_revisions.known_revisions`).
"""

from __future__ import annotations

import os
import sqlite3
import uuid
from collections.abc import Callable, Mapping
from contextlib import closing
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any

import platformdirs

from gangmanager.errors import DatabaseError
from gangmanager.persistence.database_inspection import (
    _inspect_connection,
    _inspect_file,
    _Plan,
    _plan,
    _read_only_uri,
)
from gangmanager.persistence.engines import READ_ONLY, _create_engine, _first_line
from gangmanager.persistence.schema_revisions import alembic_config

if TYPE_CHECKING:
    from sqlalchemy import URL, Engine
    from sqlalchemy.orm import Session, sessionmaker

    from gangmanager.persistence.quick_read import QuickReader
    from gangmanager.persistence.unit_of_work import UnitOfWork

ENVIRONMENT_VARIABLE = "GANGMANAGER_DB"


def __getattr__(name: str) -> Any:
    """`command`, Alembic's, imported on first use like the rest of Alembic here
    (a test stubs `database.command.upgrade` to fail an upgrade half-way)."""
    if name == "command":
        from alembic import command

        return command
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def default_database_path() -> Path:
    return Path(platformdirs.user_data_dir("gangmanager")) / "gangmanager.sqlite"


def resolve_database(db: str | None, environ: Mapping[str, str]) -> str:
    """A SQLAlchemy URL from `--db`, else `GANGMANAGER_DB`, else the default file.

    A value containing `://` is a URL and is used as is; anything else is a
    file path, made absolute.
    """
    for value in (db, environ.get(ENVIRONMENT_VARIABLE)):
        if value is not None and value.strip():
            value = value.strip()
            if "://" in value:
                return value
            return sqlite_url(Path(value))
    return sqlite_url(default_database_path())


def sqlite_url(path: Path) -> str:
    # sqlite:/// + an absolute path (which itself starts with / on POSIX).
    return f"sqlite:///{path.expanduser().resolve()}"


class Database:
    """An open, migrated database. One unit of work per user action.

    A SQLite file found at the current schema is opened without an engine
    (`deferred`): the window's first screen reads it through `quick_reader()`,
    and the engine, with SQLAlchemy's mappers and compiled statements, is made
    by the first action that needs it (docs/performance.md).
    """

    # Where a stored profile's statline is read from: (ruleset id, statline name) ->
    # the pack's table (row_reading.StatlineTables); None: the rules' default statline.
    # The services set it from their rulesets (services.databases.open_url).
    statlines: Callable[[str, str], Any] | None = None

    def __init__(self, engine: Engine, path: Path | None = None) -> None:
        # The SQLite file, None for a server database or an in-memory one.
        self.path = path
        self._engine: Engine | None = None
        self._make_engine: Callable[[], Engine] | None = None
        self._shown_url = ""
        self._use(engine)

    @classmethod
    def deferred(cls, make_engine: Callable[[], Engine], path: Path, shown_url: str) -> Database:
        """A checked SQLite file whose engine `make_engine` makes on first use."""
        database = cls.__new__(cls)
        database.path = path
        database._engine = None
        database._make_engine = make_engine
        database._shown_url = shown_url
        return database

    def _use(self, engine: Engine) -> None:
        from sqlalchemy.orm import sessionmaker

        self._engine = engine
        self._make_engine = None
        # Domain objects outlive the session; nothing must expire under them.
        self._sessions: sessionmaker[Session] = sessionmaker(engine, expire_on_commit=False)
        # Reads begin a deferred transaction on SQLite: they never wait for a writer.
        self._read_sessions: sessionmaker[Session] = sessionmaker(
            engine.execution_options(**{READ_ONLY: True}), expire_on_commit=False
        )

    @property
    def engine(self) -> Engine:
        if self._engine is None:
            assert self._make_engine is not None
            self._use(self._make_engine())
        assert self._engine is not None
        return self._engine

    @property
    def has_engine(self) -> bool:
        return self._engine is not None

    def quick_reader(self) -> QuickReader | None:
        """The stdlib reader of the first screen while no engine is made, else None.

        Once the engine exists every read goes through it (and through its
        statement counters), so a read never sees less than the last write.
        """
        if self._engine is not None or self.path is None:
            return None
        from gangmanager.persistence.quick_read import QuickReader

        return QuickReader(self.path, self.statlines)

    @property
    def url(self) -> str:
        """For display: the password, if any, is masked."""
        if self._engine is None:
            return self._shown_url
        return self._engine.url.render_as_string(hide_password=True)

    def unit_of_work(self, *, read_only: bool = False) -> UnitOfWork:
        """One user action. `read_only` for a pure read (the gang list, one gang):
        on SQLite every other one takes the write lock at BEGIN."""
        from gangmanager.persistence.unit_of_work import UnitOfWork

        self.engine  # noqa: B018  (made on first use)
        return UnitOfWork(self._read_sessions if read_only else self._sessions, self)

    def close(self) -> None:
        if self._engine is not None:
            self._engine.dispose()

    def __enter__(self) -> Database:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"Database({self.url!r})"


def open_database(target: str) -> Database:
    """Open (creating or upgrading if needed) the database at a SQLAlchemy URL.

    Raises DatabaseError, leaving the file untouched, for a file that is not
    SQLite, is corrupt, belongs to another program or to a newer Gang Manager,
    or sits in a read-only folder. An older schema is backed up next to the
    file, then upgraded. An existing file gets its daily backup into
    `<stem>.backups/` (see `persistence.backups`).
    """
    # A plain SQLite file is named without SQLAlchemy's URL parser (not imported yet).
    path = _plain_sqlite_file(target)
    url = None if path is not None else _parse_url(target)
    if url is not None:
        path = _sqlite_file(url)
    label = (
        str(path) if path is not None or url is None else url.render_as_string(hide_password=True)
    )
    plan: _Plan | None = None
    if path is not None:
        # The daily backups, imported when a file is opened.
        from gangmanager.persistence.backups import backup_due, before_open

        # Everything about the file is decided before anything writes to it. The
        # full integrity check reads the whole file (84 ms at 5 MB, growing with
        # it): it runs with the daily backup, so no backup is taken of a corrupt file.
        state = _inspect_file(path, integrity=path.is_file() and backup_due(path))
        plan = _plan(label, state)
        if state is None:
            _ensure_folder(path)
        # Refuses a read-only folder, then takes the daily backup of the file as found.
        before_open(path, new=plan is _Plan.CREATE)
    if plan is _Plan.OPEN and path is not None:
        # Checked, at the current schema, backed up: the engine waits for its first use.
        shown = target if url is None else url.render_as_string(hide_password=True)
        return Database.deferred(lambda: _create_engine(_parse_url(target), label), path, shown)
    from sqlalchemy.exc import SQLAlchemyError

    if url is None:
        url = _parse_url(target)
    engine = _create_engine(url, label)
    try:
        if plan is None:
            with engine.connect() as connection:
                plan = _plan(label, _inspect_connection(connection))
        if plan is _Plan.UPGRADE and path is not None:
            backup(path)
        if plan is not _Plan.OPEN:
            _upgrade(engine, url, path)
        with engine.connect():
            pass  # Fail here, not at the first user action, if it cannot be used.
    except DatabaseError:
        engine.dispose()
        raise
    except (SQLAlchemyError, OSError) as exc:
        engine.dispose()
        raise DatabaseError(f"{label}: {_first_line(exc)}") from exc
    return Database(engine, path)


def backup(path: Path) -> Path:
    """Copy a SQLite file to `<stem>.backup-YYYYmmdd-HHMMSS.sqlite` beside it.

    Uses SQLite's backup API from a read-only connection, so committed pages
    still in the write-ahead log are included and the original is not written.
    """
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.stem}.backup-{stamp}.sqlite")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.stem}.backup-{stamp}-{n}.sqlite")
    # Written under a hidden temporary name and renamed once whole: a killed copy
    # never looks like a backup (`backups.remove_leftovers` deletes it later).
    temporary = target.with_name(f".{target.name}.{uuid.uuid4().hex[:8]}.tmp")
    try:
        with (
            closing(sqlite3.connect(_read_only_uri(path), uri=True)) as source,
            closing(sqlite3.connect(temporary)) as copy,
        ):
            source.backup(copy)
        os.replace(temporary, target)
    except (sqlite3.Error, OSError) as exc:
        raise DatabaseError(f"{path}: cannot back up before upgrading ({exc})") from exc
    finally:
        temporary.unlink(missing_ok=True)
    return target


def _plain_sqlite_file(target: str) -> Path | None:
    """The file of `sqlite:///path` with nothing SQLAlchemy's parser would read
    differently (a query, %-escapes, memory, `file:` URIs); else None."""
    prefix = "sqlite:///"
    rest = target[len(prefix) :] if target.startswith(prefix) else ""
    if not rest or rest == ":memory:" or rest.startswith("file:") or any(c in rest for c in "?%"):
        return None
    return Path(rest).expanduser()


def _parse_url(target: str) -> URL:
    from sqlalchemy import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        return make_url(target)
    except ArgumentError as exc:
        raise DatabaseError(f"{target}: not a database path or URL ({exc})") from exc


def _sqlite_file(url: URL) -> Path | None:
    """The file behind a SQLite URL; None for memory, `file:` URIs and servers."""
    if url.get_backend_name() != "sqlite":
        return None
    database = url.database or ""
    if database in ("", ":memory:") or database.startswith("file:"):
        return None
    return Path(database).expanduser()


def _ensure_folder(path: Path) -> None:
    """Create the folder of the default database; elsewhere a missing folder is a typo."""
    folder = path.parent
    if folder.is_dir():
        return
    if path.resolve() != default_database_path().resolve():
        raise DatabaseError(f"{path}: the folder {folder} does not exist")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise DatabaseError(f"{path}: cannot create the folder ({exc.strerror})") from exc


def _upgrade(engine: Engine, url: URL, path: Path | None) -> None:
    """`alembic upgrade head` in one transaction.

    For a SQLite file the migration gets its own connection with foreign keys
    OFF, as SQLite's procedure for schema changes requires: a batch migration
    drops and recreates tables, and with foreign keys on, dropping `gangs`
    would cascade into every fighter. Foreign keys are checked before commit.
    """
    from alembic import command
    from sqlalchemy.pool import NullPool

    migrate_with = engine
    if path is not None:
        migrate_with = _create_engine(url, str(path), foreign_keys=False, poolclass=NullPool)
    config = alembic_config()
    try:
        with migrate_with.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "head")
            if connection.dialect.name == "sqlite":
                broken = connection.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
                if broken:
                    raise DatabaseError(
                        f"{path}: the upgrade broke {len(broken)} references; nothing was changed"
                    )
    finally:
        if migrate_with is not engine:
            migrate_with.dispose()
