"""Blaze as each built-in ruleset defines it: catching fire, the burn, putting it out."""

from __future__ import annotations

from functools import cache

import pytest

from gangmanager.content import builtin_rulesets_dir, load_ruleset
from gangmanager.rules.battle import apply_event, new_state
from gangmanager.rules.battle_events import (
    Activation,
    BattleError,
    BattleStatus,
    Marker,
    parse_event,
)
from gangmanager.rules.battle_state import BattleState, PromptKind
from gangmanager.rules.dice import Dice, FixedDice
from gangmanager.rules.gang import Fighter, Gang
from gangmanager.rules.profile import Profile
from gangmanager.rules.ruleset import Ruleset

from ..narrowing import present

RULESETS = ("n23", "house-a", "house-b")


@cache
def ruleset(ruleset_id: str) -> Ruleset:
    return load_ruleset(ruleset_id, [builtin_rulesets_dir()])


def start(ruleset_id: str) -> tuple[Ruleset, BattleState]:
    rules = ruleset(ruleset_id)
    fighters = [
        Fighter(name="Vex", profile=Profile.from_line('5" 3+ 3+ 3 3 2 4+ 2 4+ 5+ 5+ 5+')),
        Fighter(name="Rook", profile=Profile.from_line('5" 4+ 4+ 3 3 1 4+ 1 6+ 7+ 7+ 7+')),
        Fighter(name="Tess", profile=Profile.from_line('5" 4+ 4+ 3 3 1 4+ 1 6+ 7+ 7+ 7+')),
        Fighter(name="Pip", profile=Profile.from_line('6" 5+ 5+ 3 3 1 3+ 1 7+ 8+ 8+ 8+')),
    ]
    return rules, new_state(rules, Gang(name="Cinders", ruleset=rules.id, fighters=fighters), [])


def apply(rules: Ruleset, state: BattleState, dice: Dice | None = None, **raw: object):
    return apply_event(rules, state, parse_event(raw), dice)


def on_fire(rules: Ruleset, state: BattleState, name: str) -> None:
    apply(rules, state, fighter=name, event="blaze", roll=rules.blaze.catch_fire_on[0])
    assert present(state.fighter(name)).burning


def kinds(state: BattleState, name: str) -> list[PromptKind]:
    return [p.kind for p in state.prompts_for(name)]


# ---------------------------------------------------------------- catching fire


@pytest.mark.parametrize(
    ("ruleset_id", "catches"),
    [("house-a", {1, 2, 3}), ("n23", {4, 5, 6}), ("house-b", {4, 5, 6})],
)
def test_catch_fire_roll_follows_the_ruleset(ruleset_id: str, catches: set[int]) -> None:
    for roll in range(1, 7):
        rules, state = start(ruleset_id)
        done = apply(rules, state, fighter="ROOK", event="Blaze", roll=roll)
        assert done.fighter == "Rook" and done.roll == roll
        assert present(state.fighter("Rook")).burning is (roll in catches)


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_no_blaze_roll_for_a_burning_or_out_of_action_fighter(ruleset_id: str) -> None:
    rules, state = start(ruleset_id)
    on_fire(rules, state, "Rook")
    with pytest.raises(BattleError, match="Rook is already burning"):
        apply(rules, state, fighter="Rook", event="blaze", roll=1)
    apply(rules, state, fighter="Tess", event="status", status="out of action")
    with pytest.raises(BattleError, match="Tess is Out of Action"):
        apply(rules, state, fighter="Tess", event="blaze", roll=1)


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_the_blaze_roll_comes_from_the_dice_when_left_out(ruleset_id: str) -> None:
    rules, state = start(ruleset_id)
    done = apply(rules, state, FixedDice([5]), fighter="Rook", event="blaze")
    assert done.roll == 5


# ---------------------------------------------------------------- house-a


def test_house_a_burn_at_the_end_of_activation_then_nerve_test() -> None:
    rules, state = start("house-a")
    on_fire(rules, state, "Rook")
    apply(rules, state, fighter="Rook", event="end_activation")
    (prompt,) = state.prompts
    assert prompt.kind is PromptKind.BLAZE_HIT
    assert "Strength 4, AP -, Damage 1" in prompt.text
    apply(rules, state, fighter="Rook", event="blaze_hit", damaged=True)
    rook = state.fighter("Rook")
    assert rook is not None and rook.wounds == 0
    assert kinds(state, "Rook") == [PromptKind.INJURY_DICE, PromptKind.NERVE_TEST]
    assert "Cool 7+" in state.prompts[-1].text
    apply(rules, state, fighter="Rook", event="nerve_test", roll=[3, 3])
    assert Marker.BROKEN in rook.markers
    assert kinds(state, "Rook") == [PromptKind.INJURY_DICE]


