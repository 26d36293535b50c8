"""Migration 0015: weapon profiles gain `later` (the weapon statline's columns beyond
n23's eight). Every row already stored is `{}` and reads as before (the 0013
fixture's gangs, shown byte for byte, are in test_migration_statline_profiles); down
again, the column goes and the rest of each row is kept."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from .test_migrations import migrate, revision_of

AT_0013 = Path(__file__).resolve().parent / "fixtures" / "at_0013"
KEPT = "id, weapon_id, position, name, rng_s, rng_l, acc_s, acc_l, str, ap, d, am, traits, cost"

pytestmark = pytest.mark.real_migrations


def _rows(path: Path, columns: str) -> list[tuple[object, ...]]:
    with sqlite3.connect(path) as conn:
        return list(conn.execute(f"SELECT {columns} FROM weapon_profiles ORDER BY id"))


def test_up_gives_every_stored_profile_no_later_column_and_down_takes_it_away(
    tmp_path: Path,
) -> None:
    path = tmp_path / "gangs.sqlite"
    shutil.copyfile(AT_0013 / "gangs.sqlite", path)
    migrate(path, "0014")
    before = _rows(path, KEPT)
    assert before, "the fixture holds weapons"
    migrate(path, "0015")
    assert revision_of(path) == ["0015"]
    assert _rows(path, KEPT) == before
    assert {row[0] for row in _rows(path, "later")} == {"{}"}
    migrate(path, "0014", down=True)
    assert revision_of(path) == ["0014"]
    assert _rows(path, KEPT) == before
    with sqlite3.connect(path) as conn:
        columns = {row[1] for row in conn.execute("PRAGMA table_info(weapon_profiles)")}
    assert "later" not in columns
