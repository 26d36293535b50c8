"""Who fought a campaign battle and how it went for each gang, and the
Reputation floor that territory changes respect."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from gangmanager.rules.campaign import Result, Role, Side

# Reputation never drops below 1 when a territory (or the hideout) is lost.
MIN_REPUTATION = 1


def reputation_after(reputation: int, change: int) -> int:
    """A gang's Reputation after a change, never below the floor."""
    return max(MIN_REPUTATION, reputation + change)


def battle_sides(
    fighting: Sequence[tuple[int, str]],
    *,
    winner: int | None = None,
    attacker: int | None = None,
    defender: int | None = None,
    out_of_action: Mapping[int, int] | None = None,
) -> list[Side]:
    """One side per gang (id, name), in the order given: its role, its result (a draw
    without a winner) and the enemies it took Out of Action."""
    taken_out = out_of_action or {}

    def side(gang_id: int, name: str) -> Side:
        role = (
            Role.ATTACKER
            if gang_id == attacker
            else Role.DEFENDER
            if gang_id == defender
            else Role.NONE
        )
        result = Result.DRAW if winner is None else Result.WON if winner == gang_id else Result.LOST
        return Side(
            gang_id=gang_id,
            gang_name=name,
            role=role,
            result=result,
            out_of_action=taken_out.get(gang_id, 0),
        )

    return [side(gang_id, name) for gang_id, name in fighting]
