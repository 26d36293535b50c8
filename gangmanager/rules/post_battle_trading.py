"""Update Roster's equipment steps: clean house, the Trading Post, distributing equipment.

The stash holds weapons and wargear alike as `Weapon` (wargear has no
profiles). Items are named as printed, case ignored; armoury aliases work.
Each function returns a new gang and raises TradeProblem, leaving the gang
as it was, when it cannot be done.
"""

from __future__ import annotations

from gangmanager.rules import vehicle_items, vehicle_repairs
from gangmanager.rules.availability import parse_availability
from gangmanager.rules.gang import Fighter, FighterStatus, Gang
from gangmanager.rules.limits import quoted
from gangmanager.rules.post_battle_draft import (
    STASH,
    LimitedDeletion,
    MoveEntry,
    PurchaseEntry,
    SaleEntry,
)
from gangmanager.rules.restrictions import check_item_for_gang, check_stash_item_for_gang
from gangmanager.rules.ruleset import ArmouryItem, ArmouryWeapon, Ruleset
from gangmanager.rules.weapons import Item, Weapon, WeaponProfile, trait_key


class TradeProblem(ValueError):
    """An item that cannot be bought, sold or moved; the message says why."""


def is_stash(name: str) -> bool:
    return name.strip().casefold() == STASH


def name_key(name: str) -> str:
    """A fighter's name as a post-battle entry names it: spaces around and case ignored."""
    return name.strip().casefold()


def fighter_index(gang: Gang, name: str) -> int | None:
    wanted = name_key(name)
    return next((i for i, f in enumerate(gang.fighters) if name_key(f.name) == wanted), None)


def _replace_fighter(gang: Gang, index: int, fighter: Fighter) -> Gang:
    fighters = list(gang.fighters)
    fighters[index] = fighter
    return gang.model_copy(update={"fighters": fighters})


def as_stash_item(thing: Weapon | Item) -> Weapon:
    return thing if isinstance(thing, Weapon) else Weapon(name=thing.name, cost=thing.cost)


def _to_fighter(fighter: Fighter, item: Weapon) -> Fighter:
    """A stash entry with profiles is a weapon; without, wargear."""
    if item.profiles:
        return fighter.model_copy(update={"weapons": [*fighter.weapons, item]})
    gear = Item(name=item.name, cost=item.cost)
    return fighter.model_copy(update={"wargear": [*fighter.wargear, gear]})


def _owner(gang: Gang, name: str) -> int | None:
    """Index of the fighter, None for the stash; TradeProblem for a stranger."""
    if is_stash(name):
        return None
    index = fighter_index(gang, name)
    if index is None:
        raise TradeProblem(f"no fighter {quoted(name)} on the roster")
    status = gang.fighters[index].status
    if status in (FighterStatus.DEAD, FighterStatus.CAPTURED):
        raise TradeProblem(f"{gang.fighters[index].name} is {status.label.lower()}")
    return index


def _standard(weapon: ArmouryWeapon) -> list[WeaponProfile]:
    return [p for p in weapon.profiles if p.cost == 0] or weapon.profiles[:1]


def _verdict(
    ruleset: Ruleset,
    gang: Gang,
    index: int | None,
    entry: ArmouryWeapon | ArmouryItem,
    available: int | None,
    granted: bool,
) -> int | None:
    """The price a fighter pays for a new item (their house list's, else the Trading
    Post's); TradeProblem when their type may not take it or has no free slot, unless
    the gang's house rules ignore that. None for the stash (Trading Post price).

    A Rare or Illegal item off the house list is for sale only when the availability
    roll made (`available`) reaches its level, unless a boon grants it (`granted`)."""
    listed = None
    if index is not None:
        verdict = check_item_for_gang(ruleset, gang, gang.fighters[index], entry, trading_post=True)
        if not verdict.allowed:
            raise TradeProblem(verdict.reason)
        if verdict.source == "list":
            return verdict.price
        listed = verdict.price
    else:
        kept = check_stash_item_for_gang(ruleset, gang, entry, trading_post=True)
        if not kept.allowed:
            raise TradeProblem(kept.reason)
        if kept.source == "list":
            return kept.price
    rarity = parse_availability(entry.availability)
    if rarity.needs_roll and rarity.level is not None and not granted:
        if available is None:
            raise TradeProblem(
                f"{entry.name} is {rarity.label}: make the availability roll to seek it"
            )
        if available < rarity.level:
            raise TradeProblem(
                f"{entry.name} is {rarity.label}: the availability roll made {available}"
            )
    return listed


