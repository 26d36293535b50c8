"""Slot: SQL statements to apply one battle event (a fighter Pinned) during a battle of a
gang of 30 against 3. Needs gangmanager/services/battle.py."""

from __future__ import annotations

from bench.common import Bench, Row, missing

NAME = "SQL statements to apply one battle event"
TARGET = "1.0x (constant)"


def measure_battle_event(bench: Bench) -> Row:
    try:
        from gangmanager.services import battle
    except ImportError:
        return missing(NAME, "services/battle.py", TARGET)
    from bench.slots import constant_statements

    def prepare(db, gang) -> None:
        battle.start_battle(db, bench.rulesets, gang.id)
        # One event already stored: the measured one is appended to a log, not the first.
        first = {"event": "status", "fighter": gang.fighters[0].name, "status": "Pinned"}
        battle.apply_events(db, bench.rulesets, gang.id, [first])

    def action(db, gang, _prepared) -> None:
        event = {"event": "status", "fighter": gang.fighters[-1].name, "status": "Pinned"}
        battle.apply_events(db, bench.rulesets, gang.id, [event])

    return constant_statements(bench, NAME, "battle-event", prepare, action)
