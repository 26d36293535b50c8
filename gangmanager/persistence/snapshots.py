"""Row snapshots: the one undo engine of the application.

Snapshots (`snapshot`, `restore`, `swap`) are opaque plain data that undo keeps
and hands back, so an undone edit or deletion puts back exactly the rows that
were stored, with the same ids. Roster edits, the post-battle sequence and
campaign actions take, check and put back their rows through it
(docs/operations.md). Every method runs inside the session of one unit of work;
nothing here commits.
"""

from __future__ import annotations

import builtins
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from sqlalchemy import (
    ColumnElement,
    Table,
    Update,
    and_,
    delete,
    func,
    select,
    tuple_,
    update,
)
from sqlalchemy.orm import Session

from gangmanager.errors import RestoreError
from gangmanager.persistence import row_changes

# The shapes live in row_snapshot.py and the reading in snapshot_reading.py; the
# names the services and tests import from here stay here.
from gangmanager.persistence.row_snapshot import (
    BOOKKEEPING,
    Key,
    Rows,
    RowScope,
    RowSnapshot,
    SnapshotDiff,
    StaleRows,
    _key,
    _pk,
    _without_bookkeeping,
    narrowed,
    snapshot_diff,
)
from gangmanager.persistence.snapshot_reading import OWN_TRANSACTION, _collect
from gangmanager.persistence.tables import Base, utc_now

__all__ = [
    "BOOKKEEPING",
    "OWN_TRANSACTION",
    "Key",
    "RowScope",
    "RowSnapshot",
    "RowSnapshots",
    "Rows",
    "SnapshotDiff",
    "StaleRows",
    "narrowed",
    "snapshot_diff",
]


