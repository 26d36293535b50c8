"""The shapes a pack declares beside its statlines: the columns of a weapon profile,
how fighters progress, what things are paid with, and how many categories a fighter
holds. n23's are the defaults (the 2023 core as the logic has always read it); the
2026 edition's ranks, Trade Points and subtypes need new kinds here, not new fields
elsewhere."""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from pydantic import Field, model_validator

from gangmanager.rules.gang import Category
from gangmanager.rules.limits import quoted
from gangmanager.rules.ruleset_base import _Strict


class WeaponColumnKind(StrEnum):
    """How a weapon-profile column is read."""

    RANGE = "range"  # inches ('8"'), "E" (the edge of a template), "-"
    ACCURACY = "accuracy"  # a hit roll modifier ("+1", "-1", "-")
    STRENGTH = "strength"  # a number, or relative to the user's ("S", "S+1")
    AP = "ap"  # armour piercing ("-1", "-")
    DAMAGE = "damage"  # a number or dice ("1", "D3")
    AMMO = "ammo"  # an Ammo test target ("4+")
    LETHALITY = "lethality"  # how many Injury dice a wound rolls ("1", "-"; the 2026 edition)


# The columns the weapon profile model holds (rules/weapons.py WeaponProfile): a
# pack's weapon statline is drawn from these until the logic reads more.
WEAPON_FIELDS: tuple[str, ...] = ("rng_s", "rng_l", "acc_s", "acc_l", "str", "ap", "d", "am", "l")
# The columns only a later edition's profiles carry: a profile without them is dumped
# as it always was (n23's gang files and stored profiles unchanged).
LATER_WEAPON_FIELDS: tuple[str, ...] = ("l",)


# How a column held in its field's own name is headed (n23's printed "Rng S" ...).
_FIELD_HEADERS: dict[str, str] = {
    "rng_s": "Rng S",
    "rng_l": "Rng L",
    "acc_s": "Acc S",
    "acc_l": "Acc L",
    "str": "Str",
    "ap": "AP",
    "d": "D",
    "am": "Am",
    "l": "L",
}


class WeaponColumn(_Strict):
    # The column as the pack's weapon profiles and the printed table name it ("SR").
    code: str = Field(min_length=1)
    name: str = Field(min_length=1)
    kind: WeaponColumnKind
    # Range bands and accuracy: the band the column is for.
    band: Literal["short", "long"] | None = None
    # Strength: the user's characteristic a relative value ("S+1") starts from.
    relative_to: str | None = None
    # The weapon profile's field the column is held in (WEAPON_FIELDS); None: the code
    # is the field (n23's columns). The 2026 "SR" is held in `rng_s`.
    field: str | None = None

    @property
    def stored_in(self) -> str:
        return self.field or self.code

    @property
    def header(self) -> str:
        """The column's heading on cards and tables: the code, except where the code is
        the field itself (n23's `rng_s` ...), which print as they always have ("Rng S")."""
        if self.field is None:
            return _FIELD_HEADERS.get(self.code, self.code)
        return self.code


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

# Progression kinds the logic reads.
PROGRESSION_KINDS: tuple[str, ...] = ("spend_xp", "ranks")


class Rank(_Strict):
    """A rung of the ranks ladder: its title and the total XP at which it begins."""

    name: str = Field(min_length=1)
    xp: int = Field(ge=0)


