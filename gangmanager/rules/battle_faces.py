"""Firepower dice entered as the faces a player reads on them ("2", "1+ammo").

A real Firepower die shows hits and, on one face, the Ammo symbol, not a
number from 1 to 6. The pack's `attack.firepower_dice` maps each D6 to a
face; a face typed in is stored as the first D6 that shows it, so the stored
event replays the same battle and the counts (what matters) are kept.
"""

from __future__ import annotations

import re

from gangmanager.rules.attack_rules import AttackRules
from gangmanager.rules.battle_events import AttackEvent, BattleError
from gangmanager.rules.limits import quoted

# "3", "3 hits", "1 hit", "1+ammo", "1 ammo", "1*", "1a" (case and spaces ignored).
_FACE = re.compile(r"^(\d+)\s*(?:hits?)?\s*(\+?\s*(?:ammo|a|\*))?$")


def face_roll(rules: AttackRules, text: str) -> int:
    """The D6 whose face shows these hits (and the Ammo symbol if written)."""
    match = _FACE.match(text.strip().casefold())
    if match is None:
        raise BattleError(
            f"firepower {quoted(text)} is not a Firepower face: write the hits shown,"
            " with +ammo for the Ammo symbol (3, 1+ammo), or the D6 as a number"
        )
    hits, ammo = int(match.group(1)), match.group(2) is not None
    for roll, face in enumerate(rules.firepower_dice, start=1):
        if face.hits == hits and face.ammo == ammo:
            return roll
    shown = ", ".join(f"{f.hits}{'+ammo' if f.ammo else ''}" for f in rules.firepower_dice)
    symbol = " with the Ammo symbol" if ammo else ""
    raise BattleError(
        f"firepower {quoted(text)}: the Firepower die has no face of {hits} hits{symbol}"
        f" (its faces: {shown})"
    )


def with_rolls(rules: AttackRules, event: AttackEvent) -> AttackEvent:
    """The attack with each Firepower face written as its D6."""
    if event.firepower is None or all(isinstance(d, int) for d in event.firepower):
        return event
    rolls = [d if isinstance(d, int) else face_roll(rules, d) for d in event.firepower]
    return event.model_copy(update={"firepower": rolls})
