"""Who tries to put a fire out, and how many friends are near (where the ruleset counts them)."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gangmanager.gui.common.screen_fit import open_size
from gangmanager.rules.battle_events import BattleStatus
from gangmanager.rules.battle_state import BattleState, FighterTrack
from gangmanager.rules.ruleset import BlazeAction, Ruleset


class ExtinguishDialog(QDialog):
    def __init__(
        self,
        ruleset: Ruleset,
        state: BattleState,
        burning: FighterTrack,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Put out the fire on {burning.name}")
        self._ruleset = ruleset
        self._burning = burning
        self.actor_combo = QComboBox()
        self._actions: list[BlazeAction] = []
        own = ruleset.blaze_action("self")
        friend = ruleset.blaze_action("friend")
        if own is not None:
            self.actor_combo.addItem(f"{burning.name}: {own.name}", burning.name)
            self._actions.append(own)
        if friend is not None:
            for fighter in state.fighters:
                if fighter is not burning and not fighter.out_of_action:
                    self.actor_combo.addItem(f"{fighter.name}: {friend.name}", fighter.name)
                    self._actions.append(friend)
        self.helpers_spin = QSpinBox()
        nearby = [f for f in state.fighters if f is not burning and f.status is BattleStatus.ACTIVE]
        self.helpers_spin.setRange(0, len(nearby))
        self.summary_label = QLabel()
        self.summary_label.setWordWrap(True)

        form = QFormLayout()
        form.addRow("Who acts", self.actor_combo)
        form.addRow('Friendly Active fighters within 1"', self.helpers_spin)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(bool(self._actions))
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.summary_label)
        layout.addWidget(buttons)
        self.actor_combo.currentIndexChanged.connect(self._on_actor_combo_current_index_changed)
        self._on_actor_combo_current_index_changed(self.actor_combo.currentIndex())
        open_size(self)

    @classmethod
    def ask(
        cls, parent: QWidget | None, ruleset: Ruleset, state: BattleState, burning: FighterTrack
    ) -> tuple[str, int] | None:
        """(who acts, helpers) or None when cancelled."""
        dialog = cls(ruleset, state, burning, parent)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.actor_combo.currentData(), dialog.helpers_spin.value()

    def _on_actor_combo_current_index_changed(self, index: int) -> None:
        if not 0 <= index < len(self._actions):
            self.summary_label.setText(f"{self._ruleset.name} has no action to put out a fire.")
            self.helpers_spin.setEnabled(False)
            return
        action = self._actions[index]
        self.summary_label.setText(action.summary)
        self.helpers_spin.setEnabled(action.bonus_per_helper > 0)
        if not action.bonus_per_helper:
            self.helpers_spin.setValue(0)
