"""The player's own pack (issue 26): made from a base, entries added and checked as the
official data is, written as pack TOML that reads back, and still loading, with the
base's changes coming through, after the official pack is updated."""

from __future__ import annotations

import os
import shutil
import tomllib
from pathlib import Path
from typing import Any

import pytest

from gangmanager.content import builtin_rulesets_dir, toml_writer
from gangmanager.content.loader import clear_cache, load_ruleset
from gangmanager.content.pack_diff import pack_diff
from gangmanager.content.user_packs import (
    UserPack,
    UserPackError,
    add_entries,
    copy_pack,
    own_entries,
    user_pack,
)
from gangmanager.rules.ruleset import Ruleset

from ..user_pack_entries import N23_PROFILE, club_gun, witch


def escher_types(ruleset: Ruleset) -> list[str]:
    return [t.name for h in ruleset.houses if h.id == "escher" for t in h.fighter_types]


@pytest.fixture
def official(tmp_path: Path) -> Path:
    """A copy of the shipped packs that a test may "update"."""
    folder = tmp_path / "official"
    shutil.copytree(builtin_rulesets_dir() / "n23", folder / "n23")
    return folder


@pytest.fixture
def mine(tmp_path: Path) -> Path:
    return tmp_path / "mine"


@pytest.fixture
def club(official: Path, mine: Path) -> UserPack:
    return copy_pack("n23", "club", mine, [mine, official])


def test_a_copy_extends_its_base_and_adds_nothing(club: UserPack, official: Path) -> None:
    header = tomllib.loads((club.folder / "pack.toml").read_text(encoding="utf-8"))
    assert (header["id"], header["extends"]) == ("club", "n23")
    assert sorted(p.name for p in club.folder.iterdir()) == ["pack.toml"]
    search = [club.folder.parent, official]
    assert pack_diff(load_ruleset("club", search), load_ruleset("n23", search)) == []


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("Club", "not a pack name"),
        ("../up", "not a pack name"),
        ("x" * 33, "not a pack name"),
        ("", "not a pack name"),
        ("n23", "exists already"),
        ("club", "exists already"),
    ],
)
def test_a_bad_or_taken_name_is_refused(
    club: UserPack, official: Path, mine: Path, name: str, says: str
) -> None:
    with pytest.raises(UserPackError, match=says):
        copy_pack("n23", name, mine, [mine, official])


def test_added_entries_are_used_at_once_and_read_back(
    club: UserPack, official: Path, mine: Path
) -> None:
    search = [mine, official]
    add_entries(club, "fighter_type", [witch()], search)
    add_entries(club, "weapon", [club_gun()], search)
    loaded = add_entries(club, "wargear", [{"name": "Lucky charm", "cost": 5}], search)
    witch_type = loaded.fighter_type("escher", "Wyld Witch")
    assert witch_type is not None and witch_type.cost == 110
    assert witch_type.profile["WS"] == 3
    # The house's own list is still the official one, with the witch after it.
    official_types = escher_types(load_ruleset("n23", search))
    assert escher_types(loaded) == [*official_types, "Wyld Witch"]
    gun = loaded.weapon_entry("Club gun")
    assert gun is not None and gun.profiles[0].traits[0].name == "Rapid Fire"
    assert own_entries(user_pack("club", mine))["wargear"] == [{"name": "Lucky charm", "cost": 5}]
    rows = [row.as_json() for row in pack_diff(loaded, load_ruleset("n23", search))]
    assert rows == [
        {
            "kind": "fighter_type",
            "name": "Wyld Witch",
            "change": "added",
            "house": "escher",
            "cost": 110,
        },
        {"kind": "weapon", "name": "Club gun", "change": "added", "cost": 20},
        {"kind": "wargear", "name": "Lucky charm", "change": "added", "cost": 5},
    ]


def test_an_entry_of_an_official_name_is_a_change(club: UserPack, official: Path) -> None:
    search = [club.folder.parent, official]
    base = load_ruleset("n23", search)
    sister = base.fighter_type("escher", "Sister")
    assert sister is not None
    loaded = add_entries(club, "fighter_type", [witch(name="Sister", cost=55)], search)
    rows = pack_diff(loaded, base)
    assert [(r.name, r.change, r.cost) for r in rows] == [("Sister", "changed", 55)]
    assert "cost" in rows[0].fields
    assert escher_types(loaded).count("Sister") == 1


