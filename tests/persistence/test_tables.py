"""Table-model contracts that the rest of the store relies on."""

from __future__ import annotations

from sqlalchemy import inspect

from gangmanager.persistence.tables import Base, GangRow


def test_every_relationship_raises_instead_of_lazy_loading() -> None:
    relationships = [rel for mapper in Base.registry.mappers for rel in mapper.relationships]
    # gang: fighters, stash; fighter: modifiers, weapons, wargear; weapon: profiles; battle: events
    assert len(relationships) == 7
    assert {rel.lazy for rel in relationships} == {"raise"}
    assert all(rel.passive_deletes for rel in relationships)


def test_gangs_version_column_is_the_version_counter() -> None:
    assert inspect(GangRow).version_id_col is GangRow.__table__.c.version
