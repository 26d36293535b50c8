"""Kit real YakTribe gangs carry that the pack now holds (armoury-gang-kit.toml,
gang_additions-gang-kit.toml): each line, written as YakTribe exports it with
the price the lists print, lands on the pack's item at that price. Provenance:
docs/provenance/gang-kit.md."""

from __future__ import annotations

import pytest

from gangmanager.content import builtin_rulesets_dir, load_ruleset
from gangmanager.exchange.yaktribe import import_yaktribe
from gangmanager.rules.fighter_refs import owner_name
from gangmanager.rules.gang import Fighter
from gangmanager.rules.ruleset import ArmouryItem, ArmouryWeapon

from .yaktribe_shapes import ganger, yaktribe_file

N23 = load_ruleset("n23", [builtin_rulesets_dir()])


def _import_one(gang_type: str, type_text: str, written: str, cost: int) -> tuple[Fighter, str]:
    line = {"name": written, "qty": "1", "cost": str(cost)}
    data = yaktribe_file(gang_type, ganger("Kell", type_text, 300, equipment=[line]))
    gang, report = import_yaktribe(data, "kit.json", N23)
    assert (report.matched_count, report.unmatched_count) == (1, 0), report.text()
    return gang.fighters[0], report.text()


def _entry(name: str) -> ArmouryWeapon | ArmouryItem:
    found = N23.weapon_entry(name) or N23.wargear_item(name)
    assert found is not None, name
    return found


def _list_price(house_id: str, name: str) -> int | None:
    house = N23.house(house_id)
    assert house is not None
    return next((e.cost for e in house.equipment_list if e.name == name), None)


def _carried(fighter: Fighter, name: str) -> tuple[str, int]:
    """(name, price) of the fighter's item of this name, weapon or wargear."""
    for weapon in fighter.weapons:
        if weapon.name == name:
            return weapon.name, weapon.total_cost
    for item in fighter.wargear:
        if item.name == name:
            return item.name, item.cost
    raise AssertionError(f"{name} not carried: {fighter.weapons} {fighter.wargear}")


IRONHEAD = [
    # (YakTribe's line, the list's price, the pack's item, its Rapid Fire dice)
    ("Ironhead Autogun", 25, "Ironhead autogun", "2"),
    ("Ironhead Boltgun", 95, "Ironhead boltgun", "2"),
    ("Ironhead Autopistol", 20, "Ironhead autopistol", "2"),
    ("Ironhead Bolt Pistol", 45, "Ironhead bolt pistol", "1"),
    ("Ironhead Hand Flamer", 85, "Ironhead hand flamer", "1"),
    ("Ironhead Stub Gun", 10, "Ironhead stub gun", "1"),
    ("Ironhead Flamer", 150, "Ironhead flamer", "1"),
    ("Ironhead Meltagun", 155, "Ironhead meltagun", "1"),
    ("Ironhead Heavy Stubber", 140, "Ironhead heavy stubber", "3"),
    ("Boltgun (Ironhead)", 95, "Ironhead boltgun", "2"),
    ("Ironhead Heavy Flamer", 210, "Vartijan heavy flamer", "1"),
]


@pytest.mark.parametrize(("written", "cost", "ours", "dice"), IRONHEAD)
def test_the_ironhead_guns_are_the_squats_list_items(
    written: str, cost: int, ours: str, dice: str
) -> None:
    fighter, _ = _import_one("Squat Prospectors", "Charter Master (Leader)", written, cost)
    assert _carried(fighter, ours) == (ours, cost)
    # The pack's list sells it at that price, and it is the Ironhead make.
    assert _list_price("squat_prospectors", ours) == cost
    weapon = N23.weapon_entry(ours)
    assert weapon is not None and weapon.cost == cost and weapon.availability == ""
    rapid = [t for t in weapon.profiles[0].traits if t.name == "Rapid Fire"]
    assert [t.param for t in rapid] == [dice]


