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
import hashlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from sqlalchemy import ColumnElement, Table, and_, delete, func, or_, select, text, tuple_, update
from sqlalchemy.orm import Session

from gangmanager.errors import RestoreError
from gangmanager.persistence import gang_aggregate, row_changes
from gangmanager.persistence.tables import Base, utc_now


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
        for table in tables:
            self._insert(
                table, [wanted.rows[table.name][k] for k in diff.added.get(table.name, ())]
            )
            for key in diff.changed.get(table.name, ()):
                values = wanted.rows[table.name][key]
                self._session.execute(update(table).where(_key_is(table, key)).values(values))
        for (table_name, key, column), value in wanted.links.items():
            table = Base.metadata.tables[table_name]
            self._session.execute(update(table).where(_key_is(table, key)).values({column: value}))
        return current

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


# ---------------------------------------------------------------- row snapshots

Key = tuple[Any, ...]
Rows = Mapping[str, Mapping[Key, Mapping[str, Any]]]
# The tables of the gang's roster: gang_aggregate.GANG, read when a snapshot is
# taken (a test adds a table to it).


# Gang-row columns every save changes: the stale check of a step skips them.
BOOKKEEPING = frozenset({"version", "updated_at"})


class StaleRows(Exception):
    """Rows of a step's scope changed since it was taken: its undo or redo is refused."""

    def __init__(self, rows: tuple[tuple[str, Key], ...]) -> None:
        super().__init__(f"{len(rows)} row(s) changed since")
        self.rows = rows


# PostgreSQL: the row was written by the current (top-level) transaction. `xmin` is
# the 32-bit id of the writing transaction; txid_current() is that id with an epoch.
OWN_TRANSACTION = text("xmin::text = (txid_current() % 4294967296)::text")


@dataclass(frozen=True)
class RowScope:
    """Rows of one table outside a gang's roster: those whose `column` is one of
    `values`, and with `above` those whose id is higher (rows an action added).

    `columns`: only these columns of the rows are kept (with the key and `column`), so
    a step that owns one column of a shared row (one gang's done mark on a two-gang
    battle) is not made stale by a change of another, nor puts one back."""

    table: str
    column: str = "id"
    values: tuple[Any, ...] = ()
    above: int | None = None
    columns: tuple[str, ...] | None = None

    def project(self, row: Mapping[str, Any]) -> dict[str, Any]:
        if self.columns is None:
            return dict(row)
        kept = {"id", self.column, *self.columns}
        return {c: v for c, v in row.items() if c in kept}

    def holds(self, table: str, row: Mapping[str, Any]) -> bool:
        if table != self.table:
            return False
        return row[self.column] in self.values or (
            self.above is not None and row["id"] > self.above
        )


