"""The main window's gang list: choosing, founding, copying, deleting and describing gangs.

Part of `MainWindow` (gui/main_window.py), which assembles these rooms.
"""

from __future__ import annotations

from PySide6.QtCore import QItemSelection

from gangmanager.gui.main.action_registry import Needs
from gangmanager.gui.main.host import MainWindowHost
from gangmanager.gui.roster.breakdown import gang_rating_text, wealth_text
from gangmanager.rules.gang import Gang
from gangmanager.rules.ruleset import Ruleset
from gangmanager.services import gangs, roster
from gangmanager.services.errors import (
    DamagedGangError,
    ServiceError,
)


class GangList(MainWindowHost):
    def _on_gang_view_selection_changed(self, selected: QItemSelection, _: QItemSelection) -> None:
        if self._quiet:
            return
        rows = selected.indexes()
        self._show_gang(self.gang_model.gang_id(rows[0].row()) if rows else None)

    def _on_gang_model_rename_requested(self, gang_id: int, name: str) -> None:
        self.run(roster.EditGang(gang_id, {"name": name}))

    def _on_new_gang_triggered(self) -> None:
        from gangmanager.gui.roster.new_gang_wizard import NewGangWizard

        gang = NewGangWizard.ask(self, self._rulesets, self.messages)
        if gang is not None:
            self.run(roster.CreateGang(gang))

    def _on_duplicate_triggered(self) -> None:
        if self._gang is not None and self._gang.id is not None:
            self.run(roster.DuplicateGang(self._gang.id))

    def _on_carry_over_triggered(self) -> None:
        gang = self._gang
        if gang is None or gang.id is None:
            return
        from gangmanager.gui.roster.carry_over_dialog import CarryOverDialog
        from gangmanager.rules.carry_over_lines import CarryOverError
        from gangmanager.services.carry_over import TO_RULESET, CarryOverGang

        try:
            old, new = self._rulesets.get(gang.ruleset), self._rulesets.get(TO_RULESET)
            request = CarryOverDialog.ask(self, gang, old, new)
        except CarryOverError as exc:
            self.messages.tell(str(exc))
            return
        if request is not None:
            self.run(CarryOverGang(gang.id, TO_RULESET, request.name, request.choices))

    def _on_delete_gang_triggered(self) -> None:
        gang = self._gang
        if gang is None or gang.id is None:
            self._delete_damaged_gang()
            return
        count = len(gang.fighters)
        if self.messages.confirm(
            f"Delete the gang {gang.name} and its {count} fighter{'s' if count != 1 else ''}?"
            " Its battles go with it. Undo (Ctrl+Z) brings everything back.",
            "Delete gang",
        ):
            self.run(roster.DeleteGang(gang.id))

    def _delete_damaged_gang(self) -> None:
        """The selected gang does not load: it can still be deleted (and undone)."""
        rows = self.gang_view.selectionModel().selectedRows()
        gang_id = self.gang_model.gang_id(rows[0].row()) if rows else None
        if gang_id is None or self.gang_model.damaged(gang_id) is None:
            return
        if self.messages.confirm(
            f"Delete the damaged gang {gang_id} and everything it owns?"
            " Undo (Ctrl+Z) brings it back.",
            "Delete gang",
        ):
            self.run(roster.DeleteGang(gang_id))

    def _on_header_details_clicked(self) -> None:
        if self._gang is None or self._gang.id is None:
            return
        from gangmanager.gui.roster.gang_details_dialog import GangDetailsDialog

        fields = GangDetailsDialog.ask(self, self._gang, self.messages)
        if not fields:
            return
        gang_id = self._gang.id
        picture = fields.pop("portrait", ...)
        if fields:
            self.run(roster.EditGang(gang_id, fields))
        if picture is not ...:  # a portrait picked or cleared: its own step with undo
            self.run(roster.SetPortrait(gang_id, None, picture))

    def _on_header_rating_clicked(self) -> None:
        from gangmanager.gui.common.receipt_dialog import ReceiptDialog

        if self._gang is not None:
            ReceiptDialog.ask(self, f"{self._gang.name}: Gang Rating", gang_rating_text(self._gang))

    def _on_header_wealth_clicked(self) -> None:
        from gangmanager.gui.common.receipt_dialog import ReceiptDialog

        if self._gang is not None:
            ReceiptDialog.ask(self, f"{self._gang.name}: wealth", wealth_text(self._gang))

    def refresh_gangs(self, select: int | None = None, fighter_id: int | None = None) -> None:
        """Reload the gang list; show `select`, else the gang shown, else the first.

        `fighter_id`: the fighter to select in it (else the one selected stays).
        """
        current = self._gang.id if self._gang is not None else None
        try:
            summaries = gangs.list_gangs(self._db)
        except ServiceError as exc:
            self.messages.tell(str(exc))
            summaries = []
        with self._quietly():
            self.gang_model.set_gangs(summaries)
        self.pages.setCurrentWidget(self.splitter if summaries else self.start_page)
        wanted = next(
            (
                gid
                for gid in (select, current)
                if gid is not None and self.gang_model.row_of(gid) is not None
            ),
            self.gang_model.gang_id(0) if self.gang_model.rowCount() else None,
        )
        if wanted is None:
            self._show_gang(None)
        else:
            self.select_gang(wanted, fighter_id if wanted == select else None)

    def select_gang(self, gang_id: int, fighter_id: int | None = None) -> None:
        row = self.gang_model.row_of(gang_id)
        if row is None:
            return
        with self._quietly():
            self.gang_view.selectRow(row)
        self._show_gang(gang_id, fighter_id)

    def _show_gang(self, gang_id: int | None, fighter_id: int | None = None) -> None:
        """Load the gang from the store and show it, keeping the selected fighter."""
        same = self._gang is not None and self._gang.id == gang_id
        keep = fighter_id if fighter_id is not None else (self._fighter_id() if same else None)
        gang: Gang | None = None
        ruleset: Ruleset | None = None
        if gang_id is not None:
            try:
                gang = gangs.load_gang(self._db, str(gang_id))
                ruleset = self._rulesets.get(gang.ruleset)
                self.gang_model.set_damaged(gang_id, None)
            except DamagedGangError as exc:
                # Never a box at start-up: the list marks it, the status bar says why.
                self.gang_model.set_damaged(gang_id, str(exc))
                self.statusBar().showMessage(str(exc))
                gang, ruleset = None, None
            except ServiceError as exc:
                self.messages.tell(str(exc))
                gang, ruleset = None, None
        self._gang, self._ruleset = gang, ruleset
        self.header.set_gang(gang, ruleset)
        self.stash_panel.set_gang(gang, ruleset)
        with self._quietly():
            self.roster_model.set_gang(gang, ruleset)
            row = self.roster_model.row_of(keep)
            if row is None and self.roster_model.rowCount():
                row = 0
            if row is not None:
                self.roster_view.selectRow(row)
        self.play.set_gang(gang.id if gang is not None else None)
        self.printing.set_gang(gang, ruleset)
        self._show_fighter(row)
        has_gang = gang is not None
        self.delete_gang_action.setEnabled(
            has_gang or (gang_id is not None and self.gang_model.damaged(gang_id) is not None)
        )
        self._enable(Needs.GANG, has_gang)
