"""A vehicle on the roster (issue 25): a fighter whose type names the vehicle
statline, built from the vehicle and its crew; who may take it; its weapons (one per
hardpoint) and upgrades (within their slots) at its list's prices; its cost in the
Fighter Rating and Gang Rating; `show --json` gives its statline."""

from __future__ import annotations

import pytest

from gangmanager.content import builtin_rulesets_dir, load_ruleset
from gangmanager.rules import post_battle_trading as trading
from gangmanager.rules import ratings, roster_ops
from gangmanager.rules.gang import Category, Gang
from gangmanager.rules.post_battle_draft import PurchaseEntry
from gangmanager.rules.restrictions import check_item, offers
from gangmanager.rules.roster_ops import armoury_weapon, recruit
from gangmanager.rules.ruleset import Ruleset
from gangmanager.rules.vehicles import VehicleError, vehicle_fighter
from gangmanager.rules.weapons import Item
from gangmanager.services.gang_view import gang_view

from ..narrowing import present


@pytest.fixture(scope="module")
def n23() -> Ruleset:
    return load_ruleset("n23", [builtin_rulesets_dir()])


def _line(values: dict[str, str]) -> str:
    return " ".join(values.values())


def test_a_mauler_is_a_fighter_of_the_vehicle_statline(n23: Ruleset) -> None:
    mauler = vehicle_fighter(n23, "goliath", "mauler", "Crusher")
    assert (mauler.name, mauler.type, mauler.category) == ("Crusher", "Mauler", Category.CREW)
    assert mauler.cost == 100 + 25  # the Mauler and its Road Thug
    assert mauler.profile.table == n23.statline("vehicle")
    assert _line(mauler.profile.printed()) == '7" 5 4 4 3 5+ 5+ 4+ 8+ 5+ 9+ 8+'
    assert mauler.wargear == []


def test_a_generic_vehicle_takes_the_houses_own_crew_first(n23: Ruleset) -> None:
    orlock = vehicle_fighter(n23, "orlock", "Wolfquad", "Skid")
    assert orlock.cost == 70 + 35  # an Iron Rider drives it
    assert _line(orlock.profile.printed()) == '8" 3 3 3 2 5+ 5+ 4+ 6+ 6+ 7+ 7+'
    cawdor = vehicle_fighter(n23, "cawdor", "Wolfquad", "Skid")
    assert cawdor.cost == 70 + 40  # no Cawdor crew: a Guild of Coin Haulier
    hauled = vehicle_fighter(n23, "orlock", "Wolfquad", "Skid", crew="guild of coin haulier")
    assert hauled.cost == 110 and hauled.profile["Ld"] == 7
    runner = vehicle_fighter(n23, "escher", "Ridgerunner", "Dust")
    assert runner.wargear == [Item(name="Transport bed")]  # it comes with one, paid for


@pytest.mark.parametrize(
    ("house", "vehicle", "crew", "reason"),
    [
        ("orlock", "Mauler", None, "House Orlock may not take a Mauler (goliath only)"),
        (
            "ash_wastes_nomads",
            "Wolfquad",
            None,
            "Ash Wastes Nomads may not take a Wolfquad (every house but Ash Wastes Nomads)",
        ),
        (
            "goliath",
            "Mauler",
            "Iron Rider",
            "'Iron Rider' may not drive the Mauler (crews: Road Thug)",
        ),
        ("goliath", "Battlewagon", None, "the n23 pack has no vehicle 'Battlewagon'"),
    ],
)
def test_a_vehicle_the_gang_may_not_take_is_refused_in_one_line(
    n23: Ruleset, house: str, vehicle: str, crew: str | None, reason: str
) -> None:
    with pytest.raises(VehicleError) as info:
        vehicle_fighter(n23, house, vehicle, "Nope", crew)
    assert "\n" not in str(info.value)
    assert str(info.value).startswith(reason)


@pytest.mark.parametrize(
    ("name", "reason"),
    [("   ", "a name must not be empty"), ("x" * 500, "a name may have at most")],
)
def test_a_bad_name_is_refused_in_one_line(n23: Ruleset, name: str, reason: str) -> None:
    with pytest.raises(VehicleError) as info:
        vehicle_fighter(n23, "goliath", "Mauler", name)
    assert str(info.value).startswith(reason)