@dataclass(frozen=True)
class RowSnapshot:
    """Stored rows of one scope, as plain values keyed by table and primary key.

    The scope: a gang's (`whole`: everything it owns, else its roster, narrowed to
    the `fighters` named (None: all) and the stash or not; `gang_id` None: no
    gang), plus the rows `outside` chooses in other tables.
    """

    gang_id: int | None
    whole: bool
    rows: Rows = field(default_factory=dict)
    # (table, primary key, column) -> value: ON DELETE SET NULL references from outside.
    links: Mapping[tuple[str, Key, str], Any] = field(default_factory=dict)
    # (table, primary key) -> id of the fighter the row belongs to (fighters and below).
    owners: Mapping[tuple[str, Key], int] = field(default_factory=dict)
    fighters: tuple[int, ...] | None = None
    stash: bool = True
    outside: tuple[RowScope, ...] = ()
    # The gang row's columns in scope (None: all): a step that only saved the gang row
    # (its version) keeps the bookkeeping, so a later change of the gang's fields
    # (Reputation on joining a campaign) does not make it stale.
    gang_columns: tuple[str, ...] | None = None

    @property
    def exists(self) -> bool:
        """Whether the gang's own row is stored (other gangs' rows may be `outside`)."""
        return self.gang_id is not None and (self.gang_id,) in self.rows.get("gangs", {})

    @property
    def gang_ids(self) -> tuple[int, ...]:
        """The gangs whose own row the snapshot holds (its gang, and others `outside`)."""
        return tuple(sorted(k[0] for k in self.rows.get("gangs", {})))

    @property
    def gang_row(self) -> Mapping[str, Any] | None:
        """The gang's own row as the snapshot holds it (None: it is not in it)."""
        return self.rows.get("gangs", {}).get((self.gang_id,))

    @property
    def gang_name(self) -> str | None:
        """The gang's name as the snapshot holds it (None: its row is not in it)."""
        row = self.gang_row
        return row["name"] if row else None

    def is_outside(self, table: str, key: Key) -> bool:
        """A row chosen by `outside`, not one of the gang's roster."""
        if table == "gangs" and key == (self.gang_id,):
            return False
        row = self.rows.get(table, {}).get(key)
        return row is not None and any(s.holds(table, row) for s in self.outside)

    def widened(self, fighters: tuple[int, ...]) -> RowSnapshot:
        """The same rows under a scope with more fighters (ones that did not exist yet)."""
        if self.fighters is None:
            return self
        return replace(self, fighters=tuple(sorted({*self.fighters, *fighters})))

    def fingerprint(self, *, loose: bool = False) -> str:
        """Equal for equal stored contents: undo checks nobody changed the rows since.

        `loose` leaves out the gang row's version and time of saving: a step is
        stale when a row it touched changed, not when another step saved the gang.
        """
        parts = [
            (
                name,
                sorted(
                    (key, sorted(_without_bookkeeping(name, values, loose).items()))
                    for key, values in table.items()
                ),
            )
            for name, table in sorted(self.rows.items())
            if table
        ]
        text = repr((parts, sorted(self.links.items())))
        return hashlib.sha256(text.encode()).hexdigest()


@dataclass(frozen=True)
class SnapshotDiff:
    """Keys per table: in `after` only (added), in `before` only (removed), in both but different."""

    added: Mapping[str, tuple[Key, ...]]
    removed: Mapping[str, tuple[Key, ...]]
    changed: Mapping[str, tuple[Key, ...]]

    def keys(self, table: str) -> set[Key]:
        return {
            *self.added.get(table, ()),
            *self.removed.get(table, ()),
            *self.changed.get(table, ()),
        }


def snapshot_diff(before: RowSnapshot, after: RowSnapshot) -> SnapshotDiff:
    """What turns `before` into `after`, row by row (a pure function)."""
    added: dict[str, tuple[Key, ...]] = {}
    removed: dict[str, tuple[Key, ...]] = {}
    changed: dict[str, tuple[Key, ...]] = {}
    for name in sorted(set(before.rows) | set(after.rows)):
        old, new = before.rows.get(name, {}), after.rows.get(name, {})
        added[name] = tuple(sorted(k for k in new if k not in old))
        removed[name] = tuple(sorted(k for k in old if k not in new))
        changed[name] = tuple(sorted(k for k in new if k in old and new[k] != old[k]))
    return SnapshotDiff(
        {k: v for k, v in added.items() if v},
        {k: v for k, v in removed.items() if v},
        {k: v for k, v in changed.items() if v},
    )


def narrowed(before: RowSnapshot, after: RowSnapshot) -> tuple[RowSnapshot, RowSnapshot]:
    """Both roster snapshots cut to the rows a step touched: the gang row, the fighters
    whose rows differ (added and removed ones too) and the stash if it differs. The
    step's undo then checks and puts back those rows only."""
    if before.whole or after.whole:
        return before, after
    diff = snapshot_diff(before, after)
    # Outside rows: those that differ, named by id (a row added since is not the step's).
    touched: dict[str, set[Any]] = {}
    for table in {*diff.added, *diff.removed, *diff.changed}:
        for key in diff.keys(table):
            if before.is_outside(table, key) or after.is_outside(table, key):
                touched.setdefault(table, set()).add(key[0])
    outside = tuple(
        RowScope(t, _key_column(t), tuple(sorted(ids)), columns=_scope_columns(before.outside, t))
        for t, ids in sorted(touched.items())
    )
    columns = _changed_columns(before, after)
    before = replace(before, outside=outside, gang_columns=columns)
    after = replace(after, outside=outside, gang_columns=columns)
    before, after = _project(before), _project(after)
    if before.gang_id is None:
        return _cut(before, (), False), _cut(after, (), False)
    fighters: set[int] = set()
    for table in {*diff.added, *diff.removed, *diff.changed}:
        for key in diff.keys(table):
            owner = before.owners.get((table, key), after.owners.get((table, key)))
            if owner is not None:
                fighters.add(owner)
    stash = any(diff.keys(t) for t in gang_aggregate.GANG.owned)
    scope = tuple(sorted(fighters))
    return _cut(before, scope, stash), _cut(after, scope, stash)


