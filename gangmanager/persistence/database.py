"""Where the database lives, how it is opened, checked, backed up and migrated.

Opening a SQLite file is careful: the file is inspected read-only before
anything may write to it (even `PRAGMA journal_mode=WAL` writes), so a file
that is refused is left exactly as it was. Only then is the engine created,
the file backed up if it needs an upgrade, and Alembic run to head.

SQLAlchemy itself is imported when an engine is made: a SQLite file found at
the current schema opens without one (`Database.deferred`, `quick_read`).
Alembic (with Mako and Pygments, a few hundred milliseconds at start-up) is
imported only to create or upgrade a schema: whether a file is at head is
decided from the revision ids written in the migration files
(`known_revisions`), which a test checks against Alembic's own reading.
"""

from __future__ import annotations

import ast
import os
import re
import sqlite3
import uuid
from collections.abc import Callable, Mapping
from contextlib import closing
from dataclasses import dataclass
from datetime import datetime
from enum import Enum
from functools import cache
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any

import platformdirs

from gangmanager.errors import DatabaseError, ServiceError

if TYPE_CHECKING:
    from alembic.config import Config
    from alembic.script import ScriptDirectory
    from sqlalchemy import URL, Connection, Engine
    from sqlalchemy.engine import ExceptionContext
    from sqlalchemy.orm import Session, sessionmaker

    from gangmanager.persistence.quick_read import QuickReader
    from gangmanager.persistence.unit_of_work import UnitOfWork

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
ENVIRONMENT_VARIABLE = "GANGMANAGER_DB"
SQLITE_HEADER = b"SQLite format 3\x00"
# Tables every revision of our schema has; future migrations must keep them.
CORE_TABLES = frozenset({"gangs", "fighters"})
VERSION_TABLE = "alembic_version"
# How long a SQLite writer waits for another one to finish before giving up.
BUSY_TIMEOUT_SECONDS = 10.0
# Execution option of the sessions that only read (see `_configure_sqlite`).
READ_ONLY = "gangmanager_read_only"


class DatabaseBusyError(ServiceError):
    """Another program kept the SQLite file locked for longer than the busy timeout."""

    def __init__(self) -> None:
        super().__init__(
            f"the database is busy: another program kept it locked for"
            f" {BUSY_TIMEOUT_SECONDS:g} seconds; nothing was changed, try again"
        )


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


def alembic_config() -> Config:
    """Alembic configured from the package folder; no alembic.ini needed."""
    from alembic.config import Config

    config = Config()
    # ConfigParser interpolates %, so a path containing one must be escaped.
    config.set_main_option("script_location", str(MIGRATIONS).replace("%", "%%"))
    return config


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
        # Backups build on this module, hence the late import.
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


# ------------------------------------------------------------------ checking


@dataclass(frozen=True)
class _State:
    """What a database holds, as far as deciding what to do with it goes."""

    tables: frozenset[str]
    revisions: tuple[str, ...]


class _Plan(Enum):
    CREATE = "create"
    UPGRADE = "upgrade"
    OPEN = "open"


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


@dataclass(frozen=True)
class Revisions:
    """The schema revisions this app knows: all of them, and the heads to upgrade to."""

    known: frozenset[str]
    heads: frozenset[str]

    @classmethod
    def of(cls, script: ScriptDirectory) -> Revisions:
        """As Alembic reads them (it imports every migration module)."""
        known = frozenset(revision.revision for revision in script.walk_revisions())
        return cls(known, frozenset(script.get_heads()))


# A module-level `name = literal` line of a migration file (`name: type = literal` too).
_HEADER_LINE = re.compile(
    r"^(?P<name>revision|down_revision|branch_labels|depends_on)\b[^=\n]*=\s*(?P<value>.+?)\s*$",
    re.MULTILINE,
)
# Alembic's own rule for which files of the versions folder are revisions.
_REVISION_FILE = re.compile(r"^(?!\.\#|__init__).*\.py$")


def known_revisions() -> Revisions:
    """The revisions of `migrations/versions`, read without importing Alembic.

    Each file's `revision` and `down_revision` are taken from their literal
    values; a file this reading is not sure of (a value that is not a plain
    literal, a name set twice, branch labels or dependencies) hands the whole
    question to Alembic instead, so the answer is always Alembic's.
    """
    return _known_revisions(MIGRATIONS / "versions")


