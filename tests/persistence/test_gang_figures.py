"""The campaign's light read of a gang (GangRepository.figures) gives what the whole
gang gives (figures_of over GangRepository.get), with a stash and without a rating."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from gangmanager.persistence.database import Database, open_database
from gangmanager.rules.campaign import figures_of
from gangmanager.rules.weapons import Weapon, WeaponProfile
from gangmanager.services.demo import demo_gang
from gangmanager.services.rulesets import Rulesets


@pytest.fixture
def db(database_url: str) -> Iterator[Database]:
    database = open_database(database_url)
    yield database
    database.close()


def test_figures_equal_the_whole_gangs(db: Database, rulesets: Rulesets) -> None:
    demo = demo_gang(rulesets.get("n23"))
    stubber = Weapon(
        name="Heavy stubber",
        cost=130,
        profiles=[WeaponProfile(name="", cost=0), WeaponProfile(name="extra", cost=15)],
    )
    made = [
        demo.model_copy(update={"name": "Rated", "rating": 905, "credits": 40, "stash": [stubber]}),
        demo.model_copy(update={"name": "Never rated", "rating": None, "reputation": 3}),
        demo.model_copy(update={"name": "Empty", "rating": 0, "fighters": []}),
    ]
    with db.unit_of_work() as uow:
        ids = [uow.gangs.add(gang).id or 0 for gang in made]
        uow.commit()
    with db.unit_of_work() as uow:
        light = uow.gangs.figures([*ids, 10_000])  # an id with no gang is left out
        whole = {gang_id: figures_of(uow.gangs.get(gang_id)) for gang_id in ids}
    assert light == whole
    assert light[ids[0]].wealth == 905 + 40 + 145
    assert light[ids[1]].rating > 0  # worked out from the fighters
