"""Make a large database: many gangs of equipped fighters, one of them the gang to open.

    python -m bench.make_big_db OUT.sqlite [--gangs 1000] [--fighters 20000]

Gangs go in through the repository (the real mapping, so every child table is
filled) inside one transaction, with SQLite's journal relaxed while loading:
the bench cares about reading the result, not about how safely it was written.
The target gang is added halfway, so its rows sit among everyone else's.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from sqlalchemy import event

from gangmanager.persistence.database import open_database, sqlite_url
from gangmanager.rules.gang import Gang


def make_big_db(
    path: Path, filler: Gang, target: Gang, *, gangs: int = 1000, fighters: int = 20000
) -> int:
    """Write `gangs` gangs with `fighters` fighters in all (the target's included).

    Returns the id of the target gang. `filler` is the pattern of every other
    gang; its fighters are repeated or cut to spread the count evenly.
    """
    if path.exists():
        raise FileExistsError(path)
    others = gangs - 1
    remaining = fighters - len(target.fighters)
    base, extra = divmod(remaining, others)
    pattern = filler.fighters
    target_id = 0
    with open_database(sqlite_url(path)) as db:

        @event.listens_for(db.engine, "connect")
        def fast_load(dbapi_connection: object, _record: object) -> None:
            cursor = dbapi_connection.cursor()  # type: ignore[attr-defined]
            cursor.execute("PRAGMA synchronous=OFF")
            cursor.close()

        db.engine.dispose()  # New connections get the pragma.
        with db.unit_of_work() as uow:
            for n in range(others):
                if n == others // 2:
                    target_id = uow.gangs.add(target).id or 0
                count = base + (1 if n < extra else 0)
                roster = [
                    pattern[i % len(pattern)].model_copy(update={"name": f"Fighter {n}-{i}"})
                    for i in range(count)
                ]
                uow.gangs.add(
                    filler.model_copy(update={"name": f"Gang {n:04d}", "fighters": roster})
                )
            uow.commit()
    return target_id


def main(argv: list[str] | None = None) -> int:
    from bench.common import Bench

    parser = argparse.ArgumentParser(prog="python -m bench.make_big_db", description=__doc__)
    parser.add_argument("output", type=Path)
    parser.add_argument("--gangs", type=int, default=1000)
    parser.add_argument("--fighters", type=int, default=20000)
    args = parser.parse_args(argv)
    bench = Bench(args.output.resolve().parent)
    start = time.perf_counter()
    target_id = make_big_db(
        args.output,
        bench.gang(20, "Filler"),
        bench.gang(30, "The Target"),
        gangs=args.gangs,
        fighters=args.fighters,
    )
    print(
        f"{args.output}: {args.gangs} gangs, {args.fighters} fighters, target gang id "
        f"{target_id}, in {time.perf_counter() - start:.1f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