def purchase(
    ruleset: Ruleset,
    gang: Gang,
    entry: PurchaseEntry,
    available: int | None = None,
    *,
    granted: bool = False,
) -> tuple[Gang, int, str]:
    """Buy from the armoury: (gang, credits to pay, what was bought).

    A fighter buys from their house's equipment list at its price, or at the Trading
    Post, within their weapon slots (restrictions.check_item); `available` is what
    the availability roll made (None: no roll, Common items only off the list)."""
    index = _owner(gang, entry.fighter)
    if vehicle_repairs.is_repair(ruleset, entry.item):
        return _repair(ruleset, gang, index, entry)
    weapon = ruleset.weapon_entry(entry.item)
    if weapon is None:
        return _buy_wargear(ruleset, gang, index, entry, available, granted)
    paid = _paid_profile(weapon, entry.profile)
    owner = gang.fighters[index] if index is not None else None
    carried = owner.weapon(weapon.name) if owner is not None else None
    if (
        paid is not None
        and paid.cost
        and carried is not None
        and carried.profile(paid.name) is None
    ):
        # Restocking a profile (a Limited ammo lost in battle): buy the profile alone.
        assert owner is not None and index is not None
        cost = paid.cost if entry.cost is None else entry.cost
        weapons = [
            w.model_copy(update={"profiles": [*w.profiles, paid.model_copy(update={"cost": cost})]})
            if w is carried
            else w
            for w in owner.weapons
        ]
        gang = _replace_fighter(gang, index, owner.model_copy(update={"weapons": weapons}))
        return gang, cost, f"{paid.name} for their {weapon.name}"
    price = _verdict(ruleset, gang, index, weapon, available, granted)
    standard = _standard(weapon)
    extra = paid.cost if paid is not None and paid not in standard else 0
    listed = weapon.cost if price is None else price
    cost = listed + extra if entry.cost is None else entry.cost
    # The price paid stays with the item: the paid profile keeps its share of it.
    profile_cost = min(extra, cost)
    profiles = list(standard)
    if paid is not None and paid not in standard:
        profiles.append(paid.model_copy(update={"cost": profile_cost}))
    bought_weapon = Weapon(name=weapon.name, cost=cost - profile_cost, profiles=profiles)
    text = weapon.name + (f" with {paid.name}" if paid is not None and extra else "")
    if index is None:
        stash = [*gang.stash, bought_weapon]
        return gang.model_copy(update={"stash": stash}), cost, f"{text} to the stash"
    assert owner is not None
    bought = owner.model_copy(update={"weapons": [*owner.weapons, bought_weapon]})
    return _replace_fighter(gang, index, bought), cost, text


def _repair(
    ruleset: Ruleset, gang: Gang, index: int | None, entry: PurchaseEntry
) -> tuple[Gang, int, str]:
    """A vehicle's repair, bought like an item (rules/vehicle_repairs.py)."""
    if index is None:
        raise TradeProblem(f"{entry.item} repairs a vehicle: name it, not the stash")
    try:
        fixed, cost, text = vehicle_repairs.repair(
            ruleset, gang.fighters[index], entry.item, entry.cost
        )
    except vehicle_repairs.RepairProblem as exc:
        raise TradeProblem(str(exc)) from None
    return _replace_fighter(gang, index, fixed), cost, text


def _buy_wargear(
    ruleset: Ruleset,
    gang: Gang,
    index: int | None,
    entry: PurchaseEntry,
    available: int | None,
    granted: bool,
) -> tuple[Gang, int, str]:
    """`purchase` of an item that is not a weapon: for a fighter or the stash."""
    item = ruleset.wargear_item(entry.item)
    if item is None and index is not None:
        # A vehicle's upgrades and wargear are on its own list, not in the armoury.
        vehicle = vehicle_items.vehicle_of(ruleset, gang.house or None, gang.fighters[index])
        item = vehicle_items.kit_entry(vehicle, entry.item) if vehicle is not None else None
    if item is None:
        raise TradeProblem(f"no item {quoted(entry.item)} in the {ruleset.id} armoury")
    if entry.profile is not None:
        raise TradeProblem(f"{item.name} has no profiles to buy")
    price = _verdict(ruleset, gang, index, item, available, granted)
    listed = item.cost if price is None else price
    cost = listed if entry.cost is None else entry.cost
    if index is None:
        stash = [*gang.stash, Weapon(name=item.name, cost=cost)]
        return gang.model_copy(update={"stash": stash}), cost, f"{item.name} to the stash"
    fighter = gang.fighters[index]
    bought = fighter.model_copy(
        update={"wargear": [*fighter.wargear, Item(name=item.name, cost=cost)]}
    )
    return _replace_fighter(gang, index, bought), cost, item.name


