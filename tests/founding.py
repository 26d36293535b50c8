"""A legal starting gang for a house, chosen by rule (no typed profiles): shared by the
founding tests of the wizard and of the gang file import."""

from __future__ import annotations

from gangmanager.rules.gang import Category
from gangmanager.rules.ruleset import FighterType, Ruleset

GANG_FIGHTERS = (Category.GANGER, Category.JUVE, Category.PROSPECT, Category.SPECIALIST)


def starting_types(ruleset: Ruleset, house_id: str) -> list[FighterType]:
    """The Leader, one Champion if the house has one, and enough of the cheapest Gang
    Fighter types to outnumber them (each type's `limit.max` respected)."""
    house = ruleset.house(house_id)
    assert house is not None
    types = house.fighter_types
    leader = next(t for t in types if t.category is Category.LEADER)
    champions = sorted((t for t in types if t.category is Category.CHAMPION), key=lambda t: t.cost)
    chosen = [leader, *champions[:1]]
    fighters = sorted((t for t in types if t.category in GANG_FIGHTERS), key=lambda t: t.cost)
    needed = len(chosen)
    for fighter_type in fighters:
        limit = fighter_type.limit
        room = limit.max if limit.max is not None else needed
        if limit.max_share is not None:
            room = min(room, int(limit.max_share * (len(chosen) + needed)))
        take = min(room, needed - sum(1 for c in chosen if c.category in GANG_FIGHTERS))
        chosen += [fighter_type] * max(take, 0)
    assert sum(1 for c in chosen if c.category in GANG_FIGHTERS) >= 2, house_id
    return chosen
