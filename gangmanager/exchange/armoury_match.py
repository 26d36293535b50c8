"""Match item names written by other tools to a ruleset's armoury.

Tolerant of case, plurals, punctuation (a trailing `*`), American spellings
("Mesh Armor"), "w/" and filler words, so that
"Frag Grenades" finds "Frag grenade", "Combi-weapon (bolter/melta)" finds
"Combi-bolter/melta" and "Shotgun w/ solid & scatter ammo" finds "Shotgun".
A name is compared word by word after normalising (see `name_tokens`):

1. the whole name, words in order, then in any order;
2. failing that, the part before a qualifier (`w/`, `with`, `(`, `,`, `+`,
   ` - `), so the qualifier can name paid profiles (special ammo).

Weapons are tried before wargear; names before aliases only by list order.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from gangmanager.rules.ruleset import ArmouryItem, ArmouryWeapon, Ruleset
from gangmanager.rules.weapons import Weapon

__all__ = ["ArmouryIndex", "ArmouryMatch", "name_tokens", "split_qualifier", "weapon_from_armoury"]

# Words that never tell two items apart ("Combi-weapon" is the Combi-bolter/...).
_FILLER = frozenset({"with", "w", "and", "the", "a", "an", "of", "weapon"})
# Words that do not name a profile: "Scatter ammo" is named by "scatter".
_GENERIC_PROFILE_WORDS = frozenset(
    {"ammo", "ammunition", "round", "shell", "shot", "profile", "mode", "standard", "load"}
)
_WORD = re.compile(r"[^\W_]+")
_QUALIFIER = re.compile(r"\s*(?:\bw/|\bwith\b|\(|,|\+|\s-\s)", re.IGNORECASE)


# Other spellings players and YakTribe use ("Mesh Armor", "Armored undersuit").
_SPELLINGS = {"armor": "armour", "armored": "armoured", "armoring": "armouring"}


def _singular(word: str) -> str:
    if len(word) > 4 and word.endswith("ives"):  # knives, not gloves
        return word[:-3] + "fe"
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def name_tokens(text: str) -> tuple[str, ...]:
    """`"Frag Grenades"` -> `("frag", "grenade")`; `"Combi-weapon (bolter/melta)"` ->
    `("combi", "bolter", "melta")`."""
    folded = text.casefold().replace("w/", " with ").replace("&", " and ")
    words = (_singular(w) for w in _WORD.findall(folded) if w not in _FILLER)
    return tuple(_SPELLINGS.get(w, w) for w in words)


def split_qualifier(text: str) -> tuple[str, str]:
    """`"Shotgun w/ solid & scatter ammo"` -> `("Shotgun", "w/ solid & scatter ammo")`."""
    match = _QUALIFIER.search(text)
    if match is None or match.start() == 0:
        return text, ""
    return text[: match.start()], text[match.start() :].strip()


@dataclass(frozen=True)
class ArmouryMatch:
    entry: ArmouryWeapon | ArmouryItem
    # Whether the whole name matched, or only the part before a qualifier.
    by_qualifier: bool = False


class ArmouryIndex:
    """Lookup of a ruleset's weapons and wargear by normalised name or alias."""

    def __init__(self, ruleset: Ruleset) -> None:
        self._ordered: dict[tuple[str, ...], ArmouryWeapon | ArmouryItem] = {}
        self._unordered: dict[tuple[str, ...], ArmouryWeapon | ArmouryItem] = {}
        entries: list[ArmouryWeapon | ArmouryItem] = [*ruleset.weapons, *ruleset.wargear]
        for entry in entries:
            for name in (entry.name, *entry.aliases):
                tokens = name_tokens(name)
                if tokens:
                    self._ordered.setdefault(tokens, entry)
                    self._unordered.setdefault(tuple(sorted(tokens)), entry)

    def _lookup(self, tokens: tuple[str, ...]) -> ArmouryWeapon | ArmouryItem | None:
        if not tokens:
            return None
        return self._ordered.get(tokens) or self._unordered.get(tuple(sorted(tokens)))

    def match(self, name: str) -> ArmouryMatch | None:
        entry = self._lookup(name_tokens(name))
        if entry is not None:
            return ArmouryMatch(entry)
        main, qualifier = split_qualifier(name)
        if qualifier:
            entry = self._lookup(name_tokens(main))
            if entry is not None:
                return ArmouryMatch(entry, by_qualifier=True)
        return None


def weapon_from_armoury(entry: ArmouryWeapon, price_paid: int, item_name: str) -> Weapon:
    """The armoury weapon as bought for `price_paid` under the name `item_name`.

    The standard (first) profile costs nothing extra; other free profiles come
    along; a paid profile only when `item_name` names it ("w/ inferno ammo").
    Paid profiles take their armoury price, as far as the price paid covers
    it, and the weapon keeps the rest: the total is always `price_paid`.
    """
    words = set(name_tokens(item_name))
    chosen = [entry.profiles[0].model_copy(update={"cost": 0})]
    for profile in entry.profiles[1:]:
        if profile.cost == 0:
            chosen.append(profile)
            continue
        naming = set(name_tokens(profile.name)) - _GENERIC_PROFILE_WORDS
        if naming and naming <= words:
            chosen.append(profile)
    remaining = max(0, price_paid)
    priced = [chosen[0]]
    for profile in chosen[1:]:
        share = min(profile.cost, remaining)
        remaining -= share
        priced.append(profile.model_copy(update={"cost": share}))
    return Weapon(name=entry.name, cost=remaining, profiles=priced)
