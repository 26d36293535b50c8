"""Who may take what, and at which price: house equipment lists, slots, rarity.

An item is looked for on the house's equipment list first (the house's list
price, `restricted_to` categories or type names), then at the Trading Post
(the armoury's price). Rare and Illegal items are bought only at the
post-battle Trading Post, after an availability roll (`availability.py`). A
fighter carries weapons taking at most three slots; an Unwieldy weapon takes
two. Which skills a fighter may take is in `skill_access.py`.

Every refusal is a `Verdict` whose reason names the limit. A gang with the
house rule `house_rules_ignore_restrictions` gets the item anyway: the
verdict is allowed, `overridden`, and still carries the reason as a note.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from gangmanager.rules import vehicle_items
from gangmanager.rules.availability import Availability, parse_availability
from gangmanager.rules.gang import Category, Fighter, Gang
from gangmanager.rules.limits import quoted
from gangmanager.rules.roster_ops import WEAPON_SLOTS
from gangmanager.rules.ruleset import (
    ArmouryItem,
    ArmouryWeapon,
    EquipmentListEntry,
    House,
    Mechanic,
    Ruleset,
    Vehicle,
)
from gangmanager.rules.weapons import Weapon, trait_key

Source = Literal["list", "trading_post", "unknown"]


@dataclass(frozen=True)
class Verdict:
    """May the fighter take it; the price charged; why not (or why only by house rule)."""

    allowed: bool
    price: int
    source: Source
    reason: str = ""
    # Allowed only because the gang ignores list and access restrictions.
    overridden: bool = False
    entry: ArmouryWeapon | ArmouryItem | None = None

    @property
    def kind(self) -> Literal["weapon", "wargear"]:
        return "weapon" if isinstance(self.entry, ArmouryWeapon) else "wargear"


# -- small helpers -------------------------------------------------------------------


def _article(word: str) -> str:
    return f"an {word}" if word[:1].casefold() in "aeiou" else f"a {word}"


def fighter_label(fighter: Fighter) -> str:
    """'Juve', or 'Greenhorn (Juve)' when the type name says something else."""
    label = fighter.category.label
    if not fighter.type or trait_key(fighter.type) == trait_key(label):
        return label
    return f"{fighter.type} ({label})"


def _keys(entry: ArmouryWeapon | ArmouryItem) -> set[str]:
    return {trait_key(entry.name), *map(trait_key, entry.aliases)}


def armoury_lookup(ruleset: Ruleset, name: str) -> ArmouryWeapon | ArmouryItem | None:
    """A weapon first (a name the armoury knows as a weapon is always a weapon), then wargear."""
    return ruleset.weapon_entry(name) or ruleset.wargear_item(name)


def list_entry(
    house: House | None, entry: ArmouryWeapon | ArmouryItem
) -> EquipmentListEntry | None:
    """The house's equipment-list line for this armoury entry (by name or alias)."""
    if house is None:
        return None
    keys = _keys(entry)
    return next((e for e in house.equipment_list if trait_key(e.name) in keys), None)


def may_take_listed(line: EquipmentListEntry, fighter_type: str, category: Category | str) -> bool:
    """`restricted_to` names categories ("juve") or fighter types; empty: everyone."""
    if not line.restricted_to:
        return True
    category = Category(category)
    wanted = {trait_key(fighter_type), trait_key(category.value), trait_key(category.label)}
    return any(trait_key(r) in wanted for r in line.restricted_to)


def _house_name(house: House) -> str:
    return house.name if house.name.casefold().startswith("house") else f"House {house.name}"


# The armoury's order of kinds: pickers group their entries so.
KIND_ORDER: tuple[str, ...] = (
    "pistol",
    "basic",
    "special",
    "heavy",
    "close_combat",
    "grenade",
    "armour",
    "wargear",
    "ammo",
    "bionic",
    "other",
)


def by_kind(entry: ArmouryWeapon | ArmouryItem) -> tuple[int, str]:
    """Sort key: the kind's place in the armoury, then the name."""
    rank = KIND_ORDER.index(entry.kind) if entry.kind in KIND_ORDER else len(KIND_ORDER)
    return rank, entry.name.casefold()


def sold_at_trading_post(entry: ArmouryWeapon | ArmouryItem) -> bool:
    """An entry with no availability in the pack is a house's or a fighter type's own
    kit: had from a house list, or with the fighter, never bought off the Trading Post."""
    return parse_availability(entry.availability).rarity != "unknown"


def _first_names(names: list[str], most: int = 3) -> str:
    shown = ", ".join(names[:most])
    return shown + (f" and {len(names) - most} more" if len(names) > most else "")


