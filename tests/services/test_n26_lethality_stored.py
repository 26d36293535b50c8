"""An n26 weapon keeps its Lethality (the weapon statline's L) in the store: bought,
read back, shown, undone and redone (migration 0015, `weapon_profiles.later`); n23
profiles store none."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from gangmanager.persistence.database import Database, open_database, sqlite_url
from gangmanager.rules.gang import Gang
from gangmanager.rules.roster_ops import armoury_weapon, recruit
from gangmanager.services import gangs, undo_history
from gangmanager.services.gang_view import gang_view
from gangmanager.services.operations import perform
from gangmanager.services.roster import BuyWeapon
from gangmanager.services.rulesets import Rulesets

from ..narrowing import present


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "gm.sqlite"


@pytest.fixture
def db(path: Path) -> Iterator[Database]:
    database = open_database(sqlite_url(path))
    yield database
    database.close()


def _gang(db: Database, rulesets: Rulesets) -> Gang:
    n26 = rulesets.get("n26")
    sister = present(n26.fighter_type("escher", "Gang Sister"))
    nyx = recruit(sister, "Nyx", n26)
    wyld = Gang(name="Wyld", house="escher", ruleset="n26", credits=500, fighters=[nyx])
    return gangs.add_gang(db, rulesets, wyld).gang


def _lethality(db: Database, rulesets: Rulesets, gang: Gang) -> list[object]:
    stored = gangs.load_gang(db, str(gang.id))
    shown = gang_view(stored, rulesets.get("n26"))["fighters"][0]["weapons"]
    return [p.get("l") for w in shown for p in w["profiles"]]


def test_a_bought_n26_weapon_keeps_its_lethality_through_undo_and_redo(
    db: Database, path: Path, rulesets: Rulesets
) -> None:
    gang = _gang(db, rulesets)
    autogun = armoury_weapon(present(rulesets.get("n26").weapon_entry("Autogun")))
    assert [p.l for p in autogun.profiles] == ["1"]  # the pack's figure, not a default
    fighter_id = present(gang.fighters[0].id)
    perform(db, BuyWeapon(present(gang.id), fighter_id, autogun), rulesets)
    assert _lethality(db, rulesets, gang) == ["1"]
    with sqlite3.connect(path) as conn:
        assert [r[0] for r in conn.execute("SELECT later FROM weapon_profiles")] == ['{"l": "1"}']
    undo_history.undo(db, rulesets)
    assert _lethality(db, rulesets, gang) == []
    undo_history.redo(db, rulesets)
    assert _lethality(db, rulesets, gang) == ["1"]


def test_an_n23_profile_stores_no_later_column(
    db: Database, path: Path, rulesets: Rulesets
) -> None:
    from gangmanager.services.demo import demo_gang

    gangs.add_gang(db, rulesets, demo_gang(rulesets.get("n23")))
    with sqlite3.connect(path) as conn:
        later = {r[0] for r in conn.execute("SELECT later FROM weapon_profiles")}
    assert later == {"{}"}
