"""Campaign types as data: phases, territories with their boons, Triumphs.

A ruleset pack lists them in `campaigns.toml` (`[[campaign_types]]`); the
Dominion campaign of the 2023 core is the first. The campaign logic
(`gangmanager.rules.campaign`) reads these models; it never loads them.
"""

from __future__ import annotations

import re
from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from gangmanager.rules.gang import Category
from gangmanager.rules.limits import quoted


class _Strict(BaseModel):
    # Unknown keys are errors: a typo in a house pack must not pass silently.
    model_config = ConfigDict(extra="forbid", frozen=True)


class BoonKind(StrEnum):
    INCOME = "income"
    REPUTATION = "reputation"
    RECRUIT = "recruit"
    EQUIPMENT = "equipment"
    SPECIAL = "special"

    @property
    def label(self) -> str:
        return self.value.capitalize()


# "D6x10", "2D6x5", "D3x10", "4D6x5" or a plain number of credits ("20").
_INCOME = re.compile(
    r"^\s*(?:(?P<count>\d*)\s*D(?P<sides>[36])\s*(?:[xX×]\s*(?P<times>\d+))?|(?P<flat>\d+))\s*$"
)


class IncomeRoll(BaseModel):
    """A parsed income expression: `count` dice of `sides` sides, times `times`."""

    model_config = ConfigDict(frozen=True)

    count: int = 0
    sides: int = 6
    times: int = 1
    flat: int = 0

    @classmethod
    def parse(cls, text: str) -> IncomeRoll:
        match = _INCOME.match(text)
        if match is None:
            raise ValueError(f"income {quoted(text)} is not dice such as D6x10, 2D6x5 or a number")
        if match.group("flat") is not None:
            return cls(flat=int(match.group("flat")))
        return cls(
            count=int(match.group("count") or 1),
            sides=int(match.group("sides")),
            times=int(match.group("times") or 1),
        )

    def text(self) -> str:
        if not self.count:
            return str(self.flat)
        count = "" if self.count == 1 else str(self.count)
        times = "" if self.times == 1 else f"x{self.times}"
        return f"{count}D{self.sides}{times}"


class SixesResult(_Strict):
    """What a recruit roll with at least `sixes` sixes brings: a fighter of `category`."""

    sixes: int = Field(ge=1)
    category: Category


class RecruitRoll(_Strict):
    """A recruit boon decided by dice (Settlement): roll `dice` D6 and count the sixes;
    the result needing the most sixes that were rolled applies, none when too few."""

    dice: int = Field(ge=1, le=6)
    results: list[SixesResult] = Field(min_length=1)

    @model_validator(mode="after")
    def _fits(self) -> RecruitRoll:
        for result in self.results:
            if result.sixes > self.dice:
                raise ValueError(f"{result.sixes} sixes cannot come from {self.dice} dice")
        return self

    def category_for(self, dice: list[int]) -> Category | None:
        """The category a roll brings; None when it brings nobody."""
        sixes = dice.count(6)
        met = [r for r in self.results if r.sixes <= sixes]
        return max(met, key=lambda r: r.sixes).category if met else None

    def text(self) -> str:
        return f"{self.dice}D6"


class Boon(_Strict):
    """One boon of a territory. `summary` is our own short wording."""

    kind: BoonKind
    summary: str = ""
    # Income: dice such as "D6x10"; absent when it is not a plain roll (Gambling Den).
    income: str | None = None
    # What each roll of `income` is for: once per collection, or once per such thing.
    per: Literal["collection", "deleted_fighter", "captive"] = "collection"
    # Better income while the gang also holds this territory (Narco Den with Synth Still).
    boosted_by: str | None = None
    boosted_income: str | None = None
    # +1 to each income die for every fighter of this type in the gang (Old Ruins).
    die_bonus_per: str | None = None
    # The player may roll more dice, up to this many (Collapsed Dome).
    max_dice: int | None = Field(default=None, ge=1)
    # What a double among the income dice does, in our words; and whether it voids the income.
    on_double: str = ""
    double_voids_income: bool = False
    # The boon applies only to gangs of this alignment.
    alignment: Literal["outlaw", "law_abiding"] | None = None
    # Reputation added while the territory is held.
    reputation: int = 0
    # Free recruits and equipment, by name (a name listed twice comes twice).
    recruits: list[str] = Field(default_factory=list)
    equipment: list[str] = Field(default_factory=list)
    # A free recruit from the house list whose category a roll decides (Settlement).
    recruit_roll: RecruitRoll | None = None
    # The recruits join before each battle for that battle only (Hired Guns), not the roster.
    for_one_battle: bool = False

    @field_validator("income", "boosted_income")
    @classmethod
    def _dice(cls, value: str | None) -> str | None:
        if value is not None:
            IncomeRoll.parse(value)
        return value

    @model_validator(mode="after")
    def _fits_kind(self) -> Boon:
        if self.kind is not BoonKind.INCOME and (self.income or self.boosted_income):
            raise ValueError(f"a {self.kind.value} boon has no income (use kind = 'income')")
        if self.kind is not BoonKind.REPUTATION and self.reputation:
            raise ValueError(f"a {self.kind.value} boon has no reputation")
        if self.kind is not BoonKind.RECRUIT and (self.recruits or self.recruit_roll):
            raise ValueError(f"a {self.kind.value} boon has no recruits (use kind = 'recruit')")
        if self.kind is not BoonKind.EQUIPMENT and self.equipment:
            raise ValueError(f"a {self.kind.value} boon has no equipment")
        if (self.boosted_by is None) != (self.boosted_income is None):
            raise ValueError("boosted_by and boosted_income go together")
        return self


