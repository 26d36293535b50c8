"""Campaign commands of a battle and what follows it: recording the battle, the
territory it moves (post-battle step 2), the income (step 4), the log line and
history points (step 7), the tracked battle's link, and `record_post_battle`,
which stores all of that on Finish's own unit of work (services/post_battle.py).
Each its own transaction for the command line and the campaign window.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date

from gangmanager.persistence.battle_repository import battles
from gangmanager.persistence.campaign_repository import campaigns
from gangmanager.persistence.unit_of_work import ServerRefusal, UnitOfWork, server_refusal
from gangmanager.rules import campaign as rules
from gangmanager.rules.campaign import (
    Campaign,
    CampaignBattle,
    CampaignGang,
    IncomeReport,
    LogEntry,
    Transfer,
)
from gangmanager.rules.campaign_sides import battle_sides, reputation_after
from gangmanager.rules.dice import Dice, RandomDice
from gangmanager.rules.gang import Gang
from gangmanager.rules.limits import MAX_COUNT, quoted
from gangmanager.rules.post_battle_campaign import CampaignOutcome, CampaignSetting, income_text
from gangmanager.rules.post_battle_report import Report
from gangmanager.services.campaign_commands import _outcome
from gangmanager.services.campaign_context import (
    BattleResult,
    CampaignContext,
    CampaignResult,
    IncomeResult,
    context_of,
    find_campaign,
    gang_and_campaign,
    now,
    refused,
)
from gangmanager.services.changes import Changes
from gangmanager.services.errors import ServiceError
from gangmanager.services.operations import Action, Context, Outcome, changes_written, performer
from gangmanager.services.rulesets import Rulesets

# ------------------------------------------------------------------ battles


@dataclass(frozen=True)
class RecordBattle(Action[BattleResult]):
    """Record a battle; the territory at stake goes to the winner (Assign Territory).

    With `collect_income` each gang that fought also collects its income
    (post-battle step 4), rolled with `dice`; the post-battle wizard does that
    step itself with `collect_income(...)` instead.
    """

    campaign_ref: str
    gangs: Sequence[str]
    winner: str | None = None
    scenario: str = ""
    territory: str | None = None
    attacker: str | None = None
    defender: str | None = None
    fought_on: date | None = None
    out_of_action: Mapping[str, int] | None = None
    battle_id: int | None = None
    collect_income: bool = False
    dice: Dice | None = None

    def run(self, ctx: Context) -> Outcome[BattleResult]:
        # Without its battles: checking a new one needs the gangs and holdings, not them.
        context = context_of(ctx.uow, ctx.rulesets, self.campaign_ref, battles=False)
        fighting = [context.member_of_battle(ref) for ref in self.gangs]
        if self.battle_id is not None:
            _check_tracked_battle(ctx.uow, self.battle_id)
        with refused():
            campaign, moved = rules.record_battle(
                context.campaign, context.ctype, self._entered(context, fighting)
            )
        stored = context.repo.add_battle(context.id, campaign.battles[-1])
        assert stored.id is not None
        number = context.repo.battle_count(context.id)
        messages = [context.log("battle", rules.battle_text(stored), stored.id)]
        context = _moved_territory(context, campaign, stored, moved, messages)
        incomes: dict[int, IncomeReport] = {}
        if self.collect_income:
            for member in fighting:
                report, text = _collect(
                    context, member.gang_id, self.dice or RandomDice(), stored.id
                )
                incomes[member.gang_id] = report
                messages.append(text)
        # History for the gangs that fought (and any that lost a territory), not every gang.
        context.snapshot(f"Battle {number}", {g.gang_id for g in fighting} | _held(moved))
        result = BattleResult(
            context.campaign,
            stored,
            number,
            moved,
            incomes,
            changes_written(context.uow, messages),
        )
        return _outcome(result, "Record battle")

    def _entered(self, context: CampaignContext, fighting: list[CampaignGang]) -> CampaignBattle:
        """The battle as entered, its winner, attacker, defender and counts checked."""
        pick = _picker(context, dict(zip(self.gangs, fighting, strict=True)))
        won = pick(self.winner, "winner")
        attacking = pick(self.attacker, "attacker")
        defending = pick(self.defender, "defender")
        names = {g.gang_id: g.name for g in fighting}
        taken_out: dict[int, int] = {}
        for ref, count in (self.out_of_action or {}).items():
            gang_id = pick(ref, "gang")
            assert gang_id is not None
            if not 0 <= count <= MAX_COUNT:
                raise ServiceError(
                    f"{names[gang_id]}: enemies taken Out of Action must be 0 to {MAX_COUNT},"
                    f" not {count}"
                )
            taken_out[gang_id] = count
        territory = self.territory
        return CampaignBattle(
            cycle=context.campaign.cycle,
            fought_on=self.fought_on or date.today(),
            scenario=self.scenario.strip(),
            territory=territory.strip() if territory and territory.strip() else None,
            sides=battle_sides(
                [(g.gang_id, g.name) for g in fighting],
                winner=won,
                attacker=attacking,
                defender=defending,
                out_of_action=taken_out,
            ),
            battle_id=self.battle_id,
        )


def _picker(
    context: CampaignContext, by_ref: dict[str, CampaignGang]
) -> Callable[[str | None, str], int | None]:
    """Finds the id of a gang named in the battle (winner, attacker...) by its reference."""
    fighting_ids = {g.gang_id for g in by_ref.values()}

    def pick(ref: str | None, what: str) -> int | None:
        if ref is None:
            return None
        member = by_ref.get(ref)
        if member is not None:
            return member.gang_id
        gang = context.gang(ref)
        if gang.id not in fighting_ids:
            raise ServiceError(
                f"the {what} {quoted(gang.name)} is not one of the gangs in this battle"
            )
        return gang.id

    return pick


def _moved_territory(
    context: CampaignContext,
    campaign: Campaign,
    stored: CampaignBattle,
    moved: Transfer | None,
    messages: list[str],
) -> CampaignContext:
    """The campaign with its new battle `stored` and, when the battle moved a territory,
    the holdings saved, the Reputation moved with it and the move logged: the context
    after."""
    uow = context.uow
    if moved is not None:
        campaign = context.repo.save(campaign, battles=False)
        campaign = campaign.model_copy(update={"battles": [stored]})
        context = CampaignContext(uow, context.repo, campaign, context.ruleset, context.ctype)
        _apply_transfer(uow, moved)
        messages.append(context.log("territory", rules.transfer_text(campaign, moved), stored.id))
    else:
        # Nothing else changed: the stored battle (its id) in place of the checked one,
        # rather than reading the whole campaign again.
        campaign = campaign.model_copy(update={"battles": [*campaign.battles[:-1], stored]})
        context = CampaignContext(uow, context.repo, campaign, context.ruleset, context.ctype)
    return context


record_battle = performer(RecordBattle)


def _held(moved: Transfer | None) -> set[int]:
    """The gangs whose territories a transfer changed."""
    if moved is None:
        return set()
    return {g for g in (moved.from_gang, moved.to_gang) if g is not None}


def _apply_transfer(uow: UnitOfWork, moved: Transfer) -> None:
    """The Reputation a territory gives goes with it (never below 1)."""
    for gang_id, delta in (
        (moved.from_gang, -moved.reputation_lost),
        (moved.to_gang, moved.reputation_gained),
    ):
        if gang_id is None or not delta:
            continue
        gang = uow.gangs.get(gang_id)
        # `update` writes the gang row only, not the fighters' rows again.
        uow.gangs.update(
            gang.model_copy(update={"reputation": reputation_after(gang.reputation, delta)})
        )


@dataclass(frozen=True)
class AssignTerritory(Action[CampaignResult]):
    """Give a territory to a gang, or back to nobody (`gang_ref` None): post-battle step 2.

    The arbitrator's own tool: no phase rule is checked (a trade for a captive,
    a correction). The Reputation the territory gives moves with it.
    """

    campaign_ref: str
    territory: str
    gang_ref: str | None
    campaign_battle_id: int | None = None

    def run(self, ctx: Context) -> Outcome[CampaignResult]:
        context = context_of(ctx.uow, ctx.rulesets, self.campaign_ref)
        to_gang = context.member(self.gang_ref) if self.gang_ref is not None else None
        with refused():
            campaign, moved = rules.transfer(
                context.campaign,
                context.ctype,
                self.territory,
                to_gang.id if to_gang is not None else None,
            )
        if moved.from_gang == moved.to_gang:
            raise ServiceError(f"{moved.territory} is held by that gang already")
        campaign = context.repo.save(campaign)
        context = CampaignContext(ctx.uow, context.repo, campaign, context.ruleset, context.ctype)
        _apply_transfer(ctx.uow, moved)
        text = context.log(
            "territory", rules.transfer_text(campaign, moved), self.campaign_battle_id
        )
        context.snapshot(f"{moved.territory} assigned", _held(moved))
        result = CampaignResult(campaign, changes_written(ctx.uow, (text,)))
        return _outcome(result, "Assign territory")


assign_territory = performer(AssignTerritory)


@dataclass(frozen=True)
class CollectIncome(Action[IncomeResult]):
    """Add the income to the gang's credits (post-battle step 4) and log it.

    `report` is what `income_for` showed the player (else it is rolled now).
    With `campaign_battle_id` the income is tied to that battle and refused a
    second time, so the wizard and `campaign battle --income` never pay twice.
    """

    gang_ref: str
    report: IncomeReport | None = None
    campaign_battle_id: int | None = None
    dice: Dice | None = None

    def run(self, ctx: Context) -> Outcome[IncomeResult]:
        report = self.report
        gang, context = gang_and_campaign(ctx.uow, ctx.rulesets, self.gang_ref)
        assert gang.id is not None
        if context is None:
            raise ServiceError(f"{quoted(gang.name)} takes part in no running campaign")
        if report is not None and report.gang_id != gang.id:
            raise ServiceError(f"that income report is not for {quoted(gang.name)}")
        report, text = _collect(
            context, gang.id, self.dice or RandomDice(), self.campaign_battle_id, report=report
        )
        stored = ctx.uow.gangs.get(gang.id)
        context.snapshot(f"{gang.name} income", {gang.id})
        result = IncomeResult(stored, report, report.total, changes_written(ctx.uow, (text,)))
        return _outcome(result, "Collect income")


collect_income = performer(CollectIncome)


def _collect(
    context: CampaignContext,
    gang_id: int,
    dice: Dice,
    campaign_battle_id: int | None,
    *,
    report: IncomeReport | None = None,
) -> tuple[IncomeReport, str]:
    gang = context.uow.gangs.get(gang_id)
    if report is None:
        with refused():
            report = rules.income_for(context.campaign, context.ctype, gang, dice)
    if campaign_battle_id is not None:
        try:
            context.repo.set_income(campaign_battle_id, gang_id, report.total)
        except LookupError:
            raise ServiceError(
                f"{quoted(gang.name)} did not fight campaign battle {campaign_battle_id}"
            ) from None
    if report.total:
        context.uow.gangs.update(gang.model_copy(update={"credits": gang.credits + report.total}))
    text = income_text(gang.name, report)
    context.log("income", text, campaign_battle_id, gang_id)
    return report, text


def _check_tracked_battle(uow: UnitOfWork, battle_id: int) -> None:
    """A battle of the tracker to link: it must exist (else a foreign key error)."""
    try:
        battles(uow).get(battle_id)
    except LookupError:
        raise ServiceError(f"--battle-id: no battle {battle_id} in the battle tracker") from None


# ------------------------------------------------------------------ the wizard's hooks


@dataclass(frozen=True)
class AddLogEntry(Action[CampaignResult]):
    """A line of the campaign's log in plain words (the post-battle report, a note);
    `gang_id` names the gang it is about. On a shared server this is the arbitrator's:
    a player's role adds only the lines their income and post-battle actions write."""

    campaign_ref: str
    text: str
    kind: str = "post_battle"
    campaign_battle_id: int | None = None
    gang_id: int | None = None

    def run(self, ctx: Context) -> Outcome[CampaignResult]:
        if not self.text.strip():
            raise ServiceError("a log entry needs some text")
        repo = campaigns(ctx.uow)
        campaign = find_campaign(repo, self.campaign_ref)
        assert campaign.id is not None
        repo.add_log(
            campaign.id,
            LogEntry(
                at=now(),
                cycle=campaign.cycle,
                kind=self.kind,
                text=" ".join(self.text.split()),
                campaign_battle_id=self.campaign_battle_id,
                gang_id=self.gang_id,
            ),
        )
        result = CampaignResult(campaign, changes_written(ctx.uow, (self.text,)))
        return _outcome(result, "Add log entry")


