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
# Profiles whose walk takes seconds (a Scattershot hit's D6 wound rolls, Rapid Fire (3),
# several attack dice with Power): exact too, run by `make test-slow` (`-m slow`).
SLOW = {
    ("Sawn-off shotgun", "scatter ammo"),
    ("Shotgun", "scatter ammo"),
    ("Combat shotgun", "shredder ammo"),
    ("Blunderbuss with polearm", "grape shot"),
    ("Ironhead heavy stubber", ""),
    ("Twin-linked heavy las carbine", ""),
    ("Vartijan heavy bolter", ""),
    ("Storm-welder", ""),
    ("Yu'vath puzzle box", ""),
    ("Whisperbane knife", ""),
    ("Power fist", ""),
    ("Suppression laser", "broad burst"),
}


def _cases() -> list[object]:
    return [
        pytest.param(w, p, marks=pytest.mark.slow) if (w, p) in SLOW else (w, p)
        for w, p in _profiles()
    ]


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


@pytest.mark.parametrize(("weapon", "profile"), _cases())
def test_the_odds_of_every_profile_of_n23_are_exact(weapon: str, profile: str) -> None:
    rules = n23()
    entry = rules.weapon_entry(weapon)
    assert entry is not None
    carried = Weapon(name=entry.name, profiles=entry.profiles)
    chosen = carried.profile(profile) if profile else entry.profiles[0]
    assert chosen is not None
    melee = rules.has_mechanic(chosen, Mechanic.MELEE)
    event = AttackEvent(
        fighter="Vex",
        target="Dax",
        weapon=carried.name,
        profile=chosen.name,
        range="engaged" if melee else "short",
    )
    try:
        odds = attack_odds(rules, _battle(carried), event)
    except BattleError as exc:
        if any(word in str(exc).casefold() for word in RULE_REFUSALS):
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
    assert odds.runs > 0
