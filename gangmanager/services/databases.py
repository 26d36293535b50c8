"""Which database to open and opening it: what the GUI needs from persistence.

The GUI and the command line import nothing from gangmanager.persistence (the
import-contract test holds it); these few names are the whole door, not a wholesale re-export.
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from gangmanager.persistence.database import (
    ENVIRONMENT_VARIABLE,
    Database,
    resolve_database,
    sqlite_url,
)
from gangmanager.persistence.server import AskPassword, open_with_password, storable_url

if TYPE_CHECKING:
    from gangmanager.services.rulesets import Rulesets

__all__ = [
    "ENVIRONMENT_VARIABLE",
    "AskPassword",
    "Database",
    "database_to_open",
    "driver_errors",
    "import_engine_in_background",
    "open_url",
    "preparation_steps",
    "prepare_for_actions",
    "read_statlines_from",
    "refusal_line",
    "sqlite_url",
    "storable_url",
]


def open_url(
    url: str, ask_password: AskPassword | None = None, rulesets: Rulesets | None = None
) -> Database:
    """The database at `url` (a file or a server), asking once for a password a server wants;
    its stored profiles read with the statlines of `rulesets` (`read_statlines_from`).

    DatabaseError (services.errors) when it cannot be used; nothing is changed then.
    """
    db = open_with_password(url, ask_password)
    if rulesets is not None:
        read_statlines_from(db, rulesets)
    return db


def read_statlines_from(db: Database, rulesets: Rulesets) -> None:
    """A stored profile names its pack's statline; `rulesets` give it (the window's and
    the command line's, with the player's own packs)."""
    db.statlines = rulesets.statline_table


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


def set_up_gang_load(db: Database) -> None:
    """The whole-gang load set up (the mappers configured, its statement compiled) with
    no gang read (none has id 0): the window's last preparation step, after the modules
    whose tables it imports, so the first edit does not pay it (~130 ms, issue 31)."""
    with db.unit_of_work(read_only=True) as uow:
        uow.gangs.find("0")


# What the engine's first use imports: SQLAlchemy on another thread (no lock of ours
# is ever wanted there, so two threads cannot deadlock on module locks), then our
# store's modules on the window's thread, one step each.
_ENGINE_LIBRARIES = ("sqlalchemy", "sqlalchemy.orm")
_STORE_MODULES = (
    "gangmanager.rules.campaign",
    "gangmanager.persistence.tables",
    "gangmanager.persistence.campaign_tables",
    "gangmanager.persistence.mapping",
    "gangmanager.persistence.repository",
    "gangmanager.persistence.battle_repository",
    "gangmanager.persistence.campaign_repository",
    "gangmanager.persistence.draft_repository",
    "gangmanager.persistence.unit_of_work",
)


def _import_libraries() -> None:
    try:
        for name in _ENGINE_LIBRARIES:
            importlib.import_module(name)
    except Exception:  # A head start only: the first action imports and reports it.
        return


def import_engine_in_background() -> threading.Thread:
    """Start importing SQLAlchemy on a thread of its own (most of the engine's ~250 ms):
    the window's thread stays free for input meanwhile."""
    thread = threading.Thread(target=_import_libraries, name="import-sqlalchemy", daemon=True)
    thread.start()
    return thread


def preparation_steps(db: Database) -> list[Callable[[], None]]:
    """What is left of `prepare_for_actions` once SQLAlchemy is imported, in steps of a
    few tens of milliseconds each, for the window to run between inputs."""
    if db.has_engine:
        return []
    imports: list[Callable[[], None]] = [
        lambda name=name: importlib.import_module(name)  # type: ignore[misc]
        for name in _STORE_MODULES
    ]

    def make_engine() -> None:
        db.engine  # noqa: B018  (made on first use)

    return [*imports, make_engine, lambda: prepare_for_actions(db)]


def driver_errors() -> tuple[type[Exception], ...]:
    """The database driver's own errors, for a last guard to catch. Imported when first
    asked (an exception is being matched): the first screen is read without SQLAlchemy."""
    from gangmanager.persistence.driver_refusal import DRIVER_ERRORS

    return DRIVER_ERRORS


def refusal_line(exc: Exception) -> str:
    """A driver's refusal no command checked for, in one line (persistence/driver_refusal.py)."""
    from gangmanager.persistence.driver_refusal import refusal_line as line

    return line(exc)
