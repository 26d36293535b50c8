"""A database driver's refusal no command checked for, in one line: the last guard.

The command line catches these (services.databases.driver_errors) and prints `refusal_line` without
knowing the driver's exception types (it imports no SQLAlchemy).
"""

from __future__ import annotations

from sqlalchemy.exc import DBAPIError

from gangmanager.rules.limits import quoted

DRIVER_ERRORS: tuple[type[Exception], ...] = (DBAPIError,)


def refusal_line(exc: Exception) -> str:
    """A full disk as an action says it; else the driver's own words without the SQL
    statement (the transaction was rolled back)."""
    # Lazy: the unit of work (the ORM) is loaded only when something was refused.
    from gangmanager.persistence.unit_of_work import disk_refusal

    disk = disk_refusal(exc, None)
    if disk is not None:
        return str(disk)
    orig = exc.orig if isinstance(exc, DBAPIError) else exc
    lines = str(orig).strip().splitlines() or [type(orig).__name__]
    return f"the database refused this ({quoted(lines[0])}); nothing was changed"
