"""What a fighter may buy: the house list first, then the Trading Post, with the price charged.

Rows are `rules.restrictions.Offer`s. A refused row stays in the table, greyed,
so the player sees why (the reason is its tooltip and the dialog's message).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor

from gangmanager.gui.common.rows_table_model import RowsTableModel
from gangmanager.rules.restrictions import Offer, sold_at_trading_post
from gangmanager.rules.ruleset import ArmouryWeapon

HEADERS = ("Name", "Kind", "From", "Price", "Availability")
PRICE_COLUMN = 3
_SOURCES = {"list": "House list", "trading_post": "Trading Post", "unknown": "-"}
_REFUSED = QColor(150, 150, 150)
_OVERRIDDEN = QColor(160, 90, 0)


def profiles_text(entry: ArmouryWeapon) -> str:
    lines = []
    for p in entry.profiles:
        label = p.name or "standard"
        extra = f" (+{p.cost})" if p.cost else ""
        traits = ", ".join(str(t) for t in p.traits) or "-"
        lines.append(
            f"{label}{extra}: {p.rng_s}/{p.rng_l} {p.acc_s}/{p.acc_l} S{p.strength}"
            f" AP{p.ap} D{p.d} Am{p.am}; {traits}"
        )
    return "\n".join(lines)


def source_label(offer: Offer) -> str:
    return _SOURCES[offer.verdict.source]


class OfferTableModel(RowsTableModel[Offer]):
    HEADERS = HEADERS

    def offer(self, row: int) -> Offer:
        return self.row_object(row)

    def cell(self, offer: Offer, column: int, role: int) -> object:
        entry, verdict = offer.entry, offer.verdict
        if role == Qt.ItemDataRole.DisplayRole:
            kind = entry.kind.replace("_", " ")
            rarity = offer.availability.label or "-"
            # Kit the Trading Post does not sell has no price there: never a "0".
            unsold = verdict.source == "trading_post" and not sold_at_trading_post(entry)
            price, source = ("-", "-") if unsold else (str(verdict.price), source_label(offer))
            return (entry.name, kind, source, price, rarity)[column]
        if role == Qt.ItemDataRole.UserRole and column == PRICE_COLUMN:
            return verdict.price  # sorts by number, not by text
        if role == Qt.ItemDataRole.ToolTipRole:
            parts = [verdict.reason] if verdict.reason else []
            if entry.summary:
                parts.append(entry.summary)
            if isinstance(entry, ArmouryWeapon):
                parts.append(profiles_text(entry))
            elif entry.changes:
                parts.append(", ".join(f"{c}: {v:+d}" for c, v in entry.changes.items()))
            return "\n".join(parts) or None
        if role == Qt.ItemDataRole.ForegroundRole:
            if not verdict.allowed:
                return QBrush(_REFUSED)
            if verdict.overridden:
                return QBrush(_OVERRIDDEN)
            return None
        if role == Qt.ItemDataRole.TextAlignmentRole and column == PRICE_COLUMN:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None
