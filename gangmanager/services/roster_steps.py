"""A roster edit's undo step and change list, from the rows it changed (the one
snapshot engine, persistence/repository.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gangmanager.rules.gang import Gang
from gangmanager.services.changes import Changes

if TYPE_CHECKING:
    from gangmanager.persistence.snapshots import RowSnapshot


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


def _gang_name(snapshot: RowSnapshot) -> str | None:
    row = snapshot.rows.get("gangs", {}).get((snapshot.gang_id,))
    return row["name"] if row else None


def _changes(before: RowSnapshot, after: RowSnapshot, messages: tuple[str, ...] = ()) -> Changes:
    """Name the gang and the fighters whose stored rows differ."""
    from gangmanager.persistence.snapshots import snapshot_diff

    diff = snapshot_diff(before, after)
    gang = (before.gang_id,) if before.gang_id is not None else ()
    added = tuple(k[0] for k in diff.added.get("fighters", ()))
    removed = tuple(k[0] for k in diff.removed.get("fighters", ()))
    touched: set[int] = set()
    for table in {*diff.added, *diff.removed, *diff.changed}:
        for key in diff.keys(table):
            owner = before.owners.get((table, key), after.owners.get((table, key)))
            if owner is not None:
                touched.add(owner)
    changed = tuple(sorted(touched - set(added) - set(removed)))
    if "gangs" in diff.added:
        return Changes(gangs_added=gang, fighters_added=added, messages=messages)
    if "gangs" in diff.removed:
        return Changes(gangs_removed=gang, fighters_removed=removed, messages=messages)
    any_change = bool(diff.added or diff.removed or diff.changed)
    return Changes(
        gangs_changed=gang if any_change else (),
        fighters_added=added,
        fighters_changed=changed,
        fighters_removed=removed,
        messages=messages,
    )
