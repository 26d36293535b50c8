"""docs/rulesets.md's table of what n23 holds matches the pack."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from gangmanager.rules.ruleset import Ruleset

DOC = Path(__file__).resolve().parents[2] / "docs" / "rulesets.md"


def _row(text: str, label: str) -> str:
    match = re.search(rf"^\| {re.escape(label)} \| (.*?) \|$", text, re.M)
    assert match, label
    return match.group(1)


def test_documented_counts_match_the_pack(load: Callable[[str], Ruleset]) -> None:
    if not DOC.is_file():
        pytest.skip("docs/rulesets.md is absent")
    text = DOC.read_text(encoding="utf-8")
    n23 = load("n23")
    houses = _row(text, "Great Houses (gang lists)")
    assert houses.startswith(f"{len(n23.houses)}: ")
    assert sorted(houses.split(": ", 1)[1].split(", ")) == sorted(
        h.name.removeprefix("House ") for h in n23.houses
    )
    types = sum(len(h.fighter_types) for h in n23.houses)
    assert _row(text, "Fighter types on those lists").startswith(
        f"{types} (plus {len(n23.gang_additions)} "
    )
    kinds_of = Counter(t.kind for t in n23.gang_additions)
    assert _row(text, "Gang additions by kind") == (
        f"{kinds_of['brute']} brutes, {kinds_of['exotic_beast']} exotic beasts,"
        f" {kinds_of['hanger_on']} hangers-on, {kinds_of['hired_gun']} hired guns"
    )
    assert _row(text, "Equipment list lines (list prices)") == str(
        sum(len(h.equipment_list) for h in n23.houses)
    )
    kinds = Counter(w.kind for w in n23.weapons)
    assert _row(text, "Weapons (every profile)") == (
        f"{len(n23.weapons)}: {kinds['pistol']} pistols, {kinds['basic']} basic,"
        f" {kinds['special']} special, {kinds['heavy']} heavy,"
        f" {kinds['close_combat']} close combat, {kinds['grenade']} grenades"
    )
    assert _row(text, "Wargear") == str(len(n23.wargear))
    assert _row(text, "Traits") == str(len(n23.traits))
    generic = sum(1 for v in n23.vehicles if len(v.houses) > 3)
    assert _row(text, "Vehicles / vehicle crews").startswith(
        f"{len(n23.vehicles)} / {len(n23.vehicle_crews)} ({generic} generic vehicles; "
    )
    skills = sum(len(s.skills) for s in n23.skill_sets)
    house_sets = ", ".join(sorted(s.name for s in n23.skill_sets if s.house))
    assert _row(text, "Skill sets / skills") == (
        f"{len(n23.skill_sets)} / {skills} (house sets: {house_sets})"
    )
    # Every house has its own skill set (the loader checks the names it lists), but
    # the Venators and Outcasts, whose books give them none.
    assert all(h.skill_sets for h in n23.houses if h.id not in {"venators", "outcasts"})


def test_documented_n26_counts_match_the_pack(load: Callable[[str], Ruleset]) -> None:
    if not DOC.is_file():
        pytest.skip("docs/rulesets.md is absent")
    text = DOC.read_text(encoding="utf-8")
    n26 = load("n26")
    houses = _row(text, "n26 houses")
    assert houses == f"{len(n26.houses)}: " + ", ".join(
        sorted(h.name.removeprefix("House ") for h in n26.houses)
    )
    per_house = ", ".join(
        f"{h.name.removeprefix('House ')} {len(h.fighter_types)}"
        for h in sorted(n26.houses, key=lambda h: -len(h.fighter_types))
    )
    types = sum(len(h.fighter_types) for h in n26.houses)
    assert _row(text, "n26 fighter types") == f"{types} ({per_house})"
    kinds = Counter(w.kind for w in n26.weapons)
    assert _row(text, "n26 weapons") == (
        f"{len(n26.weapons)}: {kinds['pistol']} pistols, {kinds['basic']} basic,"
        f" {kinds['special']} special, {kinds['heavy']} heavy,"
        f" {kinds['close_combat']} close combat, {kinds['grenade']} grenades"
    )
    assert _row(text, "n26 wargear") == str(len(n26.wargear))
    assert _row(text, "n26 traits") == str(len(n26.traits))
    skills = sum(len(s.skills) for s in n26.skill_sets)
    house_sets = ", ".join(sorted(s.name for s in n26.skill_sets if s.house))
    assert _row(text, "n26 skill sets / skills") == (
        f"{len(n26.skill_sets)} / {skills} (house sets: {house_sets})"
    )
    assert _row(text, "n26 lasting injuries (D66 rows)") == str(len(n26.injuries))
    assert _row(text, "n26 ranks") == str(len(n26.progression.ranks))
    assert _row(text, "n26 Gang Tactics cards") == str(len(n26.gang_tactics))
