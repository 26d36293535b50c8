"""Reading a snapshot's rows (`_collect`): the foreign keys walked down from the gang
row, then the rows chosen outside it (persistence/snapshots.py takes and puts back)."""

from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any

from sqlalchemy import ColumnElement, Table, and_, or_, select, text
from sqlalchemy.orm import Session

from gangmanager.persistence import gang_aggregate
from gangmanager.persistence.row_snapshot import Key, RowSnapshot, _key, _project
from gangmanager.persistence.tables import Base

# PostgreSQL: the row was written by the current (top-level) transaction. `xmin` is
# the 32-bit id of the writing transaction; txid_current() is that id with an epoch.
OWN_TRANSACTION = text("xmin::text = (txid_current() % 4294967296)::text")


def _collect(session: Session, scope: RowSnapshot) -> RowSnapshot:
    """Walk the foreign keys down from the gang row, parents before children."""
    rows: dict[str, dict[Key, dict[str, Any]]] = {}
    links: dict[tuple[str, Key, str], Any] = {}
    owners: dict[tuple[str, Key], int] = {}
    if scope.gang_id is not None:
        _walk_roster(session, scope, rows, links, owners)
    # Read after the roster's walk, so no foreign key is followed from these rows.
    _read_outside(session, scope, rows)
    kept = {name: found for name, found in rows.items() if found or name == "gangs"}
    found = RowSnapshot(
        scope.gang_id,
        scope.whole,
        kept,
        links,
        owners,
        scope.fighters,
        scope.stash,
        scope.outside,
        scope.gang_columns,
    )
    return _project(found)


def _walk_roster(
    session: Session,
    scope: RowSnapshot,
    rows: dict[str, dict[Key, dict[str, Any]]],
    links: dict[tuple[str, Key, str], Any],
    owners: dict[tuple[str, Key], int],
) -> None:
    """The gang row and every row below it in scope, table by table (parents first);
    rows that point at them with ON DELETE SET NULL go to `links`."""
    metadata = Base.metadata
    gangs = metadata.tables["gangs"]
    rows["gangs"] = _select(session, gangs, gangs.c.id == scope.gang_id)
    for table in metadata.sorted_tables:
        if table is gangs:
            continue
        cascade, set_null = _references(table, scope, rows)
        members = _select(session, table, or_(*cascade)) if cascade else {}
        if members:
            rows[table.name] = members
        for column, values in set_null:
            for key, row in _select(session, table, column.in_(values)).items():
                if key not in members:
                    links[(table.name, key, column.key)] = row[column.key]
        _own(table, members, rows, owners)


def _references(
    table: Table, scope: RowSnapshot, rows: Mapping[str, Mapping[Key, Mapping[str, Any]]]
) -> tuple[builtins.list[ColumnElement[bool]], builtins.list[tuple[Any, builtins.list[Any]]]]:
    """How `table`'s rows hang from the rows read so far: the conditions of those that
    cascade (part of the scope) and the columns, with values, of those set to NULL."""
    gangs = Base.metadata.tables["gangs"]
    gang_id, whole = scope.gang_id, scope.whole
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
    return cascade, set_null


def _read_outside(
    session: Session, scope: RowSnapshot, rows: dict[str, dict[Key, dict[str, Any]]]
) -> None:
    """The rows `scope.outside` chooses in other tables, one SELECT each."""
    for outside in scope.outside:
        table = Base.metadata.tables[outside.table]
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
