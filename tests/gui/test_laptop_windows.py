"""On a 1024x640 laptop: every window opens no larger than the screen's available area
(one helper, `screen_fit.open_size`), the campaign window's minimum height fits, and the
attack dialog keeps its buttons on screen after Roll, its steps scrolling inside.

The screen is the test's: `screen_fit.available_area` is made to answer 1024x640.
The pictures go to docs/screenshots/ (laptop-*-1024x640.png) with GANGMANAGER_SCREENSHOTS=1.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from PySide6.QtCore import QRect, QSettings, QSize
from PySide6.QtWidgets import QApplication, QWidget

from gangmanager.gui.battle.attack_dialog import AttackDialog
from gangmanager.gui.battle.battle_window import BattleWindow
from gangmanager.gui.campaign.campaign_window import CampaignWindow
from gangmanager.gui.common import screen_fit
from gangmanager.gui.main_window import MainWindow
from gangmanager.gui.post_battle.wizard import PostBattleWizard
from gangmanager.gui.roster.new_gang_wizard import NewGangWizard
from gangmanager.persistence.database import Database
from gangmanager.rules.battle import Opponent, new_state
from gangmanager.rules.dice import FixedDice
from gangmanager.services import battle, gangs
from gangmanager.services import campaign as campaign_service
from gangmanager.services.demo import demo_gang
from gangmanager.services.rulesets import Rulesets

from ..services.test_campaign_statements import add_campaign
from .roster_helpers import Recorder
from .screenshot_dir import screenshot_dir

SCREENSHOTS = screenshot_dir()
LAPTOP = QRect(0, 0, 1024, 640)
# The client area a window may take: the screen less the window frame.
ROOM = QSize(LAPTOP.width() - screen_fit.FRAME.width(), LAPTOP.height() - screen_fit.FRAME.height())


@pytest.fixture(autouse=True)
def laptop_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(screen_fit, "available_area", lambda widget=None: QRect(LAPTOP))


def settle() -> None:
    for _ in range(6):
        QApplication.processEvents()


def fits(window: QWidget) -> None:
    assert window.width() <= ROOM.width() and window.height() <= ROOM.height(), window.size()
    hint = window.minimumSizeHint()
    assert hint.height() <= ROOM.height(), hint
    assert window.minimumHeight() <= ROOM.height()


def shot(window: QWidget, name: str) -> None:
    assert window.grab().save(str(SCREENSHOTS / f"laptop-{name}-1024x640.png"))


def test_the_helper_cuts_a_size_to_the_screen(qtbot) -> None:
    widget = QWidget()
    qtbot.addWidget(widget)
    screen_fit.open_size(widget, 1280, 800)
    assert widget.size() == ROOM
    screen_fit.open_size(widget, 600, 400)
    assert widget.size() == QSize(600, 400)


def test_the_main_window_opens_within_the_screen(
    qtbot, db: Database, rulesets: Rulesets, tmp_path: Path
) -> None:
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(db, rulesets, settings)
    qtbot.addWidget(window)
    fits(window)


def test_the_battle_window_opens_within_the_screen(qtbot, db: Database, rulesets: Rulesets) -> None:
    gang_id = gangs.add_gang(db, rulesets, demo_gang(rulesets.get("n23"))).gang.id
    assert gang_id is not None
    battle.start_battle(db, rulesets, gang_id)
    window = BattleWindow(db, rulesets, gang_id)
    qtbot.addWidget(window)
    fits(window)


def test_the_campaign_window_fits_640_pixels(qtbot, db: Database, rulesets: Rulesets) -> None:
    add_campaign(db, rulesets, "Sump Wars", 5, 60)
    (row,) = campaign_service.list_campaigns(db)
    window = CampaignWindow(db, rulesets, row.id)
    qtbot.addWidget(window)
    fits(window)
    window.show()
    settle()
    assert window.height() <= ROOM.height()
    shot(window, "campaign")


def test_the_new_gang_wizard_opens_within_the_screen(qtbot, rulesets: Rulesets) -> None:
    wizard = NewGangWizard(rulesets, Recorder())
    qtbot.addWidget(wizard)
    fits(wizard)
    wizard.show()
    settle()
    fits(wizard)
    shot(wizard, "new-gang-wizard")


def test_the_post_battle_wizard_opens_within_the_screen(
    qtbot, db: Database, rulesets: Rulesets
) -> None:
    gang_id = gangs.add_gang(db, rulesets, demo_gang(rulesets.get("n23"))).gang.id
    assert gang_id is not None
    battle.start_battle(db, rulesets, gang_id)
    battle.apply_events(
        db, rulesets, gang_id, [{"event": "status", "fighter": "Rook", "status": "out_of_action"}]
    )
    battle.end_battle(db, rulesets, gang_id)
    wizard = PostBattleWizard(db, rulesets, gang_id, dice=FixedDice([]))
    qtbot.addWidget(wizard)
    fits(wizard)
    wizard.show()
    settle()
    fits(wizard)
    shot(wizard, "post-battle-wizard")


@pytest.fixture
def attack(qtbot, rulesets: Rulesets) -> Iterator[AttackDialog]:
    rules = rulesets.get("n23")
    riders = demo_gang(rules)
    state = new_state(
        rules, riders, [], against=Opponent(riders.model_copy(update={"name": "The Ash Wolves"}))
    )
    (mags,) = state.find("The Rust Riders/Mags Varga")
    # Firepower 3 hits would be Rapid Fire; the Boltgun: one hit, wound, save, two Injury dice.
    dialog = AttackDialog(rules, state, mags, FixedDice([2, 6, 6, 1, 1, 1, 1, 1]))
    qtbot.addWidget(dialog)
    yield dialog


def test_the_attack_dialog_keeps_its_buttons_on_screen_after_roll(attack: AttackDialog) -> None:
    fits(attack)
    attack.show()
    settle()
    before = attack.size()
    attack.roll_button.click()
    settle()
    assert attack.preview_label.text() and not attack.preview_label.text().startswith("Refused")
    # The dialog did not grow past the screen; its buttons are inside it, the steps scroll.
    assert attack.height() <= ROOM.height() and attack.size() == before
    for button in (attack.roll_button, attack.apply_button):
        corner = button.mapTo(attack, button.rect().bottomRight())
        assert attack.rect().contains(corner), (corner, attack.rect())
    assert attack.scroll_area.verticalScrollBar().maximum() > 0
    shot(attack, "attack-dialog")


# A QMessageBox (ConfirmDialog, BlazeHitDialog) sizes itself to its text and the screen.
WINDOW_BASES = {"QDialog", "QMainWindow", "QWizard", "QInputDialog", "QFileDialog"}


def test_every_window_class_opens_through_the_helper() -> None:
    """A window or dialog class of ours either sizes itself with `open_size` or
    derives from one of ours that does (the helper is the one place that knows the screen)."""
    root = Path(__file__).resolve().parents[2] / "gangmanager" / "gui"
    classes: dict[str, tuple[list[str], bool, str]] = {}
    for path in root.rglob("*.py"):
        source = path.read_text(encoding="utf-8")
        tree = ast.parse(source)
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                bases = [
                    b.id if isinstance(b, ast.Name) else getattr(b, "attr", "") for b in node.bases
                ]
                segment = ast.get_source_segment(source, node) or ""
                own_size = re.search(r"open_size\(\s*self", segment) is not None
                classes[node.name] = (bases, own_size, str(path.relative_to(root)))

    def is_window(name: str) -> bool:
        bases = classes.get(name, ([], False, ""))[0]
        return any(b in WINDOW_BASES or is_window(b) for b in bases)

    def sized(name: str) -> bool:
        bases, own, _ = classes.get(name, ([], False, ""))
        return own or any(b in classes and sized(b) for b in bases)

    windows = [name for name in classes if is_window(name)]
    assert len(windows) > 20
    assert [f"{classes[n][2]}: {n}" for n in windows if not sized(n)] == []