def test_an_ironhead_gun_is_not_the_common_one() -> None:
    fighter, _ = _import_one("Squat Prospectors", "Drill-kyn (Ganger)", "Ironhead Autogun", 25)
    assert [w.name for w in fighter.weapons] == ["Ironhead autogun"]
    common = N23.weapon_entry("Autogun")
    assert common is not None and common.cost != 25


@pytest.mark.parametrize(
    ("type_text", "written"),
    [("Hybrid Acolyte Early Gen", "Third Arm"), ("Cult Alpha", "Extra Arm")],
)
def test_the_genestealer_cults_third_arm_is_the_packs_mutation(
    type_text: str, written: str
) -> None:
    # Part of the fighter's cost, as the Early Generation option prints it.
    fighter, _ = _import_one("Genestealer Cults (BoR)", type_text, written, 0)
    assert _carried(fighter, "Third arm") == ("Third arm", 0)
    assert _entry("Third arm").cost == 0


@pytest.mark.parametrize(
    ("gang_type", "type_text", "written", "cost", "ours"),
    [
        ("Enforcers", "Hardcase Cyber-Mastiff", "Shock Bite", 0, "Shock bite"),
        ("Enforcers", "Palanite Patrolman", "Heavy Shock Baton", 0, "Heavy shock baton"),
        ("Enforcers", "Palanite Patrolman", "Pacifier Assault Claw", 0, "Pacifier assault claw"),
        ("Enforcers", "Palanite Patrolman", "Mancatcher", 100, "Sanction pattern mancatcher"),
        (
            "Enforcers",
            "Palanite Subjugator",
            "Vigilance Assault Shield",
            40,
            "Vigilance assault shield",
        ),
        ("Van Saar (HoA)", "Prime (Leader)", "Motive Alpha", 35, "Motive cyberteknika (Alpha)"),
        ("Van Saar (HoA)", "Prime (Leader)", "Ocular Gamma", 85, "Ocular cyberteknika (Gamma)"),
        (
            "Van Saar (HoA)",
            "Van Saar Arachni-Rig Servo-Suit",
            "Jump Booster",
            0,
            "Arachni-rig jump boosters",
        ),
    ],
)
def test_van_saar_and_enforcer_kit_lands_on_the_pack(
    gang_type: str, type_text: str, written: str, cost: int, ours: str
) -> None:
    fighter, _ = _import_one(gang_type, type_text, written, cost)
    assert _carried(fighter, ours) == (ours, cost)
    assert _entry(ours).cost == cost


@pytest.mark.parametrize(
    ("gang_type", "type_text", "written", "cost", "ours"),
    [
        (
            "Squat Prospectors",
            "Vartijan Exo-Driller",
            "Heavy Bolter (Vartijan)",
            50,
            "Vartijan heavy bolter",
        ),
        ("Squat Prospectors", "Vartijan Exo-Driller", "Seismic Crusher", 0, "Seismic crusher"),
        (
            "Van Saar",
            "Van Saar Arachni-Rig Servo-Suit",
            "Twin-linked Heavy Las Carbine",
            0,
            "Twin-linked heavy las carbine",
        ),
        ("Van Saar", "Arachni-Rig (Brute)", "Servo Arm", 0, "Servo-arm"),
    ],
)
def test_vartijan_and_arachni_rig_kit_lands_on_the_pack(
    gang_type: str, type_text: str, written: str, cost: int, ours: str
) -> None:
    fighter, _ = _import_one(gang_type, type_text, written, cost)
    assert fighter.category == "brute"
    assert _carried(fighter, ours) == (ours, cost)
    assert _entry(ours).cost == cost


