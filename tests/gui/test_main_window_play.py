"""The Battle and File > Print menus of the main window open their features for the gang shown."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWizard

from gangmanager.gui.battle.battle_window import BattleWindow
from gangmanager.gui.main_window import MainWindow
from gangmanager.gui.post_battle.wizard import PostBattleWizard
from gangmanager.persistence.backups import Backup
from gangmanager.services import battle, gangs, post_battle, roster

from .qt_narrowing import action_menu
from .roster_helpers import recorder


def _menu_actions(window: MainWindow, title: str) -> list[str]:
    menu = next(action_menu(a) for a in window.menuBar().actions() if a.text() == title)
    return [a.text() for a in menu.actions() if a.text()]


def test_battle_menu_opens_the_tracker_for_the_gang_shown(qtbot, window: MainWindow) -> None:
    assert _menu_actions(window, "&Battle") == ["&Track battle...", "&Post-battle sequence..."]
    file_items = [text.replace("&", "") for text in _menu_actions(window, "&File")]
    assert {"Print Preview...", "Print...", "Export PDF..."} <= set(file_items)
    gang = window.gang
    assert gang is not None and gang.id is not None
    qtbot.keyClick(window, Qt.Key.Key_T, Qt.KeyboardModifier.ControlModifier)
    tracker = window.play.battle_window(gang.id)
    assert isinstance(tracker, BattleWindow) and tracker.isVisible()
    qtbot.addWidget(tracker)
    # The same window comes back rather than a second tracker for one gang.
    window.play.track_action.trigger()
    assert window.play.battle_window(gang.id) is tracker
    tracker.close()


def test_a_finished_post_battle_is_one_step_on_the_edit_menu(
    qtbot, window: MainWindow, rulesets
) -> None:
    gang = window.gang
    assert gang is not None and gang.id is not None
    before = gangs.load_gang(window.database, str(gang.id))
    depth = window.undo_stack.count()
    window.play.post_battle_action.trigger()
    wizard = window.play.wizard
    assert isinstance(wizard, PostBattleWizard)
    qtbot.addWidget(wizard)
    # Fill the draft as the pages would, then Finish through the wizard's own button.
    wizard.draft = wizard.draft.model_copy(update={"result": "win", "credits": 40})
    while (
        wizard.currentPage() is not None
        and not wizard.button(QWizard.WizardButton.FinishButton).isVisible()
    ):
        wizard.next()
    with qtbot.waitSignal(wizard.sig_finished):
        wizard.button(QWizard.WizardButton.FinishButton).click()
    after = gangs.load_gang(window.database, str(gang.id))
    assert after.credits == before.credits + 40
    assert window.undo_stack.count() == depth + 1
    window.undo_stack.undo()
    assert gangs.load_gang(window.database, str(gang.id)) == before
    assert window.gang is not None and window.gang.credits == before.credits
    assert battle.open_battle(window.database, rulesets, gang.id) is None
    # The draft comes back with it, so the sequence can be run again from where it was.
    saved = post_battle.load_draft(window.database, gang.id)
    assert saved is not None and saved.draft.credits == 40


def test_f4_shows_the_card_as_it_will_print(qtbot, window: MainWindow) -> None:
    assert not window.card_dock.isVisible()
    width = window.width()
    qtbot.keyClick(window, Qt.Key.Key_F4)
    assert window.card_dock.isVisible()
    # A window of its own: the editor keeps its room, the card a readable size.
    assert window.card_dock.isFloating() and window.width() == width
    assert window.card_dock.width() >= 600
    fighter = window.fighter
    assert fighter is not None
    assert window.card_preview.faces and not window.card_preview.message


def test_file_restore_backup_puts_the_database_back(qtbot, window: MainWindow, monkeypatch) -> None:
    from gangmanager.gui.common.restore_backup_dialog import RestoreBackupDialog
    from gangmanager.services import backups

    path = window.database.path
    assert path is not None
    taken = backups.create_backup(path)
    names_before = [s.name for s in gangs.list_gangs(window.database)]
    gang = window.gang
    assert gang is not None and gang.id is not None
    window.run(roster.DeleteGang(gang.id))
    assert [s.name for s in gangs.list_gangs(window.database)] != names_before
    offered: list[Backup] = []

    def choose(cls, parent, listed):
        offered.extend(listed)
        return taken.path

    monkeypatch.setattr(RestoreBackupDialog, "ask", classmethod(choose))
    window.restore_backup_action.trigger()
    assert any(b.path == taken.path for b in offered)
    assert [s.name for s in gangs.list_gangs(window.database)] == names_before
    assert window.undo_stack.count() == 0
    assert window.gang_model.rowCount() == len(names_before)


def test_campaign_menu_opens_the_campaign_of_the_database(
    qtbot, window: MainWindow, rulesets
) -> None:
    from gangmanager.services import campaign

    window.campaign_action.trigger()
    assert window.campaign_window is None
    assert "No campaign" in recorder(window).informed[-1]
    gang = window.gang
    assert gang is not None
    campaign.create_campaign(window.database, rulesets, "Ash Wars")
    campaign.add_gang(window.database, rulesets, "Ash Wars", gang.name)
    window.campaign_action.trigger()
    opened = window.campaign_window
    assert opened is not None and opened.isVisible()
    qtbot.addWidget(opened)
    assert "Ash Wars" in opened.windowTitle()


def test_fighter_menu_offers_add_injury(window: MainWindow) -> None:
    items = [text.replace("&", "") for text in _menu_actions(window, "F&ighter")]
    assert "Add injury..." in items
    assert window.editor.add_injury_action.isEnabled() == (window.fighter is not None)
