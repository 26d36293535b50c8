"""The gang lists beyond the Great Houses (issue 19): Palanite Enforcers, Genestealer
Cult, Chaos Cult, Corpse Grinder Cult, Ash Wastes Nomads, Squat Prospectors, Venators
and Outcasts, each a house entry of n23.

Sources and the numbers behind them: docs/provenance/gang-lists.md.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from gangmanager.rules import ratings, restrictions, roster_ops
from gangmanager.rules.gang import Category, Fighter, Gang
from gangmanager.rules.roster_ops import armoury_weapon
from gangmanager.rules.ruleset import ArmouryWeapon, FighterType, House, Ruleset

Load = Callable[[str], Ruleset]

L, C, G, J, P, B = (
    Category.LEADER,
    Category.CHAMPION,
    Category.GANGER,
    Category.JUVE,
    Category.PROSPECT,
    Category.EXOTIC_BEAST,
)

TYPES: dict[str, list[tuple[str, Category, int]]] = {
    "palanite_enforcers": [
        ("Captain", L, 140),
        ("Subjugator Captain", L, 150),
        ("Sergeant", C, 100),
        ("Subjugator Sergeant", C, 110),
        ("Patrolman", G, 70),
        ("Subjugator Patrolman", G, 80),
        ("Rookie", J, 0),
    ],
    "genestealer_cult": [
        ("Cult Adept", L, 120),
        ("Cult Alpha", L, 145),
        ("Hybrid Acolyte", C, 85),
        ("Early Generation Hybrid Acolyte", C, 130),
        ("Aberrant", G, 95),
        ("Neophyte Hybrid", G, 45),
        ("Early Generation Neophyte Hybrid", G, 90),
        ("Psychic Familiar", B, 25),
    ],
    "chaos_cult": [
        ("Demagogue", L, 100),
        ("Witch", C, 70),
        ("Disciple", C, 60),
        ("Cultist", G, 35),
        ("Chaos Familiar", B, 25),
    ],
    "corpse_grinder_cult": [
        ("Butcher", L, 130),
        ("Cutter", C, 90),
        ("Skinner", G, 40),
        ("Initiate", J, 25),
    ],
    "ash_wastes_nomads": [
        ("Kha'tragi Chieftain", L, 120),
        ("Wy'tari Stormcaller", C, 120),
        ("Naku'taari Watcher", C, 110),
        ("Tarn'runi Warrior", G, 65),
        ("Tarh'noki Dust Rider", P, 80),
        ("Run'taani Dust Runner", J, 35),
    ],
    "squat_prospectors": [
        ("Charter Master", L, 115),
        ("Drill Master", C, 85),
        ("Drill-kyn", G, 50),
        ("Digger", J, 35),
    ],
    "venators": [
        *[(f"Hunt Leader{s}", L, 110) for s in ("", " 2", " 3", " 4")],
        *[(f"Hunt Champion{s}", C, 85) for s in ("", " 2", " 3", " 4")],
        *[(f"Hunter{s}", G, 50) for s in ("", " 2", " 3", " 4")],
    ],
    "outcasts": [
        *[(f"Outcast Leader{s}", L, 125) for s in ("", " 2", " 3", " 4")],
        ("Outcast Champion", C, 60),
        ("Outcast Hive Scum", G, 30),
    ],
}
NAMES = {
    "palanite_enforcers": "Palanite Enforcers",
    "genestealer_cult": "Genestealer Cult",
    "chaos_cult": "Chaos Cult",
    "corpse_grinder_cult": "Corpse Grinder Cult",
    "ash_wastes_nomads": "Ash Wastes Nomads",
    "squat_prospectors": "Squat Prospectors",
    "venators": "Venators",
    "outcasts": "Outcasts",
}
OWN_SET = {
    "palanite_enforcers": "Palanite Drill",
    "genestealer_cult": "Wyrd powers (Genestealer Cult)",
    "chaos_cult": "Wyrd powers (Chaos Cult)",
    "corpse_grinder_cult": "Savagery",
    "ash_wastes_nomads": "Wastelands",
    "squat_prospectors": "Wisdom of the Ancients",
}
# A starting gang chosen by hand from each list (not the cheapest types: the
# Enforcers' free Rookies only replace the dead).
STARTING = {
    "palanite_enforcers": ["Captain", "Sergeant", "Patrolman", "Patrolman", "Patrolman"],
    "genestealer_cult": ["Cult Adept", "Hybrid Acolyte", "Aberrant", *["Neophyte Hybrid"] * 4],
    "chaos_cult": ["Demagogue", "Witch", "Disciple", *["Cultist"] * 5],
    "corpse_grinder_cult": ["Butcher", "Cutter", "Skinner", "Skinner", "Initiate", "Initiate"],
    "ash_wastes_nomads": ["Kha'tragi Chieftain", "Naku'taari Watcher", *["Tarn'runi Warrior"] * 3],
    "squat_prospectors": ["Charter Master", "Drill Master", *["Drill-kyn"] * 3, "Digger"],
    "venators": ["Hunt Leader", "Hunt Champion 2", "Hunter", "Hunter 3"],
    "outcasts": ["Outcast Leader 3", "Outcast Champion", *["Outcast Hive Scum"] * 4],
}
# Lists the book prints without an equipment list of their own.
TRADING_POST_ONLY = {"venators"}


def _house(ruleset: Ruleset, house_id: str) -> House:
    house = ruleset.house(house_id)
    assert house is not None, house_id
    return house


def _type(house: House, name: str) -> FighterType:
    return next(t for t in house.fighter_types if t.name == name)


def _fighter(ruleset: Ruleset, house: House, name: str, number: int = 0) -> Fighter:
    return roster_ops.recruit(_type(house, name), f"{name} {number}", ruleset)


@pytest.mark.parametrize("house_id", sorted(TYPES))
def test_types_categories_and_costs(load: Load, house_id: str) -> None:
    house = _house(load("n23"), house_id)
    assert house.name == NAMES[house_id]
    assert house.summary
    assert [(t.name, t.category, t.cost) for t in house.fighter_types] == TYPES[house_id]


@pytest.mark.parametrize("house_id", sorted(TYPES))
def test_every_leader_type_is_one_of_a_kind(load: Load, house_id: str) -> None:
    house = _house(load("n23"), house_id)
    leaders = [t for t in house.fighter_types if t.category is Category.LEADER]
    assert leaders
    assert all(t.limit.max == 1 for t in leaders)
    # A single Leader type is also required; alternatives (Adept or Alpha) are not.
    if len(leaders) == 1:
        assert leaders[0].limit.min == 1


@pytest.mark.parametrize("house_id", sorted(TYPES))
def test_skill_access_names_sets_of_the_pack(load: Load, house_id: str) -> None:
    ruleset = load("n23")
    house = _house(ruleset, house_id)
    known = {s.name for s in ruleset.skill_sets}
    for fighter_type in house.fighter_types:
        assert fighter_type.skill_sets_primary, fighter_type.name
        assert set(fighter_type.skill_sets_primary + fighter_type.skill_sets_secondary) <= known
    own = OWN_SET.get(house_id)
    if own is None:
        assert house.skill_sets == []
        return
    assert house.skill_sets == [own]
    skill_set = next(s for s in ruleset.skill_sets if s.name == own)
    assert skill_set.house == house_id
    assert len(skill_set.skills) == 6 and all(s.summary for s in skill_set.skills)
    assert any(own in t.skill_sets_primary for t in house.fighter_types)


@pytest.mark.parametrize("house_id", sorted(TYPES))
def test_equipment_list_resolves_and_every_line_has_a_taker(load: Load, house_id: str) -> None:
    ruleset = load("n23")
    house = _house(ruleset, house_id)
    if house_id in TRADING_POST_ONLY:
        assert house.equipment_list == []
        return
    assert len(house.equipment_list) >= 20
    names = [e.name for e in house.equipment_list]
    assert len(names) == len(set(names))
    for entry in house.equipment_list:
        assert restrictions.armoury_lookup(ruleset, entry.name) is not None, entry.name
        assert any(
            restrictions.may_take_listed(entry, t.name, t.category) for t in house.fighter_types
        ), entry.name
    for fighter_type in house.fighter_types:
        for item in fighter_type.equipment:
            assert restrictions.armoury_lookup(ruleset, item) is not None, item


def _armed(ruleset: Ruleset, house_id: str, fighter: Fighter) -> Fighter:
    """The fighter with the cheapest weapon it may take (its list first)."""
    offers = [
        o for o in restrictions.offers(ruleset, house_id, fighter, "weapons") if o.verdict.allowed
    ]
    listed = [o for o in offers if o.verdict.source == "list"]
    cheapest = min(listed or offers, key=lambda o: o.price)
    assert isinstance(cheapest.entry, ArmouryWeapon)
    weapon = armoury_weapon(cheapest.entry).model_copy(update={"cost": cheapest.price})
    return fighter.model_copy(update={"weapons": [*fighter.weapons, weapon]})


@pytest.mark.parametrize("house_id", sorted(TYPES))
def test_a_legal_starting_gang_fits_in_1000_credits(load: Load, house_id: str) -> None:
    ruleset = load("n23")
    house = _house(ruleset, house_id)
    fighters = [
        _armed(ruleset, house_id, _fighter(ruleset, house, name, number))
        for number, name in enumerate(STARTING[house_id])
    ]
    spent = sum(ratings.fighter_cost(f) for f in fighters)
    assert spent <= ruleset.founding_credits == 1000
    gang = Gang(name="Founders", house=house.name, credits=1000 - spent, fighters=fighters)
    assert roster_ops.composition_warnings(gang) == []
    assert restrictions.limit_warnings(ruleset, house_id, fighters) == []
    for fighter in fighters:
        bought = fighter.weapons[-1]
        verdict = restrictions.check_item(ruleset, house_id, fighter, bought.name)
        assert verdict.allowed, verdict.reason
        assert verdict.price == bought.cost
        assert verdict.source == ("trading_post" if house_id in TRADING_POST_ONLY else "list")


@pytest.mark.parametrize(
    ("house_id", "type_name", "refused", "allowed"),
    [
        ("palanite_enforcers", "Rookie", ["Sniper rifle", "Concussion carbine"], ["Stub gun"]),
        ("palanite_enforcers", "Patrolman", ["Grenade launcher"], ["Enforcer boltgun"]),
        ("palanite_enforcers", "Subjugator Patrolman", ["Enforcer boltgun"], ["Grenade launcher"]),
        ("genestealer_cult", "Aberrant", ["Autogun", "Frag grenade"], ["Heavy rock drill"]),
        ("genestealer_cult", "Neophyte Hybrid", ["Flamer", "Heavy stubber"], ["Autogun"]),
        ("chaos_cult", "Witch", ["Lasgun", "Flamer"], ["Laspistol", "Chainsword"]),
        ("chaos_cult", "Cultist", ["Heavy stubber"], ["Flamer"]),
        ("corpse_grinder_cult", "Butcher", ["Stub gun", "Flamer"], ["Heavy chain cleaver"]),
        ("corpse_grinder_cult", "Initiate", [], ["Stub gun", "Boning sword"]),
        (
            "ash_wastes_nomads",
            "Run'taani Dust Runner",
            ["Web pistol", "Long rifle"],
            ["Blast pistol"],
        ),
        ("ash_wastes_nomads", "Wy'tari Stormcaller", ["Charge caster"], ["Stormcaller staff"]),
        ("squat_prospectors", "Drill-kyn", ["Stone burner", "Mining laser"], ["Power pick"]),
    ],
)
def test_the_list_keeps_each_type_to_its_weapons(
    load: Load, house_id: str, type_name: str, refused: list[str], allowed: list[str]
) -> None:
    ruleset = load("n23")
    fighter = _fighter(ruleset, _house(ruleset, house_id), type_name)
    for name in refused:
        verdict = restrictions.check_item(ruleset, house_id, fighter, name)
        assert not verdict.allowed, name
        assert "list allows it to" in verdict.reason
    for name in allowed:
        verdict = restrictions.check_item(ruleset, house_id, fighter, name)
        assert verdict.allowed and verdict.source == "list", (name, verdict.reason)


@pytest.mark.parametrize(
    ("house_id", "type_name", "most"),
    [
        ("chaos_cult", "Witch", 1),
        ("chaos_cult", "Chaos Familiar", 2),
        ("genestealer_cult", "Hybrid Acolyte", 2),
        ("genestealer_cult", "Psychic Familiar", 3),
        ("genestealer_cult", "Cult Alpha", 1),
        ("outcasts", "Outcast Champion", 2),
    ],
)
def test_type_limits_warn_one_past_the_most(
    load: Load, house_id: str, type_name: str, most: int
) -> None:
    ruleset = load("n23")
    house = _house(ruleset, house_id)
    fighters = [_fighter(ruleset, house, type_name, n) for n in range(most)]

    def about_type() -> list[str]:
        # Other types' limits (the one Leader a list requires) are not the point here.
        warnings = restrictions.limit_warnings(ruleset, house_id, fighters)
        return [w for w in warnings if type_name in w]

    assert about_type() == []
    fighters.append(_fighter(ruleset, house, type_name, most))
    assert about_type() == [
        f"At most {most} {type_name if most == 1 else type_name + 's'} may join;"
        f" the gang has {most + 1}."
    ]


def test_two_leader_types_still_make_one_leader(load: Load) -> None:
    ruleset = load("n23")
    house = _house(ruleset, "genestealer_cult")
    fighters = [
        _fighter(ruleset, house, "Cult Adept"),
        _fighter(ruleset, house, "Cult Alpha"),
        *[_fighter(ruleset, house, "Neophyte Hybrid", n) for n in range(2)],
    ]
    gang = Gang(name="Two heads", house=house.name, fighters=fighters)
    assert roster_ops.composition_warnings(gang) == [
        "The gang has 2 Leaders: it may have only one."
    ]


def test_gang_only_items_are_list_only(load: Load) -> None:
    ruleset = load("n23")
    for name in ("Enforcer boltgun", "Boning sword", "Blast carbine", "Stone burner"):
        entry = restrictions.armoury_lookup(ruleset, name)
        assert entry is not None and entry.availability == "", name
    # A list price, not the armoury's: the Squats' arc welder.
    squats = _house(ruleset, "squat_prospectors")
    welder = next(e for e in squats.equipment_list if e.name == "Arc welder")
    assert welder.cost == 100 and welder.restricted_to == ["leader", "champion"]
