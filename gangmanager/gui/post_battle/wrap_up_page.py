"""Wrap-up: who went Out of Action or was Seriously Injured, the succumb rolls, Lasting Injuries."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QSizePolicy,
    QSpacerItem,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gangmanager.gui.post_battle.roll_input import DiceListInput, RollInput
from gangmanager.gui.post_battle.step_page import StepPage
from gangmanager.rules.gang import Fighter, FighterStatus
from gangmanager.rules.injuries import (
    InjuryProblem,
    after_battle_roll,
    find_result,
    first_reroll,
    next_die,
    read_roll,
    suffer,
)
from gangmanager.rules.post_battle_draft import (
    CaptureEntry,
    EscapeEntry,
    InjuryEntry,
    OldWoundEntry,
    SuccumbEntry,
)
from gangmanager.rules.ruleset import InjuryResult

if TYPE_CHECKING:
    from gangmanager.gui.post_battle.wizard import PostBattleWizard

HEADERS = (
    "Fighter",
    "Out of Action",
    "Seriously Injured",
    "Succumb (D6)",
    "Lasting Injury (D66)",
    "or pick the result",
    "Extra dice",
    "Result",
    "Escape / old wound (D6)",
)
_FROM_ROLL = "(from the roll)"
# Rows made with the page: more than the wizard shows at once (about 17 at 720 px).
ROWS_AT_ONCE = 18
# Rows made beyond the last one in sight as the page is scrolled.
ROWS_AHEAD = 6


class InjuryRow:
    """The widgets of one fighter's line."""

    def __init__(self, page: WrapUpPage, fighter: Fighter) -> None:
        host = page.host
        self.fighter = fighter
        self.name = QLabel(f"{fighter.name}\n{fighter.status.label}")
        self.out_of_action = QCheckBox()
        self.out_of_action.setAccessibleName(f"{fighter.name} went Out of Action")
        self.seriously_injured = QCheckBox()
        self.seriously_injured.setAccessibleName(f"{fighter.name} Seriously Injured at the end")
        for box in (self.out_of_action, self.seriously_injured):
            # Only the box itself reacts to a click: keep the widget its size.
            box.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.succumb = RollInput("D6", host.roll)
        self.injury = RollInput("D66", host.roll)
        self.pick = QComboBox()
        self.pick.addItem(_FROM_ROLL)
        self.pick.addItems([f"{r.roll} {r.name}" for r in host.ruleset.injuries])
        self.extra = DiceListInput(host.roll, self._needs, reroll=self._reroll)
        self.result = QLabel()
        self.result.setWordWrap(True)
        self.result.setMinimumWidth(220)
        self._build_after_rolls(host, fighter)
        for signal in (
            self.out_of_action.toggled,
            self.seriously_injured.toggled,
            self.succumb.sig_changed,
            self.injury.sig_changed,
            self.pick.currentIndexChanged,
            self.extra.sig_changed,
            self.escape.sig_changed,
            self.webbed.toggled,
            self.old_wound.sig_changed,
        ):
            signal.connect(page.rows_changed)
        self._ruleset = host.ruleset

    def _build_after_rolls(self, host: PostBattleWizard, fighter: Fighter) -> None:
        """The rolls shown only when they apply, in `self.after`: the escape roll of a
        fighter this injury Captures (2023), and the after-battle roll of an Old Battle Wound."""
        self.escape = RollInput("D6", host.roll)
        self.escape.setToolTip("Captured: roll a D6 to slip away before being dragged off")
        self.webbed = QCheckBox("Webbed")
        self.webbed.setToolTip("Taken Out of Action while Webbed: harder to escape")
        self.old_wound = RollInput("D6", host.roll)
        self.wound = after_battle_roll(host.ruleset, fighter)
        # A tracked battle says who fought; without one, everybody is taken to have.
        battle = host.battle
        self.took_part = battle is None or any(
            f.name == fighter.name for f in battle.state.roster_fighters
        )
        if self.wound is not None and not self.took_part:
            self.wound = None  # sat this battle out: no roll asked
        if self.wound is not None:
            wound, rule = self.wound
            self.old_wound.setToolTip(
                f"{wound}: roll a D6 after each battle"
                f" ({rule.fails_on} or less: {rule.status.label})"
            )
        self.after = QWidget()
        after = QVBoxLayout(self.after)
        after.setContentsMargins(0, 0, 0, 0)
        escape_row = QHBoxLayout()
        escape_row.addWidget(self.escape)
        escape_row.addWidget(self.webbed)
        after.addLayout(escape_row)
        after.addWidget(self.old_wound)
        self.old_wound.setVisible(self.wound is not None)
        self.escape.setVisible(False)
        self.webbed.setVisible(False)

    def widgets(self) -> list[QWidget]:
        return [self.name, self.out_of_action, self.seriously_injured, self.succumb,
                self.injury, self.pick, self.extra, self.result, self.after]  # fmt: skip

    def chosen(self) -> InjuryResult | None:
        """The result picked by name, else the one the roll gives (None: not yet)."""
        if self.pick.currentIndex() > 0:
            return self._ruleset.injuries[self.pick.currentIndex() - 1]
        roll = self.injury.value()
        if roll is None:
            return None
        try:
            return read_roll(self._ruleset, roll)
        except InjuryProblem:
            return None

    def _needs(self, rolls: list[int]) -> str | None:
        result = self.chosen()
        return next_die(self._ruleset, result, rolls) if result is not None else None

    def _reroll(self, rolls: list[int]) -> int | None:
        result = self.chosen()
        return first_reroll(self._ruleset, result, rolls) if result is not None else None

    def load(
        self,
        succumb: SuccumbEntry | None,
        injury: InjuryEntry | None,
        escape: EscapeEntry | None = None,
        wound: OldWoundEntry | None = None,
    ) -> None:
        self.escape.set_value(escape.roll if escape else None)
        self.webbed.setChecked(escape is not None and escape.webbed)
        self.old_wound.set_value(wound.roll if wound else None)
        self.seriously_injured.setChecked(succumb is not None)
        self.succumb.set_value(succumb.roll if succumb else None)
        self.out_of_action.setChecked(injury is not None)
        self.injury.set_value(injury.roll if injury else None)
        index = 0
        if injury is not None and injury.result is not None:
            try:
                found = find_result(self._ruleset, injury.result)
                index = self._ruleset.injuries.index(found) + 1
            except InjuryProblem:
                index = 0
        self.pick.setCurrentIndex(index)
        self.extra.set_values(injury.rolls if injury else [])
        self.update_enabled()

    def update_enabled(self) -> None:
        self.succumb.setEnabled(self.seriously_injured.isChecked())
        out = self.out_of_action.isChecked()
        self.injury.setEnabled(out and self.pick.currentIndex() == 0)
        self.pick.setEnabled(out)
        result = self.chosen() if out else None
        self.extra.setEnabled(
            out and result is not None and next_die(self._ruleset, result, []) is not None
        )
        text, captured = self._describe(result) if out else ("", False)
        self.result.setText(text)
        escapes = self._ruleset.post_battle_rules.capture_escape is not None
        self.escape.setVisible(captured and escapes)
        self.webbed.setVisible(captured and escapes)

    def _describe(self, result: InjuryResult | None) -> tuple[str, bool]:
        """The injury as rolled in words, and whether it leaves the fighter Captured."""
        if result is None:
            roll = self.injury.value()
            text = f"{roll} is not a D66 roll" if roll is not None else "roll or pick the result"
            return text, False
        missing = self.extra.missing()
        if missing:
            return f"{result.name}: needs a {missing} (extra dice)", False
        rolls = self.extra.values()
        try:
            outcome = suffer(self._ruleset, self.fighter, result, rolls, roll=self.injury.value())
        except InjuryProblem as exc:
            return f"{result.name}: {exc}", False
        # `suffer` took the dice it needed from `rolls`: anything left is one too many.
        text = "; ".join(outcome.lines) + (" (dice left over)" if rolls else "")
        return text, outcome.fighter.status is FighterStatus.CAPTURED

    def after_entries(self) -> tuple[EscapeEntry | None, OldWoundEntry | None]:
        """The escape roll (when Captured) and the old wound's roll (when it has one)."""
        name = self.fighter.name
        escape = (
            EscapeEntry(fighter=name, roll=self.escape.value(), webbed=self.webbed.isChecked())
            if self.escape.isVisibleTo(self.after)
            else None
        )
        wound = None
        if self.wound is not None:
            wound = OldWoundEntry(fighter=name, roll=self.old_wound.value())
        elif after_battle_roll(self._ruleset, self.fighter) is not None:
            wound = OldWoundEntry(fighter=name, took_part=False)
        return escape, wound

    def entries(self) -> tuple[SuccumbEntry | None, InjuryEntry | None]:
        name = self.fighter.name
        succumb = (
            SuccumbEntry(fighter=name, roll=self.succumb.value())
            if self.seriously_injured.isChecked()
            else None
        )
        if not self.out_of_action.isChecked():
            return succumb, None
        picked = self.pick.currentIndex() > 0
        result = self._ruleset.injuries[self.pick.currentIndex() - 1].name if picked else None
        injury = InjuryEntry(
            fighter=name,
            roll=None if picked else self.injury.value(),
            result=result,
            rolls=self.extra.values(),
        )
        return succumb, injury