class Progression(_Strict):
    """How fighters advance. `spend_xp`: Experience is earned in battle and spent on
    the pack's advancement table (advancements.toml), those who roll taking the
    Ganger table instead. `ranks` (the 2026 edition): XP accumulates and is never
    spent; each rank reached above the first owes the fighter one advancement."""

    kind: Literal["spend_xp", "ranks"] = "spend_xp"
    # The points' short name, as cards and the command line print it.
    unit: str = Field(default="XP", min_length=1)
    name: str = Field(default="Experience", min_length=1)
    # `ranks` only: the ladder, lowest first (the XP at which each rank begins).
    ranks: list[Rank] = Field(default_factory=list)

    @model_validator(mode="after")
    def _ladder(self) -> Progression:
        if self.kind == "spend_xp" and self.ranks:
            raise ValueError("ranks: only a progression of kind 'ranks' has a ladder")
        if self.kind == "ranks":
            if not self.ranks:
                raise ValueError("ranks: a progression of kind 'ranks' lists its ranks")
            starts = [r.xp for r in self.ranks]
            if starts != sorted(set(starts)):
                raise ValueError("ranks: each rank begins at more XP than the one before")
        return self

    def rank_index(self, xp: int) -> int | None:
        """The rung a total of `xp` stands on (0 the first), None below it or without ranks."""
        found = None
        for index, rank in enumerate(self.ranks):
            if xp >= rank.xp:
                found = index
        return found

    def rank_for(self, xp: int) -> Rank | None:
        index = self.rank_index(xp)
        return None if index is None else self.ranks[index]

    def advancements_earned(self, starting_xp: int, xp: int) -> int:
        """Advancements a fighter has earned: one per rank begun above the one it was
        recruited on (the first rung gives none; XP only grows, so none are lost)."""
        if self.kind != "ranks":
            return 0
        reached = self.rank_index(xp)
        start = self.rank_index(max(starting_xp, 0))
        first = 0 if start is None else start
        # The first rung is where every fighter is recruited: reaching it owes nothing.
        return max(0, (reached if reached is not None else 0) - first)

    def advancements_owed(self, starting_xp: int, xp: int, taken: int) -> int:
        """Advancements earned and not yet taken (never below none)."""
        return max(0, self.advancements_earned(starting_xp, xp) - taken)


class Currency(_Strict):
    code: str = Field(min_length=1)
    name: str = Field(min_length=1)


# The second currency of the 2026 edition: an item's `trade_points` beside its `cost`.
TRADE_POINTS = "trade_points"


class Economy(_Strict):
    """What items and fighters are paid with, and how the Trading Post limits them.
    `rarity`: items are Common or Rare (N) with an availability roll (the 2023
    core); `trade_points`: the Trading Post sells what has a Trade Point price, paid
    from the gang's Trade Points beside its credits (the 2026 edition, no rarity);
    `none`: everything may be bought."""

    currencies: list[Currency] = Field(
        default_factory=lambda: [Currency(code="credits", name="Credits")], min_length=1
    )
    availability: Literal["rarity", "trade_points", "none"] = "rarity"

    @model_validator(mode="after")
    def _trade_points_currency(self) -> Economy:
        codes = [c.code for c in self.currencies]
        if len(set(codes)) != len(codes):
            raise ValueError("currencies: a code is listed twice")
        if self.availability == "trade_points" and TRADE_POINTS not in codes:
            raise ValueError(
                f"availability 'trade_points' needs the currency {quoted(TRADE_POINTS)} in currencies"
            )
        return self

    @property
    def trade_points(self) -> bool:
        """Items carry a Trade Point price and the gang holds Trade Points."""
        return any(c.code == TRADE_POINTS for c in self.currencies)


class Categories(_Strict):
    """The categories a fighter may hold: how many at once (n23: one), of which names.
    A pack whose fighters carry several subtypes (the 2026 edition) names them in
    `subtypes`: a fighter type's `subtypes` are drawn from it."""

    per_fighter: int = Field(default=1, ge=1)
    names: list[Category] = Field(default_factory=lambda: list(Category), min_length=1)
    subtypes: list[str] = Field(default_factory=list)


class Specialisation(_Strict):
    """A field a Specialist chooses, and the skill it grants (a skill of the pack's sets)."""

    name: str = Field(min_length=1)
    skill: str = Field(min_length=1)


class Promotion(_Strict):
    """A promotion as data: a fighter holding the `from_subtype` subtype becomes one
    holding the `to` subtypes instead. `keeps_type`: the fighter type stays (Ganger to
    Champion); otherwise a type of the `to` subtype is chosen (Champion to Leader).
    `specialisation`: a specialisation is chosen with it (Prospect to Ganger and
    Specialist)."""

    from_subtype: str = Field(min_length=1)
    to: list[str] = Field(min_length=1)
    keeps_type: bool = True
    specialisation: bool = False
    # Skills the promotion grants ("Inspiring").
    grants: list[str] = Field(default_factory=list)
    # What the promotion adds to the fighter's rating; None: the pack does not say.
    rating: int | None = None


# What a pack may switch off: rules of the 2023 core that a later edition dropped.
# The code for them stays; the pack's `dropped` list gates it off.
DROPPABLE: tuple[str, ...] = (
    "master_crafted_weapons",
    "chem_alchemy",
    "law_abiding_outlaw",
    "sell_fighters",
)


class GangTactic(_Strict):
    """A Gang Tactics card a gang may hold: its name only (the effect is the card's)."""

    name: str = Field(min_length=1)
    # The house id for a house's own cards; empty for the core ones.
    house: str = ""
