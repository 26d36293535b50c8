"""(d) Peak memory (resident set, VmHWM) of the app with a 30-fighter gang open,
against the text-window reference of (a) (issue 31: at most 1.4 times); the bare
window in the note. Same child processes as (a)."""

from __future__ import annotations

import subprocess

from bench.common import Bench, Row, median
from bench.startup import paint_runs

TARGET = 1.4


def mib(kib: float) -> str:
    return f"{kib / 1024:.1f} MiB"


def measure_peak_memory(bench: Bench) -> Row:
    name = "peak memory with the gang open"
    try:
        runs = paint_runs(bench)
    except (RuntimeError, subprocess.TimeoutExpired) as exc:
        return Row(name, "-", "-", None, f"<= {TARGET}x", None, f"not measured: {exc}")
    ours = median([r["max_rss_kib"] for r in runs["main"]])
    text = median([r["max_rss_kib"] for r in runs["text"]])
    bare = median([r["max_rss_kib"] for r in runs["bare"]])
    ratio = ours / text
    return Row(
        name,
        mib(ours),
        f"text window {mib(text)}",
        ratio,
        f"<= {TARGET}x",
        ratio <= TARGET,
        f"at the first paint; {ours / bare:.2f}x the bare QMainWindow ({mib(bare)})",
    )