class CaptureBox(QGroupBox):
    """The opposing gang's capture roll of the older rules, and who it took."""

    sig_changed = Signal()

    def __init__(self, host: PostBattleWizard, beats: int) -> None:
        super().__init__(
            f"Capture roll of the opposing gang (2D6 + modifiers; {beats + 1}+ takes one)"
        )
        self.setCheckable(True)
        self.setChecked(False)
        self.setToolTip(
            "Only when the opposing gang alone was left on the battlefield: they roll 2D6,"
            " +1 for each of your fighters taken Out of Action (and the like)"
        )
        self.roll = RollInput("2D6", host.roll)
        self.modifier = QSpinBox()
        self.modifier.setRange(-20, 20)
        self.modifier.setPrefix("+")
        self.fighter = QComboBox()
        self.fighter.setToolTip("The fighter taken Out of Action they captured (chosen at random)")
        form = QFormLayout(self)
        form.addRow("2D6 rolled:", self.roll)
        form.addRow("Modifiers:", self.modifier)
        form.addRow("Captured:", self.fighter)
        self.toggled.connect(self.sig_changed)
        self.roll.sig_changed.connect(self.sig_changed)
        self.modifier.valueChanged.connect(self.sig_changed)
        self.fighter.activated.connect(self.sig_changed)

    def load(self, entry: CaptureEntry | None) -> None:
        for widget in (self, self.roll, self.modifier, self.fighter):
            widget.blockSignals(True)
        self.setChecked(entry is not None)
        self.roll.set_value(entry.roll if entry else None)
        self.modifier.setValue(entry.modifier if entry else 0)
        if entry is not None and entry.fighter:
            self.set_fallen([entry.fighter])
            self.fighter.setCurrentIndex(self.fighter.findData(entry.fighter))
        for widget in (self, self.roll, self.modifier, self.fighter):
            widget.blockSignals(False)

    def set_fallen(self, names: list[str]) -> None:
        """Offer the fighters who went Out of Action (nobody: the roll took none)."""
        current = self.fighter.currentData()
        self.fighter.blockSignals(True)
        self.fighter.clear()
        self.fighter.addItem("nobody", None)
        for name in names:
            self.fighter.addItem(name, name)
        self.fighter.setCurrentIndex(max(0, self.fighter.findData(current)))
        self.fighter.blockSignals(False)

    def entry(self) -> CaptureEntry | None:
        roll = self.roll.value()
        if not self.isChecked() or roll is None or roll < 2:
            return None
        return CaptureEntry(
            roll=roll, modifier=self.modifier.value(), fighter=self.fighter.currentData()
        )


