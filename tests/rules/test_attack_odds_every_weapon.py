"""The odds of every weapon profile of n23 are exact, and their figures hang together.

The same standard target as the table test (`test_battle_every_weapon`): a
ganger of one Wound in flak armour, attacked at short range (Engaged for a
melee profile) by a fighter carrying only that weapon.
"""

from __future__ import annotations

import pytest

from gangmanager.rules.attack_odds import attack_odds
from gangmanager.rules.battle import Opponent, new_state
from gangmanager.rules.battle_events import AttackEvent, BattleError
from gangmanager.rules.battle_state import BattleState
from gangmanager.rules.gang import Category, Fighter, Gang
from gangmanager.rules.profile import Profile
from gangmanager.rules.ruleset import Mechanic
from gangmanager.rules.weapons import Item, Weapon

from .test_battle_every_weapon import RULE_REFUSALS, _profiles, n23

EPSILON = 1e-9
# The profiles whose walk takes longest (about a second or more: Rapid Fire (3) with
# Scattershot or Unstable, a Seismic long wave, attack dice with Power and Pulverise):
# exact too, run with the other ranges by `make test-slow` (`-m slow`).
SLOW = {
    ("Yu'vath puzzle box", ""),
    ("Storm-welder", ""),
    ("Seismic cannon", "long wave"),
    ("Power fist", ""),
    ("Twin-linked heavy las carbine", ""),
    ("Necrotic beamer", "ranged"),
    ("Vartijan heavy bolter", ""),
}
# A range a profile may not have: the rule's refusal, not the tracker failing.
BAND_REFUSALS = (*RULE_REFUSALS, "cannot be used in close combat", "attacks as engaged")


def _cases() -> list[object]:
    """Every profile at every range: its own (short, Engaged for melee) in `make test`
    unless slow; long range and close combat with the slow tests."""
    cases: list[object] = []
    for w, p in _profiles():
        for band in ("short", "long", "engaged"):
            melee = band == "engaged" and _melee(w, p)
            main = melee or (band == "short" and not _melee(w, p))
            slow = (w, p) in SLOW or not main
            cases.append(pytest.param(w, p, band, marks=pytest.mark.slow) if slow else (w, p, band))
    return cases


def _melee(weapon: str, profile: str) -> bool:
    rules = n23()
    entry = rules.weapon_entry(weapon)
    assert entry is not None
    chosen = next((p for p in entry.profiles if p.name == profile), entry.profiles[0])
    return rules.has_mechanic(chosen, Mechanic.MELEE)


def _battle(weapon: Weapon) -> BattleState:
    shooter = Fighter(
        id=1,
        name="Vex",
        category=Category.LEADER,
        profile=Profile.from_line('5" 3+ 3+ 3 3 2 4+ 2 4+ 5+ 5+ 5+'),
        weapons=[weapon],
    )
    target = Fighter(
        id=10,
        name="Dax",
        profile=Profile.from_line('5" 4+ 4+ 3 3 1 4+ 1 7+ 7+ 7+ 7+'),
        wargear=[Item(name="Flak armour")],
    )
    return new_state(
        n23(),
        Gang(name="Red", fighters=[shooter]),
        [],
        against=Opponent(Gang(name="Blue", fighters=[target])),
    )


@pytest.mark.parametrize(("weapon", "profile", "band"), _cases())
def test_the_odds_of_every_profile_of_n23_are_exact(weapon: str, profile: str, band: str) -> None:
    rules = n23()
    entry = rules.weapon_entry(weapon)
    assert entry is not None
    carried = Weapon(name=entry.name, profiles=entry.profiles)
    chosen = carried.profile(profile) if profile else entry.profiles[0]
    assert chosen is not None
    event = AttackEvent(
        fighter="Vex", target="Dax", weapon=carried.name, profile=chosen.name, range=band
    )
    main = band == ("engaged" if _melee(weapon, profile) else "short")
    try:
        odds = attack_odds(rules, _battle(carried), event)
    except BattleError as exc:
        said = str(exc).casefold()
        if any(word in said for word in (RULE_REFUSALS if main else BAND_REFUSALS)):
            return
        raise
    assert odds.exact is True
    figures = odds.as_dict()
    for key in (
        "hit", "wound", "unsaved", "flesh_wound", "seriously_injured", "out_of_action",
        "ammo_test", "out_of_ammo",
    ):  # fmt: skip
        assert -EPSILON <= float(figures[key]) <= 1 + EPSILON, key
    assert odds.hit + EPSILON >= odds.wound
    assert odds.hit + EPSILON >= odds.unsaved
    if not rules.has_mechanic(chosen, Mechanic.RAD_PHAGE):
        # Rad-phage adds a Flesh Wound once the hits are resolved, wounded or not.
        assert odds.wound + EPSILON >= odds.unsaved
    worst = odds.flesh_wound + odds.seriously_injured + odds.out_of_action
    assert worst <= odds.unsaved + EPSILON
    assert odds.out_of_ammo <= odds.ammo_test + EPSILON
    # Every way the attack can end, with its chance: they add up to 1.
    assert odds.total == pytest.approx(1.0, abs=EPSILON)
    # A bound on the steps run (the slowest, Rapid Fire (3) with Scattershot, runs about
    # 12,000: a second or two here).
    assert 0 < odds.runs < 15_000
