"""Equipment lines of real YakTribe exports: paid ammo on its own line, the spellings
real files use, beast markers, doubtful matches, a Brute's partial kit. The files are
written here in YakTribe's shape (players' real files are not in the repository)."""

from __future__ import annotations

import json

import pytest

from gangmanager.content import builtin_rulesets_dir, load_ruleset
from gangmanager.exchange.gang_file import dump_gang_file, load_gang_file
from gangmanager.exchange.yaktribe import import_yaktribe
from gangmanager.rules.fighter_refs import owner_name
from gangmanager.rules.gang import Fighter, Gang

from .yaktribe_club_lines import CLUB_GANGS
from .yaktribe_shapes import ganger, yaktribe_file

N23 = load_ruleset("n23", [builtin_rulesets_dir()])


def line(name: str, cost: int, qty: int = 1) -> dict[str, str]:
    return {"name": name, "qty": str(qty), "cost": str(cost)}


def one(gang_type: str, type_text: str, *lines: dict[str, str], cost: int = 400) -> Gang:
    data = yaktribe_file(gang_type, ganger("Kell", type_text, cost, equipment=list(lines)))
    gang, _ = import_yaktribe(data, "kit.json", N23)
    return gang


def _kit(fighter: Fighter) -> list[str]:
    return [*(w.name for w in fighter.weapons), *(i.name for i in fighter.wargear)]


@pytest.mark.parametrize(
    ("weapon", "ammo", "profile"),
    [
        (("Shotgun", 30), ("Shotgun - Executioner", 20), "executioner ammo"),
        (("Shotgun", 30), ("Shotgun - Inferno", 15), "inferno ammo"),
        (("Grenade Launcher", 65), ("Grenade Launcher-Smoke", 15), "smoke grenade"),
        (("Grenade Launcher", 65), ("Grenade Launcher Krak", 0), "krak grenade"),
        (("Lasgun", 15), ("Hotshot Lasgun Pack", 20), "hotshot las pack"),
        (("Laspistol", 10), ("Hotshot Laspistol Pack", 20), "hotshot las pack"),
        # Special ammo the pack's weapons gained for real files (issue 27).
        (("Enforcer Boltgun", 50), ("Penetrator Rounds-Boltgun", 20), "penetrator rounds"),
        (("Boltgun", 55), ("Penetrator Rounds-Boltgun", 20), "penetrator rounds"),
        (("Grenade Launcher", 65), ("Grenade Launcher-Choke Ammo", 35), "choke gas grenade"),
        (("Grenade Launcher", 65), ("Grenade Launcher-Photon Ammo", 15), "photon flash grenade"),
        (("Grenade Launcher", 65), ("Grenade Launcher - Scare", 45), "scare gas grenade"),
        (("Shotgun", 30), ("Gas Shell-Shotgun", 25), "gas shells"),
        (("Shotgun", 30), ("Shatter Shell-Shotgun", 15), "shatter shells"),
        (("Boltgun", 55), ("Gas Shell-Boltgun", 25), "gas shells"),
        (("Boltgun", 55), ("Shatter Shell-Boltgun", 15), "shatter shells"),
        (("Combat Shotgun", 70), ("Gas Shell-Combat Shotgun", 25), "gas shells"),
        (("Sawn-off Shotgun", 15), ("Shatter Shell-Sawn-off Shotgun", 15), "shatter shells"),
    ],
)
def test_paid_ammo_on_its_own_line_is_a_profile_of_the_fighters_weapon(
    weapon: tuple[str, int], ammo: tuple[str, int], profile: str
) -> None:
    for lines in ([line(*weapon), line(*ammo)], [line(*ammo), line(*weapon)]):
        data = yaktribe_file("Orlock", ganger("Kell", "Gunner (Ganger)", 400, equipment=lines))
        gang, report = import_yaktribe(data, "ammo.json", N23)
        kell = gang.fighters[0]
        # One weapon, carrying the ammo as its profile at the line's price.
        assert [w.name for w in kell.weapons] == [weapon[0].capitalize()]
        assert kell.wargear == []
        got = kell.weapons[0].profile(profile)
        assert got is not None, [p.name for p in kell.weapons[0].profiles]
        assert kell.weapons[0].total_cost == weapon[1] + ammo[1]
        assert (report.matched_count, report.unmatched_count) == (2, 0)
        assert f"{ammo[0]} -> {weapon[0].capitalize()}: {profile}" in report.text()


