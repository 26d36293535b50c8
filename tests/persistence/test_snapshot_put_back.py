"""`uow.snapshots.put_back`: an undo writes a step's rows and works out what is stored
afterwards instead of reading it again; what it hands back is what a read gives,
row for row (the next undo's stale check and exact restore compare with it)."""

from __future__ import annotations

from collections.abc import Callable

from gangmanager.persistence import Database
from gangmanager.persistence.snapshots import RowSnapshot
from gangmanager.persistence.unit_of_work import UnitOfWork
from gangmanager.rules.gang import Gang
from gangmanager.services.demo import demo_gang
from gangmanager.services.rulesets import Rulesets


def _stored(db: Database, rulesets: Rulesets) -> Gang:
    with db.unit_of_work() as uow:
        gang = uow.gangs.add(demo_gang(rulesets.get("n23")))
        uow.commit()
    return gang


def _taken(db: Database, gang_id: int, change: Callable[[UnitOfWork], None]) -> RowSnapshot:
    """The gang's roster as it was before `change`, which is committed."""
    with db.unit_of_work() as uow:
        before = uow.snapshots.snapshot(gang_id)
        change(uow)
        uow.commit()
    return before


def _put_back(db: Database, wanted: RowSnapshot, *, exact: bool) -> tuple[RowSnapshot, RowSnapshot]:
    """What `put_back` says is stored, and what a read in the same transaction finds."""
    with db.unit_of_work() as uow:
        current = uow.snapshots.again(wanted)
        said = uow.snapshots.put_back(wanted, exact=exact, current=current)
        read = uow.snapshots.again(wanted)
        uow.commit()
    return said, read


def _edited(gang: Gang, **fields: object) -> Callable[[UnitOfWork], None]:
    def change(uow: UnitOfWork) -> None:
        stored = uow.gangs.get(gang.id or 0)
        first = stored.fighters[0].model_copy(update=fields)
        uow.gangs.update(stored.model_copy(update={"fighters": [first, *stored.fighters[1:]]}))

    return change


def test_an_exact_put_back_is_what_a_read_gives(db: Database, rulesets: Rulesets) -> None:
    gang = _stored(db, rulesets)
    assert gang.id is not None
    before = _taken(db, gang.id, _edited(gang, xp=7, name="Renamed"))
    said, read = _put_back(db, before, exact=True)
    assert said == read
    assert said.fingerprint() == before.fingerprint()  # the same rows, the same version


def test_a_moved_on_gang_row_has_the_version_and_time_stored(
    db: Database, rulesets: Rulesets
) -> None:
    gang = _stored(db, rulesets)
    assert gang.id is not None
    before = _taken(db, gang.id, _edited(gang, xp=3))
    _taken(db, gang.id, _edited(gang, xp=4))  # another save: the gang row moved on
    said, read = _put_back(db, before, exact=False)
    assert said == read
    row, was = said.gang_row, before.gang_row
    assert row is not None and was is not None
    assert row["version"] == was["version"] + 3  # two saves since, then this one
    assert said.fingerprint(loose=True) == before.fingerprint(loose=True)


def test_fighters_removed_and_put_back_are_what_a_read_gives(
    db: Database, rulesets: Rulesets
) -> None:
    gang = _stored(db, rulesets)
    assert gang.id is not None

    def cut(uow: UnitOfWork) -> None:
        stored = uow.gangs.get(gang.id or 0)
        uow.gangs.update(stored.model_copy(update={"fighters": stored.fighters[:1]}))

    with_all = _taken(db, gang.id, cut)
    with db.unit_of_work() as uow:
        with_one = uow.snapshots.again(with_all)
    said, read = _put_back(db, with_all, exact=True)  # the fighters' rows inserted again
    assert said == read and said.fingerprint() == with_all.fingerprint()
    said, read = _put_back(db, with_one, exact=True)  # and deleted again
    assert said == read and said.fingerprint() == with_one.fingerprint()


def test_a_deleted_gang_put_back_whole_is_what_a_read_gives(
    db: Database, rulesets: Rulesets
) -> None:
    gang = _stored(db, rulesets)
    assert gang.id is not None
    with db.unit_of_work() as uow:
        whole = uow.snapshots.snapshot(gang.id, whole=True)
        uow.gangs.delete(gang.id)
        gone = uow.snapshots.again(whole)
        uow.commit()
    said, read = _put_back(db, whole, exact=True)
    assert said == read and said.exists
    said, read = _put_back(db, gone, exact=True)
    assert said == read and not said.exists
