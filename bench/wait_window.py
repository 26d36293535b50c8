"""Child process of the "where players wait" rows: two main windows on a real event loop,
one per size, driven in turns (the smaller one is the larger one's reference).

    python -m bench.wait_window --repeat 5 SMALL.sqlite LARGE.sqlite

Each database holds the gang shown (30 or 300 fighters, listed first) and an
opponent (10 or 30). One round per window, the windows in turns:

- the two-gang battle window: a battle against the opponent started (by the
  service, not timed), then Ctrl+T posted to the main window, timed to the end
  of the battle window's last paint; the window is closed again;
- the battle ended (not timed), then Ctrl+Shift+T: the post-battle wizard open;
- a result picked (not timed), then Next clicked page after page: every page
  change; then Finish clicked, timed to the roster's last repaint.

Every time is from posting the input (`QApplication.postEvent`) to the end of
the last paint it caused (`action_window.time_input`). The first round is a
warm-up and dropped. SQL statements are counted for each input.

Prints one JSON line: {path: {"battle": [...], "open": [...], "pages": [[...]],
"finish": [...], "statements": {...}}} with milliseconds.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication, QWizard

from bench import quiet_qt
from bench.action_window import click, key, settle, time_input


class Driven:
    """One main window on its database, with its statements counted."""

    def __init__(self, path: Path, settings: Path) -> None:
        from sqlalchemy import event

        from gangmanager.gui.main_window import MainWindow
        from gangmanager.persistence.database import open_database, sqlite_url
        from gangmanager.services import gangs
        from gangmanager.services.rulesets import Rulesets

        self.db = open_database(sqlite_url(path))
        self.window = MainWindow(
            self.db, Rulesets(), QSettings(str(settings), QSettings.Format.IniFormat)
        )
        listed = gangs.list_gangs(self.db)
        self.gang_id, self.opponent_id = listed[0].id, listed[1].id
        self.window.select_gang(self.gang_id)
        self.window.resize(1280, 800)
        self.statements = 0

        def record(*_: object) -> None:
            self.statements += 1

        self.window.show()
        settle(QApplication.instance())  # type: ignore[arg-type]
        event.listen(self.window.database.engine, "before_cursor_execute", record)
        event.listen(self.window.database.engine, "commit", record)

    def timed(self, post: Callable[[], None]) -> tuple[float, int]:
        app = QApplication.instance()
        settle(app)  # type: ignore[arg-type]
        self.statements = 0
        seconds, _ = time_input(app, post)  # type: ignore[arg-type]
        return seconds * 1000, self.statements

    def shortcut(self, code: Qt.Key, modifiers: Qt.KeyboardModifier) -> Callable[[], None]:
        self.window.activateWindow()
        target = self.window.roster_view
        target.setFocus()
        return lambda: key(target, code, modifiers)

    def round(self) -> dict[str, object]:
        from gangmanager.services import battle

        db, rulesets = self.window.database, self.window.rulesets
        found: dict[str, object] = {}
        battle.start_battle(db, rulesets, self.gang_id, against=self.opponent_id)
        found["battle"] = self.timed(
            self.shortcut(Qt.Key.Key_T, Qt.KeyboardModifier.ControlModifier)
        )
        window = self.window.play.battle_window(self.gang_id)
        assert window is not None and window.isVisible(), "no battle window"
        self.window.play.close_all()
        settle(QApplication.instance())  # type: ignore[arg-type]
        pinned = {"event": "status", "fighter": self.window.gang.fighters[-1].name}
        battle.apply_events(db, rulesets, self.gang_id, [pinned | {"status": "Pinned"}])
        battle.end_battle(db, rulesets, self.gang_id)
        shift_ctrl = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
        found["open"] = self.timed(self.shortcut(Qt.Key.Key_T, shift_ctrl))
        wizard = self.window.play.wizard
        assert wizard is not None and wizard.isVisible(), "no wizard"
        results = wizard.currentPage().results
        results.button(0).click()  # the result: Next needs one
        pages: list[tuple[float, int]] = []
        next_button = wizard.button(QWizard.WizardButton.NextButton)
        while next_button.isVisible() and next_button.isEnabled():
            before = wizard.currentId()
            pages.append(self.timed(lambda b=next_button: click(b)))  # type: ignore[misc]
            if wizard.currentId() == before:
                raise RuntimeError(f"the wizard stopped at page {before}")
        found["pages"] = pages
        finish = wizard.button(QWizard.WizardButton.FinishButton)
        found["finish"] = self.timed(lambda: click(finish))
        if wizard.isVisible():
            raise RuntimeError("Finish did not close the wizard")
        self.window.play.wizard = None
        wizard.deleteLater()
        return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.wait_window")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--settings", type=Path, required=True)
    parser.add_argument("--profile", type=Path, help="cProfile the last round into this file")
    parser.add_argument("databases", nargs="+", type=Path)
    args = parser.parse_args(argv)
    quiet_qt.install()
    app = QApplication(sys.argv[:1])
    app.setQuitOnLastWindowClosed(False)
    args.settings.mkdir(parents=True, exist_ok=True)
    driven = {
        str(path): Driven(path, args.settings / f"wait-{n}.ini")
        for n, path in enumerate(args.databases)
    }
    rounds: dict[str, list[dict[str, object]]] = {key: [] for key in driven}
    for _ in range(args.repeat + 1):
        for name, one in driven.items():
            rounds[name].append(one.round())
    if args.profile is not None:
        import cProfile

        with cProfile.Profile() as profile:
            last = list(driven.values())[-1].round()
        profile.dump_stats(args.profile)
        print(json.dumps(last), file=sys.stderr)
    out: dict[str, dict[str, object]] = {}
    for name, found in rounds.items():
        kept = found[1:]  # the first round warms the caches and Qt's fonts
        out[name] = {
            "battle": [r["battle"][0] for r in kept],  # type: ignore[index]
            "open": [r["open"][0] for r in kept],  # type: ignore[index]
            "pages": [[p[0] for p in r["pages"]] for r in kept],  # type: ignore[attr-defined]
            "finish": [r["finish"][0] for r in kept],  # type: ignore[index]
            "statements": {
                "battle": kept[-1]["battle"][1],  # type: ignore[index]
                "open": kept[-1]["open"][1],  # type: ignore[index]
                "pages": max(p[1] for p in kept[-1]["pages"]),  # type: ignore[attr-defined]
                "finish": kept[-1]["finish"][1],  # type: ignore[index]
            },
        }
    for one in driven.values():
        one.window.close()
        one.db.close()
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
