"""Issue 26's "done": a gang of the player's pack uses an added fighter type, weapon and
wargear item; its file carries them (`pack_entries`), and on another machine (a fresh
user folder) the import makes the pack again and opens the gang with them."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from gangmanager.exchange.errors import ImportFileError
from gangmanager.persistence.database import Database, open_database, sqlite_url
from gangmanager.rules.gang import Gang
from gangmanager.rules.roster_ops import armoury_weapon, recruit
from gangmanager.rules.weapons import Item
from gangmanager.services import gang_files, gangs, roster, user_packs
from gangmanager.services.errors import ServiceError
from gangmanager.services.rulesets import Rulesets

from ..narrowing import present
from ..user_pack_entries import club_gun, witch


def _database(path: Path) -> Database:
    return open_database(sqlite_url(path))


@pytest.fixture
def home(tmp_path: Path) -> Rulesets:
    """This machine: the player's pack `club` with a type, a weapon, a wargear item."""
    rulesets = Rulesets(tmp_path / "home")
    user_packs.copy_user_pack(rulesets, "n23", "club")
    user_packs.add_entry(rulesets, "club", "fighter_type", witch())
    user_packs.add_entry(rulesets, "club", "weapon", club_gun())
    user_packs.add_entry(rulesets, "club", "wargear", {"name": "Lucky charm", "cost": 5})
    user_packs.add_entry(rulesets, "club", "wargear", {"name": "Unused charm", "cost": 3})
    return rulesets


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Database]:
    database = _database(tmp_path / "home.sqlite")
    yield database
    database.close()


def _club_gang(db: Database, rulesets: Rulesets) -> Gang:
    club = rulesets.get("club")
    kind = present(club.fighter_type("escher", "Wyld Witch"))
    fighter = recruit(kind, "Ysolde", club, house="escher")
    gun = armoury_weapon(present(club.weapon_entry("Club gun")))
    fighter = fighter.model_copy(
        update={"weapons": [gun], "wargear": [Item(name="Lucky charm", cost=5)]}
    )
    gang = Gang(name="Thorn Sisters", house="escher", ruleset="club", credits=500)
    result = gangs.add_gang(db, rulesets, gang)
    roster.apply(db, roster.AddFighter(present(result.gang.id), fighter, pay=True), rulesets)
    return gangs.load_gang(db, "Thorn Sisters")


def _exported(db: Database, rulesets: Rulesets, tmp_path: Path) -> Path:
    _club_gang(db, rulesets)
    return gangs.export_gang(db, rulesets, "Thorn Sisters", tmp_path / "thorn.gang.json")


def test_the_file_carries_the_entries_the_gang_uses(
    db: Database, home: Rulesets, tmp_path: Path
) -> None:
    data = json.loads(_exported(db, home, tmp_path).read_text(encoding="utf-8"))
    carried: dict[str, Any] = data["pack_entries"]
    assert (carried["pack"], carried["extends"]) == ("club", "n23")
    assert [t["name"] for t in carried["fighter_types"]] == ["Wyld Witch"]
    assert carried["fighter_types"][0]["house"] == "escher"
    assert [w["name"] for w in carried["weapons"]] == ["Club gun"]
    assert [w["name"] for w in carried["wargear"]] == ["Lucky charm"]  # not the unused one


def test_a_gang_of_an_official_pack_carries_nothing(
    db: Database, home: Rulesets, tmp_path: Path
) -> None:
    gangs.add_gang(db, home, Gang(name="Plain", house="escher", ruleset="n23"))
    path = gangs.export_gang(db, home, "Plain", tmp_path / "plain.gang.json")
    assert "pack_entries" not in json.loads(path.read_text(encoding="utf-8"))


def test_another_machine_makes_the_pack_again_and_opens_the_gang(
    db: Database, home: Rulesets, tmp_path: Path
) -> None:
    path = _exported(db, home, tmp_path)
    away = Rulesets(tmp_path / "away")  # a fresh user folder: no club pack
    assert "club" not in away.ids()
    gang, _, origin = gangs.read_import_with_origin(path, away)
    assert "club" in away.ids()
    other = _database(tmp_path / "away.sqlite")
    try:
        stored = gang_files.import_gang(other, away, gang, origin)
        opened = gangs.load_gang(other, stored.name)
    finally:
        other.close()
    ysolde = present(opened.fighter("Ysolde"))
    assert (opened.ruleset, ysolde.type, ysolde.cost) == ("club", "Wyld Witch", 110)
    club = away.get("club")
    assert present(club.fighter_type("escher", "Wyld Witch")).cost == 110
    assert club.weapon_entry("Club gun") is not None
    assert club.wargear_item("Lucky charm") is not None
    assert club.wargear_item("Unused charm") is None  # only what the gang uses travels
    assert [r.name for r in user_packs.diff(away, "club")] == [
        "Wyld Witch",
        "Club gun",
        "Lucky charm",
    ]


def test_a_machine_that_lacks_the_base_refuses_in_one_line_and_keeps_nothing(
    db: Database, home: Rulesets, tmp_path: Path
) -> None:
    path = _exported(db, home, tmp_path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["pack_entries"]["extends"] = "n99"
    path.write_text(json.dumps(data), encoding="utf-8")
    away = Rulesets(tmp_path / "away")
    with pytest.raises(ServiceError, match="extends 'n99', which is not here") as refused:
        gangs.read_import_with_origin(path, away)
    assert "\n" not in str(refused.value)
    assert "club" not in away.ids()


def test_a_carried_entry_the_pack_refuses_makes_no_pack(
    db: Database, home: Rulesets, tmp_path: Path
) -> None:
    path = _exported(db, home, tmp_path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["pack_entries"]["fighter_types"][0]["profile"]["M"] = '19"'
    path.write_text(json.dumps(data), encoding="utf-8")
    away = Rulesets(tmp_path / "away")
    with pytest.raises(ServiceError, match='M 19" is outside'):
        gangs.read_import_with_origin(path, away)
    assert "club" not in away.ids()
    assert not (away.packs_dir / "club").exists()


def test_a_badly_shaped_pack_entries_is_refused_by_the_file_check(
    db: Database, home: Rulesets, tmp_path: Path
) -> None:
    path = _exported(db, home, tmp_path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["pack_entries"]["vehicles"] = []
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ImportFileError, match=r"pack_entries\.vehicles: unknown key"):
        gangs.read_import_with_origin(path, Rulesets(tmp_path / "away"))


def test_where_the_pack_is_at_hand_the_import_leaves_it_alone(
    db: Database, home: Rulesets, tmp_path: Path
) -> None:
    path = _exported(db, home, tmp_path)
    before = {p.name: p.read_text(encoding="utf-8") for p in (home.packs_dir / "club").iterdir()}
    gang, _, _ = gangs.read_import_with_origin(path, home)
    assert gang.ruleset == "club"
    after = {p.name: p.read_text(encoding="utf-8") for p in (home.packs_dir / "club").iterdir()}
    assert after == before