def not_sold_reason(ruleset: Ruleset, entry: ArmouryWeapon | ArmouryItem) -> str:
    """Why a house-only entry is not for sale here, naming whose kit it is."""
    keys = _keys(entry)
    houses = [_house_name(h) for h, listed in ruleset.equipment_list_keys() if keys & listed]
    where = f"it is on the equipment list of {_first_names(houses)}" if houses else ""
    if not houses:
        # A house's fighters by the house's name; a gang addition by its type's.
        owners = [
            f"fighters of {_house_name(h)}"
            for h in ruleset.houses
            if any(trait_key(e) in keys for t in h.fighter_types for e in t.equipment)
        ] + [
            f"the {t.name}"
            for t in ruleset.gang_additions
            if any(trait_key(e) in keys for e in t.equipment)
        ]
        kit = list(dict.fromkeys(owners))
        where = f"it is the kit of {_first_names(kit)}" if kit else "no list in the pack has it"
    return f"{entry.name} is not sold at the Trading Post: {where}"


# -- weapon slots -------------------------------------------------------------------


def is_grenade(ruleset: Ruleset, weapon: Weapon | ArmouryWeapon) -> bool:
    """Grenades are carried besides the three weapons (they take no slot)."""
    entry = weapon if isinstance(weapon, ArmouryWeapon) else ruleset.weapon_entry(weapon.name)
    if entry is not None and entry.kind == "grenade":
        return True
    return any(ruleset.has_mechanic(p, Mechanic.GRENADE) for p in weapon.profiles)


def slots_taken(ruleset: Ruleset, weapon: Weapon | ArmouryWeapon) -> int:
    """Slots a weapon takes: the most any trait asks (`slots` in the TraitDef; Unwieldy 2)."""
    if is_grenade(ruleset, weapon):
        return 0
    asked = [
        trait_def.slots
        for profile in weapon.profiles
        for trait in profile.traits
        if (trait_def := ruleset.trait_def(trait)) is not None
    ]
    return max(asked, default=1)


def slots_carried(ruleset: Ruleset, fighter: Fighter) -> int:
    return sum(slots_taken(ruleset, w) for w in fighter.weapons)


# -- items ---------------------------------------------------------------------------


def check_item(
    ruleset: Ruleset,
    house_id: str | None,
    fighter: Fighter,
    item: str | ArmouryWeapon | ArmouryItem,
    *,
    trading_post: bool = False,
    ignore_restrictions: bool = False,
) -> Verdict:
    """May `fighter` of `house_id` take `item`, and at what price?

    `trading_post`: bought at the post-battle Trading Post, where Rare and
    Illegal items may be sought (after a successful availability roll).
    """
    vehicle = vehicle_items.vehicle_of(ruleset, house_id, fighter)
    entry = armoury_lookup(ruleset, item) if isinstance(item, str) else item
    if entry is None and vehicle is not None and isinstance(item, str):
        entry = vehicle_items.kit_entry(vehicle, item)
        if entry is None:
            return Verdict(
                False,
                0,
                "unknown",
                f"{quoted(item)} is not on the {vehicle.name}'s list nor in the"
                f" {ruleset.id} armoury",
            )
    if entry is None:
        return Verdict(False, 0, "unknown", f"the {ruleset.id} armoury has no {quoted(item)}")
    house = ruleset.house(house_id) if house_id else None
    if vehicle is not None:
        return _vehicle_verdict(
            ruleset, house, vehicle, fighter, entry, trading_post, ignore_restrictions
        )
    line = list_entry(house, entry)
    refusals: list[str] = []
    source: Source
    if line is not None:
        price, source = line.cost, "list"
        if not may_take_listed(line, fighter.type, fighter.category):
            assert house is not None
            refusals.append(
                f"{_article(fighter_label(fighter))} may not take {_article(entry.name)}:"
                f" {_house_name(house)}'s list allows it to {', '.join(line.restricted_to)}"
            )
    else:
        price, source = entry.cost, "trading_post"
        refusals += _trading_post_refusals(ruleset, entry, trading_post)
    if isinstance(entry, ArmouryWeapon):
        refusals += _slots_refusals(ruleset, fighter, entry)
    if not refusals:
        return Verdict(True, price, source, entry=entry)
    reason = "; ".join(refusals)
    if ignore_restrictions:
        return Verdict(True, price, source, f"house rules: {reason}", True, entry)
    return Verdict(False, price, source, reason, entry=entry)


