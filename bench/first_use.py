"""Child process of the first-edit and first-use rows: the app started as the `gangmanager`
command starts it, then, `--delay` ms after the first paint of the main window with
its gang, a rename typed (Return in the roster's name editor), timed from posting
the key to the end of the last paint it causes; then the same edit again once the
window has settled (the warm reference, in the same process).

    python -m bench.first_use --db GANGS.sqlite --delay 150 [--dialogs]

With `--dialogs`, each dialog and dock is then opened twice, first and second use
in turns (the second is the first's reference): the card preview (F4), the
armoury (Buy weapon), the post-battle wizard (Ctrl+Shift+T; the database holds an
ended battle for the gang shown), the campaign window (Ctrl+Shift+C), the battle
window of the second gang (Ctrl+T; its battle is going on) and its Attack dialog
(the first tile's Attack button). A modal dialog is rejected and a window closed
once it is done painting. The database is made by `bench.first_use_rows`.

Prints one JSON line: {"first": ms, "warm": ms, "uses": {name: [first ms, second ms]}}.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.first_use")
    parser.add_argument("--db", required=True)
    parser.add_argument("--delay", type=int, default=0)
    parser.add_argument("--dialogs", action="store_true")
    args = parser.parse_args(argv)
    # What the `gangmanager` command imports before Qt (bench/paint_window.py says why).
    from gangmanager.gui.before_qt import import_before_qt

    import_before_qt()
    from PySide6.QtCore import QEvent, QEventLoop, QObject, Qt, QTimer
    from PySide6.QtWidgets import QApplication, QMainWindow, QWidget

    from bench import quiet_qt
    from bench.action_window import NOTHING_MS, QUIET_MS, click, key, settle
    from bench.paint_window import shows_its_gang

    quiet_qt.install()
    app = QApplication(sys.argv[:1])
    result: dict[str, object] = {"uses": {}}

    class Watch(QObject):
        """The end of each paint (a zero timer after it); once quiet, closes what opened."""

        def __init__(self, loop: QEventLoop) -> None:
            super().__init__()
            self.loop = loop
            self.last_end: float | None = None
            self.quiet = QTimer()
            self.quiet.setSingleShot(True)
            self.quiet.timeout.connect(self._done)

        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Paint:
                QTimer.singleShot(0, self._painted)
            return False

        def _painted(self) -> None:
            self.last_end = time.perf_counter()
            self.quiet.start(QUIET_MS)

        def _done(self) -> None:
            modal = QApplication.activeModalWidget()
            if modal is not None:
                modal.reject()  # type: ignore[attr-defined]
            self.loop.quit()

    def timed(post: Callable[[], None]) -> float:
        loop = QEventLoop()
        watch = Watch(loop)
        app.installEventFilter(watch)
        watch.quiet.start(NOTHING_MS)
        start = time.perf_counter()
        post()
        loop.exec()
        app.removeEventFilter(watch)
        if watch.last_end is None:
            raise RuntimeError("the input caused no repaint")
        return (watch.last_end - start) * 1000

    def rename(window: QMainWindow) -> Callable[[], None]:
        view, model = window.roster_view, window.roster_model  # type: ignore[attr-defined]
        index = model.index(1, 0)
        view.setCurrentIndex(index)
        view.edit(index)
        editor = QApplication.focusWidget()
        assert editor is not None
        old = model.fighter(1).name
        editor.setProperty("text", old[:-1] if old.endswith("!") else old + "!")
        return lambda: key(editor, Qt.Key.Key_Return)

    def shortcut(
        window: QMainWindow, code: Qt.Key, mods: Qt.KeyboardModifier
    ) -> Callable[[], None]:
        window.activateWindow()
        target = window.roster_view  # type: ignore[attr-defined]
        target.setFocus()
        settle(app)  # the window active again after a closed dialog: its shortcuts work
        return lambda: key(target, code, mods)

    def dialogs(window: QMainWindow) -> None:
        uses: dict[str, list[float]] = result["uses"]  # type: ignore[assignment]
        ctrl = Qt.KeyboardModifier.ControlModifier
        shift_ctrl = ctrl | Qt.KeyboardModifier.ShiftModifier
        none = Qt.KeyboardModifier.NoModifier

        def twice(
            name: str,
            post: Callable[[], Callable[[], None]],
            opened: Callable[[], bool],
            after: Callable[[], None],
        ) -> None:
            for _ in range(2):
                uses.setdefault(name, []).append(timed(post()))
                if not opened():
                    raise RuntimeError(f"{name} did not open")
                after()
                settle(app)

        seen: list[str] = []

        class Shown(QObject):
            """Notes the class of every window shown (a modal dialog is gone once timed)."""

            def eventFilter(self, watched: QObject, event: QEvent) -> bool:
                shown = event.type() == QEvent.Type.Show and isinstance(watched, QWidget)
                if shown and watched.isWindow():  # type: ignore[attr-defined]
                    seen.append(type(watched).__name__)
                return False

        shown_filter = Shown()
        app.installEventFilter(shown_filter)

        def showed(name: str) -> Callable[[], bool]:
            def check() -> bool:
                found = name in seen
                seen.clear()
                return found

            return check

        def card_off() -> None:
            # Hidden for the second use (setChecked on the dock's toggle action does not hide it).
            window.card_dock.hide()  # type: ignore[attr-defined]
            settle(app)

        def card_shown() -> bool:
            return window.card_dock.isVisible()  # type: ignore[attr-defined]

        twice(
            "card preview (F4)", lambda: shortcut(window, Qt.Key.Key_F4, none), card_shown, card_off
        )

        def buy() -> Callable[[], None]:
            button = window.editor.buy_weapon  # type: ignore[attr-defined]
            return lambda: click(button)

        twice("armoury (Buy weapon)", buy, showed("ArmouryDialog"), lambda: None)

        def wizard_off() -> None:
            play = window.play  # type: ignore[attr-defined]
            if play.wizard is not None:
                play.wizard.reject()
                play.wizard.deleteLater()
                play.wizard = None

        twice(
            "post-battle wizard",
            lambda: shortcut(window, Qt.Key.Key_T, shift_ctrl),
            showed("PostBattleWizard"),
            wizard_off,
        )

        def campaign_off() -> None:
            found = window.campaign_window  # type: ignore[attr-defined]
            if found is not None:
                found.close()

        campaign_key = Qt.Key.Key_C
        twice(
            "campaign window",
            lambda: shortcut(window, campaign_key, shift_ctrl),
            showed("CampaignWindow"),
            campaign_off,
        )

        shown = window.gang.id  # type: ignore[attr-defined]
        other = next(
            window.gang_model.gang_id(r)  # type: ignore[attr-defined]
            for r in range(window.gang_model.rowCount())  # type: ignore[attr-defined]
            if window.gang_model.gang_id(r) != shown  # type: ignore[attr-defined]
        )
        window.select_gang(other)  # type: ignore[attr-defined]
        settle(app)
        play = window.play  # type: ignore[attr-defined]

        def battle_off() -> None:
            found = play.battle_window(other)
            if found is not None:
                found.hide()

        twice(
            "battle window",
            lambda: shortcut(window, Qt.Key.Key_T, ctrl),
            showed("BattleWindow"),
            battle_off,
        )
        battle_window: QWidget = play.battle_window(other)
        battle_window.show()
        settle(app)

        def attack() -> Callable[[], None]:
            tile = next(iter(battle_window.tiles.values()))  # type: ignore[attr-defined]
            return lambda: click(tile.attack_button)

        twice("Attack dialog", attack, showed("AttackDialog"), lambda: None)

    def measure(window: QMainWindow) -> None:
        result["first"] = timed(rename(window))
        settle(app)
        # Warm: the engine made and every first use behind us (or at least 2 s after the paint).
        deadline = time.perf_counter() + 2.0
        while time.perf_counter() < deadline and not window.database.has_engine:  # type: ignore[attr-defined]
            settle(app)
        result["warm"] = timed(rename(window))
        settle(app)
        if args.dialogs:
            dialogs(window)
        app.quit()

    class FirstPaint(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if (
                event.type() == QEvent.Type.Paint
                and isinstance(watched, QMainWindow)
                and shows_its_gang(watched)
            ):
                app.removeEventFilter(self)
                # The delay counts from the end of that paint (a zero timer runs after it).
                QTimer.singleShot(
                    0, lambda: QTimer.singleShot(args.delay, lambda: measure(watched))
                )
            return False

    first_paint = FirstPaint()
    app.installEventFilter(first_paint)
    from gangmanager.launcher import main as gangmanager

    gangmanager(["--db", args.db])  # Uses this QApplication; returns when `measure` quits it.
    print(json.dumps(result))
    return 0 if "first" in result else 1


if __name__ == "__main__":
    sys.exit(main())