def test_house_a_no_nerve_test_without_damage_or_when_broken() -> None:
    rules, state = start("house-a")
    on_fire(rules, state, "Vex")
    apply(rules, state, fighter="Vex", event="end_activation")
    apply(rules, state, fighter="Vex", event="blaze_hit", damaged=False)
    assert state.prompts == []
    apply(rules, state, fighter="Vex", event="new_round")
    apply(rules, state, fighter="Vex", event="marker", marker="Broken", on=True)
    apply(rules, state, fighter="Vex", event="end_activation")
    apply(rules, state, fighter="Vex", event="blaze_hit", damaged=True)
    assert state.prompts == []
    assert present(state.fighter("Vex")).wounds == 1
    with pytest.raises(BattleError, match="no Blaze hit to resolve"):
        apply(rules, state, fighter="Vex", event="blaze_hit", damaged=True)


def test_house_a_nerve_test_passes_on_cool() -> None:
    rules, state = start("house-a")
    apply(rules, state, fighter="Vex", event="nerve_test", roll=5)
    assert Marker.BROKEN not in present(state.fighter("Vex")).markers
    apply(rules, state, fighter="Vex", event="nerve_test", roll=4)
    assert Marker.BROKEN in present(state.fighter("Vex")).markers
    with pytest.raises(BattleError, match="already Broken"):
        apply(rules, state, fighter="Vex", event="nerve_test", roll=12)


def test_house_a_extinguish_self_is_simple_for_active_or_pinned() -> None:
    rules, state = start("house-a")
    on_fire(rules, state, "Rook")
    apply(rules, state, fighter="Rook", event="extinguish", by="Rook", roll=3)
    assert present(state.fighter("Rook")).burning
    assert "Extinguish Blaze (Simple)" in state.log[-1]
    apply(rules, state, fighter="Rook", event="status", status="Pinned")
    apply(rules, state, fighter="Rook", event="extinguish", by="rook", roll=4, helpers=2)
    assert not present(state.fighter("Rook")).burning
    on_fire(rules, state, "Tess")
    apply(rules, state, fighter="Tess", event="status", status="engaged")
    with pytest.raises(BattleError, match="Tess must be Active or Pinned, not Engaged"):
        apply(rules, state, fighter="Tess", event="extinguish", by="Tess", roll=6)


def test_house_a_friend_helps_and_catches_fire_on_a_one() -> None:
    rules, state = start("house-a")
    on_fire(rules, state, "Rook")
    apply(rules, state, fighter="Rook", event="extinguish", by="Tess", roll=1)
    rook, tess = state.fighter("Rook"), state.fighter("Tess")
    assert rook is not None and tess is not None
    assert rook.burning and tess.burning
    assert tess.activation is Activation.ACTIVATED
    # Tess's activation ended while burning: the burn hit is due.
    assert kinds(state, "Tess") == [PromptKind.BLAZE_HIT]
    with pytest.raises(BattleError, match="Tess is burning too"):
        apply(rules, state, fighter="Rook", event="extinguish", by="Tess", roll=6)
    apply(rules, state, fighter="Vex", event="status", status="pinned")
    with pytest.raises(BattleError, match="Vex must be Active, not Pinned"):
        apply(rules, state, fighter="Rook", event="extinguish", by="Vex", roll=6)
    apply(rules, state, fighter="Rook", event="extinguish", by="Pip", roll=4)
    assert not rook.burning


def test_house_a_actions_need_a_fighter_not_yet_activated() -> None:
    rules, state = start("house-a")
    on_fire(rules, state, "Rook")
    apply(rules, state, fighter="Pip", event="end_activation")
    with pytest.raises(BattleError, match="Simple action: Pip has already been activated"):
        apply(rules, state, fighter="Rook", event="extinguish", by="Pip", roll=6)


# ---------------------------------------------------------------- house-b


def test_house_b_stop_drop_and_roll() -> None:
    rules, state = start("house-b")
    on_fire(rules, state, "Rook")
    apply(rules, state, fighter="Rook", event="extinguish", by="Rook", roll=1, helpers=1)
    rook = state.fighter("Rook")
    assert rook is not None
    assert rook.status is BattleStatus.PINNED and rook.burning
    assert rook.activation is Activation.ACTIVATED
    assert "Stop, Drop and Roll (Double)" in state.log[-1]
    # Pinned already: the action needs an Active fighter.
    apply(rules, state, event="new_round")
    with pytest.raises(BattleError, match="Rook must be Active, not Pinned"):
        apply(rules, state, fighter="Rook", event="extinguish", by="Rook", roll=6)
    apply(rules, state, fighter="Rook", event="status", status="active")
    # 1 + 2 helpers = 3: the fire is out.
    apply(rules, state, fighter="Rook", event="extinguish", by="Rook", roll=1, helpers=2)
    assert not rook.burning and rook.status is BattleStatus.PINNED
    assert "1 +2 against 3+" in state.log[-1]


