"""What every measure shares: the result row, the gangs and databases, counting SQL."""

from __future__ import annotations

import gc
import os
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from sqlalchemy import event

from gangmanager.persistence.database import Database, open_database, sqlite_url
from gangmanager.rules.gang import Category, Gang
from gangmanager.services import gangs
from gangmanager.services.demo import demo_gang
from gangmanager.services.rulesets import Rulesets

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Row:
    """One line of the table: our figure against its baseline, and the target."""

    measure: str
    ours: str
    baseline: str
    ratio: float | None
    target: str
    # None when there is no pass/fail (a figure shown for information).
    met: bool | None
    note: str = ""


def missing(measure: str, what: str, target: str) -> Row:
    """The row of a measure whose service does not exist yet."""
    return Row(measure, "-", "-", None, target, None, f"not measured: {what} is missing")


@dataclass
class Bench:
    """The shared setup of one run: a scratch folder, rulesets, the gangs, the databases."""

    work: Path
    repeat: int = 7
    rulesets: Rulesets = field(init=False)
    _cache: dict[str, object] = field(default_factory=dict, init=False)

    def __post_init__(self) -> None:
        self.rulesets = Rulesets(self.work / "data")

    def gang(self, fighters: int, name: str | None = None) -> Gang:
        """The demo gang grown to `fighters` with equipped gangers (or cut down to them)."""
        demo = demo_gang(self.rulesets.get("n23"))
        ganger = next(f for f in demo.fighters if f.category is Category.GANGER)
        roster = list(demo.fighters[:fighters])
        roster += [
            ganger.model_copy(update={"name": f"Ganger {n}"}) for n in range(fighters - len(roster))
        ]
        return demo.model_copy(update={"name": name or f"{fighters} strong", "fighters": roster})

    def database(self, key: str, *gangs_to_add: Gang) -> Path:
        """A database file holding these gangs, made once per run; opened once (its backup)."""
        path = self.work / f"{key}.sqlite"
        if not path.exists():
            with open_database(sqlite_url(path)) as db:
                for gang in gangs_to_add:
                    gangs.add_gang(db, self.rulesets, gang)
            # The daily backup happens on the second open: take it now, not while measuring.
            open_database(sqlite_url(path)).close()
        return path

    def memo(self, key: str, make: Callable[[], object]) -> object:
        if key not in self._cache:
            self._cache[key] = make()
        return self._cache[key]

    def env(self) -> dict[str, str]:
        """For child processes: offscreen Qt, user folders in the scratch folder."""
        env = {k: v for k, v in os.environ.items() if not k.startswith("GANGMANAGER_")}
        env |= {
            "QT_QPA_PLATFORM": "offscreen",
            "XDG_DATA_HOME": str(self.work / "xdg-data"),
            "XDG_CONFIG_HOME": str(self.work / "xdg-config"),
            "XDG_CACHE_HOME": str(self.work / "xdg-cache"),
            "PYTHONPATH": str(ROOT),
        }
        return env


@contextmanager
def count_statements(db: Database) -> Iterator[list[str]]:
    """Every SQL statement sent to the driver inside the block, BEGIN and COMMIT included.

    The driver commits without a cursor, so COMMIT comes from the engine's `commit`
    event: it is a round trip like any statement (issue 17 asks for it counted).
    """
    statements: list[str] = []

    def record(_conn: object, _cursor: object, statement: str, *_: object) -> None:
        statements.append(statement)

    def record_commit(_conn: object) -> None:
        statements.append("COMMIT")

    event.listen(db.engine, "before_cursor_execute", record)
    event.listen(db.engine, "commit", record_commit)
    try:
        yield statements
    finally:
        event.remove(db.engine, "before_cursor_execute", record)
        event.remove(db.engine, "commit", record_commit)


def best_seconds(action: Callable[[], object], repeat: int) -> float:
    """The fastest of `repeat` runs after one warm-up: the least disturbed by the machine."""
    return best_of_each({"only": action}, repeat)["only"]


def best_of_each(actions: dict[str, Callable[[], object]], repeat: int) -> dict[str, float]:
    """The fastest of `repeat` runs of each action, taken in turns so drift hits all alike.

    Garbage collection is off while timing (as `timeit` does): a collection
    caused by an earlier step's garbage would be charged to whichever ran next.
    """
    for action in actions.values():
        action()  # Warm-up: SQLAlchemy compiles and caches each statement once.
    best = dict.fromkeys(actions, float("inf"))
    gc.collect()
    gc.disable()
    try:
        for _ in range(repeat):
            for key, action in actions.items():
                start = time.perf_counter()
                action()
                best[key] = min(best[key], time.perf_counter() - start)
    finally:
        gc.enable()
    return best


def median(values: list[float]) -> float:
    return statistics.median(values)


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def python() -> str:
    return sys.executable
