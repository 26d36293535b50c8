"""Asks how many blank cards to print, and how (classic three a page, or one a page)."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QSpinBox,
    QWidget,
)

from gangmanager.gui.common.screen_fit import open_size
from gangmanager.gui.printing.print_options_dialog import LAYOUT_LABELS
from gangmanager.printing.blank_card import MAX_BLANK_CARDS
from gangmanager.printing.card_pages import CardLayout


class BlankCardsDialog(QDialog):
    def __init__(self, pack: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Print blank cards")
        self.count = QSpinBox()
        self.count.setRange(1, MAX_BLANK_CARDS)
        self.count.setValue(3)
        self.count.setSuffix(" cards")
        self.layout_combo = QComboBox()
        for card_layout, label in LAYOUT_LABELS.items():
            self.layout_combo.addItem(label, card_layout.value)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form = QFormLayout(self)
        form.addRow(QLabel(f"Empty fighter cards in the statline of {pack}, to fill in by hand."))
        form.addRow("&How many", self.count)
        form.addRow("&Layout", self.layout_combo)
        form.addRow(buttons)
        open_size(self)

    def choice(self) -> tuple[int, CardLayout]:
        return self.count.value(), CardLayout(self.layout_combo.currentData())

    @classmethod
    def ask(cls, parent: QWidget | None, pack: str) -> tuple[int, CardLayout] | None:
        dialog = cls(pack, parent)
        return dialog.choice() if dialog.exec() == QDialog.DialogCode.Accepted else None
