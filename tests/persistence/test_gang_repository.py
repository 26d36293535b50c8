"""GangRepository: rules-core gangs in and out, ids, order, constant query count."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from sqlalchemy import text

from gangmanager.persistence import Database, GangSummary
from gangmanager.rules.gang import Fighter, FighterStatus, Gang
from gangmanager.rules.modifiers import Modifier
from gangmanager.rules.profile import Profile
from gangmanager.rules.weapons import Item, Weapon

from ..narrowing import present
from ..statements import statements_sent

CHILD_TABLES = ("fighters", "modifiers", "weapons", "weapon_profiles", "wargear", "stash_items")


def add(db: Database, gang: Gang) -> Gang:
    with db.unit_of_work() as uow:
        stored = uow.gangs.add(gang)
        uow.commit()
    return stored


def get(db: Database, gang_id: int) -> Gang:
    with db.unit_of_work() as uow:
        return uow.gangs.get(gang_id)


def rows(db: Database, table: str) -> int:
    with db.engine.connect() as conn:
        return conn.execute(text(f"SELECT count(*) FROM {table}")).scalar_one()


def test_add_then_get_returns_an_equal_gang(db: Database, gang: Gang) -> None:
    stored = add(db, gang)
    assert stored.id is not None
    assert all(f.id is not None for f in stored.fighters)
    loaded = get(db, stored.id)
    # Ids are excluded from dumps: this compares every stored field, in order.
    assert loaded.model_dump() == gang.model_dump()
    assert loaded.id == stored.id
    assert [f.id for f in loaded.fighters] == [f.id for f in stored.fighters]
    assert loaded == stored


def test_round_trip_keeps_details(db: Database, gang: Gang) -> None:
    loaded = get(db, present(add(db, gang).id))
    leader, ganger, beast = loaded.fighters
    assert [f.name for f in loaded.fighters] == ["Vorn Kell", "Abel Trask", "Mauler"]
    assert leader.modifiers[2].set_to == {"S": 5, "A": None}
    assert leader.weapons[0].profiles[1].cost == 15
    assert str(leader.weapons[0].profiles[0].traits[1]) == "Rapid Fire (1)"
    assert present(leader.weapons[1].profiles[0].trait("Blast")).param == '3"'
    assert leader.rating == 230 and ganger.rating is None
    assert ganger.status is FighterStatus.IN_RECOVERY
    assert beast.profile["BS"] is None and beast.profile["M"] == 6
    assert [w.name for w in loaded.stash] == [
        "Combi-weapon (bolter/melta)",
        "Frag grenades",
        "Armoured undersuit",
    ]
    assert loaded.stash[2].profiles == []


def test_get_unknown_gang_raises_lookup_error(db: Database) -> None:
    with db.unit_of_work() as uow, pytest.raises(LookupError, match="no gang with id 99"):
        uow.gangs.get(99)


def test_get_uses_a_constant_number_of_statements(
    db: Database, gang_of: Callable[[int], Gang]
) -> None:
    small, large = add(db, gang_of(3)), add(db, gang_of(30))
    counts = []
    for stored in (small, large):
        with statements_sent(db.engine, commits=False) as statements:
            loaded = get(db, present(stored.id))
        assert loaded == stored
        counts.append(len(statements))
    assert counts[0] == counts[1]
    assert counts[0] <= 8


def test_list_summaries_in_one_query(
    db: Database, gang: Gang, gang_of: Callable[[int], Gang]
) -> None:
    first = add(db, gang)
    second = add(db, gang_of(4).model_copy(update={"name": "alpha", "rating": 400, "credits": 5}))
    with statements_sent(db.engine, commits=False) as statements, db.unit_of_work() as uow:
        summaries = uow.gangs.list()
    assert [s for s in statements if s.lstrip().upper().startswith("SELECT")] == statements[-1:]
    assert summaries == [
        GangSummary(present(second.id), "alpha", "", "n23", 400, 5, 1, 4),
        GangSummary(present(first.id), "Iron Brothers", "Goliath", "n23", None, 115, 7, 3),
    ]


def test_names_find_and_unique_name(db: Database, gang: Gang) -> None:
    stored = add(db, gang)
    numeric = add(db, Gang(name="42"))
    add(db, Gang(name="Orlocks"))
    add(db, Gang(name="ORLOCKS"))
    with db.unit_of_work() as uow:
        assert uow.gangs.names() == ["42", "Iron Brothers", "Orlocks", "ORLOCKS"]
        assert uow.gangs.find(str(stored.id)) == stored
        assert uow.gangs.find(" iron brothers ") == stored
        # No gang has id 42, so the digits are tried as a name.
        assert present(uow.gangs.find("42")).id == numeric.id
        assert present(uow.gangs.find("ORLOCKS")).name == "ORLOCKS"
        assert present(uow.gangs.find("orlocks")).name == "Orlocks"
        assert uow.gangs.find("Van Saar") is None
        assert uow.gangs.find("777") is None
        assert uow.gangs.unique_name("Van Saar") == "Van Saar"
        assert uow.gangs.unique_name("iron brothers") == "iron brothers (2)"
    add(db, Gang(name="Iron Brothers (2)"))
    with db.unit_of_work() as uow:
        assert uow.gangs.unique_name("Iron Brothers") == "Iron Brothers (3)"
        assert uow.gangs.unique_name("Iron Brothers (2)") == "Iron Brothers (3)"


def test_replace_updates_in_place_and_keeps_fighter_ids(db: Database, gang: Gang) -> None:
    stored = add(db, gang)
    leader, ganger, beast = stored.fighters
    recruit = Fighter(
        name="Juve Rask", cost=25, profile=Profile.from_line('4" 5+ 5+ 3 3 1 3+ 1 9+ 8+ 9+ 9+')
    )
    edited = stored.model_copy(
        update={
            "credits": 40,
            "rating": 555,
            "stash": [Weapon(name="Stimm-slug stash", cost=30)],
            # Order changed, beast dropped, a recruit added, the ganger edited.
            "fighters": [
                ganger.model_copy(
                    update={
                        "xp": 3,
                        "modifiers": [Modifier(source="Advancement", changes={"WS": 1})],
                        "weapons": [],
                        "wargear": [Item(name="Flak armour", cost=10)],
                        "injuries": ["Humiliated"],
                    }
                ),
                recruit,
                leader,
            ],
        }
    )
    with db.unit_of_work() as uow:
        saved = uow.gangs.replace(edited)
        uow.commit()
    assert saved.fighters[0].id == ganger.id
    assert saved.fighters[2].id == leader.id
    assert saved.fighters[1].id not in {leader.id, ganger.id, beast.id, None}
    loaded = get(db, present(stored.id))
    assert loaded == saved
    assert loaded.model_dump() == edited.model_dump()
    with db.engine.connect() as conn:
        assert (
            conn.execute(
                text("SELECT count(*) FROM fighters WHERE id = :id"), {"id": beast.id}
            ).scalar_one()
            == 0
        )
        # SQLAlchemy bumps the version on every save of the gang.
        assert conn.execute(text("SELECT version FROM gangs")).scalar_one() == 2


def test_replace_of_fighters_only_bumps_the_version(db: Database, gang: Gang) -> None:
    stored = add(db, gang)
    with db.unit_of_work() as uow:
        uow.gangs.replace(stored.model_copy(update={"fighters": stored.fighters[:1]}))
        uow.commit()
    with db.engine.connect() as conn:
        assert conn.execute(text("SELECT version FROM gangs")).scalar_one() == 2


def test_replace_unknown_or_unsaved_gang_raises_lookup_error(db: Database, gang: Gang) -> None:
    with db.unit_of_work() as uow:
        with pytest.raises(LookupError, match="add it before"):
            uow.gangs.replace(gang)
        with pytest.raises(LookupError, match="no gang with id 5"):
            uow.gangs.replace(gang.model_copy(update={"id": 5}))


def test_delete_cascades_to_everything(db: Database, gang: Gang) -> None:
    stored = add(db, gang)
    other = add(db, Gang(name="Other", fighters=[gang.fighters[1]]))
    with db.unit_of_work() as uow:
        uow.gangs.delete(present(stored.id))
        uow.commit()
    assert [r for r in ("weapons", "fighters") if rows(db, r) != 1] == []
    assert {
        t: rows(db, t) for t in ("modifiers", "weapon_profiles", "wargear", "stash_items")
    } == dict.fromkeys(("modifiers", "weapon_profiles", "wargear", "stash_items"), 0)
    assert get(db, present(other.id)) == other
    with db.unit_of_work() as uow, pytest.raises(LookupError, match=f"no gang with id {stored.id}"):
        uow.gangs.delete(present(stored.id))