add_log_entry = performer(AddLogEntry)


@dataclass(frozen=True)
class RecordSnapshot(Action[CampaignResult]):
    """A point on the history chart for every gang, as they stand now (after Update Roster)."""

    campaign_ref: str
    label: str

    def run(self, ctx: Context) -> Outcome[CampaignResult]:
        context = context_of(ctx.uow, ctx.rulesets, self.campaign_ref)
        context.snapshot(self.label)
        result = CampaignResult(context.campaign, changes_written(ctx.uow))
        return _outcome(result, "Record snapshot")


record_snapshot = performer(RecordSnapshot)


@dataclass(frozen=True)
class LinkBattle(Action[None]):
    """Attach the battle tracker's battle to a recorded campaign battle."""

    campaign_battle_id: int
    battle_id: int | None

    def run(self, ctx: Context) -> Outcome[None]:
        try:
            campaigns(ctx.uow).link_battle(self.campaign_battle_id, self.battle_id)
        except LookupError as exc:
            raise ServiceError(str(exc)) from None
        return Outcome(Changes(), None, "Link battle", None)


link_battle = performer(LinkBattle)


@dataclass(frozen=True)
class PostBattleWrites:
    """What `record_post_battle` wrote, for Finish's messages and its undo (the gangs it
    changed come from the rows written)."""

    messages: tuple[str, ...]
    # Rows added: undo of the sequence deletes exactly these.
    log_ids: tuple[int, ...]
    snapshot_ids: tuple[int, ...]


