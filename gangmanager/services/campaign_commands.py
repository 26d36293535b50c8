"""Campaign commands: the writes, one transaction per user action, each returning what changed.

The territory and income flow of the post-battle sequence lives here too:
`collect_income` (step 4: credits to the gang, once per battle),
`assign_territory` (step 2) and `add_log_entry` / `record_snapshot` (step 7),
each its own transaction for the command line and the campaign window.
The post-battle sequence's Finish does the same inside its own single
transaction: `record_post_battle` stores what the sequence did on Finish's
unit of work (see services/post_battle.py).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

from gangmanager.persistence.battle_repository import battles
from gangmanager.persistence.campaign_repository import campaigns
from gangmanager.persistence.database import Database
from gangmanager.persistence.draft_repository import session_of
from gangmanager.persistence.unit_of_work import ServerRefusal, UnitOfWork, server_refusal
from gangmanager.rules import campaign as rules
from gangmanager.rules.campaign import (
    Alignment,
    CampaignBattle,
    IncomeReport,
    LogEntry,
    Transfer,
)
from gangmanager.rules.campaign_sides import battle_sides, reputation_after
from gangmanager.rules.default_ruleset import DEFAULT_RULESET
from gangmanager.rules.dice import Dice, RandomDice
from gangmanager.rules.gang import Gang
from gangmanager.rules.limits import MAX_COUNT, quoted
from gangmanager.rules.post_battle_campaign import CampaignSetting, income_text
from gangmanager.rules.post_battle_report import Report
from gangmanager.services.campaign_context import (
    BattleResult,
    CampaignContext,
    CampaignResult,
    EndResult,
    IncomeResult,
    campaign_name,
    context_of,
    find_campaign,
    gang_and_campaign,
    now,
    refused,
)
from gangmanager.services.changes import Changes
from gangmanager.services.errors import ServiceError
from gangmanager.services.operations import Outcome, operation, perform, result_of
from gangmanager.services.rulesets import Rulesets

# ------------------------------------------------------------------ set-up


@dataclass(frozen=True)
class CreateCampaign:
    """The action of `create_campaign`."""

    name: str
    type_id: str = "dominion"
    ruleset_id: str = DEFAULT_RULESET
    starts_on: date | None = None
    ends_on: date | None = None
    notes: str = ""


def create_campaign(
    db: Database,
    rulesets: Rulesets,
    name: str,
    *,
    type_id: str = "dominion",
    ruleset_id: str = DEFAULT_RULESET,
    starts_on: date | None = None,
    ends_on: date | None = None,
    notes: str = "",
) -> CampaignResult:
    """A new campaign with every territory of its type in play, unclaimed."""
    return result_of(
        db,
        CreateCampaign(
            name=name,
            type_id=type_id,
            ruleset_id=ruleset_id,
            starts_on=starts_on,
            ends_on=ends_on,
            notes=notes,
        ),
        rulesets,
    )


@operation(CreateCampaign)
def _create_campaign(uow: UnitOfWork, action: CreateCampaign, rulesets: Rulesets | None) -> Outcome:
    assert rulesets is not None
    name = action.name
    type_id = action.type_id
    ruleset_id = action.ruleset_id
    starts_on = action.starts_on
    ends_on = action.ends_on
    notes = action.notes
    name = campaign_name(name)
    if starts_on is not None and ends_on is not None and ends_on < starts_on:
        raise ServiceError(f"the campaign ends ({ends_on}) before it starts ({starts_on})")
    ruleset = rulesets.get(ruleset_id)
    with refused():
        ctype = rules.campaign_type_of(ruleset, type_id)
    campaign = rules.new_campaign(
        name, ruleset, ctype, starts_on=starts_on, ends_on=ends_on, notes=notes
    )
    repo = campaigns(uow)
    if any(n.casefold() == name.casefold() for n in repo.names()):
        raise ServiceError(f"a campaign named {quoted(name)} exists already")
    stored = repo.add(campaign)
    assert stored.id is not None
    context = CampaignContext(uow, repo, stored, ruleset, ctype)
    text = context.log(
        "campaign",
        f"{ctype.name} campaign {quoted(name)} set up with {len(ctype.territories)} territories"
        f" ({ruleset.name}).",
    )
    result = CampaignResult(stored, Changes(messages=(text,)))
    return _outcome(result, "New campaign")


@dataclass(frozen=True)
class AddCampaignGang:
    """The action of `add_gang`."""

    campaign_ref: str
    gang_ref: str
    alignment: Alignment = Alignment.LAW_ABIDING


def add_gang(
    db: Database,
    rulesets: Rulesets,
    campaign_ref: str,
    gang_ref: str,
    *,
    alignment: Alignment = Alignment.LAW_ABIDING,
) -> CampaignResult:
    """Enter a gang: it gets its hideout (and the Reputation that comes with it)."""
    return result_of(
        db,
        AddCampaignGang(campaign_ref=campaign_ref, gang_ref=gang_ref, alignment=alignment),
        rulesets,
    )


@operation(AddCampaignGang)
def _add_gang(uow: UnitOfWork, action: AddCampaignGang, rulesets: Rulesets | None) -> Outcome:
    assert rulesets is not None
    campaign_ref = action.campaign_ref
    gang_ref = action.gang_ref
    alignment = action.alignment
    context = context_of(uow, rulesets, campaign_ref)
    gang = context.gang(gang_ref)
    assert gang.id is not None
    running = context.repo.running_campaign_of(gang.id)
    if running is not None and running[0] != context.id:
        raise ServiceError(
            f"{quoted(gang.name)} already takes part in the campaign {quoted(running[1])}"
        )
    with refused():
        campaign, gained = rules.join(
            context.campaign, context.ctype, gang, context.ruleset, alignment
        )
    campaign = context.repo.save(campaign)
    hideout = context.ctype.hideout
    messages = [
        f"{gang.name} joins the campaign"
        + (f", with its hideout ({hideout})." if hideout is not None else ".")
    ]
    if gained:
        # `update` writes the gang row only: the fighters keep their rows (and ids), so
        # undo steps of earlier roster edits stay good.
        gang = uow.gangs.update(
            gang.model_copy(update={"reputation": reputation_after(gang.reputation, gained)})
        )
        messages.append(f"{gang.name} Reputation +{gained} while it holds its hideout.")
    context = CampaignContext(uow, context.repo, campaign, context.ruleset, context.ctype)
    for text in messages:
        context.log("campaign", text)
    context.snapshot(f"{gang.name} joins")
    assert gang.id is not None
    result = CampaignResult(campaign, Changes(gangs_changed=(gang.id,), messages=tuple(messages)))
    return _outcome(result, "Add gang")


@dataclass(frozen=True)
class RemoveCampaignGang:
    """The action of `remove_gang`."""

    campaign_ref: str
    gang_ref: str


def remove_gang(
    db: Database, rulesets: Rulesets, campaign_ref: str, gang_ref: str
) -> CampaignResult:
    """Take a gang out of the campaign: its hideout goes, its territories are unclaimed,
    the Reputation they gave goes with them; its battles stay in the record."""
    return result_of(db, RemoveCampaignGang(campaign_ref=campaign_ref, gang_ref=gang_ref), rulesets)


@operation(RemoveCampaignGang)
def _remove_gang(uow: UnitOfWork, action: RemoveCampaignGang, rulesets: Rulesets | None) -> Outcome:
    assert rulesets is not None
    campaign_ref = action.campaign_ref
    gang_ref = action.gang_ref
    context = context_of(uow, rulesets, campaign_ref)
    gang = context.member(gang_ref)
    assert gang.id is not None
    held = [h.territory for h in context.campaign.held_by(gang.id, hideout=False)]
    with refused():
        campaign, lost = rules.leave(context.campaign, context.ctype, gang.id)
    campaign = context.repo.save(campaign)
    text = f"{gang.name} leaves the campaign"
    text += f"; unclaimed again: {', '.join(held)}." if held else "."
    messages = [text]
    if lost:
        # `update` writes the gang row only, not the fighters' rows again.
        gang = uow.gangs.update(
            gang.model_copy(update={"reputation": reputation_after(gang.reputation, -lost)})
        )
        messages.append(f"{gang.name} Reputation -{lost} with what it held.")
    context = CampaignContext(uow, context.repo, campaign, context.ruleset, context.ctype)
    for line in messages:
        context.log("campaign", line)
    context.snapshot(f"{gang.name} leaves")
    assert gang.id is not None
    result = CampaignResult(campaign, Changes(gangs_changed=(gang.id,), messages=tuple(messages)))
    return _outcome(result, "Remove gang")


@dataclass(frozen=True)
class SetCampaignDetails:
    """The action of `set_details`."""

    campaign_ref: str
    name: str | None = None
    notes: str | None = None
    starts_on: date | None = None
    ends_on: date | None = None
    version: int | None = None


def set_details(
    db: Database,
    campaign_ref: str,
    *,
    name: str | None = None,
    notes: str | None = None,
    starts_on: date | None = None,
    ends_on: date | None = None,
    version: int | None = None,
) -> CampaignResult:
    """Change the name, the arbitrator's notes or the dates (None keeps a value)."""
    return result_of(
        db,
        SetCampaignDetails(
            campaign_ref=campaign_ref,
            name=name,
            notes=notes,
            starts_on=starts_on,
            ends_on=ends_on,
            version=version,
        ),
        None,
    )


