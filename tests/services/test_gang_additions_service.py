"""Adding a Brute, Hanger-on, Hired Gun or Exotic Beast through the roster service."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from gangmanager.persistence.database import Database, open_database, sqlite_url
from gangmanager.rules.fighter_refs import owner_of
from gangmanager.rules.gang import Fighter, Gang
from gangmanager.rules.gang_additions import ownerless_beasts
from gangmanager.rules.roster_ops import recruit
from gangmanager.services import roster, undo_history
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
    """Recruit `name` (a type); a beast for the fighter named `owner`, by their id."""
    n23 = rulesets.get("n23")
    kind = n23.fighter_type("orlock", name) or next(t for t in n23.gang_additions if t.name == name)
    owner_id = _stored(db, gang, owner).id if owner else None
    # Fighter names are unique in a gang: `called` tells two of a type apart.
    fighter = recruit(
        kind, called or f"{name} {owner}".strip(), n23, house="orlock", owner_id=owner_id
    )
    roster.apply(db, roster.AddFighter(present(gang.id), fighter, pay=True), rulesets)


def _stored(db: Database, gang: Gang, name: str) -> Fighter:
    assert gang.id is not None
    with db.unit_of_work() as uow:
        found = uow.gangs.get(gang.id).fighter(name)
    assert found is not None, name
    return found


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
    assert dog is not None and dog.owner_id == _stored(db, gang, "Gorn").id and dog.cost == 100


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


def _owner(db: Database, gang: Gang, beast: str) -> str:
    """The beast's owner's name as the stored gang gives it ("" for none)."""
    assert gang.id is not None
    with db.unit_of_work() as uow:
        stored = uow.gangs.get(gang.id)
    found = stored.fighter(beast)
    assert found is not None
    owner = owner_of(found, stored.fighters)
    return owner.name if owner is not None else ""


def test_renaming_the_owner_keeps_the_beast_theirs_and_undo_restores_the_name(
    db: Database, rulesets: Rulesets
) -> None:
    gang = _orlocks(db, rulesets)
    _add(db, rulesets, gang, "Cyber-mastiff", owner="Gorn", called="Rex")
    gorn = _stored(db, gang, "Gorn")
    roster.apply(
        db,
        roster.EditFighter(present(gang.id), present(gorn.id), {"name": "Gorn the Bold"}),
        rulesets,
    )
    assert _owner(db, gang, "Rex") == "Gorn the Bold"
    with db.unit_of_work() as uow:
        assert ownerless_beasts(list(uow.gangs.get(present(gang.id)).fighters)) == []
    undo_history.undo(db, rulesets)
    assert _owner(db, gang, "Rex") == "Gorn"
    undo_history.redo(db, rulesets)
    assert _owner(db, gang, "Rex") == "Gorn the Bold"


def test_removing_the_owner_leaves_the_beast_without_one_and_undo_gives_it_back(
    db: Database, rulesets: Rulesets
) -> None:
    gang = _orlocks(db, rulesets)
    _add(db, rulesets, gang, "Cyber-mastiff", owner="Gorn", called="Rex")
    gorn = _stored(db, gang, "Gorn")
    roster.apply(db, roster.RemoveFighter(present(gang.id), present(gorn.id)), rulesets)
    assert _owner(db, gang, "Rex") == ""
    assert _stored(db, gang, "Rex").owner_id is None  # cleared, not left pointing
    with db.unit_of_work() as uow:
        assert ownerless_beasts(list(uow.gangs.get(present(gang.id)).fighters)) == [
            "Rex (Cyber-mastiff) has no owner in the gang"
        ]
    undo_history.undo(db, rulesets)
    assert _owner(db, gang, "Rex") == "Gorn"
    assert _stored(db, gang, "Gorn").id == gorn.id  # the same fighter, not a new one


def test_a_copy_of_the_gang_owns_its_own_beasts(db: Database, rulesets: Rulesets) -> None:
    gang = _orlocks(db, rulesets)
    _add(db, rulesets, gang, "Cyber-mastiff", owner="Gorn", called="Rex")
    assert gang.id is not None
    copy = roster.apply(db, roster.DuplicateGang(gang.id), rulesets).result
    assert copy is not None and copy.id != gang.id
    assert _owner(db, copy, "Rex") == "Gorn"
    assert _stored(db, copy, "Rex").owner_id == _stored(db, copy, "Gorn").id
    assert _stored(db, copy, "Gorn").id != _stored(db, gang, "Gorn").id
