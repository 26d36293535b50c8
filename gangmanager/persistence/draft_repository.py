"""Post-battle drafts, and exact row snapshots of a gang for undoing a whole sequence.

Drafts: one unfinished draft per gang at most (the wizard's "saved as you
go"); Finish stamps `finished_at` and the draft becomes history.

Snapshots: `uow.gangs.replace` rewrites child rows with new ids and bumps the
gang's version, so putting a `Gang` back would not give the same rows. A
`GangSnapshot` keeps the rows themselves (every column, ids included) of the
gang's roster, read and put back by the one snapshot engine that undoes roster
edits too (`GangRepository.snapshot`/`restore`, persistence/repository.py),
plus named extra rows (the draft, the battle). `restore_snapshot` puts them
back exactly. Battles and their events are outside the roster scope: only
the rows named as extras are restored, so an undo never deletes a battle.

A sequence in a campaign also writes outside the gang: the campaign's row and
territories, a battle side's income, log lines and history points, and the
Reputation of the gang that lost a territory. `read_outside` reads such rows
(chosen by `RowScope`s, plus whole rosters of other gangs) before and after;
`with_outside` keeps in both snapshots only the rows that differ, as they were
and as they became (None: absent). Undo puts those rows back and leaves every
other row alone (log lines written since, another gang's later edits are
refused by the check instead).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from datetime import datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import Table, delete, insert, select, update
from sqlalchemy.orm import Session

from gangmanager.persistence.repository import GangRepository, RowSnapshot, narrowed
from gangmanager.persistence.tables import Base, PostBattleDraftRow, utc_now

if TYPE_CHECKING:
    from gangmanager.persistence.unit_of_work import UnitOfWork


@dataclass(frozen=True)
class StoredDraft:
    id: int
    gang_id: int
    battle_id: int | None
    draft: dict[str, Any]
    updated_at: datetime | None


class DraftRepository:
    """Drafts of one unit of work's session; nothing here commits."""

    def __init__(self, session: Session) -> None:
        self._session = session

    def current(self, gang_id: int) -> StoredDraft | None:
        """The gang's unfinished draft (the newest, should there be several)."""
        query = (
            select(PostBattleDraftRow)
            .where(PostBattleDraftRow.gang_id == gang_id, PostBattleDraftRow.finished_at.is_(None))
            .order_by(PostBattleDraftRow.id.desc())
            .limit(1)
        )
        row = self._session.scalars(query).first()
        return _stored(row) if row is not None else None

    def get(self, draft_id: int) -> StoredDraft | None:
        row = self._session.get(PostBattleDraftRow, draft_id)
        return _stored(row) if row is not None else None

    def save(self, gang_id: int, draft: dict[str, Any], battle_id: int | None) -> int:
        """Write over the unfinished draft of the gang, or start one; returns its id."""
        query = select(PostBattleDraftRow).where(
            PostBattleDraftRow.gang_id == gang_id, PostBattleDraftRow.finished_at.is_(None)
        )
        row = self._session.scalars(query.order_by(PostBattleDraftRow.id.desc())).first()
        return self._write(row or self._new(gang_id), draft, battle_id)

    def add(self, gang_id: int, draft: dict[str, Any], battle_id: int | None) -> int:
        """A new draft row, leaving any unfinished one alone."""
        return self._write(self._new(gang_id), draft, battle_id)

    def update(self, draft_id: int, draft: dict[str, Any], battle_id: int | None) -> int:
        row = self._session.get(PostBattleDraftRow, draft_id)
        if row is None:
            raise LookupError(f"no post-battle draft {draft_id}")
        return self._write(row, draft, battle_id)

    def _new(self, gang_id: int) -> PostBattleDraftRow:
        row = PostBattleDraftRow(gang_id=gang_id)
        self._session.add(row)
        return row

    def _write(self, row: PostBattleDraftRow, draft: dict[str, Any], battle_id: int | None) -> int:
        # A new dict: the plain JSON type does not see in-place mutation.
        row.draft = dict(draft)
        row.battle_id = battle_id
        row.updated_at = utc_now()
        self._session.flush()
        return row.id

    def finish(self, draft_id: int) -> None:
        row = self._session.get(PostBattleDraftRow, draft_id)
        if row is None:
            raise LookupError(f"no post-battle draft {draft_id}")
        row.finished_at = utc_now()
        self._session.flush()

    def discard(self, gang_id: int) -> int:
        """Delete the gang's unfinished drafts; returns how many there were."""
        result = self._session.execute(
            delete(PostBattleDraftRow).where(
                PostBattleDraftRow.gang_id == gang_id, PostBattleDraftRow.finished_at.is_(None)
            )
        )
        return int(result.rowcount or 0)  # type: ignore[attr-defined]


def _stored(row: PostBattleDraftRow) -> StoredDraft:
    return StoredDraft(row.id, row.gang_id, row.battle_id, dict(row.draft), row.updated_at)


