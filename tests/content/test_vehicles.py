"""n23's vehicles (issue 25): each a fighter type keyed by the vehicle statline, with
its cost, crew, hardpoints, weapons, upgrades and who may take it; the loader
refuses a broken one in one line naming the file."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from gangmanager.content import RulesetError, builtin_rulesets_dir, load_ruleset
from gangmanager.rules.ruleset import Ruleset

HEAD = 'id = "{id}"\nname = "Vehicles"\nextends = "n23"\n'
BUGGY = (
    "[[vehicles]]\nname = \"Buggy\"\ncost = 50\nprofile = '{profile}'\n"
    'hardpoints = [{{ arcs = ["front"] }}]\n{extra}'
)
LINE = '8" 3 3 3 2 5+ 5+ 4+ 7+ 6+ 6+ 7+'

# name: cost, the vehicle's seven, who may take it (None: every house but the Nomads).
EXPECTED = {
    "Wolfquad": (70, '8" 3 3 3 2 5+ 5+', None),
    "Ridgerunner": (95, '7" 5 4 4 3 7+ 5+', None),
    "Rockgrinder": (145, '5" 7 7 6 4 8+ 4+', None),
    "Cargo-8 Ridgehauler": (230, '7" 9 8 8 6 7+ 3+', None),
    "Chronos Pattern Ironcrawler": (390, '6" 9 9 8 7 6+ 3+', None),
    "Outrider Quad": (80, '9" 4 3 3 2 4+ 5+', ["orlock"]),
    "Mauler": (100, '7" 5 4 4 3 5+ 5+', ["goliath"]),
    "Skalvian Explorator": (265, '6" 9 8 7 6 6+ 3+', ["squat_prospectors"]),
}


def test_n23_lists_the_vehicles_with_their_figures(load: Callable[[str], Ruleset]) -> None:
    ruleset = load("n23")
    assert [v.name for v in ruleset.vehicles] == list(EXPECTED)
    every_but_nomads = sorted(h.id for h in ruleset.houses if h.id != "ash_wastes_nomads")
    for vehicle in ruleset.vehicles:
        cost, line, houses = EXPECTED[vehicle.name]
        assert vehicle.cost == cost, vehicle.name
        assert vehicle.statline == "vehicle" and vehicle.category.value == "crew"
        printed = list(vehicle.profile.printed().values())
        assert " ".join(printed[:7]) == line, vehicle.name
        assert sorted(vehicle.houses) == (houses or every_but_nomads), vehicle.name
        assert vehicle.hardpoints, vehicle.name
    mauler = ruleset.vehicle("mauler")
    assert mauler is not None and mauler.crew == ["Road Thug"]
    assert (mauler.locomotion, mauler.upgrade_slots.body, mauler.upgrade_slots.drive) == (
        "hybrid",
        2,
        1,
    )
    quad = ruleset.vehicle("Outrider Quad")
    assert quad is not None and [(w.name, w.cost) for w in quad.weapons] == [
        ("Harpoon launcher", 110),
        ("Heavy bolter", 160),
    ]
    assert quad.upgrade_slots.body == 0 and quad.upgrade_slots.engine == 2
    runner = ruleset.vehicle("Ridgerunner")
    assert runner is not None
    assert [(h.location, h.operated_by) for h in runner.hardpoints] == [
        ("Hull", "crew"),
        ("Rear platform", "passenger"),
    ]
    assert [u.name for u in runner.upgrades if u.included] == ["Transport bed"]


def test_every_vehicle_and_crew_is_within_the_statline(load: Callable[[str], Ruleset]) -> None:
    ruleset = load("n23")
    table = ruleset.statline("vehicle")
    for vehicle in ruleset.vehicles:
        assert tuple(vehicle.profile.values) == table.codes, vehicle.name
        for row in table:
            value = vehicle.profile[row.code]
            assert value is not None and row.in_range(value), (vehicle.name, row.code)
    crews = {c.name: c for c in ruleset.vehicle_crews}
    for crew in crews.values():
        for row in table:
            value = crew.profile[row.code]
            assert (value is None) == (row.group != "crew"), (crew.name, row.code)
            assert row.in_range(value), (crew.name, row.code)
    # A vehicle's crew line is that of its first crew (the Haulier's when it names none).
    for vehicle in ruleset.vehicles:
        crew = crews[vehicle.crew[0] if vehicle.crew else "Guild of Coin Haulier"]
        for row in table:
            if row.group == "crew":
                assert vehicle.profile[row.code] == crew.profile[row.code], vehicle.name
    assert crews["Iron Rider"].houses == ["orlock"] and crews["Iron Rider"].cost == 35


def test_every_weapon_of_a_vehicle_list_is_an_armoury_weapon(
    load: Callable[[str], Ruleset],
) -> None:
    ruleset = load("n23")
    lists = [v.weapons for v in ruleset.vehicles] + [h.weapons for h in ruleset.vehicle_house_lists]
    names = [w.name for options in lists for w in options]
    assert len(names) > 20
    assert all(ruleset.weapon_entry(n) is not None for n in names)
    assert [h.house for h in ruleset.vehicle_house_lists] == ["goliath", "orlock"]
    assert [(w.name, w.cost) for w in ruleset.vehicle_list("goliath")][:2] == [
        ("Boltgun", 55),
        ("Stub cannon", 20),
    ]


def test_a_vehicle_is_found_by_name_for_a_house_that_may_take_it(
    load: Callable[[str], Ruleset],
) -> None:
    ruleset = load("n23")
    found = ruleset.fighter_type("goliath", "Mauler")
    assert found is not None and found.statline == "vehicle"
    assert ruleset.fighter_type("orlock", "Mauler") is None
    assert ruleset.fighter_type("ash_wastes_nomads", "Wolfquad") is None
    # Recruited with their crew, vehicles are not on the list of fighter types.
    assert "Mauler" not in [t.name for t in ruleset.fighter_types_for("goliath")]


@pytest.mark.parametrize(
    ("vehicles", "expected"),
    [
        (
            BUGGY.format(profile=LINE.replace(" 2 5+", " 9 5+", 1), extra=""),
            'vehicles.toml: vehicle "Buggy": profile: HP 9 is outside 8 (best) to 1 (worst)',
        ),
        (
            BUGGY.format(profile=LINE.replace('8" 3', '8" 4+', 1), extra=""),
            "vehicles.toml: vehicle \"Buggy\": profile: Fr: '4+' is not a valid Front value",
        ),
        (
            BUGGY.format(profile=LINE, extra='crew = ["Sump Pilot"]\n'),
            "vehicles.toml: vehicle \"Buggy\": crew: no vehicle crew 'Sump Pilot' in this pack",
        ),
        (
            BUGGY.format(profile=LINE, extra='weapons = [{ name = "Headlights", cost = 15 }]\n'),
            "vehicles.toml: vehicle \"Buggy\": weapons: 'Headlights' is no weapon of the armoury",
        ),
        (
            BUGGY.format(profile=LINE, extra='houses = ["ork_freebooters"]\n'),
            "vehicles.toml: vehicle \"Buggy\": houses: no house 'ork_freebooters' in this pack",
        ),
        (
            BUGGY.format(profile=LINE, extra='crew = ["Iron Rider"]\n'),
            'vehicles.toml: vehicle "Buggy": profile: its crew line (4+ 7+ 6+ 6+ 7+) is not'
            " that of its first crew, Iron Rider (4+ 6+ 6+ 7+ 7+)",
        ),
        (
            '[[vehicle_crews]]\nname = "Sump Pilot"\ncost = 20\nprofile = { M = 5, BS = "4+" }\n',
            "vehicles.toml: vehicle crew \"Sump Pilot\": profile: 'M' is no crew characteristic"
            " of the statline 'vehicle' (BS, Ld, Cl, Wil, Int)",
        ),
    ],
)
def test_a_broken_vehicle_is_refused_in_one_line(
    write_pack: Callable[..., Path], user_dir: Path, vehicles: str, expected: str
) -> None:
    write_pack("broken-vehicle", pack=HEAD.format(id="broken-vehicle"), vehicles=vehicles)
    with pytest.raises(RulesetError) as info:
        load_ruleset("broken-vehicle", [user_dir, builtin_rulesets_dir()])
    message = str(info.value)
    assert "\n" not in message
    assert expected in message


def test_a_pack_adds_a_vehicle_and_its_crew(
    write_pack: Callable[..., Path], user_dir: Path
) -> None:
    write_pack(
        "more-vehicles",
        pack=HEAD.format(id="more-vehicles"),
        vehicles=BUGGY.format(profile=LINE, extra='crew = ["Sump Pilot"]\nhouses = ["escher"]\n')
        + '\n[[vehicle_crews]]\nname = "Sump Pilot"\ncost = 20\nprofile = "4+ 7+ 6+ 6+ 7+"\n',
    )
    ruleset = load_ruleset("more-vehicles", [user_dir, builtin_rulesets_dir()])
    assert [v.name for v in ruleset.vehicles][-1] == "Buggy"  # after n23's eight
    assert len(ruleset.vehicles) == len(EXPECTED) + 1
    pilot = ruleset.vehicle_crews[-1]
    assert pilot.name == "Sump Pilot" and pilot.profile["Ld"] == 7 and pilot.profile["M"] is None
