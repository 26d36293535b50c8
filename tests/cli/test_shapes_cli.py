"""The shapes of a pack on the command line (issue 25's contract): `rules show --json`
lists the statlines, the weapon statline, progression, economy and categories, and
every fighter type and gang addition names its statline; `show GANG --json` gives
every fighter's statline beside its profile."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from gangmanager.cli import main
from gangmanager.rules.characteristics import CODES
from gangmanager.services.rulesets import Rulesets

DRONE_PACK = 'id = "drones"\nname = "Drones"\nextends = "n23"\n'
DRONE_STATLINE = """
[[statlines.drone]]
code = "Spd"
name = "Speed"
kind = "inches"
best = 12
worst = 1
advance_cap = 1

[[statlines.drone]]
code = "Arm"
name = "Armour"
kind = "d6_target"
best = 2
worst = 6
"""
DRONE = """
[[gang_additions]]
name = "Drone"
category = "hanger_on"
cost = 20
statline = "drone"
profile = '9" 4+'
"""


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _view(capsys: pytest.CaptureFixture[str], ruleset: str) -> dict[str, Any]:
    code, out, err = run(capsys, "rules", "show", ruleset, "--json")
    assert code == 0, err
    view: dict[str, Any] = json.loads(out)
    return view


def _kinds(view: dict[str, Any]) -> list[dict[str, Any]]:
    return [*(t for h in view["houses"] for t in h["fighter_types"]), *view["gang_additions"]]


@pytest.mark.parametrize("ruleset", ["n23", "house-a", "house-b"])
def test_rules_show_json_lists_the_fighter_statline(capsys, ruleset: str) -> None:
    view = _view(capsys, ruleset)
    fighter = view["statlines"]["fighter"]
    assert [row["code"] for row in fighter] == list(CODES)
    assert fighter[0] == {
        "code": "M", "name": "Movement", "kind": "inches", "best": 8, "worst": 1,
        "advance_cap": 2, "printed_best": '8"', "printed_worst": '1"', "group": None,
    }  # fmt: skip
    intelligence = fighter[-1]
    assert (intelligence["kind"], intelligence["best"], intelligence["worst"]) == (
        "2d6_target",
        3,
        11,
    )
    assert intelligence["printed_worst"] == "11+" and intelligence["advance_cap"] is None
    assert {row["kind"] for row in fighter} == {"inches", "value", "d6_target", "2d6_target"}


def test_rules_show_json_lists_the_weapon_statline_progression_and_economy(capsys) -> None:
    view = _view(capsys, "n23")
    columns = view["weapon_statline"]
    assert [c["code"] for c in columns] == [
        "rng_s",
        "rng_l",
        "acc_s",
        "acc_l",
        "str",
        "ap",
        "d",
        "am",
    ]
    assert columns[0] == {
        "code": "rng_s", "name": "Short range", "kind": "range", "band": "short",
        "relative_to": None,
    }  # fmt: skip
    assert columns[4]["kind"] == "strength" and columns[4]["relative_to"] == "S"
    # A weapon's profile columns are the statline's, in its order.
    first = view["weapons"][0]["profiles"][0]
    assert [k for k in first if k in {c["code"] for c in columns}] == [c["code"] for c in columns]
    assert view["progression"] == {"kind": "spend_xp", "unit": "XP", "name": "Experience"}
    assert view["economy"] == {
        "currencies": [{"code": "credits", "name": "Credits"}],
        "availability": "rarity",
    }
    assert view["categories"]["per_fighter"] == 1
    assert "leader" in view["categories"]["names"]


def test_every_fighter_type_and_addition_names_its_statline(capsys) -> None:
    view = _view(capsys, "n23")
    kinds = _kinds(view)
    assert len(kinds) > 100
    for kind in kinds:
        codes = [row["code"] for row in view["statlines"][kind["statline"]]]
        assert list(kind["profile"]) == codes, kind["name"]
    assert {kind["statline"] for kind in kinds} == {"fighter"}


def test_a_pack_with_a_second_statline_shows_it_and_keys_its_addition(capsys) -> None:
    folder = Rulesets().packs_dir / "drones"
    folder.mkdir(parents=True)
    (folder / "pack.toml").write_text(DRONE_PACK, encoding="utf-8")
    (folder / "statlines.toml").write_text(DRONE_STATLINE, encoding="utf-8")
    (folder / "gang_additions.toml").write_text(DRONE, encoding="utf-8")
    view = _view(capsys, "drones")
    assert list(view["statlines"]) == ["fighter", "vehicle", "drone"]
    assert [row["code"] for row in view["statlines"]["drone"]] == ["Spd", "Arm"]
    drone = next(a for a in view["gang_additions"] if a["name"] == "Drone")
    assert drone["statline"] == "drone"
    assert drone["profile"] == {"Spd": '9"', "Arm": "4+"}
    code, out, _ = run(capsys, "rules", "show", "drones")
    assert code == 0 and 'Drone (hanger on), 20:  9" 4+' in out


def test_show_gang_json_gives_each_fighter_its_statline(capsys, tmp_path: Path) -> None:
    db = str(tmp_path / "gm.sqlite")
    assert run(capsys, "demo", "--db", db)[0] == 0
    code, out, _ = run(capsys, "--db", db, "show", "The Rust Riders", "--json")
    assert code == 0
    fighters = json.loads(out)["fighters"]
    assert fighters
    for fighter in fighters:
        assert fighter["statline"] == "fighter"
        assert list(fighter["profile"]) == list(CODES) == list(fighter["base_profile"])
        keys = list(fighter)
        # Beside its profile: the statline comes just before the profiles it keys.
        assert keys.index("statline") + 1 == keys.index("base_profile")
