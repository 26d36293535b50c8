"""Before a battle: the scenario, the crew taking part, and the opponent gang (if any)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from gangmanager.rules.battle import can_fight
from gangmanager.rules.gang import FighterStatus, Gang


class StartPage(QWidget):
    """Emits `sig_start_requested(scenario, crew names)`."""

    sig_start_requested = Signal(str, list)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.note_label = QLabel()
        self.note_label.setWordWrap(True)
        self.scenario_edit = QLineEdit()
        self.scenario_edit.setPlaceholderText("e.g. Border Dispute")
        self.crew_list = QListWidget()
        self.opponent_combo = QComboBox()
        self.opponent_combo.setAccessibleName("Opponent")
        self.opponent_note = QLabel()
        self.opponent_note.setWordWrap(True)
        self.opponent_crew_list = QListWidget()
        self.opponent_crew_list.setAccessibleName("Opponent's crew")
        self._loader: Callable[[int], Gang | None] | None = None
        self._ruleset = ""
        self.start_button = QPushButton("&Start battle")
        self.start_button.setDefault(True)
        form = QFormLayout()
        form.addRow("&Scenario", self.scenario_edit)
        form.addRow("Crew", self.crew_list)
        form.addRow("&Opponent", self.opponent_combo)
        form.addRow("", self.opponent_note)
        form.addRow("Their crew", self.opponent_crew_list)
        panel = QWidget()
        panel.setMinimumWidth(520)
        panel.setMaximumWidth(640)
        inner = QVBoxLayout(panel)
        title = QLabel("New battle")
        font = title.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.4)
        title.setFont(font)
        inner.addWidget(title)
        inner.addWidget(self.note_label)
        inner.addLayout(form)
        inner.addWidget(self.start_button, alignment=Qt.AlignmentFlag.AlignRight)
        layout = QVBoxLayout(self)
        layout.addWidget(panel, alignment=Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)
        self.start_button.clicked.connect(self._on_start_button_clicked)
        self.crew_list.itemChanged.connect(self._on_crew_list_item_changed)
        self.opponent_crew_list.itemChanged.connect(self._on_crew_list_item_changed)
        self.opponent_combo.currentIndexChanged.connect(self._on_opponent_combo_changed)
        self.set_opponents([], "", None)

    def set_gang(self, gang: Gang, note: str = "") -> None:
        self.note_label.setText(note or f"No battle is going on for {gang.name}.")
        self.crew_list.clear()
        _fill(self.crew_list, gang)
        self._on_crew_list_item_changed()

    def set_opponents(
        self,
        others: list[tuple[int, str, str]],
        ruleset: str,
        loader: Callable[[int], Gang | None] | None,
    ) -> None:
        """The gangs that may be the opponent (id, name, ruleset); `loader` reads one's roster."""
        self._loader = loader
        self._ruleset = ruleset
        self.opponent_combo.blockSignals(True)
        self.opponent_combo.clear()
        self.opponent_combo.addItem("No opponent (track one gang)", None)
        for gang_id, name, gang_ruleset in others:
            self.opponent_combo.addItem(name, (gang_id, gang_ruleset))
        self.opponent_combo.blockSignals(False)
        self._on_opponent_combo_changed()

    def opponent_id(self) -> int | None:
        data = self.opponent_combo.currentData()
        return data[0] if data else None

    def opponent_crew(self) -> list[str]:
        return _checked(self.opponent_crew_list)

    def crew(self) -> list[str]:
        return _checked(self.crew_list)

    def _on_opponent_combo_changed(self, _: int = 0) -> None:
        data = self.opponent_combo.currentData()
        self.opponent_crew_list.clear()
        self.opponent_note.clear()
        gang = self._loader(data[0]) if data and self._loader else None
        self.opponent_crew_list.setVisible(gang is not None)
        self.opponent_note.setVisible(data is not None)
        if gang is not None:
            _fill(self.opponent_crew_list, gang)
            if data[1] != self._ruleset:
                self.opponent_note.setText(
                    f"{gang.name} plays {data[1]}: in this battle both gangs play by"
                    f" {self._ruleset} (this gang's ruleset)."
                )
            else:
                self.opponent_note.setText("Both gangs in one battle, side by side.")
        self._on_crew_list_item_changed()

    def _on_crew_list_item_changed(self, _: QListWidgetItem | None = None) -> None:
        theirs = self.opponent_id() is None or bool(self.opponent_crew())
        self.start_button.setEnabled(bool(self.crew()) and theirs)

    def _on_start_button_clicked(self) -> None:
        self.sig_start_requested.emit(self.scenario_edit.text(), self.crew())


def _fill(crew_list: QListWidget, gang: Gang) -> None:
    """A checkable line per fighter; those who cannot fight greyed out with their status.

    A Convalescent fighter may fight but is marked and left unticked: most players
    rest them, and ticking them is one click."""
    crew_list.blockSignals(True)
    for fighter in gang.fighters:
        item = QListWidgetItem(f"{fighter.name} ({fighter.type or fighter.category.label})")
        item.setData(Qt.ItemDataRole.UserRole, fighter.name)
        if can_fight(fighter):
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            resting = fighter.status is FighterStatus.CONVALESCENCE
            item.setCheckState(Qt.CheckState.Unchecked if resting else Qt.CheckState.Checked)
            if resting:
                item.setText(f"{item.text()}: {fighter.status.label}")
        else:
            item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEnabled)
            item.setText(f"{item.text()}: {fighter.status.label}")
        crew_list.addItem(item)
    crew_list.blockSignals(False)


def _checked(crew_list: QListWidget) -> list[str]:
    return [
        crew_list.item(row).data(Qt.ItemDataRole.UserRole)
        for row in range(crew_list.count())
        if crew_list.item(row).checkState() == Qt.CheckState.Checked
    ]
