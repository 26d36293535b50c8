"""Slot: SQL statements to finish a post-battle sequence (the draft prefilled from a battle
in which one fighter was Seriously Injured) for a gang of 30 against 3.
Needs gangmanager/services/post_battle.py and services/battle.py."""

from __future__ import annotations

from bench.common import Bench, Row, missing

NAME = "SQL statements to finish a post-battle sequence"
TARGET = "1.0x (constant)"


def measure_post_battle(bench: Bench) -> Row:
    try:
        from gangmanager.services import battle, post_battle
    except ImportError:
        return missing(NAME, "services/post_battle.py", TARGET)
    from bench.slots import constant_statements

    def prepare(db, gang) -> object:
        battle.start_battle(db, bench.rulesets, gang.id)
        hurt = {"event": "status", "fighter": gang.fighters[-1].name, "status": "Pinned"}
        battle.apply_events(db, bench.rulesets, gang.id, [hurt])
        battle.end_battle(db, bench.rulesets, gang.id)
        return post_battle.start_draft(db, bench.rulesets, gang.id)

    def action(db, gang, saved) -> None:
        # The player picks the result; the prefilled draft has none.
        draft = saved.draft.model_copy(update={"result": "draw"})
        post_battle.finish(db, bench.rulesets, gang.id, draft, draft_id=saved.id)

    return constant_statements(bench, NAME, "post-battle", prepare, action)