def _key_column(table: str) -> str:
    """The column a touched row is named by: its key ("id", or `gang_id` for a gang's
    one row of a table such as gang_files)."""
    columns = _pk(Base.metadata.tables[table])
    return str(columns[0].key) if len(columns) == 1 else "id"


def _scope_columns(scopes: tuple[RowScope, ...], table: str) -> tuple[str, ...] | None:
    """The columns the scopes of `table` keep (None: all, when any scope keeps all)."""
    found = [s.columns for s in scopes if s.table == table]
    if not found or any(c is None for c in found):
        return None
    return tuple(sorted({c for cols in found if cols is not None for c in cols}))


def _changed_columns(before: RowSnapshot, after: RowSnapshot) -> tuple[str, ...] | None:
    """The gang row's columns in the step's scope: all of them (None) when the step changed
    one of its fields; else the row was saved, not changed, and only its id, name (for
    messages) and bookkeeping are kept, so a later change of a field (Reputation on
    joining a campaign) is no change of a row the step touched."""
    key = (before.gang_id,)
    old, new = before.rows.get("gangs", {}).get(key), after.rows.get("gangs", {}).get(key)
    if old is None or new is None:
        return before.gang_columns
    if any(old.get(c) != new[c] for c in new if c not in BOOKKEEPING):
        return None
    return tuple(sorted({"id", "name", *BOOKKEEPING} & set(new)))


def _project(snapshot: RowSnapshot) -> RowSnapshot:
    """The snapshot with the gang's own row cut to `gang_columns`."""
    columns, key = snapshot.gang_columns, (snapshot.gang_id,)
    row = snapshot.rows.get("gangs", {}).get(key)
    if columns is None or row is None:
        return snapshot
    gangs = {**snapshot.rows["gangs"], key: {c: row[c] for c in columns if c in row}}
    return replace(snapshot, rows={**snapshot.rows, "gangs": gangs})


def _cut(snapshot: RowSnapshot, fighters: tuple[int, ...], stash: bool) -> RowSnapshot:
    keep = set(fighters)
    rows: dict[str, Mapping[Key, Mapping[str, Any]]] = {}
    for table, table_rows in snapshot.rows.items():
        kept = {
            k: v
            for k, v in table_rows.items()
            if snapshot.is_outside(table, k)
            or (table == "gangs" and k == (snapshot.gang_id,))
            or (stash and table in gang_aggregate.GANG.owned)
            or snapshot.owners.get((table, k)) in keep
        }
        if kept:
            rows[table] = kept
    owners = {k: v for k, v in snapshot.owners.items() if v in keep}
    return replace(snapshot, rows=rows, owners=owners, fighters=fighters, stash=stash)


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


def _pk(table: Table) -> builtins.list[Any]:
    return builtins.list(table.primary_key.columns)


def _key(table: Table, values: Mapping[Any, Any]) -> Key:
    return tuple(values[c.key] for c in _pk(table))


def _key_is(table: Table, key: Key) -> ColumnElement[bool]:
    return and_(*(c == v for c, v in zip(_pk(table), key, strict=True)))


def _key_in(table: Table, keys: builtins.list[Key] | tuple[Key, ...]) -> ColumnElement[bool]:
    columns = _pk(table)
    if len(columns) == 1:
        return columns[0].in_([k[0] for k in keys])
    return tuple_(*columns).in_(keys)


def _without_bookkeeping(table: str, values: Mapping[str, Any], loose: bool) -> Mapping[str, Any]:
    if not loose or table != "gangs":
        return values
    return {k: v for k, v in values.items() if k not in BOOKKEEPING}


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


