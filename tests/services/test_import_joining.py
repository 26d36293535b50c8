"""An imported gang is checked as AddFighter and AddVehicle check a recruit: a vehicle
its house may not take, a gang addition over its limit or outside its house refuse
the import in one line, and nothing is written (issue 25)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from gangmanager.persistence.database import Database, open_database, sqlite_url
from gangmanager.rules.gang import FighterStatus, Gang
from gangmanager.rules.roster_ops import recruit
from gangmanager.rules.vehicles import vehicle_fighter
from gangmanager.services import gang_files
from gangmanager.services.errors import ServiceError
from gangmanager.services.rulesets import Rulesets

from ..narrowing import present


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Database]:
    database = open_database(sqlite_url(tmp_path / "gm.sqlite"))
    yield database
    database.close()


def _gang(rulesets: Rulesets, house: str, *extra: str, **update: object) -> Gang:
    """A gang of the house: its leader, then gang additions of the named types."""
    n23 = rulesets.get("n23")
    leader = present(n23.house(house)).fighter_types[0]
    fighters = [recruit(leader, "Boss", n23)]
    for i, name in enumerate(extra):
        kind = next(t for t in n23.gang_additions if t.name == name)
        fighters.append(recruit(kind, f"{name} {i}", n23))
    return Gang(name="From File", house=house, credits=100, fighters=fighters, **update)


def _names(db: Database) -> list[str]:
    with db.unit_of_work() as uow:
        return [s.name for s in uow.gangs.list()]


def test_a_vehicle_of_another_house_refuses_the_import(db: Database, rulesets: Rulesets) -> None:
    gang = _gang(rulesets, "escher")
    quad = vehicle_fighter(rulesets.get("n23"), "orlock", "Outrider Quad", "Skid")
    gang = gang.model_copy(update={"fighters": [*gang.fighters, quad]})
    with pytest.raises(ServiceError) as info:
        gang_files.import_gang(db, rulesets, gang, None)
    # The same words AddVehicle and AddFighter use for the house.
    assert str(info.value) == (
        "From File not imported: House Escher may not take an Outrider Quad (orlock only) (Skid)"
    )
    assert _names(db) == []


def test_a_gang_addition_over_its_limit_refuses_the_import(
    db: Database, rulesets: Rulesets
) -> None:
    gang = _gang(rulesets, "goliath", "Bullet Merchant", "Bullet Merchant")
    with pytest.raises(ServiceError) as info:
        gang_files.import_gang(db, rulesets, gang, None)
    assert str(info.value) == (
        "From File not imported: at most 1 Bullet Merchant may join; the gang has 1"
        " (Bullet Merchant 0)"
    )
    assert _names(db) == []


def test_a_gang_addition_of_another_house_refuses_the_import(
    db: Database, rulesets: Rulesets
) -> None:
    gang = _gang(rulesets, "orlock", "Sumpkroc")
    with pytest.raises(ServiceError) as info:
        gang_files.import_gang(db, rulesets, gang, None)
    assert "Sumpkroc is for House Goliath only (Sumpkroc 0)" in str(info.value)


def test_a_lawful_gang_with_a_vehicle_and_additions_imports(
    db: Database, rulesets: Rulesets
) -> None:
    """Within the limits, with its own house's vehicle, the dead over the limit (history,
    not recruits) and a beast whose owner is gone: imported."""
    gang = _gang(rulesets, "goliath", "Bullet Merchant", "Bullet Merchant", "Sumpkroc")
    dead = gang.fighters[1].model_copy(update={"status": FighterStatus.DEAD})
    mauler = vehicle_fighter(rulesets.get("n23"), "goliath", "Mauler", "Crusher")
    gang = gang.model_copy(
        update={"fighters": [gang.fighters[0], dead, *gang.fighters[2:], mauler]}
    )
    stored = gang_files.import_gang(db, rulesets, gang, None)
    assert [f.type for f in stored.fighters][-1] == "Mauler"
    assert _names(db) == ["From File"]


def test_house_rules_let_anything_in(db: Database, rulesets: Rulesets) -> None:
    gang = _gang(rulesets, "orlock", "Sumpkroc", house_rules_ignore_restrictions=True)
    gang_files.import_gang(db, rulesets, gang, None)
    assert _names(db) == ["From File"]
