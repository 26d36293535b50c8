"""A custom weapon, a paid profile (from the armoury or custom), or a custom item."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pydantic import ValidationError

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gangmanager.gui.common.refusals import refused
from gangmanager.gui.common.screen_fit import open_size
from gangmanager.rules.limits import MAX_AMOUNT
from gangmanager.rules.shapes import N23_WEAPON_STATLINE, WeaponColumn
from gangmanager.rules.weapons import (
    Item,
    Weapon,
    WeaponProfile,
    parse_traits,
    profile_attribute,
)

# The pack's weapon columns the fields are for (n23's where none is given).
Columns = Sequence[WeaponColumn]


@dataclass(frozen=True)
class WeaponChoice:
    weapon: Weapon
    pay: bool


@dataclass(frozen=True)
class ProfileChoice:
    profile: WeaponProfile
    pay: bool


@dataclass(frozen=True)
class ItemChoice:
    item: Item
    pay: bool


def reason(exc: ValueError) -> str:
    """One line saying what is wrong with the entries."""
    if isinstance(exc, ValidationError):
        error = exc.errors()[0]
        where = ".".join(str(part) for part in error["loc"])
        return f"{where}: {error['msg']}" if where else error["msg"]
    return str(exc).splitlines()[0]


def _cost_box() -> QSpinBox:
    box = QSpinBox()
    box.setRange(0, MAX_AMOUNT)
    box.setSuffix(" credits")
    return box


class ProfileFields(QWidget):
    """The columns of one weapon profile, as on a card: the pack's weapon columns, each
    box keyed by the profile's field it is held in."""

    def __init__(
        self, parent: QWidget | None = None, columns: Columns = N23_WEAPON_STATLINE
    ) -> None:
        super().__init__(parent)
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        self.stats: dict[str, QLineEdit] = {}
        for index, weapon_column in enumerate(columns):
            label = weapon_column.header
            grid.addWidget(QLabel(label), 0, index)
            box = QLineEdit("-")
            box.setAccessibleName(label)
            box.setToolTip(weapon_column.name)
            box.setMinimumWidth(44)
            grid.addWidget(box, 1, index)
            self.stats[profile_attribute(weapon_column.stored_in)] = box
        self.traits = QLineEdit()
        self.traits.setPlaceholderText("Traits, comma-separated: Rapid Fire (1), Knockback")
        grid.addWidget(QLabel("Traits"), 2, 0)
        grid.addWidget(self.traits, 2, 1, 1, max(len(self.stats) - 1, 1))

    def fill(self, profile: WeaponProfile) -> None:
        for key, box in self.stats.items():
            box.setText(str(getattr(profile, key)))
        self.traits.setText(", ".join(str(t) for t in profile.traits))

    def profile(self, name: str, cost: int) -> WeaponProfile:
        values = {key: box.text().strip() or "-" for key, box in self.stats.items()}
        return WeaponProfile(
            name=name.strip(), cost=cost, traits=parse_traits(self.traits.text()), **values
        )


class _PurchaseDialog(QDialog):
    """Shared by the three: a "pay from credits" box, an inline message, OK checks first.

    Subclasses build their own fields, call `_finish(form, extra)` and define
    `choice()`, which raises ValueError with the reason while entries are invalid.
    """

    def __init__(self, title: str, credits: int, parent: QWidget | None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self._credits = credits
        self.pay = QCheckBox(f"Pay from the gang's credits ({credits} available)")
        self.pay.setChecked(True)
        self.message = QLabel()
        self.message.setStyleSheet("color: #c62828;")
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self._on_buttons_accepted)
        self.buttons.rejected.connect(self.reject)

    def _finish(self, form: QFormLayout, extra: QWidget | None = None) -> None:
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        if extra is not None:
            layout.addWidget(extra)
        for widget in (self.pay, self.message, self.buttons):
            layout.addWidget(widget)
        open_size(self)

    def choice(self) -> object:
        raise NotImplementedError

    def _on_buttons_accepted(self) -> None:
        if refused(self.choice, self.message, ValueError, reason):
            return
        price = self.cost.value()  # type: ignore[attr-defined]
        if self.pay.isChecked() and price > self._credits:
            # Said here, before the dialog closes, so nothing typed is lost.
            self.message.setText(
                f"it costs {price} credits; the gang has only {self._credits}: not bought"
                " (untick Pay to add it without paying)"
            )
            return
        self.accept()


