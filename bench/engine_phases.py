"""The engine's preparation after the first paint, phase by phase (not in the table):

    python -m bench.engine_phases GANGS.sqlite [--runs 3]

Each run in a new process imports what the window imports before its first paint
(the non-Qt modules, then PySide6, whose import hook reads every later module's
source), then times each phase of `services.databases.prepare_for_actions`:
SQLAlchemy, its ORM, our store's modules, the engine, its first read. Prints the
CPU time of each phase (steadier than elapsed time on a shared machine), the
median of the runs, in milliseconds.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

PHASES = ("import sqlalchemy", "import sqlalchemy.orm", "our store's modules", "the engine",
          "its first read")  # fmt: skip


def one(path: Path) -> dict[str, float]:
    from gangmanager.gui.before_qt import import_before_qt

    import_before_qt()
    import PySide6.QtWidgets  # noqa: F401  (its import hook is on from here, as in the app)

    from gangmanager.persistence.database import open_database, sqlite_url

    db = open_database(sqlite_url(path))
    found: dict[str, float] = {}

    def timed(name: str, step: object) -> None:
        start = time.process_time()
        step()  # type: ignore[operator]
        found[name] = (time.process_time() - start) * 1000

    timed(PHASES[0], lambda: __import__("sqlalchemy"))
    timed(PHASES[1], lambda: __import__("sqlalchemy.orm"))

    def store() -> None:
        import gangmanager.persistence.repository
        import gangmanager.persistence.tables
        import gangmanager.persistence.unit_of_work  # noqa: F401

    timed(PHASES[2], store)
    timed(PHASES[3], lambda: db.engine)

    def read() -> None:
        with db.unit_of_work(read_only=True) as uow:
            uow.gangs.names()

    timed(PHASES[4], read)
    db.close()
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.engine_phases")
    parser.add_argument("database", type=Path)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(one(args.database)))
        return 0
    runs = []
    for _ in range(args.runs):
        done = subprocess.run(
            [sys.executable, "-m", "bench.engine_phases", "--child", str(args.database)],
            capture_output=True,
            text=True,
            check=True,
        )
        runs.append(json.loads(done.stdout.strip().splitlines()[-1]))
    for name in PHASES:
        print(f"{name}: {statistics.median(r[name] for r in runs):.0f} ms CPU")
    return 0


if __name__ == "__main__":
    sys.exit(main())
