"""Shared test setup: Qt offscreen before any Qt import; paths to ../shared."""

from __future__ import annotations

import os
import uuid
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path

import pytest

from gangmanager.persistence import database
from gangmanager.services.rulesets import Rulesets

from .migrated_template import MigratedTemplate

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"


@pytest.fixture
def rulesets(tmp_path: Path) -> Rulesets:
    """The shipped rulesets, with a throwaway folder for the player's own packs and text."""
    return Rulesets(tmp_path / "data")


@pytest.fixture
def shared_seeds() -> Path:
    """The seed glossaries beside the project; skip in a user's clone without them."""
    seeds = SHARED / "seeds"
    if not seeds.is_dir():
        pytest.skip("../shared/seeds is absent (a user's clone)")
    return seeds


@pytest.fixture(autouse=True)
def _isolated_user_folders(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """platformdirs and QSettings write under a throwaway home, never the developer's."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "config"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(home / "cache"))
    monkeypatch.delenv("GANGMANAGER_DB", raising=False)


@pytest.fixture(scope="session")
def migrated_template(tmp_path_factory: pytest.TempPathFactory) -> MigratedTemplate:
    return MigratedTemplate(tmp_path_factory.mktemp("template"))


@pytest.fixture(autouse=True)
def _copy_migrated_template(
    request: pytest.FixtureRequest,
    migrated_template: MigratedTemplate,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A new SQLite database is a copy of the session's migrated one (see migrated_template)."""
    if request.node.get_closest_marker("real_migrations") is None:
        monkeypatch.setattr(database, "_upgrade", migrated_template.upgrade)


# -- the same tests on SQLite and on PostgreSQL --------------------------------------

# An admin URL of a PostgreSQL server the tests may create and drop databases on,
# e.g. postgresql://postgres@/postgres?host=/run/postgresql (.ci/run sets it).
# Without it the PostgreSQL variants of the tests are skipped.
PG_VARIABLE = "GANGMANAGER_TEST_PG"


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "sqlite_only: a test about SQLite itself (no PG variant)")
    config.addinivalue_line(
        "markers", "real_migrations: new databases are migrated by Alembic, not copied"
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """A test about SQLite itself has no PostgreSQL variant: deselected, not skipped."""
    keep: list[pytest.Item] = []
    dropped: list[pytest.Item] = []
    for item in items:
        params = getattr(item, "callspec", None)
        on_postgres = params is not None and params.params.get("database_url") == "postgresql"
        if on_postgres and item.get_closest_marker("sqlite_only") is not None:
            dropped.append(item)
        else:
            keep.append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = keep


def pg_admin_url() -> str | None:
    return os.environ.get(PG_VARIABLE, "").strip() or None


@contextmanager
def pg_database(admin_url: str) -> Iterator[str]:
    """A new, empty database on the server; yields its URL, drops it afterwards."""
    from sqlalchemy import create_engine, make_url
    from sqlalchemy.pool import NullPool

    admin = make_url(admin_url)
    if admin.drivername == "postgresql":
        admin = admin.set(drivername="postgresql+psycopg")
    name = f"gm_test_{uuid.uuid4().hex[:16]}"
    engine = create_engine(admin, isolation_level="AUTOCOMMIT", poolclass=NullPool)
    try:
        with engine.connect() as conn:
            conn.exec_driver_sql(f'CREATE DATABASE "{name}"')
        try:
            yield admin.set(database=name).render_as_string(hide_password=False)
        finally:
            with engine.connect() as conn:
                conn.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        engine.dispose()


@pytest.fixture
def pg_admin() -> str:
    """The admin URL of the test PostgreSQL server; skips the test without one."""
    admin = pg_admin_url()
    if admin is None:
        pytest.skip(f"set {PG_VARIABLE} to run the PostgreSQL tests")
    return admin


@pytest.fixture
def new_pg_database() -> Callable[[str], AbstractContextManager[str]]:
    """`with new_pg_database(admin) as url:` a database of its own, dropped afterwards."""
    return pg_database


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A URL of an empty database: a SQLite file, then (if configured) a PostgreSQL one."""
    if request.param == "sqlite":
        yield f"sqlite:///{(tmp_path / 'gangs.sqlite').resolve()}"
        return
    admin = pg_admin_url()
    if admin is None:
        pytest.skip(f"set {PG_VARIABLE} to run the PostgreSQL variant")
    with pg_database(admin) as url:
        yield url
