"""What a vehicle may be fitted with, and at which price: the weapons of its own list
and its house's vehicle list, one per hardpoint; its upgrades, within its slots; its
vehicle wargear. `restrictions.check_item` asks these for a fighter whose type is a
vehicle; everything else about a purchase (the Trading Post, rarity) is as for any
fighter."""

from __future__ import annotations

from gangmanager.rules.gang import Fighter
from gangmanager.rules.ruleset import ArmouryItem, ArmouryWeapon, House, Ruleset, Vehicle
from gangmanager.rules.vehicles import VehicleOption, VehicleUpgrade
from gangmanager.rules.weapons import trait_key


def vehicle_of(ruleset: Ruleset, house_id: str | None, fighter: Fighter) -> Vehicle | None:
    """The vehicle listing a fighter's type names, if the type is a vehicle."""
    if not fighter.type:
        return None
    kind = ruleset.fighter_type(house_id, fighter.type)
    if kind is not None:
        # Asked for every armoury entry a dialog lists: a found type answers at once.
        return kind if isinstance(kind, Vehicle) else None
    return ruleset.vehicle(fighter.type)  # one the house may not take (house rules)


def _keys(entry: ArmouryWeapon | ArmouryItem) -> set[str]:
    return {trait_key(entry.name), *map(trait_key, entry.aliases)}


def kit_entry(vehicle: Vehicle, name: str) -> ArmouryItem | None:
    """An upgrade or vehicle wargear of the vehicle's list, as an item to buy (they are
    not in the armoury: only vehicles take them)."""
    key = trait_key(name)
    lines: list[VehicleUpgrade | VehicleOption] = [*vehicle.upgrades, *vehicle.wargear]
    for line in lines:
        if trait_key(line.name) == key:
            return ArmouryItem(name=line.name, cost=line.cost, availability="", kind="other")
    return None


def kit_of(ruleset: Ruleset, house_id: str | None, fighter: Fighter) -> list[ArmouryItem]:
    """A vehicle's upgrades (those it does not come with) and its vehicle wargear, as
    items to buy, in its list's order; none for a fighter who is no vehicle."""
    vehicle = vehicle_of(ruleset, house_id, fighter)
    if vehicle is None:
        return []
    lines: list[VehicleUpgrade | VehicleOption] = [
        *(u for u in vehicle.upgrades if not u.included),
        *vehicle.wargear,
    ]
    return [e for line in lines if (e := kit_entry(vehicle, line.name)) is not None]


def list_price(
    ruleset: Ruleset, house: House | None, vehicle: Vehicle, entry: ArmouryWeapon | ArmouryItem
) -> int | None:
    """The price of the vehicle's own list, else of its house's vehicle list; None: on
    neither (a weapon then comes from the Trading Post)."""
    keys = _keys(entry)
    lines: list[VehicleUpgrade | VehicleOption] = [
        *vehicle.weapons,
        *ruleset.vehicle_list(house.id if house else None),
        *vehicle.upgrades,
        *vehicle.wargear,
    ]
    return next((line.cost for line in lines if trait_key(line.name) in keys), None)


def _upgrade(vehicle: Vehicle, name: str) -> VehicleUpgrade | None:
    key = trait_key(name)
    return next((u for u in vehicle.upgrades if trait_key(u.name) == key), None)


def refusals(
    vehicle: Vehicle, fighter: Fighter, entry: ArmouryWeapon | ArmouryItem, listed: bool
) -> list[str]:
    """Why the vehicle may not take `entry`: its hardpoints are taken, the upgrade's
    slots are full or it comes with the vehicle, or it is no vehicle kit."""
    if isinstance(entry, ArmouryWeapon):
        mounts = len(vehicle.hardpoints)
        if len(fighter.weapons) >= mounts:
            taken = ", ".join(w.name for w in fighter.weapons) or "none"
            return [
                f"the {vehicle.name} has {mounts} {'hardpoint' if mounts == 1 else 'hardpoints'},"
                f" each mounting one weapon ({taken})"
            ]
        return []
    upgrade = _upgrade(vehicle, entry.name)
    if upgrade is None:
        if listed:
            return []  # its vehicle wargear
        return [
            f"{entry.name} is no kit of a vehicle: the {vehicle.name} takes the upgrades"
            " and wargear of its list"
        ]
    if upgrade.included:
        return [f"the {vehicle.name} comes with {upgrade.name}"]
    if upgrade.slot is None:
        return []
    fitted = [
        u.name
        for item in fighter.wargear
        if (u := _upgrade(vehicle, item.name)) is not None
        and u.slot == upgrade.slot
        and not u.included
    ]
    room = vehicle.upgrade_slots.of(upgrade.slot)
    if len(fitted) >= room:
        held = f" ({', '.join(fitted)})" if fitted else ""
        return [
            f"the {vehicle.name} has {room} {upgrade.slot}"
            f" {'slot' if room == 1 else 'slots'}, taken{held}"
            if room
            else f"the {vehicle.name} has no {upgrade.slot} slot"
        ]
    return []
