"""The battle tracker for an n26 gang (issue 26): the statuses and markers are the ones
the public 2026 sources name (the 2023 ones: the attack simulator still says Seriously
Injured), and the End phase's Recovery test reads the pack's own Injury dice."""

from __future__ import annotations

import pytest

from gangmanager.rules.battle import apply_event
from gangmanager.rules.battle_events import BattleStatus, Marker, parse_event
from gangmanager.rules.battle_state import BattleState
from gangmanager.rules.ruleset import Ruleset

from .test_battle_end_phase import apply, down, one_gang, track
from .test_n26_attack import _battle, ruleset


def _apply(rules: Ruleset, state: BattleState, **raw: object) -> None:
    apply_event(rules, state, parse_event(raw))


@pytest.mark.parametrize("status", [s for s in BattleStatus if s is not BattleStatus.ACTIVE])
def test_every_status_is_recorded_for_an_n26_fighter(status: BattleStatus) -> None:
    rules = ruleset("n26")
    state = _battle(rules)
    _apply(rules, state, event="status", fighter="Blue/Grakk", status=status.value)
    (grakk,) = state.find("Blue/Grakk")
    assert grakk.status is status
    assert state.log[-1] == f"Round 1: Grakk is {status.label}."


@pytest.mark.parametrize("marker", list(Marker))
def test_every_marker_goes_on_and_off_for_an_n26_fighter(marker: Marker) -> None:
    rules = ruleset("n26")
    state = _battle(rules)
    (vex,) = state.find("Red/Vex")
    _apply(rules, state, event="marker", fighter="Red/Vex", marker=marker.value)
    assert marker in vex.markers
    _apply(rules, state, event="marker", fighter="Red/Vex", marker=marker.value, on=False)
    assert marker not in vex.markers


@pytest.mark.parametrize(
    ("roll", "n26_status", "n23_status"),
    [
        # The 2026 Injury dice: 1-2 Flesh Wound, 3-5 Seriously Injured, 6 Out of Action.
        (1, BattleStatus.PINNED, BattleStatus.OUT_OF_ACTION),
        (2, BattleStatus.PINNED, BattleStatus.SERIOUSLY_INJURED),
        (3, BattleStatus.SERIOUSLY_INJURED, BattleStatus.SERIOUSLY_INJURED),
        (5, BattleStatus.SERIOUSLY_INJURED, BattleStatus.PINNED),
        (6, BattleStatus.OUT_OF_ACTION, BattleStatus.PINNED),
    ],
)
def test_the_recovery_test_reads_the_pack_s_injury_dice(
    roll: int, n26_status: BattleStatus, n23_status: BattleStatus
) -> None:
    n26 = ruleset("n26")
    state = _battle(n26)
    _apply(n26, state, event="status", fighter="Blue/Grakk", status="seriously_injured")
    _apply(n26, state, event="recovery_test", fighter="Blue/Grakk", roll=roll)
    (grakk,) = state.find("Blue/Grakk")
    assert grakk.status is n26_status
    # The same die in an n23 battle reads n23's faces: the dice are the pack's.
    n23 = ruleset("n23")
    old = one_gang(n23)
    down(n23, old, "A")
    apply(n23, old, event="recovery_test", fighter="A", roll=roll)
    assert track(old, "A").status is n23_status
