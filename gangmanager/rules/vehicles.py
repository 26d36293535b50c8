"""Vehicles as pack data (n23's `vehicles.toml`): the parts of a vehicle listing
beside its profile, the crews who drive them, and building the fighter that a
vehicle and its crew make on the roster.

A vehicle is a fighter whose type names the `vehicle` statline: its profile is
the vehicle's own characteristics (the "vehicle" group) followed by its crew's
(the "crew" group). The listing's `cost` is the vehicle's own price; the crew is
paid besides it, so the fighter's cost is both.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from gangmanager.rules import house_access
from gangmanager.rules.gang import Category, Fighter
from gangmanager.rules.limits import clean_name, quoted
from gangmanager.rules.profile import Profile
from gangmanager.rules.ruleset_base import _Strict
from gangmanager.rules.weapons import Item, trait_key

if TYPE_CHECKING:
    from gangmanager.rules.ruleset import House, Ruleset, Vehicle

# The statline every vehicle names, and its printed lines (`group` of a characteristic).
VEHICLE_STATLINE = "vehicle"
VEHICLE_GROUP = "vehicle"
CREW_GROUP = "crew"

Arc = Literal["front", "left", "right", "rear", "all_round"]
UpgradeSlot = Literal["body", "drive", "engine"]


class Hardpoint(_Strict):
    """Where a weapon may be mounted, who fires it and into which arcs."""

    location: str = ""
    operated_by: Literal["crew", "passenger"] = "crew"
    arcs: list[Arc] = Field(min_length=1)


class UpgradeSlots(_Strict):
    """How many upgrades of each kind the vehicle may be fitted with."""

    body: int = Field(default=0, ge=0)
    drive: int = Field(default=0, ge=0)
    engine: int = Field(default=0, ge=0)

    def of(self, slot: UpgradeSlot) -> int:
        return {"body": self.body, "drive": self.drive, "engine": self.engine}[slot]


class VehicleOption(_Strict):
    """A line of a vehicle's own list: a weapon (an armoury name) or vehicle wargear,
    at the list's price."""

    name: str = Field(min_length=1)
    cost: int = Field(ge=0)


class VehicleUpgrade(_Strict):
    """A body, drive or engine upgrade the vehicle may be fitted with; `included`: it
    comes with the vehicle (a transport bed). `slot` None takes no slot."""

    name: str = Field(min_length=1)
    cost: int = Field(default=0, ge=0)
    slot: UpgradeSlot | None = None
    included: bool = False


class VehicleCrew(_Strict):
    """A crew type: who drives a vehicle, at their own price, with the crew line of
    the vehicle statline (BS, Ld, Cl, Wil, Int in n23)."""

    name: str = Field(min_length=1)
    cost: int = Field(ge=0)
    # House ids whose gangs may recruit the crew; empty: every house.
    houses: list[str] = Field(default_factory=list)
    # Keyed by the vehicle statline; only the crew group's characteristics are given.
    profile: Profile
    skill_sets_primary: list[str] = Field(default_factory=list)
    skill_sets_secondary: list[str] = Field(default_factory=list)
    summary: str = ""

    def open_to(self, house: House | None) -> bool:
        """May a gang of `house` take it (an empty `houses` is open to all)."""
        return house_access.open_to(self.houses, house)


class VehicleHouseList(_Strict):
    """What every vehicle of a house's gangs adds to its own list (the Goliath and
    Orlock vehicle equipment lists)."""

    house: str = Field(min_length=1)
    weapons: list[VehicleOption] = Field(default_factory=list)


class VehicleError(ValueError):
    """A vehicle the gang may not take, or a crew that may not drive it: one line."""


def crews_for(
    ruleset: Ruleset, vehicle: Vehicle, house: House | None, *, any_house: bool = False
) -> list[VehicleCrew]:
    """The crews of the gang's house who may drive the vehicle: those it names (all the
    pack's, when it names none), in the pack's order; with `any_house`, then the other
    houses' too."""
    named = {trait_key(n) for n in vehicle.crew}
    able = [c for c in ruleset.vehicle_crews if not named or trait_key(c.name) in named]
    own = [c for c in able if c.open_to(house)]
    return own + [c for c in able if c not in own] if any_house else own


