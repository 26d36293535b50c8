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
from gangmanager.rules.weapons import Weapon, WeaponProfile

__all__ = [
    "AmmoLine",
    "ArmouryIndex",
    "ArmouryMatch",
    "ammo_of",
    "name_tokens",
    "split_qualifier",
    "weapon_from_armoury",
]

# Words that never tell two items apart ("Combi-weapon" is the Combi-bolter/...).
_FILLER = frozenset({"with", "w", "and", "the", "a", "an", "of", "weapon"})
# Words that do not name a profile: "Scatter ammo" is named by "scatter".
_GENERIC_PROFILE_WORDS = frozenset(
    {"ammo", "ammunition", "round", "shell", "shot", "profile", "mode", "standard", "load"}
)
_WORD = re.compile(r"[^\W_]+")
_QUALIFIER = re.compile(r"\s*(?:\bw/|\bwith\b|\(|,|\+|\s-\s)", re.IGNORECASE)


# Other spellings players and YakTribe use ("Mesh Armor", "Armored undersuit").
_SPELLINGS = {
    "armor": "armour",
    "armored": "armoured",
    "armoring": "armouring",
    "tunneling": "tunnelling",
    "tunneler": "tunneller",
}
# Words a separate ammo line names besides the weapon and its profile.
_AMMO_WORDS = frozenset({"ammo", "ammunition", "round", "shell", "pack", "grenade", "missile"})


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


@dataclass(frozen=True)
class AmmoLine:
    """An equipment line that names a weapon's other profile ("Shotgun - Executioner")."""

    weapon: ArmouryWeapon
    # None when the pack's weapon has no profile of that name ("Penetrator rounds").
    profile: WeaponProfile | None
    # The words naming the ammo, as written ("executioner").
    words: tuple[str, ...]


class ArmouryIndex:
    """Lookup of a ruleset's weapons and wargear by normalised name or alias.

    `spellings` are more (name, armoury name) pairs: other tools' spellings
    (`yaktribe_names`), looked up before the armoury's own aliases' word order.
    `refused` names match nothing (doubtful matches an alias would make).
    """

    def __init__(
        self,
        ruleset: Ruleset,
        spellings: list[tuple[str, str]] | None = None,
        refused: list[str] | None = None,
    ) -> None:
        self._refused = {name_tokens(n) for n in refused or []}
        self._refused_sorted = {tuple(sorted(t)) for t in self._refused}
        self._ordered: dict[tuple[str, ...], ArmouryWeapon | ArmouryItem] = {}
        self._unordered: dict[tuple[str, ...], ArmouryWeapon | ArmouryItem] = {}
        self._weapons = list(ruleset.weapons)
        entries: list[ArmouryWeapon | ArmouryItem] = [*ruleset.weapons, *ruleset.wargear]
        for entry in entries:
            for name in (entry.name, *entry.aliases):
                tokens = name_tokens(name)
                if tokens:
                    self._ordered.setdefault(tokens, entry)
                    self._unordered.setdefault(tuple(sorted(tokens)), entry)
        by_name = {name_tokens(e.name): e for e in entries}
        for theirs, ours in spellings or []:
            spelt = by_name.get(name_tokens(ours))
            tokens = name_tokens(theirs)
            if spelt is not None and tokens:
                self._ordered[tokens] = spelt
                self._unordered.setdefault(tuple(sorted(tokens)), spelt)

    def ammo(self, name: str) -> AmmoLine | None:
        """The weapon and profile a separate ammo line names: every word of the line
        is the weapon's name, the profile's or an ammo word ("rounds", "pack"), and
        at least one names the ammo. The longest weapon name wins."""
        tokens = name_tokens(name)
        if tokens in self._refused:
            return None
        best: AmmoLine | None = None
        best_size = 0
        for weapon in self._weapons:
            for weapon_name in (weapon.name, *weapon.aliases):
                own = name_tokens(weapon_name)
                if not own or len(own) <= best_size or not set(own) <= set(tokens):
                    continue
                rest = [t for t in tokens if t not in own]
                if not rest:
                    continue
                line = ammo_of(weapon, rest)
                if line is not None:
                    best, best_size = line, len(own)
        return best

    def variant_ammo(self, weapon: ArmouryWeapon, words: tuple[str, ...]) -> AmmoLine | None:
        """The profile `words` name on a variant of `weapon` that has it: "Penetrator
        Rounds-Boltgun" on a Boltgun is the penetrator rounds of the Enforcer boltgun,
        the one boltgun the lists sell them for."""
        own = set(name_tokens(weapon.name))
        for other in self._weapons:
            if other is weapon or not own < set(name_tokens(other.name)):
                continue
            line = ammo_of(other, list(words))
            if line is not None and line.profile is not None:
                return line
        return None

    def _lookup(self, tokens: tuple[str, ...]) -> ArmouryWeapon | ArmouryItem | None:
        if not tokens:
            return None
        return self._ordered.get(tokens) or self._unordered.get(tuple(sorted(tokens)))

    def match(self, name: str) -> ArmouryMatch | None:
        tokens = name_tokens(name)
        if tokens in self._refused or tuple(sorted(tokens)) in self._refused_sorted:
            return None
        entry = self._lookup(tokens)
        if entry is not None:
            return ArmouryMatch(entry)
        main, qualifier = split_qualifier(name)
        if qualifier and name_tokens(main) not in self._refused:
            entry = self._lookup(name_tokens(main))
            if entry is not None:
                return ArmouryMatch(entry, by_qualifier=True)
        return None


def ammo_of(weapon: ArmouryWeapon, rest: list[str]) -> AmmoLine | None:
    """The profile of `weapon` the words besides its name name; a profile of None
    when they name ammo the pack does not give it."""
    naming = [t for t in rest if t not in _AMMO_WORDS and t not in _GENERIC_PROFILE_WORDS]
    for profile in weapon.profiles[1:]:
        words = set(name_tokens(profile.name))
        if naming and set(naming) <= words | _AMMO_WORDS:
            return AmmoLine(weapon, profile, tuple(naming))
    # An ammo word and one more ("Penetrator Rounds"): ammo the pack does not give it.
    if naming and len(naming) <= 2 and len(naming) < len(rest):
        return AmmoLine(weapon, None, tuple(naming))
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
