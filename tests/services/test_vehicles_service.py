"""Adding a vehicle through the services (issue 25): `AddVehicle` builds the fighter
from the vehicle and its crew and adds it like a fighter; a house that may not take
it is refused in one line and nothing is written."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from gangmanager.persistence.database import Database, open_database, sqlite_url
from gangmanager.rules.gang import Gang
from gangmanager.rules.roster_ops import recruit
from gangmanager.rules.vehicles import vehicle_fighter
from gangmanager.services import roster
from gangmanager.services.errors import ServiceError
from gangmanager.services.gang_view import gang_view
from gangmanager.services.rulesets import Rulesets
from gangmanager.services.vehicles import AddVehicle

from ..narrowing import present


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Database]:
    database = open_database(sqlite_url(tmp_path / "gm.sqlite"))
    yield database
    database.close()


def _gang(db: Database, rulesets: Rulesets, house: str, **update: object) -> Gang:
    n23 = rulesets.get("n23")
    leader = present(n23.house(house)).fighter_types[0]
    gang = Gang(
        name="Road Crew",
        house=house,
        credits=500,
        fighters=[recruit(leader, "Boss", n23)],
        **update,
    )
    outcome = roster.apply(db, roster.CreateGang(gang), rulesets)
    return gang.model_copy(update={"id": present(outcome.gang_id)})


def _stored(db: Database, gang: Gang) -> Gang:
    with db.unit_of_work() as uow:
        return uow.gangs.get(present(gang.id))


def test_a_house_that_may_not_take_the_vehicle_is_refused_and_nothing_written(
    db: Database, rulesets: Rulesets
) -> None:
    gang = _gang(db, rulesets, "orlock")
    before = _stored(db, gang)
    with pytest.raises(ServiceError) as info:
        roster.apply(db, AddVehicle(present(gang.id), "Mauler", "Crusher", pay=True), rulesets)
    assert str(info.value) == (
        "House Orlock may not take a Mauler (goliath only): Crusher not added"
    )
    after = _stored(db, gang)
    assert [f.name for f in after.fighters] == ["Boss"]
    assert (after.credits, after.version) == (before.credits, before.version)


def test_a_vehicle_fighter_added_as_a_fighter_is_checked_too(
    db: Database, rulesets: Rulesets
) -> None:
    """The plain AddFighter path refuses a vehicle for a house that may not take it."""
    gang = _gang(db, rulesets, "escher")
    quad = vehicle_fighter(rulesets.get("n23"), "orlock", "Outrider Quad", "Skid")
    with pytest.raises(ServiceError) as info:
        roster.apply(db, roster.AddFighter(present(gang.id), quad, pay=True), rulesets)
    assert str(info.value) == (
        "House Escher may not take an Outrider Quad (orlock only): Skid not added"
    )
    assert [f.name for f in _stored(db, gang).fighters] == ["Boss"]


def test_an_unknown_crew_is_refused_in_one_line(db: Database, rulesets: Rulesets) -> None:
    gang = _gang(db, rulesets, "goliath")
    with pytest.raises(ServiceError) as info:
        roster.apply(db, AddVehicle(present(gang.id), "Mauler", "Crusher", crew="Helion"), rulesets)
    assert str(info.value) == (
        "'Helion' may not drive the Mauler (crews: Road Thug): Crusher not added"
    )


def test_a_goliath_gang_adds_a_mauler_and_pays_for_it_and_its_crew(
    db: Database, rulesets: Rulesets
) -> None:
    gang = _gang(db, rulesets, "goliath")
    roster.apply(db, AddVehicle(present(gang.id), "Mauler", "Crusher", pay=True), rulesets)
    stored = _stored(db, gang)
    assert stored.credits == 500 - 125
    shown = gang_view(stored, rulesets.get("n23"))["fighters"][-1]
    assert (shown["name"], shown["type"], shown["statline"]) == ("Crusher", "Mauler", "vehicle")
    assert shown["base_profile"]["Fr"] == "5" and shown["base_profile"]["Ld"] == "8+"
