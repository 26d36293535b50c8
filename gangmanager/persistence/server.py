"""Databases on a server (PostgreSQL): the URL kept without a password, the password asked.

A password never lands in settings, a recent-databases list, a log or an
error message. Keep `storable_url(...)` of what the user typed; the password
comes from PostgreSQL's own means (the PGPASSWORD variable, ~/.pgpass, read by
the driver itself) or, when the server asks for one, from `ask_password` (a
terminal prompt, a dialog). It then lives only in the open engine's memory;
`Database.url` and every error message mask it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from gangmanager.persistence.database import (
    Database,
    DatabaseError,
    _plain_sqlite_file,
    open_database,
)

if TYPE_CHECKING:
    from sqlalchemy import URL

# What libpq says when the server wants a password it did not get or did not accept.
_NEEDS_PASSWORD = re.compile(
    r"password authentication failed|no password supplied|fe_sendauth|password is required",
    re.IGNORECASE,
)
# user:password@ in anything that looks like a URL, for text that does not parse as one.
_USERINFO = re.compile(r"(://[^:/@\s]*):[^@\s]*@")

AskPassword = Callable[[str], str | None]


def storable_url(target: str) -> str:
    """`target` with any password removed: what settings and lists may keep."""
    if "@" not in target:
        return target  # no user information, so no password (and no SQLAlchemy import)
    from sqlalchemy import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        url = make_url(target)
    except (ArgumentError, ValueError):  # ValueError: a port that is not a number
        return _USERINFO.sub(r"\1@", target)
    if url.password is None:
        return target
    # URL.set() keeps a value given as None, so rebuild the tuple without it.
    return url._replace(password=None).render_as_string(hide_password=False)


def _with_driver(url: URL) -> URL:
    """`postgresql://` means psycopg 3, the driver we ship (SQLAlchemy 2.0 assumed psycopg2)."""
    if url.drivername == "postgresql":
        return url.set(drivername="postgresql+psycopg")
    return url


def password_prompt(url: URL) -> str:
    user = url.username or "your user"
    where = url.host or (url.query.get("host") if url.query else None) or "localhost"
    return f"Password for {user} on {where}/{url.database or ''}: "


def open_with_password(target: str, ask_password: AskPassword | None = None) -> Database:
    """Open `target`; if the server wants a password the URL lacks, ask once and retry.

    Without `ask_password` (no terminal), PGPASSWORD and ~/.pgpass are the ways in.
    """
    if _plain_sqlite_file(target) is not None:
        return open_database(target)  # a file asks for no password
    from sqlalchemy import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        url = _with_driver(make_url(target))
    except (ArgumentError, ValueError) as exc:
        # Named without its password: the typed URL may hold one.
        reason = str(exc).replace(target, storable_url(target))
        raise DatabaseError(f"{storable_url(target)}: not a database URL ({reason})") from None
    plain = url.render_as_string(hide_password=False)
    try:
        return open_database(plain)
    except DatabaseError as exc:
        if ask_password is None or url.password is not None or not _NEEDS_PASSWORD.search(str(exc)):
            raise
        password = ask_password(password_prompt(url))
        if not password:
            raise
    return open_database(url.set(password=password).render_as_string(hide_password=False))
