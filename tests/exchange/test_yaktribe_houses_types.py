"""Real YakTribe gangs come in as the pack's gangs: their house strings ("Orlock (HoI)",
"Enforcers"), their type names ("Palanite Patrolman", "Hybrid Acolyte Early Gen",
"Gunner Specialist") and a category that comes from the type, never from cost.

The files are written here in YakTribe's shape (the players' real files are not in
the repository): one per list of the pack, with types as YakTribe spells them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gangmanager.content import builtin_rulesets_dir, load_ruleset
from gangmanager.exchange.detect import read_any
from gangmanager.exchange.gang_file import dump_gang_file, load_gang_file
from gangmanager.exchange.yaktribe import import_yaktribe
from gangmanager.exchange.yaktribe_types import find_house
from gangmanager.rules.gang import Category, Gang

from .yaktribe_shapes import ganger, yaktribe_file

N23 = load_ruleset("n23", [builtin_rulesets_dir()])


# House strings as YakTribe writes them (book suffix, short name) -> the pack's house id.
HOUSES = {
    "Orlock (HoI)": "orlock",
    "Delaque (HoS)": "delaque",
    "Van Saar (HoA)": "van_saar",
    "Escher (HoB)": "escher",
    "Goliath (HoC)": "goliath",
    "Cawdor (HoF)": "cawdor",
    "House Orlock": "orlock",
    "Enforcers": "palanite_enforcers",
    "Palanite Enforcers (BoJ)": "palanite_enforcers",
    "Genestealer Cults (BoR)": "genestealer_cult",
    "Helot Chaos Cult (BoR)": "chaos_cult",
    "Chaos Cult": "chaos_cult",
    "Corpse Grinder Cult (BoR)": "corpse_grinder_cult",
    "Squat Prospectors": "squat_prospectors",
    "Ironhead Squat Prospectors": "squat_prospectors",
    "Ash Waste Nomads": "ash_wastes_nomads",
    "Venators": "venators",
    "Outcasts": "outcasts",
    "Cawdor Redemptionists": "cawdor_redemptionist",
}


@pytest.mark.parametrize(("written", "house_id"), HOUSES.items())
def test_yaktribe_house_strings_are_the_packs_houses(written: str, house_id: str) -> None:
    house = find_house(written, N23)
    assert house is not None and house.id == house_id
    gang, report = import_yaktribe(yaktribe_file(written), "g.json", N23)
    assert gang.house == house.name
    if written != house.name:
        assert f"gang type {written!r} -> {house.name}" in report.text()


def test_an_unknown_house_is_reported_and_types_are_looked_up_everywhere() -> None:
    data = yaktribe_file(
        "Spyre Hunting Party", ganger("Vex", "Gang Queen (Leader)"), ganger("Kol", "Zzyzx")
    )
    gang, report = import_yaktribe(data, "spyre.json", N23)
    text = report.text()
    assert gang.house == "Spyre Hunting Party"
    assert (
        "gang type 'Spyre Hunting Party' is no house of the n23 pack: kept as written;"
        " fighter types looked up in every list" in text
    )
    vex = gang.fighter("Vex")
    assert vex is not None and (vex.type, vex.category) == ("Gang Queen", Category.LEADER)
    # The report names the list the type was taken from.
    assert "type 'Gang Queen (Leader)': found in the House Escher list as Gang Queen" in text


# YakTribe's type names -> (the pack's type, its category).
TYPES = {
    "Palanite Captain": ("Captain", Category.LEADER),
    "Palanite Sergeant": ("Sergeant", Category.CHAMPION),
    "Palanite Patrolman": ("Patrolman", Category.GANGER),
    "Palanite Rookie": ("Rookie", Category.JUVE),
    "Hybrid Acolyte Early Gen": ("Early Generation Hybrid Acolyte", Category.CHAMPION),
    "Neophyte Early Gen": ("Early Generation Neophyte Hybrid", Category.GANGER),
    "Helot Cultist": ("Cultist", Category.GANGER),
    "Prospector Digger": ("Digger", Category.JUVE),
    "Giant Rat": ("Wasteland Giant Rat", Category.EXOTIC_BEAST),
    "Van Saar Arachni-Rig Servo-Suit": ("Arachni-Rig", Category.BRUTE),
    "Scrapcode-corrupted Ambot": ("Ambot", Category.BRUTE),
    "Squat Bounty Hunter": ("Bounty Hunter", Category.HIRED_GUN),
    "Hardcase Cyber-Mastiff": ("Hardcase Cyber-mastiff", Category.EXOTIC_BEAST),
    "Gunner Specialist": ("Gunner", Category.SPECIALIST),
    "Patrolman Specialist": ("Patrolman", Category.SPECIALIST),
    "Sister (Specialist)": ("Sister", Category.SPECIALIST),
    "Hive Scum (Hired Gun)": ("Hive Scum", Category.HIRED_GUN),
    "Slate Merdena (Dramatis Personae)": ("Slate Merdena", Category.HIRED_GUN),
    "Bounty Hunter": ("Bounty Hunter", Category.HIRED_GUN),
}


@pytest.mark.parametrize(("written", "expected"), TYPES.items())
def test_yaktribe_type_names_are_the_packs_types(
    written: str, expected: tuple[str, Category]
) -> None:
    house = {
        "Palanite": "Enforcers",
        "Patrolman": "Enforcers",
        "Hybrid": "Genestealer Cults",
        "Neophyte": "Genestealer Cults",
        "Helot": "Chaos Cult",
        "Prospector": "Squat Prospectors",
        "Sister": "Escher (HoB)",
        "Van": "Van Saar (HoA)",
    }.get(written.split()[0], "Orlock (HoI)")
    # A Leader's cost on every one of them: the cost never makes the category.
    gang, report = import_yaktribe(
        yaktribe_file(house, ganger("Them", written, cost=250)), "t.json", N23
    )
    fighter = gang.fighters[0]
    assert (fighter.type, fighter.category) == expected
    assert "not in the n23 pack" not in report.text()


def test_the_category_is_never_leader_or_champion_for_a_type_of_another_category() -> None:
    # Every type of the pack, labelled "(Leader)" as a wrong file might, with a Leader's
    # cost: it keeps its own category.
    types = [
        *((h.name, t) for h in N23.houses for t in h.fighter_types),
        *(("Orlock", t) for t in N23.gang_additions),
    ]
    for house, fighter_type in types:
        data = yaktribe_file(house, ganger("One", f"{fighter_type.name} (Leader)", cost=300))
        gang, _ = import_yaktribe(data, "t.json", N23)
        fighter = gang.fighters[0]
        assert fighter.type == fighter_type.name, fighter_type.name
        assert fighter.category is fighter_type.category, fighter_type.name
    # A type the pack lacks, with a Leader's exact cost and profile: no Leader either.
    for pack_house in N23.houses:
        leader = next(t for t in pack_house.fighter_types if t.category is Category.LEADER)
        profile = {k.casefold(): v for k, v in leader.profile.values.items()}
        data = yaktribe_file(pack_house.name, ganger("Two", "Zzyzx Boss", leader.cost, **profile))
        gang, _ = import_yaktribe(data, "t.json", N23)
        assert gang.fighters[0].category is Category.GANGER, pack_house.name


@pytest.mark.parametrize(
    ("written", "category"),
    [
        ("Yolanda Skalari (Dramatis Personae)", Category.HIRED_GUN),
        ("Grendl Grendlsen", Category.HIRED_GUN),
        ("Hagar Freelord, Outcasts Leader", Category.HIRED_GUN),
        ("Vespa 'Minx' Merdena", Category.HIRED_GUN),
        ("Grendl Grendlsen (Hired Gun)", Category.HIRED_GUN),
        ("Ridgehauler (Vehicle)", Category.CREW),
        ("Chaos Spawn (Brute)", Category.BRUTE),
        ("Grapplehawk (Exotic Beast)", Category.EXOTIC_BEAST),
        ("Cave Rat", Category.EXOTIC_BEAST),
        ("Zzyzx Overseer", Category.GANGER),
    ],
)
def test_a_type_the_pack_lacks_gets_the_category_its_name_tells(
    written: str, category: Category
) -> None:
    gang, report = import_yaktribe(
        yaktribe_file("Orlock", ganger("X", written, cost=400)), "t.json", N23
    )
    fighter = gang.fighters[0]
    assert (fighter.type, fighter.category) == (written, category)
    assert f"type {written!r} is not in the n23 pack: kept as written" in report.text()


def test_two_leaders_import_with_a_warning() -> None:
    data = yaktribe_file(
        "Orlock (HoI)",
        ganger("Boss", "Road Captain (Leader)"),
        ganger("Other Boss", "Road Captain (Leader)"),
        ganger("Gun", "Gunner (Ganger)"),
    )
    gang, report = import_yaktribe(data, "two.json", N23)
    assert len(gang.fighters) == 3
    assert "warning: The gang has 2 Leaders: it may have only one." in report.text()


# One file per list of the pack, with types as YakTribe spells them: labels in
# brackets, its short names and prefixes, beasts and Brutes of the list.
LISTS: dict[str, tuple[str, list[str]]] = {
    "orlock": (
        "Orlock (HoI)",
        [
            "Road Captain (Leader)",
            "Road Sergeant (Champion)",
            "Arms Master (Champion)",
            "Gunner (Ganger)",
            "Gunner Specialist",
            "Wrecker (Prospect)",
            "Greenhorn (Juve)",
            "Ambot (Brute)",
            "Cyber-mastiff (Exotic Beast)",
        ],
    ),
    "goliath": (
        "Goliath (HoC)",
        [
            "Forge Tyrant (Leader)",
            "Forge Boss (Champion)",
            "Stimmer (Champion)",
            "Bruiser (Ganger)",
            "Forge-born (Prospect)",
            "Bully (Juve)",
        ],
    ),
    "escher": (
        "Escher (HoB)",
        [
            "Gang Queen (Leader)",
            "Gang Matriarch (Champion)",
            "Death-Maiden (Champion)",
            "Sister (Ganger)",
            "Wyld Runner (Prospect)",
            "Little Sister (Juve)",
            "Phyrr Cat (Exotic Beast)",
        ],
    ),
    "van_saar": (
        "Van Saar (HoA)",
        [
            "Prime (Leader)",
            "Augmek (Champion)",
            "Archeotek (Champion)",
            "Tek (Ganger)",
            "Neotek (Prospect)",
            "Subtek (Juve)",
            "Van Saar Arachni-Rig Servo-Suit",
            "Cyberachnid (Exotic Beast)",
        ],
    ),
    "delaque": (
        "Delaque (HoS)",
        [
            "Master of Shadows (Leader)",
            "Phantom (Champion)",
            "Nacht-Ghul (Champion)",
            "Ghost (Ganger)",
            "Psy-Gheist (Prospect)",
            "Shadow (Juve)",
            "Psychoteric Worm (Exotic Beast)",
            "Cephalopod Spektor (Exotic Beast)",
        ],
    ),
    "cawdor": (
        "Cawdor (HoF)",
        [
            "Word-Keeper (Leader)",
            "Firebrand (Champion)",
            "Brethren (Ganger)",
            "Way-Brethren (Prospect)",
            "Bonepicker (Juve)",
            "Sheen Bird (Exotic Beast)",
        ],
    ),
    "cawdor_redemptionist": (
        "Cawdor Redemptionists",
        [
            "Redemptor Priest (Leader)",
            "Deacon (Champion)",
            "Redemptionist Brethren (Ganger)",
            "Zealot (Juve)",
            "Cherub-Servitor (Exotic Beast)",
        ],
    ),
    "palanite_enforcers": (
        "Enforcers",
        [
            "Palanite Captain",
            "Palanite Subjugator Captain",
            "Palanite Sergeant",
            "Palanite Patrolman",
            "Palanite Subjugator",
            "Palanite Rookie",
            "Patrolman Specialist",
            "Hardcase Cyber-Mastiff",
        ],
    ),
    "genestealer_cult": (
        "Genestealer Cults (BoR)",
        [
            "Adept (Leader)",
            "Hybrid Acolyte (Champion)",
            "Hybrid Acolyte Early Gen",
            "Aberrant (Ganger)",
            "Neophyte Hybrid (Ganger)",
            "Neophyte Early Gen",
            "Psychic Familiar (Exotic Beast)",
        ],
    ),
    "chaos_cult": (
        "Helot Chaos Cult (BoR)",
        [
            "Demagogue (Leader)",
            "Witch (Champion)",
            "Disciple (Champion)",
            "Helot Cultist",
            "Chaos Familiar (Exotic Beast)",
        ],
    ),
    "corpse_grinder_cult": (
        "Corpse Grinder Cult (BoR)",
        ["Butcher (Leader)", "Cutter (Champion)", "Skinner (Ganger)", "Initiate (Juve)"],
    ),
    "squat_prospectors": (
        "Squat Prospectors",
        [
            "Charter Master (Leader)",
            "Drill Master (Champion)",
            "Drill-kyn (Ganger)",
            "Prospector Digger",
            "Giant Rat",
            "Squat Bounty Hunter",
            "Scrapcode-corrupted Ambot",
        ],
    ),
    "ash_wastes_nomads": (
        "Ash Waste Nomads",
        [
            "Kha'tragi Chieftain (Leader)",
            "Stormcaller (Champion)",
            "Watcher (Champion)",
            "Tarn'runi Warrior (Ganger)",
            "Dust Rider (Prospect)",
            "Dust Runner (Juve)",
        ],
    ),
    "venators": (
        "Venators",
        ["Hunt Leader (Leader)", "Hunt Champion (Champion)", "Hunter (Ganger)"],
    ),
    "outcasts": (
        "Outcasts",
        ["Outcast Leader (Leader)", "Outcast Champion (Champion)", "Outcast Hive Scum (Ganger)"],
    ),
}


def test_the_lists_cover_every_house_of_the_pack() -> None:
    assert set(LISTS) == {h.id for h in N23.houses}


@pytest.mark.parametrize("house_id", sorted(LISTS))
def test_a_yaktribe_file_of_each_list_lands_every_fighter_on_a_pack_type(
    house_id: str, tmp_path: Path
) -> None:
    gang_type, types = LISTS[house_id]
    data = yaktribe_file(
        gang_type, *(ganger(f"Fighter {n}", t, cost=90) for n, t in enumerate(types, 1))
    )
    path = tmp_path / f"{house_id}.json"
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    gang, report = read_any(path, lambda _: N23)
    assert report is not None
    house = N23.house(house_id)
    assert house is not None and gang.house == house.name
    pack_types = {t.name: t for t in [*N23.gang_additions, *house.fighter_types]}
    for fighter, written in zip(gang.fighters, types, strict=True):
        fighter_type = pack_types.get(fighter.type)
        assert fighter_type is not None, f"{written!r} is on no pack type ({fighter.type!r})"
        expected = Category.SPECIALIST if "Specialist" in written else fighter_type.category
        assert fighter.category is expected, written
    assert report.on_pack_type == len(types)
    assert f"{len(types)} of {len(types)} fighters on a fighter type of the pack." in report.text()
    assert "not in the n23 pack" not in report.text()


def _round_trip(gang: Gang) -> Gang:
    return load_gang_file(json.loads(dump_gang_file(gang)), "again.gang.json")


def test_a_gang_of_every_list_exports_and_imports_again() -> None:
    for gang_type, types in LISTS.values():
        data = yaktribe_file(gang_type, *(ganger(f"F{n}", t) for n, t in enumerate(types)))
        gang, _ = import_yaktribe(data, "t.json", N23)
        assert dump_gang_file(_round_trip(gang)) == dump_gang_file(gang)