def record_post_battle(
    uow: UnitOfWork,
    rulesets: Rulesets,
    setting: CampaignSetting,
    gang: Gang,
    report: Report,
    *,
    battle_id: int | None = None,
) -> PostBattleWrites:
    """Store in the campaign what a post-battle sequence did, on Finish's unit of work.

    `gang` is the gang as Finish stored it (its own Reputation and credits
    already include the territory and the income). Here: the territory moves
    (the Reputation of the other gang with it), the income is tied to the
    campaign battle (never collected twice) and logged, the tracked battle is
    linked to the campaign battle, the report goes into the log in one line,
    and the history gets a point after Update Roster. Nothing is committed.
    """
    outcome = report.campaign
    assert outcome is not None and gang.id is not None and setting.campaign.id is not None
    context = context_of(uow, rulesets, str(setting.campaign.id))
    campaign_battle_id = outcome.campaign_battle_id
    messages: list[str] = []
    log_ids: list[int] = []
    changed: set[int] = set()

    def log(kind: str, text: str) -> None:
        entry = LogEntry(
            at=now(),
            cycle=context.campaign.cycle,
            kind=kind,
            text=" ".join(text.split()),
            campaign_battle_id=campaign_battle_id,
            gang_id=gang.id,  # the player's own gang: allowed on a shared server
        )
        log_ids.append(context.repo.add_log(context.id, entry))

    if outcome.transfer is not None:
        context, text = _move_territory(uow, context, outcome, gang.id, changed)
        log("territory", text)
        messages.append(text)
    income = _store_income(context, outcome, gang, campaign_battle_id)
    if income is not None:
        log("income", income)
        messages.append(income)
    if campaign_battle_id is not None and battle_id is not None:
        found = setting.battle(campaign_battle_id)
        if found is not None and found.battle_id is None:
            _link_if_allowed(uow, campaign_battle_id, battle_id)
    log("post_battle", report.summary())
    snapshot_ids = _history_after(context, outcome, gang, changed)
    return PostBattleWrites(
        messages=tuple(messages),
        log_ids=tuple(log_ids),
        snapshot_ids=tuple(snapshot_ids),
    )