@operation(SetCampaignDetails)
def _set_details(uow: UnitOfWork, action: SetCampaignDetails, rulesets: Rulesets | None) -> Outcome:
    campaign_ref = action.campaign_ref
    name = action.name
    notes = action.notes
    starts_on = action.starts_on
    ends_on = action.ends_on
    version = action.version
    repo = campaigns(uow)
    campaign = find_campaign(repo, campaign_ref)
    update: dict[str, Any] = {}
    if name is not None and campaign_name(name) != campaign.name:
        name = campaign_name(name)
        if any(n.casefold() == name.casefold() for n in repo.names()):
            raise ServiceError(f"a campaign named {quoted(name)} exists already")
        update["name"] = name
    if notes is not None:
        update["notes"] = notes
    if starts_on is not None:
        update["starts_on"] = starts_on
    if ends_on is not None:
        update["ends_on"] = ends_on
    if version is not None:
        update["version"] = version
    changed = campaign.model_copy(update=update)
    if changed.starts_on and changed.ends_on and changed.ends_on < changed.starts_on:
        raise ServiceError(
            f"the campaign ends ({changed.ends_on}) before it starts ({changed.starts_on})"
        )
    stored = repo.save(changed)
    result = CampaignResult(stored, Changes())
    return _outcome(result, "Edit campaign")


