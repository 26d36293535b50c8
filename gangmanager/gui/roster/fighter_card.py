"""The fighter card's widgets and their layout: the fields, the profile, the weapons and the lists.

`FighterEditor` (fighter_editor.py) derives from it and adds what the card does:
showing a fighter and turning each finished entry into a roster command. The
card lays itself out for its width (`_arrange`).
"""

from __future__ import annotations

from itertools import pairwise
from typing import TYPE_CHECKING

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
    QPlainTextEdit,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from gangmanager.gui.common.portrait_box import PortraitBox
from gangmanager.gui.roster.profile_editor import ProfileEditor
from gangmanager.gui.roster.weapons_model import TRAITS_COLUMN, WeaponsTableModel
from gangmanager.rules.gang import Category, FighterStatus
from gangmanager.rules.limits import MAX_AMOUNT, MAX_FIGHTER_NAME_CHARS


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


class FighterCard(QWidget):
    """The card's widgets, built once; the editor's slots are connected as they are made."""

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

    def _build_type(self) -> QComboBox:
        """The fighter type: one of the house's, or the player's own typed in."""
        kind = QComboBox()
        kind.setEditable(True)
        kind.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        kind.setToolTip("Pick a type of the gang's house, or type your own")
        kind.activated.connect(self._on_type_activated)
        line_edit = kind.lineEdit()
        assert line_edit is not None
        line_edit.editingFinished.connect(self._on_type_editing_finished)
        return kind

    def _build_fields(self) -> QGridLayout:
        """Name, type, category, status, cost, XP (and the notes, laid out with the lists)."""
        self.name = QLineEdit()
        self.name.setMaxLength(MAX_FIGHTER_NAME_CHARS)
        self.name.setObjectName("fighter_name")
        self.name.editingFinished.connect(self._on_name_editing_finished)
        self.type = self._build_type()
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
        # An Exotic Beast's owner, by their name as it is now (hidden for everyone else).
        self.owner = _hidden_line("fighter_owner")
        fields.addWidget(self.owner, 3, 0, 1, 4)
        # A ranks pack's rank and owed advancements, and the type's subtypes (n26; hidden
        # in a pack without them).
        self.standing = _hidden_line("fighter_standing")
        self.standing.setWordWrap(True)
        fields.addWidget(self.standing, 4, 0, 1, 4)
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
        self._traits_column = TRAITS_COLUMN
        # Another pack's weapon columns move the traits: the stretch follows them.
        self.weapons_model.modelReset.connect(self._on_weapons_model_model_reset)
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

    def _on_weapons_model_model_reset(self) -> None:
        traits = self.weapons_model.traits_column
        if traits != self._traits_column:
            header = self.weapons.horizontalHeader()
            header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
            header.setSectionResizeMode(traits, QHeaderView.ResizeMode.Stretch)
            self._traits_column = traits

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

    if TYPE_CHECKING:
        # FighterEditor's slots.
        def _on_add_injury_clicked(self) -> None: ...
        def _on_add_modifier_clicked(self) -> None: ...
        def _on_add_profile_clicked(self) -> None: ...
        def _on_add_skill_clicked(self) -> None: ...
        def _on_breakdown_clicked(self) -> None: ...
        def _on_buy_wargear_clicked(self) -> None: ...
        def _on_buy_weapon_clicked(self) -> None: ...
        def _on_category_activated(self, _index: int) -> None: ...
        def _on_cost_editing_finished(self) -> None: ...
        def _on_custom_wargear_clicked(self) -> None: ...
        def _on_custom_weapon_clicked(self) -> None: ...
        def _on_name_editing_finished(self) -> None: ...
        def _on_notes_editing_finished(self) -> None: ...
        def _on_portrait_sig_clear(self) -> None: ...
        def _on_portrait_sig_pick(self) -> None: ...
        def _on_profile_characteristic_edited(self, code: str, value: object) -> None: ...
        def _on_remove_injury_clicked(self) -> None: ...
        def _on_remove_modifier_clicked(self) -> None: ...
        def _on_remove_skill_clicked(self) -> None: ...
        def _on_remove_wargear_clicked(self) -> None: ...
        def _on_remove_weapon_clicked(self) -> None: ...
        def _on_status_activated(self, _index: int) -> None: ...
        def _on_type_activated(self, index: int) -> None: ...
        def _on_type_editing_finished(self) -> None: ...
        def _on_weapons_selection_changed(self, _s: QItemSelection, _d: QItemSelection) -> None: ...
        def _on_xp_editing_finished(self) -> None: ...


def _hidden_line(name: str) -> QLabel:
    """A card line shown only for the fighters it applies to."""
    label = QLabel()
    label.setObjectName(name)
    label.setVisible(False)
    return label
