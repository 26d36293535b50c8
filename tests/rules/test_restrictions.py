"""Who may take what, at which price; the skill access check; the house-rules override."""

from __future__ import annotations

import pytest

from gangmanager.content import builtin_rulesets_dir, clear_cache, load_ruleset
from gangmanager.rules.gang import Category, Fighter, Gang
from gangmanager.rules.restrictions import (
    by_kind,
    check_item,
    check_item_for_gang,
    limit_warnings,
    may_take_listed,
    offers,
    slots_taken,
)
from gangmanager.rules.roster_ops import armoury_weapon, recruit
from gangmanager.rules.ruleset import EquipmentListEntry, Ruleset
from gangmanager.rules.skill_access import check_skill, check_skill_for_gang

from ..list_pack import PACK_ID, write_list_pack
from ..narrowing import present


@pytest.fixture(scope="module")
def ruleset(tmp_path_factory: pytest.TempPathFactory) -> Ruleset:
    packs = tmp_path_factory.mktemp("packs")
    write_list_pack(packs)
    clear_cache()
    return load_ruleset(PACK_ID, [packs, builtin_rulesets_dir()])


@pytest.fixture(scope="module")
def n23() -> Ruleset:
    return load_ruleset("n23", [builtin_rulesets_dir()])


def fighter(ruleset: Ruleset, type_name: str, *weapons: str) -> Fighter:
    found = ruleset.fighter_type("orlock", type_name)
    assert found is not None
    base = recruit(found, "")
    carried = [armoury_weapon(present(ruleset.weapon_entry(w))) for w in weapons]
    return base.model_copy(update={"name": f"{type_name} 1", "weapons": carried})


def test_a_listed_item_costs_the_list_price(ruleset: Ruleset) -> None:
    verdict = check_item(ruleset, "orlock", fighter(ruleset, "Gunner"), "Autogun")
    assert verdict.allowed and verdict.price == 10 and verdict.source == "list"


def test_a_rare_item_on_the_list_needs_no_roll(ruleset: Ruleset) -> None:
    verdict = check_item(ruleset, "orlock", fighter(ruleset, "Gunner"), "bolter")
    assert verdict.allowed and verdict.price == 50 and verdict.kind == "weapon"


def test_an_item_off_the_list_costs_the_trading_post_price(ruleset: Ruleset) -> None:
    verdict = check_item(ruleset, "orlock", fighter(ruleset, "Gunner"), "Lasgun")
    assert verdict.allowed and verdict.source == "trading_post"
    assert verdict.price == present(ruleset.weapon_entry("Lasgun")).cost


def test_a_juve_may_not_take_a_restricted_heavy_weapon(ruleset: Ruleset) -> None:
    verdict = check_item(ruleset, "orlock", fighter(ruleset, "Greenhorn"), "Heavy bolter")
    assert not verdict.allowed
    assert verdict.reason.startswith("a Greenhorn (Juve) may not take a Heavy bolter")
    assert "House Orlock's list allows it to leader, champion" in verdict.reason


def test_restricted_to_a_type_name(ruleset: Ruleset) -> None:
    assert check_item(ruleset, "orlock", fighter(ruleset, "Road Sergeant"), "Heavy stubber").allowed
    refused = check_item(ruleset, "orlock", fighter(ruleset, "Road Captain"), "Heavy stubber")
    assert not refused.allowed and "Road Sergeant" in refused.reason


def test_rare_items_off_the_list_wait_for_the_post_battle_trading_post(ruleset: Ruleset) -> None:
    gunner = fighter(ruleset, "Gunner")
    refused = check_item(ruleset, "orlock", gunner, "Plasma pistol")
    assert not refused.allowed
    assert "Rare (9)" in refused.reason and "Trading Post" in refused.reason
    bought = check_item(ruleset, "orlock", gunner, "Plasma pistol", trading_post=True)
    assert bought.allowed and bought.price == present(ruleset.weapon_entry("Plasma pistol")).cost


def test_three_slots_and_unwieldy_takes_two(ruleset: Ruleset) -> None:
    assert slots_taken(ruleset, present(ruleset.weapon_entry("Heavy bolter"))) == 2
    captain = fighter(ruleset, "Road Captain", "Autogun", "Lasgun")
    refused = check_item(ruleset, "orlock", captain, "Heavy bolter")
    assert not refused.allowed
    assert "2 of 3 slots" in refused.reason and "Unwieldy" in refused.reason
    assert check_item(ruleset, "orlock", captain, "Laspistol").allowed
    full = fighter(ruleset, "Road Captain", "Autogun", "Lasgun", "Laspistol")
    assert not check_item(ruleset, "orlock", full, "Stub gun").allowed


def test_grenades_take_no_slot(ruleset: Ruleset) -> None:
    full = fighter(ruleset, "Road Captain", "Autogun", "Lasgun", "Laspistol")
    assert check_item(ruleset, "orlock", full, "Frag grenade").allowed


def test_the_override_lets_everything_through_with_a_note(ruleset: Ruleset) -> None:
    verdict = check_item(
        ruleset, "orlock", fighter(ruleset, "Greenhorn"), "Heavy bolter", ignore_restrictions=True
    )
    assert verdict.allowed and verdict.overridden and verdict.price == 150
    assert verdict.reason.startswith("house rules: ")


