"""The one snapshot engine with an outside scope: rows of other tables chosen by a
column or added above a table's highest id, narrowed to those a step changed, one
stale-check and one restore (`uow.snapshots.snapshot`, `swap`)."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager

import pytest
from sqlalchemy import select, update

from gangmanager.persistence import Database, open_database
from gangmanager.persistence.snapshots import RowScope, StaleRows, narrowed
from gangmanager.persistence.tables import GangRow, PostBattleDraftRow
from gangmanager.rules.gang import Gang


def add_gangs(db: Database, *names: str) -> list[int]:
    with db.unit_of_work() as uow:
        ids = [uow.gangs.add(Gang(name=name)).id or 0 for name in names]
        uow.commit()
    return ids


def drafts(db: Database) -> list[int]:
    with db.unit_of_work() as uow:
        return list(uow.session.scalars(select(PostBattleDraftRow.id)))


def credits(db: Database, gang_id: int) -> int:
    with db.unit_of_work() as uow:
        return uow.gangs.get(gang_id).credits


def test_a_step_outside_any_roster_is_checked_and_undone_over_its_own_rows(
    db: Database,
) -> None:
    first, second, third = add_gangs(db, "First", "Second", "Third")
    with db.unit_of_work() as uow:
        top = uow.snapshots.top_ids(["post_battle_drafts"])["post_battle_drafts"]
        scope = (
            RowScope("gangs", "id", (first, second)),
            RowScope("post_battle_drafts", above=top),
        )
        before = uow.snapshots.snapshot(None, outside=scope)
        # The step: a draft added, the first gang's credits; the second gang only read.
        uow.drafts.add(first, {"n": 1}, None)
        uow.session.execute(update(GangRow).where(GangRow.id == first).values(credits=50))
        after = uow.snapshots.snapshot(None, outside=scope)
        uow.commit()
    before, after = narrowed(before, after)
    assert set(after.rows["gangs"]) == {(first,)}
    assert len(after.rows["post_battle_drafts"]) == 1 and not before.rows.get("post_battle_drafts")

    # Since: a draft of another gang, the second and third gangs' credits: none is the step's.
    with db.unit_of_work() as uow:
        uow.drafts.add(third, {"n": 2}, None)
        uow.session.execute(update(GangRow).where(GangRow.id != first).values(credits=7))
        uow.commit()
    with db.unit_of_work() as uow:
        uow.snapshots.swap(after, before)
        uow.commit()
    assert credits(db, first) == 0 and credits(db, second) == 7
    assert len(drafts(db)) == 1  # the later draft stays

    with db.unit_of_work() as uow:
        uow.snapshots.swap(before, after)  # redo
        uow.commit()
    assert credits(db, first) == 50 and len(drafts(db)) == 2


def test_a_change_to_a_row_the_step_touched_refuses_it_and_names_the_row(db: Database) -> None:
    (first,) = add_gangs(db, "First")
    with db.unit_of_work() as uow:
        scope = (RowScope("gangs", "id", (first,)),)
        before = uow.snapshots.snapshot(None, outside=scope)
        uow.session.execute(update(GangRow).where(GangRow.id == first).values(credits=50))
        after = uow.snapshots.snapshot(None, outside=scope)
        uow.commit()
    before, after = narrowed(before, after)
    with db.unit_of_work() as uow:
        uow.session.execute(update(GangRow).where(GangRow.id == first).values(credits=60))
        uow.commit()
    with db.unit_of_work() as uow, pytest.raises(StaleRows) as refused:
        uow.snapshots.swap(after, before)
    assert refused.value.rows == (("gangs", (first,)),)
    assert credits(db, first) == 60


def test_rows_another_transaction_adds_meanwhile_are_not_the_steps_on_postgres(
    pg_admin: str, new_pg_database: Callable[[str], AbstractContextManager[str]]
) -> None:
    """READ COMMITTED shows a step's second read the rows other players committed since
    its first: "above the highest id" alone would take them in, and undo would delete
    them. Only rows of the step's own transaction are its."""
    with new_pg_database(pg_admin) as url:
        db = open_database(url)
        try:
            mine, theirs = add_gangs(db, "Mine", "Theirs")
            with db.unit_of_work() as uow:
                top = uow.snapshots.top_ids(["post_battle_drafts"])["post_battle_drafts"]
                scope = (RowScope("post_battle_drafts", above=top),)
                before = uow.snapshots.snapshot(None, outside=scope)
                uow.drafts.add(mine, {"n": 1}, None)
                with db.unit_of_work() as other:  # another player, committed meanwhile
                    other.drafts.add(theirs, {"n": 2}, None)
                    other.commit()
                after = uow.snapshots.snapshot(None, outside=scope)
                uow.commit()
            assert [row["gang_id"] for row in after.rows["post_battle_drafts"].values()] == [mine]
            before, after = narrowed(before, after)
            with db.unit_of_work() as uow:
                uow.snapshots.swap(after, before)
                uow.commit()
            assert len(drafts(db)) == 1  # theirs is still there
        finally:
            db.close()