class RowSnapshots:
    """`uow.snapshots`: take, check and put back rows of any scope."""

    def __init__(self, session: Session) -> None:
        self._session = session

    def snapshot(
        self,
        gang_id: int | None,
        *,
        whole: bool = False,
        fighters: tuple[int, ...] | None = None,
        stash: bool = True,
        outside: tuple[RowScope, ...] = (),
    ) -> RowSnapshot:
        """Every stored row of the gang's roster, or with `whole` of everything it owns.

        The roster is the gang row, its fighters with all that hangs from them,
        and its stash. `whole` follows every foreign key that cascades from the
        gang (battles, their events, drafts, and any table added later), as a
        deletion of the gang would. Rows that only point at the gang with
        ON DELETE SET NULL are recorded as links to put back. A gang that does
        not exist gives an empty snapshot.

        A narrower scope for a roster edit: `fighters` names the fighters whose rows
        are read (None: all of them), `stash` whether the stash is; the gang row is
        always read. Its statements then do not grow with the roster.

        `outside`: rows of other tables (a campaign's, a battle, a draft, another
        gang's row) chosen by `RowScope`s, one SELECT each. `gang_id` None: those
        rows only (a campaign action touches no roster).
        """
        scope = RowSnapshot(gang_id, whole, fighters=fighters, stash=stash, outside=outside)
        return _collect(self._session, scope)

    def again(self, scope: RowSnapshot) -> RowSnapshot:
        """The rows of `scope`'s scope as they are stored now."""
        return _collect(self._session, scope)

    def top_ids(self, tables: Iterable[str]) -> dict[str, int]:
        """The highest id of each table (0 when empty), in one SELECT: rows above it
        after an action are the ones it added (`RowScope.above`)."""
        names = sorted(set(tables))
        if not names:
            return {}
        metadata = Base.metadata
        query = select(
            *(
                select(func.coalesce(func.max(metadata.tables[n].c.id), 0)).scalar_subquery()
                for n in names
            )
        )
        row = self._session.execute(query).one()
        return {name: int(value) for name, value in zip(names, row, strict=True)}

    def swap(self, expected: RowSnapshot, target: RowSnapshot) -> RowSnapshot:
        """Undo or redo of a step: when the rows of `expected`'s scope are still as it
        says (the gang row's version and time of saving left out), make them `target`'s
        and return what they were. StaleRows (nothing written) when one changed since."""
        current = _collect(self._session, expected)
        if current.fingerprint(loose=True) != expected.fingerprint(loose=True):
            loose = snapshot_diff(_loose(expected), _loose(current))
            raise StaleRows(
                tuple(
                    (t, k)
                    for t in sorted({*loose.added, *loose.removed, *loose.changed})
                    for k in loose.keys(t)
                )
            )
        exact = current.fingerprint() == expected.fingerprint()
        return self.restore(target, exact=exact, current=current)

    def swap_all(self, pairs: Sequence[tuple[RowSnapshot, RowSnapshot]]) -> None:
        """`swap` of several snapshots as one step (a campaign import: the campaign's rows
        and the roster of each gang it added or updated). Every `expected` is checked
        before anything is written (StaleRows naming all that changed); then the rows
        are put back in one pass, parents before children, since one snapshot's rows
        point at another's (a campaign's members at the gangs it added)."""
        stale: builtins.list[tuple[str, Key]] = []
        currents: builtins.list[RowSnapshot] = []
        for expected, _ in pairs:
            current = _collect(self._session, expected)
            if current.fingerprint(loose=True) != expected.fingerprint(loose=True):
                loose = snapshot_diff(_loose(expected), _loose(current))
                changed = {*loose.added, *loose.removed, *loose.changed}
                stale += [(t, k) for t in sorted(changed) for k in loose.keys(t)]
            currents.append(current)
        if stale:
            raise StaleRows(tuple(stale))
        wanted_rows: dict[str, dict[Key, Mapping[str, Any]]] = {}
        current_rows: dict[str, dict[Key, Mapping[str, Any]]] = {}
        links: dict[tuple[str, Key, str], Any] = {}
        for (expected, target), current in zip(pairs, currents, strict=True):
            roster = target.gang_id is not None and not target.whole
            if roster and not target.exists and current.exists:
                raise RestoreError("a roster snapshot cannot delete its gang")
            if current.fingerprint() != expected.fingerprint():
                target = _moved_on(target, current)
            for name, rows in target.rows.items():
                wanted_rows.setdefault(name, {}).update(rows)
            for name, rows in current.rows.items():
                current_rows.setdefault(name, {}).update(rows)
            links.update(target.links)
        self.restore(
            RowSnapshot(None, False, wanted_rows, links),
            current=RowSnapshot(None, False, current_rows),
        )

    def restore(
        self, wanted: RowSnapshot, *, exact: bool = True, current: RowSnapshot | None = None
    ) -> RowSnapshot:
        """Make the stored rows of `wanted`'s scope exactly `wanted`; return what they were.

        Rows are deleted, inserted with their old ids, or updated column by
        column, so a restored gang or fighter has the same ids (and version)
        as before. RestoreError when an id to put back has been taken since.
        Not `exact`: the gang row moved on since (another step saved the gang),
        so it gets a new version instead of its old one, and other windows reload.
        `current`: the rows of that scope just read (saves reading them again).
        """
        if current is None:
            current = _collect(self._session, wanted)
        self._write(wanted, exact=exact, current=current)
        return current

    def put_back(self, wanted: RowSnapshot, *, exact: bool, current: RowSnapshot) -> RowSnapshot:
        """`restore` of `wanted` over `current` (its scope's rows just read), returning the
        rows as stored afterwards, equal to what `again` would read: worked out from what
        was written, so an undo reads its rows once. The gang rows' new version and time
        of saving come back from the database (RETURNING), as a read would give them;
        links (ON DELETE SET NULL) and gang rows cut to some columns are read again."""
        written = self._write(wanted, exact=exact, current=current)
        stored = _as_stored(written, current)
        return stored if stored is not None else _collect(self._session, wanted)

    def _write(self, wanted: RowSnapshot, *, exact: bool, current: RowSnapshot) -> RowSnapshot:
        """The writes of `restore`; `wanted` as written (a moved-on gang row with the
        version and time of saving it was stored with)."""
        if wanted.gang_id is not None and not wanted.whole and not wanted.exists and current.exists:
            raise RestoreError("a roster snapshot cannot delete its gang")
        if not exact:
            wanted = _moved_on(wanted, current)
        diff = snapshot_diff(current, wanted)
        _note(self._session, diff, current, wanted)
        tables = Base.metadata.sorted_tables
        for table in reversed(tables):
            keys = diff.removed.get(table.name)
            if keys:
                self._session.execute(delete(table).where(_key_in(table, keys)))
        saved: dict[Key, Mapping[str, Any]] = {}
        for table in tables:
            self._insert(
                table, [wanted.rows[table.name][k] for k in diff.added.get(table.name, ())]
            )
            for key in diff.changed.get(table.name, ()):
                values = wanted.rows[table.name][key]
                statement = update(table).where(_key_is(table, key)).values(values)
                if not exact and table.name == "gangs":
                    saved[key] = self._saved(statement, table, key)
                else:
                    self._session.execute(statement)
        for (table_name, key, column), value in wanted.links.items():
            table = Base.metadata.tables[table_name]
            self._session.execute(update(table).where(_key_is(table, key)).values({column: value}))
        if not saved:
            return wanted
        gangs = {k: {**row, **saved.get(k, {})} for k, row in wanted.rows["gangs"].items()}
        return replace(wanted, rows={**wanted.rows, "gangs": gangs})

    def _saved(self, statement: Update, table: Table, key: Key) -> Mapping[str, Any]:
        """Write a moved-on gang row; its version and time of saving as stored (a time
        read back is not the one written: SQLite keeps no time zone)."""
        columns = [table.c[c] for c in sorted(BOOKKEEPING)]
        if self._session.get_bind().dialect.update_returning:
            return dict(self._session.execute(statement.returning(*columns)).one()._mapping)
        self._session.execute(statement)
        found = self._session.execute(select(*columns).where(_key_is(table, key))).one()
        return dict(found._mapping)

    def _insert(self, table: Table, values: builtins.list[Mapping[str, Any]]) -> None:
        if not values:
            return
        keys = [_key(table, v) for v in values]
        taken = self._session.execute(select(*_pk(table)).where(_key_in(table, keys))).all()
        if taken:
            raise RestoreError(
                f"{table.name} {', '.join(str(tuple(t)) for t in taken[:3])}"
                " has been used by a newer record since"
            )
        self._session.execute(table.insert(), [dict(v) for v in values])


