"""The weapon form of Rules > My pack...: price, kind, and its profiles.

A profile has a field per column of the pack's weapon statline and traits picked
from the pack's own (a trait that takes a value, Rapid Fire (1), asks for it). "Add
profile" lists the profile being edited; a weapon of one profile need not list it.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from gangmanager.gui.rules.entry_forms import (
    WEAPON_KINDS,
    EntryRefused,
    ProfilesModel,
    combo,
    cost_box,
    named,
)
from gangmanager.rules.ruleset import ParamKind, Ruleset


class WeaponForm(QWidget):
    KIND = "weapon"
    WHAT = "weapon"
    # A line for the dialog's message: why a profile could not be listed.
    sig_told = Signal(str)

    def __init__(self, ruleset: Ruleset, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.name = QLineEdit()
        self.cost = cost_box()
        self.kind = combo([(k.replace("_", " ").capitalize(), k) for k in WEAPON_KINDS])
        self.availability = QLineEdit("C")
        self.availability.setToolTip("C for Common, R8 for Rare 8, I9 for Illegal 9")
        self.profile_name = QLineEdit()
        self.profile_name.setPlaceholderText("only for a weapon of several profiles")
        self.columns: dict[str, QLineEdit] = {}
        grid = QGridLayout()
        for index, column in enumerate(ruleset.weapon_statline):
            label, edit = QLabel(column.code), QLineEdit()
            edit.setMaximumWidth(52)
            label.setToolTip(column.name)
            edit.setToolTip(column.name)
            label.setBuddy(edit)
            grid.addWidget(label, 0, index)
            grid.addWidget(edit, 1, index)
            self.columns[column.code] = edit
        self._params = {t.name: t.param for t in ruleset.traits}
        self.trait = QComboBox()
        self.trait.addItems(sorted(self._params, key=str.casefold))
        self.trait_value = QLineEdit()
        self.trait_value.setPlaceholderText("value")
        self.trait_value.setMaximumWidth(60)
        self.add_trait = QPushButton("Add &trait")
        self.traits = QLineEdit()
        self.traits.setReadOnly(True)
        self.clear_traits = QPushButton("C&lear traits")
        self.add_profile = QPushButton("Add &profile")
        self.profiles = ProfilesModel(list(self.columns))
        self.profile_view = QTableView()
        self.profile_view.setModel(self.profiles)
        self.profile_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.profile_view.setMaximumHeight(96)
        self._lay_out(grid)
        self.trait.currentTextChanged.connect(self._on_trait_currentTextChanged)
        self.add_trait.clicked.connect(self._on_add_trait_clicked)
        self.clear_traits.clicked.connect(self.traits.clear)
        self.add_profile.clicked.connect(self._on_add_profile_clicked)
        self._on_trait_currentTextChanged(self.trait.currentText())

    def _lay_out(self, grid: QGridLayout) -> None:
        trait_row = QHBoxLayout()
        trait_row.addWidget(self.trait, 1)
        trait_row.addWidget(self.trait_value)
        trait_row.addWidget(self.add_trait)
        chosen = QHBoxLayout()
        chosen.addWidget(self.traits, 1)
        chosen.addWidget(self.clear_traits)
        outer = QVBoxLayout(self)
        form = QFormLayout()
        outer.addLayout(form)
        outer.addStretch(1)
        form.addRow("&Name:", self.name)
        form.addRow("&Cost:", self.cost)
        form.addRow("&Kind:", self.kind)
        form.addRow("&Availability:", self.availability)
        form.addRow("Profile na&me:", self.profile_name)
        form.addRow("Profile:", grid)
        self.trait_label = QLabel("T&rait:")
        self.trait_label.setBuddy(self.trait)
        form.addRow(self.trait_label, trait_row)
        form.addRow("Traits:", chosen)
        adding = QHBoxLayout()
        adding.addWidget(self.add_profile)
        adding.addStretch(1)
        form.addRow("", adding)
        form.addRow("Profiles:", self.profile_view)

    def _on_trait_currentTextChanged(self, name: str) -> None:
        takes = self._params.get(name, ParamKind.NONE) is not ParamKind.NONE
        self.trait_value.setEnabled(takes)
        if not takes:
            self.trait_value.clear()

    def _on_add_trait_clicked(self) -> None:
        name, value = self.trait.currentText(), self.trait_value.text().strip()
        if not name:
            return
        text = f"{name} ({value})" if self.trait_value.isEnabled() and value else name
        chosen = [t for t in self.traits.text().split(", ") if t]
        self.traits.setText(", ".join([*chosen, text]))
        self.trait_value.clear()

    def _edited_profile(self) -> dict[str, Any] | None:
        values = {code: edit.text().strip() for code, edit in self.columns.items()}
        if not any(values.values()):
            return None
        missing = [code for code, text in values.items() if not text]
        if missing:
            raise EntryRefused(f"{', '.join(missing)}: give a value (- for none)")
        profile: dict[str, Any] = {}
        if self.profile_name.text().strip():
            profile["name"] = " ".join(self.profile_name.text().split())
        profile.update(values)
        profile["traits"] = [t for t in self.traits.text().split(", ") if t]
        return profile

    def _on_add_profile_clicked(self) -> None:
        try:
            profile = self._edited_profile()
        except EntryRefused as exc:
            self.sig_told.emit(str(exc))
            return
        if profile is None:
            self.sig_told.emit("fill in the profile's columns first")
            return
        self.profiles.set_rows([*self.profiles.profiles(), profile])
        for edit in (self.profile_name, *self.columns.values(), self.traits):
            edit.clear()

    def entry(self) -> dict[str, Any]:
        name = named(self.name, self.WHAT)
        profiles = self.profiles.profiles()
        edited = self._edited_profile()
        if edited is not None:
            profiles.append(edited)
        if not profiles:
            raise EntryRefused("give the weapon a profile: a value in each column")
        return {
            "name": name,
            "cost": self.cost.value(),
            "kind": str(self.kind.currentData()),
            "availability": self.availability.text().strip() or "C",
            "profiles": profiles,
        }