def drafts_of(uow: UnitOfWork) -> DraftRepository:
    """The draft repository of an open unit of work (kept for its callers)."""
    return uow.drafts


def session_of(uow: UnitOfWork) -> Session:
    return uow.session


# ------------------------------------------------------------------ snapshots


@dataclass(frozen=True)
class ExtraRows:
    """Chosen rows of a table outside the roster; an id without a row did not exist."""

    table: str
    ids: tuple[int, ...]
    rows: tuple[dict[str, Any], ...]


Key = tuple[Any, ...]
# (table name, primary key) -> the row's values.
OutsideRows = dict[tuple[str, Key], dict[str, Any]]


@dataclass(frozen=True)
class RowScope:
    """Rows of one table outside the roster, chosen by one column's values."""

    table: str
    column: str
    values: tuple[Any, ...]


@dataclass(frozen=True)
class OutsideRow:
    """A row outside the roster as it was (or became); None: it did not exist."""

    table: str
    key: Key
    row: dict[str, Any] | None


@dataclass(frozen=True)
class GangSnapshot:
    """Every roster row of one gang, plus chosen extra rows, exactly as stored."""

    gang_id: int
    # The roster's rows, taken and put back by the one engine (`GangRepository`).
    roster: RowSnapshot
    # Single rows outside the roster (a draft, a battle).
    extras: tuple[ExtraRows, ...]
    # Rows outside the roster that the action changed (see `with_outside`).
    outside: tuple[OutsideRow, ...] = ()
    # Other gangs whose rows are among `outside` (a territory's Reputation moved).
    other_gangs: tuple[int, ...] = ()

    @property
    def gang_ids(self) -> tuple[int, ...]:
        return (self.gang_id, *self.other_gangs)

    def extra_ids(self) -> dict[str, list[int]]:
        return {extra.table: list(extra.ids) for extra in self.extras}

    def without_row(self, table: str, row_id: int) -> GangSnapshot:
        """The same snapshot saying the row did not exist (one created after it was taken)."""
        extras = [e for e in self.extras if e.table != table]
        known = next((e for e in self.extras if e.table == table), ExtraRows(table, (), ()))
        ids = tuple(sorted({*known.ids, row_id}))
        rows = tuple(r for r in known.rows if r["id"] != row_id)
        return replace(self, extras=(*extras, ExtraRows(table, ids, rows)))


def _pk(table: Table, row: dict[str, Any]) -> tuple[Any, ...]:
    return tuple(row[c.name] for c in table.primary_key.columns)


def _roster(session: Session, gang_id: int, scope: RowSnapshot | None = None) -> RowSnapshot:
    """The gang's roster rows (under `scope`'s fighters and stash, else all), read by the
    one snapshot engine (persistence/repository.py)."""
    if scope is None:
        return GangRepository(session).snapshot(gang_id)
    return GangRepository(session).snapshot(gang_id, fighters=scope.fighters, stash=scope.stash)


def _table(name: str) -> Table:
    return Base.metadata.tables[name]


def take_snapshot(
    session: Session,
    gang_id: int,
    extras: dict[str, list[int]] | None = None,
    scope: RowSnapshot | None = None,
) -> GangSnapshot:
    """Read the gang's rows (and the extra rows by table name and id) as they are now;
    `scope`: only the roster rows of that snapshot's scope."""
    roster = _roster(session, gang_id, scope)
    if not roster.exists:
        raise LookupError(f"no gang with id {gang_id}")
    kept: list[ExtraRows] = []
    for name, ids in (extras or {}).items():
        table = _table(name)
        query = select(table).where(table.c.id.in_(ids)).order_by(table.c.id)
        rows = tuple(dict(r._mapping) for r in session.execute(query))
        kept.append(ExtraRows(name, tuple(sorted(ids)), rows))
    return GangSnapshot(gang_id, roster, tuple(kept))


def snapshot_matches(session: Session, snapshot: GangSnapshot) -> bool:
    """True when the stored rows are exactly the snapshot's (nothing changed since)."""
    now = take_snapshot(session, snapshot.gang_id, snapshot.extra_ids(), snapshot.roster)
    # The gang row's version and time of saving left out: another step's save is no change.
    return now.roster.fingerprint(loose=True) == snapshot.roster.fingerprint(loose=True) and (
        now.extras == snapshot.extras
    )


def narrowed_snapshots(
    before: GangSnapshot, after: GangSnapshot
) -> tuple[GangSnapshot, GangSnapshot]:
    """Both snapshots with the roster cut to the rows the step touched (see `narrowed`)."""
    roster_before, roster_after = narrowed(before.roster, after.roster)
    return replace(before, roster=roster_before), replace(after, roster=roster_after)


