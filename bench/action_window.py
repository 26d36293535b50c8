"""Child process of the roster action measures: the main window on a real event loop,
each action timed from posting its input event to the end of the repaint it causes.

    python -m bench.action_window --db GANGS.sqlite --settings FILE.ini [--repeat 5]

No pytest-qt: the input is posted (`QApplication.postEvent`) as the window system
would deliver it, and a local event loop runs until the window has been quiet
for `QUIET_MS` after its last paint. The time is taken when a zero timer queued
by that last paint runs, i.e. once the paint is done. Each action also counts
the SQL it sent (every statement, BEGIN and COMMIT included).

Prints one JSON line: {action: {"ms": [...], "statements": n, "paints": n}}.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QEvent, QEventLoop, QObject, QPointF, QSettings, Qt, QTimer
from PySide6.QtGui import QKeyEvent, QMouseEvent
from PySide6.QtWidgets import QApplication, QWidget

from bench import quiet_qt

# The window is taken as done once nothing has painted for this long.
QUIET_MS = 150
# An input that paints nothing at all is given up on after this.
NOTHING_MS = 20000


class PaintWatch(QObject):
    """Notes the time each paint has finished (a zero timer queued by the paint runs after it)."""

    def __init__(self, loop: QEventLoop) -> None:
        super().__init__()
        self.loop = loop
        self.last_end: float | None = None
        self.paints = 0
        self.quiet = QTimer()
        self.quiet.setSingleShot(True)
        self.quiet.timeout.connect(loop.quit)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.paints += 1
            QTimer.singleShot(0, self._painted)
        return False

    def _painted(self) -> None:
        self.last_end = time.perf_counter()
        self.quiet.start(QUIET_MS)


def key(
    widget: QWidget, code: Qt.Key, modifiers: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier
) -> None:
    """Post a key press and its release to `widget`, as the window system delivers them."""
    for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
        QApplication.postEvent(widget, QKeyEvent(kind, code, modifiers))


def time_input(app: QApplication, post: Callable[[], None]) -> tuple[float, int]:
    """Seconds from posting the input to the end of the last paint it caused, and the paints."""
    loop = QEventLoop()
    watch = PaintWatch(loop)
    app.installEventFilter(watch)
    watch.quiet.start(NOTHING_MS)
    start = time.perf_counter()
    post()
    loop.exec()
    app.removeEventFilter(watch)
    if watch.last_end is None:
        raise RuntimeError("the input caused no repaint")
    return watch.last_end - start, watch.paints


def settle(app: QApplication) -> None:
    """Let pending paints and queued work finish before the next input."""
    loop = QEventLoop()
    QTimer.singleShot(QUIET_MS, loop.quit)
    loop.exec()


def click(button: QWidget) -> None:
    """Post a left click (press and release) at the middle of `button`."""
    centre = QPointF(button.rect().center())
    for kind in (QEvent.Type.MouseButtonPress, QEvent.Type.MouseButtonRelease):
        QApplication.postEvent(
            button,
            QMouseEvent(
                kind,
                centre,
                QPointF(button.mapToGlobal(centre.toPoint())),
                Qt.MouseButton.LeftButton,
                Qt.MouseButton.LeftButton,
                Qt.KeyboardModifier.NoModifier,
            ),
        )


def wizard_page_change(
    app: QApplication,
    window: QWidget,
    run: Callable[..., None],
    results: dict[str, dict[str, object]],
) -> None:
    """A battle fought and ended, its post-battle wizard open: Next, then Back, in turns
    (the first page to the wrap-up page and back; each kept apart as well)."""
    from PySide6.QtWidgets import QWizard

    from gangmanager.services import battle

    gang = window.gang  # type: ignore[attr-defined]
    db, rulesets = window.database, window.rulesets  # type: ignore[attr-defined]
    battle.start_battle(db, rulesets, gang.id)
    pinned = {"event": "status", "fighter": gang.fighters[-1].name, "status": "Pinned"}
    battle.apply_events(db, rulesets, gang.id, [pinned])
    battle.end_battle(db, rulesets, gang.id)
    window.play.post_battle_action.trigger()  # type: ignore[attr-defined]
    settle(app)
    wizard = window.play.wizard  # type: ignore[attr-defined]
    wizard.currentPage().results.button(0).setChecked(True)
    wizard.currentPage().results.button(0).click()  # the result: Next needs one
    settle(app)
    forward = {"next": False}

    def page_change() -> Callable[[], None]:
        forward["next"] = not forward["next"]
        which = (
            QWizard.WizardButton.NextButton if forward["next"] else QWizard.WizardButton.BackButton
        )
        button = wizard.button(which)
        return lambda: click(button)

    run("wizard_page", page_change, twice=True)
    # The warm-up was a Next: the changes timed are Back, Next, Back, Next...
    changes = results["wizard_page"]["ms"]
    assert isinstance(changes, list)
    for name, taken in (("wizard_back", changes[0::2]), ("wizard_next", changes[1::2])):
        results[name] = {**results["wizard_page"], "ms": taken}
    wizard.reject()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.action_window")
    parser.add_argument("--db", required=True)
    parser.add_argument("--settings", required=True)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)

    quiet_qt.install()
    app = QApplication(sys.argv[:1])
    from sqlalchemy import event

    from gangmanager.gui.main_window import MainWindow
    from gangmanager.persistence.database import open_database, sqlite_url
    from gangmanager.services.rulesets import Rulesets

    db = open_database(sqlite_url(Path(args.db)))
    window = MainWindow(db, Rulesets(), QSettings(args.settings, QSettings.Format.IniFormat))
    window.resize(1280, 800)
    window.show()
    settle(app)

    statements: list[str] = []

    def record(*_: object) -> None:
        statements.append("statement")

    def record_commit(*_: object) -> None:
        statements.append("COMMIT")

    # Watched on the window's database: the store a rename opens is the one it holds.
    engine = window.database.engine
    event.listen(engine, "before_cursor_execute", record)
    event.listen(engine, "commit", record_commit)

    view = window.roster_view
    model = window.roster_model
    results: dict[str, dict[str, object]] = {}

    def run(name: str, prepare: Callable[[], Callable[[], None]], twice: bool = False) -> None:
        """`repeat` inputs (`twice`: as many of each of two kinds, in turns), a warm-up first."""
        times: list[float] = []
        counts: list[int] = []
        paints = 0
        for _ in range(args.repeat * (2 if twice else 1) + 1):
            post = prepare()
            settle(app)
            statements.clear()
            seconds, paints = time_input(app, post)
            counts.append(len(statements))
            times.append(seconds * 1000)
            settle(app)
        results[name] = {"ms": times[1:], "statements": max(counts[1:]), "paints": paints}

    row = min(5, model.rowCount() - 1)

    def rename() -> Callable[[], None]:
        index = model.index(row, 0)
        view.setCurrentIndex(index)
        view.edit(index)
        editor = QApplication.focusWidget()
        assert editor is not None
        old = model.fighter(row).name
        editor.setProperty("text", old[:-1] if old.endswith("!") else old + "!")
        return lambda: key(editor, Qt.Key.Key_Return)

    def xp_point() -> Callable[[], None]:
        view.selectRow(row)
        spin = window.editor.xp
        spin.setFocus()
        spin.setValue(spin.value() + 1)
        return lambda: key(spin, Qt.Key.Key_Return)

    def undo() -> Callable[[], None]:
        view.setFocus()
        return lambda: key(view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)

    def redo() -> Callable[[], None]:
        view.setFocus()
        return lambda: key(view, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)

    step = {"down": True}

    def select() -> Callable[[], None]:
        view.setFocus()
        step["down"] = not step["down"]
        return lambda: key(view, Qt.Key.Key_Down if step["down"] else Qt.Key.Key_Up)

    run("rename", rename)
    run("xp", xp_point)
    # Undo the edits made above, then redo them: each has a step to take.
    run("undo", undo)
    run("redo", redo)
    run("select", select)
    wizard_page_change(app, window, run, results)
    window.close()
    db.close()
    print(json.dumps(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
