"""Child process of "Record battle from the campaign window": the window open on each
campaign in turns, Ctrl+B posted to it, the dialog filled in (two gangs, the first
the winner) and OK clicked as soon as it has painted, timed to the end of the
campaign window's last repaint; every SQL statement sent counted (the dialog's
opening, the service's record, the repaint).

    python -m bench.campaign_record_window --repeat 5 SMALL.sqlite LARGE.sqlite

The service's own count (`record_battle` with its undo step, as the window
performs it) is `bench/campaign_record_step.py`'s; the row compares the two. The first round is a
warm-up and dropped. Prints one JSON line: {path: {"ms": [...], "statements": n}}.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtWidgets import QApplication, QDialog

from bench import quiet_qt
from bench.action_window import click, key, settle, time_input

SIZE = (1366, 768)


class FillWhenShown(QObject):
    """Once the Record battle dialog has painted: tick two gangs, a winner, click OK."""

    def __init__(self) -> None:
        super().__init__()
        self.done = False

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            not self.done
            and event.type() == QEvent.Type.Paint
            and isinstance(watched, QDialog)
            and hasattr(watched, "fought")
        ):
            self.done = True
            QTimer.singleShot(0, lambda: self._fill(watched))
        return False

    def _fill(self, dialog: QDialog) -> None:
        from PySide6.QtWidgets import QDialogButtonBox

        boxes = list(dialog.fought.values())  # type: ignore[attr-defined]
        for box in boxes[:2]:
            box.setChecked(True)
        dialog.winner_combo.setCurrentIndex(1)  # type: ignore[attr-defined]
        click(dialog.buttons.button(QDialogButtonBox.StandardButton.Ok))  # type: ignore[attr-defined]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.campaign_record_window")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("databases", nargs="+", type=Path)
    args = parser.parse_args(argv)
    quiet_qt.install()
    app = QApplication(sys.argv[:1])
    app.setQuitOnLastWindowClosed(False)
    from sqlalchemy import event

    from gangmanager.gui.campaign.campaign_window import CampaignWindow
    from gangmanager.services import campaign as service
    from gangmanager.services.databases import open_url, sqlite_url
    from gangmanager.services.rulesets import Rulesets

    rulesets = Rulesets()
    counted = {"n": 0}

    def record(*_: object) -> None:
        counted["n"] += 1

    windows = {}
    for path in args.databases:
        db = open_url(sqlite_url(path))
        campaign_id = service.list_campaigns(db)[0].id
        window = CampaignWindow(db, rulesets, campaign_id)
        window.resize(*SIZE)
        window.show()
        settle(app)
        event.listen(db.engine, "before_cursor_execute", record)
        event.listen(db.engine, "commit", record)
        windows[str(path)] = window
    found: dict[str, dict[str, list[float] | int]] = {k: {"ms": []} for k in windows}
    for _ in range(args.repeat + 1):
        for name, window in windows.items():
            window.activateWindow()
            filler = FillWhenShown()
            app.installEventFilter(filler)
            settle(app)
            counted["n"] = 0
            seconds, _ = time_input(
                app, lambda w=window: key(w, Qt.Key.Key_B, Qt.KeyboardModifier.ControlModifier)
            )
            app.removeEventFilter(filler)
            if not filler.done:
                raise RuntimeError("the Record battle dialog did not open")
            found[name]["ms"].append(seconds * 1000)  # type: ignore[union-attr]
            found[name]["statements"] = counted["n"]
    out = {name: {"ms": f["ms"][1:], "statements": f["statements"]} for name, f in found.items()}  # type: ignore[index]
    for window in windows.values():
        window.close()
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