class WeaponDialog(_PurchaseDialog):
    """A custom weapon: name, price and its standard profile."""

    def __init__(
        self, credits: int, parent: QWidget | None = None, columns: Columns = N23_WEAPON_STATLINE
    ) -> None:
        super().__init__("Custom weapon", credits, parent)
        self.name = QLineEdit()
        self.name.setPlaceholderText("Weapon name")
        self.cost = _cost_box()
        self.profile_name = QLineEdit()
        self.profile_name.setPlaceholderText("optional, e.g. solid ammo")
        self.fields = ProfileFields(columns=columns)
        form = QFormLayout()
        form.addRow("&Name", self.name)
        form.addRow("&Cost", self.cost)
        form.addRow("&Profile name", self.profile_name)
        self._finish(form, self.fields)

    def choice(self) -> WeaponChoice:
        """ValueError with a one-line reason when the entries are not a weapon."""
        if not self.name.text().strip():
            raise ValueError("a weapon needs a name")
        profile = self.fields.profile(self.profile_name.text(), 0)
        weapon = Weapon(name=self.name.text().strip(), cost=self.cost.value(), profiles=[profile])
        return WeaponChoice(weapon, self.pay.isChecked())

    @classmethod
    def ask(
        cls, parent: QWidget | None, credits: int, columns: Columns = N23_WEAPON_STATLINE
    ) -> WeaponChoice | None:
        dialog = cls(credits, parent, columns)
        return dialog.choice() if dialog.exec() == QDialog.DialogCode.Accepted else None


class ProfileDialog(_PurchaseDialog):
    """A paid profile for a carried weapon: one of the armoury's, or a custom one."""

    CUSTOM = "Custom profile"

    def __init__(
        self,
        weapon: Weapon,
        offers: list[WeaponProfile],
        credits: int,
        parent: QWidget | None = None,
        columns: Columns = N23_WEAPON_STATLINE,
    ) -> None:
        super().__init__(f"Add a profile to {weapon.name}", credits, parent)
        self._offers = offers
        self.source = QComboBox()
        for offer in offers:
            self.source.addItem(f"{offer.name} (+{offer.cost} credits)")
        self.source.addItem(self.CUSTOM)
        self.name = QLineEdit()
        self.cost = _cost_box()
        self.fields = ProfileFields(columns=columns)
        form = QFormLayout()
        form.addRow("&From", self.source)
        form.addRow("&Name", self.name)
        form.addRow("&Cost", self.cost)
        self._finish(form, self.fields)
        self.source.currentIndexChanged.connect(self._on_source_current_index_changed)
        self._on_source_current_index_changed(0)

    def _on_source_current_index_changed(self, index: int) -> None:
        if 0 <= index < len(self._offers):
            offer = self._offers[index]
            self.name.setText(offer.name)
            self.cost.setValue(offer.cost)
            self.fields.fill(offer)
        else:
            self.name.clear()
            self.cost.setValue(0)
            self.fields.fill(WeaponProfile())

    def choice(self) -> ProfileChoice:
        if not self.name.text().strip():
            raise ValueError("a paid profile needs a name (e.g. the ammo's)")
        return ProfileChoice(
            self.fields.profile(self.name.text(), self.cost.value()), self.pay.isChecked()
        )

    @classmethod
    def ask(
        cls,
        parent: QWidget | None,
        weapon: Weapon,
        offers: list[WeaponProfile],
        credits: int,
        columns: Columns = N23_WEAPON_STATLINE,
    ) -> ProfileChoice | None:
        dialog = cls(weapon, offers, credits, parent, columns)
        return dialog.choice() if dialog.exec() == QDialog.DialogCode.Accepted else None


class ItemDialog(_PurchaseDialog):
    """Custom wargear: a name and a price."""

    def __init__(self, credits: int, parent: QWidget | None = None) -> None:
        super().__init__("Custom wargear", credits, parent)
        self.name = QLineEdit()
        self.cost = _cost_box()
        form = QFormLayout()
        form.addRow("&Name", self.name)
        form.addRow("&Cost", self.cost)
        self._finish(form)

    def choice(self) -> ItemChoice:
        if not self.name.text().strip():
            raise ValueError("wargear needs a name")
        return ItemChoice(
            Item(name=self.name.text().strip(), cost=self.cost.value()), self.pay.isChecked()
        )

    @classmethod
    def ask(cls, parent: QWidget | None, credits: int) -> ItemChoice | None:
        dialog = cls(credits, parent)
        return dialog.choice() if dialog.exec() == QDialog.DialogCode.Accepted else None
