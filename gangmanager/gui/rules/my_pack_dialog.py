"""Rules > My pack...: the player's own pack, and what they add to it.

Pick one of your packs (or make one: the pack it extends and a name), then fill in a
fighter type, a weapon or a wargear item on its tab and save it. The entry is written
into the pack at once and the pack loaded again, so the roster offers it straight
away; a value the pack refuses is one line under the form, and nothing typed is lost.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from gangmanager.gui.common.screen_fit import open_size
from gangmanager.gui.rules.entry_forms import EntryRefused, FighterTypeForm, WargearForm
from gangmanager.gui.rules.weapon_form import WeaponForm
from gangmanager.rules.default_ruleset import DEFAULT_RULESET
from gangmanager.services import user_packs
from gangmanager.services.errors import ServiceError
from gangmanager.services.rulesets import Rulesets

Form = FighterTypeForm | WeaponForm | WargearForm
NO_PACK = "Make your own pack first: pick the pack it extends, give it a name, Make pack."


class MyPackDialog(QDialog):
    # A pack's entries changed: its id (the window shows a gang of it again).
    sig_pack_changed = Signal(str)

    def __init__(self, rulesets: Rulesets, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("My pack")
        self._rulesets = rulesets
        self.pack = QComboBox()
        self.base = QComboBox()
        self.base.addItems(rulesets.ids())
        self.base.setCurrentText(DEFAULT_RULESET)
        self.new_name = QLineEdit()
        self.new_name.setPlaceholderText("e.g. our-club")
        self.make = QPushButton("&Make pack")
        self.tabs = QTabWidget()
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.save = self.buttons.addButton("&Save entry", QDialogButtonBox.ButtonRole.ApplyRole)
        self._lay_out()
        self.pack.currentIndexChanged.connect(self._on_pack_currentIndexChanged)
        self.make.clicked.connect(self._on_make_clicked)
        self.save.clicked.connect(self._on_save_clicked)
        self.buttons.rejected.connect(self.reject)
        self._fill_packs()
        open_size(self, 760, 560)

    def _lay_out(self) -> None:
        new = QHBoxLayout()
        new.addWidget(QLabel("Extends:"))
        new.addWidget(self.base)
        new.addWidget(QLabel("Name:"))
        new.addWidget(self.new_name, 1)
        new.addWidget(self.make)
        top = QFormLayout()
        top.addRow("&Pack:", self.pack)
        top.addRow("New pack:", new)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(self.message)
        layout.addWidget(self.buttons)

    def _fill_packs(self, select: str = "") -> None:
        self.pack.blockSignals(True)
        self.pack.clear()
        for pack in user_packs.my_packs(self._rulesets):
            self.pack.addItem(f"{pack.id} (extends {pack.base})", pack.id)
        found = self.pack.findData(select)
        self.pack.setCurrentIndex(found if found >= 0 else 0)
        self.pack.blockSignals(False)
        self._on_pack_currentIndexChanged()

    def pack_id(self) -> str:
        return str(self.pack.currentData() or "")

    def _on_pack_currentIndexChanged(self, *_: object) -> None:
        """The forms are drawn from the chosen pack: its houses, statlines, traits."""
        self.tabs.clear()
        pack_id = self.pack_id()
        self.save.setEnabled(bool(pack_id))
        if not pack_id:
            self.message.setText(NO_PACK)
            return
        try:
            ruleset = self._rulesets.get(pack_id)
        except ServiceError as exc:
            self.message.setText(str(exc))
            self.save.setEnabled(False)
            return
        weapon = WeaponForm(ruleset)
        weapon.sig_told.connect(self.message.setText)
        self.tabs.addTab(FighterTypeForm(ruleset), "&Fighter type")
        self.tabs.addTab(weapon, "&Weapon")
        self.tabs.addTab(WargearForm(ruleset), "W&argear")
        self.message.setText(f"Adds to {ruleset.name}. An entry is saved into {pack_id} at once.")

    def _on_make_clicked(self) -> None:
        try:
            pack = user_packs.copy_user_pack(
                self._rulesets, self.base.currentText(), self.new_name.text()
            )
        except ServiceError as exc:
            self.message.setText(str(exc))
            return
        self.new_name.clear()
        self._fill_packs(select=pack.id)
        self.message.setText(f"Made {pack.id}, which extends {pack.base}: add what it lacks.")

    def form(self) -> Form | None:
        widget = self.tabs.currentWidget()
        return widget if isinstance(widget, FighterTypeForm | WeaponForm | WargearForm) else None

    def _on_save_clicked(self) -> None:
        form, pack_id = self.form(), self.pack_id()
        if form is None or not pack_id:
            return
        try:
            entry = form.entry()
            user_packs.add_entry(self._rulesets, pack_id, form.KIND, entry)
        except (EntryRefused, ServiceError) as exc:
            self.message.setText(f"Not saved: {exc}")
            return
        self.message.setText(f"Saved the {form.WHAT} {entry['name']} to {pack_id}: in use now.")
        self.sig_pack_changed.emit(pack_id)

    @classmethod
    def ask(cls, parent: QWidget | None, rulesets: Rulesets) -> list[str]:
        """Open the dialog; the ids of the packs changed while it was open."""
        dialog = cls(rulesets, parent)
        changed: list[str] = []
        dialog.sig_pack_changed.connect(changed.append)
        dialog.exec()
        return changed
