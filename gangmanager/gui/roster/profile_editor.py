"""The base profile boxes, the effective profile under them and the summary line.

One box per characteristic of the fighter's statline (the pack's; n23's fighter has
twelve), made again when a fighter of another statline is shown.

A box accepts only a valid value for its characteristic (`5"`, `4+`, `3`, `-`)
within the ruleset's best..worst range. A bad entry shows an inline message
and nothing is written; a good one is sent as `sig_characteristic_edited`.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QGridLayout, QLabel, QLineEdit, QVBoxLayout, QWidget

from gangmanager.gui.roster.roster_table_model import tint
from gangmanager.rules import roster_ops
from gangmanager.rules.characteristics import CharacteristicTable, Value
from gangmanager.rules.gang import Fighter
from gangmanager.rules.roster_ops import RosterError

_INVALID = "QLineEdit { border: 2px solid #c62828; background: #ffebee; }"
_MODIFIED = "QLabel { background: #ffecb3; color: black; font-weight: bold; }"


class ProfileEditor(QWidget):
    # code, value (int, or None for "-")
    sig_characteristic_edited = Signal(str, object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._fighter: Fighter | None = None
        self._table: CharacteristicTable | None = None
        self._errors: dict[str, str] = {}
        self.grid = QGridLayout()
        self.grid.setHorizontalSpacing(3)
        self.grid.setVerticalSpacing(2)
        self.grid.addWidget(QLabel("Base"), 1, 0)
        now = QLabel("Now")
        now.setToolTip("The effective profile: every modifier applied")
        self.grid.addWidget(now, 2, 0)
        self.fields: dict[str, QLineEdit] = {}
        self.effective: dict[str, QLabel] = {}
        self._headers: list[QLabel] = []
        self.message = QLabel()
        self.message.setObjectName("profile_message")
        self.message.setStyleSheet("color: #c62828;")
        # No word wrap: a wrapping label makes the card's height depend on its width,
        # and the scroll area around the card would then scroll instead of fitting.
        self.summary = QLabel()
        self.summary.setObjectName("profile_summary")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addLayout(self.grid)
        layout.addWidget(self.summary)
        layout.addWidget(self.message)

    @property
    def table(self) -> CharacteristicTable | None:
        """The statline the boxes are for (None before a fighter was shown)."""
        return self._table

    def _build_boxes(self, table: CharacteristicTable) -> None:
        """A header, a base box and an effective label per characteristic of `table`."""
        for widget in [*self._headers, *self.fields.values(), *self.effective.values()]:
            self.grid.removeWidget(widget)
            # Hidden at once: the deletion waits for the event loop.
            widget.hide()
            widget.deleteLater()
        for column in range(1, len(self._headers) + 1):
            self.grid.setColumnStretch(column, 0)
        self._headers, self.fields, self.effective = [], {}, {}
        for column, row in enumerate(table, start=1):
            code = row.code
            header = QLabel(code)
            header.setAlignment(Qt.AlignmentFlag.AlignCenter)
            self.grid.addWidget(header, 0, column)
            self._headers.append(header)
            field = QLineEdit()
            field.setObjectName(f"profile_{code}")
            field.setAlignment(Qt.AlignmentFlag.AlignCenter)
            field.setMinimumWidth(34)
            field.setAccessibleName(f"Base {code}")
            field.textEdited.connect(lambda _text, c=code: self._on_field_text_edited(c))
            field.editingFinished.connect(lambda c=code: self._on_field_editing_finished(c))
            self.grid.addWidget(field, 1, column)
            self.fields[code] = field
            label = QLabel()
            label.setAlignment(Qt.AlignmentFlag.AlignCenter)
            label.setMinimumWidth(34)
            self.grid.addWidget(label, 2, column)
            self.effective[code] = label
            self.grid.setColumnStretch(column, 1)
        self._table = table

    def set_fighter(
        self, fighter: Fighter | None, table: CharacteristicTable | None = None
    ) -> None:
        """Show a fighter on `table`, their statline (None: the boxes stay as they are)."""
        if table is not None and table != self._table:
            self._build_boxes(table)
        self._fighter = fighter if self._table is not None else None
        self._errors.clear()
        self.message.clear()
        self.message.hide()
        effective = fighter.effective(self._table) if fighter and self._table else None
        for row in self._table or ():
            field, label = self.fields[row.code], self.effective[row.code]
            field.setStyleSheet("")
            field.setToolTip(f"{row.name}: {row.print(row.best)} (best) to {row.print(row.worst)}")
            if fighter is None or effective is None:
                field.clear()
                label.clear()
                continue
            text = row.print(fighter.profile[row.code])
            if field.text() != text:
                field.setText(text)
            label.setText(effective.printed()[row.code])
            modified = effective.modified(row.code)
            tinted = tint(effective.direction(row.code)).name()
            label.setStyleSheet(_MODIFIED.replace("#ffecb3", tinted) if modified else "")
            label.setToolTip(effective.tooltip(row.code) if modified else "")
        if effective is None:
            self.summary.clear()
        else:
            line = effective.summary()
            self.summary.setText(f"Modifiers: {line}" if line else "No modifiers: Now = Base")

    def _check(self, code: str) -> tuple[bool, Value]:
        """(True, value) for a valid box; (False, None) after showing why it is not."""
        text = self.fields[code].text()
        assert self._table is not None  # the boxes are the table's
        try:
            value = roster_ops.parse_characteristic(code, text, self._table)
        except RosterError as exc:
            self._errors[code] = str(exc)
            self.fields[code].setStyleSheet(_INVALID)
            self._show_errors()
            return False, None
        self._errors.pop(code, None)
        self.fields[code].setStyleSheet("")
        self._show_errors()
        return True, value

    def _show_errors(self) -> None:
        if self._errors:
            self.message.setText(
                "; ".join(self._errors.values()) + " (not saved until it is valid)"
            )
            self.message.show()
        else:
            self.message.clear()
            self.message.hide()

    def _on_field_text_edited(self, code: str) -> None:
        self._check(code)

    def _on_field_editing_finished(self, code: str) -> None:
        if self._fighter is None or self._table is None:
            return
        valid, value = self._check(code)
        if not valid:
            return
        row = self._table.lookup(code)
        self.fields[code].setText(row.print(value))
        if value != self._fighter.profile[code]:
            self.sig_characteristic_edited.emit(code, value)

    def error(self, code: str) -> str | None:
        return self._errors.get(code)