def _trading_post_refusals(
    ruleset: Ruleset, entry: ArmouryWeapon | ArmouryItem, trading_post: bool
) -> list[str]:
    """Why an entry off the list may not be bought here: not sold at the Trading Post,
    or Rare or Illegal outside the post-battle Trading Post."""
    rarity = parse_availability(entry.availability)
    if not sold_at_trading_post(entry):
        return [not_sold_reason(ruleset, entry)]
    if rarity.needs_roll and not trading_post:
        return [
            f"{entry.name} is {rarity.label}: it is bought at the post-battle"
            " Trading Post with an availability roll"
        ]
    return []


def _slots_refusals(ruleset: Ruleset, fighter: Fighter, weapon: ArmouryWeapon) -> list[str]:
    """The weapon would take the fighter past their weapon slots."""
    adding = slots_taken(ruleset, weapon)
    used = slots_carried(ruleset, fighter)
    if adding and used + adding > WEAPON_SLOTS:
        return [
            f"{fighter.name} carries weapons taking {used} of {WEAPON_SLOTS} slots;"
            f" {weapon.name} takes {adding}"
            + (" (Unwieldy weapons take two)" if adding > 1 else "")
        ]
    return []


def _vehicle_verdict(
    ruleset: Ruleset,
    house: House | None,
    vehicle: Vehicle,
    fighter: Fighter,
    entry: ArmouryWeapon | ArmouryItem,
    trading_post: bool,
    ignore_restrictions: bool,
) -> Verdict:
    """A vehicle's purchase: its list's price (its own, then its house's vehicle list),
    else a weapon at the Trading Post; one weapon per hardpoint, upgrades within their
    slots (rules/vehicle_items.py)."""
    price = vehicle_items.list_price(ruleset, house, vehicle, entry)
    source: Source = "list"
    refusals: list[str] = []
    if price is None:
        price, source = entry.cost, "trading_post"
        refusals += _trading_post_refusals(ruleset, entry, trading_post)
    refusals += vehicle_items.refusals(vehicle, fighter, entry, source == "list")
    if not refusals:
        return Verdict(True, price, source, entry=entry)
    reason = "; ".join(dict.fromkeys(refusals))
    if ignore_restrictions:
        return Verdict(True, price, source, f"house rules: {reason}", True, entry)
    return Verdict(False, price, source, reason, entry=entry)


def check_item_for_gang(
    ruleset: Ruleset,
    gang: Gang,
    fighter: Fighter,
    item: str | ArmouryWeapon | ArmouryItem,
    *,
    trading_post: bool = False,
) -> Verdict:
    """`check_item` with the gang's house and its house-rules setting."""
    return check_item(
        ruleset,
        gang.house,
        fighter,
        item,
        trading_post=trading_post,
        ignore_restrictions=gang.house_rules_ignore_restrictions,
    )


@dataclass(frozen=True)
class Offer:
    """A line of what a fighter may buy: list first, then the Trading Post."""

    entry: ArmouryWeapon | ArmouryItem
    verdict: Verdict

    @property
    def name(self) -> str:
        return self.entry.name

    @property
    def price(self) -> int:
        return self.verdict.price

    @property
    def availability(self) -> Availability:
        return parse_availability(self.entry.availability)


def offers(
    ruleset: Ruleset,
    house_id: str | None,
    fighter: Fighter,
    kind: Literal["weapons", "wargear"],
    *,
    trading_post: bool = False,
    ignore_restrictions: bool = False,
) -> list[Offer]:
    """Every armoury entry of the kind with its verdict: the house list (in list
    order) first, then the Trading Post grouped by kind (`by_kind`). Refused entries are kept so a
    dialog can show why."""
    entries: list[ArmouryWeapon] | list[ArmouryItem] = (
        ruleset.weapons if kind == "weapons" else ruleset.wargear
    )
    house = ruleset.house(house_id) if house_id else None
    listed: list[ArmouryWeapon | ArmouryItem] = []
    if house is not None:
        for line in house.equipment_list:
            entry: ArmouryWeapon | ArmouryItem | None = (
                ruleset.weapon_entry(line.name) if kind == "weapons" else None
            )
            if kind == "wargear" and ruleset.weapon_entry(line.name) is None:
                entry = ruleset.wargear_item(line.name)
            if entry is not None and entry not in listed:
                listed.append(entry)
    if kind == "wargear":
        # A vehicle's upgrades and vehicle wargear: its own list, first.
        kit = vehicle_items.kit_of(ruleset, house_id, fighter)
        names = {trait_key(e.name) for e in kit}
        listed = [*kit, *(e for e in listed if trait_key(e.name) not in names)]
    rest = sorted((e for e in entries if e not in listed), key=by_kind)
    return [
        Offer(
            entry,
            check_item(
                ruleset,
                house_id,
                fighter,
                entry,
                trading_post=trading_post,
                ignore_restrictions=ignore_restrictions,
            ),
        )
        for entry in [*listed, *rest]
    ]


