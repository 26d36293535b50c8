"""The first edit after the start, and the first use of each dialog and dock
(`bench/first_use.py`, a new process per start).

First edit: a rename typed 0, 150, 300, 700 and 1,500 ms after the first paint,
against the same edit once the window has settled, in the same process. Five
starts per delay, the delays in turns. Target: 100 ms whenever it comes.
First use: the starts at 1,500 ms then open each dialog and dock twice; the
first use against the second. Target: 100 ms.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from bench.common import Bench, Row, median, python
from gangmanager.persistence.database import open_database, sqlite_url
from gangmanager.services import battle, campaign, gangs

DELAYS_MS = (0, 150, 300, 700, 1500)
STARTS = 5
TARGET_MS = 100.0
TARGET = "<= 100 ms"
# The order `bench/first_use.py --dialogs` opens them in.
USES = (
    "card preview (F4)",
    "armoury (Buy weapon)",
    "post-battle wizard",
    "campaign window",
    "battle window",
    "Attack dialog",
)


def first_use_db(bench: Bench) -> Path:
    """Gang "A" (30 fighters, shown first) with an ended battle, gang "B" (10) in a battle,
    both in a campaign."""
    path = bench.work / "first-use.sqlite"
    if path.exists():
        return path
    with open_database(sqlite_url(path)) as db:
        first = gangs.add_gang(db, bench.rulesets, bench.gang(30, "A first gang")).gang
        second = gangs.add_gang(db, bench.rulesets, bench.gang(10, "B second gang")).gang
        assert first.id is not None and second.id is not None
        campaign.create_campaign(db, bench.rulesets, "First use")
        for gang in (first, second):
            campaign.add_gang(db, bench.rulesets, "First use", str(gang.id))
        battle.start_battle(db, bench.rulesets, first.id)
        battle.end_battle(db, bench.rulesets, first.id)
        battle.start_battle(db, bench.rulesets, second.id)
    open_database(sqlite_url(path)).close()  # the daily backup, not while measuring
    return path


def first_use_runs(bench: Bench) -> dict[int, list[dict[str, object]]]:
    def make() -> dict[int, list[dict[str, object]]]:
        db = first_use_db(bench)
        runs: dict[int, list[dict[str, object]]] = {delay: [] for delay in DELAYS_MS}
        for _ in range(STARTS):
            for delay in DELAYS_MS:
                command = [python(), "-m", "bench.first_use", "--db", str(db)]
                command += ["--delay", str(delay)]
                if delay == DELAYS_MS[-1]:
                    command.append("--dialogs")
                done = subprocess.run(
                    command, capture_output=True, text=True, env=bench.env(), timeout=300
                )
                if done.returncode != 0:
                    tail = (done.stderr.strip().splitlines() or ["no output"])[-1]
                    raise RuntimeError(f"the first-use start did not run: {tail}")
                runs[delay].append(json.loads(done.stdout.strip().splitlines()[-1]))
        return runs

    return bench.memo("first_use_runs", make)  # type: ignore[return-value]


def first_edit_row(bench: Bench, delay: int) -> Row:
    runs = first_use_runs(bench)[delay]
    first = median([float(r["first"]) for r in runs])  # type: ignore[arg-type]
    warm = median([float(r["warm"]) for r in runs])  # type: ignore[arg-type]
    return Row(
        f"first edit {delay} ms after the first paint, input to repaint",
        f"{first:.1f} ms",
        f"warm edit {warm:.1f} ms",
        first / warm,
        TARGET,
        first <= TARGET_MS,
        f"a rename; median of {len(runs)} starts, the delays in turns",
    )


def first_use_row(bench: Bench, use: str) -> Row:
    runs = first_use_runs(bench)[DELAYS_MS[-1]]
    pairs = [r["uses"][use] for r in runs]  # type: ignore[index]
    first = median([float(p[0]) for p in pairs])
    second = median([float(p[1]) for p in pairs])
    return Row(
        f"first use: {use}, input to painted",
        f"{first:.1f} ms",
        f"second use {second:.1f} ms",
        first / second,
        TARGET,
        first <= TARGET_MS,
        f"median of {len(pairs)} starts; opened 1.5 s after the first paint and a first edit",
    )


def _edit(delay: int):  # type: ignore[no-untyped-def]
    def measure(bench: Bench) -> Row:
        return first_edit_row(bench, delay)

    measure.__name__ = f"measure_first_edit_{delay}"
    return measure


def _use(use: str):  # type: ignore[no-untyped-def]
    def measure(bench: Bench) -> Row:
        return first_use_row(bench, use)

    measure.__name__ = "measure_first_use_" + use.split()[0].lower()
    return measure


FIRST_EDIT_MEASURES = tuple(_edit(delay) for delay in DELAYS_MS)
FIRST_USE_MEASURES = tuple(_use(use) for use in USES)
