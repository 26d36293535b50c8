"""Screenshots for docs/user-guide.md: one gang's walk through the whole loop.

    QT_QPA_PLATFORM=offscreen .venv/bin/python docs/screenshots/make_guide_shots.py [OUT_DIR]

Everything happens in a temporary folder (database, settings, ruleset packs,
backups): the player's own files are never touched. The script plays the
guide as a player would, through the main window's own actions: it founds a
gang in the wizard, equips it, tracks a battle, runs the post-battle
sequence, opens the card preview and the print dialogs, imports a YakTribe
export, runs a campaign evening from the window (New campaign, Add gang,
Record battle, a slip undone, Next cycle), adds a house ruleset and restores
a backup. Where the app would show a dialog and wait, the dialog's `ask()` is
replaced by one that builds the very same dialog, grabs it over its window
and answers as the player would.

Writes guide-*.png (1280x800 unless a dialog is shown on its own) into
OUT_DIR (default: the folder of this script). A developer's helper, not a test.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings, QTimer
from PySide6.QtGui import QColor, QPainter, QPixmap
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QMainWindow,
    QMenu,
    QMessageBox,
    QWidget,
    QWizard,
)

from gangmanager.gui.battle.choice_dialogs import BlazeHitDialog, ConfirmDialog
from gangmanager.gui.battle.end_phase_dialog import EndTestDialog
from gangmanager.gui.battle.extinguish_dialog import ExtinguishDialog
from gangmanager.gui.battle.roll_dialog import RollDialog
from gangmanager.gui.common.restore_backup_dialog import RestoreBackupDialog
from gangmanager.gui.main_window import MainWindow
from gangmanager.gui.printing.print_actions import PrintPreview
from gangmanager.gui.printing.print_options_dialog import CardScope, PrintOptionsDialog
from gangmanager.gui.roster.armoury_dialog import ArmouryDialog
from gangmanager.gui.roster.new_gang_wizard import NewGangWizard
from gangmanager.gui.roster.weapon_dialog import ProfileDialog
from gangmanager.persistence.database import open_database, sqlite_url
from gangmanager.rules import roster_ops
from gangmanager.rules.battle_events import Marker
from gangmanager.rules.weapons import Item
from gangmanager.services import gangs, roster
from gangmanager.services.demo import first_start_gang
from gangmanager.services.rulesets import Rulesets

SIZE = (1280, 800)
ROOT = Path(__file__).resolve().parents[2]
YAKTRIBE = ROOT / "tests" / "exchange" / "fixtures" / "yaktribe_orlocks.json"
GANG = "The Ash Jackals"
TITLE_HEIGHT = 26

# The house pack of the guide, exactly as docs/user-guide.md shows it.
HOUSE_PACK = {
    "pack.toml": """\
id = "our-table"
name = "Our table"
extends = "n23"
summary = "The 2023 core rules, with cheaper lasguns and the Blaze roll of house rules A."

[blaze]
catch_fire_on = [1, 2, 3]
""",
    "armoury.toml": """\
[[weapons]]
name = "Lasgun"
cost = 10
availability = "C"
kind = "basic"

