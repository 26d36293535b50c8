"""What changed between two loads of one gang, in words: after a stale edit is
refused, the window reloads and tells the player what the other writer did."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gangmanager.rules.fighter_refs import owner_name
from gangmanager.rules.gang import Fighter, Gang
from gangmanager.rules.limits import cut, quoted

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


# -- a gang file applied over the stored gang (import --update) ------------------

_GANG_FIELDS = ("name", "house", "credits", "reputation", "rating", "notes")
_FIGHTER_NUMBERS = ("type", "category", "cost", "xp", "status", "rating")
_FIGHTER_LISTS = ("skills", "injuries")
_FIGHTER_ITEMS = ("weapons", "wargear")


def changes_by_fighter(before: Gang, after: Gang) -> list[str]:
    """What a gang file changed, one line for the gang and one per fighter:
    "Rook: xp 2 → 5; skills + Nerves of Steel". Empty when nothing changed."""
    lines: list[str] = []
    gang = _field_changes(before, after, _GANG_FIELDS)
    if before.stash != after.stash:
        gang.append(_items("stash", before.stash, after.stash))
    if before.house_rules_ignore_restrictions != after.house_rules_ignore_restrictions:
        gang.append("house rules changed")
    if gang:
        lines.append("gang: " + "; ".join(gang))
    old = {f.name.casefold(): f for f in before.fighters}
    new = {f.name.casefold(): f for f in after.fighters}
    for fighter in after.fighters:
        was = old.get(fighter.name.casefold())
        if was is None:
            lines.append(f"{quoted(fighter.name, 40)}: added")
            continue
        said = _fighter_changes(was, fighter)
        owners = owner_name(was, before.fighters), owner_name(fighter, after.fighters)
        if owners[0] != owners[1]:  # by name: the ids of a file's gang are not the store's
            said.insert(len(_field_changes(was, fighter, _FIGHTER_NUMBERS)), _owner_change(*owners))
        if said:
            lines.append(f"{quoted(fighter.name, 40)}: " + "; ".join(said))
    lines += [
        f"{quoted(f.name, 40)}: removed" for f in before.fighters if f.name.casefold() not in new
    ]
    return lines


def differing_fields(stored: Gang, file: Gang) -> list[str]:
    """The fields a file would change, named as paths: "credits", "Rook.xp"."""
    fields = [f for f in _GANG_FIELDS if getattr(stored, f) != getattr(file, f)]
    if stored.stash != file.stash:
        fields.append("stash")
    old = {f.name.casefold(): f for f in stored.fighters}
    new = {f.name.casefold(): f for f in file.fighters}
    for fighter in file.fighters:
        was = old.get(fighter.name.casefold())
        if was is None:
            fields.append(f"{cut(fighter.name, 40)} (only in the file)")
            continue
        keys = [*_FIGHTER_NUMBERS, "profile", "modifiers", *_FIGHTER_LISTS, *_FIGHTER_ITEMS]
        keys.append("notes")
        fields += [
            f"{cut(fighter.name, 40)}.{k}" for k in keys if getattr(was, k) != getattr(fighter, k)
        ]
        if owner_name(was, stored.fighters) != owner_name(fighter, file.fighters):
            fields.append(f"{cut(fighter.name, 40)}.owner")
    fields += [
        f"{cut(f.name, 40)} (only here)" for f in stored.fighters if f.name.casefold() not in new
    ]
    return fields


def _field_changes(before: object, after: object, fields: tuple[str, ...]) -> list[str]:
    said: list[str] = []
    for field in fields:
        old, new = getattr(before, field), getattr(after, field)
        if old == new:
            continue
        if field in ("notes", "house", "name") or (isinstance(old, str) and len(old) > 40):
            said.append(f"{field} changed" if field != "name" else f"renamed {quoted(new, 40)}")
        else:
            said.append(f"{field} {_shown(old)} → {_shown(new)}")
    return said


def _owner_change(before: str, after: str) -> str:
    return f"owner {_shown(before or None)} → {_shown(after or None)}"


def _shown(value: object) -> str:
    text = getattr(value, "value", value)  # an enum by its value
    return "-" if text is None else cut(str(text), 40)


def _fighter_changes(before: Fighter, after: Fighter) -> list[str]:
    said = _field_changes(before, after, _FIGHTER_NUMBERS)
    if before.profile != after.profile:
        # The codes of the fighter's statline (both sides', should it have changed).
        codes = dict.fromkeys([*before.profile, *after.profile])
        old, new = before.profile.values, after.profile.values
        steps = [
            f"{code} {old.get(code)} → {new.get(code)}"
            for code in codes
            if old.get(code) != new.get(code)
        ]
        said.append("profile " + ", ".join(steps))
    if before.modifiers != after.modifiers:
        said.append(_names("modifiers", [m.source for m in before.modifiers],
                           [m.source for m in after.modifiers]))  # fmt: skip
    for field in _FIGHTER_LISTS:
        if getattr(before, field) != getattr(after, field):
            said.append(_names(field, getattr(before, field), getattr(after, field)))
    for field in _FIGHTER_ITEMS:
        if getattr(before, field) != getattr(after, field):
            said.append(_items(field, getattr(before, field), getattr(after, field)))
    if before.notes != after.notes:
        said.append("notes changed")
    return said


def _names(field: str, before: list[str], after: list[str]) -> str:
    added = [n for n in after if n not in before]
    removed = [n for n in before if n not in after]
    parts = [f"+ {cut(n, 40)}" for n in added] + [f"− {cut(n, 40)}" for n in removed]
    return f"{field} " + (", ".join(parts) if parts else "changed")


def _items(field: str, before: Sequence[Any], after: Sequence[Any]) -> str:
    return _names(field, [i.name for i in before], [i.name for i in after])
