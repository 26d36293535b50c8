"""The gang header: name, house, ruleset, credits, reputation, stash; the Gang Rating and
wealth are buttons that show their breakdown."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from gangmanager.rules import ratings
from gangmanager.rules.gang import Gang
from gangmanager.rules.restrictions import roster_warnings
from gangmanager.rules.ruleset import Ruleset
from gangmanager.services.demo import DEMO_NOTES, is_demo


class GangHeader(QWidget):
    sig_rating_clicked = Signal()
    sig_wealth_clicked = Signal()
    sig_details_clicked = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._build_labels()
        self._build_buttons()
        self._lay_out()
        self.set_gang(None, None)

    def _build_labels(self) -> None:
        self.name = QLabel()
        font = QFont(self.name.font())
        font.setPointSizeF(font.pointSizeF() * 1.5)
        font.setBold(True)
        self.name.setFont(font)
        self.house = QLabel()
        # Shown only when the gang ignores list and access restrictions.
        self.house_rules = _badge(
            "House rules: no list or access restrictions",
            "gang_house_rules",
            "color: #8a4b00; background: #fff3d6; border: 1px solid #e0b860;",
        )
        self.house_rules.setToolTip(
            "This gang ignores the house equipment lists, weapon slots, availability and"
            " skill access (change it in Details...)"
        )
        self.demo = _badge(
            "Demo gang",
            "gang_demo",
            "color: #1a4f8a; background: #e3efff; border: 1px solid #8fb5e6;",
        )
        self.demo.setToolTip(DEMO_NOTES)
        # What the roster breaks (an imported gang with two Leaders): shown, never refused.
        self.warnings = _badge(
            "", "gang_warnings", "color: #8a1f00; background: #ffe6de; border: 1px solid #e09a80;"
        )
        self.warnings.setWordWrap(True)
        self.facts = QLabel()
        self.facts.setObjectName("gang_facts")
        # Wrapping, so the header never makes the window wider than a 1024-pixel screen.
        for label in (self.house, self.facts):
            label.setWordWrap(True)
        self.name.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        self.name.setMinimumWidth(80)

    def _build_buttons(self) -> None:
        self.rating = QPushButton()
        self.rating.setObjectName("gang_rating")
        self.rating.setToolTip("Committed Gang Rating: click for the breakdown")
        self.rating.clicked.connect(self.sig_rating_clicked)
        self.wealth = QPushButton()
        self.wealth.setObjectName("gang_wealth")
        self.wealth.setToolTip("Gang Rating + credits + stash: click for the breakdown")
        self.wealth.clicked.connect(self.sig_wealth_clicked)
        self.details = QPushButton("&Details...")
        self.details.setToolTip("Name, credits, reputation and notes")
        self.details.clicked.connect(self.sig_details_clicked)

    def _lay_out(self) -> None:
        first = QHBoxLayout()
        first.addWidget(self.name)
        first.addWidget(self.house, 1)
        first.addWidget(self.house_rules)
        first.addWidget(self.demo)
        first.addStretch(1)
        first.addWidget(self.rating)
        first.addWidget(self.wealth)
        second = QHBoxLayout()
        second.addWidget(self.facts, 1)
        self._buttons_at = second.count()
        second.addWidget(self.details)
        self.second = second
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 0, 4, 0)
        layout.setSpacing(2)
        layout.addLayout(first)
        layout.addWidget(self.warnings)
        layout.addLayout(second)

    def add_buttons(self, *buttons: QWidget) -> None:
        """Buttons on the facts line, before Details... (the roster's New fighter, Remove)."""
        for offset, button in enumerate(buttons):
            self.second.insertWidget(self._buttons_at + offset, button)
        self._buttons_at += len(buttons)

    def set_gang(self, gang: Gang | None, ruleset: Ruleset | None) -> None:
        for button in (self.rating, self.wealth, self.details):
            button.setEnabled(gang is not None)
        self.house_rules.setVisible(gang is not None and gang.house_rules_ignore_restrictions)
        self.demo.setVisible(gang is not None and is_demo(gang))
        warnings = roster_warnings(gang, ruleset) if gang is not None else []
        self.warnings.setText("Warning: " + "  ·  ".join(warnings) if warnings else "")
        self.warnings.setToolTip(
            "The roster breaks its list's rules (an imported gang may): fix it in the roster"
            if warnings
            else ""
        )
        self.warnings.setVisible(bool(warnings))
        if gang is None:
            self.name.setText("No gang selected")
            self.house.clear()
            self.facts.setText("Create a gang with Ctrl+Shift+N, or import one with Ctrl+I.")
            self.rating.setText("Gang Rating -")
            self.wealth.setText("Wealth -")
            return
        self.name.setText(gang.name)
        ruleset_name = ruleset.name if ruleset else gang.ruleset
        # Each part kept whole (no-break spaces): a narrow header wraps between them only.
        parts = (gang.house or "No house", ruleset_name)
        self.house.setText("  ·  ".join(p.replace(" ", "\u00a0") for p in parts))
        stash = len(gang.stash)
        self.facts.setText(
            f"Credits {gang.credits}   ·   Reputation {gang.reputation}   ·   "
            f"Stash {stash} item{'s' if stash != 1 else ''}   ·   "
            f"{len(gang.fighters)} fighter{'s' if len(gang.fighters) != 1 else ''}"
        )
        committed = ratings.committed_gang_rating(gang)
        pending = ratings.pending_gang_rating(gang)
        text = f"Gang Rating {committed}"
        if pending != committed:
            text += f"  (pending {pending} *)"
        self.rating.setText(text)
        wealth = ratings.wealth(gang)
        pending_wealth = ratings.wealth(gang, pending=True)
        text = f"Wealth {wealth}"
        if pending_wealth != wealth:
            text += f"  (pending {pending_wealth} *)"
        self.wealth.setText(text)
        self.wealth.setToolTip(wealth_tip(wealth, pending_wealth))


def wealth_tip(committed: int, pending: int) -> str:
    text = (
        f"Wealth {committed}: the committed Gang Rating + credits + the stash's worth."
        " Click for the breakdown."
    )
    if pending != committed:
        text += (
            f"\nPending {pending}: with the Gang Rating as the roster stands now."
            " It becomes the committed value at the next Update Roster."
        )
    return text + (
        "\nBuying for a fighter lowers the committed wealth at once: the credits leave now,"
        " while the item counts in the Gang Rating only from the next Update Roster (the"
        " pending value already counts it). Bought for the stash, it counts at its price"
        " straight away."
    )


def _badge(text: str, name: str, colours: str) -> QLabel:
    """A coloured tag of the header, hidden until the gang needs it."""
    label = QLabel(text)
    label.setObjectName(name)
    label.setStyleSheet(colours + " border-radius: 3px; padding: 0 4px;")
    label.hide()
    return label
