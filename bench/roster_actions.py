"""The roster window's actions, input to repaint, at 30 and 300 fighters (`action_window`).

One child process per size runs the main window on a real event loop; each row
is one action: the median time at 30 fighters against the target, the growth
(the time at 300 over the time at 30, i.e. x at 10x the size) and the SQL it
sent at each size (COMMIT counted). Target: 50 ms at 30 fighters, 150 ms at 300;
statements the same at both sizes.
"""

from __future__ import annotations

import json
import subprocess

from bench.common import Bench, Row, median, python

SIZES = (30, 300)
TARGET_MS = {30: 50.0, 300: 150.0}
TARGET = "<= 50 ms (30), <= 150 ms (300)"


def action_runs(bench: Bench) -> dict[int, dict[str, dict[str, object]]]:
    def make() -> dict[int, dict[str, dict[str, object]]]:
        found = {}
        for size in SIZES:
            db = bench.database(f"one-gang-{size}", bench.gang(size))
            done = subprocess.run(
                [
                    python(),
                    "-m",
                    "bench.action_window",
                    "--db",
                    str(db),
                    "--settings",
                    str(bench.work / f"actions-{size}.ini"),
                    "--repeat",
                    str(min(bench.repeat, 5)),
                ],
                capture_output=True,
                text=True,
                env=bench.env(),
                timeout=300,
            )
            if done.returncode != 0:
                tail = (done.stderr.strip().splitlines() or ["no output"])[-1]
                raise RuntimeError(f"the window's actions did not run: {tail}")
            found[size] = json.loads(done.stdout.strip().splitlines()[-1])
        return found

    return bench.memo("action_runs", make)  # type: ignore[return-value]


def action_row(bench: Bench, action: str, label: str) -> Row:
    name = f"roster window, input to repaint: {label}"
    runs = action_runs(bench)
    times = {size: median(runs[size][action]["ms"]) for size in SIZES}  # type: ignore[arg-type]
    counts = {size: runs[size][action]["statements"] for size in SIZES}
    small, large = SIZES
    met = all(times[size] <= TARGET_MS[size] for size in SIZES) and counts[small] == counts[large]
    return Row(
        name,
        f"{times[small]:.1f} ms ({small})",
        f"{times[large]:.1f} ms ({large})",
        times[large] / times[small],
        TARGET,
        met,
        f"ratio: growth at 10x; statements {counts[small]} ({small}), {counts[large]} ({large});"
        f" median of {len(runs[small][action]['ms'])}",  # type: ignore[arg-type]
    )


def measure_rename(bench: Bench) -> Row:
    return action_row(bench, "rename", "rename a fighter")


def measure_xp_point(bench: Bench) -> Row:
    return action_row(bench, "xp", "an XP point")


def measure_undo(bench: Bench) -> Row:
    return action_row(bench, "undo", "undo")


def measure_redo(bench: Bench) -> Row:
    return action_row(bench, "redo", "redo")


def measure_select(bench: Bench) -> Row:
    return action_row(bench, "select", "select a fighter")


def measure_wizard_page(bench: Bench) -> Row:
    return action_row(bench, "wizard_page", "a post-battle wizard page (Next / Back)")


def measure_wizard_next(bench: Bench) -> Row:
    """The Next alone: the page with a row per fighter (the median of both hid it)."""
    return action_row(bench, "wizard_next", "the wizard's Next to the wrap-up page")
