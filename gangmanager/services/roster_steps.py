"""A roster edit's write and undo step: the gang loaded, edited and saved, created or
deleted, and the `Restore` that puts the rows it touched back (the one snapshot
engine, persistence/snapshots.py, takes their rows). The commands are in
services/roster.py; their dispatch calls these."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from gangmanager.errors import StaleGangError
from gangmanager.rules.gang import Gang
from gangmanager.rules.limits import quoted
from gangmanager.services.errors import ServiceError
from gangmanager.services.operations import Outcome, changes_written

if TYPE_CHECKING:
    from gangmanager.persistence.snapshots import RowScope, RowSnapshot
    from gangmanager.persistence.unit_of_work import UnitOfWork
    from gangmanager.services.roster import Restore


def _touched_fighters(gang: Gang, edited: Gang) -> tuple[int, ...]:
    """Stored fighters the edit changes, removes or moves (their position is stored)."""
    now = {f.id: (i, f) for i, f in enumerate(edited.fighters) if f.id is not None}
    return tuple(
        sorted(
            f.id
            for i, f in enumerate(gang.fighters)
            if f.id is not None and now.get(f.id) != (i, f)
        )
    )


def _step(before: RowSnapshot, after: RowSnapshot, label: str) -> Restore:
    """The Restore that turns `after` back into `before`, over the rows (and gang columns)
    that differ."""
    from gangmanager.persistence.snapshots import narrowed
    from gangmanager.services.roster import Restore  # the command module imports this one

    before, after = narrowed(before, after)
    return Restore(before, after.fingerprint(loose=True), label, after.fingerprint())


def _rename_damaged(uow: UnitOfWork, gang_id: int, name: str) -> Outcome[None]:
    before = uow.snapshots.snapshot(gang_id, fighters=(), stash=False)
    uow.gangs.rename(gang_id, name)
    after = uow.snapshots.snapshot(gang_id, fighters=(), stash=False)
    label = f"Rename damaged gang {gang_id} to {name}"
    changes = changes_written(uow)
    return Outcome(changes, _step(before, after, label), label, gang_id)


def _load(uow: UnitOfWork, gang_id: int, *, for_update: bool = False) -> Gang:
    try:
        if for_update:
            return uow.gangs.get_for_update(gang_id)
        return uow.gangs.get(gang_id)
    except LookupError:
        raise ServiceError(f"no gang with id {gang_id} (it may have been deleted)") from None


# What an edit function returns: the edited gang, the undo text, the fighter to show
# (its index in the edited roster) and messages for the status bar.
Edited = tuple[Gang, str, int | None, tuple[str, ...]]


def _edit(
    uow: UnitOfWork,
    gang_id: int,
    edit: Callable[[Gang], Edited],
    version: int | None,
    *,
    outside: tuple[RowScope, ...] = (),
    after_save: Callable[[Gang], None] | None = None,
) -> Outcome[None]:
    """`outside`: rows of other tables the step also puts back on undo, which
    `after_save` may change once the gang is saved (a gang file's sync marks)."""
    # The one read of the gang in an edit: locked, so `update` need not read it again.
    gang = _load(uow, gang_id, for_update=True)
    if version is not None and gang.version != version:
        raise StaleGangError  # before the edit, which may refuse for what changed
    edited, label, focus, messages = edit(gang)
    # The step's scope: the gang row, the fighters the edit touches, the stash if it does.
    touched = _touched_fighters(gang, edited)
    stash = gang.stash != edited.stash
    before = uow.snapshots.snapshot(gang_id, fighters=touched, stash=stash, outside=outside)
    if version is not None:
        # The repository checks it again under the row lock, so no save slips between.
        edited = edited.model_copy(update={"version": version})
    saved = uow.gangs.update(edited, base=gang)
    if after_save is not None:
        after_save(saved)  # the snapshot below reads it (the session flushes first)
    known = {f.id for f in gang.fighters}
    added = tuple(f.id for f in saved.fighters if f.id is not None and f.id not in known)
    before = before.widened(added)
    after = uow.snapshots.snapshot(gang_id, fighters=before.fighters, stash=stash, outside=outside)
    fighter_id = saved.fighters[focus].id if focus is not None else None
    changes = changes_written(uow, messages)
    step = _step(before, after, label)
    return Outcome(changes, step, label, gang_id, fighter_id, gang=saved)


def _create(uow: UnitOfWork, gang: Gang, verb: str) -> Outcome[Gang]:
    name = uow.gangs.unique_name(gang.name)
    stored = uow.gangs.add(gang.model_copy(update={"name": name}))
    assert stored.id is not None
    after = uow.snapshots.snapshot(stored.id, whole=True)
    from gangmanager.persistence.snapshots import RowSnapshot

    before = RowSnapshot(stored.id, True)
    label = f"{verb} {name}"
    messages = (
        (f"the name {quoted(gang.name)} was taken: saved as {quoted(name)}",)
        if name != gang.name
        else ()
    )
    changes = changes_written(uow, messages)
    return Outcome(changes, _step(before, after, label), label, stored.id, result=stored)


def _delete_gang(uow: UnitOfWork, gang_id: int, version: int | None) -> Outcome[None]:
    before = uow.snapshots.snapshot(gang_id, whole=True)
    if not before.exists:
        raise ServiceError(f"no gang with id {gang_id} (it may have been deleted already)")
    row = before.gang_row
    assert row is not None  # it exists
    if version is not None and row["version"] != version:
        raise StaleGangError  # the player would delete what they have not seen
    name = row["name"]
    uow.gangs.delete(gang_id)
    after = uow.snapshots.snapshot(gang_id, whole=True)
    label = f"Delete gang {name}"
    return Outcome(changes_written(uow), _step(before, after, label), label, None)


def _restore(uow: UnitOfWork, command: Restore) -> Outcome[None]:
    wanted = command.snapshot
    current = uow.snapshots.again(wanted)
    if current.fingerprint(loose=True) != command.expect:
        name = current.gang_name or wanted.gang_name or f"gang {wanted.gang_id}"
        raise ServiceError(
            f"{name} has been changed since (in another window or by another player):"
            f" cannot undo or redo {quoted(command.label)}"
        )
    # The gang row moved on (a battle event saved the gang): it gets a new version.
    # The rows as written: the inverse step is made of them without reading them again.
    exact = current.fingerprint() == command.exact
    now = uow.snapshots.put_back(wanted, exact=exact, current=current)
    changes = changes_written(uow)
    focus = next(iter(changes.fighters_added + changes.fighters_changed), None)
    return Outcome(
        changes,
        _step(current, now, command.label),
        command.label,
        wanted.gang_id if now.exists else None,
        focus,
    )
