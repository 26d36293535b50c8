"""Engines: made from a URL, with the SQLite settings every connection needs
(WAL, foreign keys, real transactions, a busy timeout that becomes one clear
error)."""

from __future__ import annotations

import sqlite3
from typing import TYPE_CHECKING, Any

from gangmanager.errors import DatabaseError, ServiceError

if TYPE_CHECKING:
    from sqlalchemy import URL, Connection, Engine
    from sqlalchemy.engine import ExceptionContext

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


def _first_line(exc: BaseException) -> str:
    lines = str(exc).strip().splitlines()
    return lines[0] if lines else type(exc).__name__
