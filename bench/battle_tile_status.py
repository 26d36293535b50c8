"""Battle tile: a status change typed on a tile's status box (a key press posted to the real
event loop) to the end of the repaint it causes, at 30 and at 300 fighters (the growth).
Needs gangmanager/gui/battle/battle_window.py."""

from __future__ import annotations

import time

from bench.common import Bench, Row, missing, ms

NAME = "battle tile status change, input to repaint"
TARGET = "<= 50 ms (30), <= 150 ms (300)"
LIMITS = {30: 0.050, 300: 0.150}


def measure_battle_tile_status(bench: Bench) -> Row:
    try:
        from gangmanager.gui.battle.battle_window import BattleWindow
    except ImportError:
        return missing(NAME, "gui/battle/battle_window.py", TARGET)
    from PySide6.QtCore import QEvent, Qt
    from PySide6.QtGui import QKeyEvent
    from PySide6.QtWidgets import QApplication

    from bench.battle_gui import PaintWatch, application, battle_database, until_painted

    app = application()

    def timed(fighters: int) -> tuple[float, int]:
        """Best time of a status change and the paint events it took."""
        db, gang_id = battle_database(bench, fighters)
        window = BattleWindow(db, bench.rulesets, gang_id)
        try:
            window.resize(1280, 800)
            window.show()
            with PaintWatch() as watch:
                until_painted(watch)
            combo = next(iter(window.tiles.values())).status_combo
            combo.setFocus()
            best, paints = float("inf"), 0
            # Down: Active to Engaged; Up: back. Each is one stored event.
            keys = [Qt.Key.Key_Down, Qt.Key.Key_Up] * (bench.repeat + 1)
            for number, key in enumerate(keys):
                with PaintWatch() as watch:
                    start = time.perf_counter()
                    for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
                        QApplication.postEvent(
                            combo, QKeyEvent(kind, key, Qt.KeyboardModifier.NoModifier)
                        )
                    painted = until_painted(watch)
                    took = time.perf_counter() - start
                if number > 0 and took < best:  # The first one warms up.
                    best, paints = took, painted
            return best, paints
        finally:
            window.close()
            window.deleteLater()
            app.sendPostedEvents(None, QEvent.Type.DeferredDelete)
            db.close()

    small, small_paints = timed(30)
    large, large_paints = timed(300)
    return Row(
        NAME,
        f"{ms(small)} (30 fighters)",
        f"{ms(large)} (300 fighters)",
        large / small,
        TARGET,
        small <= LIMITS[30] and large <= LIMITS[300],
        f"ratio = growth at 10x the fighters; {small_paints} / {large_paints} paint events"
        " per change (one tile and the log); best of the changes",
    )
