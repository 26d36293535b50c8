"""Houses Escher, Goliath and Orlock as their House books list them (issue 14).

Sources and the numbers behind them: docs/provenance/houses-escher-goliath-orlock.md.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from pathlib import Path

import pytest

from gangmanager.content import builtin_rulesets_dir
from gangmanager.rules.gang import Category
from gangmanager.rules.ruleset import EquipmentListEntry, FighterType, House, Ruleset

from ..narrowing import present

Load = Callable[[str], Ruleset]

N23 = builtin_rulesets_dir() / "n23"

TYPES = {
    "escher": [
        ("Gang Queen", Category.LEADER, 125),
        ("Gang Matriarch", Category.CHAMPION, 100),
        ("Death-Maiden", Category.CHAMPION, 115),
        ("Sister", Category.GANGER, 50),
        ("Wyld Runner", Category.PROSPECT, 45),
        ("Little Sister", Category.JUVE, 20),
    ],
    "goliath": [
        ("Forge Tyrant", Category.LEADER, 135),
        ("Forge Boss", Category.CHAMPION, 100),
        ("Stimmer", Category.CHAMPION, 125),
        ("Bruiser", Category.GANGER, 55),
        ("Forge-born", Category.PROSPECT, 35),
        ("Bully", Category.JUVE, 35),
    ],
    "orlock": [
        ("Road Captain", Category.LEADER, 105),
        ("Road Sergeant", Category.CHAMPION, 80),
        ("Arms Master", Category.CHAMPION, 95),
        ("Gunner", Category.GANGER, 45),
        ("Wrecker", Category.PROSPECT, 55),
        ("Greenhorn", Category.JUVE, 35),
    ],
}
HOUSE_SETS = {"escher": "Finesse", "goliath": "Muscle", "orlock": "Bravado"}


def _house(ruleset: Ruleset, house_id: str) -> House:
    house = ruleset.house(house_id)
    assert house is not None, house_id
    return house


def _type(house: House, name: str) -> FighterType:
    return next(t for t in house.fighter_types if t.name == name)


def _entry(house: House, name: str) -> EquipmentListEntry:
    return next(e for e in house.equipment_list if e.name == name)


def _may_take(fighter_type: FighterType, entry: EquipmentListEntry) -> bool:
    allowed = entry.restricted_to
    return not allowed or fighter_type.category.value in allowed or fighter_type.name in allowed


@pytest.mark.parametrize("house_id", sorted(TYPES))
def test_fighter_types_categories_and_costs(load: Load, house_id: str) -> None:
    house = _house(load("n23"), house_id)
    assert [(t.name, t.category, t.cost) for t in house.fighter_types] == TYPES[house_id]


@pytest.mark.parametrize("house_id", sorted(TYPES))
def test_one_leader_and_every_type_has_skill_access(load: Load, house_id: str) -> None:
    ruleset = load("n23")
    house = _house(ruleset, house_id)
    leaders = [t for t in house.fighter_types if t.category == Category.LEADER]
    assert len(leaders) == 1
    assert (leaders[0].limit.min, leaders[0].limit.max) == (1, 1)
    known = {s.name for s in ruleset.skill_sets}
    for fighter_type in house.fighter_types:
        assert fighter_type.skill_sets_primary, fighter_type.name
        assert fighter_type.skill_sets_secondary, fighter_type.name
        assert set(fighter_type.skill_sets_primary + fighter_type.skill_sets_secondary) <= known
    # The house set: secondary for the Leader, primary for the specialist champion.
    own = HOUSE_SETS[house_id]
    assert house.skill_sets == [own]
    assert own in leaders[0].skill_sets_secondary
    specialist = {"escher": "Death-Maiden", "goliath": "Stimmer", "orlock": "Arms Master"}
    assert own in _type(house, specialist[house_id]).skill_sets_primary


@pytest.mark.parametrize("house_id", sorted(TYPES))
def test_house_skill_set_has_six_skills_of_its_own(load: Load, house_id: str) -> None:
    ruleset = load("n23")
    skill_set = next(s for s in ruleset.skill_sets if s.name == HOUSE_SETS[house_id])
    assert skill_set.house == house_id
    assert len(skill_set.skills) == 6
    assert all(skill.summary for skill in skill_set.skills)


@pytest.mark.parametrize("house_id", sorted(TYPES))
def test_equipment_list_resolves_and_every_line_has_a_taker(load: Load, house_id: str) -> None:
    ruleset = load("n23")
    house = _house(ruleset, house_id)
    assert len(house.equipment_list) >= 50
    names = [e.name for e in house.equipment_list]
    assert len(names) == len(set(names))
    for entry in house.equipment_list:
        found = ruleset.weapon_entry(entry.name) or ruleset.wargear_item(entry.name)
        assert found is not None, entry.name
        assert any(_may_take(t, entry) for t in house.fighter_types), entry.name


@pytest.mark.parametrize(
    ("house_id", "refused", "allowed"),
    [
        ("escher", ["Plasma pistol", "Boltgun", "Meltagun", "Venom claw"], ["Needle pistol"]),
        ("goliath", ["Bolt pistol", "Two-handed axe", "Heavy rock saw"], ["Spud-jacker"]),
        ("orlock", ["Bolt pistol", "Plasma pistol", "Harpoon launcher"], ["Sawn-off shotgun"]),
    ],
)
def test_the_juve_is_refused_what_the_list_keeps_from_juves(
    load: Load, house_id: str, refused: list[str], allowed: list[str]
) -> None:
    house = _house(load("n23"), house_id)
    juve = next(t for t in house.fighter_types if t.category == Category.JUVE)
    for name in refused:
        assert not _may_take(juve, _entry(house, name)), name
    for name in allowed:
        assert _may_take(juve, _entry(house, name)), name


def test_type_specific_items_go_to_their_type_only(load: Load) -> None:
    ruleset = load("n23")
    escher = _house(ruleset, "escher")
    assert _entry(escher, "Venom claw").restricted_to == ["Death-Maiden"]
    assert _may_take(_type(escher, "Wyld Runner"), _entry(escher, "Wyld bow"))
    assert not _may_take(_type(escher, "Sister"), _entry(escher, "Wyld bow"))
    goliath = _house(ruleset, "goliath")
    assert _entry(goliath, "'Pulveriser' serrated axe").restricted_to == ["Stimmer"]
    assert not _may_take(_type(goliath, "Forge Boss"), _entry(goliath, "Melta bomb"))
    orlock = _house(ruleset, "orlock")
    assert _entry(orlock, "Arc hammer").restricted_to == ["Arms Master"]
    # List prices, not Trading Post prices.
    assert (
        _entry(escher, "Grenade launcher").cost,
        present(ruleset.weapon_entry("Grenade launcher")).cost,
    ) == (
        55,
        65,
    )
    assert _entry(goliath, "Chainaxe").cost == 25 != present(ruleset.weapon_entry("Chainaxe")).cost


@pytest.mark.parametrize("house_id", sorted(TYPES))
def test_a_legal_starting_gang_fits_in_1000_credits(load: Load, house_id: str) -> None:
    ruleset = load("n23")
    house = _house(ruleset, house_id)
    leader = next(t for t in house.fighter_types if t.category == Category.LEADER)
    ganger = next(t for t in house.fighter_types if t.category == Category.GANGER)
    gang = [leader, ganger, ganger]

    def armed(fighter_type: FighterType) -> int:
        weapons = [
            e
            for e in house.equipment_list
            if ruleset.weapon_entry(e.name) is not None and _may_take(fighter_type, e)
        ]
        assert weapons, fighter_type.name
        return min(e.cost for e in weapons)

    total = sum(t.cost + armed(t) for t in gang)
    assert total <= ruleset.founding_credits == 1000
    for fighter_type in set(t.name for t in gang):
        kind = _type(house, fighter_type)
        count = sum(t.name == fighter_type for t in gang)
        assert kind.limit.max is None or count <= kind.limit.max
        assert kind.limit.min is None or count >= kind.limit.min
    # Gang Fighters (gangers, juves, prospects) at least as many as the rest.
    gang_fighters = {Category.GANGER, Category.JUVE, Category.PROSPECT}
    assert sum(t.category in gang_fighters for t in gang) >= sum(
        t.category not in gang_fighters for t in gang
    )


def test_house_only_items_are_not_on_the_trading_post() -> None:
    for house_id in HOUSE_SETS:
        data = tomllib.loads((N23 / f"armoury-{house_id}.toml").read_text(encoding="utf-8"))
        items = data.get("weapons", []) + data.get("wargear", [])
        assert items, house_id
        assert all(item["availability"] == "" for item in items)
    trading_post = tomllib.loads((N23 / "armoury-tradingpost-a.toml").read_text(encoding="utf-8"))
    for item in trading_post.get("weapons", []) + trading_post["wargear"]:
        assert item["availability"][:1] in ("C", "R", "I"), item["name"]


def test_armoury_rarity_is_filled_in(load: Load) -> None:
    data = tomllib.loads(Path(N23 / "armoury.toml").read_text(encoding="utf-8"))
    blank = [i["name"] for i in data["weapons"] + data["wargear"] if not i["availability"]]
    # Neither source prints a price or rarity for layered flak.
    assert blank == ["Layered flak armour"]
    ruleset = load("n23")
    assert present(ruleset.weapon_entry("Power sword")).availability == "R9"
    assert present(ruleset.wargear_item("Mesh armour")).availability == "C"


def test_houses_toml_keeps_no_second_copy() -> None:
    data = tomllib.loads((N23 / "houses.toml").read_text(encoding="utf-8"))
    assert data.get("houses", []) == []