[[weapons.profiles]]
rng_s = '18"'
rng_l = '24"'
acc_s = "+1"
str = "3"
d = "1"
am = "2+"
traits = ["Plentiful"]
""",
}


class Shots:
    """Saves pictures and remembers them; answers dialogs nobody planned for."""

    def __init__(self, app: QApplication, out: Path) -> None:
        self.app = app
        self.out = out
        self.saved: list[Path] = []
        self.surprises: list[str] = []
        # A modal dialog the script did not expect would wait forever offscreen: close it,
        # and say so at the end (the guide must not promise a step that asks something else).
        self._guard = QTimer()
        self._guard.timeout.connect(self._close_unexpected)
        self._guard.start(1500)

    def _close_unexpected(self) -> None:
        modal = QApplication.activeModalWidget()
        if modal is not None and not modal.property("guide_expected"):
            text = modal.windowTitle()
            if isinstance(modal, QMessageBox):
                text += ": " + modal.text()
            self.surprises.append(text)
            if isinstance(modal, QDialog):
                modal.reject()
            else:
                modal.close()

    def settle(self) -> None:
        for _ in range(6):
            self.app.processEvents()

    def save(self, picture: QPixmap, name: str) -> None:
        path = self.out / name
        if not picture.save(str(path)):
            raise OSError(f"cannot write {path}")
        self.saved.append(path)
        print(path)

    def widget(self, widget: QWidget, name: str) -> None:
        self.settle()
        self.save(widget.grab(), name)

    def over(self, window: QWidget, dialog: QWidget, name: str, *, fit: bool = True) -> None:
        """The dialog as the player sees it: centred over its (dimmed) window.

        `fit`: shrink it to its size hint first (a small dialog); a wizard keeps its size.
        """
        if fit:
            dialog.adjustSize()
        dialog.setProperty("guide_expected", True)
        dialog.show()
        self.settle()
        picture = window.grab()
        shot = dialog.grab()
        painter = QPainter(picture)
        painter.fillRect(picture.rect(), QColor(0, 0, 0, 90))
        left = max(0, (picture.width() - shot.width()) // 2)
        top = max(TITLE_HEIGHT, (picture.height() - shot.height() + TITLE_HEIGHT) // 2)
        # A plain title strip and frame stand in for the window manager's decoration.
        strip = QColor(60, 64, 72)
        painter.fillRect(left, top - TITLE_HEIGHT, shot.width(), TITLE_HEIGHT, strip)
        painter.setPen(QColor(255, 255, 255))
        painter.drawText(left + 10, top - 8, dialog.windowTitle())
        painter.drawPixmap(left, top, shot)
        painter.setPen(strip)
        painter.drawRect(
            left, top - TITLE_HEIGHT, shot.width() - 1, shot.height() + TITLE_HEIGHT - 1
        )
        painter.end()
        dialog.hide()
        self.save(picture, name)

    def menu(self, window: QMainWindow, title: str, name: str, hover: str = "") -> None:
        """The window with one of its menus open (and an entry under the pointer)."""
        bar = window.menuBar()
        menu = next(
            a.menu() for a in bar.actions() if a.text().replace("&", "") == title and a.menu()
        )
        assert isinstance(menu, QMenu)
        if hover:
            wanted = next(a for a in menu.actions() if a.text().replace("&", "").startswith(hover))
            menu.setActiveAction(wanted)
        self.settle()
        picture = window.grab()
        place = bar.actionGeometry(menu.menuAction())
        menu.popup(bar.mapToGlobal(place.bottomLeft()))
        if hover:
            menu.setActiveAction(wanted)
        self.settle()
        popup = menu.grab()
        painter = QPainter(picture)
        where = bar.mapTo(window, place.bottomLeft())
        painter.fillRect(bar.mapTo(window, place.topLeft()).x(), 0, place.width(), place.height(),
                         QColor(48, 140, 198, 70))  # fmt: skip
        painter.drawPixmap(where, popup)
        painter.setPen(QColor(120, 120, 120))
        painter.drawRect(where.x(), where.y(), popup.width() - 1, popup.height() - 1)
        painter.end()
        menu.hide()
        self.save(picture, name)


def replace_ask(cls: type, answer: Callable[..., Any]) -> None:
    """Swap a dialog's `ask()` classmethod (the tests' seam) for a scripted answer."""
    cls.ask = classmethod(answer)  # type: ignore[attr-defined]


def click_menu_action(window: QMainWindow, menu_title: str, text: str) -> None:
    bar = window.menuBar()
    menu = next(a.menu() for a in bar.actions() if a.text().replace("&", "") == menu_title)
    assert isinstance(menu, QMenu)
    action = next(a for a in menu.actions() if a.text().replace("&", "").startswith(text))
    assert action.isEnabled(), f"{menu_title} > {text} is disabled"
    action.trigger()


def run_cli(env: dict[str, str], db: Path, *args: str) -> str:
    """The guide's commands, run for real against the script's database."""
    command = [str(ROOT / ".venv" / "bin" / "gangmanager"), "--db", str(db), *args]
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(args)}: {done.stderr.strip()}")
    return done.stdout


# -------------------------------------------------------------------------- the walk


def found_gang(shots: Shots, window: MainWindow, rulesets: Rulesets) -> None:
    wizard = NewGangWizard(rulesets, window.messages, window)
    wizard.resize(1040, 660)
    page = wizard.gang_page
    page.name.setText(GANG)
    page.house.setCurrentIndex(page.house.findText("House Orlock"))
    shots.over(window, wizard, "guide-found-gang.png", fit=False)
    wizard.show()
    wizard.next()
    recruit = wizard.recruit_page
    types = [recruit.types.item(r, 0).text() for r in range(recruit.types.rowCount())]
    for kind, name in (
        ("Road Captain", "Kerr Halloran"),
        ("Road Sergeant", "Vask"),
        ("Gunner", "Rook"),
        ("Gunner", "Tess"),
        ("Gunner", "Brann"),
        ("Greenhorn", "Pip"),
    ):
        recruit.types.selectRow(types.index(kind))
        recruit.recruit_name.setText(name)
        recruit.recruit.click()
    shots.over(window, wizard, "guide-found-recruit.png", fit=False)
    wizard.next()
    equip = wizard.equip_page
    for row, items in enumerate(
        (
            ("Boltgun", "Chainsword", "Flak armour"),
            # Orlock's list keeps the fighting knife for others (n23 pack): an axe instead.
            ("Shotgun", "Axe"),
            ("Lasgun",),
            ("Autogun",),
            ("Stub gun", "Axe"),
            ("Autopistol",),
        )
    ):
        for item in items:
            # Picked again for each item: buying refreshes the list of fighters.
            equip.fighters.setCurrentRow(row)
            equip.filter.setText(item)
            wanted = next(
                (r for r in range(equip.proxy.rowCount())
                 if equip.proxy.index(r, 0).data() == item), None
            )  # fmt: skip
            assert wanted is not None, f"the founding wizard offers no {item} here"
            equip.armoury.selectRow(wanted)
            equip.buy.click()
    # The recruits' Primary skills: Kerr takes Nerves of Steel, Vask Shotgun Savant
    # (their list's Primary sets, chosen on the Equip page).
    for row, skill in ((0, "Nerves of Steel"), (1, "Shotgun Savant")):
        equip.fighters.setCurrentRow(row)
        index = equip.skill_choice.findText(skill)
        assert index >= 0, f"{skill} is not among the recruit's Primary skills"
        equip.skill_choice.setCurrentIndex(index)
        equip.take_skill.click()
    equip.fighters.setCurrentRow(1)
    equip.filter.setText("shot")
    shots.over(window, wizard, "guide-found-equip.png", fit=False)
    wizard.next()
    shots.over(window, wizard, "guide-found-summary.png", fit=False)
    # Finish: the main window stores what the wizard founded (one undoable step).
    founded = wizard.founded_gang()
    wizard.close()
    replace_ask(NewGangWizard, lambda cls, *a: founded)
    click_menu_action(window, "Gang", "New gang")
    shots.settle()


def fighter_row(window: MainWindow, name: str) -> int:
    gang = window.gang
    assert gang is not None
    return next(i for i, f in enumerate(gang.fighters) if f.name == name)


def equip_gang(shots: Shots, window: MainWindow) -> None:
    window.roster_view.selectRow(fighter_row(window, "Vask"))
    shots.settle()
    # Add profile... on the Shotgun: the executioner ammo, a paid Limited profile.
    window.editor.weapons.selectRow(0)

    def profile_answer(cls: type, parent: QWidget, weapon: Any, offers: Any, credits: int) -> Any:
        dialog = cls(weapon, offers, credits, parent)
        dialog.source.setCurrentIndex(
            next(i for i, p in enumerate(offers) if p.name == "executioner ammo")
        )
        shots.over(window, dialog, "guide-equip-add-profile.png")
        return dialog.choice()

    replace_ask(ProfileDialog, profile_answer)
    window.editor.add_profile.click()
    shots.settle()

    # Fighter > Buy wargear (Ctrl+Shift+B) for Brann: Flak armour from the armoury.
    window.roster_view.selectRow(fighter_row(window, "Brann"))

    def armoury_answer(
        cls: type, parent: QWidget, ruleset: Any, kind: str, credits: int, buyer: str
    ) -> Any:
        dialog = cls(ruleset, kind, credits, buyer, parent)
        dialog.filter.setText("flak")
        dialog.view.selectRow(0)
        shots.over(window, dialog, "guide-equip-buy-wargear.png", fit=False)
        return dialog.choice()

    replace_ask(ArmouryDialog, armoury_answer)
    click_menu_action(window, "Fighter", "Buy wargear")
    shots.settle()
    window.roster_view.selectRow(fighter_row(window, "Vask"))
    window.editor.weapons.selectRow(2)
    shots.widget(window, "guide-equipped.png")


def play_battle(shots: Shots, window: MainWindow) -> None:
    shots.menu(window, "Battle", "guide-battle-menu.png", hover="Track battle")
    window.play.track_action.trigger()
    gang = window.gang
    assert gang is not None and gang.id is not None
    battle = window.play.battle_window(gang.id)
    assert battle is not None
    battle.resize(*SIZE)
    start = battle.start_page
    start.scenario_edit.setText("Border Dispute")
    shots.widget(battle, "guide-battle-start.png")
    start.start_button.click()
    shots.settle()

    rolls: list[list[int]] = []

    def roll_answer(
        cls: type, parent: QWidget, title: str, text: str, dice: Any, *,
        per_test: int = 1, max_tests: int = 1,
    ) -> list[int]:  # fmt: skip
        dialog = cls(title, text, dice, per_test=per_test, max_tests=max_tests, parent=parent)
        values = rolls.pop(0)
        for spin, value in zip(dialog.dice_spins, values, strict=True):
            spin.setValue(value)
        name = shot_for(title)
        if name:
            shots.over(battle, dialog, name)
        return values

    # Which dialog to picture, by the start of its title (each once).
    shot_names: dict[str, str] = {}

    def shot_for(title: str) -> str:
        key = next((k for k in shot_names if title.startswith(k)), None)
        return shot_names.pop(key) if key is not None else ""

    replace_ask(RollDialog, roll_answer)

    def confirm_answer(cls: type, parent: QWidget, title: str, text: str, accept: str) -> bool:
        dialog = cls(title, text, accept, parent)
        name = shot_for(title)
        if name:
            shots.over(battle, dialog, name)
        return True

    replace_ask(ConfirmDialog, confirm_answer)

    def blaze_hit_answer(cls: type, parent: QWidget, text: str) -> bool:
        shots.over(battle, cls(text, parent), "guide-battle-blaze-hit.png")
        return True

    replace_ask(BlazeHitDialog, blaze_hit_answer)

    def extinguish_answer(
        cls: type, parent: QWidget, ruleset: Any, state: Any, burning: Any
    ) -> tuple[str, int]:
        dialog = cls(ruleset, state, burning, parent)
        shots.over(battle, dialog, "guide-battle-put-out.png")
        return dialog.actor_combo.currentData(), dialog.helpers_spin.value()

    replace_ask(ExtinguishDialog, extinguish_answer)

    def end_test_answer(
        cls: type, parent: QWidget, test: Any, ruleset: Any, dice: Any
    ) -> dict[str, Any]:
        dialog = cls(test, ruleset, dice, parent)
        values = rolls.pop(0)
        for spin, value in zip(dialog.dice_spins, values, strict=True):
            spin.setValue(value)
        dialog.rolls = values
        return dialog.chosen_event()  # type: ignore[no-any-return]

    # New round asks for the End phase's tests (the seam the tests use).
    EndTestDialog.ask_event = classmethod(end_test_answer)  # type: ignore[method-assign, assignment]

    tiles = battle.tiles
    # Round 1. Kerr goes Hidden; Vask fires the executioner ammo and fails the Ammo test.
    tiles["Kerr Halloran"].activate_button.click()
    tiles["Kerr Halloran"].marker_actions[Marker.HIDDEN].trigger()
    tiles["Kerr Halloran"].end_activation_button.click()
    vask = tiles["Vask"]
    vask.activate_button.click()
    rolls.append([2])
    shot_names["Ammo"] = "guide-battle-ammo-check.png"
    shot_names["Delete a Limited profile?"] = "guide-battle-limited.png"
    shotgun = next(
        row
        for row in vask.profile_rows
        if (row.weapon, row.profile) == ("Shotgun", "executioner ammo")
    )
    shotgun.test_button.click()
    shots.settle()
    vask.end_activation_button.click()
    # An enemy's flamer hits Rook: the Blaze roll sets him on fire.
    rolls.append([5])
    shot_names["Blaze roll"] = "guide-battle-blaze-roll.png"
    tiles["Rook"].blaze_button.click()
    shots.settle()
    # Rook activates while burning: the burn and the flames roll wait in the list.
    tiles["Rook"].activate_button.click()
    shots.settle()
    battle.prompt_view.setCurrentIndex(battle.prompt_model.index(0, 0))
    shots.widget(battle, "guide-battle-on-fire.png")
    battle.resolve_button.click()  # the burn: damage caused; no wounds left
    shots.settle()
    tiles["Rook"].flesh_wound_button.click()  # the Injury dice: a Flesh Wound
    shots.settle()
    flames = next(
        i for i in range(battle.prompt_model.rowCount())
        if battle.prompt_model.prompt(i).kind.value == "flames_roll"
    )  # fmt: skip
    battle.prompt_view.setCurrentIndex(battle.prompt_model.index(flames, 0))
    rolls.append([6])
    battle.resolve_button.click()  # flames die down on a 6
    shots.settle()
    tiles["Rook"].end_activation_button.click()
    # Pip is taken Out of Action.
    pip = tiles["Pip"]
    out = pip.status_combo.findData("out_of_action")
    pip.status_combo.setCurrentIndex(out)
    pip.status_combo.activated.emit(out)
    shots.settle()
    rolls.append([1])  # Pip is down: the Bottle test, 1 + 1 does not bottle the gang out
    battle.new_round_action.trigger()
    shots.settle()
    shots.widget(battle, "guide-battle-round-two.png")
    shot_names["End the battle?"] = "guide-battle-end.png"
    battle.end_button.click()  # opens the post-battle sequence
    if window.play.wizard is not None:
        window.play.wizard.setProperty("guide_expected", True)
    shots.settle()
    battle.hide()


def post_battle(shots: Shots, window: MainWindow) -> None:
    wizard = window.play.wizard
    assert wizard is not None, "End battle did not open the post-battle sequence"
    wizard.resize(*SIZE)
    shots.settle()
    page = wizard.currentPage()
    page.results.button(1).click()  # type: ignore[attr-defined]  # a loss
    shots.widget(wizard, "guide-post-battle-battle.png")
    wizard.next()
    wrap_up = wizard.currentPage()
    wrap_up.row("Pip").injury.spin.setValue(33)  # type: ignore[attr-defined]
    shots.widget(wizard, "guide-post-battle-wrap-up.png")
    while wizard.currentPage().step_id != "receive_rewards":  # type: ignore[attr-defined]
        wizard.next()
    wizard.currentPage().credits.setValue(45)  # type: ignore[attr-defined]
    shots.widget(wizard, "guide-post-battle-rewards.png")
    while wizard.currentPage().step_id != "clean_house":  # type: ignore[attr-defined]
        wizard.next()
    shots.widget(wizard, "guide-post-battle-clean-house.png")
    wizard.next()
    trading = wizard.currentPage()
    trading.buyer.setCurrentIndex(trading.buyer.findText("Vask"))  # type: ignore[attr-defined]
    trading.item.select_name("Shotgun")  # type: ignore[attr-defined]
    trading.profile.setCurrentIndex(trading.profile.findData("executioner ammo"))  # type: ignore[attr-defined]
    trading.buy.click()  # type: ignore[attr-defined]
    shots.widget(wizard, "guide-post-battle-trading-post.png")
    while wizard.currentPage().step_id != "update_gang_rating":  # type: ignore[attr-defined]
        wizard.next()
    shots.widget(wizard, "guide-post-battle-rating.png")
    wizard.next()
    shots.widget(wizard, "guide-post-battle-report.png")
    wizard.button(QWizard.WizardButton.FinishButton).click()
    shots.settle()
    assert wizard.result is not None, "Finish did not apply the draft"
    shots.menu(window, "Edit", "guide-post-battle-undo.png", hover="Undo")


def print_cards(shots: Shots, window: MainWindow) -> None:
    window.roster_view.selectRow(fighter_row(window, "Vask"))
    window.card_action.trigger()
    shots.widget(window.card_dock, "guide-card-preview.png")
    shots.menu(window, "File", "guide-print-menu.png", hover="Print Preview")

    def options_answer(cls: type, parent: QWidget, *args: Any) -> Any:
        dialog = cls(*args, parent)
        dialog.scope_buttons[CardScope.GANG].setChecked(True)
        dialog.roster_check.setChecked(True)
        shots.over(window, dialog, "guide-print-options.png")
        return dialog.request()

    replace_ask(PrintOptionsDialog, options_answer)

    def preview_answer(cls: type, parent: QWidget, printer: Any, paint: Any) -> bool:
        dialog = cls.dialog(parent, printer, paint)
        dialog.resize(*SIZE)
        dialog.setProperty("guide_expected", True)
        dialog.show()
        shots.settle()
        shots.widget(dialog, "guide-print-preview.png")
        dialog.close()
        return True

    replace_ask(PrintPreview, preview_answer)
    click_menu_action(window, "File", "Print Preview")
    window.card_action.trigger()  # the preview dock off again
    shots.settle()


def import_yaktribe(shots: Shots, window: MainWindow) -> None:
    window.messages.open_path = lambda *a, **k: YAKTRIBE  # type: ignore[method-assign]

    def inform(text: str, title: str = "Gang Manager") -> None:
        box = QMessageBox(QMessageBox.Icon.Information, title, text, parent=window)
        shots.over(window, box, "guide-import-report.png")

    window.messages.inform = inform  # type: ignore[method-assign]
    click_menu_action(window, "File", "Import gang")
    shots.settle()
    gang = window.gang
    assert gang is not None and gang.name == "The Rust Saints", "the import is not shown"
    window.roster_view.selectRow(fighter_row(window, "Old Gus"))
    shots.widget(window, "guide-import-result.png")


def fighter_card(shots: Shots, window: MainWindow, rulesets: Rulesets) -> None:
    """A fuller card: Dex Hollow of the demo gang after a few battles, one entry refused."""
    window.select_gang(gang_id(window, "The Rust Riders (demo)"))
    gang = window.gang
    assert gang is not None and gang.id is not None
    dex = next(f for f in gang.fighters if f.name == "Dex Hollow")
    assert dex.id is not None
    n23 = rulesets.get("n23")
    ws = n23.advancement("ws")
    eye = next(i for i in n23.injuries if i.name == "Eye Injury")
    assert ws is not None
    stims = roster_ops.line_modifier("Bounty hunter's stims", "I: +1, Cl: +1", table=n23.table)
    for command in (
        roster.AddModifier(gang.id, dex.id, roster_ops.advancement_modifier(ws)),
        roster.AddModifier(gang.id, dex.id, roster_ops.injury_modifier(eye), injury=eye.name),
        roster.AddModifier(gang.id, dex.id, stims),
        roster.BuyWargear(gang.id, dex.id, Item(name="Photo-goggles", cost=35), pay=False),
        roster.AddSkill(gang.id, dex.id, "Nerves of Steel"),
    ):
        assert window.run(command) is not None
    window.select_gang(gang.id, dex.id)
    # A bad entry in a profile box: the message under the profile, nothing written.
    box = window.editor.profile.fields["WS"]
    box.setFocus()
    box.setText("1+")
    box.textEdited.emit("1+")
    window.editor.weapons.selectRow(1)
    shots.widget(window, "guide-card-editor.png")
    box.setText("4+")
    box.textEdited.emit("4+")
    window.roster_view.setFocus()
    shots.settle()


def open_campaign(shots: Shots, window: MainWindow) -> None:
    """The campaign evening from the window alone: set up, gangs in, two battles recorded,
    a slip undone, the cycle closed, the standings and the history."""
    from datetime import date

    from PySide6.QtCore import QDate

    from gangmanager.gui.campaign.action_dialogs import (
        AssignTerritoryDialog,
        GangDialog,
        NewCampaignDialog,
        RecordBattleDialog,
    )
    from gangmanager.gui.campaign.campaign_window import CampaignWindow

    def new_answer(cls: type, parent: QWidget, rulesets: Any, attempt: Any) -> bool:
        dialog = cls(parent, rulesets, attempt)
        dialog.name_edit.setText("Ash Wars")
        dialog.type_combo.setCurrentIndex(dialog.type_combo.findData("dominion"))
        shots.over(window, dialog, "guide-campaign-new.png")
        return attempt(dialog.values()) is None

    replace_ask(NewCampaignDialog, new_answer)
    window.refresh_gangs()
    shots.menu(window, "Campaign", "guide-campaign-menu.png", hover="New campaign")
    click_menu_action(window, "Campaign", "New campaign")
    shots.settle()
    campaign = window.campaign_window
    assert isinstance(campaign, CampaignWindow), "New campaign opened no campaign window"
    campaign.resize(*SIZE)
    campaign.messages.confirm = lambda text, yes, title="": True  # type: ignore[method-assign]
    shot_taken: set[str] = set()

    def gang_answer(cls: type, parent: QWidget, title: str, gangs: Any, attempt: Any,
                    *, outlaw: bool = False) -> bool:  # fmt: skip
        dialog = cls(parent, title, gangs, attempt, outlaw=outlaw)
        dialog.gang_combo.setCurrentIndex(dialog.gang_combo.findText(joining.pop(0)))
        if "add" not in shot_taken:
            shot_taken.add("add")
            shots.over(campaign, dialog, "guide-campaign-add-gang.png")
        return attempt(dialog.values()) is None

    joining = [GANG, "The Rust Saints", "The Rust Riders (demo)"]
    replace_ask(GangDialog, gang_answer)
    for _ in range(3):
        campaign.add_gang_action.trigger()
        shots.settle()

    battles = [
        # (gangs with their Out of Action counts, winner, scenario, territory, date)
        ({"The Rust Saints": 1, GANG: 1}, "The Rust Saints", "Border Dispute", "Fighting Pit",
         date(2026, 3, 4)),
        ({"The Rust Riders (demo)": 1, GANG: 3}, GANG, "Stand-off", "Old Ruins",
         date(2026, 3, 11)),
    ]  # fmt: skip

    def battle_answer(cls: type, parent: QWidget, members: Any, territories: Any,
                      attempt: Any) -> bool:  # fmt: skip
        dialog = cls(parent, members, territories, attempt)
        counts, winner, scenario, territory, when = battles.pop(0)
        names = dict(members)
        for gang_id, box in dialog.fought.items():
            box.setChecked(names[gang_id] in counts)
            dialog.out_of_action[gang_id].setValue(counts.get(names[gang_id], 0))
        dialog.winner_combo.setCurrentIndex(dialog.winner_combo.findText(winner))
        dialog.scenario_edit.setText(scenario)
        dialog.territory_combo.setCurrentIndex(dialog.territory_combo.findData(territory))
        dialog.date_edit.setDate(QDate(when.year, when.month, when.day))
        if "battle" not in shot_taken:
            shot_taken.add("battle")
            shots.over(campaign, dialog, "guide-campaign-record-battle.png")
        refusal = attempt(dialog.values())
        assert refusal is None, refusal
        return True

    replace_ask(RecordBattleDialog, battle_answer)
    for _ in range(2):
        campaign.record_battle_action.trigger()
        shots.settle()

    # A slip: the Narco Den given to the wrong gang, then Ctrl+Z.
    def assign_answer(cls: type, parent: QWidget, members: Any, territories: Any,
                      attempt: Any) -> bool:  # fmt: skip
        dialog = cls(parent, members, territories, attempt)
        dialog.territory_combo.setCurrentIndex(dialog.territory_combo.findData("Narco Den"))
        dialog.gang_combo.setCurrentIndex(dialog.gang_combo.findText("The Rust Saints"))
        return attempt(dialog.values()) is None

    replace_ask(AssignTerritoryDialog, assign_answer)
    campaign.assign_action.trigger()
    shots.settle()
    campaign.undo_action.trigger()
    shots.settle()
    assert campaign.statusBar().currentMessage() == "Undone: Assign territory"
    shots.widget(campaign, "guide-campaign.png")
    campaign.next_cycle_action.trigger()
    shots.settle()
    campaign.tabs.setCurrentIndex(1)
    shots.widget(campaign, "guide-campaign-history.png")
    campaign.close()


def house_ruleset(shots: Shots, window: MainWindow, rulesets: Rulesets) -> None:
    folder = rulesets.packs_dir / "our-table"
    folder.mkdir(parents=True)
    for name, text in HOUSE_PACK.items():
        (folder / name).write_text(text, encoding="utf-8")
    wizard = NewGangWizard(rulesets, window.messages, window)
    wizard.resize(1040, 660)
    page = wizard.gang_page
    page.name.setText("The Lamplighters")
    page.ruleset.setCurrentIndex(page.ruleset.findData("our-table"))
    page.house.setCurrentIndex(page.house.findText("House Orlock"))
    shots.over(window, wizard, "guide-house-ruleset.png", fit=False)
    wizard.close()


def restore_backup(
    shots: Shots, window: MainWindow, open_window: Callable[[], MainWindow]
) -> MainWindow:
    """Vask removed by mistake, the window closed (its undo history with it): restore."""
    window.select_gang(gang_id(window, GANG))
    window.roster_view.selectRow(fighter_row(window, "Vask"))
    window.messages.ask = lambda text, choices, title="": choices[0]  # type: ignore[method-assign]
    click_menu_action(window, "Fighter", "Remove fighter")
    shots.settle()
    assert all(f.name != "Vask" for f in window.gang.fighters)  # type: ignore[union-attr]
    window.close()
    window.database.close()
    window = open_window()
    window.select_gang(gang_id(window, GANG))

    def restore_answer(cls: type, parent: QWidget, found: list[Any]) -> Path | None:
        dialog = cls(found, parent)
        dialog.view.selectRow(0)
        shots.over(window, dialog, "guide-restore-backup.png", fit=False)
        chosen = dialog.selected_backup()
        return chosen.path if chosen is not None else None

    replace_ask(RestoreBackupDialog, restore_answer)
    shots.menu(window, "File", "guide-restore-menu.png", hover="Restore backup")
    click_menu_action(window, "File", "Restore backup")
    shots.settle()
    window.select_gang(gang_id(window, GANG))
    restored = window.gang
    assert restored is not None and any(f.name == "Vask" for f in restored.fighters)
    shots.widget(window, "guide-restored.png")
    return window


def gang_id(window: MainWindow, name: str) -> int:
    return next(s.id for s in gangs.list_gangs(window.database) if s.name == name)


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else Path(__file__).resolve().parent
    out.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    shots = Shots(app, out)
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        xdg = work / "xdg"
        env = {**os.environ, "XDG_DATA_HOME": str(xdg), "XDG_CONFIG_HOME": str(work / "config")}
        env.pop("GANGMANAGER_DB", None)
        rulesets = Rulesets(xdg / "gangmanager")
        path = work / "gangmanager.sqlite"
        settings = QSettings(str(work / "settings.ini"), QSettings.Format.IniFormat)

        def open_window() -> MainWindow:
            """Gang Manager started on the database (which takes its daily backup)."""
            window = MainWindow(open_database(sqlite_url(path)), rulesets, settings)
            window.resize(*SIZE)
            window.show()
            shots.settle()
            return window

        # The first start: the demo gang, as `gangmanager` adds it to a new database.
        with open_database(sqlite_url(path)) as db:
            gangs.add_gang(db, rulesets, first_start_gang(rulesets.get("n23")))
        window = open_window()
        found_gang(shots, window, rulesets)
        shots.widget(window, "guide-founded.png")
        equip_gang(shots, window)
        play_battle(shots, window)
        post_battle(shots, window)
        print_cards(shots, window)
        window.resize(*SIZE)  # the card preview widened it
        import_yaktribe(shots, window)
        fighter_card(shots, window, rulesets)
        open_campaign(shots, window)
        house_ruleset(shots, window, rulesets)
        time.sleep(1.1)  # a backup name has the second it was taken
        run_cli(env, path, "backup", "create")
        window = restore_backup(shots, window, open_window)
        window.close()
        window.database.close()
    if shots.surprises:
        print("dialogs the guide does not mention, closed unanswered:", file=sys.stderr)
        for text in shots.surprises:
            print(f"  {text}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
