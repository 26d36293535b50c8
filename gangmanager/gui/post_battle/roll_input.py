"""Dice inputs: "I rolled N" typed in, or "Roll" for the app's dice. Every roll lands in the draft."""

from __future__ import annotations

import re
from collections.abc import Callable

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QLineEdit, QSpinBox, QToolButton, QWidget

# Highest value of each kind of roll (0 in the box means "not rolled yet").
_HIGH = {"D3": 3, "D6": 6, "2D6": 12, "D66": 66}
Roller = Callable[[str], int]


class RollInput(QWidget):
    """A spin box for the roll (blank until rolled) and a button that rolls it."""

    sig_changed = Signal()

    def __init__(self, kind: str, roller: Roller, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.kind = kind
        self._roller = roller
        self.spin = QSpinBox()
        self.spin.setRange(0, _HIGH[kind])
        self.spin.setSpecialValueText("-")
        self.spin.setToolTip(f"{kind}: type what you rolled, or press Roll")
        self.spin.setAccessibleName(f"{kind} roll")
        self.button = QToolButton()
        self.button.setText("Roll")
        self.button.setToolTip(f"Roll a {kind} for me")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.spin)
        layout.addWidget(self.button)
        self.spin.valueChanged.connect(self._on_spin_value_changed)
        self.button.clicked.connect(self._on_button_clicked)

    def value(self) -> int | None:
        return self.spin.value() or None

    def set_value(self, value: int | None) -> None:
        """Show a stored roll without announcing it as an edit."""
        self.spin.blockSignals(True)
        self.spin.setValue(value or 0)
        self.spin.blockSignals(False)

    def _on_spin_value_changed(self, _value: int) -> None:
        self.sig_changed.emit()

    def _on_button_clicked(self) -> None:
        self.spin.setValue(self._roller(self.kind))


class DiceListInput(QWidget):
    """The extra dice an injury asks for ("2, 44, 1"); Roll fills in the ones still missing."""

    sig_changed = Signal()

    def __init__(
        self,
        roller: Roller,
        needs: Callable[[list[int]], str | None],
        parent: QWidget | None = None,
        reroll: Callable[[list[int]], int | None] | None = None,
    ) -> None:
        super().__init__(parent)
        self._roller = roller
        self._needs = needs
        # Where a die stands that the rules say to roll again (Multiple Injuries).
        self._reroll = reroll or (lambda _values: None)
        self.edit = QLineEdit()
        self.edit.setPlaceholderText("e.g. 2, 44")
        self.edit.setToolTip(
            "Dice the result asks for, in order: Lesson Learned's D3; Multiple Injuries'"
            " D3 then one D66 per extra injury (each followed by its own dice)"
        )
        self.button = QToolButton()
        self.button.setText("Roll")
        self.button.setToolTip("Roll the dice still missing, and again any the rules re-roll")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.edit)
        layout.addWidget(self.button)
        self.edit.textEdited.connect(self._on_edit_text_edited)
        self.button.clicked.connect(self._on_button_clicked)

    def values(self) -> list[int]:
        return [int(n) for n in re.findall(r"-?\d+", self.edit.text())]

    def set_values(self, values: list[int]) -> None:
        self.edit.setText(", ".join(str(v) for v in values))

    def missing(self) -> str | None:
        return self._needs(self.values())

    def _on_edit_text_edited(self, _text: str) -> None:
        self.sig_changed.emit()

    def _on_button_clicked(self) -> None:
        values = self.values()
        # Bounded: a queue never needs more than a few dozen dice.
        for _ in range(64):
            again = self._reroll(values)
            if again is not None:
                values[again] = self._roller("D66")
                continue
            kind = self._needs(values)
            if kind is None:
                break
            values.append(self._roller(kind))
        self.set_values(values)
        self.sig_changed.emit()
