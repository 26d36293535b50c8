"""Slot: SQL statements to undo one roster edit (a skill learnt) after another fighter of
the same gang was edited, for a gang of 30 against 3. The undo checks and restores only
the rows the edit touched (docs/operations.md). Needs gangmanager/services/operations.py."""

from __future__ import annotations

from typing import Any

from bench.common import Bench, Row, missing

NAME = "SQL statements to undo one roster edit after another save of the gang"
TARGET = "1.0x (constant)"


def measure_roster_undo(bench: Bench) -> Row:
    try:
        from gangmanager.services import operations, roster
    except ImportError:
        return missing(NAME, "services/operations.py", TARGET)
    from bench.slots import constant_statements

    def prepare(db: Any, gang: Any) -> Any:
        fighter = gang.fighters[-1]
        outcome = roster.apply(
            db, roster.AddSkill(gang.id, fighter.id, "Nerves of Steel"), bench.rulesets
        )
        # Another save of the same gang (a new version): the undo must still be allowed.
        other = gang.fighters[0]
        roster.apply(db, roster.AddSkill(gang.id, other.id, "Iron Jaw"), bench.rulesets)
        return outcome

    def action(db: Any, _gang: Any, outcome: Any) -> None:
        operations.undo(db, outcome, bench.rulesets)

    return constant_statements(bench, NAME, "roster-undo", prepare, action)