class WrapUpPage(StepPage):
    def build(self) -> None:
        host = self.host
        self.clear_recovery = QCheckBox("Clear last battle's Recovery and Convalescence")
        self.clear_recovery.setToolTip(
            "Fighters In Recovery or Convalescence since the last battle are fit again"
        )
        self.clear_recovery.toggled.connect(self._on_clear_recovery_toggled)
        hint = QLabel(
            "Tick who went Out of Action and who was Seriously Injured at the end (entered by"
            " hand when the battle was played elsewhere). A Seriously Injured fighter who"
            f" rolls {host.ruleset.post_battle_rules.succumb_on} or less counts as Out of Action."
        )
        hint.setWordWrap(True)
        self.grid_widget = grid_widget = QWidget()
        self.grid = QGridLayout(grid_widget)
        for column, header in enumerate(HEADERS):
            label = QLabel(f"<b>{header}</b>")
            self.grid.addWidget(label, 0, column)
        self.rows: list[InjuryRow] = []
        fighters = [
            f for f in host.gang.fighters
            if f.status not in (FighterStatus.DEAD, FighterStatus.CAPTURED)
        ]  # fmt: skip
        self.grid.setColumnStretch(HEADERS.index("Result"), 1)
        # The rows in sight now, the others as they are scrolled (or tabbed) into sight: a
        # row is about fifteen widgets, and showing 300 fighters' rows was most of a Next.
        self._waiting = fighters[ROWS_AT_ONCE:]
        for fighter in fighters[:ROWS_AT_ONCE]:
            self._add_row(fighter)
        # The height the rows not made yet will take, so the scroll bar spans the roster.
        self._below = QSpacerItem(0, 0, QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Fixed)
        self.grid.addItem(self._below, len(fighters) + 1, 0, 1, len(HEADERS))
        self.grid.setRowStretch(len(fighters) + 2, 1)
        self._row_height = 0
        self._loaded = False
        self.scroll_area = QScrollArea()
        self.scroll_area.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setWidget(grid_widget)
        bar = self.scroll_area.verticalScrollBar()
        bar.valueChanged.connect(self._fill_sight)
        bar.rangeChanged.connect(self._fill_sight)
        self._size_below()
        self.layout_.addWidget(self.clear_recovery)
        self.layout_.addWidget(hint)
        self.layout_.addWidget(self.scroll_area, 1)
        # Older rules: capture is the opposing gang's separate roll.
        self.capture: CaptureBox | None = None
        if host.ruleset.post_battle_rules.capture_roll is not None:
            self.capture = CaptureBox(host, host.ruleset.post_battle_rules.capture_roll.beats)
            self.capture.sig_changed.connect(self.rows_changed)
            self.layout_.addWidget(self.capture)
        self.layout_.addWidget(self.status)

    def _add_row(self, fighter: Fighter) -> InjuryRow:
        row = InjuryRow(self, fighter)
        shown = self.grid_widget.isVisible()
        for column, widget in enumerate(row.widgets()):
            self.grid.addWidget(widget, len(self.rows) + 1, column, Qt.AlignmentFlag.AlignTop)
            if shown:
                widget.show()  # now, not queued: Tab may go to it at once
        self.rows.append(row)
        return row

    def _add_waiting_row(self) -> None:
        row = self._add_row(self._waiting.pop(0))
        if self._loaded:
            # The page is shown already: the row takes its entries from the draft.
            previous, self._loading = self._loading, True
            try:
                self._load_rows([row])
            finally:
                self._loading = previous
            row.update_enabled()

    def _fill_sight(self) -> None:
        """Make the rows scrolled into sight, and a few beyond (so Tab finds them made)."""
        if not self._waiting:
            return
        bar = self.scroll_area.verticalScrollBar()
        height = self._estimated_row_height()
        wanted = bar.value() + self.scroll_area.viewport().height() + ROWS_AHEAD * height
        last = self.rows[-1].name
        made = last.geometry().bottom() if last.geometry().bottom() > 0 else len(self.rows) * height
        while self._waiting and made < wanted:
            self._add_waiting_row()
            made += height
        self._size_below()

    def focusNextPrevChild(self, next: bool) -> bool:
        """Tab from the last row made goes on to the next fighter's row (made now)."""
        focus = self.focusWidget()
        in_last = focus is not None and any(
            w is focus or w.isAncestorOf(focus) for w in self.rows[-1].widgets()
        )
        if next and self._waiting and in_last:
            for _ in range(min(ROWS_AHEAD, len(self._waiting))):
                self._add_waiting_row()
            self._size_below()
        return super().focusNextPrevChild(next)

    def _estimated_row_height(self) -> int:
        if not self._row_height:
            tallest = max(w.sizeHint().height() for w in self.rows[0].widgets())
            self._row_height = tallest + max(0, self.grid.verticalSpacing())
        return self._row_height

    def _size_below(self) -> None:
        height = len(self._waiting) * self._estimated_row_height() if self.rows else 0
        if self._below.sizeHint().height() != height:
            self._below.changeSize(0, height, QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Fixed)
            self.grid.invalidate()

    def complete_rows(self) -> None:
        """Every row made now (those not made yet keep their entries in the draft)."""
        while self._waiting:
            self._add_waiting_row()
        self._size_below()

    def row(self, name: str) -> InjuryRow:
        found = next((r for r in self.rows if r.fighter.name == name), None)
        while found is None and self._waiting:
            self._add_waiting_row()
            found = self.rows[-1] if self.rows[-1].fighter.name == name else None
        self._size_below()
        if found is None:
            raise KeyError(name)
        return found

    def load(self) -> None:
        self._loaded = True
        draft = self.host.draft
        self.clear_recovery.setChecked(draft.clear_recovery)
        self._load_rows(self.rows)
        if self.capture is not None:
            self.capture.load(draft.capture)

    def _load_rows(self, rows: list[InjuryRow]) -> None:
        draft = self.host.draft
        self.clear_recovery.setChecked(draft.clear_recovery)
        key = str.casefold
        succumb = {key(e.fighter): e for e in draft.succumb}
        injuries = {key(e.fighter): e for e in draft.injuries}
        escapes = {key(e.fighter): e for e in draft.escapes}
        wounds = {key(e.fighter): e for e in draft.old_wounds}
        for row in rows:
            name = key(row.fighter.name)
            row.load(succumb.get(name), injuries.get(name), escapes.get(name), wounds.get(name))

    def refresh(self) -> None:
        for row in self.rows:
            row.update_enabled()
        self.show_problems(self.host.step_problems([self.step_id]), "Every roll is settled.")

    def rows_changed(self) -> None:
        if self._loading:
            return
        for row in self.rows:
            # A fighter who succumbs counts as Out of Action.
            roll = row.succumb.value()
            if (
                row.seriously_injured.isChecked()
                and roll is not None
                and roll <= self.host.ruleset.post_battle_rules.succumb_on
            ):
                row.out_of_action.blockSignals(True)
                row.out_of_action.setChecked(True)
                row.out_of_action.blockSignals(False)
            row.update_enabled()
        shown = {r.fighter.name.casefold() for r in self.rows}
        draft = self.host.draft
        succumb = [e for e in draft.succumb if e.fighter.casefold() not in shown]
        injuries = [e for e in draft.injuries if e.fighter.casefold() not in shown]
        escapes = [e for e in draft.escapes if e.fighter.casefold() not in shown]
        wounds = [e for e in draft.old_wounds if e.fighter.casefold() not in shown]
        for row in self.rows:
            rolled, injured = row.entries()
            if rolled is not None:
                succumb.append(rolled)
            if injured is not None:
                injuries.append(injured)
            escape, wound = row.after_entries()
            if escape is not None:
                escapes.append(escape)
            if wound is not None:
                wounds.append(wound)
        changes: dict[str, object] = {
            "succumb": succumb,
            "injuries": injuries,
            "escapes": escapes,
            "old_wounds": wounds,
        }
        if self.capture is not None:
            self.complete_rows()  # who fell is read from every row
            fallen = [r.fighter.name for r in self.rows if r.out_of_action.isChecked()]
            self.capture.set_fallen(fallen)
            changes["capture"] = self.capture.entry()
        self.edited(**changes)

    def _on_clear_recovery_toggled(self, checked: bool) -> None:
        self.edited(clear_recovery=checked)
