"""What a fighter may buy: the house list first, then the Trading Post, with the price charged.

Rows are `rules.restrictions.Offer`s. A refused row stays in the table, greyed,
so the player sees why (the reason is its tooltip and the dialog's message).
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor

from gangmanager.gui.common.rows_table_model import RowsTableModel
from gangmanager.rules.restrictions import Offer, sold_at_trading_post
from gangmanager.rules.ruleset import ArmouryWeapon
from gangmanager.rules.shapes import N23_WEAPON_STATLINE, WeaponColumn

HEADERS = ("Name", "Kind", "From", "Price", "Availability")
PRICE_COLUMN = 3
_SOURCES = {"list": "House list", "trading_post": "Trading Post", "unknown": "-"}
_REFUSED = QColor(150, 150, 150)
_OVERRIDDEN = QColor(160, 90, 0)


def profiles_text(entry: ArmouryWeapon, columns: Sequence[WeaponColumn] | None = None) -> str:
    """Each profile on a line: n23's as it always read, another pack's weapon columns
    each by its heading ('SR 8" LR 24" Str 3 AP - L 1')."""
    lines = []
    for p in entry.profiles:
        label = p.name or "standard"
        extra = f" (+{p.cost})" if p.cost else ""
        traits = ", ".join(str(t) for t in p.traits) or "-"
        if columns is None or tuple(columns) == N23_WEAPON_STATLINE:
            stats = (
                f"{p.rng_s}/{p.rng_l} {p.acc_s}/{p.acc_l} S{p.strength} AP{p.ap} D{p.d} Am{p.am}"
            )
        else:
            stats = " ".join(f"{c.header} {p.value(c.stored_in)}" for c in columns)
        lines.append(f"{label}{extra}: {stats}; {traits}")
    return "\n".join(lines)


def source_label(offer: Offer) -> str:
    return _SOURCES[offer.verdict.source]


class OfferTableModel(RowsTableModel[Offer]):
    HEADERS = HEADERS

    def __init__(
        self, offers: Sequence[Offer] = (), weapon_statline: Sequence[WeaponColumn] | None = None
    ) -> None:
        super().__init__(offers)
        # The pack's weapon columns, for the profiles' tooltips (None: n23's).
        self._columns = weapon_statline

    def offer(self, row: int) -> Offer:
        return self.row_object(row)

    def cell(self, offer: Offer, column: int, role: int) -> object:
        entry, verdict = offer.entry, offer.verdict
        if role == Qt.ItemDataRole.DisplayRole:
            kind = entry.kind.replace("_", " ")
            # A Trade Point price (the 2026 edition) stands where rarity stood.
            tp = entry.trade_points
            rarity = f"{tp} TP" if tp is not None else (offer.availability.label or "-")
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
                parts.append(profiles_text(entry, self._columns))
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