@dataclass(frozen=True)
class NextCycle:
    """The action of `next_cycle`."""

    campaign_ref: str


def next_cycle(db: Database, rulesets: Rulesets, campaign_ref: str) -> CampaignResult:
    """The arbitrator closes the cycle; the log says which phase begins."""
    return result_of(db, NextCycle(campaign_ref=campaign_ref), rulesets)


@operation(NextCycle)
def _next_cycle(uow: UnitOfWork, action: NextCycle, rulesets: Rulesets | None) -> Outcome:
    assert rulesets is not None
    campaign_ref = action.campaign_ref
    context = context_of(uow, rulesets, campaign_ref)
    if not context.campaign.running:
        raise ServiceError(f"campaign {quoted(context.campaign.name)} has ended")
    before = rules.current_phase(context.campaign, context.ctype)
    campaign = context.repo.save(
        context.campaign.model_copy(update={"cycle": context.campaign.cycle + 1})
    )
    context = CampaignContext(uow, context.repo, campaign, context.ruleset, context.ctype)
    after = rules.current_phase(campaign, context.ctype)
    text = f"Cycle {campaign.cycle} begins"
    if after.id != before.id:
        text += f": the {after.name} phase. {after.summary}".rstrip()
    else:
        text += f" ({after.name} phase)."
    context.log("campaign", text)
    result = CampaignResult(campaign, Changes(messages=(text,)))
    return _outcome(result, "Next cycle")


# ------------------------------------------------------------------ battles


@dataclass(frozen=True)
class RecordBattle:
    """The action of `record_battle`."""

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