def _paid_profile(weapon: ArmouryWeapon, wanted: str | None) -> WeaponProfile | None:
    """The profile the entry buys with the weapon (None: none named); refused when the
    weapon has no such profile."""
    if wanted is None:
        return None
    paid = next((p for p in weapon.profiles if trait_key(p.name) == trait_key(wanted)), None)
    if paid is None:
        names = ", ".join(repr(p.name) for p in weapon.profiles if p.name) or "none"
        raise TradeProblem(f"{weapon.name} has no profile {quoted(wanted)} (profiles: {names})")
    return paid


def _take_from(gang: Gang, owner: int | None, name: str) -> tuple[Gang, Weapon]:
    """Remove the first item of that name from a fighter (weapon, then wargear) or the stash."""
    key = trait_key(name)
    if owner is None:
        for i, item in enumerate(gang.stash):
            if trait_key(item.name) == key:
                stash = [s for j, s in enumerate(gang.stash) if j != i]
                return gang.model_copy(update={"stash": stash}), item
        raise TradeProblem(f"no {quoted(name)} in the stash")
    fighter = gang.fighters[owner]
    for i, weapon in enumerate(fighter.weapons):
        if trait_key(weapon.name) == key:
            weapons = [w for j, w in enumerate(fighter.weapons) if j != i]
            gang = _replace_fighter(gang, owner, fighter.model_copy(update={"weapons": weapons}))
            return gang, weapon
    for i, gear in enumerate(fighter.wargear):
        if trait_key(gear.name) == key:
            wargear = [w for j, w in enumerate(fighter.wargear) if j != i]
            gang = _replace_fighter(gang, owner, fighter.model_copy(update={"wargear": wargear}))
            return gang, as_stash_item(gear)
    raise TradeProblem(f"{fighter.name} carries no {quoted(name)}")


def sale(gang: Gang, entry: SaleEntry) -> tuple[Gang, int, str]:
    """Sell an item: (gang, credits received, what was sold)."""
    owner = _owner(gang, entry.fighter)
    gang, item = _take_from(gang, owner, entry.item)
    value = item.total_cost // 2 if entry.value is None else entry.value
    where = " from the stash" if owner is None else ""
    return gang, value, f"sold {item.name}{where} for {value} credits"


def move(gang: Gang, entry: MoveEntry) -> tuple[Gang, str]:
    source = _owner(gang, entry.source)
    target = _owner(gang, entry.to)
    if source == target:
        raise TradeProblem(f"{quoted(entry.item)} is moved from and to the same place")
    gang, item = _take_from(gang, source, entry.item)
    if target is None:
        return gang.model_copy(update={"stash": [*gang.stash, item]}), f"{item.name} to the stash"
    fighter = gang.fighters[target]
    origin = "the stash" if source is None else gang.fighters[source].name
    return _replace_fighter(gang, target, _to_fighter(fighter, item)), f"{item.name} from {origin}"


def delete_limited(gang: Gang, entry: LimitedDeletion) -> tuple[Gang, str]:
    """A Limited profile lost in battle: gone for good (already gone is fine)."""
    index = fighter_index(gang, entry.fighter)
    if index is None:
        raise TradeProblem(f"no fighter {quoted(entry.fighter)} on the roster")
    fighter = gang.fighters[index]
    weapon = fighter.weapon(entry.weapon)
    if weapon is None:
        raise TradeProblem(f"{fighter.name} carries no {quoted(entry.weapon)}")
    text = f"{weapon.name}: {entry.profile} (Limited) removed for good"
    profile = weapon.profile(entry.profile)
    if profile is None:
        return gang, text
    if not profile.has_trait("Limited"):  # only a Limited profile is lost in battle
        raise TradeProblem(f"{weapon.name}: {quoted(entry.profile)} is not a Limited profile")
    weapons = [w.without_profile(entry.profile) if w is weapon else w for w in fighter.weapons]
    return _replace_fighter(gang, index, fighter.model_copy(update={"weapons": weapons})), text


def clean_house(gang: Gang) -> tuple[Gang, list[tuple[str, str]]]:
    """Dead fighters leave the roster; their weapons and wargear go to the stash."""
    removed: list[tuple[str, str]] = []
    stash = list(gang.stash)
    fighters: list[Fighter] = []
    for fighter in gang.fighters:
        if fighter.status is not FighterStatus.DEAD:
            fighters.append(fighter)
            continue
        gear = [*fighter.weapons, *(as_stash_item(g) for g in fighter.wargear)]
        stash += gear
        names = ", ".join(g.name for g in gear)
        removed.append(
            (fighter.name, "removed (dead)" + (f"; to the stash: {names}" if names else ""))
        )
    return gang.model_copy(update={"fighters": fighters, "stash": stash}), removed
