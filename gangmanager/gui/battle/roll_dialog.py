"""Ask for dice: "I rolled these" (typed in) or "Roll for me" (the built-in dice)."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gangmanager.gui.common.screen_fit import open_size
from gangmanager.rules.dice import Dice


class RollDialog(QDialog):
    """`per_test` dice per test (2 for a Combi), up to `max_tests` tests (Rapid Fire)."""

    def __init__(
        self,
        title: str,
        text: str,
        dice: Dice,
        *,
        per_test: int = 1,
        max_tests: int = 1,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self._dice = dice
        self._per_test = per_test
        self.rolls: list[int] = []

        explanation = QLabel(text)
        explanation.setWordWrap(True)
        self.tests_spin = QSpinBox()
        self.tests_spin.setRange(1, max(1, max_tests))
        self.tests_spin.setAccessibleName("Tests in this attack")
        self.dice_row = QHBoxLayout()
        self.dice_spins: list[QSpinBox] = []

        # Kept: a dialog built on this one adds its own rows above the dice.
        self.form = form = QFormLayout()
        if max_tests > 1:
            form.addRow("Tests in this attack", self.tests_spin)
        form.addRow("I rolled", self.dice_row)

        self.rolled_button = QPushButton("I &rolled these")
        self.rolled_button.setDefault(True)
        self.roll_for_me_button = QPushButton("Roll for &me")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        buttons.addButton(self.rolled_button, QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton(self.roll_for_me_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        self.rolled_button.clicked.connect(self._on_rolled_button_clicked)
        self.roll_for_me_button.clicked.connect(self._on_roll_for_me_button_clicked)
        self.tests_spin.valueChanged.connect(self._on_tests_spin_value_changed)

        layout = QVBoxLayout(self)
        layout.addWidget(explanation)
        layout.addLayout(form)
        layout.addWidget(buttons)
        self._on_tests_spin_value_changed(1)
        open_size(self)

    @classmethod
    def ask(
        cls,
        parent: QWidget | None,
        title: str,
        text: str,
        dice: Dice,
        *,
        per_test: int = 1,
        max_tests: int = 1,
    ) -> list[int] | None:
        """The dice rolled, or None when cancelled."""
        dialog = cls(title, text, dice, per_test=per_test, max_tests=max_tests, parent=parent)
        return dialog.rolls if dialog.exec() == QDialog.DialogCode.Accepted else None

    def _on_tests_spin_value_changed(self, tests: int) -> None:
        wanted = tests * self._per_test
        while len(self.dice_spins) < wanted:
            spin = QSpinBox()
            # 0 shows as a dash: nothing typed in yet.
            spin.setRange(0, 6)
            spin.setSpecialValueText("-")
            spin.setAccessibleName(f"Die {len(self.dice_spins) + 1}")
            spin.valueChanged.connect(self._on_die_spin_value_changed)
            self.dice_row.addWidget(spin)
            self.dice_spins.append(spin)
        while len(self.dice_spins) > wanted:
            spin = self.dice_spins.pop()
            self.dice_row.removeWidget(spin)
            spin.deleteLater()
        self._on_die_spin_value_changed()
        if self.dice_spins:
            self.dice_spins[0].setFocus()

    def _on_die_spin_value_changed(self, _: int = 0) -> None:
        self.rolled_button.setEnabled(all(s.value() > 0 for s in self.dice_spins))

    def _on_rolled_button_clicked(self) -> None:
        self.rolls = [s.value() for s in self.dice_spins]
        self.accept()

    def _on_roll_for_me_button_clicked(self) -> None:
        self.rolls = [self._dice.d6() for _ in self.dice_spins]
        self.accept()
