"""Steps the app keeps as a note for the report (territory, boons) or only explains."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QLabel, QPlainTextEdit

from gangmanager.gui.post_battle.step_page import StepPage

if TYPE_CHECKING:
    from gangmanager.gui.post_battle.wizard import PostBattleWizard


class NotePage(StepPage):
    """A free-text field stored under `field` of the draft (None: the summary only)."""

    def __init__(
        self,
        host: PostBattleWizard,
        step_id: str,
        title: str,
        summary: str,
        field: str | None,
        prompt: str,
    ) -> None:
        super().__init__(host, step_id, title, summary)
        # Not `field`: that would hide QWizardPage.field().
        self.draft_field = field
        label = QLabel(prompt)
        label.setWordWrap(True)
        self.layout_.addWidget(label)
        self.text = QPlainTextEdit()
        self.text.setPlaceholderText("Optional; goes into the report.")
        if field is not None:
            self.layout_.addWidget(self.text, 1)
            self.text.textChanged.connect(self._on_text_text_changed)
        else:
            self.layout_.addStretch(1)

    def load(self) -> None:
        if self.draft_field is not None:
            self.text.setPlainText(str(getattr(self.host.draft, self.draft_field)))

    def _on_text_text_changed(self) -> None:
        if self.draft_field is not None:
            self.edited(**{self.draft_field: self.text.toPlainText()})
