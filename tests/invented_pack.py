"""A ruleset pack with an invented statline (issue 25), for the tests that show one.

`write_pack` copies n23 into a folder of its own and gives it a statline of nine
characteristics under codes n23 does not use (`mutant`), one fighter type keyed by
it and two advancements and an item of its codes.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from gangmanager.content import builtin_rulesets_dir

PACK_ID = "mutant9"

NINE = (
    # code, name, kind, best, worst, advance cap
    ("Mv", "Move", "inches", 10, 1, 2),
    ("Mel", "Melee", "d6_target", 2, 6, None),
    ("Aim", "Aim", "d6_target", 2, 6, None),
    ("Pow", "Power", "value", 8, 1, 2),
    ("Hide", "Hide", "value", 8, 1, 2),
    ("Hp", "Health", "value", 5, 1, 1),
    ("Rx", "Reflexes", "d6_target", 2, 6, None),
    ("Nrv", "Nerve", "2d6_target", 3, 12, None),
    ("Wit", "Wits", "value", 10, 1, None),  # a plain number, higher is better
)
CODES9 = tuple(row[0] for row in NINE)

HOUSE = """
[[houses]]
id = "sump"
name = "Sump Mutants"
skill_sets = []

[[houses.fighter_types]]
name = "Sump Boss"
category = "leader"
cost = 90
statline = "mutant"
profile = '4" 3+ 5+ 5 4 2 4+ 8+ 3'
skill_sets_primary = ["Brawn"]
"""

ADVANCEMENTS = """
[[advancements]]
id = "pow"
name = "Power +1"
xp = 8
credits = 30
characteristic = "Pow"

[[advancements]]
id = "hp"
name = "Health +1"
xp = 12
credits = 45
characteristic = "Hp"
"""


GLAND = """
[[wargear]]
name = "Adrenal gland"
cost = 15
changes = { Pow = 1, Nrv = 1 }
"""


# Two more shapes for the printing tests (pack `shapes`): thirteen characteristics as
# the 2026 edition has them (Sv added; I, Ld, Cl, Wil and Int plain numbers), and a
# walker printed in two lines by `group` (as n23's vehicle: its own line, its crew's).
THIRTEEN = (
    ("M", "Movement", "inches", 8, 1, 2, None),
    ("WS", "Weapon Skill", "d6_target", 2, 6, None, None),
    ("BS", "Ballistic Skill", "d6_target", 2, 6, None, None),
    ("S", "Strength", "value", 10, 1, 2, None),
    ("T", "Toughness", "value", 10, 1, 2, None),
    ("W", "Wounds", "value", 10, 1, 1, None),
    ("I", "Initiative", "value", 10, 1, None, None),
    ("A", "Attacks", "value", 10, 1, 1, None),
    ("Sv", "Save", "d6_target", 2, 7, None, None),
    ("Ld", "Leadership", "value", 10, 1, None, None),
    ("Cl", "Cool", "value", 10, 1, None, None),
    ("Wil", "Willpower", "value", 10, 1, None, None),
    ("Int", "Intelligence", "value", 10, 1, None, None),
)
WALKER = (
    ("Mv", "Move", "inches", 12, 1, None, "walker"),
    ("Frt", "Front", "value", 14, 1, None, "walker"),
    ("Sde", "Side", "value", 14, 1, None, "walker"),
    ("Rea", "Rear", "value", 14, 1, None, "walker"),
    ("Hul", "Hull", "value", 10, 1, None, "walker"),
    ("Han", "Handling", "d6_target", 2, 6, None, "walker"),
    ("Arm", "Armour", "d6_target", 2, 6, None, "walker"),
    ("Aim", "Aim", "d6_target", 2, 6, None, "crew"),
    ("Nrv", "Nerve", "2d6_target", 3, 12, None, "crew"),
    ("Wit", "Wits", "2d6_target", 3, 12, None, "crew"),
)
SHAPES_HOUSE = """
[[houses]]
id = "sump"
name = "Sump Mutants"
skill_sets = []

[[houses.fighter_types]]
name = "Sump Boss"
category = "leader"
cost = 90
statline = "mutant"
profile = '4" 3+ 5+ 5 4 2 4+ 8+ 3'

[[houses.fighter_types]]
name = "Sump Elder"
category = "champion"
cost = 120
statline = "thirteen"
profile = '5" 3+ 4+ 10 10 10 10 10 4+ 10 10 10 10'

[[houses.fighter_types]]
name = "Sump Strider"
category = "ganger"
cost = 150
statline = "walker"
profile = '6" 12 10 8 5 5+ 4+ 4+ 8+ 7+'
"""


def statline_toml(name: str, rows: tuple[tuple[object, ...], ...]) -> str:
    """`[[statlines.NAME]]` tables: code, name, kind, best, worst, cap (and group)."""
    out = []
    for code, label, kind, best, worst, cap, *group in rows:
        row = f'\n[[statlines.{name}]]\ncode = "{code}"\nname = "{label}"\nkind = "{kind}"\n'
        row += f"best = {best}\nworst = {worst}\n" + (f"advance_cap = {cap}\n" if cap else "")
        row += f'group = "{group[0]}"\n' if group and group[0] else ""
        out.append(row)
    return "".join(out)


def _statline() -> str:
    return statline_toml("mutant", NINE)


def write_shapes_pack(packs: Path) -> Path:
    """The pack `shapes`: the nine, the thirteen and the walker, a Sump type of each."""
    folder = packs / "shapes"
    shutil.copytree(builtin_rulesets_dir() / "n23", folder)
    pack = (folder / "pack.toml").read_text(encoding="utf-8")
    (folder / "pack.toml").write_text(pack.replace('id = "n23"', 'id = "shapes"'), "utf-8")
    extra = _statline() + statline_toml("thirteen", THIRTEEN) + statline_toml("walker", WALKER)
    for name, text in (("statlines.toml", extra), ("houses.toml", SHAPES_HOUSE)):
        old = (folder / name).read_text(encoding="utf-8")
        (folder / name).write_text(old + text, encoding="utf-8")
    return folder


def write_pack(packs: Path) -> Path:
    """The pack `mutant9` in `packs` (a folder of ruleset packs); its folder."""
    folder = packs / PACK_ID
    shutil.copytree(builtin_rulesets_dir() / "n23", folder)
    pack = (folder / "pack.toml").read_text(encoding="utf-8")
    (folder / "pack.toml").write_text(pack.replace('id = "n23"', f'id = "{PACK_ID}"'), "utf-8")
    for name, extra in (
        ("statlines.toml", _statline()),
        ("houses.toml", HOUSE),
        ("advancements.toml", ADVANCEMENTS),
        ("armoury.toml", GLAND),
    ):
        text = (folder / name).read_text(encoding="utf-8")
        (folder / name).write_text(text + extra, encoding="utf-8")
    return folder
