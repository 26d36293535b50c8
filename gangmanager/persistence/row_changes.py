"""What one unit of work wrote, row by row, named by aggregate: the gangs and fighters
added, changed or removed and the campaigns changed. `perform` adds them to the
outcome's change list, so a handler cannot under-report what it wrote.

Two sources, both per session: the ORM's flushes (every object inserted, updated or
deleted; `after_flush`), and the snapshot engine's own statements, which name the
rows they put back (`note`). A gang deleted by its one DELETE is noted by the
repository with the fighters the database's cascade takes with it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from sqlalchemy import event, inspect
from sqlalchemy.orm import Session

from gangmanager.persistence import gang_aggregate

Kind = Literal["added", "changed", "removed"]

# Rows below a fighter name it by this column (a weapon's profile by its weapon).
_FIGHTER_CHILD = {"modifiers": "fighter_id", "weapons": "fighter_id", "wargear": "fighter_id"}
# Campaign tables name their campaign by campaign_id.
_CAMPAIGN_TABLES = frozenset(
    {
        "campaigns",
        "campaign_gangs",
        "campaign_territories",
        "campaign_battles",
        "campaign_log",
        "campaign_snapshots",
        "campaign_files",
    }
)

# A campaign's rows that change what its gang shows: joining or leaving. (A territory's
# holder does not: the campaign writes its holdings anew at each save; the Reputation a
# territory moves is written to the gangs' own rows.)
_GANG_IN_CAMPAIGN = frozenset({"campaign_gangs"})


@dataclass
class RowChanges:
    gangs_added: set[int] = field(default_factory=set)
    gangs_changed: set[int] = field(default_factory=set)
    gangs_removed: set[int] = field(default_factory=set)
    fighters_added: set[int] = field(default_factory=set)
    fighters_changed: set[int] = field(default_factory=set)
    fighters_removed: set[int] = field(default_factory=set)
    campaigns_changed: set[int] = field(default_factory=set)
    # A weapon's fighter, for its profiles (weapon id -> fighter id).
    _weapons: dict[int, int] = field(default_factory=dict)

    def note(self, table: str, row: Mapping[str, Any], kind: Kind) -> None:
        """One row written: `row` holds at least its id and the columns that name its
        gang, fighter or campaign (`_fighter`: the fighter the snapshot engine knows)."""
        gang = gang_aggregate.GANG
        if table == gang.root:
            getattr(self, f"gangs_{kind}").add(row["id"])
        elif table == gang.members:
            getattr(self, f"fighters_{kind}").add(row["id"])
            if row.get("gang_id") is not None:
                self.gangs_changed.add(row["gang_id"])
        elif row.get("_fighter") is not None:
            self.fighters_changed.add(row["_fighter"])
        elif table in _FIGHTER_CHILD:
            fighter = row.get(_FIGHTER_CHILD[table])
            if table == "weapons" and fighter is not None and row.get("id") is not None:
                self._weapons[row["id"]] = fighter
            if fighter is not None:
                self.fighters_changed.add(fighter)
        elif table == "weapon_profiles":
            fighter = self._weapons.get(row.get("weapon_id", -1))
            if fighter is not None:
                self.fighters_changed.add(fighter)
        elif table in gang.owned and row.get("gang_id") is not None:
            self.gangs_changed.add(row["gang_id"])
        elif table in _CAMPAIGN_TABLES:
            campaign = row.get("id") if table == "campaigns" else row.get("campaign_id")
            if campaign is not None:
                self.campaigns_changed.add(campaign)
            if table in _GANG_IN_CAMPAIGN and row.get("gang_id") is not None:
                self.gangs_changed.add(row["gang_id"])

    def fields(self) -> dict[str, set[int]]:
        """The sets by `services.changes.Changes` field name."""
        return {
            "gangs_added": self.gangs_added,
            "gangs_changed": self.gangs_changed,
            "gangs_removed": self.gangs_removed,
            "fighters_added": self.fighters_added,
            "fighters_changed": self.fighters_changed,
            "fighters_removed": self.fighters_removed,
            "campaigns_changed": self.campaigns_changed,
        }

    def settled(self) -> RowChanges:
        """Changed means neither added nor removed (a new gang is not also a changed one)."""
        gangs = self.gangs_changed - self.gangs_added - self.gangs_removed
        fighters = self.fighters_changed - self.fighters_added - self.fighters_removed
        return RowChanges(
            set(self.gangs_added),
            gangs,
            set(self.gangs_removed),
            set(self.fighters_added),
            fighters,
            set(self.fighters_removed),
            set(self.campaigns_changed),
        )


def watch(session: Session) -> RowChanges:
    """Collect what `session` writes from now on."""
    changes = RowChanges()
    session.info["row_changes"] = changes

    def after_flush(flushed: Session, _context: object) -> None:
        passes: tuple[tuple[Kind, Iterable[object]], ...] = (
            ("added", flushed.new),
            ("changed", flushed.dirty),
        )
        for kind, objects in passes:
            for obj in _weapons_first(objects):
                if kind == "changed" and not flushed.is_modified(obj, include_collections=False):
                    continue
                _note_object(flushed, changes, obj, kind)

    def deleted(gone: Session, obj: object) -> None:
        # Every row the flush deleted, a child its parent's list let go of (delete-orphan)
        # as well: those are not in `session.deleted` when the flush starts.
        _note_object(gone, changes, obj, "removed")

    event.listen(session, "after_flush", after_flush)
    event.listen(session, "persistent_to_deleted", deleted)
    return changes


def _weapons_first(objects: Iterable[object]) -> list[object]:
    """A weapon before its profiles: they name their fighter through it."""
    return sorted(objects, key=lambda o: inspect(o).mapper.local_table.name != "weapons")


def _note_object(session: Session, changes: RowChanges, obj: object, kind: Kind) -> None:
    state = inspect(obj)
    mapper = state.mapper
    table = mapper.local_table.name
    # What is loaded only: reading an expired column would query again.
    loaded = state.dict
    values = {c.key: loaded.get(c.key) for c in mapper.column_attrs}
    if table == "weapon_profiles" and values.get("weapon_id") not in changes._weapons:
        _know_weapons(session, changes)
    changes.note(table, values, kind)


def _know_weapons(session: Session, changes: RowChanges) -> None:
    """Each weapon the session holds, by its fighter (a profile alone names nobody)."""
    for obj in session.identity_map.values():
        state = inspect(obj)
        if state.mapper.local_table.name == "weapons":
            weapon, fighter = state.dict.get("id"), state.dict.get("fighter_id")
            if weapon is not None and fighter is not None:
                changes._weapons[weapon] = fighter


def note(session: Session, table: str, rows: Sequence[Mapping[str, Any]], kind: Kind) -> None:
    """Rows a statement of ours wrote outside the ORM (the snapshot engine's)."""
    changes = session.info.get("row_changes")
    if isinstance(changes, RowChanges):
        for row in rows:
            changes.note(table, row, kind)
