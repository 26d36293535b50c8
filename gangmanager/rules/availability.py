"""Item availability ("C", "R8", "I9") and the post-battle Trading Post's availability roll.

Common items are always for sale. A Rare (X) or Illegal (X) item is for sale
after a 2D6 availability roll of X or more; each fighter who may trade (the
Leader and the Champions, by default) makes one roll and the best counts.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from gangmanager.rules.gang import Category, Fighter, FighterStatus, Gang
from gangmanager.rules.post_battle_draft import AvailabilityEntry
from gangmanager.rules.ruleset import AvailabilityRules

Rarity = Literal["common", "rare", "illegal", "unknown"]

_AVAILABILITY = re.compile(r"^\s*(?P<kind>[CRI])\s*\(?\s*(?P<level>\d+)?\s*\)?\s*$", re.IGNORECASE)
_KINDS: dict[str, Rarity] = {"c": "common", "r": "rare", "i": "illegal"}

# Who rolls for availability unless a pack says otherwise.
DEFAULT_ROLLERS: tuple[Category, ...] = (Category.LEADER, Category.CHAMPION)
# Fighters who cannot make post-battle actions (FACTS §5) do not roll either.
_CANNOT_TRADE = frozenset(
    {
        FighterStatus.IN_RECOVERY,
        FighterStatus.CONVALESCENCE,
        FighterStatus.CRITICAL,
        FighterStatus.CAPTURED,
        FighterStatus.DEAD,
        FighterStatus.RETIRED,
        FighterStatus.SOLD,
    }
)


@dataclass(frozen=True)
class Availability:
    rarity: Rarity
    # The 2D6 result needed (Rare 8 -> 8); None for Common or unknown.
    level: int | None = None

    @property
    def needs_roll(self) -> bool:
        return self.rarity in ("rare", "illegal")

    @property
    def label(self) -> str:
        """'Common', 'Rare (8)', 'Illegal (9)', or '' when the pack does not say."""
        if self.rarity == "unknown":
            return ""
        if self.rarity == "common":
            return "Common"
        level = f" ({self.level})" if self.level is not None else ""
        return f"{self.rarity.capitalize()}{level}"


def parse_availability(text: str) -> Availability:
    """'C' -> Common; 'R8' or 'R (8)' -> Rare 8; 'I9' -> Illegal 9; '' -> unknown."""
    match = _AVAILABILITY.match(text or "")
    if not match:
        return Availability("unknown")
    rarity = _KINDS[match.group("kind").casefold()]
    level = match.group("level")
    if rarity == "common":
        return Availability("common")
    return Availability(rarity, int(level) if level else None)


def rarity_label(text: str) -> str:
    return parse_availability(text).label


def availability_rollers(
    fighters: Iterable[Fighter], categories: Sequence[Category] = DEFAULT_ROLLERS
) -> list[Fighter]:
    """The fighters who may roll: of the given categories and able to take post-battle actions."""
    return [f for f in fighters if f.category in categories and f.status not in _CANNOT_TRADE]


@dataclass(frozen=True)
class Seek:
    """The availability roll worked out: its total, the sum in words, what is wrong."""

    total: int
    text: str
    problems: tuple[str, ...] = ()


def seek_total(rules: AvailabilityRules, gang: Gang, entry: AvailabilityEntry) -> Seek:
    """2023: one 2D6 roll, +the Leader's and each Champion's bonus for those who trade,
    +1 per full `reputation_per_bonus` Reputation, +any special rule's modifier.
    Traders who cannot take a Trade action (or are unknown) add nothing: a problem."""
    able = {f.name.casefold(): f for f in availability_rollers(gang.fighters)}
    parts = [f"availability 2D6 rolled {entry.roll}"]
    problems: list[str] = []
    total = entry.roll + entry.modifier
    for name in entry.traders:
        fighter = able.get(name.strip().casefold())
        if fighter is None:
            known = gang.fighter(name)
            if known is not None:
                problems.append(
                    f"availability roll: {known.name} cannot make a Trade action"
                    f" ({known.category.label}, {known.status.label})"
                )
            continue
        bonus = rules.leader_bonus if fighter.category is Category.LEADER else rules.champion_bonus
        total += bonus
        parts.append(f"+{bonus} {fighter.name} trades")
    if rules.reputation_per_bonus:
        bonus = gang.reputation // rules.reputation_per_bonus
        total += bonus
        if bonus:
            parts.append(f"+{bonus} Reputation {gang.reputation}")
    if entry.modifier:
        parts.append(f"{entry.modifier:+d} special rules")
    return Seek(total, ", ".join(parts), tuple(problems))