def test_house_b_helpers_are_friendly_active_fighters() -> None:
    rules, state = start("house-b")
    on_fire(rules, state, "Rook")
    apply(rules, state, fighter="Pip", event="status", status="seriously injured")
    with pytest.raises(BattleError, match="3 helpers given, but only 2"):
        apply(rules, state, fighter="Rook", event="extinguish", by="Rook", roll=1, helpers=3)


def test_house_b_friend_extinguish_is_basic() -> None:
    rules, state = start("house-b")
    on_fire(rules, state, "Rook")
    on_fire(rules, state, "Vex")
    # A burning friend may still help in house-b; a 1 ends their activation.
    apply(rules, state, fighter="Rook", event="extinguish", by="Vex", roll=1)
    assert "Extinguish Blaze (Basic)" in state.log[-1]
    vex = state.fighter("Vex")
    assert vex is not None and vex.activation is Activation.ACTIVATED
    apply(rules, state, fighter="Rook", event="extinguish", by="Tess", roll=4)
    assert not present(state.fighter("Rook")).burning


def test_house_b_burn_comes_on_activation() -> None:
    rules, state = start("house-b")
    on_fire(rules, state, "Rook")
    apply(rules, state, fighter="Rook", event="activate")
    assert kinds(state, "Rook") == [PromptKind.BLAZE_HIT]
    assert "Strength 3, AP -1, Damage 1" in state.prompts[0].text
    apply(rules, state, fighter="Rook", event="blaze_hit", damaged=True)
    assert kinds(state, "Rook") == [PromptKind.INJURY_DICE]  # no Nerve test in house-b
    apply(rules, state, fighter="Rook", event="end_activation")
    assert kinds(state, "Rook") == [PromptKind.INJURY_DICE]


# ---------------------------------------------------------------- n23


def test_n23_burn_and_flames_roll_when_activated() -> None:
    rules, state = start("n23")
    on_fire(rules, state, "Rook")
    apply(rules, state, fighter="Rook", event="end_activation")
    assert state.prompts == []
    apply(rules, state, event="new_round")
    apply(rules, state, fighter="Rook", event="activate")
    assert kinds(state, "Rook") == [PromptKind.BLAZE_HIT, PromptKind.FLAMES_ROLL]
    assert "moves at random" in state.prompts[0].text
    apply(rules, state, fighter="Rook", event="extinguish", by="Rook", roll=5)
    assert present(state.fighter("Rook")).burning
    assert kinds(state, "Rook") == [PromptKind.BLAZE_HIT]
    apply(rules, state, fighter="Rook", event="blaze_hit", damaged=False)
    assert state.prompts == []


@pytest.mark.parametrize(
    ("roll", "helpers", "prone", "out"),
    [(6, 0, False, True), (5, 0, False, False), (5, 1, False, True), (4, 0, True, True),
     (3, 0, True, False), (1, 3, True, True)],
)  # fmt: skip
def test_n23_flames_die_down(roll: int, helpers: int, prone: bool, out: bool) -> None:
    rules, state = start("n23")
    on_fire(rules, state, "Rook")
    if prone:
        apply(rules, state, fighter="Rook", event="status", status="pinned")
    apply(rules, state, fighter="Rook", event="extinguish", by="Rook", roll=roll, helpers=helpers)
    assert present(state.fighter("Rook")).burning is not out


def test_n23_has_no_friend_action() -> None:
    rules, state = start("n23")
    on_fire(rules, state, "Rook")
    with pytest.raises(
        BattleError, match=r"no action for a friend .* \(Tess cannot extinguish Rook\)"
    ):
        apply(rules, state, fighter="Rook", event="extinguish", by="Tess", roll=6)


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_extinguish_refusals(ruleset_id: str) -> None:
    rules, state = start(ruleset_id)
    with pytest.raises(BattleError, match="Rook is not burning"):
        apply(rules, state, fighter="Rook", event="extinguish", by="Rook", roll=6)
    on_fire(rules, state, "Rook")
    with pytest.raises(BattleError, match="no fighter 'Bob'"):
        apply(rules, state, fighter="Rook", event="extinguish", by="Bob", roll=6)


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_out_of_action_puts_out_the_fire_and_clears_prompts(ruleset_id: str) -> None:
    rules, state = start(ruleset_id)
    on_fire(rules, state, "Rook")
    apply(rules, state, fighter="Rook", event="activate")
    apply(rules, state, fighter="Rook", event="end_activation")
    apply(rules, state, fighter="Rook", event="status", status="OUT_OF_ACTION")
    assert present(state.fighter("Rook")).markers == set()
    assert state.prompts == []
