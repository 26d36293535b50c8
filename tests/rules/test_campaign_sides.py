"""Building a campaign battle's sides and the Reputation floor (pure, no database)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from gangmanager.rules.campaign import Result, Role
from gangmanager.rules.campaign_sides import MIN_REPUTATION, battle_sides, reputation_after


def test_sides_keep_order_and_name_winner_roles_and_out_of_action() -> None:
    sides = battle_sides(
        [(7, "Rust Riders"), (3, "Iron Brothers")],
        winner=3,
        attacker=7,
        defender=3,
        out_of_action={3: 2},
    )
    assert [(s.gang_id, s.gang_name) for s in sides] == [(7, "Rust Riders"), (3, "Iron Brothers")]
    assert [s.result for s in sides] == [Result.LOST, Result.WON]
    assert [s.role for s in sides] == [Role.ATTACKER, Role.DEFENDER]
    assert [s.out_of_action for s in sides] == [0, 2]


def test_no_winner_is_a_draw_and_no_roles_are_none() -> None:
    sides = battle_sides([(1, "A"), (2, "B"), (3, "C")])
    assert {s.result for s in sides} == {Result.DRAW}
    assert {s.role for s in sides} == {Role.NONE}


@given(st.integers(1, 50), st.integers(-60, 60))
def test_reputation_never_falls_below_the_floor(reputation: int, change: int) -> None:
    after = reputation_after(reputation, change)
    assert after >= MIN_REPUTATION
    assert after == reputation + change or after == MIN_REPUTATION