def check_stash_item(
    ruleset: Ruleset,
    house_id: str | None,
    entry: ArmouryWeapon | ArmouryItem,
    *,
    trading_post: bool = False,
    ignore_restrictions: bool = False,
) -> Verdict:
    """May a gang of `house_id` buy `entry` for its stash: at the Trading Post's price,
    or its house list's for the house's own kit; Rare and Illegal items only at the
    post-battle Trading Post (after the availability roll, which the caller checks)."""
    line = list_entry(ruleset.house(house_id) if house_id else None, entry)
    if line is not None and not sold_at_trading_post(entry):
        return Verdict(True, line.cost, "list", entry=entry)
    reason = ""
    if not sold_at_trading_post(entry):
        reason = not_sold_reason(ruleset, entry)
    else:
        rarity = parse_availability(entry.availability)
        if rarity.needs_roll and rarity.level is not None and not trading_post:
            reason = (
                f"{entry.name} is {rarity.label}: make the availability roll to seek it"
                " (post-battle Trading Post)"
            )
    if not reason:
        return Verdict(True, entry.cost, "trading_post", entry=entry)
    if ignore_restrictions:
        return Verdict(True, entry.cost, "trading_post", f"house rules: {reason}", True, entry)
    return Verdict(False, entry.cost, "trading_post", reason, entry=entry)


def check_stash_item_for_gang(
    ruleset: Ruleset,
    gang: Gang,
    entry: ArmouryWeapon | ArmouryItem,
    *,
    trading_post: bool = False,
) -> Verdict:
    """`check_stash_item` with the gang's house and its house-rules setting."""
    return check_stash_item(
        ruleset,
        gang.house or None,
        entry,
        trading_post=trading_post,
        ignore_restrictions=gang.house_rules_ignore_restrictions,
    )


def stash_offers(
    ruleset: Ruleset,
    house_id: str | None,
    kind: Literal["weapons", "wargear"],
    *,
    ignore_restrictions: bool = False,
) -> list[Offer]:
    """Every armoury entry of the kind, grouped by kind, with what the stash may not buy
    greyed."""
    entries: list[ArmouryWeapon | ArmouryItem] = [
        *(ruleset.weapons if kind == "weapons" else ruleset.wargear)
    ]
    ordered = sorted(entries, key=by_kind)
    return [
        Offer(e, check_stash_item(ruleset, house_id, e, ignore_restrictions=ignore_restrictions))
        for e in ordered
    ]


# -- how many of a type ---------------------------------------------------------------


def _plural(name: str, count: int) -> str:
    return name if count == 1 else f"{name}s"


def limit_warnings(ruleset: Ruleset, house_id: str | None, fighters: list[Fighter]) -> list[str]:
    """The fighter types' `limit`s ("0-2", "at least two", "up to half the gang")."""
    counted = [f for f in fighters if f.status.counts_for_rating]
    total = len(counted)
    warnings: list[str] = []
    for fighter_type in ruleset.fighter_types_for(house_id):
        limit = fighter_type.limit
        key = trait_key(fighter_type.name)
        count = sum(1 for f in counted if trait_key(f.type) == key)
        name = fighter_type.name
        if limit.max is not None and count > limit.max:
            warnings.append(
                f"At most {limit.max} {_plural(name, limit.max)} may join; the gang has {count}."
            )
        if limit.min is not None and total and count < limit.min:
            warnings.append(
                f"At least {limit.min} {_plural(name, limit.min)} are needed; the gang has {count}."
            )
        if limit.max_share is not None and count > limit.max_share * total:
            warnings.append(
                f"{_plural(name, 2)} may be at most {limit.max_share:.0%} of the gang;"
                f" they are {count} of {total}."
            )
    return warnings


def roster_warnings(gang: Gang, ruleset: Ruleset | None) -> list[str]:
    """What a standing roster breaks (an imported gang may): more than one Leader,
    and its list's limits. Dead, retired and sold fighters do not count."""
    counted = [f for f in gang.fighters if f.status.counts_for_rating]
    leaders = sum(1 for f in counted if f.category is Category.LEADER)
    warnings = [f"The gang has {leaders} Leaders: it may have only one."] if leaders > 1 else []
    house = ruleset.house(gang.house) if ruleset is not None and gang.house else None
    if ruleset is not None and house is not None and not gang.house_rules_ignore_restrictions:
        warnings += limit_warnings(ruleset, house.id, counted)
    return warnings
