"""A campaign's standings, Triumphs, history points and log lines."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime

from gangmanager.rules import ratings
from gangmanager.rules.campaign_models import Campaign, Result, Side, _Frozen
from gangmanager.rules.campaign_types import (
    CampaignType,
    Measure,
)
from gangmanager.rules.gang import Gang

# ------------------------------------------------------------------ standings


@dataclass(frozen=True)
class Standing:
    gang_id: int
    name: str
    rating: int
    wealth: int
    reputation: int
    credits: int
    territories: int
    battles: int
    wins: int
    out_of_action: int

    def value(self, measure: Measure) -> int:
        return int(getattr(self, measure.value))


@dataclass(frozen=True)
class GangFigures:
    """What standings and history read of a gang: its committed figures, not its fighters."""

    gang_id: int
    name: str
    house: str
    rating: int
    wealth: int
    reputation: int
    credits: int


def figures_of(gang: Gang) -> GangFigures:
    return GangFigures(
        gang_id=gang.id or 0,
        name=gang.name,
        house=gang.house,
        rating=ratings.committed_gang_rating(gang),
        wealth=ratings.wealth(gang),
        reputation=gang.reputation,
        credits=gang.credits,
    )


def standings(campaign: Campaign, gangs: Mapping[int, Gang | GangFigures]) -> list[Standing]:
    """One row per gang taking part: most territories first, then Reputation, then Wealth.

    Territories count those in play that the gang holds, not its hideout.
    """
    # One pass over the battles, not one per gang: a campaign has hundreds.
    fought: dict[int, list[Side]] = {}
    for battle in campaign.battles:
        for side in battle.sides:
            if side.gang_id is not None:
                fought.setdefault(side.gang_id, []).append(side)
    rows: list[Standing] = []
    for member in campaign.gangs:
        found = gangs.get(member.gang_id)
        gang = figures_of(found) if isinstance(found, Gang) else found
        sides = fought.get(member.gang_id, [])
        rows.append(
            Standing(
                gang_id=member.gang_id,
                name=gang.name if gang is not None else member.name,
                rating=gang.rating if gang is not None else 0,
                wealth=gang.wealth if gang is not None else 0,
                reputation=gang.reputation if gang is not None else 0,
                credits=gang.credits if gang is not None else 0,
                territories=len(campaign.held_by(member.gang_id, hideout=False)),
                battles=len(sides),
                wins=sum(1 for s in sides if s.result is Result.WON),
                out_of_action=sum(s.out_of_action for s in sides),
            )
        )
    rows.sort(key=lambda s: (-s.territories, -s.reputation, -s.wealth, s.name.casefold()))
    return rows


@dataclass(frozen=True)
class TriumphAward:
    name: str
    summary: str
    measure: Measure
    value: int
    # Every gang sharing the best value; empty when nobody scored (best value 0).
    gangs: tuple[str, ...]


def triumphs(ctype: CampaignType, rows: list[Standing]) -> list[TriumphAward]:
    awards: list[TriumphAward] = []
    for triumph in ctype.triumphs:
        best = max((r.value(triumph.measure) for r in rows), default=0)
        winners = (
            tuple(r.name for r in rows if r.value(triumph.measure) == best) if best > 0 else ()
        )
        awards.append(TriumphAward(triumph.name, triumph.summary, triumph.measure, best, winners))
    return awards


# ------------------------------------------------------------------ history


class Snapshot(_Frozen):
    """One gang's figures at one point of the campaign, for the history chart."""

    seq: int
    label: str
    gang_id: int
    gang_name: str
    at: datetime
    rating: int
    wealth: int
    reputation: int
    credits: int
    territories: int


def snapshots(
    campaign: Campaign,
    gangs: Mapping[int, Gang | GangFigures],
    seq: int,
    label: str,
    at: datetime,
) -> list[Snapshot]:
    """The figures of the gangs given, as they stand now: the gangs an action changed
    (a battle's, a territory's), so the history grows with what happens, not with
    the number of gangs times the number of battles."""
    return [
        Snapshot(
            seq=seq,
            label=label,
            gang_id=row.gang_id,
            gang_name=row.name,
            at=at,
            rating=row.rating,
            wealth=row.wealth,
            reputation=row.reputation,
            credits=row.credits,
            territories=row.territories,
        )
        for row in standings(campaign, gangs)
        if row.gang_id in gangs
    ]


class LogEntry(_Frozen):
    """One line of the campaign's log, in plain words."""

    at: datetime
    cycle: int
    kind: str
    text: str
    campaign_battle_id: int | None = None
    # The gang the line is about; None for the campaign's own lines.
    gang_id: int | None = None