def test_an_unknown_crew_is_refused_naming_the_crews_who_may_drive(n23: Ruleset) -> None:
    with pytest.raises(VehicleError) as info:
        vehicle_fighter(n23, "goliath", "Wolfquad", "Skid", crew="Nobody")
    assert str(info.value) == (
        "'Nobody' may not drive the Wolfquad (crews: Road Thug, Guild of Coin Haulier)"
    )


def test_house_rules_take_any_vehicle(n23: Ruleset) -> None:
    quad = vehicle_fighter(n23, "goliath", "Outrider Quad", "Borrowed", any_house=True)
    assert quad.cost == 80 + 35  # still its own crew, an Iron Rider


def test_its_weapons_and_upgrades_cost_what_its_lists_say(n23: Ruleset) -> None:
    mauler = vehicle_fighter(n23, "goliath", "Mauler", "Crusher")
    bolter = check_item(n23, "goliath", mauler, "Heavy bolter")
    assert (bolter.allowed, bolter.price, bolter.source) == (True, 160, "list")
    armed = mauler.model_copy(
        update={"weapons": [armoury_weapon(present(n23.weapon_entry("Heavy bolter")))]}
    )
    second = check_item(n23, "goliath", armed, "Boltgun")
    assert not second.allowed
    assert second.reason == "the Mauler has 1 hardpoint, each mounting one weapon (Heavy bolter)"
    claws = check_item(n23, "goliath", armed, "tyre claws")
    assert (claws.allowed, claws.price, claws.source, claws.kind) == (True, 10, "list", "wargear")
    clawed = armed.model_copy(update={"wargear": [Item(name="Tyre claws", cost=10)]})
    drive = check_item(n23, "goliath", clawed, "Redundant drive system")
    assert not drive.allowed and drive.reason == "the Mauler has 1 drive slot, taken (Tyre claws)"
    assert check_item(n23, "goliath", clawed, "Wheel scythes").price == 20  # vehicle wargear
    flak = check_item(n23, "goliath", clawed, "Flak armour")
    assert not flak.allowed
    assert flak.reason.endswith("the Mauler takes the upgrades and wargear of its list")
    quad = vehicle_fighter(n23, "orlock", "Outrider Quad", "Skid")
    assert check_item(n23, "orlock", quad, "Heavy bolter").price == 160
    # The Orlock vehicle list arms it too; a weapon on no list comes from the Trading Post.
    assert check_item(n23, "orlock", quad, "Plasma gun").source == "list"
    stubber = check_item(n23, "orlock", quad, "Heavy stubber", trading_post=True)
    assert (stubber.allowed, stubber.source, stubber.price) == (True, "trading_post", 130)
    runner = vehicle_fighter(n23, "escher", "Ridgerunner", "Dust")
    bed = check_item(n23, "escher", runner, "Transport bed")
    assert not bed.allowed and bed.reason == "the Ridgerunner comes with Transport bed"


def test_an_upgrade_not_on_the_vehicles_list_is_refused(n23: Ruleset) -> None:
    # The Outrider Quad has no body slot, and no crash cage on its list.
    quad = vehicle_fighter(n23, "orlock", "Outrider Quad", "Skid")
    cage = check_item(n23, "orlock", quad, "Crash cage")
    assert not cage.allowed
    assert cage.reason == "'Crash cage' is not on the Outrider Quad's list nor in the n23 armoury"


