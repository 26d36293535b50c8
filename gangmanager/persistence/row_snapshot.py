"""What the snapshot engine (persistence/snapshots.py) takes and hands back: the rows of
one scope as plain values (`RowSnapshot`, `RowScope`), how two of them differ
(`snapshot_diff`) and a step's snapshots cut to the rows it touched (`narrowed`).
Pure data and functions of it; nothing here reads or writes the database."""

from __future__ import annotations

import builtins
import hashlib
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from sqlalchemy import Table

from gangmanager.persistence import gang_aggregate
from gangmanager.persistence.tables import Base

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


def _pk(table: Table) -> builtins.list[Any]:
    return builtins.list(table.primary_key.columns)


def _key(table: Table, values: Mapping[Any, Any]) -> Key:
    return tuple(values[c.key] for c in _pk(table))


def _without_bookkeeping(table: str, values: Mapping[str, Any], loose: bool) -> Mapping[str, Any]:
    if not loose or table != "gangs":
        return values
    return {k: v for k, v in values.items() if k not in BOOKKEEPING}
