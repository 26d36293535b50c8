"""Update Roster C: taking the free recruits and equipment the gang's territories grant.

A recruit or equipment boon names what it gives (`recruits`, `equipment` in
campaigns.toml; a name listed twice comes twice), or lets the dice decide
(`recruit_roll`, Settlement: the category of a free recruit from the house
list). Each `boons_taken` entry of the draft takes one of those, from a
territory the gang holds after Assign territory: a recruit joins at no cost
in credits (their value still counts in the ratings), an item goes to the
stash or to a fighter, free. Recruits hired for one battle (`for_one_battle`)
are not taken here: they never join the roster.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from gangmanager.rules.campaign_types import Boon, BoonKind, RecruitRoll
from gangmanager.rules.gang import Gang
from gangmanager.rules.limits import quoted
from gangmanager.rules.post_battle_draft import BoonTaken, PurchaseEntry
from gangmanager.rules.post_battle_trading import TradeProblem, fighter_index, purchase
from gangmanager.rules.roster_ops import add_fighter, recruit
from gangmanager.rules.ruleset import FighterType, Ruleset
from gangmanager.rules.weapons import trait_key


class Offer(NamedTuple):
    """One boon that can be taken: a named recruit or item, or a recruit roll."""

    territory: str
    kind: str  # "recruit" | "equipment"
    name: str  # the fighter type or item; "" for a roll
    roll: RecruitRoll | None = None

    def label(self) -> str:
        if self.roll is not None:
            return f"{self.territory}: roll {self.roll.text()} for a free recruit"
        return f"{self.territory}: {self.name} ({self.kind})"

    def matches(self, entry: BoonTaken) -> bool:
        if self.territory.casefold() != entry.territory.strip().casefold():
            return False
        if self.kind != entry.kind or (self.roll is not None) != (entry.dice is not None):
            return False
        if self.roll is not None:
            return True
        return trait_key(self.name) == trait_key(entry.wanted)


def offered(held: Iterable[tuple[str, Boon]]) -> list[Offer]:
    """Every boon that can be taken after a battle, one row per copy."""
    rows: list[Offer] = []
    for territory, boon in held:
        if boon.kind is BoonKind.RECRUIT and not boon.for_one_battle:
            rows += [Offer(territory, "recruit", n) for n in boon.recruits]
            if boon.recruit_roll is not None:
                rows.append(Offer(territory, "recruit", "", boon.recruit_roll))
        elif boon.kind is BoonKind.EQUIPMENT:
            rows += [Offer(territory, "equipment", n) for n in boon.equipment]
    return rows


def still_offered(offers: list[Offer], taken: Iterable[BoonTaken]) -> list[Offer]:
    """The offers left once each taken boon has used up one matching copy."""
    left = list(offers)
    for entry in taken:
        found = next((i for i, offer in enumerate(left) if offer.matches(entry)), None)
        if found is not None:
            del left[found]
    return left


class Grants:
    """What the held boons give this post-battle, used up as boons are taken."""

    def __init__(self, held: Iterable[tuple[str, Boon]]) -> None:
        self.all = offered(held)
        self.left = list(self.all)

    def use(self, entry: BoonTaken) -> Offer:
        found = next((i for i, offer in enumerate(self.left) if offer.matches(entry)), None)
        if found is None:
            wanted = "roll" if entry.dice is not None else repr(entry.wanted)
            taken = " (already taken)" if any(o.matches(entry) for o in self.all) else ""
            raise TradeProblem(
                f"{entry.territory} grants no {entry.kind} {wanted} to this gang{taken}"
            )
        return self.left.pop(found)


def _dice_text(dice: list[int]) -> str:
    return ", ".join(map(str, dice))


def _rolled_type(ruleset: Ruleset, gang: Gang, roll: RecruitRoll, entry: BoonTaken) -> FighterType:
    """The house-list type a recruit roll brings; TradeProblem when it cannot be told."""
    dice = entry.dice or []
    category = roll.category_for(dice)
    assert category is not None  # take_boon handles a roll that brings nobody
    house = ruleset.house(gang.house) if gang.house else None
    types = [t for t in (house.fighter_types if house else []) if t.category is category]
    house_name = house.name if house else (gang.house or "the gang's house")
    if not types:
        raise TradeProblem(
            f"rolled {_dice_text(dice)}: a free {category.label}, but the {house_name} list has"
            f" no {category.label} fighter type"
        )
    if entry.fighter_type:
        found = next((t for t in types if trait_key(t.name) == trait_key(entry.fighter_type)), None)
        if found is None:
            names = ", ".join(t.name for t in types)
            raise TradeProblem(
                f"rolled {_dice_text(dice)}: a free {category.label} ({names}),"
                f" not {quoted(entry.fighter_type)}"
            )
        return found
    if len(types) > 1:
        names = ", ".join(t.name for t in types)
        raise TradeProblem(
            f"rolled {_dice_text(dice)}: a free {category.label}; name the fighter_type ({names})"
        )
    return types[0]


def take_boon(ruleset: Ruleset, gang: Gang, entry: BoonTaken, grants: Grants) -> tuple[Gang, str]:
    """Take one boon (and use up its grant); TradeProblem when it is not granted."""
    offer = grants.use(entry)
    if entry.kind == "equipment":
        free = PurchaseEntry(fighter=entry.fighter, item=offer.name, cost=0)
        gang, _, text = purchase(ruleset, gang, free, granted=True)
        return gang, f"{text}, free from {entry.territory}"
    if offer.roll is not None:
        dice = entry.dice or []
        if len(dice) != offer.roll.dice:
            raise TradeProblem(
                f"the roll is {offer.roll.text()}: give {offer.roll.dice} dice, got {len(dice)}"
            )
        if offer.roll.category_for(dice) is None:
            return gang, f"rolled {_dice_text(dice)} for {entry.territory}: no recruit"
        found = _rolled_type(ruleset, gang, offer.roll, entry)
    else:
        listed = ruleset.fighter_type(gang.house, offer.name)
        if listed is None:
            raise TradeProblem(
                f"neither the {gang.house or 'gang'} house list nor the gang additions have"
                f" a fighter type {quoted(offer.name)}"
            )
        found = listed
    fighter = recruit(found, entry.name or found.name, ruleset)
    if fighter_index(gang, fighter.name) is not None:
        raise TradeProblem(f"there is already a fighter named {quoted(fighter.name)}: give a name")
    rolled = f" (rolled {_dice_text(entry.dice)})" if entry.dice else ""
    return add_fighter(gang, fighter), (
        f"{fighter.name} ({found.name}) joins free from {entry.territory}{rolled}"
    )
