"""Found a gang: name, house, ruleset and credits; recruit; equip; check; Finish.

Nothing is written until Finish (Picard's setup wizard): the pages edit one
draft `Gang` in memory, spending its starting credits. Finish founds it
(`rules.ratings.found_gang` commits the first Fighter and Gang Ratings) and
hands it to the window, which stores it as one undoable command.
"""

from __future__ import annotations

from PySide6.QtCore import QSortFilterProxyModel, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QTableView,
    QVBoxLayout,
    QWidget,
    QWizard,
    QWizardPage,
)

from gangmanager.gui.common.messages import Messages
from gangmanager.gui.common.on_return import OnReturn
from gangmanager.gui.common.screen_fit import open_size
from gangmanager.gui.roster.gang_draft import GangDraft
from gangmanager.gui.roster.offer_table_model import OfferTableModel
from gangmanager.gui.roster.recruit_rows import (
    SUBTYPE_HEADERS,
    TYPE_HEADERS,
    fill_row,
    offer_texts,
    table,
    type_texts,
)
from gangmanager.rules import ratings, roster_ops, skill_access
from gangmanager.rules.default_ruleset import DEFAULT_RULESET
from gangmanager.rules.gang import Gang
from gangmanager.rules.limits import MAX_AMOUNT, MAX_FIGHTER_NAME_CHARS, MAX_GANG_NAME_CHARS
from gangmanager.rules.restrictions import Offer
from gangmanager.rules.roster_ops import RosterError
from gangmanager.rules.ruleset import FIGHTER_STATLINE, FighterType
from gangmanager.rules.ruleset_houses import Vehicle
from gangmanager.rules.statline_layout import stat_columns
from gangmanager.rules.vehicles import crews_for, vehicles_for
from gangmanager.services.errors import ServiceError
from gangmanager.services.rulesets import Rulesets

_WARNING_STYLE = "color: #b26a00;"
_ERROR_STYLE = "color: #c62828;"


def _credits_text(draft: GangDraft) -> str:
    return (
        f"Starting credits {draft.starting_credits}, spent {draft.spent}, left {draft.credits_left}"
    )


class GangPage(QWizardPage):
    def __init__(self, draft: GangDraft, rulesets: Rulesets) -> None:
        super().__init__()
        self._draft = draft
        self._rulesets = rulesets
        self.setTitle("The gang")
        self.setSubTitle(
            "Name the gang and pick its rules and house; it starts with these credits."
        )
        self.name = QLineEdit()
        self.name.setMaxLength(MAX_GANG_NAME_CHARS)
        self.name.setPlaceholderText("e.g. The Rust Riders")
        self.name.textChanged.connect(self.completeChanged)
        self.ruleset = QComboBox()
        for ruleset_id in rulesets.ids():
            try:
                label = rulesets.get(ruleset_id).name
            except ServiceError:
                continue
            self.ruleset.addItem(label, ruleset_id)
        self.house = QComboBox()
        self.credits = QSpinBox()
        self.credits.setRange(0, MAX_AMOUNT)
        self.credits.setSingleStep(50)
        self.credits.setSuffix(" credits")
        self.message = QLabel()
        self.message.setStyleSheet(_ERROR_STYLE)
        # What a pack's economy adds to the credits (the 2026 edition's Trade Points).
        self.economy = QLabel()
        self.economy.setWordWrap(True)
        form = QFormLayout(self)
        form.addRow("Gang &name", self.name)
        form.addRow("&Ruleset", self.ruleset)
        form.addRow("&House", self.house)
        form.addRow("Starting &credits", self.credits)
        form.addRow(self.economy)
        form.addRow(self.message)
        self.ruleset.currentIndexChanged.connect(self._on_ruleset_current_index_changed)
        default = self.ruleset.findData(DEFAULT_RULESET)
        self.ruleset.setCurrentIndex(max(default, 0))
        self._on_ruleset_current_index_changed(self.ruleset.currentIndex())

    def _on_ruleset_current_index_changed(self, _index: int) -> None:
        ruleset_id = self.ruleset.currentData()
        if ruleset_id is None:
            return
        ruleset = self._rulesets.get(ruleset_id)
        self.house.clear()
        for house in ruleset.houses:
            self.house.addItem(house.name, house.id)
        self.house.addItem("Other (no house list)", "")
        self.credits.setValue(ruleset.founding_credits)
        self.economy.setText(
            "Trade Points: the gang founds with credits; the Equip page shows each"
            " item's Trade Point price, asked at the Trading Post after founding."
            if ruleset.economy.trade_points
            else ""
        )
        self.economy.setVisible(ruleset.economy.trade_points)

    def isComplete(self) -> bool:
        return bool(self.name.text().strip())

    def validatePage(self) -> bool:
        draft = self._draft
        draft.name = " ".join(self.name.text().split())
        draft.ruleset = self._rulesets.get(self.ruleset.currentData())
        draft.house = self.house.currentText() if self.house.currentData() else ""
        draft.starting_credits = self.credits.value()
        if draft.credits_left < 0:
            self.message.setText(
                f"The fighters already recruited cost {draft.spent}: raise the credits."
            )
            return False
        return True


