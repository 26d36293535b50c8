"""The gang aggregate declares its tables in one place (persistence/gang_aggregate.py):
a table added to it (here a test-only table of a gang's badges) is in every roster
step's undo; a table hanging off a gang that is not declared is not the roster's."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path

import pytest
from sqlalchemy import Column, ForeignKey, Integer, String, Table, insert, select, update

from gangmanager.persistence import gang_aggregate
from gangmanager.persistence.database import Database, open_database, sqlite_url
from gangmanager.persistence.tables import Base
from gangmanager.persistence.unit_of_work import UnitOfWork
from gangmanager.rules.gang import Gang
from gangmanager.services import gangs, roster, undo_history
from gangmanager.services.changes import Changes
from gangmanager.services.demo import demo_gang
from gangmanager.services.operations import Action, Context, Outcome, perform
from gangmanager.services.rulesets import Rulesets

BADGES = "test_gang_badges"


@dataclass(frozen=True)
class SetBadge(Action[None]):
    """A roster edit of the test table: the gang's one badge, set or changed."""

    gang_id: int
    badge: str

    def run(self, ctx: Context) -> Outcome[None]:
        return _set_badge(ctx.uow, self)


def _set_badge(uow: UnitOfWork, action: SetBadge) -> Outcome[None]:
    table = Base.metadata.tables[BADGES]
    before = uow.snapshots.snapshot(action.gang_id, fighters=(), stash=True)
    session = uow.session
    held = session.scalar(select(table.c.id).where(table.c.gang_id == action.gang_id))
    if held is None:
        session.execute(insert(table).values(gang_id=action.gang_id, badge=action.badge))
    else:
        session.execute(update(table).where(table.c.id == held).values(badge=action.badge))
    after = uow.snapshots.snapshot(action.gang_id, fighters=(), stash=True)
    label = f"Badge {action.badge}"
    step = roster._step(before, after, label)
    return Outcome(Changes(gangs_changed=(action.gang_id,)), step, label, action.gang_id)


@pytest.fixture
def badges() -> Iterator[Table]:
    table = Table(
        BADGES,
        Base.metadata,
        Column("id", Integer, primary_key=True),
        Column("gang_id", ForeignKey("gangs.id", ondelete="CASCADE"), nullable=False),
        Column("badge", String, nullable=False),
    )
    yield table
    Base.metadata.remove(table)


@pytest.fixture
def db(tmp_path: Path, badges: Table) -> Iterator[Database]:
    database = open_database(sqlite_url(tmp_path / "gm.sqlite"))
    badges.create(database.engine)
    yield database
    database.close()


@pytest.fixture
def gang(db: Database, rulesets: Rulesets) -> Gang:
    return gangs.add_gang(db, rulesets, demo_gang(rulesets.get("n23"))).gang


def _badges(db: Database, table: Table) -> list[str]:
    with db.engine.connect() as conn:
        return list(conn.scalars(select(table.c.badge).order_by(table.c.id)))


def test_an_edit_of_a_table_added_to_the_aggregate_is_undone_and_redone(
    db: Database, gang: Gang, badges: Table, rulesets: Rulesets, monkeypatch: pytest.MonkeyPatch
) -> None:
    declared = replace(gang_aggregate.GANG, owned=(*gang_aggregate.GANG.owned, BADGES))
    monkeypatch.setattr(gang_aggregate, "GANG", declared)
    assert gang.id is not None
    perform(db, SetBadge(gang.id, "Gold"), rulesets)
    perform(db, SetBadge(gang.id, "Platinum"), rulesets)
    assert _badges(db, badges) == ["Platinum"]
    assert undo_history.undo(db, rulesets).label == "Badge Platinum"
    assert _badges(db, badges) == ["Gold"]
    assert undo_history.undo(db, rulesets).label == "Badge Gold"
    assert _badges(db, badges) == []
    undo_history.redo(db, rulesets)
    assert _badges(db, badges) == ["Gold"]
    # A rename of a fighter (the roster's other rows) leaves the badge alone, and its
    # undo does too.
    rook = gang.fighter("Rook")
    assert rook is not None and rook.id is not None
    perform(db, roster.EditFighter(gang.id, rook.id, {"name": "Rookie"}), rulesets)
    undo_history.undo(db, rulesets)
    assert _badges(db, badges) == ["Gold"]


def test_a_table_not_declared_is_outside_the_rosters_undo(
    db: Database, gang: Gang, badges: Table, rulesets: Rulesets
) -> None:
    assert gang.id is not None
    outcome = perform(db, SetBadge(gang.id, "Gold"), rulesets)
    assert isinstance(outcome.inverse, roster.Restore)
    assert BADGES not in outcome.inverse.snapshot.rows
    assert BADGES not in gang_aggregate.GANG.tables
