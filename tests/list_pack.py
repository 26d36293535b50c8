"""A small user pack with house equipment lists, for tests of the restrictions.

`list-test` extends n23 and replaces House Orlock with the same fighter types
and an equipment list of its own (list prices differ from the Trading Post's),
so the tests keep their numbers whatever data n23 gains later.
"""

from __future__ import annotations

from pathlib import Path

PACK_ID = "list-test"

PACK = f"""
id = "{PACK_ID}"
name = "List test"
extends = "n23"
"""

HOUSES = """
[[houses]]
id = "orlock"
name = "House Orlock"
skill_sets = []

[[houses.fighter_types]]
name = "Road Captain"
category = "leader"
cost = 105
profile = '5" 3+ 3+ 3 3 3 4+ 2 4+ 5+ 5+ 5+'
skill_sets_primary = ["Ferocity", "Leadership", "Savant"]
skill_sets_secondary = ["Brawn", "Shooting"]

[[houses.fighter_types]]
name = "Road Sergeant"
category = "champion"
cost = 80
profile = '5" 4+ 3+ 3 3 2 4+ 2 5+ 6+ 6+ 6+'
limit = { max = 2 }
skill_sets_primary = ["Ferocity"]
skill_sets_secondary = ["Brawn", "Leadership", "Savant"]

[[houses.fighter_types]]
name = "Gunner"
category = "ganger"
cost = 45
profile = '5" 4+ 4+ 3 3 1 4+ 1 6+ 7+ 7+ 7+'
skill_sets_primary = ["Brawn", "Ferocity"]
skill_sets_secondary = ["Combat", "Shooting"]

[[houses.fighter_types]]
name = "Greenhorn"
category = "juve"
cost = 35
profile = '6" 5+ 5+ 3 3 1 3+ 1 7+ 8+ 8+ 8+'
limit = { max_share = 0.5 }
skill_sets_primary = ["Ferocity"]
skill_sets_secondary = ["Agility", "Brawn"]

[[houses.fighter_types]]
name = "Hauler"
category = "ganger"
cost = 40
profile = '5" 4+ 4+ 3 3 1 4+ 1 6+ 7+ 7+ 7+'

[[houses.equipment_list]]
name = "Autogun"
cost = 10

[[houses.equipment_list]]
name = "Boltgun"
cost = 50

[[houses.equipment_list]]
name = "Heavy bolter"
cost = 150
restricted_to = ["leader", "champion"]

[[houses.equipment_list]]
name = "Heavy stubber"
cost = 130
restricted_to = ["Road Sergeant"]

[[houses.equipment_list]]
name = "Flak armour"
cost = 10
"""


def write_list_pack(packs_dir: Path) -> Path:
    """Write the pack into a rulesets folder; returns the pack's folder."""
    folder = packs_dir / PACK_ID
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "pack.toml").write_text(PACK, encoding="utf-8")
    (folder / "houses.toml").write_text(HOUSES, encoding="utf-8")
    return folder
