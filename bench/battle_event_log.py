"""A battle event (a fighter Pinned, `services.battle.apply_events`) with 500 events already
in the log against one with 1, 30 fighters: time and SQL statements (COMMIT included).
Needs gangmanager/services/battle.py."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from contextlib import ExitStack

from bench.common import Bench, Row, best_of_each, count_statements, missing, ms

NAME = "battle event with 500 events in the log"
TARGET = "<= 1.2x, statements equal"


def measure_battle_event_log(bench: Bench) -> Row:
    try:
        from gangmanager.services import battle
    except ImportError:
        return missing(NAME, "services/battle.py", TARGET)
    from gangmanager.persistence.database import open_database, sqlite_url
    from gangmanager.services import gangs

    def prepared(logged: int, stack: ExitStack) -> tuple[Callable[[], None], int]:
        """One battle with `logged` events already in its log: its next event, and the
        statements that event sends."""
        path = bench.work / f"battle-log-{logged}.sqlite"
        path.unlink(missing_ok=True)
        db = stack.enter_context(open_database(sqlite_url(path)))
        stored = gangs.add_gang(db, bench.rulesets, bench.gang(30)).gang
        assert stored.id is not None
        gang_id = stored.id
        names = [f.name for f in stored.fighters]
        battle.start_battle(db, bench.rulesets, gang_id)
        # The log: the other 29 fighters Pinned and back; the measured one is the last.
        battle.apply_events(
            db,
            bench.rulesets,
            gang_id,
            [
                {
                    "event": "status",
                    "fighter": names[n % 29],
                    "status": "Active" if n // 29 % 2 else "Pinned",
                }
                for n in range(logged)
            ],
        )
        flip = itertools.cycle(["Pinned", "Active"])

        def one_event() -> None:
            event = {"event": "status", "fighter": names[-1], "status": next(flip)}
            battle.apply_events(db, bench.rulesets, gang_id, [event])

        with count_statements(db) as statements:
            one_event()
        return one_event, len(statements)

    with ExitStack() as stack:
        sizes = {logged: prepared(logged, stack) for logged in (1, 50, 500)}
        # In turns and more often than most rows: an event is about 2 ms, where one
        # run of the machine's noise would decide the ratio.
        best = best_of_each({str(n): action for n, (action, _) in sizes.items()}, bench.repeat * 5)
    one, tenth, many = best["1"], best["50"], best["500"]
    one_statements, many_statements = sizes[1][1], sizes[500][1]
    return Row(
        NAME,
        f"{ms(many)}, {many_statements} statements",
        f"1 event {ms(one)}, {one_statements} statements",
        many / one,
        TARGET,
        many <= one * 1.2 and many_statements == one_statements,
        f"{many / tenth:.2f}x at 10x the log (50 events {ms(tenth)}); 30 fighters",
    )
