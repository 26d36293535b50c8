"""The post-battle sequence as use cases: drafts saved as you go, Finish, dry run, undo.

- `save_draft` / `load_draft` / the `DiscardDraft` action: the wizard's draft, one
  small transaction per edit, so a closed wizard or a crash resumes where it was.
- `dry_run`: the report of what Finish would do; writes nothing.
- `finish`: applies the whole draft in ONE transaction (roster, draft marked
  finished, the battle marked done and, for a gang in a running campaign,
  the territory moved, the income tied to the campaign battle, the log and
  the history) and returns the rows as they were before and after, so its
  undo (the inverse of `finish_outcome`) puts the database back exactly and
  the redo re-applies it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from pydantic import ValidationError

from gangmanager.persistence import post_battle_scopes
from gangmanager.persistence.battle_repository import battles as battles_of
from gangmanager.persistence.database import Database
from gangmanager.persistence.draft_repository import DraftRepository, StoredDraft, drafts_of
from gangmanager.persistence.snapshots import RowScope, RowSnapshot, StaleRows, narrowed
from gangmanager.persistence.unit_of_work import ServerRefusal, UnitOfWork, server_refusal
from gangmanager.rules.change_sheet import ChangeSheet, change_sheet
from gangmanager.rules.draft_fighters import current_names
from gangmanager.rules.gang import Gang
from gangmanager.rules.limits import quoted
from gangmanager.rules.post_battle import CampaignSetting, DraftError, apply_draft
from gangmanager.rules.post_battle_draft import (
    CrewInjuryEntry,
    InjuryEntry,
    LastingDamageEntry,
    LimitedDeletion,
    PostBattleDraft,
    SuccumbEntry,
    merge_limited,
)
from gangmanager.rules.post_battle_report import Report
from gangmanager.services import battle as battle_service
from gangmanager.services import campaign as campaign_service
from gangmanager.services.changes import Changes
from gangmanager.services.errors import (
    RestoreError,
    ServiceError,
    StaleGangError,
    UnknownGangError,
)
from gangmanager.services.operations import Action, Context, Outcome, changes_written, perform
from gangmanager.services.rulesets import Rulesets

GangRef = Gang | int | str
# XP suggested for each fighter who took part (the log records no enemy casualties).
XP_FOR_TAKING_PART = 1


class PostBattleError(ServiceError):
    """A draft that cannot be applied: every problem, in one line."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = list(problems)
        super().__init__(str(DraftError(self.problems)))


def parse_draft(data: object) -> PostBattleDraft:
    """A draft from JSON data; every schema problem is listed at once."""
    try:
        return PostBattleDraft.model_validate(data)
    except ValidationError as exc:
        problems = []
        for error in exc.errors():
            where = ".".join(str(p) for p in error["loc"]) or "draft"
            problems.append(f"{where}: {error['msg']}")
        raise PostBattleError(problems) from None


def _gang(uow: UnitOfWork, ref: GangRef) -> Gang:
    if isinstance(ref, Gang):
        if ref.id is None:
            raise ServiceError(f"gang {quoted(ref.name)} is not stored yet")
        ref = ref.id
    try:
        found = uow.gangs.get(ref) if isinstance(ref, int) else uow.gangs.find(ref)
    except LookupError:
        found = None
    if found is None:
        raise UnknownGangError(str(ref), uow.gangs.names())
    return found


def _locked_gang(uow: UnitOfWork, gang_id: int) -> Gang:
    try:
        return uow.gangs.get_for_update(gang_id)
    except LookupError:
        raise UnknownGangError(str(gang_id), uow.gangs.names()) from None


# ------------------------------------------------------------------ drafts


@dataclass(frozen=True)
class SavedDraft:
    id: int
    draft: PostBattleDraft


def load_draft(db: Database, gang_id: int) -> SavedDraft | None:
    """The gang's unfinished draft, to resume; None when there is none."""
    with db.unit_of_work() as uow:
        stored = drafts_of(uow).current(gang_id)
    return _saved(stored)


