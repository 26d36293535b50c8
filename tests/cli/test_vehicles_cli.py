"""Vehicles on the command line (issue 25): `gangmanager rules show n23 --json` lists
them (each names the `vehicle` statline with its profile keyed by the vehicle codes,
its cost, crew, hardpoints, weapons, upgrades and who may take it; every earlier key
stays), and `gangmanager vehicle add` adds one to a gang, refused in one line for a
house that may not take it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from gangmanager.cli import main
from gangmanager.persistence.database import open_database, sqlite_url
from gangmanager.rules.gang import Gang
from gangmanager.services import gangs
from gangmanager.services.databases import read_statlines_from
from gangmanager.services.demo import demo_gang
from gangmanager.services.rulesets import Rulesets

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
        "  Mauler (goliath only), 100, crew Road Thug, 1 hardpoint:"
        '  7" 5 4 4 3 5+ 5+ 4+ 8+ 5+ 9+ 8+'
    ) in out


def _demo(path: Path, house: str) -> int:
    rulesets = Rulesets()
    with open_database(sqlite_url(path)) as db:
        gang = gangs.add_gang(db, rulesets, demo_gang(rulesets.get("n23"), house)).gang
        assert gang.id is not None
        return gang.id


def _stored(path: Path, gang_id: int) -> Gang:
    with open_database(sqlite_url(path)) as db:
        # As the window and the command line open it: a vehicle's profile needs its statline.
        read_statlines_from(db, Rulesets())
        return gangs.load_gang(db, str(gang_id))


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (
            ["Mauler", "Crusher", "--pay"],
            "gangmanager: House Orlock may not take a Mauler (goliath only): Crusher not added\n",
        ),
        (
            ["Battlewagon", "Crusher"],
            "gangmanager: the n23 pack has no vehicle 'Battlewagon' (its vehicles: Wolfquad,"
            " Ridgerunner, Rockgrinder, Cargo-8 Ridgehauler, Chronos Pattern Ironcrawler,"
            " Outrider Quad, Mauler, Skalvian Explorator): Crusher not added\n",
        ),
        (
            ["Outrider Quad", "Skid", "--crew", "Road Thug"],
            "gangmanager: 'Road Thug' may not drive the Outrider Quad (crews: Iron Rider):"
            " Skid not added\n",
        ),
    ],
)
def test_vehicle_add_refuses_in_one_line_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], line: str
) -> None:
    path = tmp_path / "gm.sqlite"
    gang_id = _demo(path, "orlock")
    before = _stored(path, gang_id)
    code = main(["--db", str(path), "vehicle", "add", str(gang_id), *argv])
    assert (code, capsys.readouterr().err) == (2, line)
    after = _stored(path, gang_id)
    assert (after.fighters, after.credits, after.version) == (
        before.fighters,
        before.credits,
        before.version,
    )


def test_vehicle_add_adds_it_and_show_json_names_its_statline(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "gm.sqlite"
    gang_id = _demo(path, "orlock")
    credits = _stored(path, gang_id).credits
    code = main(["--db", str(path), "vehicle", "add", str(gang_id), "Outrider Quad", "Skid"])
    assert code == 0, capsys.readouterr().err
    assert _stored(path, gang_id).credits == credits  # not paid
    capsys.readouterr()
    assert main(["--db", str(path), "show", str(gang_id), "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)["fighters"][-1]
    assert (shown["name"], shown["type"], shown["statline"], shown["cost"]) == (
        "Skid",
        "Outrider Quad",
        "vehicle",
        80 + 35,
    )
    assert list(shown["base_profile"]) == VEHICLE_CODES


def _file_with(tmp_path: Path, capsys: pytest.CaptureFixture[str], vehicle: dict[str, Any]) -> Path:
    """A Goliath gang file (exported) with `vehicle` added to its fighters."""
    path = tmp_path / "gm.sqlite"
    gang_id = _demo(path, "goliath")
    out = tmp_path / "crew.gang.json"
    assert main(["--db", str(path), "export", str(gang_id), "-o", str(out)]) == 0
    capsys.readouterr()
    data = json.loads(out.read_text(encoding="utf-8"))
    data["fighters"].append(vehicle)
    data.pop("origin", None)  # a new gang, not an update of the exported one
    out.write_text(json.dumps(data), encoding="utf-8")
    return out


MAULER = {"name": "Crusher", "type": "Mauler", "category": "crew", "cost": 125}
MAULER_PROFILE = {
    "M": '7"', "Fr": "5", "Sd": "4", "Rr": "4", "HP": "3", "Hnd": "5+", "Sv": "5+",
    "BS": "4+", "Ld": "8+", "Cl": "5+", "Wil": "9+", "Int": "8+",
}  # fmt: skip


@pytest.mark.parametrize("profile", [MAULER_PROFILE, None], ids=["given", "left-out"])
def test_a_gang_file_holds_a_vehicle_as_a_fighter_of_its_type(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], profile: dict[str, str] | None
) -> None:
    """Issue 25: a `fighters` entry whose `type` names a vehicle, its `profile` keyed by
    the vehicle statline; left out, the type's profile is used."""
    entry = {**MAULER, **({"profile": profile} if profile is not None else {})}
    source = _file_with(tmp_path, capsys, entry)
    target = tmp_path / "imported.sqlite"
    code = main(["--db", str(target), "import", str(source)])
    assert code == 0, capsys.readouterr().err
    capsys.readouterr()
    assert main(["--db", str(target), "show", "1", "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)["fighters"][-1]
    assert (shown["type"], shown["statline"]) == ("Mauler", "vehicle")
    assert shown["base_profile"] == MAULER_PROFILE
