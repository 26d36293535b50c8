"""Battle window: opening it on a battle of 30 fighters (built, shown and painted) against a
reference window of the same size, in this process: a menu bar and a 30x18 table of text
(issue 17's text-window reference; a bare QMainWindow, in the note, paints next to nothing
in a running process). 300 fighters for the growth. Needs gui/battle/battle_window.py."""

from __future__ import annotations

import time
from collections.abc import Callable

from bench.common import Bench, Row, missing, ms

NAME = "battle window open to painted, 30 fighters"
TARGET = "<= 300 ms"
LIMIT = 0.300


def measure_battle_window_open(bench: Bench) -> Row:
    try:
        from gangmanager.gui.battle.battle_window import BattleWindow
    except ImportError:
        return missing(NAME, "gui/battle/battle_window.py", TARGET)
    from PySide6.QtCore import QEvent
    from PySide6.QtWidgets import QMainWindow, QTableWidget, QTableWidgetItem

    from bench.battle_gui import PaintWatch, application, battle_database, until_painted

    application()

    def open_painted(make: Callable[[], QMainWindow]) -> float:
        with PaintWatch() as watch:
            start = time.perf_counter()
            window = make()
            window.resize(1280, 800)
            window.show()
            until_painted(watch)
            took = time.perf_counter() - start
        window.close()
        window.deleteLater()
        # processEvents() leaves deferred deletes alone: delete it now, not during the next.
        application().sendPostedEvents(None, QEvent.Type.DeferredDelete)
        return took

    def text_window() -> QMainWindow:
        window = QMainWindow()
        for title in ("&File", "&Edit", "&View", "&Help"):
            window.menuBar().addMenu(title)
        table = QTableWidget(30, 18)
        for row in range(30):
            for column in range(18):
                table.setItem(row, column, QTableWidgetItem(f"Fighter {row} {column}"))
        window.setCentralWidget(table)
        return window

    def best(make: Callable[[], QMainWindow], repeat: int) -> float:
        open_painted(make)  # Warm-up: PySide6 builds its enum types on first use.
        return min(open_painted(make) for _ in range(repeat))

    db30, gang30 = battle_database(bench, 30)
    db300, gang300 = battle_database(bench, 300)
    try:
        bare = best(QMainWindow, bench.repeat)
        reference = best(text_window, bench.repeat)
        ours = best(lambda: BattleWindow(db30, bench.rulesets, gang30), bench.repeat)
        # Ten times the fighters, for the growth in the note: one open (about 3 s; the
        # windows above warmed PySide6's enums), which keeps `make bench` short.
        large = open_painted(lambda: BattleWindow(db300, bench.rulesets, gang300))
    finally:
        db30.close()
        db300.close()
    return Row(
        NAME,
        ms(ours),
        f"text window {ms(reference)}",
        ours / reference,
        TARGET,
        ours <= LIMIT,
        f"300 fighters {ms(large)} ({large / ours:.1f}x at 10x the fighters); bare"
        f" QMainWindow {ms(bare)}; best of {bench.repeat} each (300 fighters: one open)",
    )
