"""Two people, two sessions, one gang: a stale save is refused and nothing is lost.

Runs on SQLite and, when configured, on PostgreSQL (the shared campaign).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from gangmanager.errors import STALE_MESSAGE, StaleGangError
from gangmanager.persistence.database import Database, open_database
from gangmanager.rules.gang import Gang
from gangmanager.services import campaign as campaign_service
from gangmanager.services import gangs
from gangmanager.services.errors import ServiceError
from gangmanager.services.rulesets import Rulesets


@pytest.fixture
def two(database_url: str) -> Iterator[tuple[Database, Database]]:
    """Two sessions on one database, as two players' machines would open it."""
    first = open_database(database_url)
    second = open_database(database_url)
    yield first, second
    second.close()
    first.close()


def save(db: Database, gang: Gang) -> Gang:
    with db.unit_of_work() as uow:
        saved = uow.gangs.replace(gang)
        uow.commit()
    return saved


def test_a_stale_save_is_refused_and_the_first_one_kept(
    two: tuple[Database, Database], gang: Gang, rulesets: Rulesets
) -> None:
    alice, bob = two
    stored = gangs.add_gang(alice, rulesets, gang).gang
    assert stored.version == 1
    hers = gangs.load_gang(alice, "Iron Brothers")
    his = gangs.load_gang(bob, "Iron Brothers")
    assert hers.version == his.version == 1

    saved = save(alice, hers.model_copy(update={"credits": 300}))
    assert saved.version == 2
    with pytest.raises(StaleGangError) as refused:
        save(bob, his.model_copy(update={"notes": "Bob's notes", "credits": 5}))
    assert str(refused.value) == STALE_MESSAGE == "changed by someone else — reload"
    assert isinstance(refused.value, ServiceError)  # shown to the user as it is

    # Nothing of Bob's save was written; Alice's is intact.
    now = gangs.load_gang(bob, "Iron Brothers")
    assert (now.credits, now.notes, now.version) == (300, hers.notes, 2)
    assert now.model_dump() == hers.model_copy(update={"credits": 300}).model_dump()
    # Bob reloads and makes his change again: now it is saved, on top of hers.
    again = save(bob, now.model_copy(update={"notes": "Bob's notes"}))
    assert (again.credits, again.notes, again.version) == (300, "Bob's notes", 3)


def test_the_differential_save_checks_the_version_too(
    two: tuple[Database, Database], gang: Gang, rulesets: Rulesets
) -> None:
    alice, bob = two
    gangs.add_gang(alice, rulesets, gang)
    hers = gangs.load_gang(alice, "Iron Brothers")
    his = gangs.load_gang(bob, "Iron Brothers")
    with alice.unit_of_work() as uow:
        uow.gangs.update(hers.model_copy(update={"reputation": 9}))
        uow.commit()
    with pytest.raises(StaleGangError), bob.unit_of_work() as uow:
        uow.gangs.update(his.model_copy(update={"reputation": 2}))
    assert gangs.load_gang(bob, "Iron Brothers").reputation == 9


def test_a_gang_without_a_version_is_saved_as_before(
    db: Database, gang: Gang, rulesets: Rulesets
) -> None:
    """A gang read from a file has no version: it replaces the stored one unchecked."""
    stored = gangs.add_gang(db, rulesets, gang).gang
    unversioned = stored.model_copy(update={"version": None, "credits": 1})
    assert save(db, unversioned).credits == 1


def test_a_stale_campaign_edit_is_refused(
    two: tuple[Database, Database], tmp_path: Path, rulesets: Rulesets
) -> None:
    alice, bob = two
    rulesets = Rulesets(tmp_path / "data")
    created = campaign_service.create_campaign(alice, rulesets, "Ash Wars")
    loaded = campaign_service.load_campaign(bob, "Ash Wars")
    assert loaded.version == created.campaign.version
    campaign_service.set_details(alice, rulesets, "Ash Wars", notes="Alice's notes")
    with pytest.raises(ServiceError, match=r"^changed by someone else — reload$"):
        campaign_service.set_details(
            bob, rulesets, "Ash Wars", notes="Bob's", version=loaded.version
        )
    assert campaign_service.load_campaign(bob, "Ash Wars").notes == "Alice's notes"
