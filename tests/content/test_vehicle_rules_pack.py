"""A pack's vehicle rules are checked as it loads (issue 25): one line naming the file."""

from __future__ import annotations

from pathlib import Path

import pytest

from gangmanager.content import load_ruleset
from gangmanager.content.errors import RulesetError

from ..vehicle_pack import vehicle_pack_folder


def _load_with(tmp_path: Path, old: str, new: str) -> None:
    folder = vehicle_pack_folder(tmp_path)
    path = folder / "vehicle_rules.toml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    load_ruleset("wastes23", [folder.parent])


def test_the_pack_loads_as_shipped(tmp_path: Path) -> None:
    folder = vehicle_pack_folder(tmp_path)
    rules = load_ruleset("wastes23", [folder.parent]).vehicle_rules
    assert rules is not None and len(rules.damage) == 12 and len(rules.repairs) == 2


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('rear = "Rr"', 'rear = "Rear"',
         "vehicle_rules.arcs.rear: 'Rear' is no code of the vehicle statline"),
        ('hull = "HP"', 'hull = "Hull"',
         "vehicle_rules.hull: 'Hull' is no code of the vehicle statline"),
        ('changes = { Fr = -1, Sd = -1, Rr = -1 }', 'changes = { Front = -1 }',
         "vehicle_rules.lasting_damage 'Damaged Bodywork': 'Front' is no code"),
        ('roll = "12-26"', 'roll = "13-26"',
         "vehicle_rules.crew_injuries: D66 roll 12 is on no row"),
        ('roll = "31-46"', 'roll = "26-46"', "vehicle_rules.crew_injuries: D66 roll 26 is on two rows"),
        ('name = "Stutter"\nstatuses = ["Stationary", "Stalled"]',
         'name = "Stutter"\nstatuses = ["Parked"]', "status 'Parked' is not in statuses"),
        ('location_dice = ["Body", "Body", "Body", "Crew", "Drive", "Engine"]',
         'location_dice = ["Body", "Body", "Body", "Crew", "Drive", "Turret"]',
         "no damage for location 'turret'"),
    ],
)  # fmt: skip
def test_a_broken_vehicle_table_is_refused_in_one_line(
    tmp_path: Path, old: str, new: str, message: str
) -> None:
    with pytest.raises(RulesetError) as refused:
        _load_with(tmp_path, old, new)
    text = str(refused.value)
    assert message in text and "vehicle_rules.toml" in text
    assert "\n" not in text
