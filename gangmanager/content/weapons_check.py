"""Load-time checks of the weapon profiles the battle tracker reads.

One form per value in a pack: a Strength that adds to the user's is written
`S+1` (never a bare `+1`), a melee profile keeps `E` in its short range column
and a flame profile `T` (the 2018 books print them in the long column).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from gangmanager.content.errors import RulesetError, entry_label
from gangmanager.rules.limits import quoted
from gangmanager.rules.ruleset import Mechanic, Ruleset
from gangmanager.rules.weapons import WeaponProfile, trait_key

# `4`, `S`, `S+1`, `S-1`, `Sx2`; `-` for none (Toxin, Gas, Smoke) and `*` for
# a Strength the weapon's rules give (Graviton Pulse).
STRENGTH = re.compile(r"^(?:\d+|S|S[+-]\d+|Sx\d+|-|\*)$")
_BARE_BONUS = re.compile(r"^[+-]\d+$")


def check_weapon_profiles(ruleset: Ruleset, origin: Callable[[int], Path]) -> None:
    """`origin(index)` is the file the index-th weapon came from."""
    flags = {trait_key(t.name): set(t.mechanics) for t in ruleset.traits}

    def has(profile: WeaponProfile, mechanic: Mechanic) -> bool:
        return any(mechanic in flags.get(t.key, ()) for t in profile.traits)

    for index, weapon in enumerate(ruleset.weapons):
        names = {trait_key(p.name) for p in weapon.profiles}
        for group in weapon.shared_ammo:
            unknown = [n for n in group if trait_key(n) not in names]
            if unknown or len(group) < 2:
                raise RulesetError(
                    origin(index),
                    f"shared_ammo: {quoted(group)} is not two or more of the weapon's profiles"
                    f" ({', '.join(repr(p.name) for p in weapon.profiles)})",
                    entry_label("weapons", index, {"name": weapon.name}),
                )
        for number, profile in enumerate(weapon.profiles):
            where = (
                f"{entry_label('weapons', index, {'name': weapon.name})},"
                f" {entry_label('profiles', number, {'name': profile.name})}"
            )
            strength = profile.strength
            if _BARE_BONUS.match(strength):
                raise RulesetError(
                    origin(index),
                    f"str: write 'S{strength}' (the user's Strength {strength}), not {quoted(strength)}",
                    where,
                )
            if not STRENGTH.match(strength):
                raise RulesetError(
                    origin(index),
                    f"str: {quoted(strength)} is not a Strength (write 4, S, S+1, Sx2, - or *)",
                    where,
                )
            if has(profile, Mechanic.MELEE) and profile.rng_s != "E":
                raise RulesetError(
                    origin(index),
                    f'a Melee profile has rng_s = "E" (its reach, if any, in rng_l),'
                    f" not {quoted(profile.rng_s)}",
                    where,
                )
            template = has(profile, Mechanic.TEMPLATE)
            if profile.rng_s == "T" and not template:
                raise RulesetError(
                    origin(index), 'a profile with rng_s = "T" has the Template trait', where
                )
            if template and profile.rng_s != "T":
                raise RulesetError(
                    origin(index),
                    f'a Template profile has rng_s = "T" and rng_l = "-", not {quoted(profile.rng_s)}',
                    where,
                )
