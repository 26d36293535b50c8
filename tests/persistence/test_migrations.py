"""Alembic: head equals the models; an old database is backed up, upgraded and kept."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import create_engine, inspect

from gangmanager.persistence import database as database_module
from gangmanager.persistence.database import (
    DatabaseError,
    alembic_config,
    open_database,
    sqlite_url,
)
from gangmanager.persistence.tables import Base
from gangmanager.rules.gang import Category, FighterStatus


def migrate(path: Path, revision: str, *, down: bool = False) -> None:
    """Plain Alembic on a plain engine, as a developer would run it."""
    engine = create_engine(sqlite_url(path))
    config = alembic_config()
    try:
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            (command.downgrade if down else command.upgrade)(config, revision)
    finally:
        engine.dispose()


def revision_of(path: Path) -> list[str]:
    with sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True) as conn:
        return [row[0] for row in conn.execute("SELECT version_num FROM alembic_version")]


def tables_of(path: Path) -> set[str]:
    with sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True) as conn:
        return {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}


# New files here are migrated by Alembic itself: the migrations are what is tested.
pytestmark = pytest.mark.real_migrations

HEAD = ScriptDirectory.from_config(alembic_config()).get_current_head()


def test_revisions_are_linear_and_numbered() -> None:
    script = ScriptDirectory.from_config(alembic_config())
    revisions = [s.revision for s in reversed(list(script.walk_revisions()))]
    assert revisions == [f"{n:04d}" for n in range(1, len(revisions) + 1)]
    assert revisions[:2] == ["0001", "0002"]
    assert script.get_heads() == [revisions[-1]] == [HEAD]


def test_upgrade_head_on_an_empty_file_matches_the_models(tmp_path: Path) -> None:
    path = tmp_path / "empty.sqlite"
    path.touch()
    migrate(path, "head")
    engine = create_engine(sqlite_url(path))
    try:
        with engine.connect() as connection:
            differences = compare_metadata(MigrationContext.configure(connection), Base.metadata)
            columns = {c["name"] for c in inspect(connection).get_columns("fighters")}
    finally:
        engine.dispose()
    assert differences == []
    # Schema 0014: the profile is keyed by the statline the row names, no column per code.
    assert {"statline", "profile"} <= columns
    assert not {"m", "ws", "bs", "s", "t", "w", "i", "a", "ld", "cl", "wil", "int_"} & columns


def test_downgrade_to_base_and_up_again(tmp_path: Path) -> None:
    path = tmp_path / "g.sqlite"
    migrate(path, "head")
    migrate(path, "0001", down=True)
    assert "stash_items" not in tables_of(path)
    migrate(path, "base", down=True)
    assert tables_of(path) == {"alembic_version"}
    migrate(path, "head")
    assert revision_of(path) == [HEAD]


def test_open_database_creates_a_new_file_at_head(db_path: Path) -> None:
    with open_database(sqlite_url(db_path)) as db:
        assert db.path == db_path
    assert revision_of(db_path) == [HEAD]
    assert list(db_path.parent.glob("*.backup-*")) == []


def test_default_location_gets_its_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    default = tmp_path / "data" / "gangmanager" / "gangmanager.sqlite"
    monkeypatch.setattr(database_module, "default_database_path", lambda: default)
    open_database(sqlite_url(default)).close()
    assert revision_of(default) == [HEAD]


def test_other_locations_do_not_get_folders(tmp_path: Path) -> None:
    path = tmp_path / "typo" / "gangs.sqlite"
    with pytest.raises(DatabaseError, match=r"folder .* does not exist"):
        open_database(sqlite_url(path))
    assert not path.parent.exists()


def make_schema_0001_database(path: Path) -> None:
    """A database as the first release left it, filled with raw SQL (no models involved)."""
    migrate(path, "0001")
    with sqlite3.connect(path) as conn:
        conn.execute(
            "INSERT INTO gangs (id, name, house, ruleset, credits, reputation, rating, notes)"
            " VALUES (7, 'Old Guard', 'Orlock', 'n23', 120, 4, 980, 'from 0001')"
        )
        fighter = (
            "INSERT INTO fighters (id, gang_id, position, name, type, category, cost, xp, status,"
            " rating, m, ws, bs, s, t, w, i, a, ld, cl, wil, int_, skills, injuries, notes)"
            " VALUES (?, 7, ?, ?, 'Road Sergeant', ?, 60, ?, ?, ?,"
            " 4, 3, 4, 3, 3, 1, 4, 1, 7, 6, 7, 7, ?, ?, '')"
        )
        conn.execute(fighter, (21, 1, "Second", "champion", 5, "active", 150, '["Iron Jaw"]', "[]"))
        conn.execute(
            fighter, (20, 0, "First", "leader", 9, "captured", None, "[]", '["Humiliated"]')
        )
        conn.execute(
            "INSERT INTO modifiers (fighter_id, position, source, kind, changes, set_to, cost)"
            """ VALUES (20, 0, 'Advancement', 'advancement', '{"BS": 1}', '{}', 20)"""
        )
        conn.execute(
            "INSERT INTO weapons (id, fighter_id, position, name, cost) VALUES (3, 20, 0, 'Boltgun', 55)"
        )
        conn.execute(
            "INSERT INTO weapon_profiles (weapon_id, position, name, rng_s, rng_l, acc_s, acc_l,"
            " str, ap, d, am, traits, cost) VALUES (3, 0, '', '12\"', '24\"', '+1', '-',"
            """ '4', '-1', '2', '6+', '["Rapid Fire (1)"]', 0)"""
        )
        conn.execute(
            "INSERT INTO wargear (fighter_id, position, name, cost) VALUES (21, 0, 'Flak armour', 10)"
        )
    conn.close()


def test_old_database_is_backed_up_then_upgraded(db_path: Path) -> None:
    make_schema_0001_database(db_path)
    assert revision_of(db_path) == ["0001"]

    with open_database(sqlite_url(db_path)) as db, db.unit_of_work() as uow:
        summaries = uow.gangs.list()
        gang = uow.gangs.get(7)
        replaced = uow.gangs.replace(gang.model_copy(update={"credits": 100}))
        uow.commit()

    assert revision_of(db_path) == [HEAD]
    assert [(s.id, s.name, s.rating, s.fighter_count) for s in summaries] == [
        (7, "Old Guard", 980, 2)
    ]
    assert (gang.house, gang.credits, gang.reputation, gang.notes, gang.stash) == (
        "Orlock",
        120,
        4,
        "from 0001",
        [],
    )
    first, second = gang.fighters
    assert (first.id, first.name, first.category, first.status) == (
        20,
        "First",
        Category.LEADER,
        FighterStatus.CAPTURED,
    )
    assert (second.id, second.rating, second.skills) == (21, 150, ["Iron Jaw"])
    assert (
        first.injuries == ["Humiliated"]
        and first.profile.line() == '4" 3+ 4+ 3 3 1 4+ 1 7+ 6+ 7+ 7+'
    )
    assert first.modifiers[0].changes == {"BS": 1} and first.modifiers[0].cost == 20
    assert str(first.weapons[0].profiles[0].traits[0]) == "Rapid Fire (1)"
    assert second.wargear[0].name == "Flak armour"
    # The version column arrived in 0002 with 1 for old rows; the first save makes it 2.
    assert [f.id for f in replaced.fighters] == [20, 21]
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("SELECT version, credits FROM gangs").fetchone() == (2, 100)
    conn.close()

    backups = list(db_path.parent.glob("gangs.backup-*.sqlite"))
    assert len(backups) == 1
    assert (
        backups[0].name[len("gangs.backup-") :].removesuffix(".sqlite").replace("-", "").isdigit()
    )
    assert revision_of(backups[0]) == ["0001"]
    assert "stash_items" not in tables_of(backups[0])
    with sqlite3.connect(f"{backups[0].as_uri()}?mode=ro", uri=True) as conn:
        assert conn.execute("SELECT name FROM fighters ORDER BY position").fetchall() == [
            ("First",),
            ("Second",),
        ]
    conn.close()


def test_database_at_head_is_opened_without_backup(db_path: Path) -> None:
    open_database(sqlite_url(db_path)).close()
    open_database(sqlite_url(db_path)).close()
    assert list(db_path.parent.glob("*.backup-*")) == []


def test_failed_upgrade_changes_nothing(db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The whole upgrade is one transaction, DDL included, even on SQLite."""
    make_schema_0001_database(db_path)
    real_upgrade = command.upgrade

    def upgrade_then_fail(config: Config, revision: str) -> None:
        real_upgrade(config, revision)
        raise OSError("disk full")

    monkeypatch.setattr(database_module.command, "upgrade", upgrade_then_fail)
    with pytest.raises(DatabaseError, match="disk full"):
        open_database(sqlite_url(db_path))
    assert revision_of(db_path) == ["0001"]
    assert "stash_items" not in tables_of(db_path)
    monkeypatch.undo()
    with open_database(sqlite_url(db_path)) as db, db.unit_of_work() as uow:
        assert uow.gangs.get(7).name == "Old Guard"
    # One backup per attempt: the failed one and the good one.
    assert len(list(db_path.parent.glob("gangs.backup-*.sqlite"))) == 2