def record_battle(
    db: Database,
    rulesets: Rulesets,
    campaign_ref: str,
    gangs: Sequence[str],
    *,
    winner: str | None = None,
    scenario: str = "",
    territory: str | None = None,
    attacker: str | None = None,
    defender: str | None = None,
    fought_on: date | None = None,
    out_of_action: Mapping[str, int] | None = None,
    battle_id: int | None = None,
    collect_income: bool = False,
    dice: Dice | None = None,
) -> BattleResult:
    """Record a battle; the territory at stake goes to the winner (Assign Territory).

    With `collect_income` each gang that fought also collects its income
    (post-battle step 4), rolled with `dice`; the post-battle wizard does that
    step itself with `collect_income(...)` instead.
    """
    return result_of(
        db,
        RecordBattle(
            campaign_ref=campaign_ref,
            gangs=gangs,
            winner=winner,
            scenario=scenario,
            territory=territory,
            attacker=attacker,
            defender=defender,
            fought_on=fought_on,
            out_of_action=out_of_action,
            battle_id=battle_id,
            collect_income=collect_income,
            dice=dice,
        ),
        rulesets,
    )


@operation(RecordBattle)
def _record_battle(uow: UnitOfWork, action: RecordBattle, rulesets: Rulesets | None) -> Outcome:
    assert rulesets is not None
    campaign_ref = action.campaign_ref
    gangs = action.gangs
    winner = action.winner
    scenario = action.scenario
    territory = action.territory
    attacker = action.attacker
    defender = action.defender
    fought_on = action.fought_on
    out_of_action = action.out_of_action
    battle_id = action.battle_id
    collect_income = action.collect_income
    dice = action.dice
    # Without its battles: checking a new one needs the gangs and holdings, not them.
    context = context_of(uow, rulesets, campaign_ref, battles=False)
    fighting = [context.member_of_battle(ref) for ref in gangs]
    by_ref = {ref: gang for ref, gang in zip(gangs, fighting, strict=True)}
    fighting_ids = {g.gang_id for g in fighting}

    def pick(ref: str | None, what: str) -> int | None:
        """The id of a gang named in the battle (winner, attacker...)."""
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

    if battle_id is not None:
        _check_tracked_battle(uow, battle_id)
    won = pick(winner, "winner")
    attacking = pick(attacker, "attacker")
    defending = pick(defender, "defender")
    names = {g.gang_id: g.name for g in fighting}
    taken_out: dict[int, int] = {}
    for ref, count in (out_of_action or {}).items():
        gang_id = pick(ref, "gang")
        assert gang_id is not None
        if not 0 <= count <= MAX_COUNT:
            raise ServiceError(
                f"{names[gang_id]}: enemies taken Out of Action must be 0 to {MAX_COUNT},"
                f" not {count}"
            )
        taken_out[gang_id] = count

    battle = CampaignBattle(
        cycle=context.campaign.cycle,
        fought_on=fought_on or date.today(),
        scenario=scenario.strip(),
        territory=territory.strip() if territory and territory.strip() else None,
        sides=battle_sides(
            [(g.gang_id, g.name) for g in fighting],
            winner=won,
            attacker=attacking,
            defender=defending,
            out_of_action=taken_out,
        ),
        battle_id=battle_id,
    )
    with refused():
        campaign, moved = rules.record_battle(context.campaign, context.ctype, battle)
    battle = campaign.battles[-1]
    stored = context.repo.add_battle(context.id, battle)
    assert stored.id is not None
    number = context.repo.battle_count(context.id)
    messages = [context.log("battle", rules.battle_text(stored), stored.id)]
    changed: set[int] = set()
    if moved is not None:
        campaign = context.repo.save(campaign, battles=False)
        campaign = campaign.model_copy(update={"battles": [stored]})
        context = CampaignContext(uow, context.repo, campaign, context.ruleset, context.ctype)
        changed |= _apply_transfer(uow, moved)
        messages.append(context.log("territory", rules.transfer_text(campaign, moved), stored.id))
    else:
        # Nothing else changed: the stored battle (its id) in place of the checked one,
        # rather than reading the whole campaign again.
        campaign = campaign.model_copy(update={"battles": [*campaign.battles[:-1], stored]})
        context = CampaignContext(uow, context.repo, campaign, context.ruleset, context.ctype)
    incomes: dict[int, IncomeReport] = {}
    if collect_income:
        for member in fighting:
            report, text = _collect(context, member.gang_id, dice or RandomDice(), stored.id)
            incomes[member.gang_id] = report
            changed.add(member.gang_id)
            messages.append(text)
    # History for the gangs that fought (and any that lost a territory), not every gang.
    context.snapshot(f"Battle {number}", fighting_ids | _held(moved))
    result = BattleResult(
        campaign,
        stored,
        number,
        moved,
        incomes,
        Changes(gangs_changed=tuple(sorted(changed)), messages=tuple(messages)),
    )
    return _outcome(result, "Record battle")