@cache
def _known_revisions(versions: Path) -> Revisions:
    parsed = _parse_revision_files(versions)
    if parsed is None:
        from alembic.script import ScriptDirectory

        return Revisions.of(ScriptDirectory.from_config(alembic_config()))
    known = frozenset(parsed)
    below = {down for downs in parsed.values() for down in downs}
    return Revisions(known, known - below)


def _parse_revision_files(versions: Path) -> dict[str, tuple[str, ...]] | None:
    """revision -> its down revisions, from every revision file; None when unsure."""
    graph: dict[str, tuple[str, ...]] = {}
    try:
        files = [f for f in versions.iterdir() if _REVISION_FILE.match(f.name) and f.is_file()]
        texts = [f.read_text(encoding="utf-8") for f in files]
    except (OSError, UnicodeDecodeError):
        return None
    for text in texts:
        values: dict[str, list[object]] = {}
        for match in _HEADER_LINE.finditer(text):
            try:
                value = ast.literal_eval(match.group("value"))
            except (ValueError, SyntaxError):
                return None
            values.setdefault(match.group("name"), []).append(value)
        if any(len(found) > 1 for found in values.values()):
            return None
        revision = values.get("revision", [None])[0]
        down = values.get("down_revision", [...])[0]
        extras = [values.get(name, [None])[0] for name in ("branch_labels", "depends_on")]
        if not isinstance(revision, str) or revision in graph or any(extras):
            return None
        if down is None:
            downs: tuple[str, ...] = ()
        elif isinstance(down, str):
            downs = (down,)
        elif isinstance(down, tuple | list) and all(isinstance(d, str) for d in down):
            downs = tuple(down)
        else:
            return None
        graph[revision] = downs
    return graph


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


# ------------------------------------------------------------------ engines


def _create_engine(url: URL, label: str, *, foreign_keys: bool = True, **kwargs: Any) -> Engine:
    from sqlalchemy import create_engine
    from sqlalchemy.exc import ArgumentError

    try:
        engine = create_engine(url, **kwargs)
    except (ArgumentError, ImportError) as exc:
        raise DatabaseError(f"{label}: cannot use this database ({_first_line(exc)})") from exc
    if engine.dialect.name == "sqlite":
        _configure_sqlite(engine, foreign_keys=foreign_keys)
    return engine


def _configure_sqlite(engine: Engine, *, foreign_keys: bool) -> None:
    """The only SQLite-specific settings: WAL, foreign keys, real transactions.

    The sqlite3 driver (before Python 3.12's `autocommit`) sends BEGIN only
    before INSERT/UPDATE/DELETE: the SELECTs of one load could read different
    snapshots and a migration's DDL would be committed statement by statement.
    So the driver is put in autocommit mode and SQLAlchemy emits BEGIN itself
    (the recipe of the SQLAlchemy SQLite docs).
    """
    from sqlalchemy import event

    def on_connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        try:
            # First, so that even switching to WAL waits for another writer.
            cursor.execute(f"PRAGMA busy_timeout={int(BUSY_TIMEOUT_SECONDS * 1000)}")
            # Outside any transaction: SQLite ignores these PRAGMAs inside one.
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute(f"PRAGMA foreign_keys={'ON' if foreign_keys else 'OFF'}")
        finally:
            cursor.close()

    def on_begin(connection: Connection) -> None:
        # A deferred BEGIN that reads, then writes, cannot wait for the lock: if
        # another writer committed meanwhile SQLite fails at once ("database is
        # locked"). IMMEDIATE takes the write lock first, waiting up to the timeout.
        read_only = connection.get_execution_options().get(READ_ONLY, False)
        connection.exec_driver_sql("BEGIN" if read_only else "BEGIN IMMEDIATE")

    def on_error(context: ExceptionContext) -> BaseException | None:
        original = context.original_exception
        if isinstance(original, sqlite3.OperationalError) and _is_busy(original):
            return DatabaseBusyError()
        return None

    event.listen(engine, "connect", on_connect)
    event.listen(engine, "begin", on_begin)
    event.listen(engine, "handle_error", on_error)


def _is_busy(exc: sqlite3.OperationalError) -> bool:
    code = getattr(exc, "sqlite_errorcode", None)
    if code is not None:  # the primary code: SQLITE_BUSY (5) or SQLITE_LOCKED (6)
        return code & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
    return "locked" in str(exc) or "busy" in str(exc)


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


def _first_line(exc: BaseException) -> str:
    lines = str(exc).strip().splitlines()
    return lines[0] if lines else type(exc).__name__
