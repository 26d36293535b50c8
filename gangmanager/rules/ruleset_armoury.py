"""The armoury as a pack gives it (traits.toml, weapons.toml, wargear.toml):
the weapon traits and the mechanics they carry, the weapons and the armour
and wargear on sale, and the lookup of one of them by name or alias."""

from __future__ import annotations

from enum import StrEnum
from typing import Literal, TypeVar

from pydantic import Field

from gangmanager.rules.ruleset_base import _Strict
from gangmanager.rules.weapons import WeaponProfile, trait_key


class ParamKind(StrEnum):
    NONE = "none"
    NUMBER = "number"
    INCHES = "inches"
    TEXT = "text"


class Mechanic(StrEnum):
    """Flags the battle tracker and the card code read from a trait."""

    LIMITED = "limited"
    SCARCE = "scarce"
    PLENTIFUL = "plentiful"
    SINGLE_SHOT = "single_shot"
    RAPID_FIRE = "rapid_fire"
    COMBI = "combi"
    BLAZE = "blaze"
    TEMPLATE = "template"
    BLAST = "blast"
    UNWIELDY = "unwieldy"
    PISTOL = "pistol"
    SIDEARM = "sidearm"
    MELEE = "melee"
    KNOCKBACK = "knockback"
    ACCURATE = "accurate"
    RUPTURE = "rupture"
    TOXIN = "toxin"
    SILENT = "silent"
    GRENADE = "grenade"
    # Toxin as seed 000 words it: a D6 against Toughness before Damage (house-a).
    TOXIN_BEFORE_DAMAGE = "toxin_before_damage"
    # Knockback by a distance, whatever the hit roll (house-b).
    KNOCKBACK_DISTANCE = "knockback_distance"
    # The 2023 attack traits (FACTS.md section 8; the rest as traits.toml words them).
    GAS = "gas"
    RENDING = "rending"
    POWER = "power"
    MELTA = "melta"
    SHOCK = "shock"
    SEVER = "sever"
    SHRED = "shred"
    SCATTERSHOT = "scattershot"
    SEISMIC = "seismic"
    CONCUSSION = "concussion"
    WEB = "web"
    PHASE = "phase"
    GRAVITON = "graviton"
    # Hurts nobody by itself (Smoke, Flash ...): the hit is resolved, no wound roll.
    NO_WOUND = "no_wound"
    # A hit that does not Pin (Smoke; Gas pins nobody either).
    NO_PIN = "no_pin"
    # An Injury roll becomes a Nerve test at -2 (Broken when failed).
    FEAR = "fear"
    PULVERISE = "pulverise"
    RAD_PHAGE = "rad_phage"
    UNSTABLE = "unstable"
    # The target's field armour save rolls two dice and keeps the lower.
    SHIELD_BREAKER = "shield_breaker"
    # One more close-combat attack die (Paired: the fighter's Attacks again on a Charge).
    PAIRED = "paired"
    DIGI = "digi"


# Where a trait with no attack step acts instead (`outside_attack` in traits.toml).
OutsideAttack = Literal["table", "post_battle", "armoury"]


class TraitDef(_Strict):
    name: str = Field(min_length=1)
    param: ParamKind = ParamKind.NONE
    summary: str = ""
    mechanics: list[Mechanic] = Field(default_factory=list)
    # Weapon slots taken by a weapon with this trait (Unwieldy: 2).
    slots: int = Field(default=1, ge=1)
    # Not (or not only) an attack step: "table" is a prompt the attack log shows
    # (the summary), "post_battle" acts after the battle, "armoury" when buying.
    outside_attack: OutsideAttack | None = None

    def has(self, mechanic: Mechanic) -> bool:
        return mechanic in self.mechanics


class ArmouryWeapon(_Strict):
    """A weapon as the Trading Post sells it; the first profile is the standard one."""

    name: str = Field(min_length=1)
    cost: int = Field(ge=0)
    # The Trade Points the Trading Post asks beside the credits (the 2026 edition);
    # None: the pack has no Trade Points, or no public source gives the price.
    trade_points: int | None = Field(default=None, ge=0)
    availability: str = "C"
    kind: Literal["basic", "pistol", "special", "heavy", "close_combat", "grenade"] = "basic"
    summary: str = ""
    profiles: list[WeaponProfile] = Field(min_length=1)
    # Other names a file may use for it ("Frag grenades", "Stubgun").
    aliases: list[str] = Field(default_factory=list)
    # Profiles that are fire modes of one ammunition (a plasma gun's low and
    # maximal): one failed Ammo test puts them all Out of Ammo. A profile in no
    # group has its own ammo (special ammo bought apart, a Combi's other half).
    shared_ammo: list[list[str]] = Field(default_factory=list)

    def sharing_ammo_with(self, profile: str) -> list[str]:
        """The other profiles that use the ammunition of `profile`."""
        key = trait_key(profile)
        for group in self.shared_ammo:
            keys = [trait_key(name) for name in group]
            if key in keys:
                return [name for name in group if trait_key(name) != key]
        return []


class ArmouryItem(_Strict):
    """Armour or wargear; may modify the profile (`changes` in steps)."""

    name: str = Field(min_length=1)
    cost: int = Field(ge=0)
    trade_points: int | None = Field(default=None, ge=0)
    availability: str = "C"
    kind: Literal["armour", "wargear", "ammo", "bionic", "other"] = "wargear"
    summary: str = ""
    changes: dict[str, int] = Field(default_factory=dict)
    # Armour save on a D6 (5: a 5+ save); the battle tracker's save roll reads it.
    save: int | None = Field(default=None, ge=2, le=6)
    # Worn with other armour, it makes that save this much better instead of
    # counting on its own (`save` is then its save worn alone).
    improves: int | None = Field(default=None, ge=1, le=3)
    # Field armour: its own D6 save, rolled against each hit the armour let
    # through, never modified by AP.
    field_save: int | None = Field(default=None, ge=2, le=6)
    # Weapon traits that have no effect on the wearer (the bodyglove: Rad-phage).
    protects_from: list[str] = Field(default_factory=list)
    # AP never makes this armour's save worse than this (Armourweave: 6).
    worst_save: int | None = Field(default=None, ge=2, le=6)
    # Weapons whose AP counts as "-" against this armour: a word a weapon's name
    # starts with (`las` for the lasgun and the long las), or a trait's name.
    ignores_ap_of: list[str] = Field(default_factory=list)
    # Toughness added when the wearer resists a trait's D6 (a respirator: Gas +2);
    # of several items the best counts.
    toughness_against: dict[str, int] = Field(default_factory=dict)
    # Worn with an item that gives `toughness_against` for the trait, adds this much
    # more (the hazard suit with a respirator).
    toughness_bonus_with: dict[str, int] = Field(default_factory=dict)
    # Field armour that cannot work against an attack with no Strength (the displacer).
    needs_strength: bool = False
    # Field armour that may burn out: after it saves, a D6 of this or less and it
    # works no more (the refractor field: 1).
    burns_out_on: int | None = Field(default=None, ge=1, le=5)
    # Worn over armour: how much better each save attempt is in turn (no armour
    # counting as 7+), then it is spent for the battle (the ablative overlay: [2, 1]).
    ablative: list[int] = Field(default_factory=list)
    aliases: list[str] = Field(default_factory=list)


_Named = TypeVar("_Named", bound=ArmouryWeapon | ArmouryItem)


def _by_name(entries: list[_Named], name: str) -> _Named | None:
    key = trait_key(name)
    return next(
        (e for e in entries if key in {trait_key(e.name), *map(trait_key, e.aliases)}), None
    )
