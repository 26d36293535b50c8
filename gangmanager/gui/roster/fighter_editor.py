"""The fighter card editor: every field of the selected fighter, each edit one command.

The editor never writes: it turns each finished entry into a roster command
(`services.roster`) and emits `sig_command`; the main window runs it, and
sets the editor again from the stored result. Questions (refunds, the weapon
limit) go through the window's `Messages`, dialogs through their `ask()`.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise
from typing import Any, Literal

from PySide6.QtCore import QItemSelection, Qt, Signal
from PySide6.QtGui import QAction, QFocusEvent, QFont, QKeySequence, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QBoxLayout,
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from gangmanager.gui.common.messages import Messages
from gangmanager.gui.common.portrait_box import PortraitBox, pick_picture
from gangmanager.gui.roster.armoury_dialog import ArmouryChoice, ArmouryDialog, purse_refusal
from gangmanager.gui.roster.injury_dialog import InjuryDialog, injury_effect, table_injury
from gangmanager.gui.roster.modifier_dialog import ModifierDialog
from gangmanager.gui.roster.profile_editor import ProfileEditor
from gangmanager.gui.roster.skill_dialog import SkillDialog, fighter_type
from gangmanager.gui.roster.weapon_dialog import ItemDialog, ProfileDialog, WeaponDialog
from gangmanager.gui.roster.weapons_model import TRAITS_COLUMN, WeaponsTableModel
from gangmanager.rules import ratings, restrictions, roster_ops
from gangmanager.rules.gang import Category, Fighter, FighterStatus, Gang
from gangmanager.rules.limits import MAX_AMOUNT, MAX_FIGHTER_NAME_CHARS
from gangmanager.rules.modifiers import ModifierKind
from gangmanager.rules.ruleset import ArmouryItem, Ruleset
from gangmanager.rules.weapons import Item, Weapon
from gangmanager.services import roster

_OVERRIDE_HINT = (
    ' (A group that house-rules can turn on "House rules: ignore list and access'
    " restrictions\" in the gang's Details.)"
)


class NotesEdit(QPlainTextEdit):
    """Notes are saved when the box loses focus, as one edit."""

    sig_editing_finished = Signal()

    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        self.sig_editing_finished.emit()


def _heading(text: str) -> QLabel:
    label = QLabel(text)
    font = label.font()
    font.setBold(True)
    label.setFont(font)
    return label


def _buttons(*buttons: QPushButton) -> QHBoxLayout:
    row = QHBoxLayout()
    row.setSpacing(4)
    for button in buttons:
        row.addWidget(button)
    row.addStretch(1)
    return row


class FighterEditor(QWidget):
    # A services.roster command for the window to run.
    sig_command = Signal(object)
    # Fighter id whose rating breakdown to show.
    sig_breakdown_requested = Signal(int)

    def __init__(self, messages: Messages, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.messages = messages
        self._gang: Gang | None = None
        self._fighter: Fighter | None = None
        self._ruleset: Ruleset | None = None
        self._build()
        self.set_fighter(None, None, None)

    # -- building --------------------------------------------------------------------

    def _build(self) -> None:
        top = self._build_title_row()
        fields = self._build_fields()
        self.profile = ProfileEditor()
        self.profile.sig_characteristic_edited.connect(self._on_profile_characteristic_edited)
        self._build_modifiers()
        self._build_weapons()
        self._build_lists()
        self._lay_out(top, fields)
        self._chain_tabs()

    def _build_title_row(self) -> QHBoxLayout:
        """The title, the rating and its breakdown, the portrait and its buttons."""
        self.title = QLabel()
        title_font = QFont(self.title.font())
        title_font.setPointSizeF(title_font.pointSizeF() * 1.25)
        title_font.setBold(True)
        self.title.setFont(title_font)
        self.rating = QLabel()
        self.rating.setObjectName("fighter_rating")
        self.breakdown = QPushButton("Rating &breakdown")
        self.breakdown.setToolTip("What the Fighter Rating is made of, and what is pending")
        self.breakdown.clicked.connect(self._on_breakdown_clicked)
        # The portrait beside the title, its buttons with the title's: a laptop's card has
        # no width to spare beside the fields, and the title row only a little height.
        self.portrait = PortraitBox(42, self, lay_out=False)
        self.portrait.sig_pick.connect(self._on_portrait_sig_pick)
        self.portrait.sig_clear.connect(self._on_portrait_sig_clear)
        top = QHBoxLayout()
        top.addWidget(self.portrait.picture)
        top.addWidget(self.title)
        top.addStretch(1)
        top.addWidget(self.rating)
        top.addWidget(self.breakdown)
        top.addWidget(self.portrait.pick)
        top.addWidget(self.portrait.clear)
        return top

    def _build_fields(self) -> QGridLayout:
        """Name, type, category, status, cost, XP (and the notes, laid out with the lists)."""
        self.name = QLineEdit()
        self.name.setMaxLength(MAX_FIGHTER_NAME_CHARS)
        self.name.setObjectName("fighter_name")
        self.name.editingFinished.connect(self._on_name_editing_finished)
        self.type = QComboBox()
        self.type.setEditable(True)
        self.type.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.type.setToolTip("Pick a type of the gang's house, or type your own")
        self.type.activated.connect(self._on_type_activated)
        line_edit = self.type.lineEdit()
        assert line_edit is not None
        line_edit.editingFinished.connect(self._on_type_editing_finished)
        self.category = QComboBox()
        for category in Category:
            self.category.addItem(category.label, category)
        self.category.activated.connect(self._on_category_activated)
        self.status = QComboBox()
        for status in FighterStatus:
            self.status.addItem(status.label, status)
        self.status.activated.connect(self._on_status_activated)
        self.cost = QSpinBox()
        self.cost.setRange(0, MAX_AMOUNT)
        self.cost.setSuffix(" credits")
        self.cost.setToolTip("The fighter type's base cost, as paid when recruited")
        self.cost.editingFinished.connect(self._on_cost_editing_finished)
        self.xp = QSpinBox()
        self.xp.setRange(0, MAX_AMOUNT)
        self.xp.editingFinished.connect(self._on_xp_editing_finished)
        self.notes = NotesEdit()
        self.notes.setPlaceholderText("Notes")
        self.notes.setTabChangesFocus(True)
        self.notes.setMinimumHeight(42)
        self.notes.sig_editing_finished.connect(self._on_notes_editing_finished)

        fields = QGridLayout()
        fields.setHorizontalSpacing(6)
        fields.setVerticalSpacing(4)
        for row, pairs in enumerate(
            (
                (("&Name", self.name), ("T&ype", self.type)),
                (("Ca&tegory", self.category), ("&Status", self.status)),
                (("Base &cost", self.cost), ("&XP", self.xp)),
            )
        ):
            for pair, (text, widget) in enumerate(pairs):
                label = QLabel(text)
                label.setBuddy(widget)
                fields.addWidget(label, row, pair * 2)
                fields.addWidget(widget, row, pair * 2 + 1)
        fields.setColumnStretch(1, 1)
        fields.setColumnStretch(3, 1)
        return fields

    def _build_modifiers(self) -> None:
        self.modifiers = QListWidget()
        self.modifiers.setObjectName("modifiers")
        self.modifiers.setAlternatingRowColors(True)
        self.add_modifier = QPushButton("Add &modifier...")
        self.add_modifier.setToolTip(
            "An advancement or a Lasting Injury from the tables, equipment, or a typed line"
        )
        self.add_modifier.clicked.connect(self._on_add_modifier_clicked)
        self.remove_modifier = QPushButton("Remove")
        self.remove_modifier.clicked.connect(self._on_remove_modifier_clicked)

    def _build_weapons(self) -> None:
        self.weapons_model = WeaponsTableModel()
        self.weapons = QTableView()
        self.weapons.setObjectName("weapons")
        self.weapons.setModel(self.weapons_model)
        self.weapons.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.weapons.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.weapons.verticalHeader().hide()
        self.weapons.setTabKeyNavigation(False)
        self.weapons.verticalHeader().setDefaultSectionSize(22)
        header = self.weapons.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(TRAITS_COLUMN, QHeaderView.ResizeMode.Stretch)
        self.weapons.selectionModel().selectionChanged.connect(self._on_weapons_selection_changed)
        self.slots = QLabel()
        self.slots.setObjectName("weapon_slots")
        self.buy_weapon = QPushButton("Buy &weapon...")
        self.buy_weapon.clicked.connect(self._on_buy_weapon_clicked)
        self.custom_weapon = QPushButton("Custom...")
        self.custom_weapon.setToolTip("A weapon that is not in the armoury")
        self.custom_weapon.clicked.connect(self._on_custom_weapon_clicked)
        self.add_profile = QPushButton("Add &profile...")
        self.add_profile.setToolTip("A paid profile (special ammo) for the selected weapon")
        self.add_profile.clicked.connect(self._on_add_profile_clicked)
        self.remove_weapon = QPushButton("Remove...")
        self.remove_weapon.setToolTip("Sell or remove the selected weapon, or the selected profile")
        self.remove_weapon.clicked.connect(self._on_remove_weapon_clicked)

    def _build_lists(self) -> None:
        """Wargear, skills and injuries, with their buttons; Ctrl+J adds an injury."""
        self.wargear = QListWidget()
        self.wargear.setObjectName("wargear")
        self.buy_wargear = QPushButton("Buy wa&rgear...")
        self.buy_wargear.clicked.connect(self._on_buy_wargear_clicked)
        self.custom_wargear = QPushButton("Custom...")
        self.custom_wargear.clicked.connect(self._on_custom_wargear_clicked)
        self.remove_wargear = QPushButton("Remove...")
        self.remove_wargear.clicked.connect(self._on_remove_wargear_clicked)
        self.skills = QListWidget()
        self.skills.setObjectName("skills")
        self.add_skill = QPushButton("Add s&kill...")
        self.add_skill.clicked.connect(self._on_add_skill_clicked)
        self.remove_skill = QPushButton("Remove")
        self.remove_skill.clicked.connect(self._on_remove_skill_clicked)
        self.injuries = QListWidget()
        self.injuries.setObjectName("injuries")
        self.injuries.setToolTip("Lasting Injuries by name; their profile changes are modifiers")
        for box in (self.modifiers, self.wargear, self.skills, self.injuries):
            # Long lines wrap: the card never scrolls sideways, not even inside a list.
            box.setWordWrap(True)
            box.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
            box.setResizeMode(QListWidget.ResizeMode.Adjust)
        self.add_injury = QPushButton("Add in&jury...")
        self.add_injury.setToolTip(
            "Record a Lasting Injury by name, from the ruleset's table or typed"
        )
        self.add_injury.clicked.connect(self._on_add_injury_clicked)
        # Ctrl+J anywhere in the window, as Ctrl+K adds a skill; a menu can list this action.
        self.add_injury_action = QAction("Add in&jury...", self)
        self.add_injury_action.setShortcut(QKeySequence("Ctrl+J"))
        self.add_injury_action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        self.add_injury_action.triggered.connect(self.add_injury.click)
        self.addAction(self.add_injury_action)
        self.add_injury.setToolTip(self.add_injury.toolTip() + " (Ctrl+J)")
        self.remove_injury = QPushButton("Remove")
        self.remove_injury.clicked.connect(self._on_remove_injury_clicked)

    def _lay_out(self, top: QHBoxLayout, fields: QGridLayout) -> None:
        identity = QVBoxLayout()
        identity.setSpacing(4)
        identity.addLayout(fields)
        profile = QVBoxLayout()
        profile.setSpacing(2)
        profile.addWidget(_heading("Profile"))
        profile.addWidget(self.profile)
        profile.addStretch(1)
        # Side by side on a wide card; the profile under the fields on a narrow one.
        self.upper = QBoxLayout(QBoxLayout.Direction.LeftToRight)
        self.upper.addLayout(identity, 1)
        self.upper.addSpacing(12)
        self.upper.addLayout(profile, 1)

        # The weapon buttons share the heading's line: a laptop screen has few rows to spare.
        weapons_title = QHBoxLayout()
        weapons_title.setSpacing(4)
        weapons_title.addWidget(_heading("Weapons"))
        weapons_title.addSpacing(8)
        for button in (self.buy_weapon, self.custom_weapon, self.add_profile, self.remove_weapon):
            weapons_title.addWidget(button)
        weapons_title.addStretch(1)
        weapons_title.addWidget(self.slots)

        self._build_columns()

        self.placeholder = QLabel("Select a fighter in the roster, or press Ctrl+N to recruit one.")
        self.placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.placeholder.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        layout.setSpacing(4)
        layout.addLayout(top)
        layout.addWidget(self.placeholder)
        layout.addLayout(self.upper)
        layout.addLayout(weapons_title)
        layout.addWidget(self.weapons, 3)
        layout.addLayout(self.lists, 2)

    def _build_columns(self) -> None:
        """Modifiers, wargear, skills, injuries and notes: side by side, or two rows."""

        def column(title: str, view: QWidget, *buttons: QPushButton) -> QWidget:
            holder = QWidget()
            box = QVBoxLayout(holder)
            box.setContentsMargins(0, 0, 0, 0)
            box.setSpacing(4)
            box.addWidget(_heading(title))
            box.addWidget(view, 1)
            if buttons:
                box.addLayout(_buttons(*buttons))
            return holder

        self._columns: list[tuple[QWidget, int]] = [
            (column("Modifiers", self.modifiers, self.add_modifier, self.remove_modifier), 4),
            (
                column(
                    "Wargear",
                    self.wargear,
                    self.buy_wargear,
                    self.custom_wargear,
                    self.remove_wargear,
                ),
                3,
            ),
            (column("Skills", self.skills, self.add_skill, self.remove_skill), 2),
            (column("Injuries", self.injuries, self.add_injury, self.remove_injury), 2),
            (column("Notes", self.notes), 2),
        ]
        self.lists = QGridLayout()
        self.lists.setHorizontalSpacing(8)
        self.lists.setVerticalSpacing(4)
        self._narrow: bool | None = None
        self._arrange(narrow=False)

    def _chain_tabs(self) -> None:
        self.tab_chain: list[QWidget] = [
            self.name,
            self.type,
            self.category,
            self.status,
            self.cost,
            self.xp,
            self.notes,
            self.portrait.pick,
            self.portrait.clear,
            *self.profile.fields.values(),
            self.weapons,
            self.buy_weapon,
            self.custom_weapon,
            self.add_profile,
            self.remove_weapon,
            self.modifiers,
            self.add_modifier,
            self.remove_modifier,
            self.wargear,
            self.buy_wargear,
            self.custom_wargear,
            self.remove_wargear,
            self.skills,
            self.add_skill,
            self.remove_skill,
            self.injuries,
            self.add_injury,
            self.remove_injury,
            self.breakdown,
        ]
        for first, second in pairwise(self.tab_chain):
            QWidget.setTabOrder(first, second)

    # -- width -----------------------------------------------------------------------

    # Below this width the profile goes under the fields and the lists take two rows, so a
    # 1024-pixel screen never scrolls the card sideways (docs/user-guide.md, Laptop screens).
    NARROW_BELOW = 940

    def _arrange(self, *, narrow: bool) -> None:
        if narrow == self._narrow:
            return
        self._narrow = narrow
        self.upper.setDirection(
            QBoxLayout.Direction.TopToBottom if narrow else QBoxLayout.Direction.LeftToRight
        )
        for widget, _ in self._columns:
            self.lists.removeWidget(widget)
        for c in range(self.lists.columnCount()):
            self.lists.setColumnStretch(c, 0)
        if narrow:
            places = [(0, 0, 1), (0, 1, 1), (1, 0, 1), (1, 1, 1), (2, 0, 2)]
            for c in (0, 1):
                self.lists.setColumnStretch(c, 1)
        else:
            places = [(0, n, 1) for n in range(len(self._columns))]
            for n, (_, stretch) in enumerate(self._columns):
                self.lists.setColumnStretch(n, stretch)
        for (widget, _), (row, col, span) in zip(self._columns, places, strict=True):
            self.lists.addWidget(widget, row, col, 1, span)

    @property
    def narrow(self) -> bool:
        return bool(self._narrow)

    def resizeEvent(self, event: QResizeEvent) -> None:
        self._arrange(narrow=event.size().width() < self.NARROW_BELOW)
        super().resizeEvent(event)

    # -- showing ---------------------------------------------------------------------

    @property
    def fighter(self) -> Fighter | None:
        return self._fighter

    def set_fighter(
        self, gang: Gang | None, fighter: Fighter | None, ruleset: Ruleset | None
    ) -> None:
        """Show a fighter (None: nothing selected); fields being typed in keep their text."""
        self._gang, self._ruleset = gang, ruleset
        self._fighter = fighter if gang is not None and ruleset is not None else None
        fighter = self._fighter
        enabled = fighter is not None
        for child in self.findChildren(QWidget):
            if child is not self.placeholder:
                child.setEnabled(enabled)
        self.placeholder.setVisible(not enabled)
        table = ruleset.table if ruleset is not None else None
        self.profile.set_fighter(fighter, table) if table else self.profile.set_fighter(None)
        if fighter is None or gang is None or ruleset is None:
            self.title.setText("Fighter card")
            self.rating.clear()
            for box in (self.name, self.notes):
                box.clear()
            self.weapons_model.set_weapons([], None)
            for view in (self.modifiers, self.wargear, self.skills, self.injuries):
                view.clear()
            self.slots.clear()
            self.portrait.set_portrait(None)
            return
        self.portrait.set_portrait(fighter.portrait)
        self.title.setText(f"{fighter.name}: {fighter.type or fighter.category.label}")
        committed = ratings.committed_fighter_rating(fighter)
        pending = ratings.pending_fighter_rating(fighter)
        text = f"Fighter Rating {committed}"
        if pending != committed:
            text += f"  (pending {pending} *)"
        self.rating.setText(text)
        self.rating.setToolTip(
            "Committed at founding and in Update Roster; edits change the pending value"
        )
        self._set_text(self.name, fighter.name)
        self._fill_types(gang, ruleset, fighter)
        self.category.setCurrentIndex(list(Category).index(fighter.category))
        self.status.setCurrentIndex(list(FighterStatus).index(fighter.status))
        self.cost.setValue(fighter.cost)
        self.xp.setValue(fighter.xp)
        if self.notes.toPlainText() != fighter.notes:
            self.notes.setPlainText(fighter.notes)
        self._fill_modifiers(fighter, ruleset)
        self.weapons_model.set_weapons(fighter.weapons, ruleset)
        self._fill_slots(fighter, ruleset)
        self.wargear.clear()
        for item in fighter.wargear:
            entry = next((w for w in ruleset.wargear if w.name == item.name), None)
            row = QListWidgetItem(f"{item.name} ({item.cost})")
            row.setToolTip(entry.summary if entry else ruleset.rules_text_for(item.name))
            self.wargear.addItem(row)
        self.skills.clear()
        for skill in fighter.skills:
            row = QListWidgetItem(skill)
            row.setToolTip(ruleset.rules_text_for(skill) or "(no rules text in this ruleset)")
            self.skills.addItem(row)
        self._fill_injuries(fighter, ruleset)
        self._on_weapons_selection_changed(QItemSelection(), QItemSelection())

    @staticmethod
    def _set_text(box: QLineEdit, text: str) -> None:
        if box.text() != text:
            box.setText(text)

    def _fill_types(self, gang: Gang, ruleset: Ruleset, fighter: Fighter) -> None:
        names = [t.name for t in ruleset.fighter_types_for(gang.house)]
        if [self.type.itemText(i) for i in range(self.type.count())] != names:
            self.type.clear()
            self.type.addItems(names)
        self.type.setCurrentIndex(names.index(fighter.type) if fighter.type in names else -1)
        self.type.setEditText(fighter.type)

    def _fill_modifiers(self, fighter: Fighter, ruleset: Ruleset) -> None:
        self.modifiers.clear()
        for modifier in fighter.modifiers:
            summary = modifier.summary(ruleset.table) or "no profile change"
            cost = f", +{modifier.cost} credits" if modifier.cost else ""
            row = QListWidgetItem(f"{modifier.source}: {summary}{cost}")
            row.setToolTip(f"{modifier.kind.value.capitalize()}: {modifier.source}")
            self.modifiers.addItem(row)

    def _fill_injuries(self, fighter: Fighter, ruleset: Ruleset) -> None:
        self.injuries.clear()
        for name in fighter.injuries:
            row = QListWidgetItem(name)
            entry = table_injury(ruleset, name)
            if entry is None:
                tip = "Not in this ruleset's Lasting Injury table"
            else:
                effect = injury_effect(entry)
                tip = entry.summary + (f"\nAs a modifier: {effect}" if effect else "")
            if self._injury_modifier(fighter, name) is None and entry and entry.changes:
                tip += "\nNo matching modifier: the profile does not show this injury"
            row.setToolTip(tip)
            self.injuries.addItem(row)

    @staticmethod
    def _injury_modifier(fighter: Fighter, name: str) -> int | None:
        """Index of the modifier added for this injury from the table, if any."""
        source = roster.INJURY_PREFIX + name
        return next(
            (
                i
                for i, m in enumerate(fighter.modifiers)
                if m.kind is ModifierKind.INJURY and m.source == source
            ),
            None,
        )

    def _fill_slots(self, fighter: Fighter, ruleset: Ruleset) -> None:
        used = roster_ops.slots_used(fighter, ruleset)
        text = f"Weapon slots: {used} of {roster_ops.WEAPON_SLOTS}"
        warning = roster_ops.slot_warning(fighter, ruleset)
        self.slots.setText(text + (": over the limit" if warning else ""))
        self.slots.setStyleSheet("color: #c62828; font-weight: bold;" if warning else "")
        self.slots.setToolTip(warning or "Unwieldy weapons take two slots")

    # -- commands --------------------------------------------------------------------

    def _emit(self, make: Callable[[int, int], Any]) -> None:
        if self._gang is None or self._fighter is None:
            return
        assert self._gang.id is not None and self._fighter.id is not None
        self.sig_command.emit(make(self._gang.id, self._fighter.id))

    def _on_portrait_sig_pick(self) -> None:
        data = pick_picture(self.messages)
        if data is not None:
            self._emit(lambda g, f: roster.SetPortrait(g, f, data))

    def _on_portrait_sig_clear(self) -> None:
        if self._fighter is not None and self._fighter.portrait is not None:
            self._emit(lambda g, f: roster.SetPortrait(g, f, None))

    def _edit(self, **fields: Any) -> None:
        if self._fighter is None:
            return
        changed = {k: v for k, v in fields.items() if getattr(self._fighter, k) != v}
        if changed:
            self._emit(lambda g, f: roster.EditFighter(g, f, changed))

    def _refund(self, question: str, price: int) -> int | None:
        """Credits to give back (0: none), or None when the player cancels."""
        if price <= 0:
            return 0
        refund = f"Refund {price} credits"
        answer = self.messages.ask(
            f"{question} It cost {price} credits.", [refund, "No refund", "Cancel"]
        )
        if answer == refund:
            return price
        return 0 if answer == "No refund" else None

    def _slots_allow(self, weapon: Weapon) -> bool:
        """A custom weapon past the three slots is refused, unless the gang plays house rules."""
        assert self._fighter is not None and self._ruleset is not None
        warning = roster_ops.slot_warning(self._fighter, self._ruleset, adding=weapon)
        if warning is None or (self._gang and self._gang.house_rules_ignore_restrictions):
            return True
        self.messages.tell(f"{warning}: not added.{_OVERRIDE_HINT}")
        return False

    def _on_name_editing_finished(self) -> None:
        if self._fighter is None:
            return
        name = " ".join(self.name.text().split())
        if not name:
            self.messages.tell("A fighter needs a name; the name was not changed.")
            self.name.setText(self._fighter.name)
            return
        self._edit(name=name)

    def _on_type_activated(self, index: int) -> None:
        if self._fighter is None or self._gang is None or self._ruleset is None:
            return
        kind = fighter_type(self._ruleset, self._gang.house, self.type.itemText(index))
        if kind is None or kind.name == self._fighter.type:
            return
        same = (
            kind.category == self._fighter.category
            and kind.cost == self._fighter.cost
            and kind.profile == self._fighter.profile
        )
        take_all = f"Take all of {kind.name}"
        answer = (
            take_all
            if same
            else self.messages.ask(
                f"{kind.name} is a {kind.category.label} at {kind.cost} credits with the profile"
                f" {kind.profile.line(self._ruleset.table)}. Give {self._fighter.name} that"
                " category, base cost and base profile too?",
                [take_all, "Only the type name", "Cancel"],
            )
        )
        if answer is None or answer == "Cancel":
            self.type.setEditText(self._fighter.type)
            return
        if answer == take_all:
            self._edit(type=kind.name, category=kind.category, cost=kind.cost, profile=kind.profile)
        else:
            self._edit(type=kind.name)

    def _on_type_editing_finished(self) -> None:
        if self._fighter is not None:
            self._edit(type=self.type.currentText().strip())

    def _on_category_activated(self, _index: int) -> None:
        self._edit(category=self.category.currentData())

    def _on_status_activated(self, _index: int) -> None:
        self._edit(status=self.status.currentData())

    def _on_cost_editing_finished(self) -> None:
        self._edit(cost=self.cost.value())

    def _on_xp_editing_finished(self) -> None:
        self._edit(xp=self.xp.value())

    def _on_notes_editing_finished(self) -> None:
        self._edit(notes=self.notes.toPlainText())

    def _on_profile_characteristic_edited(self, code: str, value: object) -> None:
        self._emit(lambda g, f: roster.SetCharacteristic(g, f, code, value))  # type: ignore[arg-type]

    def _on_breakdown_clicked(self) -> None:
        if self._fighter is not None and self._fighter.id is not None:
            self.sig_breakdown_requested.emit(self._fighter.id)

    def _on_add_modifier_clicked(self) -> None:
        if self._fighter is None or self._ruleset is None:
            return
        choice = ModifierDialog.ask(self, self._fighter, self._ruleset)
        if choice is not None:
            self._emit(
                lambda g, f: roster.AddModifier(
                    g, f, choice.modifier, choice.spend_xp, choice.injury, choice.skill
                )
            )

    def _on_remove_modifier_clicked(self) -> None:
        row = self.modifiers.currentRow()
        if row < 0:
            self.messages.tell("Select a modifier to remove.")
            return
        self._emit(lambda g, f: roster.RemoveModifier(g, f, row))

    def _on_weapons_selection_changed(self, _s: QItemSelection, _d: QItemSelection) -> None:
        self.add_profile.setEnabled(self._fighter is not None and self._weapon_index() is not None)
        self.remove_weapon.setEnabled(
            self._fighter is not None and self._weapon_index() is not None
        )

    def _selected_weapon_row(self) -> tuple[int, int] | None:
        rows = self.weapons.selectionModel().selectedRows()
        return self.weapons_model.position(rows[0].row()) if rows else None

    def _weapon_index(self) -> int | None:
        position = self._selected_weapon_row()
        return position[0] if position else None

    def _on_buy_weapon_clicked(self) -> None:
        choice = self._ask_armoury("weapons")
        if choice is None:
            return
        assert not isinstance(choice.entry, ArmouryItem)
        weapon = roster_ops.armoury_weapon(choice.entry).model_copy(update={"cost": choice.cost})
        self._emit(lambda g, f: roster.BuyWeapon(g, f, weapon, pay=choice.pay))

    def _ask_armoury(self, kind: Literal["weapons", "wargear"]) -> ArmouryChoice | None:
        """What this fighter may take, at the price charged; a refused pick is explained."""
        if self._fighter is None or self._ruleset is None or self._gang is None:
            return None
        gang, fighter, ruleset = self._gang, self._fighter, self._ruleset
        choice = ArmouryDialog.ask(
            self,
            ruleset,
            kind,
            gang.credits,
            fighter.name,
            fighter=fighter,
            house=gang.house or None,
            ignore_restrictions=gang.house_rules_ignore_restrictions,
            check=lambda picked: purse_refusal(gang, picked),
        )
        if choice is None:
            return None
        verdict = restrictions.check_item_for_gang(ruleset, gang, fighter, choice.entry)
        if not verdict.allowed:
            self.messages.tell(f"{verdict.reason}: not bought.{_OVERRIDE_HINT}")
            return None
        return choice

    def _on_custom_weapon_clicked(self) -> None:
        if self._gang is None:
            return
        choice = WeaponDialog.ask(self, self._gang.credits)
        if choice is not None and self._slots_allow(choice.weapon):
            self._emit(lambda g, f: roster.BuyWeapon(g, f, choice.weapon, pay=choice.pay))

    def _on_add_profile_clicked(self) -> None:
        index = self._weapon_index()
        if index is None or self._fighter is None or self._ruleset is None or self._gang is None:
            self.messages.tell("Select the weapon to add a profile to.")
            return
        weapon = self._fighter.weapons[index]
        offers = roster_ops.paid_profiles(
            roster_ops.armoury_entry(self._ruleset, weapon.name), weapon
        )
        choice = ProfileDialog.ask(self, weapon, offers, self._gang.credits)
        if choice is not None:
            self._emit(
                lambda g, f: roster.AddWeaponProfile(g, f, index, choice.profile, pay=choice.pay)
            )

    def _on_remove_weapon_clicked(self) -> None:
        position = self._selected_weapon_row()
        if position is None or self._fighter is None:
            self.messages.tell("Select a weapon (or one of its profiles) to remove.")
            return
        weapon_index, profile_index = position
        weapon = self._fighter.weapons[weapon_index]
        if profile_index == 0:
            weapon_refund = self._refund(
                f"Remove {weapon.name} from {self._fighter.name}?", weapon.total_cost
            )
            if weapon_refund is not None:
                self._emit(lambda g, f: roster.RemoveWeapon(g, f, weapon_index, weapon_refund))
            return
        profile = weapon.profiles[profile_index]
        refund = self._refund(f"Remove the {profile.name} profile of {weapon.name}?", profile.cost)
        if refund is not None:
            self._emit(
                lambda g, f: roster.RemoveWeaponProfile(g, f, weapon_index, profile_index, refund)
            )

    def _on_buy_wargear_clicked(self) -> None:
        choice = self._ask_armoury("wargear")
        if choice is not None:
            item = Item(name=choice.entry.name, cost=choice.cost)
            self._emit(lambda g, f: roster.BuyWargear(g, f, item, pay=choice.pay))

    def _on_custom_wargear_clicked(self) -> None:
        if self._gang is None:
            return
        choice = ItemDialog.ask(self, self._gang.credits)
        if choice is not None:
            self._emit(lambda g, f: roster.BuyWargear(g, f, choice.item, pay=choice.pay))

    def _on_remove_wargear_clicked(self) -> None:
        row = self.wargear.currentRow()
        if row < 0 or self._fighter is None:
            self.messages.tell("Select the wargear to remove.")
            return
        item = self._fighter.wargear[row]
        refund = self._refund(f"Remove {item.name} from {self._fighter.name}?", item.cost)
        if refund is not None:
            self._emit(lambda g, f: roster.RemoveWargear(g, f, row, refund))

    def _on_add_skill_clicked(self) -> None:
        if self._fighter is None or self._ruleset is None or self._gang is None:
            return
        skill = SkillDialog.ask(self, self._fighter, self._ruleset, self._gang.house)
        if not skill:
            return
        verdict = restrictions.check_skill_for_gang(self._ruleset, self._gang, self._fighter, skill)
        if not verdict.allowed:
            self.messages.tell(f"{verdict.reason}: not added.{_OVERRIDE_HINT}")
            return
        self._emit(lambda g, f: roster.AddSkill(g, f, skill))

    def _on_remove_skill_clicked(self) -> None:
        row = self.skills.currentRow()
        if row < 0:
            self.messages.tell("Select the skill to remove.")
            return
        self._emit(lambda g, f: roster.RemoveSkill(g, f, row))

    def _on_add_injury_clicked(self) -> None:
        if self._fighter is None or self._ruleset is None:
            return
        choice = InjuryDialog.ask(self, self._fighter, self._ruleset)
        if choice is None:
            return
        modifier = choice.modifier
        if modifier is None:
            self._emit(lambda g, f: roster.AddInjury(g, f, choice.name))
        else:
            self._emit(
                lambda g, f: roster.AddModifier(
                    g, f, modifier, injury=choice.name, skill=choice.skill
                )
            )

    def _on_remove_injury_clicked(self) -> None:
        row = self.injuries.currentRow()
        if row < 0 or self._fighter is None:
            self.messages.tell("Select the injury to remove.")
            return
        name = self._fighter.injuries[row]
        modifier = self._injury_modifier(self._fighter, name)
        if modifier is None:
            self._emit(lambda g, f: roster.RemoveInjury(g, f, row))
            return
        both = "Remove the name and its modifier"
        answer = self.messages.ask(
            f"{self._fighter.name} also has the modifier {roster.INJURY_PREFIX}{name}."
            " Remove it too, so the profile no longer shows the injury?",
            [both, "Only the name", "Cancel"],
        )
        if answer == both:
            self._emit(lambda g, f: roster.RemoveModifier(g, f, modifier))
        elif answer == "Only the name":
            self._emit(lambda g, f: roster.RemoveInjury(g, f, row))

    # -- keyboard --------------------------------------------------------------------

    def remove_focused(self) -> bool:
        """Delete key in one of the card's lists: remove its selected entry."""
        focus = self.focusWidget()
        actions = {
            self.modifiers: self._on_remove_modifier_clicked,
            self.weapons: self._on_remove_weapon_clicked,
            self.wargear: self._on_remove_wargear_clicked,
            self.skills: self._on_remove_skill_clicked,
            self.injuries: self._on_remove_injury_clicked,
        }
        for widget, action in actions.items():
            if focus is widget:
                action()
                return True
        return False

    def focus_name(self) -> None:
        self.name.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.name.selectAll()
