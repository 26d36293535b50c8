"""The saves a target takes against one wound: its armour, and field armour apart.

How two armours combine is pack data: the best save counts, unless an item
says it `improves` the other armour worn with it (the Van Saar bodyglove).
Field armour (`field_save`) is a second D6 that AP never changes.
"""

from __future__ import annotations

from dataclasses import dataclass

from gangmanager.rules.battle_state import FighterTrack
from gangmanager.rules.ruleset import ArmouryItem, Ruleset
from gangmanager.rules.weapons import trait_key


@dataclass(frozen=True)
class Armour:
    """The armour save as worn: its name as shown and the D6 it needs before AP."""

    name: str
    save: int


def _worn(ruleset: Ruleset, target: FighterTrack) -> list[ArmouryItem]:
    found = (ruleset.wargear_item(item.name) for item in target.fighter.wargear)
    return [item for item in found if item is not None]


def armour_save(ruleset: Ruleset, target: FighterTrack) -> Armour | None:
    """The best armour save, with every `improves` item worn over it."""
    worn = _worn(ruleset, target)
    plain = [i for i in worn if i.save is not None and i.improves is None]
    improving = [i for i in worn if i.improves is not None]
    if plain:
        best = min(plain, key=lambda i: i.save or 7)
        save, names = best.save or 7, [best.name]
        for item in improving:
            save -= item.improves or 0
            names.append(f"{item.name} +{item.improves}")
        return Armour(", ".join(names), max(save, 2))
    alone = [i for i in improving if i.save is not None]
    if alone:
        best = min(alone, key=lambda i: i.save or 7)
        return Armour(best.name, best.save or 7)
    return None


def field_armour(ruleset: Ruleset, target: FighterTrack) -> Armour | None:
    """The best field armour worn, rolled as its own save."""
    fields = [i for i in _worn(ruleset, target) if i.field_save is not None]
    if not fields:
        return None
    best = min(fields, key=lambda i: i.field_save or 7)
    return Armour(best.name, best.field_save or 7)


def protection(ruleset: Ruleset, target: FighterTrack, trait: str) -> str | None:
    """The item worn that makes `trait` harmless to the target (`protects_from`), if any."""
    key = trait_key(trait)
    for item in _worn(ruleset, target):
        if any(trait_key(name) == key for name in item.protects_from):
            return item.name
    return None