def _saved(stored: StoredDraft | None) -> SavedDraft | None:
    """A stored draft parsed (PostBattleError: one this version cannot read)."""
    return None if stored is None else SavedDraft(stored.id, parse_draft(stored.draft))


@dataclass(frozen=True)
class WizardStart:
    """What the post-battle wizard opens with, read in one unit of work."""

    gang: Gang
    # The ended battle handed to the sequence (None: none, or a log this version cannot read).
    battle: battle_service.BattleRecord | None
    campaign: CampaignSetting | None
    # The unfinished draft to resume (None: none, or `draft_unreadable`).
    saved: SavedDraft | None
    draft_unreadable: bool = False


def wizard_start(db: Database, rulesets: Rulesets, gang_id: int) -> WizardStart:
    """The gang, its ended battle, its running campaign and its draft, the gang read once:
    the wizard read the 300-fighter gang three times (itself, the battle, the campaign)."""
    with db.unit_of_work() as uow:
        gang = uow.gangs.find(str(gang_id))
        if gang is None:
            raise UnknownGangError(str(gang_id), uow.gangs.names())
        try:
            ended = battle_service.ended_battle_of(uow, gang_id, rulesets, gang)
        except ServiceError:
            ended = None  # the sequence is still done by hand
        setting = campaign_service.post_battle_setting(uow, rulesets, gang)
        stored = drafts_of(uow).current(gang_id)
    try:
        return WizardStart(gang, ended, setting, _saved(stored))
    except PostBattleError:
        return WizardStart(gang, ended, setting, None, draft_unreadable=True)


def draft_from_battle(record: battle_service.BattleRecord) -> PostBattleDraft:
    """A fresh draft filled from an ended battle: who went Out of Action or was
    Seriously Injured, XP suggested for taking part and for the enemies each fighter's
    attacks put down (`xp_suggested`), Limited profiles lost.

    Only the gang's own fighters: Hired Guns for one battle are not on the roster."""
    state = record.state
    return PostBattleDraft(
        result=None,
        battle_id=record.battle_id,
        scenario=record.scenario,
        succumb=[SuccumbEntry(fighter=name) for name in state.seriously_injured],
        injuries=[InjuryEntry(fighter=name) for name in state.out_of_action],
        # A Wrecked vehicle: its Lasting Damage and its crew's injury (rolls to be entered).
        lasting_damage=[LastingDamageEntry(fighter=name) for name in state.wrecked],
        crew_injuries=[CrewInjuryEntry(fighter=name) for name in state.wrecked],
        xp={f.name: XP_FOR_TAKING_PART + f.xp_suggested for f in state.roster_fighters},
        limited_deleted=[
            LimitedDeletion(fighter=d.fighter, weapon=d.weapon, profile=d.profile.name or d.weapon)
            for d in state.deleted_profiles
        ],
    )


def attach_ended_battle(
    db: Database, rulesets: Rulesets, gang: GangRef, draft: PostBattleDraft
) -> tuple[PostBattleDraft, int | None]:
    """A draft file without a `battle_id` key follows the gang's ended battle, as in the wizard.

    The draft takes the battle's id, its scenario (unless the draft names one) and the
    Limited profiles deleted in it (removed for good at Update Roster). The battle's Out
    of Action list and XP are not merged: in a file an absent key means none. An
    explicit `"battle_id": null` opts out. Returns the draft and the battle attached.
    """
    if "battle_id" in draft.model_fields_set:
        return draft, None
    with db.unit_of_work() as uow:
        gang_id = _gang(uow, gang).id
    assert gang_id is not None
    record = battle_service.ended_battle(db, gang_id, rulesets)
    if record is None:
        return draft, None
    found = draft_from_battle(record)
    attached = draft.model_copy(
        update={
            "battle_id": record.battle_id,
            "scenario": draft.scenario or found.scenario,
            "limited_deleted": merge_limited(draft.limited_deleted, found.limited_deleted),
        }
    )
    return attached, record.battle_id


