"""Shared by the measures of services that other parts of the app provide: count the SQL
of one action on a gang of 3 and of 30 fighters and compare (target: the same)."""

from __future__ import annotations

from collections.abc import Callable

from bench.common import Bench, Row, count_statements
from gangmanager.persistence.database import Database, open_database, sqlite_url
from gangmanager.rules.gang import Gang
from gangmanager.services import gangs

# Prepare the gang (untimed, uncounted), then the action whose statements are counted.
Prepare = Callable[[Database, Gang], object]
Action = Callable[[Database, Gang, object], object]


def statements_for(bench: Bench, key: str, fighters: int, prepare: Prepare, action: Action) -> int:
    path = bench.work / f"{key}-{fighters}.sqlite"
    path.unlink(missing_ok=True)
    with open_database(sqlite_url(path)) as db:
        gang = gangs.add_gang(db, bench.rulesets, bench.gang(fighters)).gang
        prepared = prepare(db, gang)
        with count_statements(db) as statements:
            action(db, gang, prepared)
    return len(statements)


def constant_statements(bench: Bench, name: str, key: str, prepare: Prepare, action: Action) -> Row:
    small = statements_for(bench, key, 3, prepare, action)
    large = statements_for(bench, key, 30, prepare, action)
    return Row(
        name,
        f"{large} (30 fighters)",
        f"{small} (3 fighters)",
        large / small,
        "1.0x (constant)",
        large == small,
    )
