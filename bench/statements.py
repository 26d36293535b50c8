"""(c) SQL statements executed to open a gang of 30 fighters, against one of 3.
Target: the same number (no query per fighter, no N+1)."""

from __future__ import annotations

from bench.common import Bench, Row, count_statements
from gangmanager.persistence.database import open_database, sqlite_url
from gangmanager.services import gangs


def statements_to_open(bench: Bench, fighters: int) -> int:
    path = bench.database(f"statements-{fighters}", bench.gang(fighters))
    with open_database(sqlite_url(path)) as db:
        ref = str(gangs.list_gangs(db)[0].id)
        gangs.load_gang(db, ref)  # Warm: the first use may read the schema.
        with count_statements(db) as statements:
            gangs.load_gang(db, ref)
    return len(statements)


def measure_open_statements(bench: Bench) -> Row:
    small, large = statements_to_open(bench, 3), statements_to_open(bench, 30)
    return Row(
        "SQL statements to open a gang",
        f"{large} (30 fighters)",
        f"{small} (3 fighters)",
        large / small,
        "1.0x (constant)",
        large == small,
    )
