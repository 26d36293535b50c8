"""Houses Van Saar, Cawdor and Delaque as the n23 pack loads them (House books)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from gangmanager.rules.ruleset import EquipmentListEntry, FighterType, House, Ruleset

Load = Callable[[str], Ruleset]

# Fighter types each house must have: name -> (category, cost).
EXPECTED_TYPES: dict[str, dict[str, tuple[str, int]]] = {
    "van_saar": {
        "Prime": ("leader", 130),
        "Augmek": ("champion", 110),
        "Archeotek": ("champion", 125),
        "Tek": ("ganger", 65),
        "Neotek": ("prospect", 70),
        "Subtek": ("juve", 35),
        "Cyberachnid": ("exotic_beast", 75),
    },
    "cawdor": {
        "Word-Keeper": ("leader", 100),
        "Firebrand": ("champion", 90),
        "Brethren": ("ganger", 45),
        "Way-brethren": ("prospect", 80),
        "Bonepicker": ("juve", 20),
        "Sheen Bird": ("exotic_beast", 90),
    },
    "cawdor_redemptionist": {
        "Redemptor Priest": ("leader", 100),
        "Redemptionist Deacon": ("champion", 90),
        "Redemptionist Brethren": ("ganger", 45),
        "Zealot": ("juve", 40),
        "Cherub-Servitor": ("exotic_beast", 55),
    },
    "delaque": {
        "Master of Shadow": ("leader", 100),
        "Phantom": ("champion", 85),
        "Nacht-Ghul": ("champion", 110),
        "Ghost": ("ganger", 40),
        "Psy-Gheist": ("prospect", 60),
        "Shadow": ("juve", 25),
        "Cephalopod Spekter": ("exotic_beast", 100),
        "Psychoteric Wyrm": ("exotic_beast", 70),
    },
}
# The house whose own skill set each house uses (the Redemptionists share Piety).
OWN_SET_HOUSE = {"cawdor_redemptionist": "cawdor"}

# Per house: list items a juve may take, and items the list keeps from juves.
JUVE_MAY = {
    "van_saar": ["Laspistol", "Las sub-carbine", "Power knife", "Rad grenade"],
    "cawdor": ["Reclaimed autopistol", "Stub gun", "Cleaver", "Frag grenade", "Flak armour"],
    "cawdor_redemptionist": ["Autopistol", "Eviscerator", "Two-handed axe", "Pyromantic mantle"],
    "delaque": ["Flechette pistol", "Web pistol", "Stiletto knife", "Scare gas grenade"],
}
JUVE_MAY_NOT = {
    "van_saar": ["Plasma gun", "Las carbine", "Lascannon", "Conversion field", "Plasma pistol"],
    "cawdor": [
        "Hand flamer",
        "Flamer",
        "Heavy stubber",
        "Blunderbuss with polearm",
        "Photo-goggles",
    ],
    "cawdor_redemptionist": ["Shotgun", "Hand flamer", "Fire pike", "Chainsword", "Respirator"],
    "delaque": ["Lasgun", "Plasma pistol", "Grav pistol", "Choke gas grenade", "Bio-scanner"],
}
# Per house: a few list prices (the house list, not the Trading Post).
LIST_PRICES = {
    "van_saar": {"Lasgun": 10, "Laspistol": 5, "Servo claw": 30, "Grav-chute": 40},
    "cawdor": {"Flamer": 130, "Blunderbuss with polearm": 40, "Reclaimed autogun": 10},
    "cawdor_redemptionist": {"Eviscerator": 90, "Combi-weapon (autogun/flamer)": 110},
    "delaque": {"Grav pistol": 90, "Web gun": 115, "Photo-goggles": 20, "Stun grenade": 10},
}

HOUSES = sorted(EXPECTED_TYPES)


def _house(ruleset: Ruleset, house_id: str) -> House:
    house = ruleset.house(house_id)
    assert house is not None, house_id
    return house


def _allowed(entry: EquipmentListEntry, fighter: FighterType) -> bool:
    return not entry.restricted_to or any(
        who in (fighter.category.value, fighter.name) for who in entry.restricted_to
    )


@pytest.mark.parametrize("house_id", HOUSES)
def test_fighter_types_categories_and_costs(load: Load, house_id: str) -> None:
    house = _house(load("n23"), house_id)
    loaded = {t.name: (t.category.value, t.cost) for t in house.fighter_types}
    assert loaded == EXPECTED_TYPES[house_id]


@pytest.mark.parametrize("house_id", HOUSES)
def test_one_leader_type_limited_to_one(load: Load, house_id: str) -> None:
    house = _house(load("n23"), house_id)
    leaders = [t for t in house.fighter_types if t.category.value == "leader"]
    assert len(leaders) == 1
    assert leaders[0].limit.max == 1
    assert leaders[0].limit.min == 1


@pytest.mark.parametrize("house_id", HOUSES)
def test_every_type_has_skill_access_and_house_set_is_used(load: Load, house_id: str) -> None:
    ruleset = load("n23")
    house = _house(ruleset, house_id)
    names = {s.name for s in ruleset.skill_sets}
    for fighter in house.fighter_types:
        assert fighter.skill_sets_primary, fighter.name
        assert set(fighter.skill_sets_primary + fighter.skill_sets_secondary) <= names
    (own,) = house.skill_sets
    own_set = next(s for s in ruleset.skill_sets if s.name == own)
    assert own_set.house == OWN_SET_HOUSE.get(house_id, house_id)
    assert len(own_set.skills) == 6
    assert any(own in t.skill_sets_primary + t.skill_sets_secondary for t in house.fighter_types)


@pytest.mark.parametrize("house_id", HOUSES)
def test_equipment_list_resolves_to_the_armoury(load: Load, house_id: str) -> None:
    ruleset = load("n23")
    house = _house(ruleset, house_id)
    assert len(house.equipment_list) >= 30
    for entry in house.equipment_list:
        found = ruleset.weapon_entry(entry.name) or ruleset.wargear_item(entry.name)
        assert found is not None, entry.name
    for fighter in house.fighter_types:
        for name in fighter.equipment:
            assert ruleset.weapon_entry(name) or ruleset.wargear_item(name), name
    prices = {e.name: e.cost for e in house.equipment_list}
    for name, cost in LIST_PRICES[house_id].items():
        assert prices[name] == cost, name


@pytest.mark.parametrize("house_id", HOUSES)
def test_juves_are_refused_what_the_list_keeps_from_them(load: Load, house_id: str) -> None:
    house = _house(load("n23"), house_id)
    juve = next(t for t in house.fighter_types if t.category.value == "juve")
    entries = {e.name: e for e in house.equipment_list}
    for name in JUVE_MAY[house_id]:
        assert _allowed(entries[name], juve), name
    for name in JUVE_MAY_NOT[house_id]:
        assert not _allowed(entries[name], juve), name


@pytest.mark.parametrize("house_id", HOUSES)
def test_a_legal_starting_gang_fits_in_1000_credits(load: Load, house_id: str) -> None:
    ruleset = load("n23")
    house = _house(ruleset, house_id)
    by_category: dict[str, list[FighterType]] = {}
    for fighter in house.fighter_types:
        by_category.setdefault(fighter.category.value, []).append(fighter)
    leader = by_category["leader"][0]
    ganger = min(by_category["ganger"], key=lambda t: t.cost)
    juve = min(by_category["juve"], key=lambda t: t.cost)
    # A Leader, a Champion, three Gangers and a Juve: Gang Fighters (4) are at
    # least as many as the others (2), as the core composition rule asks.
    champion = min(by_category["champion"], key=lambda t: t.cost)
    gang = [leader, champion, ganger, ganger, ganger, juve]
    total = 0
    for fighter in gang:
        weapons = [
            e
            for e in house.equipment_list
            if _allowed(e, fighter) and ruleset.weapon_entry(e.name) is not None
        ]
        assert weapons, f"{fighter.name} can take no weapon from the list"
        total += fighter.cost + min(e.cost for e in weapons)
    assert total <= ruleset.founding_credits
    counts = {t.name: gang.count(t) for t in gang}
    for fighter in gang:
        if fighter.limit.max is not None:
            assert counts[fighter.name] <= fighter.limit.max
        if fighter.limit.max_share is not None:
            assert counts[fighter.name] <= fighter.limit.max_share * len(gang)
    gang_fighters = sum(t.category.value in ("ganger", "juve", "prospect") for t in gang)
    assert gang_fighters >= len(gang) - gang_fighters