def test_a_vartijan_exo_driller_is_the_packs_brute_with_its_kit() -> None:
    # The file lists its power claw only: the type, its price and the rest of its kit
    # come from the pack (Necrovox and Gyrinx agree on 250 and the profile).
    fighter, text = _import_one("Squat Prospectors", "Vartijan Exo-Driller", "Power Claw", 0)
    driller = N23.fighter_type("squat_prospectors", "Vartijan Exo-Driller")
    assert driller is not None and driller.cost == 250 and driller.houses == ["squat_prospectors"]
    assert (fighter.type, fighter.category) == ("Vartijan Exo-Driller", "brute")
    kit = sorted([*(w.name for w in fighter.weapons), *(i.name for i in fighter.wargear)])
    assert kit == sorted(
        ["Power claw", "Vartijan heavy flamer", "Seismic crusher", "Light carapace armour"]
    )
    assert "the rest (Vartijan heavy flamer, Seismic crusher, Light carapace armour) added" in text


def test_an_arachni_rig_gets_its_weapons_when_its_file_lists_only_armour() -> None:
    fighter, _ = _import_one(
        "Van Saar", "Van Saar Arachni-Rig Servo-Suit", "Light Carapace Armor", 0
    )
    names = [w.name for w in fighter.weapons]
    assert names.count("Servo-arm") == 4 and "Twin-linked heavy las carbine" in names


def test_urson_grimjarl_is_the_packs_hired_gun_with_his_ironhead_stub_gun() -> None:
    fighter, text = _import_one(
        "Squat Prospectors", "Urson Grimjarl, Jardlan Nomad Hunter", "Ironhead Stub Gun", 0
    )
    urson = N23.fighter_type("squat_prospectors", "Urson Grimjarl")
    assert urson is not None and urson.cost == 160
    assert (fighter.type, fighter.category) == ("Urson Grimjarl", "hired_gun")
    names = [w.name for w in fighter.weapons]
    assert names.count("Ironhead stub gun") == 1  # the file's, not a second one
    assert "Jardlan longshot hunting rifle" in names
    assert "added at no cost" in text


def test_a_squat_dramatis_personae_the_pack_lacks_carries_the_packs_ironhead_gun() -> None:
    # Orrin Grimjarl is no pack type: a Hired Gun by name (never the Leader his label
    # says), with the Ironhead autopistol his card prints matched to the pack's gun.
    fighter, _ = _import_one(
        "Squat Prospectors", "Orrin Grimjarl (Leader)", "Ironhead Autopistol", 20
    )
    assert fighter.category == "hired_gun"
    assert _carried(fighter, "Ironhead autopistol") == ("Ironhead autopistol", 20)


def test_an_exo_driller_with_a_heavy_bolter_does_not_also_get_the_heavy_flamer() -> None:
    # Its file lists the heavy bolter it took instead of the heavy flamer, and its claw.
    kit = [
        {"name": "Heavy Bolter (Vartijan)", "qty": "1", "cost": "50"},
        {"name": "Power Claw", "qty": "1", "cost": "0"},
    ]
    data = yaktribe_file(
        "Squat Prospectors", ganger("Kell", "Vartijan Exo-Driller", 300, equipment=kit)
    )
    gang, report = import_yaktribe(data, "kit.json", N23)
    fighter = gang.fighters[0]
    weapons = sorted(w.name for w in fighter.weapons)
    assert weapons == ["Power claw", "Seismic crusher", "Vartijan heavy bolter"]
    assert [i.name for i in fighter.wargear] == ["Light carapace armour"]
    assert "Vartijan heavy bolter stands in for its Vartijan heavy flamer" in report.text()
    # Every weapon and armour listed: nothing is added, the swap is still said.
    full = [*kit, {"name": "Seismic Crusher", "qty": "1", "cost": "0"}]
    full.append({"name": "Light Carapace Armour", "qty": "1", "cost": "0"})
    data = yaktribe_file(
        "Squat Prospectors", ganger("Kell", "Vartijan Exo-Driller", 300, equipment=full)
    )
    gang, report = import_yaktribe(data, "kit.json", N23)
    assert "Vartijan heavy flamer" not in [w.name for w in gang.fighters[0].weapons]
    assert "Vartijan heavy bolter stands in for its Vartijan heavy flamer" in report.text()