def _collect(session: Session, scope: RowSnapshot) -> RowSnapshot:
    """Walk the foreign keys down from the gang row, parents before children."""
    gang_id, whole = scope.gang_id, scope.whole
    metadata = Base.metadata
    gangs = metadata.tables["gangs"]
    rows: dict[str, dict[Key, dict[str, Any]]] = {}
    links: dict[tuple[str, Key, str], Any] = {}
    owners: dict[tuple[str, Key], int] = {}
    if gang_id is not None:
        rows["gangs"] = _select(session, gangs, gangs.c.id == gang_id)
    for table in metadata.sorted_tables if gang_id is not None else ():
        if table is gangs:
            continue
        cascade: builtins.list[ColumnElement[bool]] = []
        set_null: builtins.list[tuple[Any, builtins.list[Any]]] = []
        for fk in table.foreign_keys:
            parent = fk.column.table
            parent_rows = rows.get(parent.name)
            if not parent_rows or (
                parent is gangs and not whole and table.name not in gang_aggregate.GANG.tables
            ):
                continue
            if parent is gangs and not whole and not _in_scope(table.name, scope):
                continue
            fighters = gang_aggregate.GANG.members
            if parent is gangs and table.name == fighters and scope.fighters is not None:
                # Only the fighters named: the rows read do not grow with the roster.
                cascade.append(and_(fk.parent == gang_id, table.c.id.in_(scope.fighters)))
                continue
            values = sorted({r[fk.column.key] for r in parent_rows.values()})
            rule = (fk.ondelete or "").upper()
            if rule == "CASCADE":
                cascade.append(fk.parent.in_(values))
            elif rule == "SET NULL":
                set_null.append((fk.parent, values))
        members = _select(session, table, or_(*cascade)) if cascade else {}
        if members:
            rows[table.name] = members
        for column, values in set_null:
            for key, row in _select(session, table, column.in_(values)).items():
                if key not in members:
                    links[(table.name, key, column.key)] = row[column.key]
        _own(table, members, rows, owners)
    # Read after the roster's walk, so no foreign key is followed from these rows.
    for outside in scope.outside:
        table = metadata.tables[outside.table]
        where: builtins.list[ColumnElement[bool]] = (
            [table.c[outside.column].in_(outside.values)] if outside.values else []
        )
        if outside.above is not None:
            added = table.c.id > outside.above
            if session.get_bind().dialect.name == "postgresql":
                # Another player's transaction may commit a row above the mark meanwhile
                # (READ COMMITTED sees it): only rows this transaction wrote are its own.
                added = and_(added, OWN_TRANSACTION)
            where.append(added)
        if where:
            chosen = _select(session, table, or_(*where))
            rows.setdefault(outside.table, {}).update(
                {k: outside.project(v) for k, v in chosen.items()}
            )
    kept = {name: found for name, found in rows.items() if found or name == "gangs"}
    found = RowSnapshot(
        gang_id,
        whole,
        kept,
        links,
        owners,
        scope.fighters,
        scope.stash,
        scope.outside,
        scope.gang_columns,
    )
    return _project(found)


def _in_scope(table: str, scope: RowSnapshot) -> bool:
    if table in gang_aggregate.GANG.owned:
        return scope.stash
    members = gang_aggregate.GANG.members
    return table != members or scope.fighters is None or bool(scope.fighters)


def _own(
    table: Table,
    members: Mapping[Key, Mapping[str, Any]],
    rows: Mapping[str, Mapping[Key, Mapping[str, Any]]],
    owners: dict[tuple[str, Key], int],
) -> None:
    """Record which fighter each row belongs to, so a change names the fighter."""
    for key, values in members.items():
        if table.name == gang_aggregate.GANG.members:
            owners[(table.name, key)] = values["id"]
            continue
        for fk in table.foreign_keys:
            parent = fk.column.table.name
            if parent in rows and (parent, (values[fk.parent.key],)) in owners:
                owners[(table.name, key)] = owners[(parent, (values[fk.parent.key],))]
                break


def _select(
    session: Session, table: Table, where: ColumnElement[bool]
) -> dict[Key, dict[str, Any]]:
    result = session.execute(select(table).where(where)).mappings()
    return {_key(table, row): dict(row) for row in result}
