"""Where the cold start goes: the steps of `gui.app.run_app`, timed in one process.

    python -m bench.phases [--runs 5] [--launcher] [--before-qt]

Not part of the table: it explains measure (a) in docs/performance.md. Each
run is a new process that imports the layers in order (Qt, the rules models,
the store's database module, the services, the window; SQLAlchemy is not on
the start path), opens a database holding
one 30-fighter gang, builds the main window and paints it, noting after each
step the time since the process started its Python code and the resident
memory (`VmRSS`). `--launcher` adds the import of `gangmanager.cli` that the
`gangmanager` command makes before it sees there is no command. The fastest
run is printed, with the modules left out of the start that were loaded anyway.

PySide6 replaces `__import__` with a hook that reads the source of every module
imported after it (`inspect.getsource`, PYSIDE-2029) and so keeps it in
`linecache`: its time and that source are counted apart, in the `hook` columns,
and credited to PySide6, not to whichever library was being imported.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# Loaded only when their feature is used; a start that loads them says so.
LAZY = (
    "sqlalchemy",
    "alembic",
    "mako",
    "pygments",
    "gangmanager.exchange.detect",
    "gangmanager.printing.painter",
    "PySide6.QtPrintSupport",
    "gangmanager.gui.battle.battle_window",
    "gangmanager.gui.post_battle.wizard",
    "gangmanager.services.post_battle",
    "gangmanager.content.pack_checks",
    "gangmanager.rules.post_battle_steps",
)


def resident_mib() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def linecache_mib() -> float:
    """Source text held in `linecache` (what PySide6's import hook leaves there)."""
    import linecache

    held = (entry[2] for entry in linecache.cache.values() if len(entry) == 4)
    return sum(len(line) for lines in held for line in lines) / 2**20


def time_the_import_hook(total: dict[str, float]) -> None:
    """Add the time of PySide6's per-module source check to `total` (if it has one)."""
    feature = sys.modules.get("shibokensupport.feature")
    check = getattr(feature, "_mod_uses_pyside", None)
    if check is None:
        return

    def timed(module: object) -> bool:
        begin = time.perf_counter()
        try:
            return check(module)
        finally:
            total["seconds"] += time.perf_counter() - begin

    feature._mod_uses_pyside = timed  # type: ignore[union-attr]


def child(db: str, launcher: bool, before_qt: bool) -> None:
    """One start, step by step; prints the steps as one JSON line."""
    start = time.monotonic()
    steps: list[tuple[str, float, float, float, float]] = []
    hook = {"seconds": 0.0}

    def step(name: str) -> None:
        now = (time.monotonic() - start) * 1000
        steps.append((name, now, resident_mib(), hook["seconds"] * 1000, linecache_mib()))

    if before_qt:
        from gangmanager.gui.before_qt import import_before_qt

        import_before_qt()
        step("the window's non-Qt modules, before Qt (as the launcher does)")
    from PySide6.QtCore import QEvent, QObject, QSettings, QTimer
    from PySide6.QtWidgets import QApplication, QMainWindow

    time_the_import_hook(hook)

    from bench import quiet_qt

    quiet_qt.install()
    app = QApplication(sys.argv[:1])
    step("Python, QtWidgets, QApplication")
    import gangmanager.rules.gang
    import gangmanager.rules.ruleset

    step("pydantic and the rules models")
    import gangmanager.persistence.database

    step("persistence.database (SQLAlchemy waits for the first action)")
    import gangmanager.persistence.backups

    step("persistence.backups (imported by open_database)")
    import gangmanager.services.gangs

    step("services.gangs")
    import gangmanager.gui.app
    from gangmanager.gui.main_window import MainWindow

    step("the rest of gui.main_window and gui.app")
    if launcher:
        import gangmanager.cli  # noqa: F401

        step("gangmanager.cli (the launcher builds its parser)")
    from gangmanager.persistence.database import open_database, sqlite_url
    from gangmanager.services.rulesets import Rulesets

    database = open_database(sqlite_url(Path(db)))
    step("open_database (read-only check, daily backup check)")
    window = MainWindow(database, Rulesets(), QSettings())
    step("MainWindow(): ruleset, gang list, the gang (stdlib sqlite3 until an action)")

    class FirstPaint(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Paint and isinstance(watched, QMainWindow):
                app.removeEventFilter(self)
                QTimer.singleShot(0, painted)
            return False

    def painted() -> None:
        step("shown and painted")
        engine_made.append(database.has_engine)
        app.quit()

    engine_made: list[bool] = []
    first_paint = FirstPaint()
    app.installEventFilter(first_paint)
    window.show()
    app.exec()
    database.close()
    loaded = [name for name in LAZY if name in sys.modules]
    print(json.dumps({"steps": steps, "loaded": loaded, "engine": engine_made == [True]}))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.phases", description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--launcher", action="store_true", help="import gangmanager.cli too")
    parser.add_argument(
        "--before-qt",
        action="store_true",
        help="import the window's non-Qt modules before Qt first, as the launcher does",
    )
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        child(args.child, args.launcher, args.before_qt)
        return 0

    from bench.common import Bench, python

    with tempfile.TemporaryDirectory(prefix="gangmanager-phases-") as scratch:
        bench = Bench(Path(scratch))
        db = bench.database("one-gang-30", bench.gang(30))
        command = [python(), "-m", "bench.phases", "--child", str(db)]
        runs = []
        for _ in range(args.runs):
            done = subprocess.run(
                command
                + (["--launcher"] if args.launcher else [])
                + (["--before-qt"] if args.before_qt else []),
                capture_output=True,
                text=True,
                env=bench.env(),
                timeout=120,
                check=True,
            )
            runs.append(json.loads(done.stdout.strip().splitlines()[-1]))
    fastest = min(runs, key=lambda run: run["steps"][-1][1])
    totals = sorted(round(run["steps"][-1][1]) for run in runs)
    print(f"{args.runs} runs, to the painted window: {', '.join(f'{t} ms' for t in totals)}")
    print(f"fastest run{' (with the launcher)' if args.launcher else ''}, cumulative:")
    print(f"  {'time':>10}  {'resident':>10}  {'PySide6 hook':>12}  {'its source':>10}  step")
    for name, ms, mib, hook_ms, source_mib in fastest["steps"]:
        print(f"  {ms:7.0f} ms  {mib:6.1f} MiB  {hook_ms:9.0f} ms  {source_mib:6.1f} MiB  {name}")
    print(f"loaded although not needed to paint: {', '.join(fastest['loaded']) or 'none'}")
    print(f"SQLAlchemy engine made before the paint: {'yes' if fastest['engine'] else 'no'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
