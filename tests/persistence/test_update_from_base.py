"""`get_for_update` then `update(edited, base=)`: one read of the gang per edit.

Fighters equal to the base's are trusted (they were validated when read) and not
written; anything else is validated and written as before."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from gangmanager.errors import ServiceError, StaleGangError
from gangmanager.persistence.database import Database
from gangmanager.rules.gang import Gang

from ..narrowing import present
from ..statements import statements_sent


def stored(db: Database, gang: Gang) -> Gang:
    with db.unit_of_work() as uow:
        added = uow.gangs.add(gang)
        uow.commit()
    with db.unit_of_work() as uow:
        assert added.id is not None
        return uow.gangs.get(added.id)


def renamed(gang: Gang, index: int, name: str) -> Gang:
    fighters = list(gang.fighters)
    fighters[index] = fighters[index].model_copy(update={"name": name})
    return gang.model_copy(update={"fighters": fighters})


def test_an_edit_of_the_held_gang_saves_and_reads_back_equal(
    db: Database, gang_of: Callable[[int], Gang]
) -> None:
    gang = stored(db, gang_of(12))
    assert gang.id is not None
    with db.unit_of_work() as uow:
        base = uow.gangs.get_for_update(gang.id)
        saved = uow.gangs.update(renamed(base, 3, "  Spaced   out "), base=base)
        uow.commit()
    with db.unit_of_work() as uow:
        again = uow.gangs.get(gang.id)
    assert saved == again
    assert again.fighters[3].name == "Spaced out"
    assert again.version == (gang.version or 0) + 1


def test_a_base_that_was_not_read_for_update_is_not_trusted(
    db: Database, gang_of: Callable[[int], Gang]
) -> None:
    gang = stored(db, gang_of(4))
    assert gang.id is not None
    # A fighter copied without validation: an empty name would not load again.
    bad = renamed(gang, 1, "")
    with db.unit_of_work() as uow:
        uow.gangs.get_for_update(gang.id)
        with pytest.raises(ServiceError, match=r"not saved: fighters\.1\.name"):
            uow.gangs.update(bad, base=bad)


def test_a_changed_fighter_of_the_held_gang_is_still_validated(
    db: Database, gang_of: Callable[[int], Gang]
) -> None:
    gang = stored(db, gang_of(4))
    assert gang.id is not None
    with db.unit_of_work() as uow:
        base = uow.gangs.get_for_update(gang.id)
        with pytest.raises(ServiceError, match=r"not saved: fighters\.2\.name"):
            uow.gangs.update(renamed(base, 2, ""), base=base)


def test_a_second_save_from_a_used_base_is_refused_as_stale(
    db: Database, gang_of: Callable[[int], Gang]
) -> None:
    gang = stored(db, gang_of(4))
    assert gang.id is not None
    with db.unit_of_work() as uow:
        base = uow.gangs.get_for_update(gang.id)
        first = uow.gangs.update(renamed(base, 0, "First"), base=base)
        # The base is stale now: its version is the old one, so a second save from it
        # goes the long way (reads the gang again) and is refused as stale.
        with pytest.raises(StaleGangError):
            uow.gangs.update(renamed(base, 0, "Second"), base=base)
    assert first.fighters[0].name == "First"


def test_only_the_edited_fighter_is_written(db: Database, gang_of: Callable[[int], Gang]) -> None:
    gang = stored(db, gang_of(20))
    assert gang.id is not None
    with statements_sent(db.engine, commits=False) as sent, db.unit_of_work() as uow:
        base = uow.gangs.get_for_update(gang.id)
        uow.gangs.update(renamed(base, 7, "Only me"), base=base)
        uow.commit()
    # PostgreSQL's driver spells a parameter %(name)s::TYPE where SQLite's has ?.
    writes = [
        re.sub(r"%\(\w+\)s(::[A-Z][A-Z ]*[A-Z])?", "?", s.split(" WHERE")[0])
        for s in sent
        if not s.startswith(("SELECT", "BEGIN"))
    ]
    # The row lock on PostgreSQL; SQLite's BEGIN IMMEDIATE holds the database's.
    lock = ["UPDATE gangs SET version=gangs.version, updated_at=gangs.updated_at"]
    assert writes == [
        *(lock if db.engine.dialect.name == "postgresql" else []),
        "UPDATE gangs SET version=?, updated_at=?",
        "UPDATE fighters SET name=?",
    ]


@pytest.mark.parametrize(
    "damage",
    [
        'UPDATE fighters SET profile = \'{"M": "abc"}\' WHERE id = :fighter',
        "UPDATE weapon_profiles SET traits = '[{\"a\": 1}]' WHERE weapon_id IN"
        " (SELECT id FROM weapons WHERE fighter_id = :fighter)",
        "UPDATE weapon_profiles SET traits = '[5]' WHERE weapon_id IN"
        " (SELECT id FROM weapons WHERE fighter_id = :fighter)",
    ],
    ids=["profile", "unhashable traits", "traits not text"],
)
def test_a_damaged_row_is_found_on_every_read_although_profiles_are_shared(
    db_path, db: Database, gang_of: Callable[[int], Gang], damage: str
) -> None:
    from sqlalchemy import text

    from gangmanager.errors import DamagedGangError

    if not str(db.engine.url).startswith("sqlite"):
        pytest.skip("writes SQLite's loose column types")
    healthy = stored(db, gang_of(3))
    hurt = stored(db, gang_of(3).model_copy(update={"name": "Hurt"}))
    assert hurt.fighters[1].id is not None
    with db.engine.begin() as conn:
        conn.execute(text(damage), {"fighter": hurt.fighters[1].id})
    for _ in range(2):  # the second read too: no cache keeps a bad row's profile
        with db.unit_of_work() as uow, pytest.raises(DamagedGangError):
            uow.gangs.get(present(hurt.id))
        with db.unit_of_work() as uow:
            assert uow.gangs.get(present(healthy.id)) == healthy
