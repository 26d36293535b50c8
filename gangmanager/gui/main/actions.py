"""The main window's actions and its menus.

Part of `MainWindow` (gui/main_window.py), which assembles these rooms.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import (
    QAction,
    QKeySequence,
)
from PySide6.QtWidgets import QMainWindow

from gangmanager.gui.main.host import MainWindowHost
from gangmanager.gui.play_actions import PlayActions
from gangmanager.gui.printing.print_actions import PrintActions


class MainWindowActions(MainWindowHost):
    def _build_actions(self) -> None:
        def action(
            text: str,
            slot: Callable[[], object],
            *keys: QKeySequence | QKeySequence.StandardKey | str,
            tip: str = "",
        ) -> QAction:
            made = QAction(text, self)
            if keys:
                made.setShortcuts([QKeySequence(k) for k in keys])
            if tip:
                made.setStatusTip(tip)
                made.setToolTip(tip)
            made.triggered.connect(slot)
            self.addAction(made)
            return made

        key = QKeySequence.StandardKey
        self.new_database_action = action("&New database...", self._on_new_database_triggered)
        self.open_database_action = action(
            "&Open database...", self._on_open_database_triggered, key.Open
        )
        self.import_action = action(
            "&Import gang...",
            self._on_import_triggered,
            "Ctrl+I",
            tip="A gang file or YakTribe JSON",
        )
        self.update_from_file_action = action(
            "&Update gang from file...",
            self._on_update_from_file_triggered,
            tip="A gang file exported from a gang of this database, changed elsewhere",
        )
        self.export_action = action(
            "&Export gang...",
            self._on_export_triggered,
            "Ctrl+E",
            tip="Save the gang as a gang file",
        )
        self.export_page_action = action(
            "Export as &web page...",
            self._on_export_page_triggered,
            tip="One page anyone can open in a browser: the roster and every card",
        )
        self.restore_backup_action = action(
            "Restore &backup...",
            self._on_restore_backup_triggered,
            tip="Put back one of the automatic daily copies of this database",
        )
        self.quit_action = action("&Quit", self.close, key.Quit)

        self.undo_action = self.undo_stack.createUndoAction(self, "&Undo")
        self.undo_action.setShortcuts([QKeySequence(key.Undo)])
        self.redo_action = self.undo_stack.createRedoAction(self, "&Redo")
        self.redo_action.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        self.addAction(self.undo_action)
        self.addAction(self.redo_action)
        # After the stack's own slot: the step just undone is the one redo would apply.
        self.undo_action.triggered.connect(self._on_undo_action_triggered)
        self.redo_action.triggered.connect(self._on_redo_action_triggered)
        self._step_refused = False
        self.rename_action = action("Re&name", self._on_rename_triggered, "F2")
        self.delete_action = action(
            "&Delete", self._on_delete_triggered, key.Delete, tip="Delete what is selected"
        )

        self.new_gang_action = action(
            "&New gang...", self._on_new_gang_triggered, "Ctrl+Shift+N", tip="Found a new gang"
        )
        self.duplicate_action = action("D&uplicate gang", self._on_duplicate_triggered, "Ctrl+D")
        self.delete_gang_action = action("De&lete gang...", self._on_delete_gang_triggered)
        self.details_action = action("Gang &details...", self._on_header_details_clicked, "Ctrl+G")
        self.rating_action = action(
            "Gang &Rating breakdown", self._on_header_rating_clicked, "Ctrl+R"
        )
        self.wealth_action = action("&Wealth breakdown", self._on_header_wealth_clicked)

        self.new_fighter_action = action(
            "&New fighter...", self._on_new_fighter_triggered, key.New, tip="Recruit a fighter"
        )
        self.remove_fighter_action = action("&Remove fighter...", self._on_remove_fighter_triggered)
        self.fighter_rating_action = action(
            "Fighter Rating &breakdown", self._on_fighter_rating_triggered, "Ctrl+Shift+R"
        )
        self.add_modifier_action = action(
            "Add &modifier...", lambda: self.editor.add_modifier.click(), "Ctrl+M"
        )
        self.buy_weapon_action = action(
            "Buy &weapon...", lambda: self.editor.buy_weapon.click(), "Ctrl+B"
        )
        self.buy_wargear_action = action(
            "Buy w&argear...", lambda: self.editor.buy_wargear.click(), "Ctrl+Shift+B"
        )
        self.add_skill_action = action(
            "Add s&kill...", lambda: self.editor.add_skill.click(), "Ctrl+K"
        )

        self.focus_gangs_action = action("&Gangs", self.gang_view.setFocus, "Alt+1")
        self.focus_roster_action = action("&Roster", self.roster_view.setFocus, "Alt+2")
        self.focus_card_action = action("Fighter &card", lambda: self.editor.focus_name(), "Alt+3")
        self.about_action = action("&About Gang Manager", self._on_about_triggered)

        self.new_campaign_action = action(
            "&New campaign...",
            self._on_new_campaign_triggered,
            tip="Set up a campaign: name, ruleset, type",
        )
        self.campaign_action = action(
            "&Open campaign...",
            self._on_campaign_triggered,
            "Ctrl+Shift+C",
            tip="Territories, standings, battles and history of a campaign",
        )
        self.campaign_window: QMainWindow | None = None

        self.play = PlayActions(self, self)
        self.printing = PrintActions(self)
        for item in (*self.play.actions(), *self.printing.actions()):
            self.addAction(item)
        self.printing.sig_exported.connect(self._on_printing_sig_exported)
        self.printing.sig_failed.connect(self.tell)
        self._build_card_dock()

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        file_menu.addAction(self.new_database_action)
        file_menu.addAction(self.open_database_action)
        self.recent_menu = file_menu.addMenu("&Recent databases")
        self.recent_menu.aboutToShow.connect(self._on_recent_menu_about_to_show)
        file_menu.addSeparator()
        file_menu.addAction(self.import_action)
        file_menu.addAction(self.update_from_file_action)
        file_menu.addAction(self.export_action)
        file_menu.addAction(self.export_page_action)
        file_menu.addSeparator()
        for item in self.printing.actions():
            file_menu.addAction(item)
        file_menu.addSeparator()
        file_menu.addAction(self.restore_backup_action)
        file_menu.addSeparator()
        file_menu.addAction(self.quit_action)
        edit_menu = bar.addMenu("&Edit")
        edit_menu.addAction(self.undo_action)
        edit_menu.addAction(self.redo_action)
        edit_menu.addSeparator()
        edit_menu.addAction(self.rename_action)
        edit_menu.addAction(self.delete_action)
        gang_menu = bar.addMenu("&Gang")
        for menu_item in (
            self.new_gang_action,
            self.duplicate_action,
            self.delete_gang_action,
            None,
            self.details_action,
            self.rating_action,
            self.wealth_action,
        ):
            gang_menu.addSeparator() if menu_item is None else gang_menu.addAction(menu_item)
        fighter_menu = bar.addMenu("F&ighter")
        for menu_item in (
            self.new_fighter_action,
            self.remove_fighter_action,
            None,
            self.add_modifier_action,
            self.buy_weapon_action,
            self.buy_wargear_action,
            self.add_skill_action,
            None,
            self.fighter_rating_action,
        ):
            fighter_menu.addSeparator() if menu_item is None else fighter_menu.addAction(menu_item)
        # The card's Add injury goes before this separator when the card is built.
        self._fighter_menu = fighter_menu
        self._injury_menu_slot = next(
            a for a in reversed(fighter_menu.actions()) if a.isSeparator()
        )
        fighter_menu.aboutToShow.connect(self._build_editor)  # complete whenever it opens
        battle_menu = bar.addMenu("&Battle")
        for item in self.play.actions():
            battle_menu.addAction(item)
        campaign_menu = bar.addMenu("&Campaign")
        campaign_menu.addAction(self.new_campaign_action)
        campaign_menu.addAction(self.campaign_action)
        view_menu = bar.addMenu("&View")
        for item in (self.focus_gangs_action, self.focus_roster_action, self.focus_card_action):
            view_menu.addAction(item)
        view_menu.addSeparator()
        view_menu.addAction(self.card_action)
        help_menu = bar.addMenu("&Help")
        help_menu.addAction(self.about_action)
