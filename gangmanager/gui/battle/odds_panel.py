"""The odds of the attack being set up, before a die is rolled (the Attack... dialog).

The chances come from `rules.attack_odds`, which runs the attack resolver's own
steps over every die: exact for every weapon. Most attacks take a few dozen
milliseconds; a walk goes on in slices of the event loop, so typing and
choosing never wait for it.
"""

from __future__ import annotations

import time
from collections.abc import Generator
from typing import Any

from shiboken6 import isValid

from PySide6.QtCore import QTimer, Signal
from PySide6.QtGui import QHideEvent
from PySide6.QtWidgets import QGroupBox, QLabel, QVBoxLayout, QWidget

from gangmanager.rules.attack_odds import Odds, odds_walk
from gangmanager.rules.battle_events import AttackEvent, BattleError, parse_event
from gangmanager.rules.battle_state import BattleState
from gangmanager.rules.ruleset import Ruleset

# How long one slice of the walk may hold the event loop.
SLICE_SECONDS = 0.015


class OddsPanel(QGroupBox):
    # The odds shown are final (worked out, or none to work out).
    sig_settled = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Odds before rolling", parent)
        self.odds_label = QLabel()
        self.odds_label.setAccessibleName("Odds before rolling")
        self.odds_label.setWordWrap(True)
        self.odds_label.setMinimumWidth(300)
        QVBoxLayout(self).addWidget(self.odds_label)
        self._walk: Generator[int, None, Odds] | None = None
        self._timer = QTimer(self)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._on_timer_timeout)
        self.odds: Odds | None = None

    @property
    def settled(self) -> bool:
        return self._walk is None

    def start(self, ruleset: Ruleset, state: BattleState, event: dict[str, Any] | None) -> None:
        """Work out the odds of `event` (an attack event's keys; None: nothing to attack)."""
        self._timer.stop()
        self._walk, self.odds = None, None
        if event is None:
            self._settle("Nobody to attack.")
            return
        try:
            parsed = parse_event(event)
            assert isinstance(parsed, AttackEvent)
        except BattleError as exc:
            self._settle(f"No odds: {exc}")
            return
        self._walk = odds_walk(ruleset, state, parsed)
        self.odds_label.setText("Working out the odds...")
        self._on_timer_timeout()

    def _on_timer_timeout(self) -> None:
        walk = self._walk
        # A slice queued before the dialog was torn down finds its label gone.
        if walk is None or not isValid(self.odds_label):
            self._walk = None
            return
        deadline = time.perf_counter() + SLICE_SECONDS
        try:
            runs = next(walk)  # at least one path a slice
            while time.perf_counter() < deadline:
                runs = next(walk)
        except StopIteration as done:
            self.odds = done.value
            self._settle(odds_text(done.value))
            return
        except BattleError as exc:
            self._settle(f"No odds: {exc}")
            return
        self.odds_label.setText(f"Working out the odds... ({runs} steps run so far)")
        self._timer.start()

    def hideEvent(self, event: QHideEvent) -> None:
        # The dialog closed: a walk still going on is of no use to anyone.
        if self._walk is not None:
            self._settle("")
        super().hideEvent(event)

    def _settle(self, text: str) -> None:
        self._timer.stop()
        self._walk = None
        self.odds_label.setText(text)
        self.sig_settled.emit()


def _percent(chance: float) -> str:
    if 0 < chance < 0.005:
        return "<1%"
    if 0.995 < chance < 1:
        return ">99%"
    return f"{100 * chance:.0f}%"


def odds_text(odds: Odds) -> str:
    """The odds in four lines, and how they were found."""
    lines = [
        f"Hit {_percent(odds.hit)} · Wound {_percent(odds.wound)}"
        f" · Unsaved {_percent(odds.unsaved)}",
        f"Flesh Wound {_percent(odds.flesh_wound)}"
        f" · Seriously Injured {_percent(odds.seriously_injured)}",
        f"Out of Action {_percent(odds.out_of_action)}",
        f"Ammo test {_percent(odds.ammo_test)} (runs out {_percent(odds.out_of_ammo)})",
    ]
    lines.append(f"Exact: every roll of the dice ({odds.runs} steps run).")
    return "\n".join(lines)
