"""The demo gang `make run` shows on first start, built from the ruleset's own data."""

from __future__ import annotations

from gangmanager.rules import ratings
from gangmanager.rules.gang import Category, Fighter, Gang
from gangmanager.rules.limits import quoted
from gangmanager.rules.modifiers import Modifier, ModifierKind
from gangmanager.rules.ruleset import Ruleset
from gangmanager.rules.weapons import Item, Weapon
from gangmanager.services.errors import ServiceError

# (category, name, armoury items; a weapon entry "Name/Profile" also buys that paid profile)
_ROSTER: tuple[tuple[Category, str, tuple[str, ...]], ...] = (
    (Category.LEADER, "Mags Varga", ("Boltgun", "Chainsword", "Flak armour")),
    (Category.CHAMPION, "Dex Hollow", ("Shotgun/executioner ammo", "Fighting knife")),
    (Category.GANGER, "Rook", ("Lasgun",)),
    (Category.GANGER, "Tess Calder", ("Autogun",)),
    (Category.GANGER, "Brann", ("Stub gun", "Fighting knife")),
    (Category.JUVE, "Pip", ("Autopistol",)),
)


def _buy(ruleset: Ruleset, wanted: str) -> Weapon | Item | None:
    name, _, paid = wanted.partition("/")
    weapon = next((w for w in ruleset.weapons if w.name.casefold() == name.casefold()), None)
    if weapon is not None:
        standard = [p for p in weapon.profiles if p.cost == 0]
        extra = [p for p in weapon.profiles if p.cost and p.name.casefold() == paid.casefold()]
        return Weapon(name=weapon.name, cost=weapon.cost, profiles=standard + extra)
    item = next((w for w in ruleset.wargear if w.name.casefold() == name.casefold()), None)
    return Item(name=item.name, cost=item.cost) if item is not None else None


# The first start's gang is named so: the header marks it as a demo while the name says so.
DEMO_MARK = " (demo)"
DEMO_NOTES = (
    "A demo gang to try the roster editor on: change anything, undo anything. Found your own"
    " with Gang > New gang..., and delete this one when you no longer need it."
)


def first_start_gang(ruleset: Ruleset) -> Gang:
    """The demo gang as the first start adds it: labelled as a demo, in its name and notes."""
    gang = demo_gang(ruleset)
    return gang.model_copy(update={"name": gang.name + DEMO_MARK, "notes": DEMO_NOTES})


def is_demo(gang: Gang) -> bool:
    return gang.name.endswith(DEMO_MARK)


# The pack's advancement the demo's veteran took (by its id in the pack's table).
_VETERAN_ADVANCE = "cl"


def _veteran_advance(ruleset: Ruleset, veteran: Fighter) -> list[Modifier]:
    """The advance as the pack prices it, named by the characteristic of the veteran's
    statline it raises ("Advancement: Cool"); none where the pack has no such advance."""
    advance = ruleset.advancement(_VETERAN_ADVANCE)
    table = veteran.profile.table
    code = advance.characteristic if advance is not None else None
    if advance is None or code is None or code not in table:
        return []
    source = f"Advancement: {table[code].name}"
    data = {"source": source, "kind": ModifierKind.ADVANCEMENT, "changes": {code: 1}}
    return [Modifier.read({**data, "cost": advance.credits}, table)]


def demo_gang(ruleset: Ruleset, house_id: str = "orlock") -> Gang:
    """An Orlock gang of six, equipped from the armoury, founded (ratings committed)."""
    house = ruleset.house(house_id)
    if house is None or not house.fighter_types:
        raise ServiceError(
            f"ruleset {quoted(ruleset.id)} has no house {quoted(house_id)} for the demo gang"
        )
    fighters: list[Fighter] = []
    for category, name, gear in _ROSTER:
        fighter_type = next((t for t in house.fighter_types if t.category is category), None)
        if fighter_type is None:
            continue
        bought = [b for b in (_buy(ruleset, g) for g in gear) if b is not None]
        fighters.append(
            Fighter(
                name=name,
                type=fighter_type.name,
                category=category,
                cost=fighter_type.cost,
                profile=fighter_type.profile,
                weapons=[b for b in bought if isinstance(b, Weapon)],
                wargear=[b for b in bought if not isinstance(b, Weapon)],
            )
        )
    spent = sum(ratings.fighter_cost(f) for f in fighters)
    # One veteran (XP spent after founding), to show a modifier and its source at once.
    fighters[0] = fighters[0].model_copy(
        update={"xp": 3, "modifiers": _veteran_advance(ruleset, fighters[0])}
    )
    gang = Gang(name="The Rust Riders", house=house.name, ruleset=ruleset.id, reputation=1)
    gang = gang.model_copy(update={"fighters": fighters})
    gang = gang.model_copy(update={"credits": max(0, ruleset.founding_credits - spent)})
    return ratings.found_gang(gang)
