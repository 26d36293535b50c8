"""A club's server for the tests: the roles and row policies of docs/shared-campaign.md,
run for real on the test PostgreSQL server (GANGMANAGER_TEST_PG), and each player's
connection as their own role."""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import Engine, create_engine, make_url, text
from sqlalchemy.pool import NullPool

from gangmanager.persistence.database import Database, open_database
from gangmanager.services.rulesets import Rulesets

from .conftest import pg_database

DOC = Path(__file__).resolve().parents[1] / "docs" / "shared-campaign.md"
ROLES = ("arbitrator", "gm_players", "alice", "bob")


def doc_sql(name: str) -> str:
    match = re.search(rf"<!-- sql: {name} -->\n```sql\n(.*?)```", DOC.read_text("utf-8"), re.S)
    assert match is not None, f"no sql block {name!r} in {DOC.name}"
    return match.group(1)


def role_names() -> dict[str, str]:
    """Cluster-wide role names, unique to this test run."""
    suffix = uuid.uuid4().hex[:8]
    return {role: f"{role}_{suffix}" for role in ROLES}


def renamed(sql: str, names: dict[str, str]) -> str:
    for role, name in names.items():
        sql = re.sub(rf"\b{role}\b", name, sql)
    return sql


def run_sql(engine: Engine, sql: str) -> None:
    """As psql would: the driver's own execute, without parameters (the SQL holds %I)."""
    with engine.connect() as conn:
        driver = conn.connection.driver_connection
        assert driver is not None
        driver.execute(sql)


def admin_engine(url: str) -> Engine:
    target = make_url(url)
    if target.drivername == "postgresql":
        target = target.set(drivername="postgresql+psycopg")
    return create_engine(target, isolation_level="AUTOCOMMIT", poolclass=NullPool)


@contextmanager
def club_server(pg_admin: str, names: dict[str, str]) -> Iterator[str]:
    """The URL of a fresh migrated database with the doc's roles and policies."""
    engine = admin_engine(pg_admin)
    run_sql(engine, renamed(doc_sql("roles"), names))
    try:
        with pg_database(pg_admin) as url:
            open_database(url).close()  # the tables, as the arbitrator's first connection
            as_owner = admin_engine(url)
            run_sql(as_owner, renamed(doc_sql("policies"), names))
            as_owner.dispose()
            yield url
    finally:
        with engine.connect() as conn:
            for name in reversed(names.values()):
                conn.exec_driver_sql(f'DROP ROLE IF EXISTS "{name}"')
        engine.dispose()


def as_player(url: str, role: str) -> Database:
    """The app's database as that player's role (SET ROLE at connect: no password needed)."""
    target = make_url(url)
    engine = create_engine(target, poolclass=NullPool, connect_args={"options": f"-c role={role}"})
    return Database(engine)


def player_url(url: str, role: str) -> str:
    """The same database as a URL the command line takes, connecting as that player's role."""
    target = make_url(url)
    return target.update_query_dict({"options": f"-c role={role}"}).render_as_string(
        hide_password=False
    )


def give(database: Database, owners: dict[int, str]) -> None:
    """The arbitrator hands each gang (by id) to its player's role."""
    with database.engine.begin() as conn:
        conn.execute(
            text("UPDATE gangs SET owner = :who WHERE id = :id"),
            [{"who": who, "id": gang_id} for gang_id, who in owners.items()],
        )


@contextmanager
def two_player_club(
    pg_admin: str, rulesets: Rulesets, gangs_by_player: dict[str, str]
) -> Iterator[tuple[str, dict[str, str], dict[str, int]]]:
    """(URL, role names, gang ids): one demo roster (n23) under each gang name, each given
    to its player ("alice", "bob") by the arbitrator."""
    from gangmanager.services import gangs
    from gangmanager.services.demo import demo_gang

    ruleset = rulesets.get("n23")

    names = role_names()
    with club_server(pg_admin, names) as url:
        with open_database(url) as arbitrator:
            ids = {}
            for name in gangs_by_player.values():
                stored = gangs.add_gang(
                    arbitrator, rulesets, demo_gang(ruleset).model_copy(update={"name": name})
                )
                assert stored.gang.id is not None
                ids[name] = stored.gang.id
            give(arbitrator, {ids[g]: names[player] for player, g in gangs_by_player.items()})
        yield url, names, ids