class RecruitPage(QWizardPage):
    def __init__(self, draft: GangDraft) -> None:
        super().__init__()
        self._draft = draft
        self._types: list[FighterType] = []
        self.setTitle("Recruit")
        # The characteristic columns come with the house's list (initializePage).
        self.types = table(list(TYPE_HEADERS), stretch=False)
        self.recruit_name = QLineEdit()
        self.recruit_name.setMaxLength(MAX_FIGHTER_NAME_CHARS)
        self.recruit_name.setPlaceholderText("Name (empty: the type's name)")
        OnReturn(self.recruit_name, self._on_recruit_clicked)
        self.recruit = QPushButton("&Recruit")
        self.recruit.clicked.connect(self._on_recruit_clicked)
        self.recruits = table(["Name", "Type", "Category", "Cost"])
        self.dismiss = QPushButton("&Dismiss")
        self.dismiss.clicked.connect(self._on_dismiss_clicked)
        self.credits = QLabel()
        self.composition = QLabel()
        self.message = QLabel()
        self.message.setWordWrap(True)
        left = QVBoxLayout()
        # Its text (and the subtitle) name vehicles only for a house that may take them.
        self.offered = QLabel()
        self.offered.setWordWrap(True)  # a long line would widen the page past a small screen
        left.addWidget(self.offered)
        left.addWidget(self.types, 1)
        row = QHBoxLayout()
        row.addWidget(self.recruit_name, 1)
        row.addWidget(self.recruit)
        left.addLayout(row)
        left.addLayout(self._crew_row())
        right = QVBoxLayout()
        right.addWidget(QLabel("The gang"))
        right.addWidget(self.recruits, 1)
        dismiss_row = QHBoxLayout()
        dismiss_row.addWidget(self.composition, 1)
        dismiss_row.addWidget(self.dismiss)
        right.addLayout(dismiss_row)
        columns = QHBoxLayout()
        columns.addLayout(left, 3)
        columns.addLayout(right, 2)
        layout = QVBoxLayout(self)
        layout.addLayout(columns, 1)
        layout.addWidget(self.credits)
        layout.addWidget(self.message)

    def _crew_row(self) -> QHBoxLayout:
        """Who drives the vehicle picked in the list (greyed for a fighter type)."""
        self.crew = QComboBox()
        self.crew.setAccessibleName("Vehicle crew")
        self.crew.setToolTip("Who drives the vehicle; the crew is paid besides it")
        self.types.itemSelectionChanged.connect(self._on_types_item_selection_changed)
        row = QHBoxLayout()
        self.crew_label = QLabel("Vehicle &crew")
        self.crew_label.setBuddy(self.crew)
        row.addWidget(self.crew_label)
        row.addWidget(self.crew, 1)
        return row

    def _name_vehicles(self, offered: bool) -> None:
        """The page's words and the crew box, with vehicles only where the house has some."""
        self.setSubTitle(
            "Pick a fighter type, name the recruit and press Recruit. An Exotic Beast is"
            " bought for the recruit you select on the right (its owner)"
            + ("; a vehicle comes with the crew you choose, paid besides it." if offered else ".")
        )
        self.offered.setText(
            "Fighter types: the house list, then its Hangers-on, Hired Guns, Beasts and"
            " Brutes" + (", then the vehicles it may take" if offered else "")
        )
        self.crew_label.setVisible(offered)
        self.crew.setVisible(offered)

    def initializePage(self) -> None:
        draft = self._draft
        assert draft.ruleset is not None
        ruleset = draft.ruleset
        vehicles = vehicles_for(ruleset, draft.house)
        self._types = [*ruleset.fighter_types_for(draft.house), *vehicles]
        self._name_vehicles(bool(vehicles))
        # The statlines of the list in the pack's order, one column per code (a
        # vehicle's Fr under its own header, its M under the fighters' M).
        named = {kind.statline for kind in self._types} or {FIGHTER_STATLINE}
        stats = stat_columns(ruleset.statline(n) for n in ruleset.statlines if n in named)
        subtypes = bool(ruleset.categories.subtypes)
        lead = SUBTYPE_HEADERS if subtypes else TYPE_HEADERS
        headers = [*lead, *(s.code for s in stats)]
        self.types.setColumnCount(len(headers))
        self.types.setHorizontalHeaderLabels(headers)
        for column, stat in enumerate(stats, start=len(lead)):
            header = self.types.horizontalHeaderItem(column)
            if header is not None:
                header.setToolTip(stat.tooltip)
        self.types.setRowCount(len(self._types))
        for row, kind in enumerate(self._types):
            printed = kind.profile.printed(ruleset.statline(kind.statline))
            texts = type_texts(kind, *offer_texts(ruleset, draft.house, kind), subtypes)
            texts += [printed.get(s.code, "") for s in stats]
            fill_row(self.types, row, texts, kind.summary)
        if self._types:
            self.types.selectRow(0)
        self._on_types_item_selection_changed()
        self._refresh()
        if not self._types:
            self.message.setText(
                "This house has no fighter list in the ruleset: found the gang and recruit"
                " custom fighters in the roster editor (Ctrl+N)."
            )

    def _refresh(self, problem: str = "") -> None:
        fighters = self._draft.fighters
        self.recruits.setRowCount(len(fighters))
        for row, fighter in enumerate(fighters):
            texts = [fighter.name, fighter.type, fighter.category.label, str(fighter.cost)]
            fill_row(self.recruits, row, texts)
        self.credits.setText(_credits_text(self._draft))
        counts = roster_ops.composition_counts(self._draft.gang())
        self.composition.setText(
            f"Leader {counts.leaders}  ·  Champions {counts.champions}"
            f"  ·  Gang Fighters {counts.gang_fighters}"
        )
        warnings = roster_ops.composition_warnings(self._draft.gang())
        if problem:
            self.message.setStyleSheet(_ERROR_STYLE)
            self.message.setText(problem)
        else:
            self.message.setStyleSheet(_WARNING_STYLE)
            self.message.setText("\n".join(warnings) if fighters else "")

    def _picked_type(self) -> FighterType | None:
        rows = self.types.selectionModel().selectedRows()
        return self._types[rows[0].row()] if rows else None

    def _on_types_item_selection_changed(self) -> None:
        kind, draft = self._picked_type(), self._draft
        self.crew.clear()
        if isinstance(kind, Vehicle) and draft.ruleset is not None:
            house = draft.ruleset.house(draft.house) if draft.house else None
            for crew in crews_for(draft.ruleset, kind, house):
                self.crew.addItem(f"{crew.name} ({crew.cost} credits)", crew.name)
        self.crew.setEnabled(self.crew.count() > 0)

    def _on_recruit_clicked(self) -> None:
        kind = self._picked_type()
        if kind is None:
            self._refresh("Pick a fighter type first.")
            return
        # An Exotic Beast is bought for the recruit selected on the right (its owner).
        chosen = self.recruits.selectionModel().selectedRows()
        owner = self._draft.fighters[chosen[0].row()].id if chosen else None
        name = self.recruit_name.text()
        try:
            if isinstance(kind, Vehicle):
                self._draft.recruit_vehicle(kind.name, self.crew.currentData(), name)
            else:
                self._draft.recruit(kind, name, owner)
        except RosterError as exc:
            self._refresh(str(exc))
            return
        self.recruit_name.clear()
        self._refresh()

    def _on_dismiss_clicked(self) -> None:
        rows = self.recruits.selectionModel().selectedRows()
        if rows:
            del self._draft.fighters[rows[0].row()]
        self._refresh()


