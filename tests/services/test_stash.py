"""The gang's stash from the roster: buy, give to a fighter, take back, sell; each undoable."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from gangmanager.persistence.database import Database, open_database, sqlite_url
from gangmanager.rules.gang import Gang
from gangmanager.rules.roster_ops import armoury_weapon
from gangmanager.services import gangs, roster
from gangmanager.services.demo import demo_gang
from gangmanager.services.errors import ServiceError
from gangmanager.services.rulesets import Rulesets

from ..narrowing import present


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Database]:
    database = open_database(sqlite_url(tmp_path / "gm.sqlite"))
    yield database
    database.close()


@pytest.fixture
def gang(db: Database, rulesets: Rulesets) -> Gang:
    n23 = rulesets.get("n23")
    stubber = armoury_weapon(present(n23.weapon_entry("Heavy stubber")))
    made = demo_gang(n23, "orlock").model_copy(update={"stash": [stubber]})
    return gangs.add_gang(db, rulesets, made).gang


def stored(db: Database, gang: Gang) -> Gang:
    return gangs.load_gang(db, str(gang.id))


def by_name(gang: Gang, name: str) -> int:
    found = next(f.id for f in gang.fighters if f.name == name)
    assert found is not None
    return found


def test_buy_for_the_stash_charges_the_trading_post_price(
    db: Database, rulesets: Rulesets, gang: Gang
) -> None:
    assert gang.id is not None
    outcome = roster.apply(db, roster.BuyForStash(gang.id, "stub gun"), rulesets)
    after = stored(db, gang)
    assert [s.name for s in after.stash] == ["Heavy stubber", "Stub gun"]
    assert after.credits == gang.credits - 5 and after.stash[-1].total_cost == 5
    assert outcome.label == "Buy Stub gun for the stash"
    roster.undo(db, outcome, rulesets)
    assert stored(db, gang).credits == gang.credits and len(stored(db, gang).stash) == 1


def test_buy_for_the_stash_refuses_a_rare_item_and_an_empty_purse(
    db: Database, rulesets: Rulesets, gang: Gang
) -> None:
    assert gang.id is not None
    with pytest.raises(ServiceError, match="Boltgun is Rare"):
        roster.apply(db, roster.BuyForStash(gang.id, "Boltgun"), rulesets)
    poor = roster.apply(db, roster.EditGang(gang.id, {"credits": 3}), rulesets)
    assert poor is not None
    with pytest.raises(ServiceError, match="Stub gun costs 5 credits; The Rust Riders has only 3"):
        roster.apply(db, roster.BuyForStash(gang.id, "Stub gun"), rulesets)


def test_give_checks_the_house_list_and_slots(db: Database, rulesets: Rulesets, gang: Gang) -> None:
    assert gang.id is not None
    rook = by_name(gang, "Rook")
    with pytest.raises(ServiceError, match="House Orlock's list allows it to leader"):
        roster.apply(db, roster.GiveFromStash(gang.id, 0, rook), rulesets)
    mags = by_name(gang, "Mags Varga")
    with pytest.raises(ServiceError, match="taking 2 of 3 slots; Heavy stubber takes 2"):
        roster.apply(db, roster.GiveFromStash(gang.id, 0, mags), rulesets)
    assert stored(db, gang).stash[0].name == "Heavy stubber"

    roster.apply(db, roster.BuyForStash(gang.id, "Flak armour"), rulesets)
    given = roster.apply(db, roster.GiveFromStash(gang.id, 1, rook), rulesets)
    after = stored(db, gang)
    assert [s.name for s in after.stash] == ["Heavy stubber"]
    assert present(after.fighter("Rook")).wargear[-1].name == "Flak armour"
    assert given.fighter_id == rook


def test_take_back_and_sell(db: Database, rulesets: Rulesets, gang: Gang) -> None:
    assert gang.id is not None
    rook = by_name(gang, "Rook")
    taken = roster.apply(db, roster.TakeToStash(gang.id, rook, "weapon", 0), rulesets)
    after = stored(db, gang)
    assert present(after.fighter("Rook")).weapons == []
    assert [s.name for s in after.stash] == ["Heavy stubber", "Lasgun"]
    assert taken.label == "Take Lasgun from Rook to the stash"
    sold = roster.apply(db, roster.SellFromStash(gang.id, 1), rulesets)
    assert sold.changes.messages == ("sold for 7 credits",)  # half of 15, rounded down
    assert stored(db, gang).credits == gang.credits + 7
    roster.undo(db, sold, rulesets)
    assert [s.name for s in stored(db, gang).stash] == ["Heavy stubber", "Lasgun"]
