"""The stdlib reader of the first screen (persistence/quick_read.py) reads what the ORM reads.

The window starts on it until the first action makes the engine, so any
difference would show a gang other than the one stored.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gangmanager.persistence.database import Database, open_database, sqlite_url
from gangmanager.persistence.quick_read import QuickReader
from gangmanager.rules.gang import Fighter, FighterStatus, Gang
from gangmanager.rules.modifiers import Modifier, ModifierKind
from gangmanager.rules.weapons import Item, Weapon
from gangmanager.services import gangs
from gangmanager.services.errors import DamagedGangError, UnknownGangError
from gangmanager.services.rulesets import Rulesets

from .conftest import combi_weapon, full_gang, simple_fighter


def _gang(name: str, fighters: int) -> Gang:
    return Gang(name=name, fighters=[simple_fighter(n) for n in range(fighters)])


@pytest.fixture(scope="module")
def stored(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Several gangs written through the ORM: every kind of row, none, many; one damaged."""
    path = tmp_path_factory.mktemp("quick") / "gangs.sqlite"
    with open_database(sqlite_url(path)) as db:
        for gang in (
            full_gang(),  # modifiers, weapons with profiles, wargear, skills, injuries, stash
            _gang("alone", 0),
            _gang("Thirty", 30),
            _gang("Ålesund Ash", 2),  # casefold beyond ASCII
            _gang("damaged", 1),
        ):
            gangs.add_gang(db, Rulesets(tmp_path_factory.mktemp("data")), gang)
    with sqlite3.connect(path) as connection:
        # Owners (NULL in SQLite for gangs, set per fighter) and a value no load accepts.
        connection.execute(
            "UPDATE fighters SET owner_id = (SELECT min(o.id) FROM fighters AS o"
            " WHERE o.gang_id = fighters.gang_id) WHERE name = 'Abel Trask'"
        )
        connection.execute(
            "UPDATE fighters SET status = 'no such status' WHERE gang_id ="
            " (SELECT id FROM gangs WHERE name = 'damaged')"
        )
    return path


@pytest.fixture
def orm(stored: Path) -> Iterator[Database]:
    db = open_database(sqlite_url(stored))
    db.engine  # noqa: B018  (made now: these reads go through the ORM)
    yield db
    db.close()


def _read(db: Database, ref: str) -> Gang | str:
    """A gang, or the one line the user would read instead."""
    try:
        return gangs.load_gang(db, ref)
    except (DamagedGangError, UnknownGangError) as exc:
        return f"{type(exc).__name__}: {exc}"


def test_the_gang_list_is_the_orms(stored: Path, orm: Database) -> None:
    quick = QuickReader(stored).list()
    assert quick == gangs.list_gangs(orm)
    assert [s.fighter_count for s in quick] == [0, 1, 3, 30, 2]  # SQL's lower(): Å after z


def test_every_gang_is_the_orms_field_for_field(stored: Path, orm: Database) -> None:
    with open_database(sqlite_url(stored)) as quick:
        read = {s.name: _read(quick, str(s.id)) for s in gangs.list_gangs(quick)}
        assert not quick.has_engine
    for summary in gangs.list_gangs(orm):
        expected = _read(orm, str(summary.id))
        got = read[summary.name]
        assert got == expected
        if isinstance(got, Gang):
            assert isinstance(expected, Gang)
            assert got.model_dump() == expected.model_dump()
    # The damaged gang is listed, and refused with the same line.
    assert str(read["damaged"]).startswith("DamagedGangError: gang ")


def test_the_full_gang_keeps_every_kind_of_row(stored: Path) -> None:
    gang = QuickReader(stored).find("Iron Brothers")
    assert gang is not None
    leader, ganger, beast = gang.fighters
    assert [m.source for m in leader.modifiers] == [
        "Advancement: BS",
        "Spinal Injury",
        "Bionic arm",
    ]
    assert leader.modifiers[2].set_to == {"S": 5, "A": None}
    assert [p.name for p in leader.weapons[0].profiles] == ["bolter", "melta"]
    assert leader.weapons[0].profiles[1].cost == 15
    assert [w.name for w in leader.wargear] == ["Mesh armour", "Bio-booster"]
    assert leader.skills == ["Nerves of Steel", "Fearsome"] and leader.injuries == ["Spinal Injury"]
    assert ganger.owner_id == leader.id and beast.profile["BS"] is None
    assert [w.name for w in gang.stash] == [
        "Combi-weapon (bolter/melta)",
        "Frag grenades",
        "Armoured undersuit",
    ]


_NAMES = ["Iron Brothers", "alone", "Thirty", "Ålesund Ash", "damaged", "nobody"]