def vehicle_fighter(
    ruleset: Ruleset,
    house_id: str | None,
    vehicle_name: str,
    name: str,
    crew: str | None = None,
    *,
    any_house: bool = False,
) -> Fighter:
    """The roster's fighter for a vehicle and its crew: the vehicle's line of its
    profile, the crew's line, the cost of both. `crew` None: the first crew of the
    house who may drive it. Refused (VehicleError) for a house that may not take the
    vehicle or the crew, unless `any_house` (a gang playing by house rules)."""
    try:
        name = clean_name(name, gang=False)
    except ValueError as exc:
        raise VehicleError(str(exc)) from None
    house = ruleset.house(house_id) if house_id else None
    vehicle = ruleset.vehicle(vehicle_name)
    if vehicle is None:
        known = ", ".join(v.name for v in ruleset.vehicles) or "none"
        raise VehicleError(
            f"the {ruleset.id} pack has no vehicle {quoted(vehicle_name)} (its vehicles: {known})"
        )
    refusal = None if any_house else house_refusal(ruleset, vehicle, house)
    if refusal is not None:
        raise VehicleError(refusal)
    crews = crews_for(ruleset, vehicle, house, any_house=any_house)
    if crew is not None:
        key = trait_key(crew)
        chosen = next((c for c in crews if trait_key(c.name) == key), None)
        if chosen is None:
            names = ", ".join(c.name for c in crews) or "none"
            raise VehicleError(f"{quoted(crew)} may not drive the {vehicle.name} (crews: {names})")
    elif crews:
        chosen = crews[0]
    else:
        raise VehicleError(f"no crew of this gang may drive the {vehicle.name}")
    table = ruleset.statline(vehicle.statline)
    values = {
        row.code: (
            chosen.profile[row.code] if row.group == CREW_GROUP else vehicle.profile[row.code]
        )
        for row in table
    }
    return Fighter(
        name=name,
        type=vehicle.name,
        category=Category.CREW,
        cost=vehicle.cost_for(house) + chosen.cost,
        profile=Profile.read(values, table),
        # What comes with the vehicle (a transport bed) is on its card, paid for.
        wargear=[Item(name=u.name) for u in vehicle.upgrades if u.included],
    )


def house_refusal(ruleset: Ruleset, vehicle: Vehicle, house: House | None) -> str | None:
    """Why a gang of `house` may not take the vehicle, in one line (its listing's
    `houses`); None: it may. The one wording of both ways a vehicle joins a roster
    (`vehicle_fighter`, and a vehicle fighter added as any fighter)."""
    if vehicle.open_to(house):
        return None
    whose = house.name if house is not None else "a gang of no house"
    return f"{whose} may not take {_article(vehicle.name)} ({takers(ruleset, vehicle.houses)})"


def vehicles_for(ruleset: Ruleset, house_id: str, *, any_house: bool = False) -> list[Vehicle]:
    """The pack's vehicles a gang of the house may take with a crew of its own (every
    one, with `any_house`: a gang playing by house rules), in the pack's order."""
    house = ruleset.house(house_id) if house_id else None
    return [
        v
        for v in ruleset.vehicles
        if (any_house or v.open_to(house)) and crews_for(ruleset, v, house, any_house=any_house)
    ]


def takers(ruleset: Ruleset, houses: list[str]) -> str:
    """Who may take it, in few words: "goliath only", or "every house but the Ash
    Wastes Nomads" when most may."""
    keys = {trait_key(h) for h in houses}
    others = [h.name for h in ruleset.houses if trait_key(h.id) not in keys]
    if len(others) < len(houses):
        return f"every house but {', '.join(others)}" if others else "every house"
    return f"{', '.join(houses)} only"


def _article(word: str) -> str:
    return f"an {word}" if word[:1].casefold() in "aeiou" else f"a {word}"