def test_ammo_without_its_weapon_is_reported() -> None:
    data = yaktribe_file(
        "Orlock",
        ganger("Kell", "Gunner (Ganger)", 100, equipment=[line("Shotgun - Executioner", 20)]),
    )
    gang, report = import_yaktribe(data, "ammo.json", N23)
    kell = gang.fighters[0]
    assert kell.weapons == [] and [i.name for i in kell.wargear] == ["Shotgun - Executioner"]
    assert (
        "Shotgun - Executioner: executioner ammo for a Shotgun the fighter does not carry:"
        " kept as a custom item" in report.text()
    )


def test_ammo_the_pack_does_not_give_the_weapon_is_reported() -> None:
    kit = [line("Autogun", 15), line("Plantbuster Rounds-Autogun", 15)]
    gang = one("Squat Prospectors", "Drill-kyn", *kit)
    assert [w.name for w in gang.fighters[0].weapons] == ["Autogun"]
    data = yaktribe_file("Squat Prospectors", ganger("Kell", "Drill-kyn", 200, equipment=kit))
    _, report = import_yaktribe(data, "ammo.json", N23)
    assert "the Autogun has no plantbuster profile in the pack" in report.text()


def test_penetrator_rounds_on_a_boltgun_are_the_enforcer_boltguns_and_say_so() -> None:
    kit = [line("Boltgun", 50), line("Penetrator Rounds-Boltgun", 20)]
    data = yaktribe_file(
        "Enforcers", ganger("Kell", "Palanite Patrolman (Ganger)", 200, equipment=kit)
    )
    gang, report = import_yaktribe(data, "ammo.json", N23)
    (boltgun,) = gang.fighters[0].weapons
    penetrator = boltgun.profile("penetrator rounds")
    assert penetrator is not None and (penetrator.ap, penetrator.cost) == ("-2", 20)
    assert penetrator.has_trait("Rending")
    assert (
        "Penetrator Rounds-Boltgun: the Boltgun has no penetrator rounds profile in the pack;"
        " the Enforcer boltgun's is used" in report.text()
    )


SPELLINGS = {
    "Tunneling Claw": "Tunnelling claw",
    "Mesh Armor": "Mesh armour",
    "Choke Grenade": "Choke gas grenade",
    "Choke Grenades": "Choke gas grenade",
    "Relic Storm Bolter": "Storm bolter",
    "Jaws (Giant Rat)": "Ferocious jaws",
    # Gang kit the pack holds for imports (armoury-gang-kit.toml).
    "Ocular Alpha": "Ocular cyberteknika (Alpha)",
    "Motive Gamma": "Motive cyberteknika (Gamma)",
    "Shield (Vigilance assault)": "Vigilance assault shield",
}


@pytest.mark.parametrize(("written", "armoury"), SPELLINGS.items())
def test_the_spellings_of_real_files_match_the_armoury(written: str, armoury: str) -> None:
    gang = one("Orlock", "Gunner", line(written, 10))
    assert _kit(gang.fighters[0]) == [armoury]