def start_draft(db: Database, rulesets: Rulesets, gang_id: int) -> SavedDraft:
    """The gang's unfinished draft, else a new one (from its ended battle, if any), saved."""
    saved = load_draft(db, gang_id)
    if saved is not None:
        return saved
    record = battle_service.ended_battle(db, gang_id, rulesets)
    draft = draft_from_battle(record) if record is not None else PostBattleDraft(result=None)
    return SavedDraft(save_draft(db, rulesets, gang_id, draft), draft)


@dataclass(frozen=True)
class SaveDraft(Action[int]):
    gang_id: int
    draft: PostBattleDraft

    def run(self, ctx: Context) -> Outcome[int]:
        uow = ctx.uow
        draft = self.draft
        draft_id = uow.drafts.save(self.gang_id, draft.to_json(), draft.battle_id)
        # A draft is the wizard's scratch paper: no undo step, nothing on the roster.
        return Outcome(Changes(), None, "Save draft", self.gang_id, result=draft_id)


@dataclass(frozen=True)
class DiscardDraft(Action[int]):
    gang_id: int

    def run(self, ctx: Context) -> Outcome[int]:
        uow = ctx.uow
        count = uow.drafts.discard(self.gang_id)
        return Outcome(Changes(), None, "Discard draft", self.gang_id, result=count)


def save_draft(db: Database, rulesets: Rulesets, gang_id: int, draft: PostBattleDraft) -> int:
    """Save over the gang's unfinished draft (or start one); returns the draft's id."""
    return perform(db, SaveDraft(gang_id, draft), rulesets).result


# ------------------------------------------------------------------ applying


def dry_run(db: Database, rulesets: Rulesets, gang: GangRef, draft: PostBattleDraft) -> Report:
    """What Finish would change (in the gang's campaign too); nothing is written."""
    with db.unit_of_work() as uow:
        stored = _gang(uow, gang)
        setting = campaign_service.post_battle_setting(uow, rulesets, stored)
    try:
        return apply_draft(rulesets.get(stored.ruleset), stored, draft, setting)[1]
    except DraftError as exc:
        raise PostBattleError(exc.problems) from None


def _named_now(draft: PostBattleDraft, ids: Mapping[str, int], gang: Gang) -> PostBattleDraft:
    """The draft with each name it kept an id for as that fighter is called now."""
    fighters = [(f.id, f.name) for f in gang.fighters if f.id is not None]
    now = current_names(draft.to_json(), ids, fighters)
    return draft if now == draft.to_json() else PostBattleDraft.model_validate(now)


@dataclass(frozen=True)
class FinishResult:
    """Everything Finish did, and what undo needs to take it back."""

    before: Gang
    gang: Gang
    report: Report
    # What to write on last week's cards (printing/change_sheet.py prints it).
    change_sheet: ChangeSheet
    draft_id: int
    # The rows Finish touched as they were and became (the one snapshot engine).
    rows_before: RowSnapshot
    rows_after: RowSnapshot
    changes: Changes