class TerritoryDef(_Strict):
    """A territory card: its boons, and the Enhanced Boons for one house."""

    name: str = Field(min_length=1)
    summary: str = ""
    boons: list[Boon] = Field(default_factory=list)
    # House id (`goliath`) whose gangs get `enhanced_boons`; an enhanced boon replaces
    # the standard boons of the same kind, the others are kept.
    enhanced_house: str | None = None
    enhanced_boons: list[Boon] = Field(default_factory=list)

    def boons_for(self, house_id: str | None) -> list[Boon]:
        """The boons a gang of this house gets from holding the territory."""
        if not self.enhanced_boons or not _same_house(self.enhanced_house, house_id):
            return list(self.boons)
        replaced = {b.kind for b in self.enhanced_boons}
        return [b for b in self.boons if b.kind not in replaced] + list(self.enhanced_boons)


def house_key(text: str | None) -> str:
    """`House Van Saar`, `Van Saar` and `van_saar` all give `van_saar`."""
    words = re.sub(r"[^0-9a-z]+", " ", (text or "").casefold()).split()
    if words[:1] == ["house"] and len(words) > 1:
        words = words[1:]
    return "_".join(words)


def _same_house(wanted: str | None, house_id: str | None) -> bool:
    return bool(wanted and house_id) and house_key(wanted) == house_key(house_id)


class StakeRule(StrEnum):
    """Which territories may be fought over in a phase."""

    UNCLAIMED = "unclaimed"  # held by nobody (any, once none is left unclaimed)
    CONTROLLED = "controlled"  # held by a gang
    ANY = "any"
    NONE = "none"  # no territory changes hands (Downtime side battles)


class CampaignPhase(_Strict):
    id: str = Field(min_length=1)
    name: str = Field(min_length=1)
    cycles: int = Field(ge=1)
    summary: str = ""
    stakes: StakeRule = StakeRule.ANY


class Measure(StrEnum):
    """A standings column a Triumph is awarded on (the highest wins; ties share it)."""

    TERRITORIES = "territories"
    OUT_OF_ACTION = "out_of_action"
    WEALTH = "wealth"
    BATTLES = "battles"
    REPUTATION = "reputation"
    WINS = "wins"
    RATING = "rating"

    @property
    def label(self) -> str:
        return _MEASURE_LABELS[self]


_MEASURE_LABELS = {
    Measure.TERRITORIES: "Territories",
    Measure.OUT_OF_ACTION: "Enemies Out of Action",
    Measure.WEALTH: "Wealth",
    Measure.BATTLES: "Battles",
    Measure.REPUTATION: "Reputation",
    Measure.WINS: "Wins",
    Measure.RATING: "Gang Rating",
}


class Triumph(_Strict):
    name: str = Field(min_length=1)
    summary: str = ""
    measure: Measure


class CampaignType(_Strict):
    id: str = Field(min_length=1)
    name: str = Field(min_length=1)
    summary: str = ""
    # What the gangs fight over, as the campaign calls it.
    resource: str = "Territories"
    # A territory every gang holds from joining: never lost, never at stake.
    hideout: str | None = None
    # Territories in play for each gang taking part (the arbitrator's deck size).
    territories_per_gang: int = Field(default=3, ge=0)
    phases: list[CampaignPhase] = Field(min_length=1)
    territories: list[TerritoryDef] = Field(default_factory=list)
    triumphs: list[Triumph] = Field(default_factory=list)

    @model_validator(mode="after")
    def _consistent(self) -> CampaignType:
        names: set[str] = set()
        for territory in self.territories:
            key = territory.name.casefold()
            if key in names:
                raise ValueError(f"territory {quoted(territory.name)} is listed twice")
            names.add(key)
        if self.hideout is not None and self.hideout.casefold() not in names:
            raise ValueError(f"hideout {quoted(self.hideout)} is not one of the territories")
        for territory in self.territories:
            for boon in (*territory.boons, *territory.enhanced_boons):
                if boon.boosted_by is not None and boon.boosted_by.casefold() not in names:
                    raise ValueError(
                        f"territory {quoted(territory.name)}: boosted_by {quoted(boon.boosted_by)}"
                        " is not one of the territories"
                    )
        ids = [p.id for p in self.phases]
        if len(set(ids)) != len(ids):
            raise ValueError("a phase id is listed twice")
        return self

    @property
    def cycles(self) -> int:
        return sum(p.cycles for p in self.phases)

    def territory(self, name: str) -> TerritoryDef | None:
        wanted = name.strip().casefold()
        return next((t for t in self.territories if t.name.casefold() == wanted), None)

    def phase_at(self, cycle: int) -> CampaignPhase | None:
        """The phase of a cycle (1-based); None past the last cycle."""
        if cycle < 1:
            return None
        end = 0
        for phase in self.phases:
            end += phase.cycles
            if cycle <= end:
                return phase
        return None
