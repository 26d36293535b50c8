"""Load-time checks of the gang additions (Brutes, Hangers-on, Hired Guns, Exotic
Beasts): their kind, the houses and owners they name, their kit and skill access.

A typo in a house id or an owner would otherwise hide an addition from every
gang or make a beast impossible to buy, silently.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from gangmanager.content.errors import RulesetError, entry_label
from gangmanager.rules.gang import Category
from gangmanager.rules.limits import quoted
from gangmanager.rules.ruleset import FighterType, Ruleset
from gangmanager.rules.ruleset_houses import ADDITION_KINDS
from gangmanager.rules.weapons import trait_key


def check_gang_additions(ruleset: Ruleset, origin: Callable[[int], Path]) -> None:
    """`origin(index)` is the file the index-th addition came from."""
    houses = {trait_key(h.id) for h in ruleset.houses}
    items = {trait_key(w.name) for w in ruleset.weapons} | {
        trait_key(w.name) for w in ruleset.wargear
    }
    skill_sets = {trait_key(s.name) for s in ruleset.skill_sets}
    type_names = {trait_key(t.name) for h in ruleset.houses for t in h.fighter_types} | {
        trait_key(t.name) for t in ruleset.gang_additions
    }
    categories = {c.value for c in Category}
    kinds = ", ".join(k.value for k in ADDITION_KINDS)
    for index, addition in enumerate(ruleset.gang_additions):
        path = origin(index)
        where = entry_label("gang_additions", index, {"name": addition.name})

        def fail(message: str, *, _path: Path = path, _where: str = where) -> None:
            raise RulesetError(_path, message, _where)

        if addition.category not in ADDITION_KINDS:
            fail(
                f"category: a gang addition is one of {kinds}, not {quoted(addition.category.value)}"
            )
        for house in [*addition.houses, *addition.house_costs]:
            if trait_key(house) not in houses:
                fail(
                    f"houses: no house {quoted(house)} in this pack (house ids: {', '.join(sorted(houses))})"
                )
        for who in addition.owner:
            if who not in categories and trait_key(who) not in type_names:
                fail(f"owner: {quoted(who)} is no category nor fighter type of this pack")
        if addition.owner and addition.category is not Category.EXOTIC_BEAST:
            fail("owner: only an exotic_beast has an owner")
        if addition.limit.per_owner is not None and addition.category is not Category.EXOTIC_BEAST:
            fail("limit.per_owner: only an exotic_beast has an owner")
        _check_kit(addition, items, skill_sets, fail)


def _check_kit(
    addition: FighterType,
    items: set[str],
    skill_sets: set[str],
    fail: Callable[[str], None],
) -> None:
    for name in addition.equipment:
        if trait_key(name) not in items:
            fail(f"equipment: {quoted(name)} is not in the armoury")
    for name in addition.skill_sets_primary + addition.skill_sets_secondary:
        if trait_key(name) not in skill_sets:
            fail(f"skill access: no skill set {quoted(name)} in this pack")