def _held(moved: Transfer | None) -> set[int]:
    """The gangs whose territories a transfer changed."""
    if moved is None:
        return set()
    return {g for g in (moved.from_gang, moved.to_gang) if g is not None}


def _apply_transfer(uow: UnitOfWork, moved: Transfer) -> set[int]:
    """The Reputation a territory gives goes with it (never below 1)."""
    changed: set[int] = set()
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
        changed.add(gang_id)
    return changed


@dataclass(frozen=True)
class AssignTerritory:
    """The action of `assign_territory`."""

    campaign_ref: str
    territory: str
    gang_ref: str | None
    campaign_battle_id: int | None = None


def assign_territory(
    db: Database,
    rulesets: Rulesets,
    campaign_ref: str,
    territory: str,
    gang_ref: str | None,
    *,
    campaign_battle_id: int | None = None,
) -> CampaignResult:
    """Give a territory to a gang, or back to nobody (`gang_ref` None): post-battle step 2.

    The arbitrator's own tool: no phase rule is checked (a trade for a captive,
    a correction). The Reputation the territory gives moves with it.
    """
    return result_of(
        db,
        AssignTerritory(
            campaign_ref=campaign_ref,
            territory=territory,
            gang_ref=gang_ref,
            campaign_battle_id=campaign_battle_id,
        ),
        rulesets,
    )


@operation(AssignTerritory)
def _assign_territory(
    uow: UnitOfWork, action: AssignTerritory, rulesets: Rulesets | None
) -> Outcome:
    assert rulesets is not None
    campaign_ref = action.campaign_ref
    territory = action.territory
    gang_ref = action.gang_ref
    campaign_battle_id = action.campaign_battle_id
    context = context_of(uow, rulesets, campaign_ref)
    to_gang = context.member(gang_ref) if gang_ref is not None else None
    with refused():
        campaign, moved = rules.transfer(
            context.campaign,
            context.ctype,
            territory,
            to_gang.id if to_gang is not None else None,
        )
    if moved.from_gang == moved.to_gang:
        raise ServiceError(f"{moved.territory} is held by that gang already")
    campaign = context.repo.save(campaign)
    context = CampaignContext(uow, context.repo, campaign, context.ruleset, context.ctype)
    changed = _apply_transfer(uow, moved)
    text = context.log("territory", rules.transfer_text(campaign, moved), campaign_battle_id)
    context.snapshot(f"{moved.territory} assigned", _held(moved))
    result = CampaignResult(
        campaign, Changes(gangs_changed=tuple(sorted(changed)), messages=(text,))
    )
    return _outcome(result, "Assign territory")


@dataclass(frozen=True)
class CollectIncome:
    """The action of `collect_income`."""

    gang_ref: str
    report: IncomeReport | None = None
    campaign_battle_id: int | None = None
    dice: Dice | None = None


def collect_income(
    db: Database,
    rulesets: Rulesets,
    gang_ref: str,
    *,
    report: IncomeReport | None = None,
    campaign_battle_id: int | None = None,
    dice: Dice | None = None,
) -> IncomeResult:
    """Add the income to the gang's credits (post-battle step 4) and log it.

    `report` is what `income_for` showed the player (else it is rolled now).
    With `campaign_battle_id` the income is tied to that battle and refused a
    second time, so the wizard and `campaign battle --income` never pay twice.
    """
    return result_of(
        db,
        CollectIncome(
            gang_ref=gang_ref, report=report, campaign_battle_id=campaign_battle_id, dice=dice
        ),
        rulesets,
    )


