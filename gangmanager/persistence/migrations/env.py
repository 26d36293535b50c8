"""Alembic environment.

The app runs migrations programmatically and hands over its own connection in
`config.attributes["connection"]` (see `database.upgrade`), so the connection
PRAGMAs and the SQLite foreign-key handling stay in one place. From the
command line (`alembic -c gangmanager/persistence/migrations/alembic.ini ...`)
the URL comes from `sqlalchemy.url` or the `GANGMANAGER_DB` variable.
"""

from __future__ import annotations

import os
from logging.config import fileConfig

from alembic import context
from sqlalchemy import Connection, create_engine, pool

from gangmanager.persistence.tables import Base

config = context.config
target_metadata = Base.metadata

# Logging setup only for the command line; the app keeps its own logging.
if config.config_file_name is not None and "connection" not in config.attributes:
    fileConfig(config.config_file_name, disable_existing_loggers=False)


def _url() -> str:
    from gangmanager.persistence.database import resolve_database

    configured = config.get_main_option("sqlalchemy.url")
    return configured or resolve_database(None, os.environ)


def _configure(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        # SQLite can alter few things in place; batch mode copies the table when needed.
        render_as_batch=connection.dialect.name == "sqlite",
    )


def run_migrations_offline() -> None:
    context.configure(
        url=_url(),
        target_metadata=target_metadata,
        literal_binds=True,
        dialect_opts={"paramstyle": "named"},
        render_as_batch=_url().startswith("sqlite"),
    )
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    given: Connection | None = config.attributes.get("connection")
    if given is not None:
        _configure(given)
        with context.begin_transaction():
            context.run_migrations()
        return
    engine = create_engine(_url(), poolclass=pool.NullPool)
    try:
        with engine.connect() as connection:
            _configure(connection)
            with context.begin_transaction():
                context.run_migrations()
    finally:
        engine.dispose()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
