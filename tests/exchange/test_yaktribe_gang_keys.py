"""A YakTribe gang's own keys as real exports carry them: `gang_stash`, a campaign and
territories, a `gang_rating` the fighters do not add up to, Windows line breaks, two
fighters of one name; each said in one line of the report."""

from __future__ import annotations

import json

from gangmanager.content import builtin_rulesets_dir, load_ruleset
from gangmanager.exchange.gang_file import dump_gang_file, load_gang_file
from gangmanager.exchange.yaktribe import import_yaktribe

from .yaktribe_shapes import ganger, yaktribe_file

N23 = load_ruleset("n23", [builtin_rulesets_dir()])


def test_the_stash_comes_from_gang_stash() -> None:
    data = yaktribe_file(
        "Orlock",
        ganger("Kell", "Gunner"),
        gang_stash=[
            {"name": "Frag Grenades", "qty": "2", "cost": "30"},
            {"name": "Lucky charm", "qty": "1", "cost": "5"},
        ],
    )
    gang, report = import_yaktribe(data, "stash.json", N23)
    assert [w.name for w in gang.stash] == ["Frag grenade", "Frag grenade", "Lucky charm"]
    assert report.stash is not None
    assert (len(report.stash.matched), len(report.stash.unmatched)) == (1, 1)


def test_campaign_and_territories_are_kept_in_the_notes_and_reported() -> None:
    data = yaktribe_file(
        "Orlock",
        ganger("Kell", "Gunner"),
        campaign={"campaign_id": "77", "name": "Ash Wars &amp; After"},
        territories=[{"name": "Old Ruins"}, {"name": "Slag Furnace"}, "Drinking Hole"],
    )
    gang, report = import_yaktribe(data, "terr.json", N23)
    assert "YakTribe campaign: Ash Wars & After." in gang.notes
    assert "Territories on YakTribe: Old Ruins, Slag Furnace, Drinking Hole." in gang.notes
    text = report.text()
    assert "campaign 'Ash Wars & After' kept in the gang's notes" in text
    assert "3 territories kept in the gang's notes: Old Ruins, Slag Furnace, Drinking Hole" in text


def test_a_gang_rating_the_fighters_do_not_add_up_to_is_reported_with_both() -> None:
    data = yaktribe_file(
        "Orlock", ganger("Kell", "Gunner", 60), ganger("Vos", "Gunner", 70), gang_rating="150"
    )
    gang, report = import_yaktribe(data, "rating.json", N23)
    assert gang.rating == 150
    assert "gang_rating 150 in the file, 130 from its fighters" in report.text()
    agreeing = yaktribe_file("Orlock", ganger("Kell", "Gunner", 60), gang_rating="60")
    _, quiet = import_yaktribe(agreeing, "rating.json", N23)
    assert "gang_rating" not in quiet.text()


def test_windows_line_breaks_become_newlines() -> None:
    data = yaktribe_file(
        "Orlock",
        ganger("Kell", "Gunner", notes="First line\r\nSecond line\rThird"),
        gang_notes="Gang\r\nnotes",
    )
    gang, _ = import_yaktribe(data, "crlf.json", N23)
    assert "\r" not in gang.notes and gang.notes.startswith("Gang\nnotes")
    assert gang.fighters[0].notes.startswith("First line\nSecond line\nThird")


def test_two_fighters_of_one_name_are_told_apart_and_the_gang_goes_round_again() -> None:
    data = yaktribe_file(
        "Orlock",
        ganger("Kell", "Road Captain (Leader)"),
        ganger("Kell", "Gunner"),
        ganger("kell", "Gunner"),
        ganger("Kell (2)", "Greenhorn"),
    )
    gang, report = import_yaktribe(data, "dupes.json", N23)
    names = [f.name for f in gang.fighters]
    assert len({n.casefold() for n in names}) == 4
    assert names[:2] == ["Kell", "Kell (3)"]
    text = report.text()
    assert "two fighters are named 'Kell': the second imported as 'Kell (3)'" in text
    again = load_gang_file(json.loads(dump_gang_file(gang)), "again.gang.json")
    assert [f.name for f in again.fighters] == names


def test_the_report_counts_per_gang_and_says_each_thing_in_one_line() -> None:
    data = yaktribe_file(
        "Van Saar (HoA)",
        ganger("Prime", "Prime (Leader)", 200, equipment=[{"name": "Lasgun", "cost": "15"}]),
        ganger("Odd", "Zzyzx", 50, equipment=[{"name": "Lucky charm", "cost": "5"}]),
        gang_rating="999",
        territories=["Old Ruins"],
    )
    _, report = import_yaktribe(data, "vs.json", N23)
    lines = report.text().splitlines()
    assert lines[1] == (
        "2 fighters; 1 equipment line matched to the armoury, 1 kept as custom items."
    )
    assert lines[2] == "1 of 2 fighters on a fighter type of the pack."
    for said in (
        "gang type 'Van Saar (HoA)' -> House Van Saar",
        "gang_rating 999 in the file, 250 from its fighters",
        "1 territory kept in the gang's notes: Old Ruins",
        "type 'Zzyzx' is not in the n23 pack: kept as written",
    ):
        assert sum(said in line for line in lines) == 1, said
