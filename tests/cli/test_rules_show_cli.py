"""`gangmanager rules show RULESET [--json]`: the pack as players see it (a contract)."""

from __future__ import annotations

import json
import re

import pytest

from gangmanager.cli import main
from gangmanager.rules.characteristics import CODES
from gangmanager.services.rulesets import Rulesets

from ..list_pack import PACK_ID, write_list_pack

PROFILE_KEYS = {"name", "rng_s", "rng_l", "acc_s", "acc_l", "str", "ap", "d", "am", "traits"}
RARITY = re.compile(r"^(Common|Rare \(\d+\)|Illegal \(\d+\)|)$")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_rules_show_json_has_the_contract_keys(capsys) -> None:
    code, out, _ = run(capsys, "rules", "show", "n23", "--json")
    assert code == 0
    view = json.loads(out)
    assert view["name"] == "n23" and view["title"]
    assert {"houses", "weapons", "wargear", "skill_sets"} <= set(view)
    assert view["houses"], "n23 has houses"
    for house in view["houses"]:
        assert {"name", "fighter_types", "equipment_list", "skill_sets"} <= set(house)
        for kind in house["fighter_types"]:
            assert {"name", "category", "cost", "profile", "skills", "equipment"} <= set(kind)
            assert list(kind["profile"]) == list(CODES)
            assert set(kind["skills"]) == {"primary", "secondary"}
        for entry in house["equipment_list"]:
            assert {"name", "cost", "kind", "restricted_to"} <= set(entry)
            assert entry["kind"] in ("weapon", "wargear")
    road_captain = view["houses"][0]["fighter_types"][0]
    if road_captain["name"] == "Road Captain":
        assert road_captain["profile"]["M"] == '5"' and road_captain["profile"]["WS"] == "3+"
    for weapon in view["weapons"]:
        assert {"name", "cost", "rarity", "profiles"} <= set(weapon)
        assert RARITY.match(weapon["rarity"]), weapon["rarity"]
        for profile in weapon["profiles"]:
            assert set(profile) >= PROFILE_KEYS
            assert all(isinstance(t, str) for t in profile["traits"])
    rarities = {w["rarity"] for w in view["weapons"]}
    assert "Common" in rarities and any(r.startswith("Rare (") for r in rarities)
    for item in view["wargear"]:
        assert {"name", "cost", "rarity"} <= set(item) and RARITY.match(item["rarity"])
    for skill_set in view["skill_sets"]:
        assert {"name", "house", "skills"} <= set(skill_set)


def test_rules_show_an_equipment_list(capsys) -> None:
    write_list_pack(Rulesets().packs_dir)
    code, out, _ = run(capsys, "rules", "show", PACK_ID, "--json")
    assert code == 0
    orlock = next(h for h in json.loads(out)["houses"] if h["name"] == "House Orlock")
    listed = {e["name"]: e for e in orlock["equipment_list"]}
    assert listed["Heavy bolter"] == {
        "name": "Heavy bolter",
        "cost": 150,
        "kind": "weapon",
        "restricted_to": ["leader", "champion"],
    }
    assert listed["Flak armour"]["kind"] == "wargear"
    code, out, _ = run(capsys, "rules", "show", PACK_ID)
    assert code == 0
    assert "Equipment list:" in out and "Heavy bolter 150 (leader, champion only)" in out


def test_rules_show_text_and_unknown_ruleset(capsys) -> None:
    code, out, _ = run(capsys, "rules", "show", "n23")
    assert code == 0
    assert out.startswith("Necromunda") and "Trading Post:" in out and "Skill sets:" in out
    code, out, err = run(capsys, "rules", "show", "nope")
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "nope" in err


def test_rules_show_json_lists_the_gang_additions_with_kind_and_limit(capsys) -> None:
    code, out, _ = run(capsys, "rules", "show", "n23", "--json")
    assert code == 0
    additions = {a["name"]: a for a in json.loads(out)["gang_additions"]}
    keys = {"name", "category", "cost", "profile", "skills", "equipment", "kind", "limit"}
    assert all(keys <= set(a) for a in additions.values())
    assert {a["kind"] for a in additions.values()} == {
        "brute",
        "exotic_beast",
        "hanger_on",
        "hired_gun",
    }
    ambot = additions["Ambot"]
    assert (ambot["kind"], ambot["cost"], ambot["limit"]) == ("brute", 215, {"max": 2})
    assert ambot["house_costs"]["orlock"] == 185 and ambot["advances_as"] == "specialist"
    assert ambot["equipment"] == ["Tunnelling claw", "Tunnelling claw", "Light carapace armour"]
    mastiff = additions["Cyber-mastiff"]
    assert mastiff["limit"] == {"max": 3, "per_owner": 3} and mastiff["houses"] == ["orlock"]
    assert mastiff["owner"] == ["leader", "champion"]
    doc = additions["Rogue Doc"]
    assert (doc["gains_xp"], doc["leaves_on_lasting_injury"]) == (False, True)


def test_rules_show_text_lists_the_gang_additions(capsys) -> None:
    code, out, _ = run(capsys, "rules", "show", "n23")
    assert code == 0
    assert "Gang additions (Brutes, Exotic Beasts, Hangers-on, Hired Guns):" in out
    assert "  Ambot (brute), 215 (cawdor 185, cawdor_redemptionist 185, orlock 185), 0-2:" in out
    assert (
        "  Wasteland Giant Rat (exotic beast), 30, 3 per owner, owned by Outland Beastmaster:"
        in out
    )


def test_rules_show_json_gives_every_house_fighter_type_its_limit(capsys) -> None:
    code, out, _ = run(capsys, "rules", "show", "n23", "--json")
    assert code == 0
    houses = {h["id"]: h for h in json.loads(out)["houses"]}
    assert all("limit" in t for h in houses.values() for t in h["fighter_types"])
    orlock = {t["name"]: t for t in houses["orlock"]["fighter_types"]}
    assert orlock["Road Captain"]["limit"] == {"min": 1, "max": 1}
    assert orlock["Gunner"]["limit"] == {}  # the list sets no bound of its own
    cawdor = {t["name"]: t for t in houses["cawdor"]["fighter_types"]}
    assert cawdor["Sheen Bird"]["limit"] == {"max": 2}
    code, text, _ = run(capsys, "rules", "show", "n23")
    assert "  Road Captain (leader), 105, exactly 1:" in text
    assert "  Gunner (ganger), 45:" in text
