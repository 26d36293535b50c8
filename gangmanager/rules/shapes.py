"""The shapes a pack declares beside its statlines: the columns of a weapon profile,
how fighters progress, what things are paid with, and how many categories a fighter
holds. n23's are the defaults (the 2023 core as the logic has always read it); the
2026 edition's ranks, Trade Points and subtypes need new kinds here, not new fields
elsewhere."""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from pydantic import Field

from gangmanager.rules.gang import Category
from gangmanager.rules.ruleset_base import _Strict


class WeaponColumnKind(StrEnum):
    """How a weapon-profile column is read."""

    RANGE = "range"  # inches ('8"'), "E" (the edge of a template), "-"
    ACCURACY = "accuracy"  # a hit roll modifier ("+1", "-1", "-")
    STRENGTH = "strength"  # a number, or relative to the user's ("S", "S+1")
    AP = "ap"  # armour piercing ("-1", "-")
    DAMAGE = "damage"  # a number or dice ("1", "D3")
    AMMO = "ammo"  # an Ammo test target ("4+")


# The columns the weapon profile model holds (rules/weapons.py WeaponProfile): a
# pack's weapon statline is drawn from these until the logic reads more.
WEAPON_FIELDS: tuple[str, ...] = ("rng_s", "rng_l", "acc_s", "acc_l", "str", "ap", "d", "am")


class WeaponColumn(_Strict):
    code: str = Field(min_length=1)
    name: str = Field(min_length=1)
    kind: WeaponColumnKind
    # Range bands and accuracy: the band the column is for.
    band: Literal["short", "long"] | None = None
    # Strength: the user's characteristic a relative value ("S+1") starts from.
    relative_to: str | None = None


def _column(
    code: str, name: str, kind: WeaponColumnKind, band: Literal["short", "long"] | None = None
) -> WeaponColumn:
    return WeaponColumn(code=code, name=name, kind=kind, band=band)


_W = WeaponColumnKind

# n23's weapon statline (FACTS.md §2), the default of a pack that declares none.
N23_WEAPON_STATLINE: tuple[WeaponColumn, ...] = (
    _column("rng_s", "Short range", _W.RANGE, "short"),
    _column("rng_l", "Long range", _W.RANGE, "long"),
    _column("acc_s", "Short range accuracy", _W.ACCURACY, "short"),
    _column("acc_l", "Long range accuracy", _W.ACCURACY, "long"),
    WeaponColumn(code="str", name="Strength", kind=_W.STRENGTH, relative_to="S"),
    _column("ap", "Armour Piercing", _W.AP),
    _column("d", "Damage", _W.DAMAGE),
    _column("am", "Ammo", _W.AMMO),
)

# Progression kinds the logic reads (a 2026 pack will add "ranks").
PROGRESSION_KINDS: tuple[str, ...] = ("spend_xp",)


class Progression(_Strict):
    """How fighters advance. `spend_xp`: Experience is earned in battle and spent on
    the pack's advancement table (advancements.toml), those who roll taking the
    Ganger table instead."""

    kind: Literal["spend_xp"] = "spend_xp"
    # The points' short name, as cards and the command line print it.
    unit: str = Field(default="XP", min_length=1)
    name: str = Field(default="Experience", min_length=1)


class Currency(_Strict):
    code: str = Field(min_length=1)
    name: str = Field(min_length=1)


class Economy(_Strict):
    """What items and fighters are paid with, and how the Trading Post limits them.
    `rarity`: items are Common or Rare (N) with an availability roll (the 2023
    core); `none`: everything may be bought."""

    currencies: list[Currency] = Field(
        default_factory=lambda: [Currency(code="credits", name="Credits")], min_length=1
    )
    availability: Literal["rarity", "none"] = "rarity"


class Categories(_Strict):
    """The categories a fighter may hold: how many at once (n23: one), of which names."""

    per_fighter: int = Field(default=1, ge=1)
    names: list[Category] = Field(default_factory=lambda: list(Category), min_length=1)
