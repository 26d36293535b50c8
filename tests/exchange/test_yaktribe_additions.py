"""YakTribe import of Brutes, Exotic Beasts, Hangers-on and Hired Guns (an Orlock file
written in YakTribe's export shape): each becomes the pack's type, a beast its owner's."""

from __future__ import annotations

import json
from pathlib import Path

from gangmanager.content import builtin_rulesets_dir, load_ruleset
from gangmanager.exchange.gang_file import dump_gang_file, load_gang_file
from gangmanager.exchange.yaktribe import import_yaktribe
from gangmanager.rules import restrictions
from gangmanager.rules.fighter_refs import owner_name
from gangmanager.rules.gang import Category, Fighter, Gang
from gangmanager.rules.gang_additions import ownerless_beasts

from ..narrowing import present

N23 = load_ruleset("n23", [builtin_rulesets_dir()])
FILE = Path(__file__).parent / "fixtures" / "yaktribe_orlock_additions.json"


def _import() -> tuple[Gang, dict[str, tuple[str, ...]]]:
    gang, report = import_yaktribe(json.loads(FILE.read_text("utf-8")), FILE.name, N23)
    return gang, {r.fighter: r.notes for r in report.fighters}


def _fighter(gang: Gang, name: str) -> Fighter:
    found = gang.fighter(name)
    assert found is not None, name
    return found


def _kit(fighter: Fighter) -> list[str]:
    return [*(w.name for w in fighter.weapons), *(i.name for i in fighter.wargear)]


def test_each_addition_becomes_the_packs_type_and_category() -> None:
    gang, _notes = _import()
    kinds = {f.name: (f.type, f.category) for f in gang.fighters}
    assert kinds["Digger"] == ("Ambot", Category.BRUTE)
    assert kinds["Rex"] == ("Cyber-mastiff", Category.EXOTIC_BEAST)
    assert kinds["Doc Mire"] == ("Rogue Doc", Category.HANGER_ON)
    assert kinds["Sleaze"] == ("Hive Scum", Category.HIRED_GUN)


def test_an_ambot_gets_its_profile_and_weapons() -> None:
    gang, notes = _import()
    digger = _fighter(gang, "Digger")
    assert digger.profile.line(N23.table) == present(
        N23.fighter_type("orlock", "Ambot")
    ).profile.line(N23.table)
    # The file lists no kit: the Ambot comes with its claws and armour, at no cost.
    assert _kit(digger) == ["Tunnelling claw", "Tunnelling claw", "Light carapace armour"]
    assert digger.cost == 185 and digger.rating == 185
    assert [p.name for p in digger.weapons[0].profiles] == ["melee", "ranged"]
    assert any("comes with Tunnelling claw" in n for n in notes["Digger"])
    # A file that lists the kit keeps it as written: nothing added twice.
    driller = _fighter(gang, "Driller")
    assert _kit(driller) == ["Tunnelling claw", "Tunnelling claw", "Light carapace armour"]
    assert not any("comes with" in n for n in notes["Driller"])


def test_a_cyber_mastiff_is_attached_to_its_owner() -> None:
    gang, notes = _import()
    # Ruk's card carries the beast: Ruk owns Rex.
    assert owner_name(_fighter(gang, "Rex"), gang.fighters) == "Ruk"
    assert notes["Rex"][-1] == "owner: Ruk (the Cyber-mastiff on their card)"
    # Fang is on no card: the first fighter who may own one, said in the report.
    assert owner_name(_fighter(gang, "Fang"), gang.fighters) == "Gorn"
    assert notes["Fang"][-1].startswith("owner: Gorn, the first fighter who may own one")
    assert _kit(_fighter(gang, "Rex")) == ["Savage bite"]


def test_the_imported_gang_is_a_legal_gang_and_the_owner_survives_a_gang_file() -> None:
    gang, _notes = _import()
    assert restrictions.limit_warnings(N23, gang.house, gang.fighters) == []
    assert ownerless_beasts(gang.fighters) == []
    assert gang.rating == 950
    again = load_gang_file(json.loads(dump_gang_file(gang)), "again.json")
    assert owner_name(_fighter(again, "Rex"), again.fighters) == "Ruk"
    assert "owner" not in json.loads(dump_gang_file(gang))["fighters"][0]  # Gorn owns, is no beast
