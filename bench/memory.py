"""(d) Peak memory (resident set, VmHWM) of the app with a 30-fighter gang open,
against the bare window. Target: at most 1.5 times. Same child processes as (a)."""

from __future__ import annotations

import subprocess

from bench.common import Bench, Row, median
from bench.startup import paint_runs

TARGET = 1.5


def mib(kib: float) -> str:
    return f"{kib / 1024:.1f} MiB"


def measure_peak_memory(bench: Bench) -> Row:
    name = "peak memory with the gang open"
    try:
        runs = paint_runs(bench)
    except (RuntimeError, subprocess.TimeoutExpired) as exc:
        return Row(name, "-", "-", None, f"<= {TARGET}x", None, f"not measured: {exc}")
    ours = median([r["max_rss_kib"] for r in runs["main"]])
    bare = median([r["max_rss_kib"] for r in runs["bare"]])
    ratio = ours / bare
    return Row(
        name, mib(ours), f"bare QMainWindow {mib(bare)}", ratio, f"<= {TARGET}x", ratio <= TARGET
    )
