"""Adding a Brute, Hanger-on, Hired Gun or Exotic Beast through the roster service."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from gangmanager.persistence.database import Database, open_database, sqlite_url
from gangmanager.rules.gang import Gang
from gangmanager.rules.roster_ops import recruit
from gangmanager.services import roster
from gangmanager.services.errors import ServiceError
from gangmanager.services.rulesets import Rulesets

from ..narrowing import present


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Database]:
    database = open_database(sqlite_url(tmp_path / "gm.sqlite"))
    yield database
    database.close()


def _orlocks(db: Database, rulesets: Rulesets, **update: object) -> Gang:
    n23 = rulesets.get("n23")
    types = {t.name: t for t in n23.fighter_types_for("orlock")}
    fighters = [recruit(types["Road Captain"], "Gorn", n23), recruit(types["Gunner"], "Vex", n23)]
    gang = Gang(name="Iron Wolves", house="orlock", credits=1000, fighters=fighters, **update)
    outcome = roster.apply(db, roster.CreateGang(gang), rulesets)
    assert outcome.gang_id is not None
    return gang.model_copy(update={"id": outcome.gang_id})


def _add(
    db: Database, rulesets: Rulesets, gang: Gang, name: str, owner: str = "", called: str = ""
) -> None:
    n23 = rulesets.get("n23")
    kind = n23.fighter_type("orlock", name) or next(t for t in n23.gang_additions if t.name == name)
    # Fighter names are unique in a gang: `called` tells two of a type apart.
    fighter = recruit(kind, called or f"{name} {owner}".strip(), n23, house="orlock", owner=owner)
    roster.apply(db, roster.AddFighter(present(gang.id), fighter, pay=True), rulesets)


def _names(db: Database, gang: Gang) -> list[str]:
    with db.unit_of_work() as uow:
        return [f.name for f in uow.gangs.get(present(gang.id)).fighters]


def test_the_service_refuses_the_one_past_the_limit_and_changes_nothing(
    db: Database, rulesets: Rulesets
) -> None:
    gang = _orlocks(db, rulesets)
    _add(db, rulesets, gang, "Servitor")
    before = _names(db, gang)
    with pytest.raises(ServiceError, match="at most 1 Servitor may join; the gang has 1"):
        _add(db, rulesets, gang, "Servitor")
    assert _names(db, gang) == before


def test_the_service_attaches_a_beast_to_its_owner_and_refuses_one_without(
    db: Database, rulesets: Rulesets
) -> None:
    gang = _orlocks(db, rulesets)
    with pytest.raises(ServiceError, match="choose its owner"):
        _add(db, rulesets, gang, "Cyber-mastiff")
    with pytest.raises(ServiceError, match="Vex may not own Cyber-mastiff"):
        _add(db, rulesets, gang, "Cyber-mastiff", owner="Vex")
    _add(db, rulesets, gang, "Cyber-mastiff", owner="Gorn")
    with db.unit_of_work() as uow:
        dog = uow.gangs.get(present(gang.id)).fighter("Cyber-mastiff Gorn")
    assert dog is not None and dog.owner == "Gorn" and dog.cost == 100


def test_an_addition_of_another_house_is_refused(db: Database, rulesets: Rulesets) -> None:
    gang = _orlocks(db, rulesets)
    n23 = rulesets.get("n23")
    khimerix = next(t for t in n23.gang_additions if t.name == "Khimerix")
    with pytest.raises(ServiceError, match="Khimerix is for House Escher only"):
        roster.apply(
            db, roster.AddFighter(present(gang.id), recruit(khimerix, "Kim", n23)), rulesets
        )


def test_house_rules_let_the_gang_past_the_limits(db: Database, rulesets: Rulesets) -> None:
    gang = _orlocks(db, rulesets, house_rules_ignore_restrictions=True)
    _add(db, rulesets, gang, "Servitor", called="Servitor 1")
    _add(db, rulesets, gang, "Servitor", called="Servitor 2")
    assert [n for n in _names(db, gang) if n.startswith("Servitor")] == ["Servitor 1", "Servitor 2"]
