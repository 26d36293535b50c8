"""The example pack in docs/rulesets.md loads as the page says."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gangmanager.content import load_ruleset

DOC = Path(__file__).resolve().parents[2] / "docs" / "rulesets.md"


def test_documented_example_pack_loads(user_dir: Path, builtin: list[Path]) -> None:
    if not DOC.is_file():
        pytest.skip("docs/rulesets.md is absent")
    text = DOC.read_text(encoding="utf-8")
    blocks = re.findall(r"`our-table/([a-z_]+\.toml)`[^\n]*:\n\n```toml\n(.*?)```", text, re.S)
    assert [name for name, _ in blocks] == ["pack.toml", "armoury.toml", "traits.toml"]
    folder = user_dir / "our-table"
    folder.mkdir()
    for name, body in blocks:
        (folder / name).write_text(body, encoding="utf-8")
    ruleset = load_ruleset("our-table", [user_dir, *builtin])
    assert ruleset.blaze.catch_fire_on == [1, 2]
    assert ruleset.blaze.hit.timing == "end_of_activation"  # inherited from house-a
    assert next(w for w in ruleset.weapons if w.name == "Lasgun").cost == 10
    assert ruleset.trait_def("Scorching") is not None


def test_every_trait_on_an_n23_weapon_is_listed_with_what_the_tracker_does(
    builtin: list[Path],
) -> None:
    text = DOC.read_text(encoding="utf-8")
    section = text.split("## Weapon traits in the battle tracker", 1)[1]
    rows = {line.split("|")[1].strip() for line in section.splitlines() if line.startswith("| ")}
    ruleset = load_ruleset("n23", builtin)
    used = {t.name for w in ruleset.weapons for p in w.profiles for t in p.traits}
    listed = {name.split(" (")[0] for name in rows}
    assert sorted(used - listed) == []
