"""n23's vehicle statline (issue 25): the vehicle's seven and the crew's five, each
with its kind, best and worst, and the printed line (`group`) it belongs to; a
broken row is refused in one line naming the file."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from gangmanager.content import RulesetError, builtin_rulesets_dir, load_ruleset
from gangmanager.rules.ruleset import Ruleset

HEAD = 'id = "{id}"\nname = "Vehicle shapes"\nextends = "n23"\n'

# code, kind, best, worst, group: the core's table of vehicle maximums and minimums.
VEHICLE = [
    ("M", "inches", 12, 1, "vehicle"),
    ("Fr", "value", 10, 3, "vehicle"),
    ("Sd", "value", 10, 3, "vehicle"),
    ("Rr", "value", 10, 3, "vehicle"),
    ("HP", "value", 8, 1, "vehicle"),
    ("Hnd", "2d6_target", 3, 10, "vehicle"),
    ("Sv", "d6_target", 2, 6, "vehicle"),
    ("BS", "d6_target", 2, 6, "crew"),
    ("Ld", "2d6_target", 3, 10, "crew"),
    ("Cl", "2d6_target", 3, 10, "crew"),
    ("Wil", "2d6_target", 3, 10, "crew"),
    ("Int", "2d6_target", 3, 10, "crew"),
]


def test_n23_declares_the_vehicle_statline(load: Callable[[str], Ruleset]) -> None:
    ruleset = load("n23")
    rows = ruleset.statlines["vehicle"]
    assert [(r.code, r.kind.value, r.best, r.worst, r.group) for r in rows] == VEHICLE
    assert all(r.advance_cap is None for r in rows)
    table = ruleset.statline("vehicle")
    assert [table[c].print(table[c].best) for c in ("M", "Fr", "Hnd", "Sv")] == [
        '12"',
        "10",
        "3+",
        "2+",
    ]
    # The fighter statline prints as one line: none of its rows names a group.
    assert {r.group for r in ruleset.statlines["fighter"]} == {None}


def test_a_statline_row_with_a_wrong_group_is_refused_in_one_line(
    write_pack: Callable[..., Path], user_dir: Path
) -> None:
    write_pack(
        "bad-group",
        pack=HEAD.format(id="bad-group"),
        statlines='[[statlines.walker]]\ncode = "Spd"\nname = "Speed"\nkind = "inches"\n'
        "best = 12\nworst = 1\ngroup = 3\n",
    )
    with pytest.raises(RulesetError) as info:
        load_ruleset("bad-group", [user_dir, builtin_rulesets_dir()])
    message = str(info.value)
    assert "\n" not in message
    assert message.endswith(
        "statlines.toml: statline 'walker', characteristic \"Spd\": group: Input should be a"
        " valid string"
    )


def test_a_code_that_differs_from_the_vehicles_only_in_case_is_its_own(
    write_pack: Callable[..., Path], user_dir: Path
) -> None:
    """An invented statline's "Hp" is not the vehicle's "HP" misspelt."""
    write_pack(
        "health",
        pack=HEAD.format(id="health"),
        statlines='[[statlines.blob]]\ncode = "Hp"\nname = "Health"\nkind = "value"\n'
        "best = 5\nworst = 1\n",
        injuries='[[injuries]]\nroll = "11-66"\nname = "Ouch"\nchanges = { Hp = -1 }\n',
    )
    ruleset = load_ruleset("health", [user_dir, builtin_rulesets_dir()])
    assert ruleset.injuries[0].changes == {"Hp": -1}
