"""The n23 numbers corrected after checking two public sources (docs/rulesets.md)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from gangmanager.rules.ruleset import Mechanic, Ruleset
from gangmanager.rules.weapons import WeaponProfile

from ..narrowing import present

Load = Callable[[str], Ruleset]


def _profile(ruleset: Ruleset, weapon: str, profile: str = "") -> WeaponProfile:
    entry = ruleset.weapon_entry(weapon)
    assert entry is not None, weapon
    return next(p for p in entry.profiles if p.name == profile) if profile else entry.profiles[0]


def test_heavy_bolter_ranges_and_accuracy(load: Load) -> None:
    bolter = _profile(load("n23"), "Heavy bolter")
    assert (bolter.rng_s, bolter.rng_l, bolter.acc_s, bolter.acc_l) == ('18"', '36"', "+1", "-")


def test_multi_melta_is_scarce_and_maximal_plasma_cannon_unstable(load: Load) -> None:
    ruleset = load("n23")
    assert _profile(ruleset, "Multi-melta").has_trait("Scarce")
    assert _profile(ruleset, "Plasma cannon", "maximal").has_trait("Unstable")
    assert not _profile(ruleset, "Plasma cannon", "low").has_trait("Unstable")


def test_maul_and_stilettos(load: Load) -> None:
    ruleset = load("n23")
    assert _profile(ruleset, "Maul").ap == "+1"
    knife = _profile(ruleset, "Stiletto knife")
    assert (knife.strength, knife.d, knife.acc_l) == ("-", "-", "-")
    sword = _profile(ruleset, "Stiletto sword")
    assert (sword.strength, sword.d) == ("-", "-")


def test_goliath_forge_boss_and_bruiser(load: Load) -> None:
    ruleset = load("n23")
    boss = ruleset.fighter_type("goliath", "Forge Boss")
    assert boss is not None and boss.profile["WS"] == 3  # printed 3+
    assert boss.skill_sets_primary == ["Brawn", "Ferocity"]
    assert boss.skill_sets_secondary == ["Combat", "Leadership", "Shooting", "Muscle"]
    bruiser = ruleset.fighter_type("goliath", "Bruiser")
    assert bruiser is not None
    assert bruiser.skill_sets_primary == ["Brawn", "Ferocity"]
    assert bruiser.skill_sets_secondary == ["Combat", "Shooting"]


def test_n23_says_sidearm_and_house_b_pistol(load: Load) -> None:
    core, house_b = load("n23"), load("house-b")
    assert core.trait_def("Sidearm") is not None and present(core.trait_def("Sidearm")).has(
        Mechanic.SIDEARM
    )
    assert core.trait_def("Pistol") is None
    assert _profile(core, "Laspistol").has_trait("Sidearm")
    pistol = house_b.trait_def("Pistol")
    assert pistol is not None and pistol.has(Mechanic.PISTOL)
    assert _profile(house_b, "Laspistol").has_trait("Pistol")


def _skill_summary(ruleset: Ruleset, name: str) -> str:
    return next(s.summary for ss in ruleset.skill_sets for s in ss.skills if s.name == name)


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("Mighty Leap", ['2"', "Initiative"]),
        ("Iron Jaw", ["no AP"]),
        ("Mentor", ["Leadership", "1 XP"]),
        ("Medicae", ["Treat Wounds", "Flesh Wound"]),
    ],
)
def test_skill_summaries_say_what_the_2023_rules_do(
    load: Load, name: str, words: list[str]
) -> None:
    summary = _skill_summary(load("n23"), name)
    for word in words:
        assert word in summary, (name, word)


def test_trait_and_injury_summaries(load: Load) -> None:
    ruleset = load("n23")
    assert (
        "equals or beats the target's Strength" in present(ruleset.trait_def("Knockback")).summary
    )
    power = present(ruleset.trait_def("Power")).summary
    assert "no save" in power and "Damage" in power
    wound = next(i for i in ruleset.injuries if i.name == "Old Battle Wound")
    assert "D6" in wound.summary and "Convalescence" in wound.summary


def test_issue_27_corrections(load: Load) -> None:
    ruleset = load("n23")
    additions = {t.name: t for t in ruleset.gang_additions}
    assert additions["Sumpkroc"].cost == 120  # its fighter card
    int_row = ruleset.table["Int"]
    # Int 11+ as the Phelynx and Sumpkroc cards print it; 12+ is past every list.
    for beast in ("Phelynx", "Sumpkroc"):
        assert int_row.print(additions[beast].profile.values["Int"]) == "11+"
    assert int_row.in_range(11) and not int_row.in_range(12)
    cleaver = ruleset.weapon_entry("Heavy chain cleaver")
    welder = ruleset.weapon_entry("Arc welder")
    assert cleaver is not None and welder is not None
    assert (cleaver.cost, welder.cost) == (80, 50)  # the armoury's prices
    lists = {h.id: {e.name: e.cost for e in h.equipment_list} for h in ruleset.houses}
    # Where a list sets its own price, that is what its fighters pay.
    assert lists["corpse_grinder_cult"]["Heavy chain cleaver"] == 70
    assert lists["squat_prospectors"]["Arc welder"] == 100
    acolyte = ruleset.fighter_type("genestealer_cult", "Early Generation Hybrid Acolyte")
    assert acolyte is not None and acolyte.profile.values["A"] == 2
