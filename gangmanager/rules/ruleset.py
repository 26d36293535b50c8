"""The Ruleset model: everything rule-specific the logic reads, as data.

Packs in `resources/rulesets/<id>/` are TOML files validated against these
models by `gangmanager.content`. The logic receives a `Ruleset`; it never
loads one.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any, Literal

from pydantic import Field, field_validator, model_validator

from gangmanager.rules.attack_rules import AttackRules
from gangmanager.rules.campaign_types import CampaignType
from gangmanager.rules.carry_over_map import CarryOverMap
from gangmanager.rules.characteristics import (
    CORE_CHARACTERISTICS,
    FIGHTER_STATLINE,
    Characteristic,
    CharacteristicTable,
    check_core_codes,
)
from gangmanager.rules.end_phase_rules import EndPhaseRules
from gangmanager.rules.gang import Category, FighterStatus
from gangmanager.rules.limits import quoted
from gangmanager.rules.profile import Profile
from gangmanager.rules.rolled_rows import RolledRow
from gangmanager.rules.ruleset_armoury import (
    ArmouryItem,
    ArmouryWeapon,
    Mechanic,
    ParamKind,
    TraitDef,
    _by_name,
)
from gangmanager.rules.ruleset_base import _Strict
from gangmanager.rules.ruleset_houses import (
    EquipmentListEntry,
    FighterLimit,
    FighterType,
    House,
    Vehicle,
)
from gangmanager.rules.ruleset_tables import (
    AmmoRules,
    AvailabilityRules,
    BlazeAction,
    BlazeHit,
    BlazeRules,
    CaptureEscape,
    CaptureRoll,
    PostBattleRules,
    PostBattleSequence,
    PostBattleStep,
)
from gangmanager.rules.shapes import (
    DROPPABLE,
    N23_WEAPON_STATLINE,
    WEAPON_FIELDS,
    Categories,
    Economy,
    GangTactic,
    Progression,
    Promotion,
    Specialisation,
    WeaponColumn,
)
from gangmanager.rules.vehicle_rules import VehicleRules
from gangmanager.rules.vehicles import VehicleCrew, VehicleHouseList, VehicleOption
from gangmanager.rules.weapons import Trait, WeaponProfile, parse_trait, trait_key

# The pack's Blaze, ammo and post-battle tables live in ruleset_tables.py, its
# traits, weapons and wargear in ruleset_armoury.py and its houses, fighter types
# and vehicle listings in ruleset_houses.py; this module's interface still names them.
__all__ = [
    "FIGHTER_STATLINE",
    "Advancement",
    "AfterBattleRoll",
    "AmmoRules",
    "ArmouryItem",
    "ArmouryWeapon",
    "AvailabilityRules",
    "BlazeAction",
    "BlazeHit",
    "BlazeRules",
    "CaptureEscape",
    "CaptureRoll",
    "EquipmentListEntry",
    "FighterLimit",
    "FighterType",
    "GangerResult",
    "House",
    "InjuryResult",
    "Mechanic",
    "ParamKind",
    "PostBattleRules",
    "PostBattleSequence",
    "PostBattleStep",
    "Ruleset",
    "Skill",
    "SkillSet",
    "TraitDef",
    "Vehicle",
]


class Skill(_Strict):
    name: str = Field(min_length=1)
    summary: str = ""
    changes: dict[str, int] = Field(default_factory=dict)


class SkillSet(_Strict):
    name: str = Field(min_length=1)
    # The house id for a house's own set ("escher" for Finesse); empty for the core sets.
    house: str = ""
    skills: list[Skill] = Field(default_factory=list)


class AfterBattleRoll(_Strict):
    """A D6 the injury asks for after every later battle (Old Battle Wound)."""

    fails_on: int = Field(default=1, ge=1, le=6)
    status: FighterStatus = FighterStatus.CONVALESCENCE


class InjuryResult(RolledRow):
    """One row of the Lasting Injury table: D66 roll or range (`15-26`)."""

    name: str = Field(min_length=1)
    summary: str = ""
    # Steps, as in a modifier: Eye Injury is {BS = -1}.
    changes: dict[str, int] = Field(default_factory=dict)
    # State the fighter goes into (in_recovery, convalescence, critical, captured, dead).
    status: FighterStatus | None = None
    xp: str | None = None  # e.g. "D3"
    gains_skill: str | None = None
    extra_rolls: str | None = None  # Multiple Injuries: "D3"
    # Results that an extra roll must not give: that die is rolled again.
    reroll_inner: list[str] = Field(default_factory=list)
    after_each_battle: AfterBattleRoll | None = None
    # Changes apply only once (Impressive Scars) / only from the Nth time (Partially Deafened).
    once: bool = False
    applies_from: int = Field(default=1, ge=1)


class Advancement(_Strict):
    """One purchasable advancement (`bs`, `primary_random`, ...)."""

    id: str = Field(min_length=1)
    name: str = Field(min_length=1)
    xp: int = Field(ge=0)
    credits: int = Field(ge=0)
    characteristic: str | None = None
    skill: (
        Literal[
            "primary_random", "primary_chosen", "secondary_random", "secondary_chosen", "any_random"
        ]
        | None
    ) = None
    promotion: bool = False
    # XP cost rises by this for each earlier advance of the same characteristic.
    escalation: int = Field(default=2, ge=0)
    # Categories that may take it (empty: everyone who gains XP).
    categories: list[Category] = Field(default_factory=list)


class GangerResult(_Strict):
    """The Ganger 2D6 table: a roll range and the advancements it offers."""

    roll: str
    name: str
    options: list[str] = Field(min_length=1)  # advancement ids, or "specialist"
    credits: int = Field(ge=0)


class Ruleset(_Strict):
    id: str = Field(min_length=1)
    name: str = Field(min_length=1)
    extends: str | None = None
    summary: str = ""
    founding_credits: int = Field(default=1000, ge=0)
    # Each shape of model by name ("fighter", "vehicle"): its characteristics in order.
    statlines: dict[str, list[Characteristic]] = Field(
        default_factory=lambda: {FIGHTER_STATLINE: list(CORE_CHARACTERISTICS)}
    )
    # The columns of a weapon profile and how each is read.
    weapon_statline: list[WeaponColumn] = Field(
        default_factory=lambda: list(N23_WEAPON_STATLINE), min_length=1
    )
    progression: Progression = Field(default_factory=Progression)
    economy: Economy = Field(default_factory=Economy)
    categories: Categories = Field(default_factory=Categories)
    # The 2026 edition's Specialists: each specialisation and the skill it grants.
    specialisations: list[Specialisation] = Field(default_factory=list)
    promotions: list[Promotion] = Field(default_factory=list)
    # Rules of the 2023 core this pack switches off (shapes.DROPPABLE); the code stays.
    dropped: list[str] = Field(default_factory=list)
    # Gang Tactics cards a gang of this pack may hold (names only).
    gang_tactics: list[GangTactic] = Field(default_factory=list)
    # Between battles: the names of the pack's own sequence where it is not the
    # post-battle steps' (the 2026 Post-Cycle), in order; empty: none given.
    post_cycle: list[str] = Field(default_factory=list)
    traits: list[TraitDef] = Field(default_factory=list)
    weapons: list[ArmouryWeapon] = Field(default_factory=list)
    wargear: list[ArmouryItem] = Field(default_factory=list)
    houses: list[House] = Field(default_factory=list)
    # Hangers-on, Hired Guns and the like that any house may take (gang_additions.toml).
    gang_additions: list[FighterType] = Field(default_factory=list)
    # Vehicles, their crews and the houses' vehicle lists (vehicles.toml).
    vehicles: list[Vehicle] = Field(default_factory=list)
    vehicle_crews: list[VehicleCrew] = Field(default_factory=list)
    vehicle_house_lists: list[VehicleHouseList] = Field(default_factory=list)
    skill_sets: list[SkillSet] = Field(default_factory=list)
    injuries: list[InjuryResult] = Field(default_factory=list)
    advancements: list[Advancement] = Field(default_factory=list)
    ganger_advancements: list[GangerResult] = Field(default_factory=list)
    post_battle_steps: list[PostBattleStep] = Field(default_factory=list)
    post_battle_rules: PostBattleRules = Field(default_factory=PostBattleRules)
    post_battle: PostBattleSequence = Field(default_factory=PostBattleSequence)
    blaze: BlazeRules
    ammo: AmmoRules = Field(default_factory=AmmoRules)
    # Wound table, Firepower and Injury dice, XP for injuries caused: the attack event.
    attack: AttackRules = Field(default_factory=AttackRules)
    # What New round asks for first: Bottle, flee, Recovery and Rally tests, markers cleared.
    end_phase: EndPhaseRules = Field(default_factory=EndPhaseRules)
    # Campaign types (Dominion ...) with their territories and boons: campaigns.toml.
    campaign_types: list[CampaignType] = Field(default_factory=list)
    # Player-imported rules text by trait or skill name; replaces summaries when shown.
    rules_text: dict[str, str] = Field(default_factory=dict)
    # Vehicles in battle and after it (vehicle_rules.toml); None: the pack has none.
    vehicle_rules: VehicleRules | None = None
    # How a gang of the edition before carries over to this pack (carry_over.toml).
    carry_over: CarryOverMap | None = None

    @field_validator("dropped")
    @classmethod
    def _known_rules(cls, dropped: list[str]) -> list[str]:
        for rule in dropped:
            if rule not in DROPPABLE:
                raise ValueError(
                    f"unknown rule {quoted(rule)} (expected one of: {', '.join(DROPPABLE)})"
                )
        return dropped

    @model_validator(mode="before")
    @classmethod
    def _older_characteristics(cls, data: Any) -> Any:
        """A pack's older `characteristics` table is its fighter statline (the twelve)."""
        if not isinstance(data, dict) or "characteristics" not in data:
            return data
        data = dict(data)
        rows = data.pop("characteristics")
        if isinstance(rows, list):
            parsed = [Characteristic.model_validate(r) for r in rows]
            check_core_codes(parsed)
            data["statlines"] = {**data.get("statlines", {}), FIGHTER_STATLINE: parsed}
        return data

    @model_validator(mode="after")
    def _unique_names(self) -> Ruleset:
        for what, names in (
            ("trait", [t.name for t in self.traits]),
            ("weapon", [w.name for w in self.weapons]),
            ("wargear", [w.name for w in self.wargear]),
            ("house", [h.id for h in self.houses]),
            ("gang addition", [t.name for t in self.gang_additions]),
            ("vehicle", [v.name for v in self.vehicles]),
            ("vehicle crew", [c.name for c in self.vehicle_crews]),
            ("advancement", [a.id for a in self.advancements]),
        ):
            seen: set[str] = set()
            for name in names:
                key = trait_key(name)
                if key in seen:
                    raise ValueError(f"{what} {quoted(name)} is listed twice")
                seen.add(key)
        self._check_shapes()
        return self

    def _check_shapes(self) -> None:
        """The loader says which file; this keeps a Ruleset built in code as sound."""
        if FIGHTER_STATLINE not in self.statlines:
            raise ValueError(f"statlines: no {quoted(FIGHTER_STATLINE)} statline")
        for name in self.statlines:
            try:
                self.statline(name)
            except ValueError as exc:
                raise ValueError(f"statline {quoted(name)}: {exc}") from None
        columns = [c.stored_in for c in self.weapon_statline]
        for code in columns:
            if code not in WEAPON_FIELDS or columns.count(code) > 1:
                raise ValueError(f"weapon_statline: column {quoted(code)} is unknown or twice")
        every = [
            *(t for h in self.houses for t in h.fighter_types),
            *self.gang_additions,
            *self.vehicles,
        ]
        for kind in every:
            table = self.statlines.get(kind.statline)
            if table is None:
                raise ValueError(f"{kind.name}: no statline {quoted(kind.statline)}")
            if tuple(kind.profile.values) != tuple(r.code for r in table):
                raise ValueError(f"{kind.name}: profile not keyed by the {kind.statline} statline")
        self._check_subtypes(every)

    def _check_subtypes(self, every: list[FighterType]) -> None:
        known = {trait_key(n) for n in self.categories.subtypes}
        for kind in every:
            for subtype in kind.subtypes:
                if trait_key(subtype) not in known:
                    raise ValueError(
                        f"{kind.name}: subtype {quoted(subtype)} is not in categories.subtypes"
                    )
        for promotion in self.promotions:
            for subtype in (promotion.from_subtype, *promotion.to):
                if trait_key(subtype) not in known:
                    raise ValueError(
                        f"promotions: subtype {quoted(subtype)} is not in categories.subtypes"
                    )
        skills = {trait_key(k.name) for s in self.skill_sets for k in s.skills}
        for specialisation in self.specialisations:
            if skills and trait_key(specialisation.skill) not in skills:
                raise ValueError(
                    f"specialisations: {specialisation.name} grants {quoted(specialisation.skill)},"
                    " which no skill set lists"
                )

    def drops(self, rule: str) -> bool:
        """Has this pack switched off a rule of the 2023 core (shapes.DROPPABLE)?"""
        if rule not in DROPPABLE:
            raise KeyError(rule)
        return rule in self.dropped

    # -- lookups -------------------------------------------------------------

    @property
    def characteristics(self) -> list[Characteristic]:
        """The fighter statline (the name packs used before statlines)."""
        return self.statlines[FIGHTER_STATLINE]

    @property
    def table(self) -> CharacteristicTable:
        """The fighter statline."""
        return self.statline(FIGHTER_STATLINE)

    def statline(self, name: str) -> CharacteristicTable:
        """A statline by name; KeyError if the pack has none of that name."""
        memo = self._statline_memo
        rows = self.statlines[name]
        held = memo.get(name)
        if held is None or held[0] is not rows:
            held = (rows, CharacteristicTable(rows, name))
            memo[name] = held
        return held[1]

    def table_for(self, profile: Profile) -> CharacteristicTable:
        """The pack's statline a profile is keyed by (matched by codes, the fighter's
        first); the profile's own when none matches."""
        name = self.statline_name(profile)
        return self.statline(name) if name is not None else profile.table

    def vehicle_rules_for(self, profile: Profile) -> VehicleRules | None:
        """The vehicle rules when `profile` is keyed by the pack's vehicle statline."""
        rules = self.vehicle_rules
        if rules is None or self.statline_name(profile) != rules.statline:
            return None
        return rules

    def statline_name(self, profile: Profile) -> str | None:
        """The name of the pack's statline whose codes key `profile`, None if none."""
        codes = tuple(profile.values)
        names = sorted(self.statlines, key=lambda n: n != FIGHTER_STATLINE)
        return next((n for n in names if tuple(r.code for r in self.statlines[n]) == codes), None)

    def statline_of(self, house_id: str | None, type_name: str, profile: Profile) -> str:
        """The statline a fighter's profile is keyed by: its type's, when the type is in
        the pack and keys it so; else the statline matching its codes; else the fighter's."""
        kind = self.fighter_type(house_id, type_name) if type_name else None
        if kind is not None and tuple(r.code for r in self.statlines[kind.statline]) == tuple(
            profile.values
        ):
            return kind.statline
        return self.statline_name(profile) or FIGHTER_STATLINE

    @cached_property
    def _statline_memo(self) -> dict[str, tuple[object, CharacteristicTable]]:
        return {}

    def trait_def(self, trait: Trait | str) -> TraitDef | None:
        key = trait.key if isinstance(trait, Trait) else trait_key(trait)
        return next((t for t in self.traits if trait_key(t.name) == key), None)

    def has_mechanic(self, profile: WeaponProfile, mechanic: Mechanic) -> bool:
        return any((d := self.trait_def(t)) is not None and d.has(mechanic) for t in profile.traits)

    def rules_text_for(self, name: str) -> str:
        """The player's imported text where there is one, else our summary.

        Imported text is looked up by name and parameter ("Rapid Fire (2)"), then
        by the bare name ("Rapid Fire"), then under another parameter of the name.
        """
        if not name.strip():
            return ""
        wanted = parse_trait(name)
        wanted_param = trait_key(wanted.param) if wanted.param is not None else None
        found: dict[int, str] = {}  # rank -> first text: 0 same parameter, 1 bare, 2 other
        for imported_name, text in self.rules_text.items():
            if not imported_name.strip():
                continue
            imported = parse_trait(imported_name)
            if imported.key != wanted.key:
                continue
            param = trait_key(imported.param) if imported.param is not None else None
            rank = 0 if param == wanted_param else 1 if imported.param is None else 2
            found.setdefault(rank, text)
        if found:
            return found[min(found)]
        trait = self.trait_def(wanted)
        if trait is not None:
            return trait.summary
        for skill_set in self.skill_sets:
            for skill in skill_set.skills:
                if trait_key(skill.name) == wanted.key:
                    return skill.summary
        return ""

    def house(self, house_id: str) -> House | None:
        key = trait_key(house_id)
        return next((h for h in self.houses if key in (trait_key(h.id), trait_key(h.name))), None)

    def weapon_entry(self, name: str) -> ArmouryWeapon | None:
        """An armoury weapon by name or alias, case and spacing ignored."""
        return _by_name(self.weapons, name)

    def wargear_item(self, name: str) -> ArmouryItem | None:
        """An armoury wargear entry by name or alias."""
        return _by_name(self.wargear, name)

    def fighter_types_for(self, house_id: str | None) -> list[FighterType]:
        """The house list, then the gang additions the house may take (`houses` empty or
        naming it; a house type hides an addition of the same name). Not the vehicles,
        which join with their crew (`vehicle_fighter`)."""
        return list(self._types_of(house_id)[0])

    def fighter_type(self, house_id: str | None, name: str) -> FighterType | None:
        """A fighter type by name, from the house list, the gang additions or the vehicles."""
        return self._types_of(house_id)[1].get(trait_key(name))

    def _types_of(self, house_id: str | None) -> tuple[list[FighterType], dict[str, FighterType]]:
        """`fighter_types_for` and its types by name, worked out once per house: the
        post-battle preview asks for every fighter's type at every step (5,000 lookups
        for 300 fighters, each walking the house list and the gang additions)."""
        memo = self._fighter_types_memo
        hit = memo.get(house_id)
        # A copy with other houses or additions (model_copy keeps this cache) works it out again.
        held = (self.houses, self.gang_additions, self.vehicles)
        if hit is not None and all(a is b for a, b in zip(hit[:3], held, strict=True)):
            return hit[3], hit[4]
        found = self.house(house_id) if house_id else None
        own = list(found.fighter_types) if found is not None else []
        names = {trait_key(t.name) for t in own}
        types = own + [
            t for t in self.gang_additions if trait_key(t.name) not in names and t.open_to(found)
        ]
        by_key: dict[str, FighterType] = {}
        # A vehicle is found by name like a fighter type, but is not on the list of
        # types: it is recruited with its crew (rules/vehicles.py `vehicle_fighter`).
        vehicles = [v for v in self.vehicles if v.open_to(found)]
        for fighter_type in [*types, *vehicles]:
            by_key.setdefault(trait_key(fighter_type.name), fighter_type)
        memo[house_id] = (self.houses, self.gang_additions, self.vehicles, types, by_key)
        return types, by_key

    def equipment_list_keys(self) -> list[tuple[House, frozenset[str]]]:
        """Each house with the keys of its equipment list's entries (worked out once: the
        Trading Post asks it of every entry not sold there when the wizard opens)."""
        held = self._list_keys_memo
        if held and held[0][0] is self.houses:
            return held[0][1]
        found = [
            (h, frozenset(trait_key(line.name) for line in h.equipment_list)) for h in self.houses
        ]
        held[:] = [(self.houses, found)]
        return found

    @cached_property
    def _list_keys_memo(self) -> list[tuple[object, list[tuple[House, frozenset[str]]]]]:
        return []

    @cached_property
    def _fighter_types_memo(
        self,
    ) -> dict[str | None, tuple[object, object, object, list[FighterType], dict[str, FighterType]]]:
        return {}

    def vehicle(self, name: str) -> Vehicle | None:
        """A vehicle listing by name, case and spacing ignored."""
        held = self._vehicles_memo
        if not held or held[0][0] is not self.vehicles:
            held[:] = [(self.vehicles, {trait_key(v.name): v for v in reversed(self.vehicles)})]
        return held[0][1].get(trait_key(name))

    @cached_property
    def _vehicles_memo(self) -> list[tuple[object, dict[str, Vehicle]]]:
        return []

    def vehicle_list(self, house_id: str | None) -> list[VehicleOption]:
        """What every vehicle of the house's gangs adds to its own list."""
        found = self.house(house_id) if house_id else None
        if found is None:
            return []
        keys = {trait_key(found.id), trait_key(found.name)}
        return [
            w for h in self.vehicle_house_lists if trait_key(h.house) in keys for w in h.weapons
        ]

    def injury_for(self, roll: int) -> InjuryResult | None:
        return next((i for i in self.injuries if i.covers(roll)), None)

    def advancement(self, advancement_id: str) -> Advancement | None:
        key = advancement_id.strip().casefold()
        return next((a for a in self.advancements if a.id.casefold() == key), None)

    def blaze_action(self, actor: Literal["self", "friend"]) -> BlazeAction | None:
        return next((a for a in self.blaze.actions if a.actor == actor), None)
