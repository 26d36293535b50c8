"""The base of every wizard page: one step of the pack's sequence, reading and filling the draft."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWizardPage

if TYPE_CHECKING:
    from gangmanager.gui.post_battle.wizard import PostBattleWizard


class StepPage(QWizardPage):
    """Loads its widgets from the draft when shown; edits go back through `host.update_draft`.

    A page whose widgets cost something to make (a row per fighter, the armoury) makes
    them in `build`, called once by `make_widgets`: when the page is first shown, or
    earlier, when the wizard makes the next page while the player is on this one.
    Opening the wizard made every page's widgets, at 300 fighters about half of the open.
    """

    def __init__(self, host: PostBattleWizard, step_id: str, title: str, summary: str) -> None:
        super().__init__()
        self.host = host
        self.step_id = step_id
        self.setTitle(title)
        self.setSubTitle(summary or " ")
        self.layout_ = QVBoxLayout(self)
        # Problems of the draft that concern this step, or a preview of its effect.
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setTextFormat(Qt.TextFormat.PlainText)
        self.status.setObjectName("status")
        self._loading = False
        self._built = False

    def build(self) -> None:
        """Make the page's widgets (once: see `make_widgets`)."""

    def make_widgets(self) -> None:
        """Make the page's widgets unless they are made."""
        if not self._built:
            self._built = True
            self.build()

    def initializePage(self) -> None:
        self.make_widgets()
        self._loading = True
        try:
            self.load()
        finally:
            self._loading = False
        self.refresh()

    def load(self) -> None:
        """Set the widgets from `host.draft` (no edits are announced meanwhile)."""

    def refresh(self) -> None:
        """Update previews after the draft changed."""

    def edited(self, **changes: object) -> None:
        """A widget changed: write the draft (saved at once) unless the page is loading."""
        if self._loading:
            return
        self.host.update_draft(**changes)
        self.refresh()

    def show_problems(self, problems: list[str], fallback: str = "") -> None:
        if problems:
            self.status.setText(
                "To settle before Finish:\n" + "\n".join(f"- {p}" for p in problems)
            )
            self.status.setStyleSheet("color: #a33;")
        else:
            self.status.setText(fallback)
            self.status.setStyleSheet("")
