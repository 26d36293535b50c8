"""Undo and redo of a campaign action run from the window.

The action itself is the very `services.campaign` action the command line
performs (the same refusals). Around it, in the same transaction, `Stepped`
reads the campaign's rows and its gangs' rows before and after, and keeps the
rows that differ: undo puts the "before" rows back, redo the "after" ones, each in one
transaction and refused when any of those rows has changed since (a roster
edit of a gang whose Reputation the action moved, another player's battle).
The same row machinery undoes a post-battle sequence (draft_repository).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from gangmanager.persistence.campaign_tables import CampaignBattleRow, CampaignGangRow
from gangmanager.persistence.database import Database
from gangmanager.persistence.draft_repository import (
    OutsideRow,
    OutsideRows,
    RowScope,
    read_outside,
    restore_rows,
    rows_match,
    session_of,
)
from gangmanager.persistence.unit_of_work import ServerRefusal, UnitOfWork, server_refusal
from gangmanager.services.changes import Changes
from gangmanager.services.errors import ServiceError
from gangmanager.services.operations import Outcome, operation, perform, run_in
from gangmanager.services.rulesets import Rulesets


@dataclass(frozen=True)
class CampaignStep:
    """What one campaign action changed: the rows as they were and as they became."""

    label: str
    campaign_id: int
    before: tuple[OutsideRow, ...]
    after: tuple[OutsideRow, ...]
    # Gangs whose row the action changed (Reputation, credits): the window repaints them.
    gangs: tuple[int, ...]


def _scopes(session: Session, campaign_id: int, gang_ids: Iterable[int]) -> list[RowScope]:
    battles = tuple(
        session.scalars(
            select(CampaignBattleRow.id).where(CampaignBattleRow.campaign_id == campaign_id)
        )
    )
    members = set(
        session.scalars(
            select(CampaignGangRow.gang_id).where(CampaignGangRow.campaign_id == campaign_id)
        )
    )
    own = (campaign_id,)
    return [
        RowScope("campaigns", "id", own),
        RowScope("campaign_gangs", "campaign_id", own),
        RowScope("campaign_territories", "campaign_id", own),
        RowScope("campaign_battles", "campaign_id", own),
        RowScope("campaign_battle_gangs", "campaign_battle_id", battles),
        RowScope("campaign_log", "campaign_id", own),
        RowScope("campaign_snapshots", "campaign_id", own),
        # The gang rows only: a campaign action moves Reputation and credits, no fighter.
        RowScope("gangs", "id", tuple(sorted(members | set(gang_ids)))),
    ]


def _read(uow: UnitOfWork, campaign_id: int, gang_ids: Iterable[int]) -> OutsideRows:
    session = session_of(uow)
    return read_outside(session, _scopes(session, campaign_id, gang_ids))


def _gang_ids(uow: UnitOfWork, refs: Sequence[str]) -> list[int]:
    found = [uow.gangs.find(ref) for ref in refs]
    return [g.id for g in found if g is not None and g.id is not None]


def _campaign_id(uow: UnitOfWork, ref: str) -> int | None:
    found = uow.campaigns.find(ref)
    return found.id if found is not None else None


@dataclass(frozen=True)
class Stepped:
    """A campaign action (services.campaign: AddCampaignGang, RecordBattle...) and its undo.

    `campaign_ref` None: the action creates the campaign (nothing of it existed).
    `gangs`: gangs the action may change besides the campaign's members (one joining).
    """

    label: str
    action: object
    campaign_ref: str | None
    gangs: Sequence[str] = ()


@dataclass(frozen=True)
class SwapCampaignRows:
    """Undo (`what` "undo") or redo of a campaign step."""

    step: CampaignStep
    what: str


def run_step(
    db: Database,
    label: str,
    action: object,
    *,
    campaign_ref: str | None,
    gangs: Sequence[str] = (),
    rulesets: Rulesets | None = None,
) -> tuple[Any, CampaignStep]:
    """Perform `action` (a services.campaign action) and record how to undo it.

    A refusal of the action is raised as it is; nothing is recorded then.
    """
    outcome = perform(db, Stepped(label, action, campaign_ref, gangs), rulesets)
    return outcome.result, outcome.inverse.step


@operation(Stepped)
def _stepped(uow: UnitOfWork, stepped: Stepped, rulesets: Rulesets | None) -> Outcome:
    """The rows before and after, read in the action's own transaction; those that differ
    are the step."""
    label = stepped.label
    gang_ids = _gang_ids(uow, stepped.gangs)
    ref = stepped.campaign_ref
    campaign_id = _campaign_id(uow, ref) if ref is not None else None
    before = _read(uow, campaign_id, gang_ids) if campaign_id is not None else {}
    done = run_in(uow, stepped.action, rulesets)
    result = done.result
    assert result.campaign.id is not None
    campaign_id = result.campaign.id
    # The gangs read before too: one leaving is no member any more, its row still changed.
    after = _read(uow, campaign_id, [*gang_ids, *(int(k[1][0]) for k in before if k[0] == "gangs")])
    keys = sorted(
        (k for k in {*before, *after} if before.get(k) != after.get(k)),
        key=lambda k: (k[0], repr(k[1])),
    )
    changed_gangs = tuple(sorted(int(k[1][0]) for k in keys if k[0] == "gangs"))
    step = CampaignStep(
        label=label,
        campaign_id=campaign_id,
        before=tuple(OutsideRow(t, key, before.get((t, key))) for t, key in keys),
        after=tuple(OutsideRow(t, key, after.get((t, key))) for t, key in keys),
        gangs=changed_gangs,
    )
    changes = replace(done.changes, campaigns_changed=(campaign_id,))
    return Outcome(changes, SwapCampaignRows(step, "undo"), label, None, result=result)


@operation(SwapCampaignRows)
def _swap(uow: UnitOfWork, swap: SwapCampaignRows, _: Rulesets | None) -> Outcome:
    step, what = swap.step, swap.what
    expected, target = (step.after, step.before) if what == "undo" else (step.before, step.after)
    session = session_of(uow)
    if not rows_match(session, expected):
        raise ServiceError(
            f"cannot {what} {step.label}: the campaign or one of its gangs has changed since"
        )
    try:
        with server_refusal():
            restore_rows(session, target)
            session.flush()
    except ServerRefusal:
        raise ServiceError(
            f"cannot {what} {step.label}: permission denied on this server"
        ) from None
    again = SwapCampaignRows(step, "redo" if what == "undo" else "undo")
    changes = Changes(gangs_changed=step.gangs, campaigns_changed=(step.campaign_id,))
    return Outcome(changes, again, step.label, None, result=step)


def undo_step(db: Database, step: CampaignStep) -> Changes:
    """Put the campaign (and the gangs it touched) back as they were before the action."""
    return perform(db, SwapCampaignRows(step, "undo")).changes


def redo_step(db: Database, step: CampaignStep) -> Changes:
    """Make the undone action's rows again, exactly as the action left them."""
    return perform(db, SwapCampaignRows(step, "redo")).changes
