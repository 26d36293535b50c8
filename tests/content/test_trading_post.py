"""The 2023 Trading Post armoury parts and house-only items as the n23 pack loads them."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from gangmanager.content import builtin_rulesets_dir
from gangmanager.rules.ruleset import Ruleset

Load = Callable[[str], Ruleset]

RARITY = re.compile(r"^(C|R\d{1,2}|I\d{1,2})$")
# Trading Post wargear whose rarity no public source prints (left empty on purpose).
UNKNOWN_RARITY = {"Cult icon"}
HOUSE_PARTS = ("armoury-van_saar.toml", "armoury-cawdor.toml", "armoury-delaque.toml")


def _part(name: str) -> dict[str, Any]:
    path = Path(builtin_rulesets_dir()) / "n23" / name
    with path.open("rb") as handle:
        return tomllib.load(handle)


def _names(name: str, key: str) -> list[str]:
    return [str(entry["name"]) for entry in _part(name).get(key, [])]


def test_trading_post_weapons_have_cost_rarity_kind_and_a_profile(load: Load) -> None:
    ruleset = load("n23")
    names = _names("armoury-tradingpost.toml", "weapons")
    assert len(names) >= 69
    for name in names:
        weapon = ruleset.weapon_entry(name)
        assert weapon is not None, name
        assert weapon.cost > 0, name
        assert RARITY.match(weapon.availability), (name, weapon.availability)
        assert weapon.kind in ("basic", "pistol", "special", "heavy", "close_combat", "grenade")
        assert weapon.profiles, name
        # Every profile has a range: E (melee), T (Template), inches or thrown (Sx3).
        assert all({p.rng_s, p.rng_l} != {"-"} for p in weapon.profiles), name


def test_every_kind_of_weapon_is_represented() -> None:
    kinds = {str(w["kind"]) for w in _part("armoury-tradingpost.toml")["weapons"]}
    assert kinds == {"basic", "pistol", "special", "heavy", "close_combat", "grenade"}


def test_trading_post_wargear_has_cost_and_rarity(load: Load) -> None:
    ruleset = load("n23")
    names = _names("armoury-tradingpost-wargear.toml", "wargear")
    assert len(names) >= 40
    for name in names:
        item = ruleset.wargear_item(name)
        assert item is not None, name
        if name in UNKNOWN_RARITY:
            assert item.availability == "", name
        else:
            assert RARITY.match(item.availability), (name, item.availability)
        assert item.summary, name


@pytest.mark.parametrize("part", ["armoury.toml", "armoury-tradingpost.toml", *HOUSE_PARTS])
def test_every_trait_a_weapon_uses_is_defined(load: Load, part: str) -> None:
    ruleset = load("n23")
    for name in _names(part, "weapons"):
        weapon = ruleset.weapon_entry(name)
        assert weapon is not None, name
        for profile in weapon.profiles:
            for trait in profile.traits:
                assert ruleset.trait_def(trait) is not None, (name, trait)


def test_no_new_name_repeats_an_armoury_name_or_alias(load: Load) -> None:
    base = _part("armoury.toml")
    taken = {str(e["name"]).casefold() for e in base["weapons"] + base["wargear"]}
    for entry in base["weapons"] + base["wargear"]:
        taken |= {str(a).casefold() for a in entry.get("aliases", [])}
    parts = ["armoury-tradingpost.toml", "armoury-tradingpost-wargear.toml", *HOUSE_PARTS]
    for part in parts:
        data = _part(part)
        for entry in data.get("weapons", []) + data.get("wargear", []):
            assert str(entry["name"]).casefold() not in taken, (part, entry["name"])


def test_house_only_items_are_not_for_sale() -> None:
    for part in HOUSE_PARTS:
        data = _part(part)
        for entry in data.get("weapons", []) + data.get("wargear", []):
            assert entry["availability"] == "", (part, entry["name"])


def test_sample_profiles_and_prices(load: Load) -> None:
    ruleset = load("n23")
    lascannon = ruleset.weapon_entry("Lascannon")
    assert lascannon is not None
    assert (lascannon.cost, lascannon.availability) == (155, "R10")
    assert lascannon.profiles[0].strength == "10"
    assert lascannon.profiles[0].has_trait("Unwieldy")
    shock_stave = ruleset.weapon_entry("Shock stave")
    assert shock_stave is not None
    assert shock_stave.profiles[0].has_trait("Versatile")
    melta = ruleset.weapon_entry("Combi-weapon (bolter/melta)")
    assert melta is not None
    assert [p.name for p in melta.profiles] == ["bolter", "melta"]
    assert all(p.has_trait("Combi") for p in melta.profiles)
