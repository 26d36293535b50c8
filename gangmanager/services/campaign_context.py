"""What the campaign commands and queries share: the context an action reads,
the results it returns and the refusals it raises."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime

from gangmanager.persistence.campaign_repository import CampaignRepository, campaigns
from gangmanager.persistence.unit_of_work import UnitOfWork
from gangmanager.rules import campaign as rules
from gangmanager.rules.campaign import (
    Campaign,
    CampaignBattle,
    CampaignError,
    CampaignGang,
    GangFigures,
    IncomeReport,
    LogEntry,
    Transfer,
    TriumphAward,
)
from gangmanager.rules.campaign_types import CampaignType
from gangmanager.rules.gang import Gang
from gangmanager.rules.limits import clean_name, quoted
from gangmanager.rules.ruleset import Ruleset
from gangmanager.services.changes import Changes
from gangmanager.services.errors import ServiceError, UnknownGangError, listed
from gangmanager.services.rulesets import Rulesets


class UnknownCampaignError(ServiceError, LookupError):
    def __init__(self, ref: str, names: list[str]) -> None:
        super().__init__(f"no campaign {quoted(ref)}; campaigns in this database: {listed(names)}")


def campaign_name(name: str) -> str:
    """A campaign's name follows a gang's rules: spaces normalised, 1 to 120 characters."""
    try:
        return clean_name(name, gang=True)
    except ValueError as exc:
        raise ServiceError(f"a campaign needs a name: {exc}") from None


@dataclass(frozen=True)
class CampaignResult:
    campaign: Campaign
    changes: Changes


@dataclass(frozen=True)
class BattleResult:
    # The campaign read for the battle, without the battles before it (reading them made
    # recording grow with the campaign): its `battles` holds this battle only.
    campaign: Campaign
    battle: CampaignBattle
    # This battle's number in the campaign: 1 for the first.
    number: int
    transfer: Transfer | None
    # Income collected after the battle, by gang id (when asked to collect it).
    income: Mapping[int, IncomeReport]
    changes: Changes


@dataclass(frozen=True)
class IncomeResult:
    gang: Gang
    report: IncomeReport
    collected: int
    changes: Changes


@dataclass(frozen=True)
class EndResult:
    campaign: Campaign
    triumphs: list[TriumphAward]
    changes: Changes


@contextmanager
def refused() -> Iterator[None]:
    """The rules' refusals are shown to the user like any service refusal."""
    try:
        yield
    except CampaignError as exc:
        raise ServiceError(str(exc)) from None


def now() -> datetime:
    return datetime.now(UTC)


def find_campaign(repo: CampaignRepository, ref: str, *, battles: bool = True) -> Campaign:
    found = repo.find(ref, battles=battles)
    if found is None:
        raise UnknownCampaignError(ref, repo.names())
    return found


@dataclass(frozen=True)
class CampaignContext:
    """What most actions need, read in their own unit of work."""

    uow: UnitOfWork
    repo: CampaignRepository
    campaign: Campaign
    ruleset: Ruleset
    ctype: CampaignType

    @property
    def id(self) -> int:
        assert self.campaign.id is not None
        return self.campaign.id

    def gangs(self, only: Iterable[int] | None = None) -> dict[int, GangFigures]:
        """The committed figures of the gangs taking part (those of `only` among them),
        in joining order; read in one go, without their fighters."""
        ids = [m.gang_id for m in self.campaign.gangs]
        if only is not None:
            keep = set(only)
            ids = [gang_id for gang_id in ids if gang_id in keep]
        found = self.uow.gangs.figures(ids)
        return {gang_id: found[gang_id] for gang_id in ids}

    def gang(self, ref: str) -> Gang:
        gang = self.uow.gangs.find(ref)
        if gang is None:
            raise UnknownGangError(ref, self.uow.gangs.names())
        return gang

    def member(self, ref: str) -> Gang:
        """A gang taking part in this campaign, by name or id."""
        gang = self.gang(ref)
        assert gang.id is not None
        if self.campaign.gang(gang.id) is None:
            raise ServiceError(
                f"{quoted(gang.name)} does not take part in {quoted(self.campaign.name)}"
            )
        return gang

    def member_of_battle(self, ref: str) -> CampaignGang:
        """A gang taking part, found as `member` finds it (by id, then exact name) but
        without reading its roster: a battle's sides need only its id and name.
        Anything else (a spelling in another case, a refusal) goes through `member`."""
        wanted = ref.strip()
        if wanted.isascii() and wanted.isdigit():
            found = self.campaign.gang(int(wanted))
            if found is not None:
                return found
        else:
            gang_id = self.uow.gangs.id_named(wanted)
            found = self.campaign.gang(gang_id) if gang_id is not None else None
            if found is not None:
                return found
        gang = self.member(ref)
        assert gang.id is not None
        member = self.campaign.gang(gang.id)
        assert member is not None
        return member

    def log(
        self,
        kind: str,
        text: str,
        campaign_battle_id: int | None = None,
        gang_id: int | None = None,
    ) -> str:
        entry = LogEntry(
            at=now(),
            cycle=self.campaign.cycle,
            kind=kind,
            text=text,
            campaign_battle_id=campaign_battle_id,
            gang_id=gang_id,
        )
        self.repo.add_log(self.id, entry)
        return text

    def snapshot(self, label: str, only: Iterable[int] | None = None) -> None:
        """A point of history for the gangs of `only` (None: every gang taking part)."""
        points = rules.snapshots(
            self.campaign, self.gangs(only), self.repo.next_seq(self.id), label, now()
        )
        self.repo.add_snapshots(self.id, points)


def context_of(
    uow: UnitOfWork, rulesets: Rulesets, ref: str, *, battles: bool = True
) -> CampaignContext:
    """`battles` False: the campaign without its battles (see `CampaignRepository.get`)."""
    repo = campaigns(uow)
    campaign = find_campaign(repo, ref, battles=battles)
    ruleset = rulesets.get(campaign.ruleset)
    with refused():
        ctype = rules.campaign_type_of(ruleset, campaign.type_id)
    return CampaignContext(uow, repo, campaign, ruleset, ctype)


def running_context(uow: UnitOfWork, rulesets: Rulesets, gang: Gang) -> CampaignContext | None:
    assert gang.id is not None
    running = campaigns(uow).running_campaign_of(gang.id)
    return None if running is None else context_of(uow, rulesets, str(running[0]))


def gang_and_campaign(
    uow: UnitOfWork, rulesets: Rulesets, gang_ref: str
) -> tuple[Gang, CampaignContext | None]:
    """The gang named (refused naming the gangs there are) and its running campaign, if any."""
    gang = uow.gangs.find(gang_ref)
    if gang is None:
        raise UnknownGangError(gang_ref, uow.gangs.names())
    assert gang.id is not None
    return gang, running_context(uow, rulesets, gang)