@operation(CollectIncome)
def _collect_income(uow: UnitOfWork, action: CollectIncome, rulesets: Rulesets | None) -> Outcome:
    assert rulesets is not None
    gang_ref = action.gang_ref
    report = action.report
    campaign_battle_id = action.campaign_battle_id
    dice = action.dice
    gang, context = gang_and_campaign(uow, rulesets, gang_ref)
    assert gang.id is not None
    if context is None:
        raise ServiceError(f"{quoted(gang.name)} takes part in no running campaign")
    if report is not None and report.gang_id != gang.id:
        raise ServiceError(f"that income report is not for {quoted(gang.name)}")
    report, text = _collect(
        context, gang.id, dice or RandomDice(), campaign_battle_id, report=report
    )
    stored = uow.gangs.get(gang.id)
    context.snapshot(f"{gang.name} income", {gang.id})
    result = IncomeResult(
        stored, report, report.total, Changes(gangs_changed=(gang.id,), messages=(text,))
    )
    return _outcome(result, "Collect income")


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
class AddLogEntry:
    """The action of `add_log_entry`."""

    campaign_ref: str
    text: str
    kind: str = "post_battle"
    campaign_battle_id: int | None = None
    gang_id: int | None = None


def add_log_entry(
    db: Database,
    campaign_ref: str,
    text: str,
    *,
    kind: str = "post_battle",
    campaign_battle_id: int | None = None,
    gang_id: int | None = None,
) -> CampaignResult:
    """A line of the campaign's log in plain words (the post-battle report, a note);
    `gang_id` names the gang it is about. On a shared server this is the arbitrator's:
    a player's role adds only the lines their income and post-battle actions write."""
    return result_of(
        db,
        AddLogEntry(
            campaign_ref=campaign_ref,
            text=text,
            kind=kind,
            campaign_battle_id=campaign_battle_id,
            gang_id=gang_id,
        ),
        None,
    )


@operation(AddLogEntry)
def _add_log_entry(uow: UnitOfWork, action: AddLogEntry, rulesets: Rulesets | None) -> Outcome:
    campaign_ref = action.campaign_ref
    text = action.text
    kind = action.kind
    campaign_battle_id = action.campaign_battle_id
    gang_id = action.gang_id
    if not text.strip():
        raise ServiceError("a log entry needs some text")
    repo = campaigns(uow)
    campaign = find_campaign(repo, campaign_ref)
    assert campaign.id is not None
    repo.add_log(
        campaign.id,
        LogEntry(
            at=now(),
            cycle=campaign.cycle,
            kind=kind,
            text=" ".join(text.split()),
            campaign_battle_id=campaign_battle_id,
            gang_id=gang_id,
        ),
    )
    result = CampaignResult(campaign, Changes(messages=(text,)))
    return _outcome(result, "Add log entry")


@dataclass(frozen=True)
class RecordSnapshot:
    """The action of `record_snapshot`."""

    campaign_ref: str
    label: str


def record_snapshot(
    db: Database, rulesets: Rulesets, campaign_ref: str, label: str
) -> CampaignResult:
    """A point on the history chart for every gang, as they stand now (after Update Roster)."""
    return result_of(db, RecordSnapshot(campaign_ref=campaign_ref, label=label), rulesets)


@operation(RecordSnapshot)
def _record_snapshot(uow: UnitOfWork, action: RecordSnapshot, rulesets: Rulesets | None) -> Outcome:
    assert rulesets is not None
    campaign_ref = action.campaign_ref
    label = action.label
    context = context_of(uow, rulesets, campaign_ref)
    context.snapshot(label)
    result = CampaignResult(context.campaign, Changes())
    return _outcome(result, "Record snapshot")


@dataclass(frozen=True)
class LinkBattle:
    """The action of `link_battle`."""

    campaign_battle_id: int
    battle_id: int | None


def link_battle(db: Database, campaign_battle_id: int, battle_id: int | None) -> None:
    """Attach the battle tracker's battle to a recorded campaign battle."""
    perform(db, LinkBattle(campaign_battle_id=campaign_battle_id, battle_id=battle_id), None)


@operation(LinkBattle)
def _link_battle(uow: UnitOfWork, action: LinkBattle, rulesets: Rulesets | None) -> Outcome:
    campaign_battle_id = action.campaign_battle_id
    battle_id = action.battle_id
    try:
        campaigns(uow).link_battle(campaign_battle_id, battle_id)
    except LookupError as exc:
        raise ServiceError(str(exc)) from None
    return _outcome(None, "Link battle")