def restore_snapshot(
    session: Session, snapshot: GangSnapshot, expected: GangSnapshot | None = None
) -> None:
    """Make the stored rows the snapshot's: rows it lacks are deleted, missing ones
    inserted, changed ones updated; rows that did not change are not touched.

    When the gang row is not exactly `expected`'s any more (another step saved the
    gang since), it gets a new version instead of its old one."""
    exact = True
    if expected is not None:
        now = _roster(session, expected.gang_id, expected.roster)
        exact = now.fingerprint() == expected.roster.fingerprint()
    GangRepository(session).restore(snapshot.roster, exact=exact)
    _restore_extras(session, snapshot)
    _restore_outside(session, snapshot)
    session.flush()


def read_outside(
    session: Session, scopes: Iterable[RowScope], gangs: Iterable[int] = ()
) -> OutsideRows:
    """The rows the scopes choose, and every roster row of `gangs`, keyed by table and key."""
    found: OutsideRows = {}
    for gang_id in gangs:
        for name, rows in _roster(session, gang_id).rows.items():
            found.update({(name, key): dict(row) for key, row in rows.items()})
    for scope in scopes:
        if not scope.values:
            continue
        table = _table(scope.table)
        query = select(table).where(table.c[scope.column].in_(scope.values))
        for result in session.execute(query):
            row = dict(result._mapping)
            found[(scope.table, _pk(table, row))] = row
    return found


def with_outside(
    before: GangSnapshot,
    after: GangSnapshot,
    rows_before: Mapping[tuple[str, Key], dict[str, Any]],
    rows_after: Mapping[tuple[str, Key], dict[str, Any]],
    other_gangs: Iterable[int] = (),
) -> tuple[GangSnapshot, GangSnapshot]:
    """Both snapshots with the outside rows that differ, as they were and as they became."""
    order = {table.name: index for index, table in enumerate(Base.metadata.sorted_tables)}
    changed = sorted(
        (key for key in {*rows_before, *rows_after} if rows_before.get(key) != rows_after.get(key)),
        key=lambda k: (order[k[0]], repr(k[1])),
    )
    others = tuple(sorted(set(other_gangs) - {before.gang_id}))
    was = tuple(OutsideRow(t, k, rows_before.get((t, k))) for t, k in changed)
    now = tuple(OutsideRow(t, k, rows_after.get((t, k))) for t, k in changed)
    return (
        replace(before, outside=was, other_gangs=others),
        replace(after, outside=now, other_gangs=others),
    )


def _stored_row(session: Session, table: Table, key: Key) -> dict[str, Any] | None:
    found = session.execute(select(table).where(*_pk_match(table, key))).first()
    return dict(found._mapping) if found is not None else None


def outside_matches(session: Session, snapshot: GangSnapshot) -> bool:
    """True when every outside row of the snapshot is stored exactly so (or absent)."""
    return all(_stored_row(session, _table(o.table), o.key) == o.row for o in snapshot.outside)


def rows_match(session: Session, rows: Iterable[OutsideRow]) -> bool:
    """True when every row is stored exactly so (or absent where its row is None)."""
    return all(_stored_row(session, _table(o.table), o.key) == o.row for o in rows)


def _restore_outside(session: Session, snapshot: GangSnapshot) -> None:
    restore_rows(session, snapshot.outside)


def restore_rows(session: Session, wanted: Iterable[OutsideRow]) -> None:
    """Delete the rows that should not exist (children first), then insert or update the
    others (parents first)."""
    order = {table.name: index for index, table in enumerate(Base.metadata.sorted_tables)}
    rows = sorted(wanted, key=lambda o: order[o.table])
    for item in reversed(rows):
        if item.row is None:
            table = _table(item.table)
            session.execute(delete(table).where(*_pk_match(table, item.key)))
    for item in rows:
        if item.row is None:
            continue
        table = _table(item.table)
        if _stored_row(session, table, item.key) is None:
            session.execute(insert(table).values(item.row))
        else:
            session.execute(update(table).where(*_pk_match(table, item.key)).values(item.row))


def _restore_extras(session: Session, snapshot: GangSnapshot) -> None:
    for extra in snapshot.extras:
        # Updated in place, never deleted and inserted again: deleting a battle
        # would cascade to its events and null the drafts pointing at it.
        table = _table(extra.table)
        kept = {row["id"]: row for row in extra.rows}
        present = set(session.scalars(select(table.c.id).where(table.c.id.in_(extra.ids))))
        gone = [row_id for row_id in extra.ids if row_id not in kept]
        if gone:
            session.execute(delete(table).where(table.c.id.in_(gone)))
        for row_id, row in kept.items():
            if row_id in present:
                session.execute(update(table).where(table.c.id == row_id).values(row))
            else:
                session.execute(insert(table).values(row))


def _pk_match(table: Table, pk: tuple[Any, ...]) -> list[Any]:
    return [column == value for column, value in zip(table.primary_key.columns, pk, strict=True)]
