"""The main window's repaint policy: edits run through the runner, and what each outcome repaints.

Part of `MainWindow` (gui/main_window.py), which assembles these rooms.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from gangmanager.gui.common.runner import rosters_changed
from gangmanager.rules.gang import Gang
from gangmanager.services import gangs, roster
from gangmanager.services.errors import (
    DamagedGangError,
    ServiceError,
    StaleGangError,
)
from gangmanager.services.gang_diff import what_changed
from gangmanager.services.operations import Outcome

if TYPE_CHECKING:
    from gangmanager.services.carry_over import CarryOverGang
    from gangmanager.services.gangs import GangSummary
    from gangmanager.services.vehicles import AddVehicle

from gangmanager.gui.main.host import STATUS_TIMEOUT_MS, MainWindowHost


class RepaintPolicy(MainWindowHost):
    @contextmanager
    def _quietly(self) -> Iterator[None]:
        """Select rows without the selection handlers reloading (the caller loads)."""
        self._quiet = True
        try:
            yield
        finally:
            self._quiet = False

    def run(self, command: roster.Command | AddVehicle | CarryOverGang) -> Outcome | None:
        """Apply one edit, put it on the undo stack and show the result; None if refused.

        An edit of the gang on screen carries the version shown: if someone else
        saved the gang since, it is refused, and the window reloads and says what changed.
        """
        command = self._against_shown_version(command)
        # The outcome is shown from the runner's broadcast (_on_runner_sig_performed).
        return self.runner.run(
            command, self.undo_stack, self._on_run_refused, self._on_step_refused
        )

    def _on_run_refused(self, exc: ServiceError) -> None:
        if isinstance(exc, StaleGangError):
            self._reload_stale_gang(str(exc))
            return
        self.messages.tell(str(exc))
        self._show_gang(self._gang.id if self._gang is not None else None)

    def _against_shown_version(
        self, command: roster.Command | AddVehicle | CarryOverGang
    ) -> roster.Command | AddVehicle | CarryOverGang:
        gang = self._gang
        if (
            isinstance(command, roster.Versioned)
            and command.version is None
            and gang is not None
            and getattr(command, "gang_id", None) == gang.id
        ):
            return replace(command, version=gang.version)
        return command

    def _reload_stale_gang(self, refusal: str) -> None:
        shown = self._gang
        self._show_gang(shown.id if shown is not None else None)
        now = self._gang
        changes = what_changed(shown, now) if shown is not None and now is not None else []
        what = f" ({', '.join(changes)})" if changes else ""
        self.messages.tell(
            f"{refusal}: the window now shows the gang as saved{what}."
            " Make your change again if you still want it."
        )

    def _on_runner_sig_performed(self, outcome: Outcome) -> None:
        """Any action or undo step of any window: show what it changed."""
        if not rosters_changed(outcome):
            # A battle event or a saved draft: no reload of the roster for it.
            return
        self._show_outcome(outcome)

    def _show_outcome(self, outcome: Outcome) -> None:
        changes = outcome.changes
        shown = self._gang.id if self._gang is not None else None
        if outcome.gang_id is None:
            if shown in changes.gangs_removed:
                self._gang = None
            self.refresh_gangs()
        elif (
            outcome.gang_id == shown
            and not (changes.gangs_added or changes.gangs_removed)
            and self._update_shown_gang(outcome)
        ):
            pass
        elif changes.gang_list:
            self.refresh_gangs(select=outcome.gang_id, fighter_id=outcome.fighter_id)
        elif outcome.gang_id != shown or outcome.fighter_id is not None or changes.gangs_changed:
            self.select_gang(outcome.gang_id, outcome.fighter_id)
        text = "; ".join((outcome.label, *changes.messages))
        self.statusBar().showMessage(text, STATUS_TIMEOUT_MS)

    def _update_shown_gang(self, outcome: Outcome[Any]) -> bool:
        """An edit of the gang on screen: update the rows it changed, from the gang the
        outcome carries as saved (a roster edit), else read once; the gang list's line
        from the same gang.

        False when the gang no longer reads (the caller falls back to a full reload).
        """
        assert outcome.gang_id is not None and self._ruleset is not None
        gang = outcome.gang
        if gang is None or gang.id != outcome.gang_id:
            try:
                gang = gangs.load_gang(self._db, str(outcome.gang_id))
            except (DamagedGangError, ServiceError):
                return False
        if gang.ruleset != self._ruleset.id:
            return False
        ruleset = self._ruleset
        if outcome.changes.gangs_changed:
            self._refresh_gang_list_quietly(gang)
        self._gang = gang
        self.header.set_gang(gang, ruleset)
        self.stash_panel.set_gang(gang, ruleset)
        keep = outcome.fighter_id if outcome.fighter_id is not None else self._fighter_id()
        with self._quietly():
            if not self.roster_model.update_gang(gang, ruleset):
                self.roster_model.set_gang(gang, ruleset)
            row = self.roster_model.row_of(keep)
            if row is None and self.roster_model.rowCount():
                row = 0
            if row is not None and row != self.roster_view.currentIndex().row():
                self.roster_view.selectRow(row)
        self.printing.set_gang(gang, ruleset)
        self._show_fighter(row)
        return True

    def _refresh_gang_list_quietly(self, saved: Gang | None = None) -> None:
        """New names and ratings in the gang list, the same gang selected, nothing reloaded.

        `saved`: the gang as just saved or read; its line is made from it without reading
        the list again, unless its name changed (the list is sorted by name).
        """
        summaries = self._summaries_with(saved) if saved is not None else None
        if summaries is None:
            try:
                summaries = gangs.list_gangs(self._db)
            except ServiceError:
                return
        shown = self._gang.id if self._gang is not None else None
        with self._quietly():
            self.gang_model.set_gangs(summaries)
            row = self.gang_model.row_of(shown) if shown is not None else None
            if row is not None:
                self.gang_view.selectRow(row)

    def _summaries_with(self, saved: Gang) -> list[GangSummary] | None:
        """The gang list with `saved`'s line as it now reads; None when it must be read."""
        row = self.gang_model.row_of(saved.id) if saved.id is not None else None
        if row is None:
            return None
        rows = [self.gang_model.row_object(n) for n in range(self.gang_model.rowCount())]
        if rows[row].name != saved.name:
            return None
        rows[row] = replace(
            rows[row],
            house=saved.house,
            ruleset=saved.ruleset,
            rating=saved.rating,
            credits=saved.credits,
            reputation=saved.reputation,
            fighter_count=len(saved.fighters),
        )
        return rows