class EquipPage(QWizardPage):
    def __init__(self, draft: GangDraft) -> None:
        super().__init__()
        self._draft = draft
        self.setTitle("Equip")
        self.setSubTitle(
            "Pick a fighter, then buy for them: their house list first (list price), then"
            " the Trading Post's items (Rare and Illegal ones come after battles). Leaders"
            " and Champions choose the Primary skill their list gives recruits."
        )
        self._build_armoury()
        self._build_skills()
        self._lay_out()

    def _build_armoury(self) -> None:
        """The fighters, the armoury (filtered as typed) and what each fighter carries."""
        self.fighters = QListWidget()
        self.fighters.currentRowChanged.connect(self._on_fighters_current_row_changed)
        self.filter = QLineEdit()
        self.filter.setPlaceholderText("Filter the armoury")
        self.filter.setClearButtonEnabled(True)
        self.armoury = QTableView()
        self.armoury.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.armoury.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.armoury.verticalHeader().hide()
        self.armoury.verticalHeader().setDefaultSectionSize(24)
        self.armoury.doubleClicked.connect(self._on_buy_clicked)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.proxy.setFilterKeyColumn(0)
        self.filter.textChanged.connect(self.proxy.setFilterFixedString)
        self.armoury.setModel(self.proxy)
        self.armoury.selectionModel().selectionChanged.connect(self._on_armoury_selection_changed)
        OnReturn(self.filter, self._on_filter_return)
        self.buy = QPushButton("&Buy for the fighter")
        self.buy.clicked.connect(self._on_buy_clicked)
        self.gear = QListWidget()
        self.unequip = QPushButton("&Take back")
        self.unequip.clicked.connect(self._on_unequip_clicked)

    def _build_skills(self) -> None:
        # Leaders and Champions choose their recruit's Primary skill here (free).
        self.skills_label = QLabel()
        self.skills = QListWidget()
        self.skills.setMaximumHeight(72)  # a recruit takes one or two
        self.skill_choice = QComboBox()
        self.skill_choice.setAccessibleName("Primary skill to take")
        self.take_skill = QPushButton("Take &skill")
        self.take_skill.clicked.connect(self._on_take_skill_clicked)
        self.drop_skill = QPushButton("Drop s&kill")
        self.drop_skill.clicked.connect(self._on_drop_skill_clicked)
        self.credits = QLabel()
        self.message = QLabel()
        self.message.setWordWrap(True)

    def _lay_out(self) -> None:
        left = QVBoxLayout()
        left.addWidget(QLabel("Fighters"))
        left.addWidget(self.fighters, 1)
        left.addWidget(QLabel("Their equipment"))
        left.addWidget(self.gear, 1)
        left.addWidget(self.unequip)
        left.addWidget(self.skills_label)
        left.addWidget(self.skills)
        skill_row = QHBoxLayout()
        skill_row.addWidget(self.skill_choice, 1)
        skill_row.addWidget(self.take_skill)
        skill_row.addWidget(self.drop_skill)
        left.addLayout(skill_row)
        right = QVBoxLayout()
        right.addWidget(self.filter)
        right.addWidget(self.armoury, 1)
        right.addWidget(self.buy)
        columns = QHBoxLayout()
        columns.addLayout(left, 2)
        columns.addLayout(right, 3)
        layout = QVBoxLayout(self)
        layout.addLayout(columns, 1)
        layout.addWidget(self.credits)
        layout.addWidget(self.message)

    def initializePage(self) -> None:
        assert self._draft.ruleset is not None
        self.model = OfferTableModel([])
        self.proxy.setSourceModel(self.model)
        self.armoury.setModel(self.proxy)
        header = self.armoury.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.fighters.clear()
        for fighter in self._draft.fighters:
            self.fighters.addItem(QListWidgetItem(fighter.name))
        if self._draft.fighters:
            self.fighters.setCurrentRow(0)
        self._refresh()

    def _refresh(self, problem: str = "") -> None:
        row = self.fighters.currentRow()
        self.gear.clear()
        if 0 <= row < len(self._draft.fighters):
            fighter = self._draft.fighters[row]
            for weapon in fighter.weapons:
                self.gear.addItem(f"{weapon.name} ({weapon.total_cost})")
            for item in fighter.wargear:
                self.gear.addItem(f"{item.name} ({item.cost})")
        self._refresh_skills(row)
        self.credits.setText(_credits_text(self._draft))
        warnings = [] if problem else self._draft.warnings()
        self.message.setStyleSheet(_ERROR_STYLE if problem else _WARNING_STYLE)
        self.message.setText(problem or "\n".join(warnings))

    def _refresh_skills(self, row: int) -> None:
        draft, ruleset = self._draft, self._draft.ruleset
        self.skills.clear()
        self.skill_choice.clear()
        fighter = draft.fighters[row] if 0 <= row < len(draft.fighters) else None
        owed = 0
        if fighter is not None and ruleset is not None:
            house = draft.house or None
            self.skills.addItems(fighter.skills)
            owed = skill_access.recruit_skills_owed(ruleset, house, fighter)
            if owed:
                self.skill_choice.addItems(
                    skill_access.recruit_skill_choices(ruleset, house, fighter)
                )
        held = fighter is not None and bool(fighter.skills)
        self.skills_label.setText(
            f"Skills: {owed} Primary to choose as a recruit" if owed else "Skills"
        )
        for widget in (self.skill_choice, self.take_skill):
            widget.setEnabled(bool(owed))
        self.drop_skill.setEnabled(held)

    def _on_take_skill_clicked(self) -> None:
        row, skill = self.fighters.currentRow(), self.skill_choice.currentText()
        if row < 0 or not skill:
            return
        try:
            self._draft.take_skill(row, skill)
        except RosterError as exc:
            self._refresh(str(exc))
            return
        self._refresh()

    def _on_drop_skill_clicked(self) -> None:
        row, skill = self.fighters.currentRow(), self.skills.currentRow()
        if row >= 0 and skill >= 0:
            self._draft.drop_skill(row, skill)
        self._refresh()

    def _on_filter_return(self) -> None:
        if self.proxy.rowCount():
            self.armoury.selectRow(0)
            self.armoury.setFocus()

    def _picked_offer(self) -> Offer | None:
        picked = self.armoury.selectionModel().selectedRows() if self.armoury.model() else []
        return self.model.offer(self.proxy.mapToSource(picked[0]).row()) if picked else None

    def _on_armoury_selection_changed(self, *_: object) -> None:
        # A greyed item says why as soon as it is picked, before any Buy.
        offer = self._picked_offer()
        if offer is not None and not offer.verdict.allowed:
            self._refresh(f"{offer.verdict.reason}.")
        else:
            self._refresh()

    def _on_fighters_current_row_changed(self, row: int) -> None:
        # Each fighter type has its own list: the offers follow the fighter.
        offers = self._draft.offers(row) if 0 <= row < len(self._draft.fighters) else []
        ruleset = self._draft.ruleset
        self.model = OfferTableModel(offers, ruleset.weapon_statline if ruleset else None)
        self.proxy.setSourceModel(self.model)
        self._refresh()

    def _on_buy_clicked(self) -> None:
        row = self.fighters.currentRow()
        offer = self._picked_offer()
        if row < 0 or offer is None:
            self._refresh("Pick a fighter and an item first.")
            return
        entry = offer.entry
        try:
            self._draft.buy(row, entry)
        except RosterError as exc:
            self._refresh(str(exc))
            return
        self._refresh()

    def _on_unequip_clicked(self) -> None:
        row, gear = self.fighters.currentRow(), self.gear.currentRow()
        if row >= 0 and gear >= 0:
            self._draft.unequip(row, gear)
        self._refresh()