@dataclass(frozen=True)
class PostBattleWrites:
    """What `record_post_battle` wrote, for Finish's `Changes` and its undo."""

    messages: tuple[str, ...]
    # Gangs other than the sequence's own whose rows changed (a territory's Reputation).
    gangs_changed: tuple[int, ...]
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
        # Saved over the campaign as Finish read it: a change since is refused (stale).
        campaign = context.repo.save(outcome.campaign)
        context = CampaignContext(uow, context.repo, campaign, context.ruleset, context.ctype)
        others = outcome.transfer
        for gang_id, delta in (
            (others.from_gang, -others.reputation_lost),
            (others.to_gang, others.reputation_gained),
        ):
            if gang_id is None or gang_id == gang.id or not delta:
                continue
            other = uow.gangs.get(gang_id)
            reputation = reputation_after(other.reputation, delta)
            uow.gangs.update(other.model_copy(update={"reputation": reputation}))
            changed.add(gang_id)
        text = rules.transfer_text(campaign, outcome.transfer)
        log("territory", text)
        messages.append(text)
    total = outcome.income_total
    if total is not None:
        if campaign_battle_id is not None:
            context.repo.set_income(campaign_battle_id, gang.id, total)
        if outcome.income is not None:
            text = income_text(gang.name, outcome.income)
        else:
            text = f"{gang.name} collects {total} credits of income (entered by hand)."
        log("income", text)
        messages.append(text)
    if campaign_battle_id is not None and battle_id is not None:
        found = setting.battle(campaign_battle_id)
        if found is not None and found.battle_id is None:
            _link_if_allowed(uow, campaign_battle_id, battle_id)
    log("post_battle", report.summary())
    # History for the gang that played and any whose territory or Reputation moved.
    points = rules.snapshots(
        context.campaign,
        context.gangs({gang.id} | changed | _held(outcome.transfer)),
        context.repo.next_seq(context.id),
        f"{gang.name}: Update Roster",
        now(),
    )
    snapshot_ids = context.repo.add_snapshots(context.id, points)
    return PostBattleWrites(
        messages=tuple(messages),
        gangs_changed=tuple(sorted(changed)),
        log_ids=tuple(log_ids),
        snapshot_ids=tuple(snapshot_ids),
    )


def _link_if_allowed(uow: UnitOfWork, campaign_battle_id: int, battle_id: int) -> None:
    """Link the tracked battle to the campaign battle; a nicety a player's role on a shared
    server may not be allowed (the campaign is the arbitrator's), so a refusal is skipped."""
    session = session_of(uow)
    try:
        with server_refusal(), session.begin_nested():
            campaigns(uow).link_battle(campaign_battle_id, battle_id)
    except ServerRefusal:
        pass


# ------------------------------------------------------------------ the end


@dataclass(frozen=True)
class EndCampaign:
    """The action of `end_campaign`."""

    campaign_ref: str


def end_campaign(db: Database, rulesets: Rulesets, campaign_ref: str) -> EndResult:
    """Close the campaign and award the Triumphs (logged)."""
    return result_of(db, EndCampaign(campaign_ref=campaign_ref), rulesets)


@operation(EndCampaign)
def _end_campaign(uow: UnitOfWork, action: EndCampaign, rulesets: Rulesets | None) -> Outcome:
    assert rulesets is not None
    campaign_ref = action.campaign_ref
    context = context_of(uow, rulesets, campaign_ref)
    if not context.campaign.running:
        raise ServiceError(f"campaign {quoted(context.campaign.name)} has ended already")
    gangs = context.gangs()
    awards = rules.triumphs(context.ctype, rules.standings(context.campaign, gangs))
    campaign = context.repo.save(context.campaign.model_copy(update={"finished_at": now()}))
    context = CampaignContext(uow, context.repo, campaign, context.ruleset, context.ctype)
    context.snapshot("End")
    messages = [context.log("campaign", "The campaign ends.")]
    for award in awards:
        who = " and ".join(award.gangs) or "nobody"
        messages.append(
            context.log("triumph", f"{award.name}: {who} ({award.measure.label} {award.value}).")
        )
    result = EndResult(campaign, awards, Changes(messages=tuple(messages)))
    return _outcome(result, "End campaign")


def _outcome(result: Any, label: str) -> Outcome:
    """A campaign action as the one entry returns it; its undo is recorded around it
    (services.campaign_steps)."""
    changes = getattr(result, "changes", None) or Changes()
    return Outcome(changes, None, label, None, result=result)
