"""Slot: SQL statements to apply one roster edit (a skill learnt) to a gang of 30 against 3.
Needs gangmanager/services/roster.py."""

from __future__ import annotations

from bench.common import Bench, Row, missing

NAME = "SQL statements to apply one roster edit"
TARGET = "1.0x (constant)"


def measure_roster_edit(bench: Bench) -> Row:
    try:
        from gangmanager.services import roster
    except ImportError:
        return missing(NAME, "services/roster.py", TARGET)
    from bench.slots import constant_statements

    def action(db, gang, _prepared) -> None:
        fighter = gang.fighters[-1]
        roster.apply(db, roster.AddSkill(gang.id, fighter.id, "Nerves of Steel"), bench.rulesets)

    return constant_statements(bench, NAME, "roster-edit", lambda db, gang: None, action)
