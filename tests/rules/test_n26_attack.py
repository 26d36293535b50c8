"""An attack in a 2026 battle: the attack steps are the 2023 core's, so an n26 attack
is refused in one line naming what the 2026 rules need, never resolved with 2023 rules;
the rest of the battle (statuses, wounds) is recorded as before."""

from __future__ import annotations

from functools import cache

import pytest

from gangmanager.content import builtin_rulesets_dir, load_ruleset
from gangmanager.rules.battle import Opponent, apply_event, new_state
from gangmanager.rules.battle_events import BattleError, BattleStatus, parse_event
from gangmanager.rules.battle_state import BattleState
from gangmanager.rules.dice import FixedDice
from gangmanager.rules.gang import Category, Fighter, Gang
from gangmanager.rules.profile import Profile
from gangmanager.rules.ruleset import Ruleset
from gangmanager.rules.weapons import Weapon


@cache
def ruleset(ruleset_id: str) -> Ruleset:
    return load_ruleset(ruleset_id, [builtin_rulesets_dir()])


def _side(rules: Ruleset, name: str, first_id: int) -> Gang:
    boltgun = rules.weapon_entry("Boltgun")
    assert boltgun is not None
    weapon = Weapon(name=boltgun.name, cost=boltgun.cost, profiles=list(boltgun.profiles))
    queen = Fighter(
        id=first_id,
        name="Vex",
        category=Category.LEADER,
        profile=Profile.from_line('5" 3+ 3+ 3 3 3 5 3 5+ 8 8 7 7', rules.table),
        weapons=[weapon],
    )
    sister = Fighter(
        id=first_id + 1,
        name="Grakk",
        category=Category.GANGER,
        profile=Profile.from_line('5" 4+ 4+ 3 3 1 4 1 6+ 6 6 6 6', rules.table),
        weapons=[weapon],
    )
    return Gang(name=name, house="escher", fighters=[queen, sister])


def _battle(rules: Ruleset) -> BattleState:
    return new_state(rules, _side(rules, "Red", 1), [], against=Opponent(_side(rules, "Blue", 10)))


ATTACK = {
    "event": "attack",
    "fighter": "Red/Vex",
    "target": "Blue/Grakk",
    "weapon": "Boltgun",
    "range": "short",
    "firepower": [2],
    "hit": 5,
    "wound": [4],
    "save": [3],
}


def test_an_n26_attack_is_refused_naming_what_is_missing() -> None:
    rules = ruleset("n26")
    state = _battle(rules)
    before = state.copy()
    with pytest.raises(BattleError) as refused:
        apply_event(rules, state, parse_event(ATTACK), FixedDice([4, 4, 4, 4, 4, 4]))
    message = str(refused.value)
    assert "\n" not in message
    assert message.startswith("this ruleset's attacks cannot be resolved yet (missing: ")
    assert "Lethality" in message and "Injured" in message
    # Nothing of the attack happened: no wound, no status, no log line.
    assert state.log == before.log
    (grakk,) = state.find("Blue/Grakk")
    assert grakk.status is BattleStatus.ACTIVE and grakk.wounds == 1


def test_the_rest_of_an_n26_battle_is_recorded() -> None:
    rules = ruleset("n26")
    state = _battle(rules)
    apply_event(rules, state, parse_event({"event": "status", "fighter": "Blue/Grakk",
                                           "status": "out_of_action"}))  # fmt: skip
    (grakk,) = state.find("Blue/Grakk")
    assert grakk.status is BattleStatus.OUT_OF_ACTION


def test_an_n23_attack_still_resolves() -> None:
    """The refusal is the n26 pack's, not the code's: n23 gives it nothing to refuse."""
    assert ruleset("n23").attack.unresolved == []
    assert ruleset("n26").attack.unresolved
