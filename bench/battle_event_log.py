"""A battle event (a fighter Pinned, `services.battle.apply_events`) with 500 events already
in the log against one with 1, 30 fighters: time and SQL statements (COMMIT included).
Needs gangmanager/services/battle.py."""

from __future__ import annotations

from bench.common import Bench, Row, best_seconds, count_statements, missing, ms

NAME = "battle event with 500 events in the log"
TARGET = "<= 1.2x, statements equal"


def measure_battle_event_log(bench: Bench) -> Row:
    try:
        from gangmanager.services import battle
    except ImportError:
        return missing(NAME, "services/battle.py", TARGET)
    from gangmanager.persistence.database import open_database, sqlite_url
    from gangmanager.services import gangs

    def measured(logged: int) -> tuple[float, int]:
        path = bench.work / f"battle-log-{logged}.sqlite"
        path.unlink(missing_ok=True)
        with open_database(sqlite_url(path)) as db:
            stored = gangs.add_gang(db, bench.gang(30)).gang
            assert stored.id is not None
            names = [f.name for f in stored.fighters]
            battle.start_battle(db, bench.rulesets, stored.id)
            # The log: the other 29 fighters Pinned and back; the measured one is the last.
            battle.apply_events(
                db,
                bench.rulesets,
                stored.id,
                [
                    {
                        "event": "status",
                        "fighter": names[n % 29],
                        "status": "Active" if n // 29 % 2 else "Pinned",
                    }
                    for n in range(logged)
                ],
            )
            flip = iter(["Pinned", "Active"] * (bench.repeat * 2 + 4))

            def one_event() -> None:
                event = {"event": "status", "fighter": names[-1], "status": next(flip)}
                battle.apply_events(db, bench.rulesets, stored.id, [event])

            with count_statements(db) as statements:
                one_event()
            return best_seconds(one_event, bench.repeat), len(statements)

    one, one_statements = measured(1)
    tenth, _ = measured(50)
    many, many_statements = measured(500)
    return Row(
        NAME,
        f"{ms(many)}, {many_statements} statements",
        f"1 event {ms(one)}, {one_statements} statements",
        many / one,
        TARGET,
        many <= one * 1.2 and many_statements == one_statements,
        f"{many / tenth:.2f}x at 10x the log (50 events {ms(tenth)}); 30 fighters",
    )