class SummaryPage(QWizardPage):
    def __init__(self, draft: GangDraft, messages: Messages) -> None:
        super().__init__()
        self._draft = draft
        self._messages = messages
        self.setTitle("Check and found the gang")
        self.setSubTitle("Finish stores the gang and commits its first Fighter and Gang Ratings.")
        self.summary = QPlainTextEdit()
        self.summary.setReadOnly(True)
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setStyleSheet(_WARNING_STYLE)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary, 1)
        layout.addWidget(self.message)

    def initializePage(self) -> None:
        draft = self._draft
        gang = ratings.found_gang(draft.gang())
        lines = [
            f"{gang.name}: {gang.house or 'no house'}, {draft.ruleset.name if draft.ruleset else ''}",
            "",
        ]
        for fighter in gang.fighters:
            gear = ", ".join(
                [w.name for w in fighter.weapons]
                + [i.name for i in fighter.wargear]
                + [f"skill {skill}" for skill in fighter.skills]
            )
            lines.append(
                f"{fighter.name} - {fighter.type} ({fighter.category.label}):"
                f" Fighter Rating {fighter.rating}" + (f"; {gear}" if gear else "")
            )
        lines += ["", f"Gang Rating {gang.rating}", _credits_text(draft)]
        self.summary.setPlainText("\n".join(lines))
        warnings = draft.warnings()
        self.message.setText("\n".join(warnings) if warnings else "No composition problems.")

    def validatePage(self) -> bool:
        warnings = self._draft.warnings()
        if not warnings:
            return True
        return self._messages.confirm(
            "\n".join(warnings) + "\n\nFound the gang anyway? You can change it later.",
            "Found anyway",
        )


class NewGangWizard(QWizard):
    def __init__(
        self, rulesets: Rulesets, messages: Messages, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("New gang")
        self.setWizardStyle(QWizard.WizardStyle.ClassicStyle)
        self.draft = GangDraft()
        self.gang_page = GangPage(self.draft, rulesets)
        self.recruit_page = RecruitPage(self.draft)
        self.equip_page = EquipPage(self.draft)
        self.summary_page = SummaryPage(self.draft, messages)
        for page in (self.gang_page, self.recruit_page, self.equip_page, self.summary_page):
            self.addPage(page)
        open_size(self, 1040, 660)

    def founded_gang(self) -> Gang:
        """The gang as Finish stores it, its first ratings committed."""
        return ratings.found_gang(self.draft.gang())

    @classmethod
    def ask(cls, parent: QWidget | None, rulesets: Rulesets, messages: Messages) -> Gang | None:
        wizard = cls(rulesets, messages, parent)
        return wizard.founded_gang() if wizard.exec() == QWizard.DialogCode.Accepted else None
