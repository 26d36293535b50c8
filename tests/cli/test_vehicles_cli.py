"""`gangmanager rules show n23 --json` lists the vehicles (issue 25's contract): each
names the `vehicle` statline with its profile keyed by the vehicle codes, its cost,
crew, hardpoints, weapons, upgrades and who may take it; every earlier key stays."""

from __future__ import annotations

import json
from typing import Any

import pytest

from gangmanager.cli import main

VEHICLE_CODES = ["M", "Fr", "Sd", "Rr", "HP", "Hnd", "Sv", "BS", "Ld", "Cl", "Wil", "Int"]
# Every key `rules show --json` had before the vehicles.
EARLIER_KEYS = {
    "name", "title", "summary", "founding_credits", "statlines", "weapon_statline",
    "progression", "economy", "categories", "houses", "gang_additions", "weapons",
    "wargear", "skill_sets",
}  # fmt: skip


def _view(capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    code = main(["rules", "show", "n23", "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    view: dict[str, Any] = json.loads(out)
    return view


def test_rules_show_json_lists_the_vehicles(capsys: pytest.CaptureFixture[str]) -> None:
    view = _view(capsys)
    assert EARLIER_KEYS | {"vehicles", "vehicle_crews", "vehicle_house_lists"} <= set(view)
    assert [row["code"] for row in view["statlines"]["vehicle"]] == VEHICLE_CODES
    assert [row["group"] for row in view["statlines"]["vehicle"]] == ["vehicle"] * 7 + ["crew"] * 5
    vehicles = {v["name"]: v for v in view["vehicles"]}
    assert len(vehicles) == 8
    for vehicle in vehicles.values():
        assert vehicle["statline"] == "vehicle"
        assert list(vehicle["profile"]) == VEHICLE_CODES
        assert {
            "cost", "category", "crew", "houses", "hardpoints", "upgrade_slots", "weapons",
            "upgrades", "wargear", "locomotion", "skills",
        } <= set(vehicle)  # fmt: skip
        for hardpoint in vehicle["hardpoints"]:
            assert set(hardpoint) == {"location", "operated_by", "arcs"}
        for upgrade in vehicle["upgrades"]:
            assert set(upgrade) == {"name", "cost", "slot", "included"}
    quad = vehicles["Outrider Quad"]
    assert (quad["cost"], quad["houses"], quad["crew"]) == (80, ["orlock"], ["Iron Rider"])
    assert quad["profile"] == {
        "M": '9"', "Fr": "4", "Sd": "3", "Rr": "3", "HP": "2", "Hnd": "4+", "Sv": "5+",
        "BS": "4+", "Ld": "6+", "Cl": "6+", "Wil": "7+", "Int": "7+",
    }  # fmt: skip
    assert quad["hardpoints"] == [{"location": "Hull", "operated_by": "crew", "arcs": ["front"]}]
    assert {"name": "Heavy bolter", "cost": 160} in quad["weapons"]
    assert quad["upgrade_slots"] == {"body": 0, "drive": 1, "engine": 2}
    crews = {c["name"]: c for c in view["vehicle_crews"]}
    assert crews["Iron Rider"]["profile"] == {
        "BS": "4+", "Ld": "6+", "Cl": "6+", "Wil": "7+", "Int": "7+"
    }  # fmt: skip
    assert crews["Iron Rider"]["cost"] == 35


def test_rules_show_text_lists_the_vehicles(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "show", "n23"]) == 0
    out = capsys.readouterr().out
    assert "Vehicles (with their crew's line):" in out
    assert (
        "  Mauler (goliath only), 100, crew Road Thug, 1 hardpoints:"
        '  7" 5 4 4 3 5+ 5+ 4+ 8+ 5+ 9+ 8+'
    ) in out