def test_the_gang_setting_is_the_override(ruleset: Ruleset) -> None:
    juve = fighter(ruleset, "Greenhorn")
    gang = Gang(name="Iron Saints", house="orlock", ruleset=PACK_ID, fighters=[juve])
    assert not check_item_for_gang(ruleset, gang, juve, "Heavy bolter").allowed
    house_rules = gang.model_copy(update={"house_rules_ignore_restrictions": True})
    assert check_item_for_gang(ruleset, house_rules, juve, "Heavy bolter").allowed
    assert check_skill_for_gang(ruleset, house_rules, juve, "Iron Jaw").allowed


def test_unknown_item(ruleset: Ruleset) -> None:
    verdict = check_item(ruleset, "orlock", fighter(ruleset, "Gunner"), "Lascannon of doom")
    assert not verdict.allowed and "no 'Lascannon of doom'" in verdict.reason


def test_offers_list_first_then_trading_post(ruleset: Ruleset) -> None:
    lines = offers(ruleset, "orlock", fighter(ruleset, "Gunner"), "weapons")
    names = [o.name for o in lines]
    assert names[:4] == ["Autogun", "Boltgun", "Heavy bolter", "Heavy stubber"]
    # Then the Trading Post grouped by kind (pistols, basic, ...), by name inside a kind.
    rest = lines[4:]
    assert rest == sorted(rest, key=lambda o: by_kind(o.entry))
    assert [o.name for o in rest if o.entry.kind == "pistol"] == sorted(
        (o.name for o in rest if o.entry.kind == "pistol"), key=str.casefold
    )
    assert len(names) == len(ruleset.weapons)
    wargear = offers(ruleset, "orlock", fighter(ruleset, "Gunner"), "wargear")
    assert wargear[0].name == "Flak armour" and wargear[0].verdict.source == "list"


def test_skill_from_primary_or_secondary(ruleset: Ruleset) -> None:
    gunner = fighter(ruleset, "Gunner")
    primary = present(ruleset.fighter_type("orlock", "Gunner")).skill_sets_primary
    skill = next(s for s in ruleset.skill_sets if s.name == primary[0]).skills[0].name
    assert check_skill(ruleset, "orlock", gunner, skill).access == "primary"
    assert check_skill(ruleset, "orlock", gunner, "Parry").access == "secondary"  # Combat


def test_skill_outside_access_is_refused_with_the_access(ruleset: Ruleset) -> None:
    verdict = check_skill(ruleset, "orlock", fighter(ruleset, "Greenhorn"), "Parry")
    assert not verdict.allowed and not verdict.pack_error
    assert "Parry is a Combat skill" in verdict.reason
    assert "primary Ferocity; secondary Agility, Brawn" in verdict.reason


def test_no_access_listed_is_an_error_of_the_pack(ruleset: Ruleset) -> None:
    verdict = check_skill(ruleset, "orlock", fighter(ruleset, "Hauler"), "Parry")
    assert not verdict.allowed and verdict.pack_error
    assert "lists no skill access for Hauler" in verdict.reason
    assert "error of the pack" in verdict.reason
    assert check_skill(
        ruleset, "orlock", fighter(ruleset, "Hauler"), "Parry", ignore_restrictions=True
    ).overridden


def test_unknown_type_has_unknown_access(ruleset: Ruleset) -> None:
    stranger = Fighter(
        name="Bob",
        type="Mystery",
        category=Category.GANGER,
        profile=fighter(ruleset, "Gunner").profile,
    )
    verdict = check_skill(ruleset, "orlock", stranger, "Parry")
    assert not verdict.allowed and "no fighter type 'Mystery'" in verdict.reason


def test_every_house_type_has_skill_access_and_can_be_equipped(n23: Ruleset) -> None:
    # Over whatever houses the pack has: each type has access, and a Common
    # Trading Post item or a list item is open to it.
    for house in n23.houses:
        for fighter_type in house.fighter_types:
            assert fighter_type.skill_sets_primary or fighter_type.skill_sets_secondary, (
                f"{house.name}: {fighter_type.name} has no skill access"
            )
            probe = recruit(fighter_type, "")
            lines = offers(n23, house.id, probe, "weapons")
            assert any(o.verdict.allowed for o in lines), f"{fighter_type.name} may take nothing"
            for line in house.equipment_list:
                verdict = check_item(n23, house.id, probe, line.name)
                assert verdict.source == "list" and verdict.price == line.cost


def test_fighter_type_limits(ruleset: Ruleset) -> None:
    captain = fighter(ruleset, "Road Captain")
    greenhorns = [fighter(ruleset, "Greenhorn") for _ in range(4)]
    three_sergeants = [fighter(ruleset, "Road Sergeant") for _ in range(3)]
    # 4 Greenhorns of 8 is half: allowed; a third Road Sergeant is not.
    assert limit_warnings(ruleset, "orlock", [captain, *three_sergeants, *greenhorns]) == [
        "At most 2 Road Sergeants may join; the gang has 3."
    ]
    assert limit_warnings(ruleset, "orlock", [captain, *three_sergeants[:2], *greenhorns]) == [
        "Greenhorns may be at most 50% of the gang; they are 4 of 7."
    ]


def test_a_list_line_restricted_by_a_categorys_label_lets_that_category_take_it() -> None:
    line = EquipmentListEntry(name="Leash", cost=10, restricted_to=["Exotic Beast", "Hanger-on"])
    assert may_take_listed(line, "Cyber-mastiff", Category.EXOTIC_BEAST)
    assert may_take_listed(line, "Rogue Doc", "hanger_on")
    assert not may_take_listed(line, "Gang Leader", Category.LEADER)
