"""Checks of a pack's vehicle rules against the rest of it: the crew's D66 table and the
Lasting Damage D6 on one row each, and every code they name in the vehicle statline.

The codes are checked once the pack declares the statline the rules name; a pack that
has the rules but not (yet) the statline has no vehicle to apply them to."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from gangmanager.content.errors import RulesetError
from gangmanager.rules.limits import quoted
from gangmanager.rules.ruleset import Ruleset
from gangmanager.rules.vehicle_rules import VehicleTableRow

if TYPE_CHECKING:
    from pathlib import Path

_D66 = [tens * 10 + units for tens in range(1, 7) for units in range(1, 7)]


def check_vehicle_rules(ruleset: Ruleset, path: Path) -> None:
    rules = ruleset.vehicle_rules
    if rules is None:
        return
    _one_row_each(path, "crew_injuries", rules.crew_injuries, _D66, "D66 roll")
    _one_row_each(path, "lasting_damage", rules.lasting_damage.table, range(1, 7), "D6 roll")
    if rules.statline not in ruleset.statlines:
        return
    codes = {row.code for row in ruleset.statlines[rules.statline]}
    named = {"hull": rules.hull, "save": rules.save}
    named |= {f"arcs.{arc}": code for arc, code in rules.arcs.items()}
    for key, code in named.items():
        if code not in codes:
            raise RulesetError(
                path,
                f"vehicle_rules.{key}: {quoted(code)} is no code of the {rules.statline} statline",
            )
    for table, rows in (
        ("lasting_damage", rules.lasting_damage.table),
        ("crew_injuries", rules.crew_injuries),
    ):
        for row in rows:
            for code in row.changes:
                if code not in codes:
                    raise RulesetError(
                        path,
                        f"vehicle_rules.{table} {quoted(row.name)}: {quoted(code)} is no code"
                        f" of the {rules.statline} statline",
                    )


def _one_row_each(
    path: Path, table: str, rows: list[VehicleTableRow], rolls: Iterable[int], what: str
) -> None:
    for roll in rolls:
        found = [r for r in rows if r.covers(roll)]
        if not found:
            raise RulesetError(path, f"vehicle_rules.{table}: {what} {roll} is on no row")
        if len(found) > 1:
            names = " and ".join(f'"{r.roll} {r.name}"' for r in found)
            raise RulesetError(
                path, f"vehicle_rules.{table}: {what} {roll} is on two rows: {names}"
            )
