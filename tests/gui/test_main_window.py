from __future__ import annotations

from pathlib import Path

import pytest

from PySide6.QtCore import Qt

from gangmanager.gui.main_window import MainWindow
from gangmanager.gui.roster.roster_table_model import HEADERS, RATING_COLUMN
from gangmanager.persistence.database import open_database
from gangmanager.rules import roster_ops
from gangmanager.services import gangs
from gangmanager.services.demo import demo_gang
from gangmanager.services.rulesets import Rulesets


@pytest.fixture
def window(qtbot, tmp_path: Path) -> MainWindow:
    db = open_database(f"sqlite:///{tmp_path / 'gm.sqlite'}")
    rulesets = Rulesets(tmp_path / "data")
    gang = demo_gang(rulesets.get("n23"))
    # A Limited profile lost in battle: committed rating stays, pending drops.
    index = next(i for i, f in enumerate(gang.fighters) if f.name == "Dex Hollow")
    gang = roster_ops.remove_profile(gang, index, 0, "executioner ammo")
    gangs.add_gang(db, gang)
    win = MainWindow(db, rulesets)
    qtbot.addWidget(win)
    yield win
    db.close()


def test_models_pass_the_model_tester(window: MainWindow, qtmodeltester) -> None:
    qtmodeltester.check(window.gang_model)
    qtmodeltester.check(window.roster_model)


def test_demo_gang_is_selected_and_its_roster_shown(window: MainWindow) -> None:
    assert window.gang_model.rowCount() == 1
    model = window.roster_model
    assert model.rowCount() == 6
    names = [model.index(r, 0).data() for r in range(model.rowCount())]
    assert names[0] == "Mags Varga"
    cl = HEADERS.index("Cl")
    leader_cl = model.index(0, cl)
    assert leader_cl.data(Qt.ItemDataRole.FontRole).bold()
    assert "Advancement: Cool (+1)" in leader_cl.data(Qt.ItemDataRole.ToolTipRole)
    dex = names.index("Dex Hollow")
    rating = model.index(dex, RATING_COLUMN)
    assert rating.data().endswith("*")
    assert "pending" in rating.data(Qt.ItemDataRole.ToolTipRole)
    assert "Gang Rating" in window.header_label.text()


def test_window_paints_at_1280x800(window: MainWindow, tmp_path: Path) -> None:
    window.resize(1280, 800)
    window.show()
    image = window.grab().toImage()
    assert (image.width(), image.height()) == (1280, 800)
    assert image.save(str(tmp_path / "main-window.png"))
