"""Undo and redo of `campaign import [--update]`: one step, like any campaign action.

The import's handler (services/campaign_files.py) records, in its own transaction
and with the one snapshot engine (persistence/snapshots.py), the rows it can
touch before and after: every row of the campaign (its row, file identity,
members, territories, battles with their sides, log and history), the roster and
file identity of each gang of the file that was already here, and everything a
gang it added owns. Undo puts the "before" rows back, redo the "after" ones, both
at once (`uow.snapshots.swap_all`), refused when any of those rows has changed
since: a log line written, a battle recorded, a roster edit of one of its gangs.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from gangmanager.persistence.snapshots import RowSnapshot, narrowed
from gangmanager.persistence.unit_of_work import UnitOfWork
from gangmanager.services.campaign_steps import swap_refused
from gangmanager.services.operations import Action, Context, Outcome, changes_written


@dataclass(frozen=True)
class FileStep:
    """What one campaign import changed: (before, after) snapshots, put back together."""

    label: str
    campaign_id: int
    pairs: tuple[tuple[RowSnapshot, RowSnapshot], ...]
    # Gangs the import added (undo removes them) and gangs it updated.
    added: tuple[int, ...]
    updated: tuple[int, ...]


@dataclass(frozen=True)
class SwapFileRows(Action[FileStep]):
    """Undo (`what` "undo") or redo of a campaign import."""

    step: FileStep
    what: str

    def run(self, ctx: Context) -> Outcome[FileStep]:
        uow = ctx.uow
        step, what = self.step, self.what
        pairs = [
            (after, before) if what == "undo" else (before, after) for before, after in step.pairs
        ]
        with swap_refused(what, step.label, stale_note="; nothing was changed"):
            uow.snapshots.swap_all(pairs)
        again = SwapFileRows(step, "redo" if what == "undo" else "undo")
        return Outcome(changes_written(uow), again, step.label, None, result=step)


class Recorder:
    """Takes the rows before the import (`campaign_id` None: a new campaign; `gang_ids`:
    the gangs of the file already here) and makes the step after it (`finish`)."""

    def __init__(self, uow: UnitOfWork, campaign_id: int | None, gang_ids: Iterable[int]) -> None:
        self._battles = uow.campaigns.scopes.battle_ids(campaign_id)
        self._campaign: RowSnapshot | None = None
        if campaign_id is not None:
            scope = uow.campaigns.scopes.file_import(campaign_id, self._battles)
            self._campaign = uow.snapshots.snapshot(None, outside=scope)
        self._gangs = {
            g: uow.snapshots.snapshot(g, outside=uow.campaigns.scopes.gang_file(g))
            for g in sorted(set(gang_ids))
        }

    def finish(
        self, uow: UnitOfWork, label: str, campaign_id: int, gang_ids: Iterable[int]
    ) -> FileStep:
        # The sides of the battles before and after: a battle the update removed or added.
        battles = self._battles | uow.campaigns.scopes.battle_ids(campaign_id)
        scope = uow.campaigns.scopes.file_import(campaign_id, battles)
        before = replace(self._campaign or RowSnapshot(None, False), outside=scope)
        pairs = [(before, uow.snapshots.snapshot(None, outside=scope))]
        updated: list[int] = []
        for gang_id, old in self._gangs.items():
            new = uow.snapshots.snapshot(gang_id, outside=uow.campaigns.scopes.gang_file(gang_id))
            if new.rows != old.rows:  # a gang the file left as it was is not the step's
                updated.append(gang_id)
                pairs.append(narrowed(old, new))
        added = tuple(sorted(set(gang_ids) - set(self._gangs)))
        for gang_id in added:
            pairs.append((RowSnapshot(gang_id, True), uow.snapshots.snapshot(gang_id, whole=True)))
        return FileStep(label, campaign_id, tuple(pairs), added, tuple(updated))
