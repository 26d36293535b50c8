"""Child process of the start-up and memory measures: show a window, paint it once, quit.

    python -m bench.paint_window bare
    python -m bench.paint_window main --db GANGS.sqlite

`main` starts the app exactly as `gangmanager` does without a command
(`gui.app.run_app`: the database, the rulesets, `gui/main_window.py`'s
MainWindow with the first gang selected); `bare` shows an empty QMainWindow.
A filter on the application quits after the first paint of a main window.

Prints one JSON line: `painted` (time.monotonic() when that first paint was
done; the parent compares it with its own clock, the same on Linux) and
`max_rss_kib` (peak resident memory so far, from getrusage). Only what each
mode needs is imported, inside it: the imports are part of what is measured.
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import time


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.paint_window")
    parser.add_argument("mode", choices=("bare", "main"))
    parser.add_argument("--db")
    args = parser.parse_args(argv)

    from PySide6.QtCore import QEvent, QObject, QTimer
    from PySide6.QtWidgets import QApplication, QMainWindow

    app = QApplication(sys.argv[:1])
    result: dict[str, float] = {}

    def done() -> None:
        result["painted"] = time.monotonic()
        result["max_rss_kib"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        app.quit()

    class FirstPaint(QObject):
        """The zero timer fires once the paint under way is finished and flushed."""

        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Paint and isinstance(watched, QMainWindow):
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
    else:
        from gangmanager.gui.app import run_app

        run_app(args.db)  # Uses this QApplication; returns when `done` quits it.
    print(json.dumps(result))
    return 0 if result else 1


if __name__ == "__main__":
    sys.exit(main())
