"""Report results: every change before Finish, to copy or save; Finish is enabled when it can apply."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtGui import QGuiApplication, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QWidget,
)

from gangmanager.gui.post_battle.step_page import StepPage
from gangmanager.services.errors import write_failure

if TYPE_CHECKING:
    from gangmanager.gui.post_battle.wizard import PostBattleWizard


class SaveReportDialog:
    """Where to save the report; tests replace `ask`."""

    @classmethod
    def ask(cls, parent: QWidget, suggested: str) -> Path | None:
        path, _ = QFileDialog.getSaveFileName(parent, "Save the report", suggested, "Text (*.txt)")
        return Path(path) if path else None


class SaveChangesDialog:
    """Where to write the "what changed" sheet (a PDF); tests replace `ask`."""

    @classmethod
    def ask(cls, parent: QWidget, suggested: str) -> Path | None:
        path, _ = QFileDialog.getSaveFileName(
            parent, "Print what changed", suggested, "PDF files (*.pdf)"
        )
        if not path:
            return None
        chosen = Path(path)
        return chosen if chosen.suffix.lower() == ".pdf" else chosen.with_name(chosen.name + ".pdf")


class ReportPage(StepPage):
    def __init__(self, host: PostBattleWizard, step_id: str, title: str, summary: str) -> None:
        super().__init__(host, step_id, title, summary)
        self.setFinalPage(True)
        self.text = QPlainTextEdit()
        self.text.setReadOnly(True)
        self.text.setAccessibleName("Every change Finish will make")
        self.notes = QPlainTextEdit()
        self.notes.setPlaceholderText("Notes for the report (optional)")
        self.notes.setMaximumHeight(70)
        self.copy = QPushButton("&Copy report")
        self.save = QPushButton("&Save report...")
        self.save.setToolTip("Save the report as a text file (Ctrl+S)")
        self.changes = QPushButton("Print &what changed...")
        self.changes.setToolTip(
            "A PDF sheet of each fighter's new injuries, advancements, skills, lost"
            " Limited profiles, XP and rating before and after, to keep with the cards"
        )
        buttons = QHBoxLayout()
        buttons.addWidget(
            QLabel("Nothing has been applied yet: Finish applies all of it at once."), 1
        )
        buttons.addWidget(self.copy)
        buttons.addWidget(self.save)
        buttons.addWidget(self.changes)
        self.layout_.addWidget(self.text, 1)
        self.layout_.addWidget(self.notes)
        self.layout_.addLayout(buttons)
        self.layout_.addWidget(self.status)
        self._complete = False
        self.copy.clicked.connect(self._on_copy_clicked)
        self.save.clicked.connect(self._on_save_clicked)
        self.changes.clicked.connect(self._on_changes_clicked)
        QShortcut(QKeySequence.StandardKey.Save, self).activated.connect(self._on_save_clicked)
        self.notes.textChanged.connect(self._on_notes_text_changed)

    def load(self) -> None:
        self.notes.setPlainText(self.host.draft.notes)

    def refresh(self) -> None:
        report, problems = self.host.dry_run()
        if report is not None:
            self.text.setPlainText(report.text())
        else:
            self.text.setPlainText(
                "The draft cannot be applied yet:\n" + "\n".join(f"- {p}" for p in problems)
            )
        self.show_problems(problems, "Ready: press Finish to apply every change in one go.")
        complete = report is not None
        self.changes.setEnabled(complete)
        if complete != self._complete:
            self._complete = complete
            self.completeChanged.emit()

    def isComplete(self) -> bool:
        return self._complete

    def report_text(self) -> str:
        return self.text.toPlainText()

    def _on_notes_text_changed(self) -> None:
        self.edited(notes=self.notes.toPlainText())

    def _on_copy_clicked(self) -> None:
        QGuiApplication.clipboard().setText(self.report_text())

    def _on_save_clicked(self) -> None:
        name = f"{self.host.gang.name} post-battle.txt"
        path = SaveReportDialog.ask(self, name)
        if path is None:
            return
        try:
            path.write_text(self.report_text() + "\n", encoding="utf-8")
        except OSError as exc:
            self.show_problems([f"{path}: cannot write ({write_failure(exc)})"])

    def _on_changes_clicked(self) -> None:
        sheet = self.host.change_sheet()
        if sheet is None:
            return
        path = SaveChangesDialog.ask(self, f"{self.host.gang.name} what changed.pdf")
        if path is None:
            return
        from gangmanager.printing.change_sheet import change_sheet_document
        from gangmanager.printing.document import PrintError
        from gangmanager.printing.geometry import A4
        from gangmanager.printing.painter import QtMeasure, write_pdf

        try:
            write_pdf(change_sheet_document(sheet, QtMeasure(), A4), path)
        except PrintError as exc:
            self.status.setText(str(exc))
            self.status.setStyleSheet("color: #a33;")
            return
        self.status.setText(f"What changed written to {path}")
        self.status.setStyleSheet("")
