"""The main window's Campaign menu: the campaign window it opens and the gangs it links to.

Part of `MainWindow` (gui/main_window.py), which assembles these rooms.
"""

from __future__ import annotations

from PySide6.QtWidgets import QMainWindow

from gangmanager.gui.main.host import MainWindowHost


class Campaigns(MainWindowHost):
    def _on_campaign_triggered(self) -> None:
        # Imported here: QtCharts is loaded only when a campaign is looked at.
        from gangmanager.gui.campaign.campaign_window import open_campaign

        if self.campaign_window is not None:
            self.campaign_window.close()
        window = open_campaign(
            self, self._db, self._rulesets, self.messages, self.undo_stack, self.runner
        )
        self._show_campaign_window(window)

    def _show_campaign_window(self, window: QMainWindow | None) -> None:
        if window is not None:
            window.sig_gang_requested.connect(self._on_campaign_gang_requested)  # type: ignore[attr-defined]
        self.campaign_window = window

    def _on_campaign_gang_requested(self, gang_id: int) -> None:
        """The campaign's standings link to each gang's roster: shown here."""
        self.refresh_gangs(select=gang_id)
        self.raise_()
        self.activateWindow()

    def _on_new_campaign_triggered(self) -> None:
        from gangmanager.gui.campaign.action_dialogs import NewCampaign, NewCampaignDialog
        from gangmanager.gui.campaign.campaign_window import CampaignWindow
        from gangmanager.services import campaign as campaign_service
        from gangmanager.services.campaign_steps import Stepped

        created: list[int] = []

        def attempt(values: NewCampaign) -> str | None:
            refusal: list[str] = []
            action = campaign_service.CreateCampaign(
                values.name, type_id=values.type_id, ruleset_id=values.ruleset_id
            )
            outcome = self.runner.run(
                Stepped("New campaign", action, None),
                self.undo_stack,
                lambda exc: refusal.append(str(exc)),
                self._on_step_refused,
            )
            if outcome is None:
                return refusal[0]
            created.append(outcome.changes.campaigns_changed[0])
            return None

        if not NewCampaignDialog.ask(self, self._rulesets, attempt) or not created:
            return
        if self.campaign_window is not None:
            self.campaign_window.close()
        window = CampaignWindow(self._db, self._rulesets, created[-1], self.undo_stack, self.runner)
        window.show()
        self._show_campaign_window(window)
