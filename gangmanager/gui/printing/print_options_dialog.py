"""Asks what to print: which cards, the roster sheet, the layout, the paper, footnotes."""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from gangmanager.gui.common.screen_fit import open_size
from gangmanager.printing.card_pages import CardLayout
from gangmanager.printing.document import PrintRequest
from gangmanager.printing.geometry import A4, LETTER, Paper


class CardScope(StrEnum):
    FIGHTER = "fighter"
    SELECTION = "selection"
    GANG = "gang"
    NONE = "none"


LAYOUT_LABELS = {
    CardLayout.CLASSIC: "Classic cards: three a page, with cut lines",
    CardLayout.PAGE: "One card a page",
}
PAPERS: tuple[Paper, ...] = (A4, LETTER)


class PrintOptionsDialog(QDialog):
    def __init__(
        self,
        fighter: str | None,
        selected: Sequence[str],
        everyone: Sequence[str],
        scope: CardScope = CardScope.FIGHTER,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Print")
        self._fighter = fighter
        self._selected = tuple(selected)
        self._everyone = tuple(everyone)

        cards = self._build_scope_group(fighter, scope)
        self._build_checks()
        form = self._build_page_form()

        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(cards)
        layout.addWidget(self.roster_check)
        layout.addLayout(form)
        layout.addWidget(self.footnotes_check)
        layout.addWidget(self.glossary_check)
        layout.addWidget(self.buttons)
        self._group.buttonToggled.connect(self._on_group_button_toggled)
        self.roster_check.toggled.connect(self._on_roster_check_toggled)
        self._update_ok()
        self._update_glossary()
        open_size(self)

    def _build_scope_group(self, fighter: str | None, scope: CardScope) -> QGroupBox:
        """Whose cards: this fighter, the selected ones, everyone or none; the first one
        open to the player checked when `scope` is not."""
        cards = QGroupBox("Fighter cards")
        cards_layout = QVBoxLayout(cards)
        self.scope_buttons: dict[CardScope, QRadioButton] = {
            CardScope.FIGHTER: QRadioButton(
                f"&This fighter: {fighter}" if fighter else "This fighter"
            ),
            CardScope.SELECTION: QRadioButton(f"&Selected fighters ({len(self._selected)})"),
            CardScope.GANG: QRadioButton(f"&Every fighter on the roster ({len(self._everyone)})"),
            CardScope.NONE: QRadioButton("&No cards"),
        }
        self.scope_buttons[CardScope.FIGHTER].setEnabled(fighter is not None)
        self.scope_buttons[CardScope.SELECTION].setEnabled(bool(self._selected))
        self.scope_buttons[CardScope.GANG].setEnabled(bool(self._everyone))
        self._group = QButtonGroup(self)
        for button in self.scope_buttons.values():
            self._group.addButton(button)
            cards_layout.addWidget(button)
        start = scope if self.scope_buttons[scope].isEnabled() else None
        start = start or next(
            (s for s, b in self.scope_buttons.items() if b.isEnabled()), CardScope.NONE
        )
        self.scope_buttons[start].setChecked(True)
        return cards

    def _build_checks(self) -> None:
        """The roster sheet, the footnotes and the shared glossary page."""
        self.roster_check = QCheckBox("&Roster sheet (first page)")
        self.footnotes_check = QCheckBox("&Footnotes: base value and source of each modified value")
        self.footnotes_check.setChecked(True)
        # On for a roster's cards, off for one fighter's, until the player sets it.
        self.glossary_check = QCheckBox(
            "One shared rules &glossary page after the cards (cards fit one face more often)"
        )
        self.glossary_check.setObjectName("shared_glossary")
        self._glossary_set_by_player = False
        self.glossary_check.clicked.connect(self._on_glossary_check_clicked)

    def _build_page_form(self) -> QFormLayout:
        """The card layout and the paper, each with its labelled combo box."""
        self.layout_combo = QComboBox()
        for card_layout, label in LAYOUT_LABELS.items():
            self.layout_combo.addItem(label, card_layout.value)
        self.paper_combo = QComboBox()
        for paper in PAPERS:
            self.paper_combo.addItem(paper.name, paper.name)
        form = QFormLayout()
        layout_label = QLabel("&Layout:")
        layout_label.setBuddy(self.layout_combo)
        paper_label = QLabel("&Paper:")
        paper_label.setBuddy(self.paper_combo)
        form.addRow(layout_label, self.layout_combo)
        form.addRow(paper_label, self.paper_combo)
        return form

    @classmethod
    def ask(
        cls,
        parent: QWidget | None,
        fighter: str | None,
        selected: Sequence[str],
        everyone: Sequence[str],
        scope: CardScope = CardScope.FIGHTER,
    ) -> PrintRequest | None:
        dialog = cls(fighter, selected, everyone, scope, parent)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.request()

    def scope(self) -> CardScope:
        return next(s for s, b in self.scope_buttons.items() if b.isChecked())

    def request(self) -> PrintRequest:
        names = {
            CardScope.FIGHTER: (self._fighter,) if self._fighter else (),
            CardScope.SELECTION: self._selected,
            CardScope.GANG: self._everyone,
            CardScope.NONE: (),
        }[self.scope()]
        paper = next(p for p in PAPERS if p.name == self.paper_combo.currentData())
        return PrintRequest(
            fighters=tuple(names),
            roster=self.roster_check.isChecked(),
            layout=CardLayout(self.layout_combo.currentData()),
            paper=paper,
            footnotes=self.footnotes_check.isChecked(),
            shared_glossary=self.glossary_check.isChecked(),
        )

    def _update_ok(self) -> None:
        wanted = self.scope() is not CardScope.NONE or self.roster_check.isChecked()
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(wanted)
        ok.setToolTip("" if wanted else "Choose some cards or the roster sheet.")

    def _update_glossary(self) -> None:
        scope = self.scope()
        self.glossary_check.setEnabled(scope is not CardScope.NONE)
        if not self._glossary_set_by_player:
            self.glossary_check.setChecked(scope is CardScope.GANG)

    def _on_glossary_check_clicked(self, *_: object) -> None:
        self._glossary_set_by_player = True

    def _on_group_button_toggled(self, *_: object) -> None:
        self._update_ok()
        self._update_glossary()

    def _on_roster_check_toggled(self, *_: object) -> None:
        self._update_ok()
