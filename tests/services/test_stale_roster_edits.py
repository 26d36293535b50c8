"""A roster edit carries the version it was made against: when the gang moved on
(another window, the command line, another player), it is refused and writes nothing.

On SQLite and, with GANGMANAGER_TEST_PG, between two connections to PostgreSQL.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from gangmanager.errors import STALE_MESSAGE
from gangmanager.persistence.database import Database, open_database
from gangmanager.rules.gang import Gang
from gangmanager.services import gangs, roster
from gangmanager.services.demo import demo_gang
from gangmanager.services.errors import ServiceError
from gangmanager.services.rulesets import Rulesets


@pytest.fixture
def two(database_url: str) -> Iterator[tuple[Database, Database]]:
    """Two connections to one database: a window and another writer."""
    first = open_database(database_url)
    second = open_database(database_url)
    yield first, second
    second.close()
    first.close()


@pytest.fixture
def shown(two: tuple[Database, Database], rulesets: Rulesets) -> Gang:
    """The gang as the window loaded it."""
    stored = gangs.add_gang(two[0], rulesets, demo_gang(rulesets.get("n23"))).gang
    return gangs.load_gang(two[0], str(stored.id))


def _moved_on(db: Database, gang: Gang, rulesets: Rulesets) -> Gang:
    """Someone else adds 75 credits (the command line's post-battle, another player)."""
    assert gang.id is not None
    roster.apply(db, roster.EditGang(gang.id, {"credits": gang.credits + 75}), rulesets)
    return gangs.load_gang(db, str(gang.id))


@pytest.mark.parametrize(
    "edit",
    [
        lambda g: roster.EditGang(g.id, {"credits": g.credits + 10}, version=g.version),
        lambda g: roster.EditFighter(
            g.id, g.fighters[0].id, {"xp": g.fighters[0].xp + 1}, version=g.version
        ),
        lambda g: roster.AddSkill(g.id, g.fighters[1].id, "Nerves of Steel", version=g.version),
        lambda g: roster.RemoveFighter(g.id, g.fighters[2].id, version=g.version),
        lambda g: roster.DeleteGang(g.id, version=g.version),
    ],
    ids=["gang", "fighter", "skill", "remove", "delete"],
)
def test_an_edit_against_an_old_version_is_refused(
    two: tuple[Database, Database], shown: Gang, edit, rulesets: Rulesets
) -> None:
    window, other = two
    newer = _moved_on(other, shown, rulesets)
    with pytest.raises(ServiceError, match=STALE_MESSAGE):
        roster.apply(window, edit(shown), rulesets)
    # The other writer's change stands, and nothing of the refused edit was written.
    assert gangs.load_gang(window, str(shown.id)) == newer


def test_the_same_edit_against_the_current_version_is_saved(
    two: tuple[Database, Database], shown: Gang, rulesets: Rulesets
) -> None:
    window, other = two
    newer = _moved_on(other, shown, rulesets)
    assert newer.id is not None
    roster.apply(
        window, roster.EditGang(newer.id, {"notes": "reloaded"}, version=newer.version), rulesets
    )
    now = gangs.load_gang(other, str(newer.id))
    assert (now.notes, now.credits) == ("reloaded", shown.credits + 75)