def _move_territory(
    uow: UnitOfWork,
    context: CampaignContext,
    outcome: CampaignOutcome,
    gang_id: int,
    changed: set[int],
) -> tuple[CampaignContext, str]:
    """Save the campaign with the territory moved and the other gang's Reputation with it
    (added to `changed`); the context over the saved campaign, and the log's text."""
    assert outcome.transfer is not None
    # Saved over the campaign as Finish read it: a change since is refused (stale).
    campaign = context.repo.save(outcome.campaign)
    context = CampaignContext(uow, context.repo, campaign, context.ruleset, context.ctype)
    others = outcome.transfer
    for other_id, delta in (
        (others.from_gang, -others.reputation_lost),
        (others.to_gang, others.reputation_gained),
    ):
        if other_id is None or other_id == gang_id or not delta:
            continue
        other = uow.gangs.get(other_id)
        reputation = reputation_after(other.reputation, delta)
        uow.gangs.update(other.model_copy(update={"reputation": reputation}))
        changed.add(other_id)
    return context, rules.transfer_text(campaign, outcome.transfer)


def _store_income(
    context: CampaignContext,
    outcome: CampaignOutcome,
    gang: Gang,
    campaign_battle_id: int | None,
) -> str | None:
    """Tie the income to the campaign battle (never collected twice); the log's text,
    None when the sequence collected none."""
    total = outcome.income_total
    if total is None:
        return None
    assert gang.id is not None
    if campaign_battle_id is not None:
        context.repo.set_income(campaign_battle_id, gang.id, total)
    if outcome.income is not None:
        return income_text(gang.name, outcome.income)
    return f"{gang.name} collects {total} credits of income (entered by hand)."


def _history_after(
    context: CampaignContext, outcome: CampaignOutcome, gang: Gang, changed: set[int]
) -> list[int]:
    """History for the gang that played and any whose territory or Reputation moved."""
    assert gang.id is not None
    points = rules.snapshots(
        context.campaign,
        context.gangs({gang.id} | changed | _held(outcome.transfer)),
        context.repo.next_seq(context.id),
        f"{gang.name}: Update Roster",
        now(),
    )
    return context.repo.add_snapshots(context.id, points)


def _link_if_allowed(uow: UnitOfWork, campaign_battle_id: int, battle_id: int) -> None:
    """Link the tracked battle to the campaign battle; a nicety a player's role on a shared
    server may not be allowed (the campaign is the arbitrator's), so a refusal is skipped."""
    try:
        with server_refusal(), uow.savepoint():
            campaigns(uow).link_battle(campaign_battle_id, battle_id)
    except ServerRefusal:
        pass