@pytest.mark.parametrize(
    ("kind", "entry", "says"),
    [
        ("fighter_type", witch(profile={**N23_PROFILE, "M": '15"'}), 'M 15" is outside'),
        ("fighter_type", witch(profile={**N23_PROFILE, "Zz": "3"}), "'Zz' is no characteristic"),
        ("fighter_type", witch(house="nowhere"), "'nowhere' is no house"),
        ("fighter_type", witch(cost=-5), "cost"),
        ("weapon", club_gun(["Wobbly"]), "'Wobbly' is not one the pack n23 knows"),
        ("wargear", {"name": "Odd", "cost": 5, "kind": "hat"}, "kind"),
    ],
)
def test_a_refused_entry_is_one_line_and_leaves_the_pack_as_it_was(
    club: UserPack, official: Path, kind: str, entry: dict[str, Any], says: str
) -> None:
    search = [club.folder.parent, official]
    add_entries(club, "wargear", [{"name": "Lucky charm", "cost": 5}], search)
    files = {p.name: p.read_text(encoding="utf-8") for p in club.folder.iterdir()}
    with pytest.raises(UserPackError, match=says) as refused:
        add_entries(club, kind, [entry], search)
    assert "\n" not in str(refused.value)
    assert {p.name: p.read_text(encoding="utf-8") for p in club.folder.iterdir()} == files
    assert load_ruleset("club", search).wargear_item("Lucky charm") is not None


def test_an_update_of_the_official_pack_comes_through_and_the_pack_still_loads(
    club: UserPack, official: Path
) -> None:
    search = [club.folder.parent, official]
    add_entries(club, "fighter_type", [witch()], search)
    before = load_ruleset("club", search)
    sister = before.fighter_type("escher", "Sister")
    assert sister is not None and sister.cost == 50
    # The official Escher list is updated: the Sister costs 60 now.
    house_file = official / "n23" / "houses-escher.toml"
    text = house_file.read_text(encoding="utf-8")
    marker = 'name = "Sister"\ncategory = "ganger"\ncost = 50'
    assert marker in text
    house_file.write_text(text.replace(marker, marker.replace("50", "60")), encoding="utf-8")
    os.utime(house_file, ns=(1, 1))
    clear_cache()  # a new start: only the disk cache is left, and it must not answer
    after = load_ruleset("club", search)
    updated = after.fighter_type("escher", "Sister")
    assert updated is not None and updated.cost == 60
    assert after.fighter_type("escher", "Wyld Witch") is not None


def test_an_edit_of_the_user_pack_is_not_hidden_by_the_disk_cache(
    club: UserPack, official: Path
) -> None:
    search = [club.folder.parent, official]
    add_entries(club, "wargear", [{"name": "Lucky charm", "cost": 5}], search)
    load_ruleset("club", search)
    # The player edits the file by hand, keeping its size (a new time all the same).
    path = club.folder / "armoury.toml"
    path.write_text(path.read_text(encoding="utf-8").replace("cost = 5", "cost = 7"))
    os.utime(path, ns=(2, 2))
    clear_cache()
    item = load_ruleset("club", search).wargear_item("Lucky charm")
    assert item is not None and item.cost == 7


def test_the_writer_gives_toml_that_reads_back_as_written() -> None:
    document: dict[str, object] = {
        "id": "x",
        "flag": True,
        "ratio": 0.5,
        "weapons": [
            {
                "name": 'Say "hi"\\\n\tnow\x01',
                "aliases": ["a", "b"],
                "changes": {"M": 1, "Wil": -1, "odd key": 2},
                "profiles": [{"name": "", "traits": []}, {"rng_s": '8"'}],
            }
        ],
    }
    assert tomllib.loads(toml_writer.dumps(document, "two\nlines")) == document


def test_the_writer_refuses_what_it_cannot_write_faithfully() -> None:
    with pytest.raises(TypeError):
        toml_writer.dumps({"when": object()})
    with pytest.raises(TypeError):
        toml_writer.dumps({"x": float("nan")})
    with pytest.raises(TypeError):
        toml_writer.dumps({"a": [{"b": [{"c": [{"d": 1}]}]}]})
