"""What changed between two loads of one gang, in words: after a stale edit is
refused, the window reloads and tells the player what the other writer did."""

from __future__ import annotations

from gangmanager.rules.gang import Fighter, Gang
from gangmanager.rules.limits import quoted

# Gang fields worth naming with their old and new values.
_NUMBERS = ("credits", "reputation", "rating")
# At most this many items are named; the rest are counted.
_MAX_ITEMS = 6


def what_changed(before: Gang, after: Gang) -> list[str]:
    """Short phrases: "credits 100 → 175", "Rook changed", "fighter Pip added"."""
    said: list[str] = []
    if before.name != after.name:
        said.append(f"renamed to {quoted(after.name, 40)}")
    for field in _NUMBERS:
        old, new = getattr(before, field), getattr(after, field)
        if old != new:
            said.append(f"{field.replace('rating', 'Gang Rating')} {old} → {new}")
    for field in ("house", "notes"):
        if getattr(before, field) != getattr(after, field):
            said.append(f"{field} changed")
    if before.stash != after.stash:
        said.append("stash changed")
    said.extend(_fighters(before.fighters, after.fighters))
    if len(said) > _MAX_ITEMS:
        said = [*said[:_MAX_ITEMS], f"and {len(said) - _MAX_ITEMS} more"]
    return said


def _fighters(before: list[Fighter], after: list[Fighter]) -> list[str]:
    old = {f.id: f for f in before}
    new = {f.id: f for f in after}
    said = [f"fighter {quoted(f.name, 40)} added" for f in after if f.id not in old]
    said += [f"fighter {quoted(f.name, 40)} removed" for f in before if f.id not in new]
    said += [
        f"{quoted(old[f.id].name, 40)} changed"
        for f in after
        if f.id in old and _without_id(old[f.id]) != _without_id(f)
    ]
    return said


def _without_id(fighter: Fighter) -> Fighter:
    return fighter.model_copy(update={"id": None})
