"""A campaign as plain values: its gangs, holdings, battles and their sides."""

from __future__ import annotations

from datetime import date, datetime
from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

from gangmanager.rules.default_ruleset import DEFAULT_RULESET


class CampaignError(ValueError):
    """A campaign action the rules refuse; the message says why in one line."""


class Alignment(StrEnum):
    LAW_ABIDING = "law_abiding"
    OUTLAW = "outlaw"

    @property
    def label(self) -> str:
        return "Law-abiding" if self is Alignment.LAW_ABIDING else "Outlaw"


class Role(StrEnum):
    ATTACKER = "attacker"
    DEFENDER = "defender"
    NONE = ""


class Result(StrEnum):
    WON = "won"
    LOST = "lost"
    DRAW = "draw"


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True)


class CampaignGang(_Frozen):
    gang_id: int
    name: str
    house: str = ""
    alignment: Alignment = Alignment.LAW_ABIDING


class Holding(_Frozen):
    """One territory in play and who holds it (None: unclaimed)."""

    territory: str
    gang_id: int | None = None
    # A gang's own hideout: never lost, never at stake.
    hideout: bool = False


class Side(_Frozen):
    """One gang in a battle."""

    gang_id: int | None
    gang_name: str
    role: Role = Role.NONE
    result: Result = Result.DRAW
    # Enemy fighters this gang took Out of Action.
    out_of_action: int = Field(default=0, ge=0)
    # Credits collected as income after this battle; None until collected.
    income: int | None = None


class CampaignBattle(_Frozen):
    id: int | None = None
    cycle: int = 1
    fought_on: date
    scenario: str = ""
    territory: str | None = None
    sides: list[Side] = Field(default_factory=list)
    # The battle tracker's battle, when it was tracked there.
    battle_id: int | None = None

    @property
    def winner(self) -> Side | None:
        return next((s for s in self.sides if s.result is Result.WON), None)

    def side(self, gang_id: int) -> Side | None:
        return next((s for s in self.sides if s.gang_id == gang_id), None)


class Campaign(_Frozen):
    id: int | None = None
    name: str = Field(min_length=1)
    ruleset: str = DEFAULT_RULESET
    type_id: str = "dominion"
    notes: str = ""
    starts_on: date | None = None
    ends_on: date | None = None
    cycle: int = Field(default=1, ge=1)
    finished_at: datetime | None = None
    gangs: list[CampaignGang] = Field(default_factory=list)
    holdings: list[Holding] = Field(default_factory=list)
    battles: list[CampaignBattle] = Field(default_factory=list)
    # The stored row's version when loaded (optimistic concurrency).
    version: int | None = None

    @property
    def running(self) -> bool:
        return self.finished_at is None

    def gang(self, gang_id: int) -> CampaignGang | None:
        return next((g for g in self.gangs if g.gang_id == gang_id), None)

    def find_gang(self, ref: str) -> CampaignGang | None:
        """By name (ignoring case) or id."""
        wanted = ref.strip()
        for gang in self.gangs:
            if gang.name == wanted or (wanted.isdigit() and gang.gang_id == int(wanted)):
                return gang
        folded = wanted.casefold()
        return next((g for g in self.gangs if g.name.casefold() == folded), None)

    def holding(self, territory: str) -> Holding | None:
        """The territory in play (not a hideout) of that name."""
        wanted = territory.strip().casefold()
        return next(
            (h for h in self.holdings if not h.hideout and h.territory.casefold() == wanted), None
        )

    def held_by(self, gang_id: int, *, hideout: bool = True) -> list[Holding]:
        return [h for h in self.holdings if h.gang_id == gang_id and (hideout or not h.hideout)]

    def holds(self, gang_id: int, territory: str) -> bool:
        wanted = territory.casefold()
        return any(h.territory.casefold() == wanted for h in self.held_by(gang_id))