def test_a_grenade_on_a_brutes_card_replaces_none_of_its_kit() -> None:
    kit = [{"name": "Frag Grenades", "qty": "1", "cost": "25"}]
    data = yaktribe_file(
        "Squat Prospectors", ganger("Kell", "Vartijan Exo-Driller", 300, equipment=kit)
    )
    gang, _ = import_yaktribe(data, "kit.json", N23)
    weapons = [w.name for w in gang.fighters[0].weapons]
    assert "Vartijan heavy flamer" in weapons and "Power claw" in weapons


def test_an_enforcers_hardcase_cyber_mastiff_is_the_packs_enforcer_beast() -> None:
    # The Hardcase is the Enforcers' own beast (130, 0-2), not the Orlocks' Cyber-mastiff.
    bite = {"name": "Shock Bite", "qty": "1", "cost": "0"}
    marker = {"name": "Hardcase Cyber-Mastiff", "qty": "1", "cost": "0"}
    data = yaktribe_file(
        "Enforcers",
        ganger("Cap", "Palanite Captain (Leader)", 150, equipment=[marker]),
        ganger("Rex", "Hardcase Cyber-Mastiff (Exotic Beast)", 130, equipment=[bite]),
    )
    gang, report = import_yaktribe(data, "kit.json", N23)
    rex = gang.fighter("Rex")
    assert rex is not None
    assert (rex.type, rex.category, owner_name(rex, gang.fighters)) == (
        "Hardcase Cyber-mastiff",
        "exotic_beast",
        "Cap",
    )
    assert [w.name for w in rex.weapons] == ["Shock bite"]
    assert sorted(i.name for i in rex.wargear) == ["Light carapace armour", "Respirator"]
    hardcase = N23.fighter_type("palanite_enforcers", "Hardcase Cyber-mastiff")
    assert hardcase is not None and hardcase.cost == 130 and hardcase.limit.max == 2
    assert report.on_pack_type == 2 and report.unmatched_count == 0
    cap = gang.fighter("Cap")
    assert cap is not None and cap.wargear == []  # the marker is no item


@pytest.mark.parametrize(
    "type_text",
    [
        "Enforcer 'Sanctioner' Pattern Automata (Brute)",
        "Sanctioner Pattern Automata",
        "Sanctioner Automata (Brute)",
    ],
)
def test_a_sanctioner_automata_is_the_packs_enforcer_brute_with_its_kit(type_text: str) -> None:
    kit = [
        {"name": "Grenade Launcher Array", "qty": "1", "cost": "0"},
        {"name": "Grenade Launcher Array - Scare", "qty": "1", "cost": "45"},
        {"name": "Sanction Pattern Mancatcher", "qty": "1", "cost": "100"},
    ]
    data = yaktribe_file("Enforcers", ganger("Sanc", type_text, 350, equipment=kit))
    gang, report = import_yaktribe(data, "kit.json", N23)
    sanc = gang.fighters[0]
    assert (sanc.type, sanc.category) == ("Sanctioner automata", "brute")
    assert (report.matched_count, report.unmatched_count) == (3, 0), report.text()
    array = next(w for w in sanc.weapons if w.name == "Grenade launcher array")
    assert [p.name for p in array.profiles] == ["photon flash grenade", "scare gas grenade"]
    assert array.total_cost == 45
    names = sorted(w.name for w in sanc.weapons)
    # The mancatcher stands in for one of its melee weapons (the claw, first in the kit).
    assert names == ["Grenade launcher array", "Heavy shock baton", "Sanction pattern mancatcher"]
    assert [i.name for i in sanc.wargear] == ["Light carapace armour"]
    sanctioner = N23.fighter_type("palanite_enforcers", "Sanctioner automata")
    assert sanctioner is not None and sanctioner.cost == 205
    assert not sanctioner.open_to(N23.house("orlock"))