@settings(max_examples=60, deadline=None)
@given(
    ref=st.one_of(
        st.sampled_from(_NAMES).flatmap(
            lambda n: st.sampled_from([n, n.upper(), n.lower(), f"  {n} ", n.swapcase()])
        ),
        st.integers(min_value=0, max_value=8).map(str),
        st.text(max_size=6),
    )
)
def test_a_lookup_finds_what_the_orm_finds(stored: Path, ref: str) -> None:
    """By id, exact name, any case, unknown (with the names listed) or damaged: the same."""
    with open_database(sqlite_url(stored)) as quick, open_database(sqlite_url(stored)) as orm:
        orm.engine  # noqa: B018
        got = _read(quick, ref)
        assert not quick.has_engine  # read without SQLAlchemy's engine
        assert got == _read(orm, ref)


def test_the_engine_waits_for_the_first_write(tmp_path: Path, rulesets: Rulesets) -> None:
    url = sqlite_url(tmp_path / "gangs.sqlite")
    open_database(url).close()  # created and migrated (with an engine)
    with open_database(url) as db:
        assert not db.has_engine and db.quick_reader() is not None
        stored = gangs.add_gang(db, rulesets, _gang("first", 1)).gang
        assert db.has_engine and db.quick_reader() is None
        # After the write every read goes through the engine, and sees it.
        assert gangs.load_gang(db, "first") == stored
    assert repr(open_database(url)) == f"Database({url!r})"


def test_the_readers_statements_do_not_grow_with_fighters(
    stored: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Six SELECTs for a gang of 0 or 30 fighters (and BEGIN): one per kind of row."""
    statements: list[str] = []
    connect = sqlite3.connect

    # sqlite3.connect's own arguments, passed through as the reader gives them.
    def traced(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        connection = connect(*args, **kwargs)
        connection.set_trace_callback(statements.append)
        return connection

    monkeypatch.setattr(sqlite3, "connect", traced)
    counts = []
    for name in ("alone", "Thirty", "Iron Brothers"):
        statements.clear()
        assert QuickReader(stored).find(name) is not None
        counts.append(len(statements))
    assert counts[0] == counts[1] == counts[2]
    statements.clear()
    QuickReader(stored).list()
    assert len([s for s in statements if s.lstrip().upper().startswith("SELECT")]) == 1


_WEAPONS = [combi_weapon(), Weapon(name="Stub gun", cost=5), Weapon(name="Lasgun", cost=15)]
_WARGEAR = [Item(name="Flak armour", cost=10), Item(name="Photo-goggles", cost=35)]


@st.composite
def _fighters(draw: st.DrawFn, n: int) -> Fighter:
    """One fighter with a drawn mix of rows, each list in a drawn order."""
    base = simple_fighter(n)
    return base.model_copy(
        update={
            "status": draw(st.sampled_from(list(FighterStatus))),
            "xp": draw(st.integers(0, 40)),
            "weapons": draw(st.permutations(_WEAPONS))[: draw(st.integers(0, 3))],
            "wargear": draw(st.lists(st.sampled_from(_WARGEAR), max_size=3)),
            "skills": draw(st.lists(st.sampled_from(["Fearsome", "Iron Jaw", "Nerves of Steel"]))),
            "injuries": draw(st.lists(st.sampled_from(["Spinal Injury", "Old Battle Wound"]))),
            "modifiers": [
                Modifier(source=f"Advance {i}", kind=ModifierKind.ADVANCEMENT, changes={"WS": 1})
                for i in range(draw(st.integers(0, 2)))
            ],
            # Provisional ids, the first fighter's -1: an owner among those drawn.
            "id": -1 - n,
            "owner_id": draw(st.sampled_from([None, -1])),
        }
    )


@settings(max_examples=15, deadline=None)
@given(data=st.data(), size=st.integers(0, 8))
def test_any_drawn_gang_reads_as_the_orm_reads_it(
    tmp_path_factory: pytest.TempPathFactory, data: st.DataObject, size: int
) -> None:
    fighters = [data.draw(_fighters(n)) for n in range(size)]
    stash = data.draw(st.lists(st.sampled_from(_WEAPONS), max_size=3))
    url = sqlite_url(tmp_path_factory.mktemp("drawn") / "gangs.sqlite")
    with open_database(url) as db:
        stored = gangs.add_gang(
            db,
            Rulesets(tmp_path_factory.mktemp("data")),
            Gang(name="Drawn", fighters=fighters, stash=stash),
        ).gang
        assert gangs.load_gang(db, "Drawn") == stored  # through the ORM
    with open_database(url) as quick:
        assert gangs.load_gang(quick, "Drawn") == stored
        assert not quick.has_engine
