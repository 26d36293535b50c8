"""Where players wait after a battle (`bench/wait_window.py`, one child process, the two
sizes in turns): the two-gang battle window, the post-battle wizard open, every page
change (worst and median), Finish to the repainted roster; and Record battle from the
campaign window (`bench/campaign_record_window.py`).

Each time is a median of the rounds (input to the end of the last paint); the
larger size is given against the smaller, measured in turns with it.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

from bench.campaign_data import campaign_db
from bench.campaign_rows import LARGE, MAX_GROWTH, SMALL, label
from bench.common import Bench, Row, count_statements, median, python

# (fighters of the gang shown, of its opponent)
SIZES = ((30, 10), (300, 30))
ROUNDS = 5


def _run(bench: Bench, module: str, paths: list[Path], *extra: str) -> dict[str, dict]:  # type: ignore[type-arg]
    done = subprocess.run(
        [python(), "-m", module, "--repeat", str(ROUNDS), *extra, *map(str, paths)],
        capture_output=True,
        text=True,
        env=bench.env(),
        timeout=900,
    )
    if done.returncode != 0:
        tail = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise RuntimeError(f"{module} did not run: {tail}")
    return json.loads(done.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def wait_runs(bench: Bench) -> dict[tuple[int, int], dict]:  # type: ignore[type-arg]
    def make() -> dict[tuple[int, int], dict]:  # type: ignore[type-arg]
        paths = {}
        for size in SIZES:
            shown, opponent = size
            source = bench.database(
                f"wait-{shown}",
                bench.gang(shown, f"A {shown} strong"),
                bench.gang(opponent, f"B {opponent} opponents"),
            )
            # A copy per run: every round fights and finishes a battle.
            copy = bench.work / f"wait-{shown}-run.sqlite"
            shutil.copyfile(source, copy)
            paths[size] = copy
        found = _run(
            bench, "bench.wait_window", list(paths.values()), "--settings", str(bench.work)
        )
        return {size: found[str(path)] for size, path in paths.items()}

    return bench.memo("wait_runs", make)  # type: ignore[return-value]


def _size(size: tuple[int, int], key: str) -> str:
    return f"{size[0]}" if key != "battle" else f"{size[0]} + {size[1]}"


def _row(
    bench: Bench, name: str, key: str, targets: tuple[float, float], pick: str = "median"
) -> Row:
    runs = wait_runs(bench)
    small, large = SIZES
    times = {}
    for size in SIZES:
        found = runs[size][key]
        if key == "pages":
            # Each round's worst page, or the median of all its page changes.
            per_round = [max(r) if pick == "worst" else median(r) for r in found]
            times[size] = median(per_round)
        else:
            times[size] = median(found)
    counts = runs[small]["statements"][key], runs[large]["statements"][key]
    met = all(times[s] <= t for s, t in zip(SIZES, targets, strict=True)) and counts[0] == counts[1]
    pages = len(runs[small]["pages"][0])
    note = f"median of {len(runs[small][key])} rounds; statements {counts[0]} / {counts[1]}"
    if key == "pages":
        note += f"; {pages} page changes a round, the {pick} of each round"
    return Row(
        name,
        f"{times[small]:.1f} ms ({_size(small, key)})",
        f"{times[large]:.1f} ms ({_size(large, key)})",
        times[large] / times[small],
        f"<= {targets[0]:.0f} ms ({_size(small, key)}), <= {targets[1]:.0f} ms"
        f" ({_size(large, key)})",
        met,
        note + "; ratio: growth",
    )


def measure_battle_window_two_gangs(bench: Bench) -> Row:
    return _row(bench, "battle window, two gangs: Ctrl+T to painted", "battle", (300, 1000))


def measure_wizard_open(bench: Bench) -> Row:
    return _row(bench, "post-battle wizard open: Ctrl+Shift+T to painted", "open", (150, 300))


def measure_wizard_pages_worst(bench: Bench) -> Row:
    return _row(bench, "post-battle wizard: every Next, the worst", "pages", (50, 150), "worst")


def measure_wizard_pages_median(bench: Bench) -> Row:
    return _row(bench, "post-battle wizard: every Next, the median", "pages", (50, 150))


def measure_wizard_finish(bench: Bench) -> Row:
    return _row(bench, "post-battle wizard: Finish to the repainted roster", "finish", (100, 300))


def _service_statements(bench: Bench, path: Path) -> int:
    """What the window's Record battle performs (the action with its undo step), alone."""
    from bench.campaign_data import NAME
    from gangmanager.persistence.database import open_database, sqlite_url
    from gangmanager.services import campaign
    from gangmanager.services.campaign_steps import run_step

    copy = path.with_name(path.stem + "-service.sqlite")
    shutil.copyfile(path, copy)
    with open_database(sqlite_url(copy)) as db:

        def record() -> None:
            battle = campaign.RecordBattle(NAME, ["Gang 000", "Gang 001"], winner="Gang 000")
            run_step(db, "Record battle", battle, campaign_ref=NAME, rulesets=bench.rulesets)

        record()  # warm: the schema read, statements compiled
        with count_statements(db) as statements:
            record()
    return len(statements)


def measure_campaign_record_window(bench: Bench) -> Row:
    name = "Record battle from the campaign window: Ctrl+B, OK, to repainted"
    paths = []
    for size in (SMALL, LARGE):
        copy = bench.work / f"campaign-record-window-{size[0]}.sqlite"
        shutil.copyfile(campaign_db(bench, *size), copy)
        paths.append(copy)
    found = _run(bench, "bench.campaign_record_window", paths)
    small, large = (found[str(p)] for p in paths)
    service = [_service_statements(bench, p) for p in paths]
    times = median(small["ms"]), median(large["ms"])
    extra = small["statements"] - service[0], large["statements"] - service[1]
    growth = times[1] / times[0]
    return Row(
        name,
        f"{times[1]:.1f} ms, {large['statements']} st. ({label(LARGE)})",
        f"{times[0]:.1f} ms, {small['statements']} st. ({label(SMALL)})",
        growth,
        f"<= {MAX_GROWTH}x, st. = service + constant",
        growth <= MAX_GROWTH and extra[0] == extra[1],
        f"median of {len(small['ms'])} each, in turns; the service's {service[0]} / {service[1]}"
        f" st. + {extra[0]} / {extra[1]} for the dialog and the repaint; x{growth:.2f} at 10x",
    )