@dataclass(frozen=True)
class FinishPostBattle(Action[FinishResult]):
    gang: GangRef
    draft: PostBattleDraft
    draft_id: int | None = None
    version: int | None = None

    def run(self, ctx: Context) -> Outcome[FinishResult]:
        uow = ctx.uow
        rulesets = ctx.rulesets
        gang, draft, draft_id, version = self.gang, self.draft, self.draft_id, self.version
        # By id (the wizard's): read once, locked, and saved against what was read (`base`),
        # not read and validated again by `update` (300 fighters: about a third of Finish).
        locked = isinstance(gang, int)
        before = _locked_gang(uow, gang) if isinstance(gang, int) else _gang(uow, gang)
        assert before.id is not None
        if version is not None and before.version != version:
            raise StaleGangError
        setting = campaign_service.post_battle_setting(uow, rulesets, before)
        drafts = drafts_of(uow)
        found = _own_draft(drafts, draft_id, before.id)
        if found is not None and found.fighter_ids:
            # A fighter renamed since the draft was saved is still the one it names.
            draft = _named_now(draft, found.fighter_ids, before)
        try:
            after, report = apply_draft(rulesets.get(before.ruleset), before, draft, setting)
        except DraftError as exc:
            raise PostBattleError(exc.problems) from None
        scopes = _campaign_scope(setting, report, before.id)
        if found is not None:
            scopes.append(post_battle_scopes.draft(found.id))
        if draft.battle_id is not None:
            mark = _check_battle(uow, draft.battle_id, before.id)
            scopes.append(post_battle_scopes.battle_mark(draft.battle_id, mark))
        # The rows as they are before anything is written: undo puts these back.
        rows_before = uow.snapshots.snapshot(before.id, outside=tuple(scopes))
        if found is not None:
            draft_id = drafts.update(found.id, draft.to_json(), draft.battle_id)
        else:
            draft_id = drafts.add(before.id, draft.to_json(), draft.battle_id)
            # A draft made now: absent before, so undo deletes it.
            scopes.append(post_battle_scopes.draft(draft_id))
        # Only what the sequence changed is written (a fighter's XP, a lost weapon...):
        # the statements do not grow with the roster (bench/post_battle.py).
        stored = uow.gangs.update(after, base=before) if locked else uow.gangs.update(after)
        sheet = change_sheet(before, stored, report, draft)
        drafts.finish(draft_id, sheet.model_dump(mode="json"))
        if draft.battle_id is not None:
            battle_service.mark_battle_done(uow, draft.battle_id, before.id)
        messages = _applied_lines(ctx, setting, stored, report, draft.battle_id, scopes)
        rows_after = uow.snapshots.snapshot(before.id, outside=tuple(scopes))
        # Undo checks and puts back the rows Finish touched (roster and outside), no others.
        rows_before, rows_after = narrowed(rows_before, rows_after)
        result = FinishResult(
            before=before,
            gang=stored,
            report=report,
            change_sheet=sheet,
            draft_id=draft_id,
            rows_before=rows_before,
            rows_after=rows_after,
            # The sequence's own gang first: the window shows it.
            changes=changes_written(uow, messages, shown=before.id),
        )
        return finish_outcome(result)


def finish(
    db: Database,
    rulesets: Rulesets,
    gang: GangRef,
    draft: PostBattleDraft,
    *,
    draft_id: int | None = None,
    version: int | None = None,
) -> FinishResult:
    """Apply the whole draft in one transaction; every problem refuses it all.

    `draft_id` is the wizard's saved draft (marked finished); without it the
    draft is stored as a new, finished one (the command line's history).
    `version` is the gang's version the wizard showed: when the gang was saved
    since, Finish is refused with "changed by someone else — reload".
    """
    action = FinishPostBattle(gang, draft, draft_id, version)
    return perform(db, action, rulesets).result


def last_change_sheet(db: Database, gang: GangRef) -> ChangeSheet:
    """What the gang's last Finish changed; ServiceError when no Finish has a sheet."""
    with db.unit_of_work() as uow:
        stored = _gang(uow, gang)
        assert stored.id is not None
        found = drafts_of(uow).last_change_sheet(stored.id)
    if found is None:
        raise ServiceError(
            f"{stored.name} has no finished post-battle sequence to print the changes of"
        )
    return ChangeSheet.model_validate(found)


def _campaign_scope(
    setting: CampaignSetting | None, report: Report, gang_id: int
) -> list[RowScope]:
    """The campaign rows Finish may change, with the other gangs a territory moved."""
    outcome = report.campaign
    if setting is None or outcome is None or setting.campaign.id is None:
        return []
    moved = outcome.transfer
    touched = {moved.from_gang, moved.to_gang} if moved is not None else set()
    others = tuple(sorted(g for g in touched if g is not None and g != gang_id))
    return post_battle_scopes.campaign_rows(setting.campaign.id, outcome.campaign_battle_id, others)


