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


def _statline() -> str:
    rows = []
    for code, name, kind, best, worst, cap in NINE:
        row = f'\n[[statlines.mutant]]\ncode = "{code}"\nname = "{name}"\nkind = "{kind}"\n'
        row += f"best = {best}\nworst = {worst}\n" + (f"advance_cap = {cap}\n" if cap else "")
        rows.append(row)
    return "".join(rows)


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
