"""Add a vehicle: one of the pack's vehicles the gang's house may take, the crew who
drives it, its name, and whether to pay (the vehicle's cost and the crew's). The
window runs `services.vehicles.AddVehicle` with the answer (one undo step)."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QWidget,
)

from gangmanager.gui.common.refusals import refused
from gangmanager.gui.common.screen_fit import open_size
from gangmanager.rules.limits import MAX_FIGHTER_NAME_CHARS
from gangmanager.rules.ruleset import Ruleset
from gangmanager.rules.ruleset_houses import House, Vehicle
from gangmanager.rules.vehicles import VehicleCrew, crews_for, vehicles_for


@dataclass(frozen=True)
class VehicleChoice:
    vehicle: str
    crew: str
    name: str
    pay: bool


def no_vehicle_line(ruleset: Ruleset, house_id: str) -> str:
    house = ruleset.house(house_id) if house_id else None
    whose = house.name if house is not None else "A gang of no house"
    return f"{whose} may take no vehicle of the {ruleset.id} pack."


class AddVehicleDialog(QDialog):
    def __init__(
        self,
        ruleset: Ruleset,
        house: str,
        credits: int,
        parent: QWidget | None = None,
        *,
        ignore_restrictions: bool = False,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Add vehicle")
        self._ruleset = ruleset
        self._house: House | None = ruleset.house(house) if house else None
        self._any_house = ignore_restrictions
        self._vehicles = vehicles_for(ruleset, house, any_house=ignore_restrictions)
        self._crews: list[VehicleCrew] = []
        self.vehicle = QComboBox()
        for vehicle in self._vehicles:
            self.vehicle.addItem(f"{vehicle.name} ({vehicle.cost_for(self._house)} credits)")
        self.crew = QComboBox()
        self.crew.setToolTip("Who drives it; the crew is paid besides the vehicle")
        self.name = QLineEdit()
        self.name.setMaxLength(MAX_FIGHTER_NAME_CHARS)
        self.name.setPlaceholderText("Name")
        self.cost = QLabel()
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.pay = QCheckBox(f"Pay its cost from the gang's credits ({credits} available)")
        self.pay.setChecked(True)
        self.message = QLabel()
        self.message.setStyleSheet("color: #c62828;")
        self.message.setWordWrap(True)
        self._lay_out()
        self.vehicle.currentIndexChanged.connect(self._on_vehicle_current_index_changed)
        self.crew.currentIndexChanged.connect(self._show_cost)
        self._on_vehicle_current_index_changed(self.vehicle.currentIndex())
        self._keep_room_for_summaries()
        open_size(self, 460)

    def _lay_out(self) -> None:
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("&Add")
        buttons.accepted.connect(self._on_buttons_accepted)
        buttons.rejected.connect(self.reject)
        form = QFormLayout(self)
        form.addRow("&Vehicle", self.vehicle)
        form.addRow("C&rew", self.crew)
        form.addRow("&Name", self.name)
        form.addRow("Cost", self.cost)
        form.addRow(self.summary)
        form.addRow(self.pay)
        form.addRow(self.message)
        form.addRow(buttons)

    def _keep_room_for_summaries(self) -> None:
        """Room for the longest summary's lines, so the dialog keeps its size as the
        vehicle changes (a wrapped label's own height-for-width falls short in a form)."""
        metrics = self.summary.fontMetrics()
        wrap = Qt.TextFlag.TextWordWrap
        self.summary.setMinimumHeight(
            max(
                (
                    metrics.boundingRect(QRect(0, 0, 400, 1000), wrap, v.summary).height()
                    for v in self._vehicles
                ),
                default=0,
            )
        )

    def _picked(self) -> Vehicle | None:
        index = self.vehicle.currentIndex()
        return self._vehicles[index] if 0 <= index < len(self._vehicles) else None

    def _on_vehicle_current_index_changed(self, _index: int) -> None:
        vehicle = self._picked()
        self.crew.blockSignals(True)
        self.crew.clear()
        self._crews = (
            crews_for(self._ruleset, vehicle, self._house, any_house=self._any_house)
            if vehicle
            else []
        )
        for crew in self._crews:
            self.crew.addItem(f"{crew.name} ({crew.cost} credits)")
        self.crew.blockSignals(False)
        self.summary.setText(vehicle.summary if vehicle else "")
        self._show_cost()

    def _show_cost(self) -> None:
        vehicle, crew = self._picked(), self._crew()
        if vehicle is None or crew is None:
            self.cost.setText("")
            return
        own = vehicle.cost_for(self._house)
        self.cost.setText(f"{own + crew.cost} credits (vehicle {own}, crew {crew.cost})")

    def _crew(self) -> VehicleCrew | None:
        index = self.crew.currentIndex()
        return self._crews[index] if 0 <= index < len(self._crews) else None

    def choice(self) -> VehicleChoice:
        """ValueError with a one-line reason when the entries do not make a vehicle."""
        name = " ".join(self.name.text().split())
        if not name:
            raise ValueError("a vehicle needs a name")
        vehicle, crew = self._picked(), self._crew()
        if vehicle is None or crew is None:
            raise ValueError("choose a vehicle and its crew")
        return VehicleChoice(vehicle.name, crew.name, name, self.pay.isChecked())

    def _on_buttons_accepted(self) -> None:
        if not refused(self.choice, self.message, ValueError):
            self.accept()

    @classmethod
    def ask(
        cls,
        parent: QWidget | None,
        ruleset: Ruleset,
        house: str,
        credits: int,
        *,
        ignore_restrictions: bool = False,
    ) -> VehicleChoice | None:
        dialog = cls(ruleset, house, credits, parent, ignore_restrictions=ignore_restrictions)
        return dialog.choice() if dialog.exec() == QDialog.DialogCode.Accepted else None
