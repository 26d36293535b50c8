"""Dice are injected: every roll comes from a `Dice` object (seeded in tests)."""

from __future__ import annotations

import random
from typing import Protocol


class Dice(Protocol):
    def d6(self) -> int: ...


class RandomDice:
    """The built-in dice; pass a seed for repeatable rolls."""

    def __init__(self, seed: int | None = None) -> None:
        self._random = random.Random(seed)

    def d6(self) -> int:
        return self._random.randint(1, 6)


class FixedDice:
    """Dice that return the rolls a player typed in, in order."""

    def __init__(self, rolls: list[int]) -> None:
        bad = [r for r in rolls if not 1 <= r <= 6]
        if bad:
            raise ValueError(f"a D6 shows 1 to 6, not {bad}")
        self._rolls = list(rolls)

    def d6(self) -> int:
        if not self._rolls:
            raise ValueError("no more typed-in rolls")
        return self._rolls.pop(0)


def d3(dice: Dice) -> int:
    return (dice.d6() + 1) // 2


def two_d6(dice: Dice) -> int:
    return dice.d6() + dice.d6()


def d66(dice: Dice) -> int:
    """Tens die then units die: 11 to 66."""
    return dice.d6() * 10 + dice.d6()


def is_d66(roll: int) -> bool:
    return 11 <= roll <= 66 and 1 <= roll % 10 <= 6
