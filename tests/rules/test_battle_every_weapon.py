"""Every weapon profile of n23 attacks, and every trait a weapon carries has a rule.

The table test: each profile the pack sells makes one attack against a
standard target, over several seeds, and only a rule's refusal (out of
range, Out of Ammo) may stop it.
"""

from __future__ import annotations

from functools import cache

import pytest

from gangmanager.content import builtin_rulesets_dir, load_ruleset
from gangmanager.rules.battle import Opponent, apply_event, new_state
from gangmanager.rules.battle_events import BattleError, parse_event
from gangmanager.rules.dice import RandomDice
from gangmanager.rules.gang import Category, Fighter, Gang
from gangmanager.rules.profile import Profile
from gangmanager.rules.ruleset import Mechanic, Ruleset
from gangmanager.rules.weapons import Item, Weapon

# What a rule may refuse an attack for; anything else is the tracker failing.
RULE_REFUSALS = ("out of ammo", "out of range")


@cache
def n23() -> Ruleset:
    return load_ruleset("n23", [builtin_rulesets_dir()])


def _profiles() -> list[tuple[str, str]]:
    return [(w.name, p.name) for w in n23().weapons for p in w.profiles]


def _attack(weapon_name: str, profile_name: str, seed: int) -> list[str]:
    rules = n23()
    entry = rules.weapon_entry(weapon_name)
    assert entry is not None
    weapon = Weapon(name=entry.name, profiles=entry.profiles)
    profile = weapon.profile(profile_name) if profile_name else entry.profiles[0]
    assert profile is not None
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
    state = new_state(
        rules,
        Gang(name="Red", fighters=[shooter]),
        [],
        against=Opponent(Gang(name="Blue", fighters=[target])),
    )
    melee = rules.has_mechanic(profile, Mechanic.MELEE)
    event = {
        "event": "attack",
        "fighter": "Vex",
        "target": "Dax",
        "weapon": weapon.name,
        "profile": profile.name,
        "range": "engaged" if melee else "short",
    }
    apply_event(rules, state, parse_event(event), RandomDice(seed))
    return state.log


@pytest.mark.parametrize(("weapon", "profile"), _profiles())
def test_every_profile_of_n23_attacks_a_standard_target(weapon: str, profile: str) -> None:
    for seed in range(12):
        try:
            log = _attack(weapon, profile, seed)
        except BattleError as exc:
            if not any(word in str(exc).casefold() for word in RULE_REFUSALS):
                pytest.fail(f"{weapon} / {profile or 'standard'} (seed {seed}): {exc}")
            continue
        assert any("attacks Dax with" in line for line in log)


def test_every_trait_on_a_weapon_acts_in_the_attack_or_is_marked_outside_it() -> None:
    rules = n23()
    used = sorted({t.name for w in rules.weapons for p in w.profiles for t in p.traits})
    assert len(used) > 50
    neither: list[str] = []
    for name in used:
        definition = rules.trait_def(name)
        if definition is None or not (definition.mechanics or definition.outside_attack):
            neither.append(name)
    assert neither == [], f"traits with no attack rule and not marked as the table's: {neither}"
