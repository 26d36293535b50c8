"""Which database to open and opening it: what the GUI needs from persistence.

The GUI and the command line import nothing from gangmanager.persistence (the
import-contract test holds it); these few names are the whole door, not a wholesale re-export.
"""

from __future__ import annotations

from collections.abc import Mapping

from gangmanager.persistence.database import (
    ENVIRONMENT_VARIABLE,
    Database,
    resolve_database,
    sqlite_url,
)
from gangmanager.persistence.server import AskPassword, open_with_password, storable_url

__all__ = [
    "ENVIRONMENT_VARIABLE",
    "AskPassword",
    "Database",
    "database_to_open",
    "driver_errors",
    "open_url",
    "prepare_for_actions",
    "refusal_line",
    "sqlite_url",
    "storable_url",
]


def open_url(url: str, ask_password: AskPassword | None = None) -> Database:
    """The database at `url` (a file or a server), asking once for a password a server wants.

    DatabaseError (services.errors) when it cannot be used; nothing is changed then.
    """
    return open_with_password(url, ask_password)


def database_to_open(db_arg: str | None, environ: Mapping[str, str]) -> str:
    """The URL from `--db`, else GANGMANAGER_DB, else the default file in the user's data folder."""
    return resolve_database(db_arg, environ)


def prepare_for_actions(db: Database) -> None:
    """Make the engine and set up the ORM now (one read of the gang names).

    The first screen is read without them (docs/performance.md); the window calls
    this while the player looks at it, so the first click does not pay the ~250 ms.
    """
    if db.has_engine:
        return
    with db.unit_of_work(read_only=True) as uow:
        uow.gangs.names()


def driver_errors() -> tuple[type[Exception], ...]:
    """The database driver's own errors, for a last guard to catch. Imported when first
    asked (an exception is being matched): the first screen is read without SQLAlchemy."""
    from gangmanager.persistence.driver_refusal import DRIVER_ERRORS

    return DRIVER_ERRORS


def refusal_line(exc: Exception) -> str:
    """A driver's refusal no command checked for, in one line (persistence/driver_refusal.py)."""
    from gangmanager.persistence.driver_refusal import refusal_line as line

    return line(exc)
