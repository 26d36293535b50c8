"""Child process of the start-up and memory measures: show a window, paint it once, quit.

    python -m bench.paint_window bare
    python -m bench.paint_window text
    python -m bench.paint_window main --db GANGS.sqlite

`main` starts the app exactly as the `gangmanager` command does without a
command (`gangmanager.launcher.main`: its argument parser, then `gui.app.run_app`
with the database, the rulesets and `gui/main_window.py`'s MainWindow with the
first gang selected); `bare` shows an empty QMainWindow; `text` the reference
the start is measured against: a QMainWindow with a menu bar and a 30x18 table
of short texts (`text_window`), what any window showing a roster draws. A filter on the
application quits after the first paint of a main window that shows its gang
(a window painted before its gang is loaded does not count: the measure is the
window with the gang open).

Prints one JSON line: `painted` (time.monotonic() when that first paint was
done; the parent compares it with its own clock, the same on Linux) and
`max_rss_kib` (this program's peak resident memory so far, `peak_rss_kib`)
and `cpu_seconds` (user and system time so far, which other programs running
on the machine disturb less than the elapsed time).
Only what each mode needs is imported, inside it: the imports are part of
what is measured.
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import time
from pathlib import Path


def peak_rss_kib() -> int:
    """The peak resident memory of this program, in KiB.

    Linux's VmHWM, the high-water mark of this program's own memory. Not
    getrusage's ru_maxrss: on Linux that keeps, across exec, the size of the
    parent forked from, so every child of the bench (about 70 MiB by then)
    would report at least the bench's own memory.
    """
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def shows_its_gang(window: object) -> bool:
    """The app's main window with a gang selected and its roster filled in."""
    roster = getattr(window, "roster_model", None)
    return (
        getattr(window, "gang", None) is not None and roster is not None and roster.rowCount() > 0
    )


def text_window() -> object:
    """The reference window: a menu bar and a 30x18 table of texts, nothing else of ours."""
    from PySide6.QtWidgets import QMainWindow, QTableWidget, QTableWidgetItem

    window = QMainWindow()
    for title in ("&File", "&Edit", "&Gang", "F&ighter", "&Battle", "&Campaign", "&View"):
        menu = window.menuBar().addMenu(title)
        for n in range(6):
            menu.addAction(f"Action {n}")
    table = QTableWidget(30, 18)
    for row in range(30):
        for column in range(18):
            table.setItem(row, column, QTableWidgetItem(f"{row}-{column}"))
    window.setCentralWidget(table)
    window.resize(1280, 800)
    return window


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.paint_window")
    parser.add_argument("mode", choices=("bare", "text", "main"))
    parser.add_argument("--db")
    args = parser.parse_args(argv)
    if args.mode == "main":
        # What the `gangmanager` command imports before Qt; the bench's own Qt import
        # below would otherwise come first and change what PySide6's import hook reads.
        from gangmanager.gui.before_qt import import_before_qt

        import_before_qt()

    from PySide6.QtCore import QEvent, QObject, QTimer
    from PySide6.QtWidgets import QApplication, QMainWindow

    from bench import quiet_qt

    quiet_qt.install()
    app = QApplication(sys.argv[:1])
    result: dict[str, float] = {}

    def done() -> None:
        result["painted"] = time.monotonic()
        result["max_rss_kib"] = peak_rss_kib()
        usage = resource.getrusage(resource.RUSAGE_SELF)
        result["cpu_seconds"] = usage.ru_utime + usage.ru_stime
        app.quit()

    class FirstPaint(QObject):
        """The zero timer fires once the paint under way is finished and flushed."""

        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if (
                event.type() == QEvent.Type.Paint
                and isinstance(watched, QMainWindow)
                and (args.mode != "main" or shows_its_gang(watched))
            ):
                app.removeEventFilter(self)
                QTimer.singleShot(0, done)
            return False

    first_paint = FirstPaint()
    app.installEventFilter(first_paint)
    if args.mode == "bare":
        window = QMainWindow()
        window.resize(1280, 800)
        window.show()
        app.exec()
    elif args.mode == "text":
        reference = text_window()
        reference.show()
        app.exec()
    else:
        from gangmanager.launcher import main as gangmanager

        gangmanager(["--db", args.db])  # Uses this QApplication; returns when `done` quits it.
    print(json.dumps(result))
    return 0 if result else 1


if __name__ == "__main__":
    sys.exit(main())
