"""Update Roster C: taking the free recruits and equipment the gang's territories grant.

A recruit or equipment boon names what it gives (`recruits`, `equipment` in
campaigns.toml; a name listed twice comes twice). Each `boons_taken` entry of
the draft takes one of those, from a territory the gang holds after Assign
territory: a recruit joins at no cost in credits (their value still counts in
the ratings), an item goes to the stash or to a fighter, free.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from gangmanager.rules.campaign_types import Boon, BoonKind
from gangmanager.rules.gang import Gang
from gangmanager.rules.post_battle_draft import BoonTaken, PurchaseEntry
from gangmanager.rules.post_battle_trading import TradeProblem, fighter_index, purchase
from gangmanager.rules.roster_ops import add_fighter, recruit
from gangmanager.rules.ruleset import Ruleset
from gangmanager.rules.weapons import trait_key

# (territory, kind, name) -> how many of that the gang may still take.
Grants = Counter[tuple[str, str, str]]


def _key(territory: str, kind: str, name: str) -> tuple[str, str, str]:
    return territory.strip().casefold(), kind, trait_key(name)


def grants_of(held: Iterable[tuple[str, Boon]]) -> Grants:
    """What the held recruit and equipment boons give this post-battle."""
    grants: Grants = Counter()
    for territory, boon in held:
        if boon.kind is BoonKind.RECRUIT:
            grants.update(_key(territory, "recruit", n) for n in boon.recruits)
        elif boon.kind is BoonKind.EQUIPMENT:
            grants.update(_key(territory, "equipment", n) for n in boon.equipment)
    return grants


def offered(held: Iterable[tuple[str, Boon]]) -> list[tuple[str, str, str]]:
    """(territory, kind, name) of every boon that can be taken, one row per copy."""
    rows: list[tuple[str, str, str]] = []
    for territory, boon in held:
        if boon.kind is BoonKind.RECRUIT:
            rows += [(territory, "recruit", n) for n in boon.recruits]
        elif boon.kind is BoonKind.EQUIPMENT:
            rows += [(territory, "equipment", n) for n in boon.equipment]
    return rows


def take_boon(ruleset: Ruleset, gang: Gang, entry: BoonTaken, grants: Grants) -> tuple[Gang, str]:
    """Take one boon (and use up its grant); TradeProblem when it is not granted."""
    wanted = entry.fighter_type if entry.kind == "recruit" else entry.item
    assert wanted is not None
    key = _key(entry.territory, entry.kind, wanted)
    if grants[key] <= 0:
        taken = " (already taken)" if key in grants else ""
        raise TradeProblem(
            f"{entry.territory} grants no {entry.kind} {wanted!r} to this gang{taken}"
        )
    if entry.kind == "equipment":
        gang, _, text = purchase(ruleset, gang, PurchaseEntry(fighter=entry.fighter,
                                                              item=wanted, cost=0))  # fmt: skip
        grants[key] -= 1
        return gang, f"{text}, free from {entry.territory}"
    house = ruleset.house(gang.house)
    types = house.fighter_types if house is not None else []
    found = next((t for t in types if trait_key(t.name) == trait_key(wanted)), None)
    if found is None:
        raise TradeProblem(f"the {gang.house or 'gang'} house list has no fighter type {wanted!r}")
    fighter = recruit(found, entry.name or found.name)
    if fighter_index(gang, fighter.name) is not None:
        raise TradeProblem(f"there is already a fighter named {fighter.name!r}: give a name")
    grants[key] -= 1
    return add_fighter(
        gang, fighter
    ), f"{fighter.name} ({found.name}) joins free from {entry.territory}"
