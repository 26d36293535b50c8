"""YakTribe import: a realistic Orlock file, matching rules, report, detection."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from gangmanager.exchange.armoury_match import ArmouryIndex, name_tokens, weapon_from_armoury
from gangmanager.exchange.detect import detect_format, read_any
from gangmanager.exchange.errors import ImportFileError
from gangmanager.exchange.gang_file import dump_gang_file, load_gang_file
from gangmanager.exchange.yaktribe import (
    PROFILE_NOTE,
    guess_category,
    import_yaktribe,
    map_status,
)
from gangmanager.rules.gang import Category, FighterStatus, Gang
from gangmanager.rules.profile import Profile
from gangmanager.rules.ratings import pending_fighter_rating
from gangmanager.rules.ruleset import (
    ArmouryItem,
    ArmouryWeapon,
    BlazeHit,
    BlazeRules,
    FighterType,
    House,
    Ruleset,
)
from gangmanager.rules.weapons import WeaponProfile

FIXTURES = Path(__file__).parent / "fixtures"
ORLOCKS = FIXTURES / "yaktribe_orlocks.json"


def _profile(name: str, traits: list[str], cost: int = 0, **stats: str) -> WeaponProfile:
    return WeaponProfile.model_validate({"name": name, "traits": traits, "cost": cost, **stats})


def make_ruleset() -> Ruleset:
    """A small armoury written for these tests (names, not the book's tables)."""
    weapons = [
        ArmouryWeapon(
            name="Autogun",
            cost=15,
            profiles=[_profile("", ["Rapid Fire (1)"], rng_s='8"', rng_l='24"', str="3")],
        ),
        ArmouryWeapon(
            name="Stub gun",
            cost=5,
            kind="pistol",
            profiles=[_profile("", ["Pistol", "Plentiful"], str="3")],
            aliases=["Stubgun"],
        ),
        ArmouryWeapon(
            name="Shotgun",
            cost=30,
            profiles=[
                _profile("Solid ammo", ["Knockback"], str="4"),
                _profile("Scatter ammo", ["Scattershot"], str="2"),
                _profile("Inferno ammo", ["Blaze", "Limited"], cost=15, str="2"),
            ],
        ),
        ArmouryWeapon(
            name="Combi-bolter/melta",
            cost=100,
            kind="special",
            profiles=[
                _profile("Bolter", ["Combi", "Rapid Fire (1)"], str="4"),
                _profile("Melta", ["Combi", "Melta", "Scarce"], str="8"),
            ],
        ),
        ArmouryWeapon(
            name="Frag grenade",
            cost=30,
            kind="grenade",
            profiles=[_profile("", ['Blast (3")', "Grenade", "Knockback"], str="3")],
        ),
        ArmouryWeapon(
            name="Fighting knife",
            cost=15,
            kind="close_combat",
            profiles=[_profile("", ["Backstab", "Melee"], str="S")],
        ),
    ]
    wargear = [
        ArmouryItem(name="Flak armour", cost=10, kind="armour"),
        ArmouryItem(name="Mesh armour", cost=15, kind="armour"),
        ArmouryItem(name="Photo-goggles", cost=35, aliases=["Photo goggles"]),
    ]
    orlocks = House(
        id="orlocks",
        name="Orlock",
        fighter_types=[
            FighterType(
                name="Road Captain",
                category=Category.LEADER,
                cost=105,
                profile=Profile.from_line('5" 3+ 3+ 3 3 3 4+ 2 4+ 5+ 5+ 5+'),
            )
        ],
    )
    return Ruleset(
        id="test",
        name="Test rules",
        blaze=BlazeRules(
            catch_fire_on=[1, 2, 3],
            hit=BlazeHit(strength=4, damage=1, timing="end_of_activation"),
        ),
        weapons=weapons,
        wargear=wargear,
        houses=[orlocks],
    )


RULESET = make_ruleset()


def orlocks_data() -> dict:
    return json.loads(ORLOCKS.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def imported() -> tuple[Gang, object]:
    return import_yaktribe(orlocks_data(), ORLOCKS.name, RULESET)


# -- the Orlock file --------------------------------------------------------------


def test_gang_level_values(imported):
    gang, _ = imported
    assert gang.name == "The Rust Saints"
    assert gang.house == "Orlock"  # the ruleset's own name, as the demo and the wizard store it
    assert gang.ruleset == "test"
    assert (gang.credits, gang.reputation) == (115, 7)
    assert gang.rating == 740  # YakTribe's gang_rating is the committed one
    assert len(gang.fighters) == 7
    assert "Out of the Badzone" in gang.notes and "123456" in gang.notes
    assert "Law Abiding" in gang.notes


def test_gang_rating_is_the_sum_when_the_file_has_none():
    data = orlocks_data()
    del data["gang"]["gang_rating"]
    gang, _ = import_yaktribe(data, ORLOCKS.name, RULESET)
    # Everyone but Kell (dead): 250 + 175 + 70 + 45 + 100 + 80.
    assert gang.rating == 720


def test_profiles_are_the_file_values_as_base(imported):
    gang, _ = imported
    leader = gang.fighter("Brakka Voss")
    assert leader is not None
    assert leader.profile.line() == '5" 3+ 2+ 3 3 2 4+ 2 4+ 5+ 5+ 5+'
    assert PROFILE_NOTE in leader.notes
    assert "Keeps the Saints' books." in leader.notes
    assert "3 kills" in leader.notes
    assert leader.modifiers == []


def test_intelligence_spelling_and_zero_stat(imported):
    gang, _ = imported
    jessa = gang.fighter("Jessa Kray")
    chompa = gang.fighter("Chompa")
    assert jessa is not None and chompa is not None
    assert jessa.profile["Int"] == 6
    assert chompa.profile["BS"] is None  # 0 in YakTribe: no BS
    assert chompa.profile.printed()["BS"] == "-"


def test_ratings_and_base_costs(imported):
    gang, _ = imported
    expected = {  # name: (committed rating = file cost, base cost = cost - equipment)
        "Brakka Voss": (250, 250 - 145),
        "Jessa Kray": (175, 175 - 55),
        "Old Gus": (70, 70 - 25),
        "Pip": (45, 45 - 10),
        "Chompa": (100, 100 - 20),
        "Doc Rusk": (80, 80 - 30),
        "Kell": (85, 0),  # equipment 90 > 85
    }
    for fighter in gang.fighters:
        rating, base = expected[fighter.name]
        assert (fighter.rating, fighter.cost) == (rating, base), fighter.name
        if fighter.name != "Kell":
            assert pending_fighter_rating(fighter) == rating, fighter.name


def test_known_types_take_the_ruleset_spelling(imported):
    gang, _ = imported
    types = {f.name: f.type for f in gang.fighters}
    # "Road Captain (Leader)" is the ruleset's Road Captain; others stay as written.
    assert types["Brakka Voss"] == "Road Captain"
    assert types["Jessa Kray"] == "Arms Master (Champion)"


def test_categories_and_statuses(imported):
    gang, _ = imported
    got = {f.name: (f.category, f.status) for f in gang.fighters}
    assert got == {
        "Brakka Voss": (Category.LEADER, FighterStatus.ACTIVE),
        "Jessa Kray": (Category.CHAMPION, FighterStatus.ACTIVE),
        "Old Gus": (Category.GANGER, FighterStatus.IN_RECOVERY),
        "Pip": (Category.JUVE, FighterStatus.ACTIVE),
        "Chompa": (Category.EXOTIC_BEAST, FighterStatus.ACTIVE),
        "Doc Rusk": (Category.HANGER_ON, FighterStatus.ACTIVE),  # "Missing": unknown
        "Kell": (Category.GANGER, FighterStatus.DEAD),  # "Wrecker": not recognised
    }


def test_matched_equipment_gets_armoury_profiles(imported):
    gang, _ = imported
    leader = gang.fighter("Brakka Voss")
    assert leader is not None
    assert [w.name for w in leader.weapons] == ["Combi-bolter/melta", "Frag grenade"]
    combi = leader.weapons[0]
    assert (combi.cost, [p.name for p in combi.profiles]) == (100, ["Bolter", "Melta"])
    assert [(i.name, i.cost) for i in leader.wargear] == [("Mesh armour", 15)]

    jessa = gang.fighter("Jessa Kray")
    assert jessa is not None
    shotgun = jessa.weapon("Shotgun")
    assert shotgun is not None
    # Solid (standard) and the free Scatter; Inferno is paid and not named.
    assert [(p.name, p.cost) for p in shotgun.profiles] == [("Solid ammo", 0), ("Scatter ammo", 0)]
    assert shotgun.cost == 30
    assert jessa.weapon("Fighting knife") is not None
    assert jessa.skills == ["Gunfighter", "Fixer"]


def test_qty_two_gives_two_items_at_the_listed_price(imported):
    gang, _ = imported
    gus = gang.fighter("Old Gus")
    assert gus is not None
    assert [(w.name, w.cost) for w in gus.weapons] == [
        ("Stub gun", 5),
        ("Stub gun", 5),
        ("Autogun", 15),
    ]
    assert gus.injuries == ["Eye Injury"]


def test_unmatched_items_are_kept_with_their_price(imported):
    gang, report = imported
    kept = {f.name: [(i.name, i.cost) for i in f.wargear] for f in gang.fighters if f.wargear}
    assert kept["Pip"] == [("Lucky rabbit's foot", 5)]
    assert kept["Chompa"] == [("Bionic jaw upgrade", 20)]
    assert kept["Doc Rusk"] == [("Medicae bag", 30)]
    assert kept["Kell"] == [("Hand flamer", 75)]
    unmatched = {r.fighter: r.unmatched for r in report.fighters if r.unmatched}
    assert unmatched == {
        "Pip": (("Lucky rabbit's foot", 5),),
        "Chompa": (("Bionic jaw upgrade", 20),),
        "Doc Rusk": (("Medicae bag", 30),),
        "Kell": (("Hand flamer", 75),),
    }
    # Nothing is dropped: every equipment line is matched or kept.
    lines = sum(len(g.get("equipment", [])) for g in orlocks_data()["gang"]["gangers"])
    assert report.matched_count + report.unmatched_count == lines


def test_report_text(imported):
    _, report = imported
    text = report.text()
    assert text.startswith('YakTribe import of "The Rust Saints" from yaktribe_orlocks.json')
    for expected in (
        "Frag Grenades -> Frag grenade",
        "Combi-weapon (bolter/melta) -> Combi-bolter/melta",
        "Stubgun (x2) -> Stub gun",
        "custom item: Lucky rabbit's foot (5 credits)",
        "custom item: Hand flamer (75 credits)",
        "equipment (90) costs more than the fighter's total (85): base cost 0",
        "status 'Missing' not known: set to Active",
        "type 'Wrecker': category set to Ganger",
    ):
        assert expected in text, expected
    assert "Autogun -> Autogun" not in text  # same-name matches are only counted


def test_imported_gang_survives_the_gang_file(imported):
    gang, _ = imported
    text = dump_gang_file(gang)
    again = load_gang_file(json.loads(text), "rust.gang.json")
    assert dump_gang_file(again) == text


# -- matching rules -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("written", "armoury"),
    [
        ("Frag Grenades", "Frag grenade"),
        ("frag grenade", "Frag grenade"),
        ("Combi-weapon (bolter/melta)", "Combi-bolter/melta"),
        ("Combi-bolter / melta", "Combi-bolter/melta"),
        ("Shotgun w/ solid & scatter ammo", "Shotgun"),
        ("Shotgun (Inferno)", "Shotgun"),
        ("Stubgun", "Stub gun"),
        ("STUB GUNS", "Stub gun"),
        ("Photo goggles", "Photo-goggles"),
        ("Flak Armour", "Flak armour"),
    ],
)
def test_tolerant_matching(written, armoury):
    match = ArmouryIndex(RULESET).match(written)
    assert match is not None and match.entry.name == armoury


@pytest.mark.parametrize("written", ["Hand flamer", "Shot", "", "   ", "Lucky charm", "Gun"])
def test_no_false_matches(written):
    assert ArmouryIndex(RULESET).match(written) is None


def test_paid_profile_only_when_named_and_total_is_the_price_paid():
    shotgun = next(w for w in RULESET.weapons if w.name == "Shotgun")
    plain = weapon_from_armoury(shotgun, 30, "Shotgun")
    assert [p.name for p in plain.profiles] == ["Solid ammo", "Scatter ammo"]
    inferno = weapon_from_armoury(shotgun, 45, "Shotgun w/ inferno ammo")
    assert [(p.name, p.cost) for p in inferno.profiles][-1] == ("Inferno ammo", 15)
    assert (inferno.cost, inferno.total_cost) == (30, 45)
    cheap = weapon_from_armoury(shotgun, 10, "Shotgun w/ inferno ammo")
    assert cheap.total_cost == 10 and cheap.cost == 0


def test_name_tokens():
    assert name_tokens("Frag Grenades") == ("frag", "grenade")
    assert name_tokens("Combi-weapon (bolter/melta)") == ("combi", "bolter", "melta")
    assert name_tokens("Shotgun w/ solid & scatter ammo") == (
        "shotgun",
        "solid",
        "scatter",
        "ammo",
    )


def test_guess_category():
    assert guess_category("Road Captain", RULESET) is Category.LEADER  # ruleset type
    assert guess_category("Hangers-on") is Category.HANGER_ON
    assert guess_category("Hired Gun (Bounty Hunter)") is Category.HIRED_GUN
    assert guess_category("Juve") is Category.JUVE
    assert guess_category("Prospect") is Category.PROSPECT
    assert guess_category("Specialist") is Category.SPECIALIST
    assert guess_category("Brute") is Category.BRUTE
    assert guess_category("Wrecker") is None
    assert guess_category("") is None


@pytest.mark.parametrize(
    ("text", "status"),
    [
        ("Alive", FighterStatus.ACTIVE),
        ("Dead", FighterStatus.DEAD),
        ("Captured", FighterStatus.CAPTURED),
        ("Retired", FighterStatus.RETIRED),
        ("In Recovery", FighterStatus.IN_RECOVERY),
        ("in_recovery", FighterStatus.IN_RECOVERY),
        ("Sulking", None),
    ],
)
def test_map_status(text, status):
    assert map_status(text) is status


# -- qty, cost and odd values ----------------------------------------------------------


def _one_ganger(**fields: object) -> dict:
    ganger = {"name": "Vin", "type": "Ganger", "m": 5, "ws": 4, "bs": 4, "cost": 60}
    ganger.update(fields)
    return {"gang": {"gang_name": "Test", "gangers": [ganger]}}


def test_qty_cost_read_as_line_total_when_per_item_cannot_be():
    # 2 x 10 would exceed the fighter's 15 credits; 10 for the pair does not.
    data = _one_ganger(cost=15, equipment=[{"name": "Stub gun", "qty": 2, "cost": 11}])
    gang, report = import_yaktribe(data, "x.json", RULESET)
    assert [w.cost for w in gang.fighters[0].weapons] == [6, 5]
    assert gang.fighters[0].cost == 4
    assert "whole line" in report.text()


def test_out_of_range_stat_is_clamped_with_a_note():
    gang, report = import_yaktribe(_one_ganger(bs="9", ld="12"), "x.json", RULESET)
    profile = gang.fighters[0].profile
    assert (profile["BS"], profile["Ld"]) == (6, 10)
    assert "BS 9+ is outside 2+ to 6+: set to 6+" in report.text()


def test_printed_forms_and_strings_are_accepted():
    gang, _ = import_yaktribe(_one_ganger(m='5"', ws="4+", a=" 2 "), "x.json", RULESET)
    assert gang.fighters[0].profile.line().startswith('5" 4+ 4+ - - - - 2')


def test_missing_cost_computes_the_rating_from_equipment():
    data = _one_ganger(cost=None, equipment=[{"name": "Autogun", "cost": "15"}])
    gang, report = import_yaktribe(data, "x.json", RULESET)
    assert (gang.fighters[0].cost, gang.fighters[0].rating) == (0, 15)
    assert "no cost in the file" in report.text()


def test_reputation_below_one_and_missing_names():
    data = _one_ganger(name="")
    data["gang"]["reputation"] = 0
    data["gang"]["gang_name"] = ""
    gang, report = import_yaktribe(data, "x.json", RULESET)
    assert gang.reputation == 1 and gang.name == "Imported gang"
    assert gang.fighters[0].name == "Fighter 1"
    assert "reputation 0 is below 1" in report.text()


def test_stash_items_are_imported():
    data = _one_ganger()
    data["gang"]["stash"] = [{"name": "Frag grenades", "qty": 1, "cost": 30}, "Old boots"]
    gang, report = import_yaktribe(data, "x.json", RULESET)
    assert [(w.name, w.cost, len(w.profiles)) for w in gang.stash] == [
        ("Frag grenade", 30, 1),
        ("Old boots", 0, 0),
    ]
    assert report.stash is not None and report.stash.unmatched == (("Old boots", 0),)


def test_skills_as_comma_text_and_nameless_entries():
    data = _one_ganger(skills="Fixer, Gunfighter", injuries=[{"name": ""}, "Hobbled"])
    gang, report = import_yaktribe(data, "x.json", RULESET)
    assert gang.fighters[0].skills == ["Fixer", "Gunfighter"]
    assert gang.fighters[0].injuries == ["Hobbled"]
    assert "without a name skipped" in report.text()


# -- errors --------------------------------------------------------------------------


def _error(data: object) -> str:
    with pytest.raises(ImportFileError) as info:
        import_yaktribe(data, "yak.json", RULESET)
    text = str(info.value)
    assert "\n" not in text and len(text.splitlines()) == 1
    assert text.startswith("yak.json: ")
    return text


@pytest.mark.parametrize(
    ("mutate", "path", "words"),
    [
        (lambda d: d["gang"].update(gangers={"a": 1}), "gang.gangers", "expected a list"),
        (lambda d: d["gang"]["gangers"].append([]), "gang.gangers[7]", "expected an object"),
        (lambda d: d["gang"].update(credits="lots"), "gang.credits", "expected a number"),
        (lambda d: d["gang"].update(credits=10**30), "gang.credits", "too large"),
        (lambda d: d["gang"]["gangers"][1].update(bs="best"), "gang.gangers[1].bs", "number"),
        (lambda d: d["gang"]["gangers"][0].update(cost="-5"), "gang.gangers[0].cost", "negative"),
        (
            lambda d: d["gang"]["gangers"][2]["equipment"][0].update(qty="500"),
            "gang.gangers[2].equipment[0].qty",
            "more than 20",
        ),
        (
            lambda d: d["gang"]["gangers"][2]["equipment"].append(7),
            "gang.gangers[2].equipment[2]",
            "expected an object",
        ),
        (lambda d: d["gang"]["gangers"][0].update(name=["x"]), "gang.gangers[0].name", "text"),
        (lambda d: d["gang"]["gangers"][0].update(m=4.5), "gang.gangers[0].m", "whole number"),
    ],
)
def test_errors_name_the_path(mutate, path, words):
    data = copy.deepcopy(orlocks_data())
    mutate(data)
    text = _error(data)
    assert f"yak.json: {path}: " in text
    assert words in text


def test_error_when_gang_is_not_an_object():
    assert "gang: expected an object" in _error({"gang": []})
    assert 'missing: a YakTribe export holds a "gang" object' in _error({})
    assert "expected a YakTribe export" in _error([1, 2])


# -- detection and read_any --------------------------------------------------------


def test_detect_format():
    assert detect_format({"gang": {}}) == "yaktribe"
    assert detect_format({"format": "gangmanager/gang", "version": 1}) == "gangmanager"
    assert detect_format({"format": "something/else"}) == "gangmanager"  # refused on load
    data: object
    for data in ({}, [], "gang", {"gang": "x"}, None):
        with pytest.raises(ImportFileError) as info:
            detect_format(data, "what.json")
        assert "\n" not in str(info.value) and str(info.value).startswith("what.json: ")
    with pytest.raises(ImportFileError, match="YakTribe export"):
        detect_format({"fighters": []}, "what.json")


def test_read_any_reads_both_kinds(tmp_path: Path):
    asked: list[str] = []

    def ruleset_for(ruleset_id: str) -> Ruleset:
        asked.append(ruleset_id)
        return RULESET

    gang, report = read_any(ORLOCKS, ruleset_for)
    assert gang.name == "The Rust Saints" and report is not None
    assert asked == ["n23"]

    own = tmp_path / "saints.gang.json"
    own.write_text(dump_gang_file(gang), encoding="utf-8")
    again, none = read_any(own, ruleset_for)
    assert none is None and again == gang
    # Our own file asks for its gang's ruleset only: the statlines its fighters name.
    assert asked == ["n23", gang.ruleset]


def test_read_any_refuses_other_json(tmp_path: Path):
    other = tmp_path / "package.json"
    other.write_text('{"name": "x", "version": "1.0"}', encoding="utf-8")
    with pytest.raises(ImportFileError) as info:
        read_any(other, lambda _: RULESET)
    assert str(info.value).startswith("package.json: not a gang file")
