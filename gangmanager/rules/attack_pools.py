"""The dice of an attack event, one pool per key: the dice given first, then rolled ones.

Every die left out of the event is rolled by the injected dice and written back,
so a stored attack replays to the same result.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gangmanager.rules.battle_events import BattleError
from gangmanager.rules.battle_table import Table

POOLS = (
    "firepower",
    "hit",
    "wound",
    "save",
    "damage",
    "injury",
    "toxin",
    "ammo",
    "knockback_roll",
    "scatter",
    "pulverise",
    "rad_phage",
    "unstable",
    "burn_out",
    "vehicle_damage",
    "location",
)
# Keys of one D6 (the others are lists).
SINGLE = ("knockback_roll", "rad_phage", "unstable")


@dataclass
class DicePool:
    """The dice of one key of the event: those given first, then rolled ones."""

    key: str
    given: list[int | str] | None
    table: Table
    used: list[int | str] = field(default_factory=list)

    def take(self, what: str) -> int | str:
        index = len(self.used)
        if self.given is not None and index < len(self.given):
            value = self.given[index]
        else:
            if self.table.dice is None:
                raise BattleError(f"{what}: the {self.key} roll is missing")
            value = self.table.dice.d6()
        self.used.append(value)
        return value

    def die(self, what: str) -> int:
        value = self.take(what)
        assert isinstance(value, int)
        return value

    def available(self) -> bool:
        """A die can be had: given, or rolled. False only when replaying an attack
        stored before this key existed (no dice to roll): its rule is then skipped."""
        given = self.given is not None and len(self.used) < len(self.given)
        return given or self.table.dice is not None

    def stored(self) -> list[int | str] | None:
        if self.given is not None and len(self.given) > len(self.used):
            raise BattleError(
                f"{len(self.given)} {self.key} dice given, but the attack used {len(self.used)}"
            )
        return list(self.used) if self.used else None
