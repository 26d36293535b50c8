"""Undo and redo of a campaign action run from the window.

The action itself is the very `services.campaign` action the command line
performs (the same refusals). Around it, in the same transaction, `Stepped`
takes the rows the action can touch before and after with the one snapshot
engine (`uow.snapshots`, persistence/snapshots.py) and keeps those
that differ: undo puts the "before" rows back, redo the "after" ones, each in
one transaction and refused when one of those rows has changed since (a roster
edit of a gang whose Reputation the action moved, another player's battle).
Roster edits and the post-battle sequence are undone by the same engine.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Protocol, TypeVar

from gangmanager.persistence.database import Database
from gangmanager.persistence.snapshots import RowScope, RowSnapshot, StaleRows, narrowed
from gangmanager.persistence.unit_of_work import ServerRefusal, UnitOfWork, server_refusal
from gangmanager.rules.campaign import Campaign
from gangmanager.services.campaign_battle_commands import RecordBattle
from gangmanager.services.errors import RestoreError, ServiceError
from gangmanager.services.operations import Action, Context, Outcome, changes_written, perform
from gangmanager.services.rulesets import Rulesets


@dataclass(frozen=True)
class CampaignStep:
    """What one campaign action changed: the rows as they were and as they became."""

    label: str
    campaign_id: int
    before: RowSnapshot
    after: RowSnapshot
    # Gangs whose row the action changed (Reputation, credits): the window repaints them.
    gangs: tuple[int, ...]


def _battle_scope(uow: UnitOfWork, campaign_id: int, action: RecordBattle) -> list[RowScope]:
    """What recording a battle can change besides the rows it adds (the campaign's row, the
    gangs that fought, the holdings and holder of a territory at stake)."""
    gang_ids = {g for ref in action.gangs for g in _gang_ids_of(uow, ref)}
    territory = action.territory.strip() if action.territory else ""
    return uow.campaigns.scopes.battle(campaign_id, gang_ids, territory)


def _gang_ids_of(uow: UnitOfWork, ref: str) -> set[int]:
    """The gangs a battle's reference may name, without reading a roster when it is an id
    or an exact name (as `CampaignContext.member_of_battle` finds it): digits may be
    either, so both go in the scope."""
    wanted = ref.strip()
    found = {int(wanted)} if wanted.isascii() and wanted.isdigit() else set()
    named = uow.gangs.id_named(wanted)
    if named is None and not found:
        gang = uow.gangs.find(ref)  # another spelling: read as the action reads it
        named = gang.id if gang is not None else None
    return found | ({named} if named is not None else set())


def _gang_ids(uow: UnitOfWork, refs: Sequence[str]) -> list[int]:
    found = [uow.gangs.find(ref) for ref in refs]
    return [g.id for g in found if g is not None and g.id is not None]


def _campaign_id(uow: UnitOfWork, ref: str) -> int | None:
    # Its id only: neither its gangs nor its battles are read.
    return uow.campaigns.id_of(ref)


class OfCampaign(Protocol):
    """What a stepped action hands back: the campaign it changed, at least."""

    @property
    def campaign(self) -> Campaign: ...


C = TypeVar("C", bound=OfCampaign)


@dataclass(frozen=True)
class Stepped(Action[C]):
    """A campaign action (services.campaign: AddCampaignGang, RecordBattle...) and its undo.

    `campaign_ref` None: the action creates the campaign (nothing of it existed).
    `gangs`: gangs the action may change besides the campaign's members (one joining).
    """

    label: str
    action: Action[C]
    campaign_ref: str | None
    gangs: Sequence[str] = ()

    def run(self, ctx: Context) -> Outcome[C]:
        """The rows before and after, read in the action's own transaction; those that differ
        are the step."""
        uow = ctx.uow
        label = self.label
        ref = self.campaign_ref
        campaign_id = _campaign_id(uow, ref) if ref is not None else None
        scopes = uow.campaigns.scopes.added()
        if campaign_id is not None and isinstance(self.action, RecordBattle):
            scopes += _battle_scope(uow, campaign_id, self.action)
        elif campaign_id is not None:
            scopes += uow.campaigns.scopes.whole(campaign_id, _gang_ids(uow, self.gangs))
        before = uow.snapshots.snapshot(None, outside=tuple(scopes))
        done = ctx.run(self.action)
        result = done.result
        assert result.campaign.id is not None
        campaign_id = result.campaign.id
        after = uow.snapshots.snapshot(None, outside=tuple(scopes))
        before, after = narrowed(before, after)
        step = CampaignStep(label, campaign_id, before, after, after.gang_ids)
        changes = changes_written(uow, done.changes.messages)
        return Outcome(changes, SwapCampaignRows(step, "undo"), label, None, result=result)


@dataclass(frozen=True)
class SwapCampaignRows(Action[CampaignStep]):
    """Undo (`what` "undo") or redo of a campaign step."""

    step: CampaignStep
    what: str

    def run(self, ctx: Context) -> Outcome[CampaignStep]:
        uow = ctx.uow
        step, what = self.step, self.what
        expected, target = (
            (step.after, step.before) if what == "undo" else (step.before, step.after)
        )
        with swap_refused(what, step.label):
            uow.snapshots.swap(expected, target)
        again = SwapCampaignRows(step, "redo" if what == "undo" else "undo")
        changes = changes_written(uow)
        return Outcome(changes, again, step.label, None, result=step)


def run_step(
    db: Database,
    label: str,
    action: Action[C],
    *,
    campaign_ref: str | None,
    gangs: Sequence[str] = (),
    rulesets: Rulesets,
) -> tuple[C, CampaignStep]:
    """Perform `action` (a services.campaign action) and record how to undo it.

    A refusal of the action is raised as it is; nothing is recorded then.
    """
    outcome = perform(db, Stepped(label, action, campaign_ref, gangs), rulesets)
    assert isinstance(outcome.inverse, SwapCampaignRows)
    return outcome.result, outcome.inverse.step


@contextmanager
def swap_refused(what: str, label: str, stale_note: str = "") -> Iterator[None]:
    """A campaign step's undo or redo refused in one line: rows changed since, a row
    that cannot be put back, or the shared server's permission."""
    try:
        with server_refusal():
            yield
    except StaleRows:
        raise ServiceError(
            f"cannot {what} {label}: the campaign or one of its gangs has changed since"
            + stale_note
        ) from None
    except RestoreError as exc:
        raise ServiceError(f"cannot {what} {label}: {exc}") from None
    except ServerRefusal:
        raise ServiceError(f"cannot {what} {label}: permission denied on this server") from None
