"""PostgreSQL as a server: the same migrations, and a password that never shows.

The password tests need a server that asks TCP clients for a password (the
one .ci/run starts does); they skip on a server that trusts everyone.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import URL, Engine, create_engine, inspect, make_url
from sqlalchemy.pool import NullPool

from gangmanager.persistence.database import DatabaseError, alembic_config, open_database
from gangmanager.persistence.server import open_with_password, storable_url
from gangmanager.persistence.tables import Base

PASSWORD = "s3cret-Pa55"


def engine_for(url: str | URL, **kwargs: object) -> Engine:
    target = make_url(url) if isinstance(url, str) else url
    if target.drivername == "postgresql":
        target = target.set(drivername="postgresql+psycopg")
    return create_engine(target, poolclass=NullPool, **kwargs)


@pytest.fixture
def empty_pg(
    pg_admin: str, new_pg_database: Callable[[str], AbstractContextManager[str]]
) -> Iterator[str]:
    with new_pg_database(pg_admin) as url:
        yield url


def migrate(url: str, revision: str, *, down: bool = False) -> None:
    engine = engine_for(url)
    config = alembic_config()
    try:
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            (command.downgrade if down else command.upgrade)(config, revision)
    finally:
        engine.dispose()


def test_upgrade_head_on_postgresql_matches_the_models(empty_pg: str) -> None:
    migrate(empty_pg, "head")
    engine = engine_for(empty_pg)
    try:
        with engine.connect() as connection:
            differences = compare_metadata(MigrationContext.configure(connection), Base.metadata)
            tables = set(inspect(connection).get_table_names())
    finally:
        engine.dispose()
    assert differences == []
    assert {"campaigns", "campaign_battles", "campaign_snapshots", "gangs"} <= tables


def test_downgrade_to_base_and_up_again_on_postgresql(empty_pg: str) -> None:
    migrate(empty_pg, "head")
    migrate(empty_pg, "base", down=True)
    engine = engine_for(empty_pg)
    try:
        with engine.connect() as connection:
            assert set(inspect(connection).get_table_names()) == {"alembic_version"}
    finally:
        engine.dispose()
    migrate(empty_pg, "head")
    with open_database(empty_pg) as db, db.unit_of_work() as uow:
        assert uow.gangs.list() == []


def test_storable_url_never_keeps_a_password() -> None:
    assert storable_url("postgresql://alice:pw@club/campaign") == "postgresql://alice@club/campaign"
    assert storable_url("postgresql://alice@club/campaign") == "postgresql://alice@club/campaign"
    assert storable_url("not a url://bob:pw@x") == "not a url://bob@x"
    assert storable_url("sqlite:////tmp/g.sqlite") == "sqlite:////tmp/g.sqlite"


@pytest.mark.parametrize(
    "target",
    [
        "postgresql://gm:s3cret@host:port/db",  # a port that is not a number
        "postgresql://gm:s3cret@127.0.0.1:1/gangs",  # nothing listens there
        "postgresql+nodriver://gm:s3cret@h/db",  # no such driver
    ],
)
def test_a_refused_url_never_shows_its_password(target: str) -> None:
    asked: list[str] = []
    with pytest.raises(DatabaseError) as refused:
        open_with_password(target, asked.append)
    message = str(refused.value)
    assert "s3cret" not in message and "\n" not in message
    assert message.startswith(("postgresql://gm@host:port/db", "postgresql+"))
    assert asked == []  # the URL had a password: nothing to ask


@pytest.fixture
def player(pg_admin: str, empty_pg: str) -> Iterator[URL]:
    """A login role with a password; its URL over TCP to 127.0.0.1, without the password."""
    admin = make_url(pg_admin)
    name = f"gm_player_{uuid.uuid4().hex[:8]}"
    engine = engine_for(pg_admin, isolation_level="AUTOCOMMIT")
    with engine.connect() as conn:
        conn.exec_driver_sql(f"CREATE ROLE \"{name}\" LOGIN PASSWORD '{PASSWORD}'")
        database = make_url(empty_pg).database
        conn.exec_driver_sql(f'GRANT ALL ON DATABASE "{database}" TO "{name}"')
    owner = engine_for(empty_pg, isolation_level="AUTOCOMMIT")
    with owner.connect() as conn:
        conn.exec_driver_sql(f'GRANT ALL ON SCHEMA public TO "{name}"')
    owner.dispose()
    port = admin.port or int(str(admin.query.get("port", "5432")))
    url = URL.create("postgresql", username=name, host="127.0.0.1", port=port, database=database)
    try:
        yield url
    finally:
        with engine.connect() as conn:
            conn.exec_driver_sql(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')
            conn.exec_driver_sql(f'DROP ROLE IF EXISTS "{name}"')
        engine.dispose()


def asks_for_a_password(url: URL) -> bool:
    try:
        open_database(url.render_as_string(hide_password=False)).close()
    except DatabaseError as exc:
        if "password" in str(exc):
            return True
        pytest.skip(f"cannot reach the server over TCP: {exc}")
    return False


def test_the_password_comes_from_a_prompt_and_never_shows(
    player: URL, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("PGPASSWORD", raising=False)
    monkeypatch.setenv("PGPASSFILE", "/nonexistent")
    if not asks_for_a_password(player):
        pytest.skip("this server does not ask TCP clients for a password")
    target = player.render_as_string(hide_password=False)
    asked: list[str] = []

    def ask(prompt: str) -> str:
        asked.append(prompt)
        return PASSWORD

    with open_with_password(target, ask) as db:
        assert asked == [f"Password for {player.username} on 127.0.0.1/{player.database}: "]
        assert PASSWORD not in db.url and PASSWORD not in repr(db)
        with db.unit_of_work() as uow:
            assert uow.gangs.list() == []
    # A wrong password: refused in one line that shows neither password.
    with pytest.raises(DatabaseError) as refused:
        open_with_password(target, lambda _: "wrong-" + PASSWORD)
    message = str(refused.value)
    assert "password authentication failed" in message
    assert PASSWORD not in message and "\n" not in message
    # No terminal to ask on: the server's refusal as it is.
    with pytest.raises(DatabaseError, match="password"):
        open_with_password(target, None)


def test_pgpassword_is_used_without_asking(player: URL, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PGPASSFILE", "/nonexistent")
    monkeypatch.delenv("PGPASSWORD", raising=False)
    if not asks_for_a_password(player):
        pytest.skip("this server does not ask TCP clients for a password")
    monkeypatch.setenv("PGPASSWORD", PASSWORD)

    def never(prompt: str) -> str:
        raise AssertionError("asked for a password although PGPASSWORD is set")

    with open_with_password(player.render_as_string(hide_password=False), never) as db:
        assert db.url == player.set(drivername="postgresql+psycopg").render_as_string()
