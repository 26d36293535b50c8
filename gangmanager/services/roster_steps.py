"""A roster edit's undo step: the stored fighters it touches (the one snapshot engine,
persistence/snapshots.py, takes their rows)."""

from __future__ import annotations

from gangmanager.rules.gang import Gang


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
