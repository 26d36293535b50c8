"""What the three campaign measures share: the two sizes, timing and counting one action."""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path

from sqlalchemy import event

from bench.campaign_data import NAME, campaign_db
from bench.common import Bench, Row, best_of_each, count_statements, ms
from gangmanager.persistence.database import Database, open_database, sqlite_url

# (gangs, battles): the small campaign and the one ten times its size.
SMALL = (5, 50)
LARGE = (50, 500)
TARGET_SECONDS = 0.3
TARGET_STATEMENTS = 20
# What "costs the same whatever the size" allows for noise.
MAX_GROWTH = 1.5

Action = Callable[[Database, str], object]


def campaign_row(
    bench: Bench, measure: str, key: str, action: Action, *, bounded: bool = True
) -> Row:
    """`action(db, campaign name)` timed and counted at both sizes, each on its own copy.

    `bounded`: the large size must also be within 300 ms and 20 statements (the
    view and the report); otherwise only the same statements and a time that
    does not grow (at most 1.5x at 10x the size: recording a battle)."""
    dbs: dict[str, Database] = {}
    try:
        for size in (SMALL, LARGE):
            source = campaign_db(bench, *size)
            copy = bench.work / f"{key}-{size[0]}.sqlite"
            if not copy.exists():
                shutil.copyfile(source, copy)
            dbs[label(size)] = open_database(sqlite_url(Path(copy)))
        counts: dict[str, int] = {}
        for name, db in dbs.items():
            action(db, NAME)  # Warm: the first use reads the schema and compiles.
            with count_statements(db) as statements:  # COMMIT counted there now
                action(db, NAME)
            counts[name] = len(statements)
        times = best_of_each(
            {name: partial(action, db, NAME) for name, db in dbs.items()},
            max(3, bench.repeat // 2),
        )
    finally:
        for db in dbs.values():
            db.close()
    small, large = label(SMALL), label(LARGE)
    growth = times[large] / times[small]
    if bounded:
        target = f"<= {TARGET_SECONDS * 1000:.0f} ms, <= {TARGET_STATEMENTS} st., same st."
        met = times[large] <= TARGET_SECONDS and counts[large] <= TARGET_STATEMENTS
    else:
        target = f"<= {MAX_GROWTH}x, same st."
        met = growth <= MAX_GROWTH
    met = met and counts[large] == counts[small]
    return Row(
        measure,
        f"{ms(times[large])}, {counts[large]} st. ({large})",
        f"{ms(times[small])}, {counts[small]} st. ({small})",
        growth,
        target,
        met,
        f"x{growth:.2f} time, x{counts[large] / counts[small]:.2f}"
        " statements at 10x the size (COMMIT counted)",
    )


@contextmanager
def counting_commits(db: Database) -> Iterator[list[str]]:
    """COMMITs too: the driver's commit() is no cursor statement, but it is a round trip."""
    commits: list[str] = []

    def record(_conn: object) -> None:
        commits.append("COMMIT")

    event.listen(db.engine, "commit", record)
    try:
        yield commits
    finally:
        event.remove(db.engine, "commit", record)


def label(size: tuple[int, int]) -> str:
    return f"{size[0]} gangs, {size[1]} battles"
