"""Migration 0014: the stored profile is keyed by the statline the fighter's row names.

fixtures/at_0013 holds a database made by the code of schema 0013 and what
`gangmanager show N --json` printed of it then (fixtures/at_0013/README.md). A copy
upgraded by this code shows every gang byte for byte as before, with its backup
taken as at every upgrade; down again, the twelve columns hold what they held."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from gangmanager.cli import main

from .test_migrations import migrate, revision_of

AT_0013 = Path(__file__).resolve().parent / "fixtures" / "at_0013"
GANGS = (1, 2, 3, 4, 5)
COLUMNS = "m, ws, bs, s, t, w, i, a, ld, cl, wil, int_"

pytestmark = pytest.mark.real_migrations


@pytest.fixture
def old_copy(tmp_path: Path) -> Path:
    path = tmp_path / "gangs.sqlite"
    shutil.copyfile(AT_0013 / "gangs.sqlite", path)
    return path


def _old_columns(path: Path) -> list[tuple[object, ...]]:
    with sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True) as conn:
        return list(conn.execute(f"SELECT id, {COLUMNS} FROM fighters ORDER BY id"))


def test_the_fixture_is_at_0013(old_copy: Path) -> None:
    assert revision_of(old_copy) == ["0013"]


def test_show_json_of_the_upgraded_database_is_byte_identical(
    old_copy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for gang in GANGS:
        assert main(["show", str(gang), "--json", "--db", str(old_copy)]) == 0
        out, err = capsys.readouterr()
        expected = (AT_0013 / f"show_{gang}.json").read_text(encoding="utf-8")
        assert (out, err) == (expected, ""), f"gang {gang}"
    assert revision_of(old_copy) == ["0015"]
    # Upgraded with its backup, as every upgrade.
    assert list(old_copy.parent.glob("gangs.backups/*")), "no backup taken before the upgrade"


def test_the_rows_hold_the_fighter_statline_and_its_codes(old_copy: Path) -> None:
    before = _old_columns(old_copy)
    migrate(old_copy, "0014")
    with sqlite3.connect(old_copy) as conn:
        rows = list(conn.execute("SELECT id, statline, profile FROM fighters ORDER BY id"))
        columns = {row[1] for row in conn.execute("PRAGMA table_info(fighters)")}
    assert {statline for _, statline, _ in rows} == {"fighter"}
    codes = ["M", "WS", "BS", "S", "T", "W", "I", "A", "Ld", "Cl", "Wil", "Int"]
    assert [(i, *json.loads(p).values()) for i, _, p in rows] == before
    assert all(list(json.loads(p)) == codes for _, _, p in rows)
    assert not set(COLUMNS.split(", ")) & columns
    # A "-" stays null: the fixture holds one (Nib's Int).
    assert any(None in row[1:] for row in before)


def test_down_to_0013_gives_the_columns_back(old_copy: Path) -> None:
    before = _old_columns(old_copy)
    migrate(old_copy, "0014")
    migrate(old_copy, "0013", down=True)
    assert revision_of(old_copy) == ["0013"]
    assert _old_columns(old_copy) == before


def _migrate_url(url: str, revision: str) -> None:
    from alembic import command
    from sqlalchemy import create_engine

    from gangmanager.persistence.database import alembic_config

    engine = create_engine(url.replace("postgresql://", "postgresql+psycopg://", 1))
    config = alembic_config()
    try:
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, revision)
    finally:
        engine.dispose()


def test_the_profiles_move_on_every_backend(database_url: str) -> None:
    """The move in SQL of each backend: a JSON object per fighter, a `-` as null, in the
    statline's order; the gang then reads as it was stored."""
    from sqlalchemy import create_engine, text

    from gangmanager.persistence.database import open_database
    from gangmanager.services import gangs

    _migrate_url(database_url, "0013")
    engine = create_engine(database_url.replace("postgresql://", "postgresql+psycopg://", 1))
    insert = (
        "INSERT INTO fighters (id, gang_id, position, name, type, category, cost, xp, status,"
        f" {COLUMNS}, skills, injuries, notes) VALUES (:id, 1, :id, :name, '', 'ganger', 0, 0,"
        " 'active', 5, 4, 3, 3, 3, 1, 4, 1, 7, 6, 8, :int_, '[]', '[]', '')"
    )
    try:
        with engine.begin() as conn:
            conn.execute(
                text(
                    "INSERT INTO gangs (id, name, house, ruleset, credits, reputation, notes)"
                    " VALUES (1, 'Old Guard', 'orlock', 'n23', 0, 1, '')"
                )
            )
            conn.execute(text(insert), [{"id": 1, "name": "Ann", "int_": 9}])
            conn.execute(text(insert), [{"id": 2, "name": "Bo", "int_": None}])
    finally:
        engine.dispose()
    _migrate_url(database_url, "head")
    with open_database(database_url) as db:
        ann, bo = gangs.load_gang(db, "Old Guard").fighters
    assert ann.profile.line() == '5" 4+ 3+ 3 3 1 4+ 1 7+ 6+ 8+ 9+'
    assert bo.profile.line().endswith("8+ -") and bo.profile["Int"] is None
