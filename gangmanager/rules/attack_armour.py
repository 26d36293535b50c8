"""The saves a target takes against one wound: its armour, and field armour apart.

How two armours combine is pack data: the best save counts, unless an item
says it `improves` the other armour worn with it (the Van Saar bodyglove).
Field armour (`field_save`) is a second D6 that AP never changes. What else an
item does is pack data too: a save AP cannot push past a number (`worst_save`),
weapons whose AP does not count against it (`ignores_ap_of`), Toughness against
a trait's D6 (`toughness_against`, a respirator against Gas), and field armour
that needs the attack to have a Strength (`needs_strength`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from gangmanager.rules.battle_state import FighterTrack, ProfileTrack
from gangmanager.rules.ruleset import ArmouryItem, Ruleset
from gangmanager.rules.weapons import trait_key


@dataclass(frozen=True)
class Armour:
    """The armour save as worn: its name as shown and the D6 it needs before AP."""

    name: str
    save: int
    # AP never makes the save worse than this.
    worst: int | None = None
    ignores_ap_of: tuple[str, ...] = ()
    # The ablative item improving this save attempt (its use is counted once rolled).
    ablative: str | None = None
    # Field armour: a D6 of this or less after it saves burns it out.
    burns_out_on: int | None = None

    def ap_against(self, profile: ProfileTrack, ap: int) -> int:
        """The AP that counts against this armour: none for the weapons it names."""
        if ap and _named(profile, self.ignores_ap_of):
            return 0
        return ap

    def needed(self, ap: int) -> int:
        """The D6 the save needs after AP (never worse than `worst`)."""
        needed = self.save - ap if ap < 0 else self.save
        return min(needed, self.worst) if self.worst is not None else needed


def _named(profile: ProfileTrack, words: tuple[str, ...]) -> bool:
    name = profile.weapon.casefold()
    traits = {trait_key(t.name) for t in profile.profile.traits}
    return any(
        re.search(rf"\b{re.escape(word.casefold())}", name) or trait_key(word) in traits
        for word in words
    )


def _worn(ruleset: Ruleset, target: FighterTrack) -> list[ArmouryItem]:
    found = (ruleset.wargear_item(item.name) for item in target.fighter.wargear)
    return [item for item in found if item is not None]


def armour_save(ruleset: Ruleset, target: FighterTrack) -> Armour | None:
    """The best armour save, with every `improves` item worn over it, and an ablative
    item's improvement for the next save attempt while it lasts."""
    armour = _armour(ruleset, target)
    for item in _worn(ruleset, target):
        used = target.item_uses.get(item.name, 0)
        if used >= len(item.ablative):
            continue
        bonus = item.ablative[used]
        if armour is None:
            return Armour(item.name, 7 - bonus, ablative=item.name)
        return replace(
            armour,
            name=f"{armour.name}, {item.name} +{bonus}",
            save=max(armour.save - bonus, 2),
            ablative=item.name,
        )
    return armour


def _armour(ruleset: Ruleset, target: FighterTrack) -> Armour | None:
    worn = _worn(ruleset, target)
    plain = [i for i in worn if i.save is not None and i.improves is None]
    improving = [i for i in worn if i.improves is not None]
    if plain:
        best = min(plain, key=lambda i: i.save or 7)
        save, names = best.save or 7, [best.name]
        for item in improving:
            save -= item.improves or 0
            names.append(f"{item.name} +{item.improves}")
        return Armour(", ".join(names), max(save, 2), best.worst_save, tuple(best.ignores_ap_of))
    alone = [i for i in improving if i.save is not None]
    if alone:
        best = min(alone, key=lambda i: i.save or 7)
        return Armour(best.name, best.save or 7, best.worst_save, tuple(best.ignores_ap_of))
    return None


def field_armour(
    ruleset: Ruleset, target: FighterTrack, profile: ProfileTrack | None = None
) -> Armour | None:
    """The best field armour worn that works against `profile`, rolled as its own save."""
    no_strength = profile is not None and profile.profile.strength.strip() in ("", "-")
    fields = [
        i
        for i in _worn(ruleset, target)
        if i.field_save is not None
        and not (i.needs_strength and no_strength)
        and i.name not in target.burnt_out
    ]
    if not fields:
        return None
    best = min(fields, key=lambda i: i.field_save or 7)
    return Armour(best.name, best.field_save or 7, burns_out_on=best.burns_out_on)


def protection(ruleset: Ruleset, target: FighterTrack, trait: str) -> str | None:
    """The item worn that makes `trait` harmless to the target (`protects_from`), if any."""
    key = trait_key(trait)
    for item in _worn(ruleset, target):
        if any(trait_key(name) == key for name in item.protects_from):
            return item.name
    return None


def toughness_against(ruleset: Ruleset, target: FighterTrack, trait: str) -> tuple[int, str]:
    """The Toughness the wearer's items add against a trait's D6, and which items."""
    key = trait_key(trait)
    worn = _worn(ruleset, target)
    giving = [
        (bonus, item.name)
        for item in worn
        for name, bonus in item.toughness_against.items()
        if trait_key(name) == key
    ]
    if not giving:
        return 0, ""
    bonus, names = max(giving)
    for item in worn:
        for name, more in item.toughness_bonus_with.items():
            if trait_key(name) == key:
                bonus += more
                names += f", {item.name}"
    return bonus, names
