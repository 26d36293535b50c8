"""A battle event repaints the tile it changed and nothing else (issue 17): no style
sheet reset on the other tiles, the log grows by rows, not by a reset."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication, QWidget

from gangmanager.gui.battle.battle_models import LogListModel
from gangmanager.gui.battle.battle_window import BattleWindow
from gangmanager.gui.battle.fighter_tile import STATUS_COLOURS, FighterTile
from gangmanager.persistence.database import Database, open_database, sqlite_url
from gangmanager.rules.battle_events import BattleStatus
from gangmanager.rules.dice import RandomDice
from gangmanager.services import battle, gangs
from gangmanager.services.demo import demo_gang
from gangmanager.services.rulesets import Rulesets


class Seen(QObject):
    """The widgets that were repainted or re-styled while installed."""

    def __init__(self) -> None:
        super().__init__()
        self.painted: set[QObject] = set()
        self.restyled: set[QObject] = set()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() is QEvent.Type.Paint:
            self.painted.add(watched)
        elif event.type() is QEvent.Type.StyleChange:
            self.restyled.add(watched)
        return False


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Database]:
    database = open_database(sqlite_url(tmp_path / "gm.sqlite"))
    yield database
    database.close()


@pytest.fixture
def window(qtbot, db: Database, rulesets: Rulesets) -> BattleWindow:
    stored = gangs.add_gang(db, rulesets, demo_gang(rulesets.get("n23"))).gang
    assert stored.id is not None
    battle.start_battle(db, rulesets, stored.id)
    shown = BattleWindow(db, rulesets, stored.id, dice=RandomDice(3))
    qtbot.addWidget(shown)
    with qtbot.waitExposed(shown):
        shown.show()
    return shown


def inside(widget: QObject | None, tile: FighterTile) -> bool:
    while widget is not None:
        if widget is tile:
            return True
        widget = widget.parent()
    return False


def settle(qtbot) -> None:
    QApplication.processEvents()
    qtbot.wait(20)


def test_a_status_change_repaints_only_its_tile(qtbot, window: BattleWindow) -> None:
    pip = window.tiles["Pip"]
    window.tile_scroll.ensureWidgetVisible(pip)
    settle(qtbot)
    assert not pip.visibleRegion().isEmpty()
    others = [t for name, t in window.tiles.items() if name != "Pip"]
    seen = Seen()
    app = QApplication.instance()
    assert app is not None
    app.installEventFilter(seen)
    try:
        pip.status_combo.setFocus()
        qtbot.keyClick(pip.status_combo, Qt.Key.Key_Down)
        settle(qtbot)
    finally:
        app.removeEventFilter(seen)
    assert pip.status_label.text() == "Engaged"
    assert any(inside(w, pip) for w in seen.painted)
    assert not [w for w in seen.painted if any(inside(w, t) for t in others)]
    # Re-styled: Pip's status badge alone (a style sheet reset re-polishes a whole tile).
    restyled = [w for w in seen.restyled if isinstance(w, QWidget) and inside(w, pip)]
    assert restyled == [pip.status_label]
    assert not [w for w in seen.restyled if any(inside(w, t) for t in others)]


def test_the_border_and_badge_follow_the_status(qtbot, window: BattleWindow) -> None:
    pip = window.tiles["Pip"]
    pinned = STATUS_COLOURS[BattleStatus.PINNED][0]
    window.apply([{"event": "status", "fighter": "Pip", "status": "Pinned"}])
    assert pinned in pip.status_label.styleSheet()
    image = pip.grab().toImage()
    assert image.pixelColor(pip.width() // 2, 1).name() == pinned
    # Flesh Wound: Toughness in red from the palette, back to the inherited colour on undo.
    toughness = pip.profile_values["T"]
    window.apply([{"event": "flesh_wound", "fighter": "Pip"}])
    assert toughness.palette().color(QPalette.ColorRole.WindowText).name() == "#c62828"
    assert toughness.font().bold()
    window._on_undo_action_triggered()
    assert not toughness.testAttribute(Qt.WidgetAttribute.WA_SetPalette)
    assert not toughness.font().bold()


def test_the_log_grows_and_shrinks_by_rows(qtmodeltester) -> None:
    model = LogListModel()
    qtmodeltester.check(model)
    resets: list[bool] = []
    model.modelReset.connect(lambda: resets.append(True))
    model.set_lines(["one", "two"])
    model.set_lines(["one", "two", "three"])
    assert [model.index(r, 0).data() for r in range(model.rowCount())] == ["one", "two", "three"]
    model.set_lines(["one"])
    assert model.rowCount() == 1
    assert resets == []
    model.set_lines(["another"])
    assert resets == [True]
    assert model.index(0, 0).data() == "another"
