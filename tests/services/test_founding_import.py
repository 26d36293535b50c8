"""A legal starting gang of each house, written as a .gang.json and imported: it comes
back with its prices as paid, its committed ratings, and nothing the rules refuse."""

from __future__ import annotations

from pathlib import Path

import pytest

from gangmanager.content import builtin_rulesets_dir, load_ruleset
from gangmanager.exchange.gang_file import dump_gang_file
from gangmanager.persistence.database import open_database, sqlite_url
from gangmanager.rules import ratings, restrictions, roster_ops
from gangmanager.rules.gang import Gang
from gangmanager.rules.roster_ops import armoury_weapon
from gangmanager.rules.ruleset import ArmouryWeapon, Ruleset
from gangmanager.rules.weapons import Item
from gangmanager.services import gangs
from gangmanager.services.rulesets import Rulesets

from ..founding import starting_types
from ..list_pack import PACK_ID, write_list_pack
from ..narrowing import present

HOUSES = [("n23", h.id) for h in load_ruleset("n23", [builtin_rulesets_dir()]).houses] + [
    (PACK_ID, "orlock")
]


def found(ruleset: Ruleset, house_id: str) -> Gang:
    """Recruit the starting types and give each the cheapest weapon it may take."""
    house = ruleset.house(house_id)
    assert house is not None
    fighters = []
    for number, fighter_type in enumerate(starting_types(ruleset, house_id)):
        fighter = roster_ops.recruit(fighter_type, f"{fighter_type.name} {number}", ruleset)
        offers = [
            o
            for o in restrictions.offers(ruleset, house_id, fighter, "weapons")
            if o.verdict.allowed
        ]
        cheapest = min(offers, key=lambda o: o.price)
        assert isinstance(cheapest.entry, ArmouryWeapon)
        weapon = armoury_weapon(cheapest.entry).model_copy(update={"cost": cheapest.price})
        fighters.append(fighter.model_copy(update={"weapons": [*fighter.weapons, weapon]}))
    spent = sum(ratings.fighter_cost(f) for f in fighters)
    gang = Gang(
        name=f"Founders of {house_id}",
        house=house.name,
        ruleset=ruleset.id,
        credits=ruleset.founding_credits - spent,
        fighters=fighters,
    )
    return ratings.found_gang(gang)


@pytest.mark.parametrize(("ruleset_id", "house_id"), HOUSES)
def test_a_legal_starting_gang_imports_for_each_house(
    tmp_path: Path, rulesets: Rulesets, ruleset_id: str, house_id: str
) -> None:
    write_list_pack(rulesets.packs_dir)
    ruleset = rulesets.get(ruleset_id)
    gang = found(ruleset, house_id)
    assert gang.credits >= 0 and roster_ops.composition_warnings(gang) == []
    path = tmp_path / "founders.gang.json"
    path.write_text(dump_gang_file(gang), encoding="utf-8")
    db = open_database(sqlite_url(tmp_path / "gm.sqlite"))
    try:
        # The CLI's import: read the file, then add the gang.
        gangs.add_gang(db, rulesets, gangs.read_import_with_origin(path, rulesets)[0])
        stored = gangs.load_gang(db, gang.name)
    finally:
        db.close()
    assert stored.rating == gang.rating == ratings.pending_gang_rating(stored)
    assert stored.credits + stored.rating == 1000  # every credit is in the rating
    for fighter in stored.fighters:
        assert roster_ops.slot_warning(fighter, ruleset) is None
        for weapon in (w for w in fighter.weapons if w.cost):
            verdict = restrictions.check_item(ruleset, house_id, fighter, weapon.name)
            assert verdict.source in ("list", "trading_post") and weapon.cost == verdict.price


def test_the_list_price_is_what_the_rating_counts(rulesets: Rulesets) -> None:
    write_list_pack(rulesets.packs_dir)
    ruleset = rulesets.get(PACK_ID)
    gunner = roster_ops.recruit(present(ruleset.fighter_type("orlock", "Gunner")), "Rook", ruleset)
    verdict = restrictions.check_item(ruleset, "orlock", gunner, "Boltgun")
    assert (verdict.source, verdict.price) == ("list", 50)
    bolter = armoury_weapon(present(ruleset.weapon_entry("Boltgun"))).model_copy(
        update={"cost": verdict.price}
    )
    armed = gunner.model_copy(
        update={"weapons": [bolter], "wargear": [Item(name="Flak armour", cost=10)]}
    )
    assert ratings.fighter_cost(armed) == 45 + 50 + 10
