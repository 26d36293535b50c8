"""Table-model contracts that the rest of the store relies on."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import inspect

from gangmanager.persistence.database import open_database, sqlite_url
from gangmanager.persistence.tables import Base, GangRow
from gangmanager.rules.gang import Gang
from gangmanager.rules.portrait import MAX_PORTRAIT_BYTES
from gangmanager.services import gangs
from gangmanager.services.rulesets import Rulesets


def test_every_relationship_raises_instead_of_lazy_loading() -> None:
    relationships = [rel for mapper in Base.registry.mappers for rel in mapper.relationships]
    # gang: fighters, stash; fighter: modifiers, weapons, wargear; weapon: profiles; battle: events
    assert len(relationships) == 7
    assert {rel.lazy for rel in relationships} == {"raise"}
    assert all(rel.passive_deletes for rel in relationships)


def test_gangs_version_column_is_the_version_counter() -> None:
    assert inspect(GangRow).version_id_col is GangRow.__table__.c.version


def test_the_database_bounds_a_portrait_too(db_path: Path, rulesets: Rulesets) -> None:
    """A writer other than ours (or a bug) cannot store a portrait past the bound."""
    with open_database(sqlite_url(db_path)) as db:
        gangs.add_gang(db, rulesets, Gang(name="Rats"))
    with sqlite3.connect(db_path) as connection:
        connection.execute("UPDATE gangs SET portrait = ?", (b"\x89PNG" + b"\0" * 100,))
        with pytest.raises(sqlite3.IntegrityError, match="portrait_size"):
            connection.execute(
                "UPDATE gangs SET portrait = ?", (b"\x89PNG" + b"\0" * MAX_PORTRAIT_BYTES,)
            )