def _check_battle(uow: UnitOfWork, battle_id: int, gang_id: int) -> str:
    """The battle is this gang's, on either side; returns the column of its done mark
    (`status` for the gang that started it, `against_done` for the second gang)."""
    try:
        stored = battles_of(uow).get(battle_id)
    except LookupError:
        stored = None
    if stored is None or gang_id not in (stored.gang_id, stored.against_gang_id):
        raise ServiceError(f"no battle {battle_id} of this gang (it may have been deleted)")
    return "status" if gang_id == stored.gang_id else "against_done"


@dataclass(frozen=True)
class SwapPostBattle(Action[None]):
    """Undo (or redo) of Finish: the rows `expected` must be there; `target` goes back."""

    expected: RowSnapshot
    target: RowSnapshot
    what: str
    done: str

    def run(self, ctx: Context) -> Outcome[None]:
        uow = ctx.uow
        expected, target, what, done = self.expected, self.target, self.what, self.done
        try:
            with server_refusal():
                uow.snapshots.swap(expected, target)
        except StaleRows as stale:
            # The sequence's own rows: its roster, draft and battle (not the campaign's).
            own = post_battle_scopes.own_rows_changed(stale, expected.gang_id)
            what_changed = "the gang" if own else "the campaign or another gang"
            raise ServiceError(
                f"cannot {what} the post-battle sequence: {what_changed} has changed since"
            ) from None
        except RestoreError as exc:
            raise ServiceError(f"cannot {what} the post-battle sequence: {exc}") from None
        except ServerRefusal:
            # A player's role on a shared server may not delete the campaign's log lines.
            raise ServiceError(
                f"cannot {what} the post-battle sequence: permission denied on this server"
            ) from None
        assert target.gang_id is not None
        # The sequence's own gang first: the window shows it.
        changes = changes_written(uow, (f"Post-battle sequence {done}",), shown=target.gang_id)
        again = (
            SwapPostBattle(target, expected, "redo", "applied again")
            if what == "undo"
            else SwapPostBattle(target, expected, "undo", "undone")
        )
        return Outcome(changes, again, "Post-battle sequence", target.gang_id)


def _applied_lines(
    ctx: Context,
    setting: CampaignSetting | None,
    stored: Gang,
    report: Report,
    battle_id: int | None,
    scopes: list[RowScope],
) -> list[str]:
    """What Finish says, with what its campaign records (the rows it adds join `scopes`)."""
    messages = [
        f"Post-battle sequence applied to {stored.name}: Gang Rating"
        f" {report.gang_rating_before} -> {report.gang_rating_after}"
    ]
    if setting is not None:
        writes = campaign_service.record_post_battle(
            ctx.uow, ctx.rulesets, setting, stored, report, battle_id=battle_id
        )
        messages += writes.messages
        scopes += post_battle_scopes.lines_added(writes.log_ids, writes.snapshot_ids)
    return messages


def _own_draft(drafts: DraftRepository, draft_id: int | None, gang_id: int) -> StoredDraft | None:
    """The stored draft Finish completes (None: a new one); refused when another gang's."""
    found = drafts.get(draft_id) if draft_id is not None else None
    if found is not None and found.gang_id != gang_id:
        raise ServiceError(f"post-battle draft {draft_id} belongs to another gang")
    return found


def finish_outcome(result: FinishResult) -> Outcome[FinishResult]:
    """Finish as the one entry returns it, for a Finish the wizard performed: its undo step."""
    inverse = SwapPostBattle(result.rows_after, result.rows_before, "undo", "undone")
    label = f"post-battle sequence of {result.gang.name}"
    # The gang as saved (`update` hands back what a read gives): the window shows it
    # without reading the whole roster again.
    return Outcome(result.changes, inverse, label, result.gang.id, result=result, gang=result.gang)
