"""The undo history's rows (`uow.history`): record a step, find the one to undo or
redo, mark it undone or redone, drop it. Nothing here commits; the step's action is
opaque text (services/step_codec.py writes and reads it).

The history is linear, as a window's Edit menu shows it: undo takes the newest step
not undone, redo the step undone last, and a new step leaves the undone ones behind
(they are dead: no redo past a new edit). A clock orders it: `made` when a step is
done, `undone_at` when it is undone, each one more than any value before. Only the
newest `KEEP` steps count; older ones and dead ones are deleted every `TRIM_EVERY`
steps, so recording a step is one INSERT (roster edits count their statements).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from sqlalchemy import (
    ColumnElement,
    Insert,
    and_,
    bindparam,
    delete,
    func,
    insert,
    literal_column,
    or_,
    select,
    true,
    union_all,
    update,
)
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session

from gangmanager.persistence.history_tables import UndoStepRow

# PostgreSQL's "insufficient privilege".
INSUFFICIENT_PRIVILEGE = "42501"
# The undo history keeps the newest steps of each player (docs/limits.md).
KEEP = 100
# Old and dead steps are deleted when a step's id is a multiple of this.
TRIM_EVERY = 20

State = Literal["undo", "redo"]
# The INSERT of a step, per database dialect (`UndoSteps._insert_statement`).
_INSERTS: dict[str, Insert] = {}


@dataclass(frozen=True)
class StoredStep:
    id: int
    label: str
    gang_id: int | None
    kind: str
    action: str
    # "undo": done, undo performs `action`; "redo": undone, redo performs it.
    state: State


class UndoSteps:
    def __init__(self, session: Session) -> None:
        self._session = session

    def record(self, label: str, gang_id: int | None, kind: str, action: str) -> int | None:
        """A new step, on top of the history; its id. None on a shared server whose
        row policies predate the history (the player may not write it): the action
        is kept, without an undo step of the command line's."""
        if self._session.get_bind().dialect.name != "postgresql":
            return self._insert(label, gang_id, kind, action)
        try:
            with self._session.begin_nested():
                return self._insert(label, gang_id, kind, action)
        except DBAPIError as exc:
            if getattr(exc.orig, "sqlstate", None) != INSUFFICIENT_PRIVILEGE:
                raise
            return None

    def _insert(self, label: str, gang_id: int | None, kind: str, action: str) -> int:
        values = {"label": label, "gang_id": gang_id, "kind": kind, "action": action}
        # On the session's connection: a statement with its values given apart would go
        # the ORM's bulk way, which hands back no primary key.
        self._session.flush()  # the action's rows first (the step may name a new gang)
        result = self._session.connection().execute(self._insert_statement(), values)
        key = result.inserted_primary_key
        assert key is not None
        step_id = int(key[0])
        if step_id % TRIM_EVERY == 0:
            self.trim()
        return step_id

    def _insert_statement(self) -> Insert:
        """The INSERT of a step with its clock, built once per kind of database: every
        undoable action records one, and building the clock's subquery was half of it."""
        dialect = self._session.get_bind().dialect.name
        if dialect not in _INSERTS:
            _INSERTS[dialect] = insert(UndoStepRow).values(
                label=bindparam("label"),
                gang_id=bindparam("gang_id"),
                kind=bindparam("kind"),
                action=bindparam("action"),
                undone=False,
                made=self._tick(),
                created_at=func.current_timestamp(),
            )
        return _INSERTS[dialect]

    def to_undo(self) -> StoredStep | None:
        """The newest step not undone (None: nothing to undo)."""
        newest = self._newest()
        query = (
            select(UndoStepRow)
            .where(self._mine(), UndoStepRow.undone.is_(False), UndoStepRow.made > newest - KEEP)
            .order_by(UndoStepRow.made.desc())
            .limit(1)
        )
        row = self._session.scalars(query).first()
        return _stored(row, "undo") if row is not None else None

    def to_redo(self) -> StoredStep | None:
        """The step undone last, unless a step was done since (None: nothing to redo)."""
        query = (
            select(UndoStepRow)
            .where(self._mine(), UndoStepRow.undone.is_(True), self._alive())
            .order_by(UndoStepRow.undone_at.desc())
            .limit(1)
        )
        row = self._session.scalars(query).first()
        return _stored(row, "redo") if row is not None else None

    def get(self, step_id: int) -> StoredStep | None:
        """The step, if it is still in the history (not dropped, not left behind)."""
        # The history's newest clock read in the same SELECT (a window's undo and redo
        # count their statements).
        found = self._session.execute(
            select(UndoStepRow, self._newest().label("newest")).where(
                self._mine(), UndoStepRow.id == step_id
            )
        ).first()
        if found is None:
            return None
        row, newest = found[0], int(found[1] or 0)
        if not row.undone:
            return _stored(row, "undo") if row.made > newest - KEEP else None
        return _stored(row, "redo") if (row.undone_at or 0) > newest else None

    def states(self, step_ids: Iterable[int]) -> dict[int, State]:
        """Where each step is now (a step dropped or left behind is missing)."""
        wanted = sorted(set(step_ids))
        if not wanted:
            return {}
        newest = self._newest_now()
        query = select(UndoStepRow.id, UndoStepRow.undone, UndoStepRow.made, UndoStepRow.undone_at)
        found: dict[int, State] = {}
        for step_id, undone, made, undone_at in self._session.execute(
            query.where(self._mine(), UndoStepRow.id.in_(wanted))
        ):
            if not undone and made > newest - KEEP:
                found[step_id] = "undo"
            elif undone and (undone_at or 0) > newest:
                found[step_id] = "redo"
        return found

    def mark(self, step_id: int, *, undone: bool, kind: str, action: str) -> None:
        """The step undone (or redone): `action` now redoes (or undoes) it."""
        self._session.execute(
            update(UndoStepRow)
            .where(UndoStepRow.id == step_id)
            .values(
                undone=undone,
                kind=kind,
                action=action,
                undone_at=self._tick() if undone else UndoStepRow.undone_at,
            )
        )

    def drop(self, step_id: int) -> None:
        self._session.execute(delete(UndoStepRow).where(UndoStepRow.id == step_id))

    def trim(self) -> None:
        """Delete the steps past the newest `KEEP` and those a newer step left behind."""
        newest = self._newest()
        old = and_(UndoStepRow.undone.is_(False), UndoStepRow.made <= newest - KEEP)
        dead = and_(
            UndoStepRow.undone.is_(True), or_(UndoStepRow.undone_at.is_(None), ~self._alive())
        )
        self._session.execute(delete(UndoStepRow).where(self._mine(), or_(old, dead)))

    def _alive(self) -> ColumnElement[bool]:
        return UndoStepRow.undone_at > self._newest()

    def _newest(self) -> ColumnElement[int]:
        """The clock of the newest step done (0 for none)."""
        return (
            select(func.coalesce(func.max(UndoStepRow.made), 0))
            .where(self._mine())
            .scalar_subquery()
        )

    def _newest_now(self) -> int:
        return int(self._session.scalar(select(self._newest())) or 0)

    def _tick(self) -> ColumnElement[int]:
        """One more than any time of the history's clock."""
        times = union_all(
            select(UndoStepRow.made.label("t")).where(self._mine()),
            select(UndoStepRow.undone_at.label("t")).where(self._mine()),
        ).subquery()
        return select(func.coalesce(func.max(times.c.t), 0) + 1).scalar_subquery()

    def _mine(self) -> ColumnElement[bool]:
        """This player's steps on a shared server (its owner, the arbitrator, bypasses the
        row policies); every step on SQLite."""
        if self._session.get_bind().dialect.name == "postgresql":
            return UndoStepRow.owner == literal_column("current_user")
        return true()


def _stored(row: UndoStepRow, state: State) -> StoredStep:
    return StoredStep(row.id, row.label, row.gang_id, row.kind, row.action, state)
