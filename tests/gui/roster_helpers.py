"""Helpers for the roster editor's GUI tests (the fixtures are in conftest.py)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import inspect, text

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QWidget

from gangmanager.gui.common.messages import Messages
from gangmanager.gui.main_window import MainWindow
from gangmanager.persistence.database import Database
from gangmanager.rules import roster_ops
from gangmanager.rules.gang import Fighter, Gang
from gangmanager.services import gangs
from gangmanager.services.demo import demo_gang
from gangmanager.services.rulesets import Rulesets

Dump = dict[str, list[tuple[Any, ...]]]


def dump(db: Database) -> Dump:
    """Every row of every table, raw as SQLite stores it."""
    with db.engine.connect() as conn:
        # Not the undo history: an undo moves it on (it is not the gangs' data).
        names = [n for n in inspect(conn).get_table_names() if n != "undo_steps"]
        return {n: list(conn.execute(text(f'SELECT * FROM "{n}" ORDER BY 1')).all()) for n in names}


@dataclass
class Recorder(Messages):
    """Stands in for the window's Messages: records what is said, answers from a queue."""

    told: list[str] = field(default_factory=list)
    asked: list[str] = field(default_factory=list)
    answers: list[str | None] = field(default_factory=list)
    paths: list[Path | None] = field(default_factory=list)
    informed: list[str] = field(default_factory=list)

    def tell(self, text: str, title: str = "") -> None:
        self.told.append(text)

    def ask(self, text: str, choices: Sequence[str], title: str = "") -> str | None:
        self.asked.append(text)
        assert self.answers, f"unexpected question: {text}"
        answer = self.answers.pop(0)
        assert answer is None or answer in choices, f"{answer!r} not in {choices}"
        return answer

    def confirm(self, text: str, yes: str, title: str = "") -> bool:
        return self.ask(text, [yes, "Cancel"], title) == yes

    def inform(self, text: str, title: str = "") -> None:
        self.informed.append(text)

    def open_path(self, title: str, filters: str, folder: str = "") -> Path | None:
        return self.paths.pop(0)

    def save_path(self, title: str, filters: str, suggested: str = "") -> Path | None:
        return self.paths.pop(0)


def seed(db: Database, rulesets: Rulesets) -> Gang:
    """The demo gang (a Limited profile lost: pending below committed) and a second gang."""
    gang = demo_gang(rulesets.get("n23"))
    index = next(i for i, f in enumerate(gang.fighters) if f.name == "Dex Hollow")
    gang = roster_ops.remove_profile(gang, index, 0, "executioner ammo")
    other = gang.model_copy(update={"name": "Cinder Wardens", "house": "House Goliath"})
    gangs.add_gang(db, rulesets, other)
    return gangs.add_gang(db, rulesets, gang).gang


class RecordedWindow(MainWindow):
    """The main window as the tests open it: `recorder` holds what its messages said."""

    recorder: Recorder


def open_window(
    qtbot, db: Database, rulesets: Rulesets, settings: QSettings, monkeypatch
) -> MainWindow:
    """The main window on `db`, its messages recorded (`window.recorder`), shown at 1280x800."""
    win = RecordedWindow(db, rulesets, settings)
    qtbot.addWidget(win)
    told = Recorder()
    for name in ("tell", "ask", "confirm", "inform", "open_path", "save_path"):
        monkeypatch.setattr(win.messages, name, getattr(told, name))
    win.recorder = told
    win.resize(1280, 800)
    win.show()
    qtbot.waitExposed(win)
    # The card is built just after the first paint, by itself.
    qtbot.waitUntil(lambda: win.editor_built)
    return win


def recorder(window: MainWindow) -> Recorder:
    assert isinstance(window, RecordedWindow), "a window opened by open_window"
    return window.recorder


def stored_gang(window: MainWindow) -> Gang:
    assert window.gang is not None
    return gangs.load_gang(window.database, str(window.gang.id))


def stored_fighter(window: MainWindow, name: str) -> Fighter:
    fighter = stored_gang(window).fighter(name)
    assert fighter is not None
    return fighter


def select_fighter(qtbot, window: MainWindow, name: str) -> None:
    model = window.roster_model
    row = next(r for r in range(model.rowCount()) if model.fighter(r).name == name)
    rect = window.roster_view.visualRect(model.index(row, 1))
    from PySide6.QtCore import Qt

    qtbot.mouseClick(window.roster_view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert window.fighter is not None and window.fighter.name == name


def focus(qtbot, widget: QWidget) -> None:
    widget.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is widget)
