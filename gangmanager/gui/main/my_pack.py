"""The main window's Rules menu: My pack..., the player's own pack and its entries.

Part of `MainWindow` (gui/main_window.py), which assembles these rooms.
"""

from __future__ import annotations

from gangmanager.gui.main.host import STATUS_TIMEOUT_MS, MainWindowHost


class MyPack(MainWindowHost):
    def _on_my_pack_triggered(self) -> None:
        from gangmanager.gui.rules.my_pack_dialog import MyPackDialog

        changed = MyPackDialog.ask(self, self._rulesets)
        gang = self._gang
        if gang is not None and gang.id is not None and gang.ruleset in changed:
            # The shown gang's pack was added to: its lists are read again.
            self._show_gang(gang.id)
        if changed:
            packs = ", ".join(dict.fromkeys(changed))
            self.statusBar().showMessage(f"Saved to {packs}", STATUS_TIMEOUT_MS)
