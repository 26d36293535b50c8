"""The main window's roster: choosing, recruiting, renaming and removing fighters.

Part of `MainWindow` (gui/main_window.py), which assembles these rooms.
"""

from __future__ import annotations

from PySide6.QtCore import QItemSelection, QModelIndex

from gangmanager.gui.main.action_registry import Needs
from gangmanager.gui.main.host import MainWindowHost
from gangmanager.gui.roster.breakdown import fighter_rating_text
from gangmanager.gui.roster.roster_table_model import NAME_COLUMN
from gangmanager.rules import roster_ops
from gangmanager.services import roster


class Fighters(MainWindowHost):
    def _on_roster_view_selection_changed(
        self, selected: QItemSelection, _: QItemSelection
    ) -> None:
        if self._quiet:
            return
        rows = selected.indexes()
        self._show_fighter(rows[0].row() if rows else None)

    def _on_roster_view_double_clicked(self, index: QModelIndex) -> None:
        if index.column() == self.roster_model.rating_column:
            self._on_fighter_rating_triggered()
        elif index.column() == NAME_COLUMN:
            self.roster_view.edit(index)

    def _on_roster_model_rename_requested(self, fighter_id: int, name: str) -> None:
        if self._gang is not None and self._gang.id is not None:
            self.run(roster.EditFighter(self._gang.id, fighter_id, {"name": name}))

    def _on_editor_command(self, command: roster.Command) -> None:
        self.run(command)

    def _on_editor_breakdown_requested(self, _fighter_id: int) -> None:
        self._on_fighter_rating_triggered()

    def _on_fighter_rating_triggered(self) -> None:
        fighter = self.fighter
        from gangmanager.gui.common.receipt_dialog import ReceiptDialog

        if fighter is not None:
            ReceiptDialog.ask(self, f"{fighter.name}: Fighter Rating", fighter_rating_text(fighter))

    def _on_new_fighter_triggered(self) -> None:
        gang, ruleset = self._gang, self._ruleset
        if gang is None or gang.id is None or ruleset is None:
            self.messages.tell("Select or create a gang first.")
            return
        from gangmanager.gui.roster.new_fighter_dialog import NewFighterDialog

        choice = NewFighterDialog.ask(
            self,
            ruleset,
            gang.house,
            gang.credits,
            fighters=list(gang.fighters),
            ignore_restrictions=gang.house_rules_ignore_restrictions,
        )
        if choice is None:
            return
        if self.run(roster.AddFighter(gang.id, choice.fighter, pay=choice.pay)) is not None:
            self.editor.focus_name()

    def _on_add_vehicle_triggered(self) -> None:
        gang, ruleset = self._gang, self._ruleset
        if gang is None or gang.id is None or ruleset is None:
            self.messages.tell("Select or create a gang first.")
            return
        from gangmanager.gui.roster.add_vehicle_dialog import AddVehicleDialog, no_vehicle_line
        from gangmanager.rules.vehicles import vehicles_for
        from gangmanager.services.vehicles import AddVehicle

        any_house = gang.house_rules_ignore_restrictions
        if not vehicles_for(ruleset, gang.house, any_house=any_house):
            self.messages.tell(no_vehicle_line(ruleset, gang.house))
            return
        choice = AddVehicleDialog.ask(
            self, ruleset, gang.house, gang.credits, ignore_restrictions=any_house
        )
        if choice is None:
            return
        # Made against the version shown, like every roster edit (RepaintPolicy.run).
        action = AddVehicle(
            gang.id, choice.vehicle, choice.name, choice.crew, choice.pay, gang.version
        )
        if self.run(action) is not None:
            self.editor.focus_name()

    def _on_remove_fighter_triggered(self) -> None:
        gang, fighter = self._gang, self.fighter
        if gang is None or gang.id is None or fighter is None or fighter.id is None:
            self.messages.tell("Select the fighter to remove.")
            return
        value = fighter.cost + roster_ops.equipment_value(fighter)
        refund = f"Remove and refund {value} credits"
        answer = self.messages.ask(
            f"Remove {fighter.name} from {gang.name}? Undo (Ctrl+Z) brings them back."
            f" Their cost and equipment came to {value} credits.",
            ["Remove", refund, "Cancel"],
        )
        if answer in ("Remove", refund):
            amount = value if answer == refund else 0
            self.run(roster.RemoveFighter(gang.id, fighter.id, refund=amount))

    def _show_fighter(self, row: int | None) -> None:
        fighter = self.roster_model.fighter(row) if row is not None else None
        self._card_fighter = fighter
        if self._editor is not None:
            self._editor.set_fighter(self._gang, fighter, self._ruleset)
        self.stash_panel.set_fighter(fighter)
        self.printing.set_fighters(fighter.name if fighter is not None else None)
        if self._card_preview is not None:
            self._card_preview.set_fighter(fighter, self._ruleset)
        self._enable(Needs.FIGHTER, fighter is not None)
        if self._editor is not None:
            self._editor.add_injury_action.setEnabled(fighter is not None)

    def _fighter_id(self) -> int | None:
        fighter = self.fighter
        return fighter.id if fighter is not None else None
