"""The houses as a pack gives them (houses/*.toml, gang_additions.toml, vehicles.toml):
each house's fighter types and equipment list, the gang additions any house may take,
and the vehicle listings, with what a type's kind, price and owners come to."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from gangmanager.rules import house_access
from gangmanager.rules.characteristics import FIGHTER_STATLINE
from gangmanager.rules.gang import Category
from gangmanager.rules.profile import Profile
from gangmanager.rules.ruleset_base import _Strict
from gangmanager.rules.vehicles import (
    VEHICLE_STATLINE,
    Hardpoint,
    UpgradeSlots,
    VehicleOption,
    VehicleUpgrade,
)
from gangmanager.rules.weapons import trait_key


class FighterLimit(_Strict):
    """How many of a type a gang may have: "0-2" is max 2; "up to half" is max_share 0.5."""

    min: int | None = Field(default=None, ge=0)
    max: int | None = Field(default=None, ge=0)
    # Share of the gang's fighters (counting this type) the type may make up at most.
    max_share: float | None = Field(default=None, gt=0, le=1)
    # An Exotic Beast: at most this many per owning fighter (0-3 per Leader...).
    per_owner: int | None = Field(default=None, ge=1)


# The categories a gang addition (gang_additions.toml) may have: its `kind`.
ADDITION_KINDS: tuple[Category, ...] = (
    Category.BRUTE,
    Category.HANGER_ON,
    Category.HIRED_GUN,
    Category.EXOTIC_BEAST,
)


# FIGHTER_STATLINE: the statline of fighters, which every pack has (a fighter type
# names it by default); rules/characteristics.py holds it, as every table is named.


class FighterType(_Strict):
    name: str = Field(min_length=1)
    category: Category
    cost: int = Field(ge=0)
    # The pack's statline the profile is keyed by (statlines.toml).
    statline: str = Field(default=FIGHTER_STATLINE, min_length=1)
    profile: Profile
    summary: str = ""
    # Equipment every fighter of the type starts with (armoury names).
    equipment: list[str] = Field(default_factory=list)
    skill_sets_primary: list[str] = Field(default_factory=list)
    skill_sets_secondary: list[str] = Field(default_factory=list)
    # Primary skills the fighter chooses when recruited (free: no XP, no credits).
    recruit_skills: int = Field(default=0, ge=0, le=3)
    limit: FighterLimit = Field(default_factory=FighterLimit)
    # The 2026 edition: the XP a fighter of the type is recruited with (ranks count
    # from it), and the subtypes it carries (Leader, Ganger, Specialist ...; the pack's
    # `categories.subtypes`). None and empty in a pack without them.
    starting_xp: int | None = Field(default=None, ge=0)
    subtypes: list[str] = Field(default_factory=list)
    # -- gang additions (Brutes, Hangers-on, Hired Guns, Exotic Beasts) --
    # House ids that may take it; empty: every house.
    houses: list[str] = Field(default_factory=list)
    # A house's own price where the lists differ (Ambot: Cawdor and Orlock 185).
    house_costs: dict[str, int] = Field(default_factory=dict)
    # Who may own an Exotic Beast: categories ("leader") or fighter type names.
    # Empty on a beast: a Leader or a Champion (as the house lists' pets sections say).
    owner: list[str] = Field(default_factory=list)
    # Rules flags; None takes the kind's rule (see the properties below).
    gains_xp: bool | None = None
    leaves_on_lasting_injury: bool | None = None
    advances_as: Category | None = None

    @property
    def kind(self) -> str:
        """brute, hanger_on, hired_gun or exotic_beast; "" for a house's own fighters."""
        return self.category.value if self.category in ADDITION_KINDS else ""

    @property
    def earns_xp(self) -> bool:
        """Hangers-on and Hired Guns gain no Experience; everyone else does."""
        if self.gains_xp is not None:
            return self.gains_xp
        return self.category not in (Category.HANGER_ON, Category.HIRED_GUN)

    @property
    def leaves_after_injury(self) -> bool:
        """Hangers-on move on after a Lasting Injury that changes their card."""
        if self.leaves_on_lasting_injury is not None:
            return self.leaves_on_lasting_injury
        return self.category is Category.HANGER_ON

    @property
    def advancement_category(self) -> Category:
        """Brutes advance as Specialists; Exotic Beasts as Gangers."""
        if self.advances_as is not None:
            return self.advances_as
        if self.category is Category.BRUTE:
            return Category.SPECIALIST
        if self.category is Category.EXOTIC_BEAST:
            return Category.GANGER
        return self.category

    def owners(self) -> list[str]:
        if self.category is not Category.EXOTIC_BEAST:
            return list(self.owner)
        return list(self.owner) or [Category.LEADER.value, Category.CHAMPION.value]

    def cost_for(self, house: House | str | None) -> int:
        """The house's own price if the list gives one, else `cost` (a House matches
        by id or name; a string must be the id)."""
        if house is None or house == "":
            return self.cost
        keys = (
            {trait_key(house.id), trait_key(house.name)}
            if isinstance(house, House)
            else {trait_key(house)}
        )
        return next((c for h, c in self.house_costs.items() if trait_key(h) in keys), self.cost)

    def open_to(self, house: House | None) -> bool:
        """May a gang of `house` take it (an empty `houses` is open to all)."""
        return house_access.open_to(self.houses, house)


class Vehicle(FighterType):
    """A vehicle listing (vehicles.toml): a fighter type keyed by the vehicle statline,
    its crew line that of its first crew. `cost` is the vehicle's own; the crew's is
    paid besides it (rules/vehicles.py `vehicle_fighter`)."""

    category: Category = Category.CREW
    statline: str = Field(default=VEHICLE_STATLINE, min_length=1)
    locomotion: Literal["wheeled", "tracked", "hybrid"] = "wheeled"
    # The crew types who may drive it (vehicle_crews names); empty: any crew the
    # gang's house may recruit.
    crew: list[str] = Field(default_factory=list)
    hardpoints: list[Hardpoint] = Field(default_factory=list)
    upgrade_slots: UpgradeSlots = Field(default_factory=UpgradeSlots)
    # Its own list: weapons (armoury names) and vehicle wargear at the list's prices.
    weapons: list[VehicleOption] = Field(default_factory=list)
    upgrades: list[VehicleUpgrade] = Field(default_factory=list)
    wargear: list[VehicleOption] = Field(default_factory=list)


class EquipmentListEntry(_Strict):
    """A line of a house's equipment list: an armoury item at the house's list price."""

    name: str = Field(min_length=1)
    cost: int = Field(ge=0)
    # Categories ("juve") or fighter type names ("Death-Maiden") that may take it;
    # empty: every type of the house.
    restricted_to: list[str] = Field(default_factory=list)


class House(_Strict):
    id: str = Field(min_length=1)
    name: str = Field(min_length=1)
    summary: str = ""
    # The house's own skill sets (names of entries in skill_sets, e.g. "Finesse").
    skill_sets: list[str] = Field(default_factory=list)
    fighter_types: list[FighterType] = Field(default_factory=list)
    equipment_list: list[EquipmentListEntry] = Field(default_factory=list)