def _note(session: Session, diff: SnapshotDiff, current: RowSnapshot, wanted: RowSnapshot) -> None:
    """Name the rows a restore writes to the unit of work's change list, with their fighter."""
    for kind, keys, snapshot in (
        ("removed", diff.removed, current),
        ("added", diff.added, wanted),
        ("changed", diff.changed, wanted),
    ):
        for table, table_keys in keys.items():
            rows: builtins.list[Mapping[str, Any]] = []
            for key in table_keys:
                row = snapshot.rows[table][key]
                owner = snapshot.owners.get((table, key))
                rows.append(row if table in ("gangs", "fighters") else {**row, "_fighter": owner})
            row_changes.note(session, table, rows, kind)  # type: ignore[arg-type]


def _key_is(table: Table, key: Key) -> ColumnElement[bool]:
    return and_(*(c == v for c, v in zip(_pk(table), key, strict=True)))


def _key_in(table: Table, keys: builtins.list[Key] | tuple[Key, ...]) -> ColumnElement[bool]:
    columns = _pk(table)
    if len(columns) == 1:
        return columns[0].in_([k[0] for k in keys])
    return tuple_(*columns).in_(keys)


def _loose(snapshot: RowSnapshot) -> RowSnapshot:
    """The snapshot without the gang rows' bookkeeping (what the stale check compares)."""
    rows = {
        name: {k: _without_bookkeeping(name, v, True) for k, v in table.items()}
        for name, table in snapshot.rows.items()
    }
    return replace(snapshot, rows=rows)


def _moved_on(wanted: RowSnapshot, current: RowSnapshot) -> RowSnapshot:
    """`wanted` with the gang row's bookkeeping of a new save after `current`."""
    gangs = dict(wanted.rows.get("gangs", {}))
    now = current.rows.get("gangs", {})
    for key, row in gangs.items():
        if key in now:
            gangs[key] = {**row, "version": now[key]["version"] + 1, "updated_at": utc_now()}
    return replace(wanted, rows={**wanted.rows, "gangs": gangs})


def _as_stored(written: RowSnapshot, current: RowSnapshot) -> RowSnapshot | None:
    """The rows of `written`'s scope once it is written over `current`, as `_collect`
    would read them (None: only a read tells). A write makes the scope's rows those of
    `written` exactly: the scope's rows were `current`, every one of them not in
    `written` was deleted, the others inserted or updated. Links are not worked out: a
    deleted row's links are set to NULL by the database, and a link written may point
    from a row gone since."""
    if written.links or current.links:
        return None
    if any(s.table == "gangs" and s.columns is not None for s in written.outside):
        return None  # a read cuts them to their columns; the bookkeeping written is not
    rows = {name: dict(table) for name, table in written.rows.items() if table}
    # A read always names the gangs table when it reads it, even when nothing is found.
    if written.gang_id is not None or any(
        s.table == "gangs" and (s.values or s.above is not None) for s in written.outside
    ):
        rows.setdefault("gangs", {})
    owners = {k: v for k, v in written.owners.items() if k[1] in rows.get(k[0], {})}
    return replace(written, rows=rows, owners=owners)