@pytest.mark.parametrize(
    ("gang_type", "marker", "beast", "beast_type"),
    [
        ("Genestealer Cults", "Psychic Familiar", "Psychic Familiar", "Psychic Familiar"),
        ("Van Saar", "Cyberachnid", "Cyberachnid", "Cyberachnid"),
        ("Chaos Cult", "Chaos Familiar", "Chaos Familiar", "Chaos Familiar"),
        ("Delaque", "Psychoteric Worm", "Psychoteric Worm", "Psychoteric Wyrm"),
        ("Delaque", "Cephalopod Spektor", "Cephalopod Spektor", "Cephalopod Spekter"),
    ],
)
def test_a_beast_marker_only_marks_its_owner(
    gang_type: str, marker: str, beast: str, beast_type: str
) -> None:
    leader = {"Genestealer Cults": "Cult Adept", "Van Saar": "Prime", "Chaos Cult": "Demagogue"}
    data = yaktribe_file(
        gang_type,
        ganger("Boss", f"{leader.get(gang_type, 'Master of Shadow')} (Leader)", 100),
        ganger("Champ", "Phantom (Champion)", 200, equipment=[line(marker, 0)]),
        ganger("Pet", f"{beast} (Exotic Beast)", 40),
    )
    gang, report = import_yaktribe(data, "pets.json", N23)
    pet = gang.fighter("Pet")
    assert pet is not None and pet.type == beast_type
    champ = gang.fighter("Champ")
    assert champ is not None and _kit(champ) == []  # a marker, no item
    if gang_type == "Delaque":
        assert owner_name(pet, gang.fighters) == "Champ"
    assert report.unmatched_count == 0
    assert f"{marker} -> {beast_type} (marks its owner)" in report.text()


@pytest.mark.parametrize("written", ["Club", "Ironhead Arc Welder"])
def test_doubtful_matches_stay_custom(written: str) -> None:
    gang = one("Squat Prospectors", "Drill-kyn", line(written, 20))
    kell = gang.fighters[0]
    assert kell.weapons == [] and [i.name for i in kell.wargear] == [written]


def test_a_brute_listing_part_of_its_kit_gets_the_rest() -> None:
    # Two Ambots: one lists only its armour, one a single claw (spelt the American way).
    data = yaktribe_file(
        "Orlock",
        ganger("Boss", "Road Captain (Leader)", 100),
        ganger("Ambot One", "Ambot (Brute)", 215, equipment=[line("Light Carapace Armor", 0)]),
        ganger(
            "Ambot Two", "Scrapcode-corrupted Ambot", 215, equipment=[line("Tunneling Claw", 0)]
        ),
    )
    gang, report = import_yaktribe(data, "ambots.json", N23)
    for name in ("Ambot One", "Ambot Two"):
        ambot = gang.fighter(name)
        assert ambot is not None
        assert sorted(_kit(ambot)) == sorted(
            ["Tunnelling claw", "Tunnelling claw", "Light carapace armour"]
        ), name
    notes = {r.fighter: r.notes for r in report.fighters}
    assert any("the rest (Tunnelling claw, Tunnelling claw) added" in n for n in notes["Ambot One"])
    assert any(
        "the rest (Tunnelling claw, Light carapace armour) added" in n for n in notes["Ambot Two"]
    )


def test_at_least_95_percent_of_the_club_gangs_lines_match() -> None:
    matched = unmatched = 0
    for gang_type, fighters in CLUB_GANGS.items():
        data = yaktribe_file(
            gang_type,
            *(
                ganger(f"F{n}", type_text, 400, equipment=[line(name, 10) for name in kit])
                for n, (type_text, kit) in enumerate(fighters)
            ),
        )
        gang, report = import_yaktribe(data, "club.json", N23)
        # Ammo profiles, markers and kit all survive a gang file.
        text = dump_gang_file(gang)
        assert dump_gang_file(load_gang_file(json.loads(text), "again.gang.json")) == text
        matched += report.matched_count
        unmatched += report.unmatched_count
        assert report.on_pack_type == len(fighters), gang_type
        assert report.matched_count + report.unmatched_count == sum(len(k) for _, k in fighters)
    assert matched / (matched + unmatched) >= 0.95, (matched, unmatched)


def test_a_marker_without_its_beast_is_reported() -> None:
    data = yaktribe_file(
        "Van Saar (HoA)",
        ganger("Prime", "Prime (Leader)", 200, equipment=[line("Cyberachnid", 0)]),
    )
    gang, report = import_yaktribe(data, "pets.json", N23)
    assert _kit(gang.fighters[0]) == []
    assert "the card marks a Cyberachnid, but the file lists none as a fighter" in report.text()
