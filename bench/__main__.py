"""`python -m bench` (or `make bench`): every measure in one run, printed as one table.

Each figure is a ratio of two things measured in the same run on the same
machine, so the table means the same on a fast and a slow computer. Not
tests: nothing here fails a build. `docs/performance.md` holds the latest table.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from pathlib import Path

if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from bench import machine
from bench.battle_event import measure_battle_event
from bench.battle_event_log import measure_battle_event_log
from bench.battle_tile_status import measure_battle_tile_status
from bench.battle_window_open import measure_battle_window_open
from bench.campaign_record import measure_campaign_record
from bench.campaign_record_step import measure_campaign_record_step
from bench.campaign_report import measure_campaign_report
from bench.campaign_view import measure_campaign_view
from bench.campaign_window import measure_campaign_window
from bench.common import Bench, Row
from bench.first_use_rows import FIRST_EDIT_MEASURES, FIRST_USE_MEASURES
from bench.memory import measure_peak_memory
from bench.open_gang import measure_open_gang
from bench.pack_cache import measure_pack_cache
from bench.pdf_export import measure_pdf_export
from bench.post_battle import measure_post_battle
from bench.roster_actions import (
    measure_redo,
    measure_rename,
    measure_select,
    measure_undo,
    measure_wizard_next,
    measure_wizard_page,
    measure_xp_point,
)
from bench.roster_edit import measure_roster_edit
from bench.roster_undo import measure_roster_undo
from bench.startup import measure_cold_start
from bench.statements import measure_open_statements
from bench.wait_rows import (
    measure_battle_window_two_gangs,
    measure_campaign_record_window,
    measure_wizard_finish,
    measure_wizard_open,
    measure_wizard_pages_median,
    measure_wizard_pages_worst,
)

MEASURES: tuple[Callable[[Bench], Row], ...] = (
    measure_cold_start,
    measure_open_gang,
    measure_open_statements,
    measure_roster_edit,
    measure_roster_undo,
    measure_battle_event,
    measure_battle_event_log,
    measure_battle_window_open,
    measure_battle_tile_status,
    measure_post_battle,
    measure_pdf_export,
    measure_peak_memory,
    measure_campaign_view,
    measure_campaign_report,
    measure_campaign_record,
    measure_campaign_record_step,
    measure_pack_cache,
    measure_campaign_window,
    measure_rename,
    measure_xp_point,
    measure_undo,
    measure_redo,
    measure_select,
    measure_wizard_page,
    measure_wizard_next,
    # Where players wait (issue 31).
    measure_wizard_open,
    measure_wizard_pages_worst,
    measure_wizard_pages_median,
    measure_wizard_finish,
    measure_battle_window_two_gangs,
    *FIRST_EDIT_MEASURES,
    *FIRST_USE_MEASURES,
    measure_campaign_record_window,
)
HEADINGS = ("Measure", "Ours", "Against", "Ratio", "Target", "Met", "Note")


def run_one(measure: Callable[[Bench], Row], bench: Bench) -> Row:
    """A measure that breaks gives a row saying so; the others still run."""
    try:
        return measure(bench)
    except Exception as exc:  # A benchmark reports, it does not stop.
        name = measure.__name__.removeprefix("measure_").replace("_", " ")
        last = traceback.extract_tb(exc.__traceback__)[-1]
        where = f"{Path(last.filename).name}:{last.lineno}"
        return Row(
            name, "-", "-", None, "-", None, f"failed: {type(exc).__name__}: {exc} ({where})"
        )


def table(rows: list[Row]) -> str:
    cells = [HEADINGS] + [
        (
            r.measure,
            r.ours,
            r.baseline,
            "-" if r.ratio is None else f"{r.ratio:.2f}x",
            r.target,
            {True: "yes", False: "NO", None: "-"}[r.met],
            r.note,
        )
        for r in rows
    ]
    widths = [max(len(row[i]) for row in cells) for i in range(len(HEADINGS))]
    lines = [
        "| " + " | ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)) + " |"
        for row in cells
    ]
    lines.insert(1, "|" + "|".join("-" * (w + 2) for w in widths) + "|")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("--repeat", type=int, default=7, help="timed repetitions (default 7)")
    parser.add_argument("--keep", type=Path, help="keep the scratch databases in this folder")
    parser.add_argument(
        "--only",
        help="only the measures whose function name contains one of these (comma-separated)",
    )
    args = parser.parse_args(argv)
    start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="gangmanager-bench-") as scratch:
        work = args.keep or Path(scratch)
        work.mkdir(parents=True, exist_ok=True)
        bench = Bench(work, repeat=args.repeat)
        rows = []
        for measure in MEASURES:
            if args.only and not any(w in measure.__name__ for w in args.only.split(",")):
                continue
            began = time.monotonic()
            rows.append(run_one(measure, bench))
            took = time.monotonic() - began  # rows sharing a run: the first one pays
            print(f"  measured: {rows[-1].measure} ({took:.1f} s)", file=sys.stderr)
    print("\n".join(machine.describe()))
    print()
    print(table(rows))
    print(f"\n({time.monotonic() - start:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
