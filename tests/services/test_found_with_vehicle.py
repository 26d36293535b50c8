"""Founding a gang that holds a vehicle (issue 25): the gang the New gang wizard hands
over, a vehicle and its crew among its fighters, is stored by `CreateGang` in one
transaction and one undo step, the vehicle keyed by its own statline and counted in
the first Fighter and Gang Ratings like any fighter."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from gangmanager.persistence.database import Database, open_database, sqlite_url
from gangmanager.rules import ratings
from gangmanager.rules.gang import Gang
from gangmanager.rules.roster_ops import recruit
from gangmanager.rules.vehicles import VehicleError, vehicle_fighter, vehicles_for
from gangmanager.services import gangs, roster, undo_history
from gangmanager.services.rulesets import Rulesets

from ..narrowing import present


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Database]:
    database = open_database(sqlite_url(tmp_path / "gm.sqlite"))
    yield database
    database.close()


def _founded(rulesets: Rulesets) -> Gang:
    n23 = rulesets.get("n23")
    captain = present(n23.fighter_type("orlock", "Road Captain"))
    quad = vehicle_fighter(n23, "House Orlock", "Outrider Quad", "Skid", "Iron Rider")
    fighters = [recruit(captain, "Kerr", n23), quad]
    spent = sum(ratings.fighter_cost(f) for f in fighters)
    draft = Gang(name="Iron Ravens", house="House Orlock", credits=1000 - spent, fighters=fighters)
    return ratings.found_gang(draft)


def test_a_gang_founded_with_a_vehicle_is_stored_with_it_in_one_undo_step(
    db: Database, rulesets: Rulesets
) -> None:
    outcome = roster.apply(db, roster.CreateGang(_founded(rulesets)), rulesets)
    assert outcome.label == "New gang Iron Ravens"
    stored = gangs.load_gang(db, "Iron Ravens")
    skid = present(stored.fighter("Skid"))
    assert (skid.type, skid.cost, skid.rating) == ("Outrider Quad", 115, 115)
    assert skid.profile.table.name == "vehicle"
    printed = skid.profile.printed(skid.profile.table)
    assert [printed[c] for c in ("M", "Fr", "Sd", "Rr", "HP")] == ['9"', "4", "3", "3", "2"]
    # The Iron Rider's line, not the Haulier's.
    assert [printed[c] for c in ("BS", "Ld", "Cl", "Wil", "Int")] == ["4+", "6+", "6+", "7+", "7+"]
    # Its cost in the committed ratings: Road Captain 105 and the quad with its crew.
    assert stored.rating == 220 == ratings.pending_gang_rating(stored)
    assert stored.credits == 780
    done = undo_history.undo(db, rulesets)
    assert done.label == "New gang Iron Ravens"
    assert [g.name for g in gangs.list_gangs(db)] == []
    undo_history.redo(db, rulesets)
    again = gangs.load_gang(db, "Iron Ravens")
    assert present(again.fighter("Skid")).profile == skid.profile


def test_the_vehicles_a_house_is_offered_at_founding(rulesets: Rulesets) -> None:
    n23 = rulesets.get("n23")
    orlock = [v.name for v in vehicles_for(n23, "House Orlock")]
    goliath = [v.name for v in vehicles_for(n23, "House Goliath")]
    assert "Outrider Quad" in orlock and "Mauler" not in orlock
    assert "Mauler" in goliath and "Outrider Quad" not in goliath
    # No vehicle list: the Nomads ride no vehicle of the pack, nor does a gang of no house.
    assert vehicles_for(n23, "Ash Wastes Nomads") == []
    assert vehicles_for(n23, "") == []
    with pytest.raises(VehicleError) as info:
        vehicle_fighter(n23, "ash_wastes_nomads", "Wolfquad", "Dusty")
    assert str(info.value) == (
        "Ash Wastes Nomads may not take a Wolfquad (every house but Ash Wastes Nomads)"
    )
