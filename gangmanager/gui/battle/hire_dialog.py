"""Which Hired Gun a held territory grants joins the crew for this battle, and their name."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from gangmanager.gui.common.screen_fit import open_size
from gangmanager.rules.battle_hire import HireOffer, default_name
from gangmanager.rules.battle_state import BattleState


class HireDialog(QDialog):
    """Pick one of the offers still left and, if wanted, a name (blank: `Hive Scum 1`)."""

    def __init__(
        self, offers: list[HireOffer], state: BattleState, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Hire Hired Gun")
        self._offers = offers
        self._state = state
        self.offer_combo = QComboBox()
        self.offer_combo.setAccessibleName("Hired Gun to hire")
        for offer in offers:
            self.offer_combo.addItem(offer.label())
        self.name_edit = QLineEdit()
        self.name_edit.setAccessibleName("Name of the Hired Gun")
        self.name_edit.setClearButtonEnabled(True)
        explain = QLabel(
            "Granted by a territory the gang holds: the Hired Gun fights this battle only"
            " and never joins the roster (nor the post-battle sequence)."
        )
        explain.setWordWrap(True)
        form = QFormLayout()
        form.addRow("Hired Gun:", self.offer_combo)
        form.addRow("Name:", self.name_edit)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Hire")
        layout = QVBoxLayout(self)
        layout.addWidget(explain)
        layout.addLayout(form)
        layout.addWidget(self.buttons)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.offer_combo.currentIndexChanged.connect(self._on_offer_combo_current_index_changed)
        self._on_offer_combo_current_index_changed(self.offer_combo.currentIndex())
        open_size(self)

    def _on_offer_combo_current_index_changed(self, index: int) -> None:
        if 0 <= index < len(self._offers):
            # The name the hire gets when none is typed.
            fighter_type = self._offers[index].fighter_type
            self.name_edit.setPlaceholderText(default_name(self._state, fighter_type))

    def chosen(self) -> tuple[HireOffer, str]:
        return self._offers[self.offer_combo.currentIndex()], self.name_edit.text().strip()

    @classmethod
    def ask(
        cls, parent: QWidget | None, offers: list[HireOffer], state: BattleState
    ) -> tuple[HireOffer, str] | None:
        """(offer, name typed or ""), or None when cancelled."""
        dialog = cls(offers, state, parent)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.chosen()
