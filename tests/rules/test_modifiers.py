from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gangmanager.rules.characteristics import CODES, CORE_TABLE, CharacteristicError
from gangmanager.rules.modifiers import (
    AdvancementCapError,
    Modifier,
    ModifierKind,
    check_advancement,
    check_modifier_range,
    effective_profile,
    parse_modifier_line,
)
from gangmanager.rules.profile import Profile

from .strategies import modifiers, profiles

BASE = Profile.from_line('4" 3+ 4+ 4 4 2 4+ 2 5+ 5+ 6+ 7+')


def test_issue_example_profile_summary_and_sources() -> None:
    changes, set_to = parse_modifier_line("M: +1, BS: +1, Cl: +1, Wil: +1")
    assert set_to == {}
    mod = Modifier(source="Bionic eye and training", kind="advancement", changes=changes)
    result = effective_profile(BASE, [mod])
    assert result.line() == '5" 3+ 3+ 4 4 2 4+ 2 5+ 4+ 5+ 7+'
    assert result.summary() == "M: +1, BS: +1, Cl: +1, Wil: +1"
    for code in ("M", "BS", "Cl", "Wil"):
        (change,) = result.sources[code]
        assert (change.source, change.kind, change.applied) == (
            "Bionic eye and training",
            ModifierKind.ADVANCEMENT,
            1,
        )
    assert not result.modified("WS")
    assert "Bionic eye and training (+1)" in result.tooltip("BS")


def test_summary_line_parser_accepts_set_and_minus() -> None:
    assert parse_modifier_line("s: =5; BS -1") == ({"BS": -1}, {"S": 5})
    with pytest.raises(CharacteristicError, match="unknown characteristic"):
        parse_modifier_line("Q: +1")
    with pytest.raises(CharacteristicError):
        parse_modifier_line("BS: lots")


def test_set_to_applies_before_relative_changes() -> None:
    mods = [
        Modifier(source="Power pack", kind="equipment", changes={"S": 1}),
        Modifier(source="Suit", kind="equipment", set_to={"S": 5}),
    ]
    result = effective_profile(BASE, mods)
    assert result.values["S"] == 6
    assert [c.source for c in result.sources["S"]] == ["Suit", "Power pack"]


def test_injury_at_worst_value_is_not_applied() -> None:
    worst = BASE.replace(BS=6)
    result = effective_profile(
        worst, [Modifier(source="Eye Injury", kind="injury", changes={"BS": -1})]
    )
    assert result.values["BS"] == 6
    (change,) = result.sources["BS"]
    assert change.requested == -1 and change.applied == 0


def test_improvement_stops_at_best() -> None:
    result = effective_profile(BASE, [Modifier(source="Drug", kind="condition", changes={"WS": 3})])
    assert result.values["WS"] == 2


def test_advancement_caps_are_applied_and_refused() -> None:
    one = Modifier(source="Adv 1", kind="advancement", changes={"S": 1})
    two = Modifier(source="Adv 2", kind="advancement", changes={"S": 1})
    three = Modifier(source="Adv 3", kind="advancement", changes={"S": 1})
    check_advancement(BASE.replace(S=3), [one], two)
    with pytest.raises(AdvancementCapError, match="at most 2 times"):
        check_advancement(BASE.replace(S=3), [one, two], three)
    # Applied regardless of how they got there: the third step is not applied.
    assert effective_profile(BASE.replace(S=3), [one, two, three]).values["S"] == 5
    w1 = Modifier(source="W", kind="advancement", changes={"W": 1})
    with pytest.raises(AdvancementCapError, match="at most 1 time "):
        check_advancement(BASE, [w1], w1)
    # A skill or an item is no advancement: no cap.
    gear = Modifier(source="Gear", kind="equipment", changes={"S": 1})
    assert effective_profile(BASE.replace(S=3), [one, two, gear]).values["S"] == 6


def test_advancement_refused_at_best_or_dash() -> None:
    with pytest.raises(AdvancementCapError, match="already at its best"):
        check_advancement(
            BASE.replace(BS=2), [], Modifier(source="a", kind="advancement", changes={"BS": 1})
        )
    with pytest.raises(AdvancementCapError, match="'-'"):
        check_advancement(
            BASE.replace(BS=None), [], Modifier(source="a", kind="advancement", changes={"BS": 1})
        )


def test_dash_is_never_modified() -> None:
    result = effective_profile(BASE.replace(BS=None), [Modifier(source="x", changes={"BS": 2})])
    assert result.values["BS"] is None


@given(profiles(), st.sampled_from(CODES), st.integers(1, 3))
def test_improve_then_worsen_is_identity_inside_limits(
    profile: Profile, code: str, steps: int
) -> None:
    row = CORE_TABLE[code]
    value = profile[code]
    if value is not None:
        room = row.steps_between(value, row.best)
        steps = min(steps, room)
    up = Modifier(source="up", kind="manual", changes={code: steps} if steps else {})
    down = Modifier(source="down", kind="manual", changes={code: -steps} if steps else {})
    assert effective_profile(profile, [up, down]).values == profile.values


@given(profiles(), st.lists(modifiers, max_size=6))
def test_effective_values_never_pass_best_or_worst(profile: Profile, mods: list[Modifier]) -> None:
    result = effective_profile(profile, mods)
    for row in CORE_TABLE:
        assert row.in_range(result.values[row.code])
        applied = sum(c.applied for c in result.sources.get(row.code, ()))
        if profile[row.code] is not None:
            assert result.net_steps(row.code) == applied


@given(profiles(), st.lists(modifiers, max_size=6))
def test_summary_line_parses_back_to_the_net_change(profile: Profile, mods: list[Modifier]) -> None:
    result = effective_profile(profile, mods)
    summary = result.summary()
    if not summary:
        assert result.values == profile.values
        return
    changes, _ = parse_modifier_line(summary)
    again = effective_profile(profile, [Modifier(source="net", changes=changes)])
    assert again.values == result.values


def test_a_code_repeated_in_one_line_adds_up() -> None:
    assert parse_modifier_line("BS: +1, WS: -1, BS: +1") == ({"BS": 2, "WS": -1}, {})


def test_a_change_as_large_as_the_whole_range_is_allowed_and_one_more_is_refused() -> None:
    # Movement runs from 1" (worst) to 8" (best): seven steps.
    check_modifier_range(Modifier(source="Potion", kind="manual", changes={"M": 7}))
    check_modifier_range(Modifier(source="Potion", kind="manual", changes={"M": -7}))
    with pytest.raises(CharacteristicError, match=r"M: \+8 is more steps than"):
        check_modifier_range(Modifier(source="Potion", kind="manual", changes={"M": 8}))
    with pytest.raises(CharacteristicError, match="M: -8 is more steps than"):
        check_modifier_range(Modifier(source="Potion", kind="manual", changes={"M": -8}))