def test_its_cost_weapons_and_upgrades_count_in_the_ratings(n23: Ruleset) -> None:
    boss = recruit(present(n23.house("goliath")).fighter_types[0], "Boss", n23)
    mauler = vehicle_fighter(n23, "goliath", "Mauler", "Crusher").model_copy(
        update={
            "weapons": [
                armoury_weapon(present(n23.weapon_entry("Heavy bolter"))).model_copy(
                    update={"cost": 160}
                )
            ],
            "wargear": [Item(name="Tyre claws", cost=10)],
        }
    )
    gang = Gang(name="Road Crew", house="goliath", fighters=[boss])
    gang = roster_ops.add_fighter(gang, mauler)
    assert ratings.fighter_cost(gang.fighters[-1]) == 125 + 160 + 10
    assert ratings.pending_gang_rating(gang) == ratings.fighter_cost(boss) + 295
    founded = ratings.found_gang(gang)
    assert founded.fighters[-1].rating == 295
    view = gang_view(founded, n23)
    shown = view["fighters"][-1]
    assert (shown["statline"], shown["type"], shown["rating"]) == ("vehicle", "Mauler", 295)
    assert list(shown["base_profile"]) == list(n23.statline("vehicle").codes)
    assert shown["base_profile"]["Fr"] == "5" and shown["base_profile"]["Hnd"] == "5+"
    assert view["fighters"][0]["statline"] == "fighter"


def test_the_trading_post_fits_its_weapons_and_upgrades(n23: Ruleset) -> None:
    """The post-battle purchase path: list prices, one weapon per hardpoint, slots."""
    boss = recruit(present(n23.house("goliath")).fighter_types[0], "Boss", n23)
    gang = Gang(name="Road Crew", house="goliath", credits=900, fighters=[boss])
    gang = roster_ops.add_fighter(gang, vehicle_fighter(n23, "goliath", "Mauler", "Crusher"))
    gang, cost, text = trading.purchase(
        n23, gang, PurchaseEntry(fighter="Crusher", item="Multi-melta"), available=12
    )
    assert (cost, text) == (180, "Multi-melta")  # the Goliath vehicle list's price
    gang, cost, _ = trading.purchase(n23, gang, PurchaseEntry(fighter="Crusher", item="Tyre claws"))
    assert cost == 10
    assert [i.name for i in gang.fighters[-1].wargear] == ["Tyre claws"]
    with pytest.raises(trading.TradeProblem, match="1 hardpoint"):
        trading.purchase(n23, gang, PurchaseEntry(fighter="Crusher", item="Boltgun"))
    with pytest.raises(trading.TradeProblem, match="1 drive slot, taken"):
        trading.purchase(n23, gang, PurchaseEntry(fighter="Crusher", item="Redundant drive system"))
    assert ratings.fighter_cost(gang.fighters[-1]) == 125 + 180 + 10


def test_its_wargear_offers_are_its_upgrades_and_vehicle_wargear_first(n23: Ruleset) -> None:
    """What the Equip page and the roster's wargear dialog offer a vehicle: its own
    upgrades (not those it comes with) and vehicle wargear at its list's prices, a full
    slot greyed with the reason; a fighter is offered none of them."""
    runner = vehicle_fighter(n23, "escher", "Ridgerunner", "Dust")
    lines = offers(n23, "escher", runner, "wargear")
    kit = [u.name for u in present(n23.vehicle("Ridgerunner")).upgrades if not u.included]
    kit += [w.name for w in present(n23.vehicle("Ridgerunner")).wargear]
    assert [o.entry.name for o in lines[: len(kit)]] == kit
    assert "Transport bed" not in [o.entry.name for o in lines]  # it comes with one
    first = {o.entry.name: o.verdict for o in lines}
    assert (first["Crash cage"].allowed, first["Crash cage"].price) == (True, 15)
    assert (first["Kill switch"].source, first["Kill switch"].price) == ("list", 15)
    # Body slots 2, the bed takes none: a third body upgrade is greyed.
    fitted = runner.model_copy(
        update={"wargear": [Item(name="Crash cage", cost=15), Item(name="Speed fins", cost=10)]}
    )
    fins = {o.entry.name: o.verdict for o in offers(n23, "escher", fitted, "wargear")}
    assert not fins["Escape hatches"].allowed
    assert fins["Escape hatches"].reason == (
        "the Ridgerunner has 2 body slots, taken (Crash cage, Speed fins)"
    )
    boss = recruit(present(n23.house("escher")).fighter_types[0], "Boss", n23)
    assert "Crash cage" not in [o.entry.name for o in offers(n23, "escher", boss, "wargear")]
    assert not any(o.entry.name == "Crash cage" for o in offers(n23, "escher", runner, "weapons"))
