"""A copy of n23 with a vehicle type, for the tests of vehicles in battle and after it.

The vehicle statline is n23's own (M, Fr, Sd, Rr, HP, Hnd, Sv, then the crew's BS,
Ld, Cl, Wil, Int); the copy only adds a house holding one vehicle type and a gunner
to shoot it.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from gangmanager.content import builtin_rulesets_dir, load_ruleset
from gangmanager.rules import roster_ops
from gangmanager.rules.gang import Fighter, Gang
from gangmanager.rules.ruleset import Ruleset
from gangmanager.rules.weapons import Weapon, WeaponProfile

# Front 6, Side 5, Rear 4, three Hull Points, save 4+.
CARGO_8 = '7" 6 5 4 3 5+ 4+ 4+ 8+ 7+ 8+ 8+'

HOUSE = f"""
[[houses]]
id = "wasters"
name = "Wasters"
skill_sets = []

[[houses.fighter_types]]
name = "Cargo-8 Ridgehauler"
category = "crew"
cost = 160
statline = "vehicle"
profile = '{CARGO_8}'

[[houses.fighter_types]]
name = "Waste Boss"
category = "leader"
cost = 100
profile = '5" 3+ 3+ 3 3 2 4+ 2 6+ 6+ 7+ 7+'
"""


def vehicle_pack(tmp_path: Path) -> Ruleset:
    """n23 with the Wasters (a vehicle type, a leader)."""
    return load_ruleset("wastes23", [vehicle_pack_folder(tmp_path).parent])


def vehicle_pack_folder(tmp_path: Path) -> Path:
    """The folder of that pack (`packs/wastes23`), not loaded: a test may change it first."""
    packs = tmp_path / "packs"
    folder = packs / "wastes23"
    shutil.copytree(builtin_rulesets_dir() / "n23", folder)
    pack = (folder / "pack.toml").read_text(encoding="utf-8")
    (folder / "pack.toml").write_text(pack.replace('id = "n23"', 'id = "wastes23"'), "utf-8")
    houses = (folder / "houses.toml").read_text(encoding="utf-8")
    (folder / "houses.toml").write_text(houses + HOUSE, "utf-8")
    return folder


def gun(name: str, **stats: Any) -> Weapon:
    values: dict[str, Any] = {
        "rng_s": '12"',
        "rng_l": '24"',
        "acc_s": "-",
        "acc_l": "-",
        "str": "4",
    }
    values |= {"ap": "-", "d": "1", "am": "4+"}
    values |= stats
    return Weapon(name=name, profiles=[WeaponProfile(**values)])


def recruit(ruleset: Ruleset, type_name: str, name: str, fighter_id: int) -> Fighter:
    kind = ruleset.fighter_type("wasters", type_name)
    assert kind is not None
    fighter = roster_ops.recruit(kind, name, ruleset, house="wasters")
    return fighter.model_copy(update={"id": fighter_id})


def gangs(ruleset: Ruleset) -> tuple[Gang, Gang]:
    """The Wasters with their Ridgehauler (id 1), and the Raiders' boss with a gun (id 11)."""
    hauler = recruit(ruleset, "Cargo-8 Ridgehauler", "Old Rust", 1)
    hauler = hauler.model_copy(update={"weapons": [gun("Heavy stubber")]})
    boss = recruit(ruleset, "Waste Boss", "Krag", 11)
    boss = boss.model_copy(
        update={
            "weapons": [
                gun("Lascannon", str="10", ap="-3", d="D3"),
                gun("Autogun", str="3", traits=["Rapid Fire (1)"]),
                gun("Toxin gun", str="2", traits=["Toxin"]),
            ]
        }
    )
    wasters = Gang(id=1, name="Wasters", house="wasters", ruleset=ruleset.id, fighters=[hauler])
    raiders = Gang(id=2, name="Raiders", house="wasters", ruleset=ruleset.id, fighters=[boss])
    return wasters, raiders
