"""The End phase as each pack words it: Bottle tests, the Cool checks of a bottled-out
gang, Recovery and Rally tests, and the markers the round clears."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

from gangmanager.content import builtin_rulesets_dir, load_ruleset
from gangmanager.rules.battle import Opponent, apply_event, fold, new_state
from gangmanager.rules.battle_end_phase import waiting
from gangmanager.rules.battle_events import BattleError, BattleStatus, Marker, parse_event
from gangmanager.rules.battle_state import BattleState
from gangmanager.rules.dice import FixedDice
from gangmanager.rules.gang import Fighter, Gang
from gangmanager.rules.profile import Profile
from gangmanager.rules.ruleset import Ruleset

RULESETS = ("n23", "house-a", "house-b")
# Cool 7+.
LINE = '5" 4+ 4+ 3 3 1 4+ 1 7+ 7+ 7+ 7+'


@cache
def ruleset(ruleset_id: str) -> Ruleset:
    return load_ruleset(ruleset_id, [builtin_rulesets_dir()])


def gang(name: str, names: str = "ABCD") -> Gang:
    return Gang(
        name=name, fighters=[Fighter(name=n, profile=Profile.from_line(LINE)) for n in names]
    )


def one_gang(rules: Ruleset) -> BattleState:
    return new_state(rules, gang("Red"), [])


def apply(rules: Ruleset, state: BattleState, dice: list[int] | None = None, **raw: Any) -> Any:
    return apply_event(rules, state, parse_event(raw), FixedDice(dice) if dice else None)


def track(state: BattleState, name: str):
    (found,) = state.find(name)
    return found


def down(rules: Ruleset, state: BattleState, name: str, status: str = "seriously_injured") -> None:
    apply(rules, state, event="status", fighter=name, status=status)


# ---------------------------------------------------------------- Recovery


@pytest.mark.parametrize("rid", RULESETS)
@pytest.mark.parametrize(
    ("roll", "status", "flesh_wounds"),
    [
        ("flesh_wound", BattleStatus.PINNED, 1),
        (6, BattleStatus.PINNED, 1),
        ("seriously_injured", BattleStatus.SERIOUSLY_INJURED, 1),
        ("out_of_action", BattleStatus.OUT_OF_ACTION, 0),
        (1, BattleStatus.OUT_OF_ACTION, 0),
    ],
)
def test_a_recovery_test_applies_its_result(
    rid: str, roll: object, status: BattleStatus, flesh_wounds: int
) -> None:
    rules = ruleset(rid)
    state = one_gang(rules)
    down(rules, state, "A")
    done = apply(rules, state, event="recovery_test", fighter="A", roll=roll)
    a = track(state, "A")
    assert (a.status, a.flesh_wounds) == (status, flesh_wounds)
    assert done.roll == roll
    assert state.log[-1].startswith("Round 1: A: Recovery test, Injury dice ")


def test_a_recovery_test_rolled_for_you_is_stored_with_its_die() -> None:
    rules = ruleset("n23")
    state = one_gang(rules)
    down(rules, state, "A")
    done = apply(rules, state, [5], event="recovery_test", fighter="A")
    assert done.roll == 5
    assert track(state, "A").status is BattleStatus.PINNED


def test_an_assisted_recovery_keeps_the_best_die_and_spares_the_flesh_wound() -> None:
    rules = ruleset("n23")
    state = one_gang(rules)
    down(rules, state, "A")
    done = apply(rules, state, [1, 4], event="recovery_test", fighter="A", assisted=True)
    assert done.roll == [1, 4]
    a = track(state, "A")
    assert (a.status, a.flesh_wounds) == (BattleStatus.PINNED, 0)
    assert "(keeps flesh wound), assisted: Pinned" in state.log[-1]


def test_a_recovery_flesh_wound_at_toughness_one_takes_the_fighter_out() -> None:
    rules = ruleset("n23")
    state = one_gang(rules)
    apply(rules, state, event="flesh_wound", fighter="A")
    apply(rules, state, event="flesh_wound", fighter="A")
    down(rules, state, "A")
    apply(rules, state, event="recovery_test", fighter="A", roll="seriously_injured")
    assert track(state, "A").status is BattleStatus.OUT_OF_ACTION


def test_recovery_is_refused_where_it_does_not_apply() -> None:
    rules = ruleset("n23")
    state = one_gang(rules)
    with pytest.raises(BattleError, match="A is Active: only a Seriously Injured fighter"):
        apply(rules, state, event="recovery_test", fighter="A", roll=6)
    down(rules, state, "A")
    with pytest.raises(BattleError, match="not an Injury dice face"):
        apply(rules, state, event="recovery_test", fighter="A", roll="broken_leg")
    apply(rules, state, event="recovery_test", fighter="A", roll="seriously_injured")
    with pytest.raises(BattleError, match="already been taken in this End phase"):
        apply(rules, state, event="recovery_test", fighter="A", roll="seriously_injured")
    apply(rules, state, event="new_round")
    apply(rules, state, event="recovery_test", fighter="A", roll="flesh_wound")
    assert track(state, "A").status is BattleStatus.PINNED


def test_a_pack_of_your_own_words_recovery_its_way() -> None:
    # The earlier rules: a Seriously Injured result leaves the fighter as they were.
    base = ruleset("n23")
    end = base.end_phase
    older = end.recovery.model_copy(
        update={
            "seriously_injured": end.recovery.seriously_injured.model_copy(
                update={"flesh_wound": False}
            )
        }
    )
    rules = base.model_copy(update={"end_phase": end.model_copy(update={"recovery": older})})
    state = one_gang(rules)
    down(rules, state, "A")
    apply(rules, state, event="recovery_test", fighter="A", roll="seriously_injured")
    assert track(state, "A").flesh_wounds == 0
    assert state.log[-1].endswith(": stays Seriously Injured.")


# ---------------------------------------------------------------- Bottle


@pytest.mark.parametrize("rid", RULESETS)
def test_the_bottle_test_is_a_d6_plus_those_down_above_the_starting_crew(rid: str) -> None:
    rules = ruleset(rid)
    state = one_gang(rules)
    down(rules, state, "A")
    # 3 + 1 down = 4, not above a crew of 4: holds.
    apply(rules, state, event="bottle_test", roll=3)
    assert state.bottled == []
    assert "Bottle test 3 + 1 down = 4 against a starting crew of 4: holds" in state.log[-1]
    apply(rules, state, event="new_round")
    # 4 + 1 = 5: bottled out, for the rest of the battle.
    done = apply(rules, state, event="bottle_test", roll=4)
    assert done.gang == "Red" and done.roll == 4
    assert state.bottled == ["Red"]
    apply(rules, state, event="new_round")
    with pytest.raises(BattleError, match="already bottled out"):
        apply(rules, state, event="bottle_test", roll=1)


def test_no_bottle_test_with_nobody_down_and_only_once_a_round() -> None:
    rules = ruleset("n23")
    state = one_gang(rules)
    with pytest.raises(BattleError, match="nobody down"):
        apply(rules, state, event="bottle_test", roll=6)
    down(rules, state, "B", "out_of_action")
    apply(rules, state, event="bottle_test", roll=1)
    with pytest.raises(BattleError, match="already been taken in this End phase"):
        apply(rules, state, event="bottle_test", roll=6)


def test_a_gang_may_choose_to_fail_its_bottle_test() -> None:
    rules = ruleset("n23")
    state = one_gang(rules)
    down(rules, state, "A")
    with pytest.raises(BattleError, match="takes no roll"):
        apply(rules, state, event="bottle_test", voluntary=True, roll=2)
    apply(rules, state, event="bottle_test", voluntary=True)
    assert state.bottled == ["Red"]


def test_in_a_two_gang_battle_the_bottle_test_names_its_gang() -> None:
    rules = ruleset("n23")
    state = new_state(rules, gang("Red"), [], against=Opponent(gang("Blue", "AB")))
    down(rules, state, "Blue/A")
    with pytest.raises(BattleError, match="name the gang taking the Bottle test: Red or Blue"):
        apply(rules, state, event="bottle_test", roll=2)
    with pytest.raises(BattleError, match="Red has nobody down"):
        apply(rules, state, event="bottle_test", gang="red", roll=2)
    # Blue started with two: 2 + 1 = 3 bottles them out.
    apply(rules, state, event="bottle_test", gang="blue", roll=2)
    assert state.bottled == ["Blue"]


# ---------------------------------------------------------------- fleeing


def bottled(rules: Ruleset) -> BattleState:
    state = one_gang(rules)
    down(rules, state, "A")
    apply(rules, state, event="bottle_test", roll=6)
    assert state.bottled == ["Red"]
    return state


def test_a_bottled_out_gang_tests_cool_and_who_fails_flees() -> None:
    rules = ruleset("n23")
    state = bottled(rules)
    apply(rules, state, event="cool_check", fighter="B", roll=7)
    assert track(state, "B").status is BattleStatus.ACTIVE
    apply(rules, state, event="cool_check", fighter="C", roll=[3, 3])
    c = track(state, "C")
    assert c.status is BattleStatus.OUT_OF_ACTION and c.fled_as is BattleStatus.ACTIVE
    assert "C: Cool check 6 against 7+: flees the battlefield" in state.log[-1]
    apply(rules, state, event="cool_check", fighter="A", roll=2)
    # Fled Active: no Lasting Injury; fled Seriously Injured: still tests to succumb.
    assert state.out_of_action == []
    assert state.seriously_injured == ["A"]
    with pytest.raises(BattleError, match="already been taken"):
        apply(rules, state, event="cool_check", fighter="B", roll=12)


def test_no_cool_check_before_the_gang_bottles_out() -> None:
    rules = ruleset("n23")
    state = one_gang(rules)
    with pytest.raises(BattleError, match="Red has not bottled out"):
        apply(rules, state, event="cool_check", fighter="B", roll=2)


# ---------------------------------------------------------------- Rally


def test_a_broken_fighter_rallies_on_cool_with_friends_near() -> None:
    rules = ruleset("n23")
    state = one_gang(rules)
    apply(rules, state, event="marker", fighter="A", marker="broken")
    with pytest.raises(BattleError, match="only 3 are"):
        apply(rules, state, event="rally_test", fighter="A", roll=6, friends=4)
    apply(rules, state, event="rally_test", fighter="A", roll=5, friends=1)
    assert Marker.BROKEN in track(state, "A").markers
    assert state.log[-1].endswith("A: Rally test 5 +1 against 7+: stays Broken.")
    apply(rules, state, event="new_round")
    apply(rules, state, event="rally_test", fighter="A", roll=[3, 2], friends=2)
    assert Marker.BROKEN not in track(state, "A").markers
    with pytest.raises(BattleError, match="not Broken"):
        apply(rules, state, event="rally_test", fighter="B", roll=6)


# ---------------------------------------------------------------- what waits


def kinds(rules: Ruleset, state: BattleState) -> list[tuple[str, str]]:
    return [(t.kind, t.who) for t in waiting(rules, state)]


@pytest.mark.parametrize("rid", RULESETS)
def test_the_end_phase_lists_its_tests_in_the_pack_order(rid: str) -> None:
    rules = ruleset(rid)
    state = one_gang(rules)
    assert kinds(rules, state) == []
    down(rules, state, "A")
    apply(rules, state, event="marker", fighter="B", marker="broken")
    assert kinds(rules, state) == [
        ("bottle_test", "Red"), ("recovery_test", "A"), ("rally_test", "B"),
    ]  # fmt: skip
    # Bottled out: a Cool check for everyone on the table comes before the rest.
    apply(rules, state, event="bottle_test", roll=6)
    assert kinds(rules, state) == [
        ("cool_check", "A"), ("cool_check", "B"), ("cool_check", "C"), ("cool_check", "D"),
        ("recovery_test", "A"), ("rally_test", "B"),
    ]  # fmt: skip
    for name in "ABCD":
        apply(rules, state, event="cool_check", fighter=name, roll=12)
    apply(rules, state, event="recovery_test", fighter="A", roll="seriously_injured")
    apply(rules, state, event="rally_test", fighter="B", roll=12)
    assert kinds(rules, state) == []
    # The next End phase asks again (the gang stays bottled out).
    apply(rules, state, event="new_round")
    assert ("cool_check", "A") in kinds(rules, state)
    assert ("bottle_test", "Red") not in kinds(rules, state)


def test_a_pack_without_rally_neither_lists_nor_takes_it() -> None:
    base = ruleset("n23")
    rules = base.model_copy(
        update={"end_phase": base.end_phase.model_copy(update={"steps": ["bottle", "recovery"]})}
    )
    state = one_gang(rules)
    apply(rules, state, event="marker", fighter="B", marker="broken")
    assert kinds(rules, state) == []
    with pytest.raises(BattleError, match="no Rally test in its End phase"):
        apply(rules, state, event="rally_test", fighter="B", roll=12)


def test_in_a_two_gang_battle_both_gangs_are_asked() -> None:
    rules = ruleset("n23")
    state = new_state(rules, gang("Red"), [], against=Opponent(gang("Blue", "AB")))
    down(rules, state, "Red/A")
    down(rules, state, "Blue/B", "out_of_action")
    assert kinds(rules, state) == [
        ("bottle_test", "Red"), ("bottle_test", "Blue"), ("recovery_test", "Red/A"),
    ]  # fmt: skip
    tests = waiting(rules, state)
    assert tests[2].event(3) == {"event": "recovery_test", "fighter": "Red/A", "roll": 3}


@pytest.mark.parametrize("rid", RULESETS)
def test_the_round_clears_concussion(rid: str) -> None:
    rules = ruleset(rid)
    state = one_gang(rules)
    apply(rules, state, event="marker", fighter="A", marker="concussion")
    apply(rules, state, event="marker", fighter="B", marker="broken")
    apply(rules, state, event="new_round")
    assert track(state, "A").markers == set()
    assert Marker.BROKEN in track(state, "B").markers
    assert "A: Concussion marker off." in state.log[-2]


def test_the_end_phase_replays_from_the_stored_events() -> None:
    rules = ruleset("n23")
    state = one_gang(rules)
    stored = []
    for raw, dice in (
        ({"event": "status", "fighter": "A", "status": "seriously_injured"}, None),
        ({"event": "bottle_test"}, [6]),
        ({"event": "cool_check", "fighter": "B"}, [1, 2]),
        ({"event": "recovery_test", "fighter": "A"}, [4]),
        ({"event": "new_round"}, None),
    ):
        stored.append(apply(rules, state, dice, **raw))
    again = fold(rules, gang("Red"), [], stored)
    assert again.log == state.log
    assert again.bottled == ["Red"] and track(again, "B").fled_as is BattleStatus.ACTIVE
