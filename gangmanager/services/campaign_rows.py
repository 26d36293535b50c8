"""The campaign as typed rows: what the campaign window reads, and what `campaign show
--json` and the report write out (`CampaignView.as_json`).

Each field is named as its key in the JSON (a contract for players' scripts, in the
fields' order); a value keeps its type here (a date, an enum) and becomes plain JSON
only in `as_json`.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, fields, is_dataclass
from enum import Enum
from typing import Any

from gangmanager.rules.campaign import Alignment, Result, Role
from gangmanager.rules.campaign_types import BoonKind, Measure, StakeRule


@dataclass(frozen=True)
class TypeRow:
    id: str
    name: str


@dataclass(frozen=True)
class PhaseRow:
    id: str
    name: str
    stakes: StakeRule


@dataclass(frozen=True)
class MemberRow:
    """A gang taking part, in joining order."""

    id: int
    name: str
    house: str
    alignment: Alignment
    territories: tuple[str, ...]


@dataclass(frozen=True)
class BoonRow:
    kind: BoonKind
    summary: str


@dataclass(frozen=True)
class TerritoryRow:
    name: str
    # None: unclaimed.
    holder: str | None
    holder_id: int | None
    hideout: bool
    enhanced_house: str | None
    boons: tuple[BoonRow, ...]


@dataclass(frozen=True)
class StandingRow:
    gang: str
    gang_id: int
    rating: int
    wealth: int
    reputation: int
    credits: int
    # Not counting the gang's hideout.
    territories: int
    battles: int
    wins: int
    out_of_action: int


@dataclass(frozen=True)
class SideRow:
    name: str
    id: int | None
    role: Role
    result: Result
    out_of_action: int
    income: int | None


@dataclass(frozen=True)
class BattleRow:
    id: int | None
    cycle: int
    date: dt.date
    scenario: str
    territory: str | None
    winner: str | None
    # The battle tracker's battle it was recorded from.
    battle_id: int | None
    gangs: tuple[SideRow, ...]
    text: str


@dataclass(frozen=True)
class TriumphRow:
    name: str
    summary: str
    measure: Measure
    value: int
    gangs: tuple[str, ...]


@dataclass(frozen=True)
class LogRow:
    at: dt.datetime
    # The battle's date for what a battle brought, else the day it was logged.
    date: dt.date
    cycle: int
    kind: str
    text: str
    campaign_battle_id: int | None


@dataclass(frozen=True)
class HistoryRow:
    seq: int
    label: str
    at: dt.datetime
    gang: str
    gang_id: int | None
    rating: int
    wealth: int
    reputation: int
    credits: int
    territories: int


@dataclass(frozen=True)
class CampaignView:
    """The campaign shown; every field has a default: a window that has not read its
    campaign yet shows an empty one."""

    id: int | None = None
    name: str = ""
    ruleset: str = ""
    type: TypeRow = TypeRow("", "")
    notes: str = ""
    starts_on: dt.date | None = None
    ends_on: dt.date | None = None
    cycle: int = 0
    cycles: int = 0
    phase: PhaseRow = PhaseRow("", "", StakeRule.ANY)
    running: bool = False
    finished_at: dt.datetime | None = None
    gangs: tuple[MemberRow, ...] = ()
    territories: tuple[TerritoryRow, ...] = ()
    standings: tuple[StandingRow, ...] = ()
    battles: tuple[BattleRow, ...] = ()
    # Provisional while the campaign runs; final once it has ended.
    triumphs: tuple[TriumphRow, ...] = ()
    log: tuple[LogRow, ...] = ()
    history: tuple[HistoryRow, ...] = ()

    def as_json(self) -> dict[str, Any]:
        """The view as `campaign show --json` prints it: the fields' names and order."""
        plain = _plain(self)
        assert isinstance(plain, dict)
        return plain


# Values that are JSON as they are (an enum is not: its type is its class).
_AS_THEY_ARE = frozenset({str, int, float, bool, type(None)})


_FIELD_NAMES: dict[type, tuple[str, ...] | None] = {}


def _field_names(kind: type) -> tuple[str, ...] | None:
    """A row class's fields in order (None: not a row); once per class, not per value
    (`fields()` on each of a large campaign's 200,000 values was a third of its report)."""
    if kind not in _FIELD_NAMES:
        _FIELD_NAMES[kind] = tuple(f.name for f in fields(kind)) if is_dataclass(kind) else None
    return _FIELD_NAMES[kind]


def _plain(value: object) -> object:
    """A row as JSON data: dates in ISO 8601, enums as their values, tuples as lists."""
    names = _field_names(type(value))
    if names is not None:
        plain = {}
        for name in names:
            item = getattr(value, name)
            # Inline, not a call per value: most are plain already.
            plain[name] = item if type(item) in _AS_THEY_ARE else _plain(item)
        return plain
    if isinstance(value, tuple):
        return [item if type(item) in _AS_THEY_ARE else _plain(item) for item in value]
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, dt.date):  # a datetime too
        return value.isoformat()
    return value
