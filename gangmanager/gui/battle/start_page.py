"""Before a battle: the scenario and the crew taking part."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
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
from gangmanager.rules.gang import Gang


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
        self.start_button = QPushButton("&Start battle")
        self.start_button.setDefault(True)
        form = QFormLayout()
        form.addRow("&Scenario", self.scenario_edit)
        form.addRow("Crew", self.crew_list)
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

    def set_gang(self, gang: Gang, note: str = "") -> None:
        self.note_label.setText(note or f"No battle is going on for {gang.name}.")
        self.crew_list.clear()
        for fighter in gang.fighters:
            item = QListWidgetItem(f"{fighter.name} ({fighter.type or fighter.category.label})")
            item.setData(Qt.ItemDataRole.UserRole, fighter.name)
            if can_fight(fighter):
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                item.setCheckState(Qt.CheckState.Checked)
            else:
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEnabled)
                item.setText(f"{item.text()}: {fighter.status.label}")
            self.crew_list.addItem(item)
        self._on_crew_list_item_changed()

    def crew(self) -> list[str]:
        return [
            self.crew_list.item(row).data(Qt.ItemDataRole.UserRole)
            for row in range(self.crew_list.count())
            if self.crew_list.item(row).checkState() == Qt.CheckState.Checked
        ]

    def _on_crew_list_item_changed(self, _: QListWidgetItem | None = None) -> None:
        self.start_button.setEnabled(bool(self.crew()))

    def _on_start_button_clicked(self) -> None:
        self.sig_start_requested.emit(self.scenario_edit.text(), self.crew())
