"""The battle view: a tile per fighter, the prompts waiting, undo and the log.

Every button makes one event; the window asks for what the event still
needs (dice typed in or rolled, who acts, a confirmation before a Limited
profile is deleted), then performs it (`services.battle.ApplyEvents`) through
the application's `OperationRunner`, which stores it at once and broadcasts
the outcome: the roster window repaints a struck-off profile from that
broadcast. Start, undo of the last event and end are actions the same way.
The window shows the battle as the outcome returns it; its undo is the battle
log's own (undo-last), not the roster's undo stack.

Hired Guns a held territory grants for one battle (the Fighting Pit's Hive
Scum) are hired from the Battle menu; each gets a tile of its own.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QModelIndex, QObject, Qt, Signal
from PySide6.QtGui import QAction, QColor, QKeySequence, QResizeEvent
from PySide6.QtWidgets import (
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListView,
    QMainWindow,
    QPushButton,
    QScrollArea,
    QSplitter,
    QStackedWidget,
    QTabBar,
    QVBoxLayout,
    QWidget,
)

from gangmanager.gui.battle.attack_dialog import AttackDialog
from gangmanager.gui.battle.battle_models import LogListModel, PromptListModel
from gangmanager.gui.battle.choice_dialogs import BlazeHitDialog, ConfirmDialog
from gangmanager.gui.battle.end_phase_dialog import EndTestDialog
from gangmanager.gui.battle.extinguish_dialog import ExtinguishDialog
from gangmanager.gui.battle.fighter_tile import FighterTile
from gangmanager.gui.battle.hire_dialog import HireDialog
from gangmanager.gui.battle.roll_dialog import RollDialog
from gangmanager.gui.battle.start_page import StartPage
from gangmanager.gui.common.runner import OperationRunner
from gangmanager.gui.common.screen_fit import open_size
from gangmanager.rules.battle import apply_event
from gangmanager.rules.battle_end_phase import waiting
from gangmanager.rules.battle_events import BattleError, parse_event
from gangmanager.rules.battle_hire import HireOffer, hire_offers
from gangmanager.rules.battle_state import FighterTrack, ProfileTrack, PromptKind
from gangmanager.rules.campaign_types import Boon
from gangmanager.rules.dice import Dice, RandomDice
from gangmanager.rules.gang import Gang
from gangmanager.rules.ruleset import Mechanic, Ruleset
from gangmanager.services import battle, gangs
from gangmanager.services.databases import Database
from gangmanager.services.errors import ServiceError
from gangmanager.services.operations import Action
from gangmanager.services.rulesets import Rulesets

_TILE_COLUMNS = 2
# The two sides of a two-gang battle: the gang that started it, then its opponent.
SIDE_COLOURS = ("#1565c0", "#b71c1c")
# Narrower than this, the two sides of a battle become two tabs.
SIDE_BY_SIDE_MIN_WIDTH = 1100


class BattleWindow(QMainWindow):
    """The battle of one gang; starts one when none is going on.

    Closing it loses nothing: every event was stored when it happened.
    """

    # The battle was ended and waits for the post-battle sequence (battle id): the
    # next step of the player's flow (the wizard opens), not a repaint.
    sig_battle_ended = Signal(int)

    def __init__(
        self,
        db: Database,
        rulesets: Rulesets,
        gang_id: int,
        dice: Dice | None = None,
        parent: QWidget | None = None,
        runner: OperationRunner | None = None,
    ) -> None:
        super().__init__(parent)
        self._db = db
        self._rulesets = rulesets
        # The application's runner: every open window repaints from its broadcast.
        self.runner = runner if runner is not None else OperationRunner(db, rulesets, self)
        self._gang_id = gang_id
        self._dice = dice or RandomDice()
        self._record: battle.BattleRecord | None = None
        self._ruleset: Ruleset | None = None
        self.tiles: dict[str, FighterTile] = {}
        # One box per gang in a two-gang battle.
        self.side_boxes: list[QGroupBox] = []
        self._tile_columns = 0
        # The width two tiles side by side need (None: not measured for these tiles yet).
        self._tile_need: int | None = None
        # On a narrow window a tab bar picks the side shown.
        self.side_tabs: QTabBar | None = None
        # What the gang's territories lend for each battle, and what is left of it in this one.
        self._hire_grants: list[tuple[str, Boon]] = []
        self._hire_offers: list[HireOffer] = []
        # Why the last action was refused (shown in the message line too).
        self.last_refusal = ""

        # Built when first needed: a window opened on a battle going on never shows it.
        self._start_page: StartPage | None = None
        self.header_label = QLabel()
        self.header_label.setTextFormat(Qt.TextFormat.PlainText)
        font = self.header_label.font()
        font.setBold(True)
        self.header_label.setFont(font)
        self.hire_button = QPushButton("Hire Hired Gun...")
        self.new_round_button = QPushButton("New round")
        self.undo_button = QPushButton("Undo")
        self.end_button = QPushButton("End battle")
        header = QHBoxLayout()
        header.addWidget(self.header_label, 1)
        header.addWidget(self.hire_button)
        header.addWidget(self.new_round_button)
        header.addWidget(self.undo_button)
        header.addWidget(self.end_button)

        self.tile_area = QWidget()
        self.tile_grid = QGridLayout(self.tile_area)
        self.tile_grid.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.tile_scroll = QScrollArea()
        self.tile_scroll.setWidgetResizable(True)
        self.tile_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.tile_scroll.setWidget(self.tile_area)
        # The columns follow the room the tiles have (window, splitter), seen on the viewport.
        self.tile_scroll.viewport().installEventFilter(self)

        self.prompt_model = PromptListModel()
        self.prompt_view = QListView()
        self.prompt_view.setModel(self.prompt_model)
        self.prompt_view.setWordWrap(True)
        self.prompt_view.setAlternatingRowColors(True)
        self.prompt_view.setSpacing(2)
        self.resolve_button = QPushButton("Resolve...")
        prompts_box = QGroupBox("Waiting")
        prompts_layout = QVBoxLayout(prompts_box)
        prompts_layout.addWidget(self.prompt_view)
        prompts_layout.addWidget(self.resolve_button, alignment=Qt.AlignmentFlag.AlignRight)
        self.log_model = LogListModel()
        self.log_view = QListView()
        self.log_view.setModel(self.log_model)
        self.log_view.setWordWrap(True)
        self.log_view.setAlternatingRowColors(True)
        log_box = QGroupBox("Log")
        QVBoxLayout(log_box).addWidget(self.log_view)
        side = QSplitter(Qt.Orientation.Vertical)
        side.addWidget(prompts_box)
        side.addWidget(log_box)
        side.setStretchFactor(1, 2)

        body = QSplitter()
        body.addWidget(self.tile_scroll)
        body.addWidget(side)
        body.setStretchFactor(0, 3)
        body.setStretchFactor(1, 1)
        body.setSizes([950, 310])
        self.battle_page = QWidget()
        page = QVBoxLayout(self.battle_page)
        page.addLayout(header)
        page.addWidget(body, 1)

        self.stack = QStackedWidget()
        self.stack.addWidget(self.battle_page)
        self.setCentralWidget(self.stack)
        self.message_label = QLabel()
        self.message_label.setTextFormat(Qt.TextFormat.PlainText)
        self.statusBar().addWidget(self.message_label, 1)
        self._build_menus()

        self.hire_button.clicked.connect(self.hire_action.trigger)
        self.new_round_button.clicked.connect(self.new_round_action.trigger)
        self.undo_button.clicked.connect(self.undo_action.trigger)
        self.end_button.clicked.connect(self.end_action.trigger)
        self.resolve_button.clicked.connect(self._on_resolve_button_clicked)
        self.prompt_view.doubleClicked.connect(self._on_prompt_view_double_clicked)
        open_size(self, 1280, 800)
        self.reload()

    def _build_menus(self) -> None:
        edit = self.menuBar().addMenu("&Edit")
        self.undo_action = QAction("&Undo last event", self)
        self.undo_action.setShortcut(QKeySequence.StandardKey.Undo)
        self.undo_action.triggered.connect(self._on_undo_action_triggered)
        edit.addAction(self.undo_action)
        menu = self.menuBar().addMenu("&Battle")
        self.new_round_action = QAction("&New round", self)
        self.new_round_action.setShortcut(QKeySequence("Ctrl+N"))
        self.new_round_action.triggered.connect(self._on_new_round_action_triggered)
        menu.addAction(self.new_round_action)
        self.hire_action = QAction("&Hire Hired Gun...", self)
        self.hire_action.setShortcut(QKeySequence("Ctrl+H"))
        self.hire_action.triggered.connect(self._on_hire_action_triggered)
        menu.addAction(self.hire_action)
        self.end_action = QAction("&End battle...", self)
        self.end_action.setShortcut(QKeySequence("Ctrl+E"))
        self.end_action.triggered.connect(self._on_end_action_triggered)
        menu.addAction(self.end_action)
        menu.addSeparator()
        close = QAction("&Close", self)
        close.setShortcut(QKeySequence.StandardKey.Close)
        close.triggered.connect(self.close)
        menu.addAction(close)

    # ---------------------------------------------------------------- showing

    @property
    def start_page(self) -> StartPage:
        if self._start_page is None:
            self._start_page = StartPage()
            self.stack.insertWidget(0, self._start_page)
            self._start_page.sig_start_requested.connect(self._on_start_page_sig_start_requested)
        return self._start_page

    @property
    def record(self) -> battle.BattleRecord | None:
        return self._record

    def reload(self, note: str = "") -> None:
        """Read the gang and its battle from the store (the battle resumes where it was)."""
        try:
            record = battle.open_battle(self._db, self._rulesets, self._gang_id)
            # The gang itself only for the start page: the battle names its gangs.
            gang = gangs.load_gang(self._db, str(self._gang_id)) if record is None else None
        except ServiceError as exc:
            self._say(str(exc), error=True)
            return
        if record is not None:
            own = record.gang_id == self._gang_id or record.against_name is None
            self.setWindowTitle(f"Battle - {record.gang_name if own else record.against_name}")
        if gang is not None:
            self.setWindowTitle(f"Battle - {gang.name}")
            self._record = None
            self.start_page.set_gang(gang, note)
            self.start_page.set_opponents(
                [(g.id, g.name, g.ruleset) for g in gangs.list_gangs(self._db) if g.id != gang.id],
                gang.ruleset,
                self._load_opponent,
            )
            self.stack.setCurrentWidget(self.start_page)
        elif record is not None:
            self._show(record)
        self._enable_actions()

    @staticmethod
    def _tile_key(record: battle.BattleRecord, fighter: FighterTrack) -> str:
        """A tile per fighter: `GANG/FIGHTER` once two gangs share the battle."""
        return fighter.qualified_name if len(record.state.gangs) > 1 else fighter.name

    def _show(self, record: battle.BattleRecord) -> None:
        names = [self._tile_key(record, f) for f in record.state.fighters]
        new_battle = self._record is None or self._record.battle_id != record.battle_id
        if new_battle:
            # Read once per battle, not after every event: the hires left follow the events.
            self._hire_grants = self._read_hire_grants()
        # A new battle, or a Hired Gun hired (or undone): the tiles follow the crew.
        if new_battle or list(self.tiles) != names:
            self._build_tiles(record)
        self._record = record
        self._hire_offers = hire_offers(self._hire_grants, record.events)
        state = record.state
        scenario = f" - {record.scenario}" if record.scenario else ""
        gangs_text = record.gang_name + (
            f" against {record.against_name}" if record.against_name else ""
        )
        self.header_label.setText(
            f"{gangs_text}{scenario}    Round {state.round}    ({self._ruleset_name()})"
        )
        for fighter in state.fighters:
            key = self._tile_key(record, fighter)
            if key in self.tiles:
                self.tiles[key].update_from(fighter)
        self.prompt_model.set_prompts(state.prompts)
        self.log_model.set_lines(state.log)
        self.log_view.scrollToBottom()
        self.stack.setCurrentWidget(self.battle_page)
        self._enable_actions()

    def _build_tiles(self, record: battle.BattleRecord) -> None:
        self._ruleset = self._rulesets.get(record.ruleset)
        for tile in self.tiles.values():
            self.tile_grid.removeWidget(tile)
            tile.deleteLater()
        for box in self.side_boxes:
            self.tile_grid.removeWidget(box)
            box.deleteLater()
        if self.side_tabs is not None:
            self.tile_grid.removeWidget(self.side_tabs)
            self.side_tabs.deleteLater()
            self.side_tabs = None
        self.tiles = {}
        self.side_boxes = []
        gangs = record.state.gangs
        if len(gangs) > 1:
            self._build_sides(record)
            return
        for fighter in record.state.fighters:
            tile = FighterTile(fighter, self._ruleset.ammo.term)
            tile.sig_event_requested.connect(self._on_tile_sig_event_requested)
            self.tiles[fighter.name] = tile
        self._tile_columns = 0
        self._tile_need = None
        self._place_tiles()

    def _place_tiles(self) -> None:
        """One gang: two columns of tiles where two fit side by side, else one (a laptop
        screen never scrolls sideways)."""
        if self.side_boxes or not self.tiles:
            return
        tiles = list(self.tiles.values())
        if self._tile_need is None:
            # Measured once per set of tiles: every resize asked each tile again.
            spacing = self.tile_grid.horizontalSpacing() + 4
            self._tile_need = max(t.minimumSizeHint().width() for t in tiles) + spacing
        need = self._tile_need
        width = self.tile_scroll.viewport().width()
        columns = max(1, min(_TILE_COLUMNS, width // max(1, need)))
        if columns == self._tile_columns:
            return
        self._tile_columns = columns
        for tile in tiles:
            self.tile_grid.removeWidget(tile)
        for index, tile in enumerate(tiles):
            self.tile_grid.addWidget(
                tile, index // columns, index % columns, Qt.AlignmentFlag.AlignTop
            )

    def _build_sides(self, record: battle.BattleRecord) -> None:
        """Two gangs: side by side, each in a box of its gang's colour."""
        assert self._ruleset is not None
        for column, gang in enumerate(record.state.gangs):
            colour = SIDE_COLOURS[column % len(SIDE_COLOURS)]
            box = QGroupBox(gang)
            box.setObjectName("battle_side")
            box.setStyleSheet(
                f"#battle_side {{ border: 3px solid {colour}; border-radius: 8px;"
                " margin-top: 14px; padding-top: 6px; }"
                f" #battle_side::title {{ color: {colour}; font-weight: bold;"
                " subcontrol-origin: margin; left: 10px; }"
            )
            column_layout = QVBoxLayout(box)
            column_layout.setAlignment(Qt.AlignmentFlag.AlignTop)
            for fighter in record.state.fighters:
                if fighter.gang != gang:
                    continue
                key = self._tile_key(record, fighter)
                tile = FighterTile(fighter, self._ruleset.ammo.term, event_name=key)
                tile.sig_event_requested.connect(self._on_tile_sig_event_requested)
                column_layout.addWidget(tile)
                self.tiles[key] = tile
            self.side_boxes.append(box)
        self._place_sides()

    def _place_sides(self) -> None:
        """Side by side on a wide window; on a narrow one a tab bar shows one gang at a time."""
        if not self.side_boxes:
            return
        tabbed = self.width() < SIDE_BY_SIDE_MIN_WIDTH
        placed = self.side_tabs is not None or self.tile_grid.indexOf(self.side_boxes[0]) >= 0
        if placed and tabbed == (self.side_tabs is not None):
            return
        if self.side_tabs is not None:
            self.tile_grid.removeWidget(self.side_tabs)
            self.side_tabs.deleteLater()
            self.side_tabs = None
        for box in self.side_boxes:
            self.tile_grid.removeWidget(box)
        if tabbed:
            # A bare tab bar above the boxes (not a QTabWidget, which would squeeze the
            # tiles into the scroll area's height): the tiles keep their natural size.
            self.side_tabs = QTabBar()
            for index, box in enumerate(self.side_boxes):
                self.side_tabs.addTab(box.title())
                self.side_tabs.setTabTextColor(
                    index, QColor(SIDE_COLOURS[index % len(SIDE_COLOURS)])
                )
            self.tile_grid.addWidget(self.side_tabs, 0, 0, 1, 2)
            for box in self.side_boxes:
                self.tile_grid.addWidget(box, 1, 0, 1, 2, Qt.AlignmentFlag.AlignTop)
            self.side_tabs.currentChanged.connect(self._on_side_tabs_current_changed)
            self._on_side_tabs_current_changed(0)
        else:
            for column, box in enumerate(self.side_boxes):
                self.tile_grid.addWidget(box, 0, column, Qt.AlignmentFlag.AlignTop)
                box.show()

    def _on_side_tabs_current_changed(self, index: int) -> None:
        for number, box in enumerate(self.side_boxes):
            box.setVisible(number == index)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._place_sides()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() is QEvent.Type.Resize and watched is self.tile_scroll.viewport():
            self._place_tiles()
        return super().eventFilter(watched, event)

    def _read_hire_grants(self) -> list[tuple[str, Boon]]:
        try:
            return battle.hire_grants(self._db, self._rulesets, self._gang_id)
        except ServiceError:
            return []

    def _ruleset_name(self) -> str:
        return self._ruleset.name if self._ruleset is not None else ""

    def _enable_actions(self) -> None:
        going_on = self._record is not None
        self.undo_action.setEnabled(going_on and bool(self._record and self._record.events))
        self.new_round_action.setEnabled(going_on)
        self.end_action.setEnabled(going_on)
        self._enable_hire(going_on)
        self.undo_button.setEnabled(self.undo_action.isEnabled())
        self.resolve_button.setEnabled(going_on and self.prompt_model.rowCount() > 0)

    def _enable_hire(self, going_on: bool) -> None:
        left = going_on and any(o.left > 0 for o in self._hire_offers)
        self.hire_action.setEnabled(left)
        self.hire_button.setEnabled(left)
        # The button only for a gang whose territories grant Hired Guns at all.
        self.hire_button.setVisible(going_on and bool(self._hire_offers))
        if left:
            tip = "Hired Guns a territory grants: " + "; ".join(
                o.label() for o in self._hire_offers
            )
        elif self._hire_offers:
            tip = "Every Hired Gun the gang's territories grant is hired already"
        else:
            tip = "No territory the gang holds grants Hired Guns for one battle"
        self.hire_action.setToolTip(tip)
        self.hire_button.setToolTip(tip)

    def _say(self, text: str, *, error: bool = False) -> None:
        self.message_label.setText(text)
        sheet = "color: #c62828;" if error else ""
        if self.message_label.styleSheet() != sheet:
            self.message_label.setStyleSheet(sheet)

    # ---------------------------------------------------------------- events

    def _perform(self, action: Action[battle.BattleResult]) -> battle.BattleResult | None:
        """Perform a battle action through the runner; None, the refusal said in one line.

        No undo stack: a battle step is undone from the battle's log (undo-last)."""
        refusals: list[ServiceError] = []
        outcome = self.runner.run(action, None, refusals.append)
        if outcome is None:
            exc = refusals[0]
            self.last_refusal = exc.reason if isinstance(exc, battle.EventRefused) else str(exc)
            if isinstance(exc, battle.EventRefused):
                self._say(f"Refused: {exc.reason}", error=True)
            else:
                self._say(str(exc), error=True)
            return None
        return outcome.result

    def apply(self, events: list[dict[str, Any]]) -> bool:
        """Store the events (all or nothing); False, with the reason shown, when refused."""
        result = self._perform(battle.ApplyEvents(self._gang_id, tuple(events), self._dice))
        if result is None:
            return False
        self._show(result.record)
        if result.lines:
            self._say(result.lines[-1].split(": ", 1)[-1])
        return True

    def _on_tile_sig_event_requested(self, event: dict[str, Any]) -> None:
        if self._record is None or self._ruleset is None:
            return
        fighter = self._record.state.fighter(event["fighter"])
        if fighter is None:
            return
        kind = event["event"]
        if kind in ("ammo_test", "reload"):
            completed = self._ammo_event(event, fighter)
        elif kind == "blaze":
            completed = self._blaze_event(event, fighter)
        elif kind == "extinguish":
            completed = self._extinguish_event(event, fighter)
        elif kind == "attack":
            # The dialog applies the attack itself: a refusal keeps it open, dice as typed.
            AttackDialog.ask(
                self, self._ruleset, self._record.state, fighter, self._dice, self._submit
            )
            return
        else:
            completed = event
        if completed is not None:
            self.apply([completed])

    def _submit(self, event: dict[str, Any]) -> str | None:
        """Apply one event; None when stored, else the reason it was refused."""
        return None if self.apply([event]) else self.last_refusal

    def _profile(self, fighter: FighterTrack, weapon: str, profile: str) -> ProfileTrack | None:
        carried = fighter.weapon(weapon)
        if carried is None:
            return None
        return next((p for p in carried.profiles if p.name == profile), None)

    def _ammo_event(self, event: dict[str, Any], fighter: FighterTrack) -> dict[str, Any] | None:
        assert self._ruleset is not None and self._record is not None
        profile = self._profile(fighter, event["weapon"], event["profile"])
        if profile is None:
            return None
        term = self._ruleset.ammo.term
        if event["event"] == "reload" and profile.has(Mechanic.PLENTIFUL):
            return event
        per_test = 2 if profile.has(Mechanic.COMBI) else 1
        tests = profile.rapid_fire or 1 if event["event"] == "ammo_test" else 1
        text = f"{fighter.name}'s {profile.label}: Am {profile.profile.am}; a roll below fails."
        if per_test == 2:
            text += " Combi: roll two dice, the lower one counts."
        if tests > 1:
            text += f" Rapid Fire ({tests}): one test per Ammo symbol; two failures jam it."
        title = f"{term}: {profile.label}" if event["event"] == "ammo_test" else "Reload"
        rolls = RollDialog.ask(self, title, text, self._dice, per_test=per_test, max_tests=tests)
        if rolls is None:
            return None
        completed = {**event, "roll": rolls[0] if len(rolls) == 1 else rolls}
        if event["event"] == "ammo_test" and not self._confirm_deletion(completed, profile):
            self._say("Nothing applied: the Limited profile stays on the card.")
            return None
        return completed

    def _confirm_deletion(self, event: dict[str, Any], profile: ProfileTrack) -> bool:
        """Try the event on a copy; ask before a Limited profile is struck off the card."""
        assert self._ruleset is not None and self._record is not None
        trial = self._record.state.copy()
        try:
            done = apply_event(self._ruleset, trial, parse_event(event))
        except BattleError:
            return True  # The service refuses it with the reason.
        if getattr(done, "removed", None) is None:
            return True
        term = self._ruleset.ammo.term
        owner = self._record.state.fighter(event["fighter"])
        if owner is not None and owner.hired:
            return ConfirmDialog.ask(
                self,
                "Delete a Limited profile?",
                f"{profile.label} failed its {term} and is Limited: it is deleted from"
                f" {event['fighter']}'s card for the rest of this battle"
                " (Undo puts it back if this was a mistake).",
                "Delete profile",
            )
        return ConfirmDialog.ask(
            self,
            "Delete a Limited profile?",
            f"{profile.label} failed its {term} and is Limited: it is deleted from"
            f" {event['fighter']}'s card now, and from the roster and printouts.\n\n"
            f"Fighter Rating and Gang Rating stay as they are; the pending rating drops by"
            f" {profile.profile.cost} until Update Roster. Only buying it again restores it"
            " (Undo puts it back if this was a mistake).",
            "Delete profile",
        )

    def _blaze_event(self, event: dict[str, Any], fighter: FighterTrack) -> dict[str, Any] | None:
        assert self._ruleset is not None
        catch = ", ".join(str(r) for r in self._ruleset.blaze.catch_fire_on)
        rolls = RollDialog.ask(
            self,
            f"Blaze roll: {fighter.name}",
            f"{fighter.name} was hit by a Blaze attack: a D6 of {catch} sets them on fire.",
            self._dice,
        )
        return {**event, "roll": rolls[0]} if rolls else None

    def _extinguish_event(
        self, event: dict[str, Any], fighter: FighterTrack
    ) -> dict[str, Any] | None:
        assert self._ruleset is not None and self._record is not None
        chosen = ExtinguishDialog.ask(self, self._ruleset, self._record.state, fighter)
        if chosen is None:
            return None
        by, helpers = chosen
        # Tried first with any die: a refusal is said before the player rolls, not after.
        trial = {**event, "by": by, "helpers": helpers, "roll": 6}
        try:
            apply_event(self._ruleset, self._record.state.copy(), parse_event(trial))
        except BattleError as exc:
            self._say(f"Refused: {exc}", error=True)
            return None
        rolls = RollDialog.ask(
            self, f"Put out the fire on {fighter.name}", f"{by} rolls a D6.", self._dice
        )
        if not rolls:
            return None
        return {**event, "by": by, "helpers": helpers, "roll": rolls[0]}

    # ---------------------------------------------------------------- prompts

    def _on_resolve_button_clicked(self) -> None:
        index = self.prompt_view.currentIndex()
        if not index.isValid() and self.prompt_model.rowCount():
            index = self.prompt_model.index(0, 0)
        if index.isValid():
            self._resolve(index)

    def _on_prompt_view_double_clicked(self, index: QModelIndex) -> None:
        self._resolve(index)

    def _resolve(self, index: QModelIndex) -> None:
        if self._record is None:
            return
        prompt = self.prompt_model.prompt(index.row())
        fighter = self._record.state.fighter(prompt.fighter)
        if fighter is None:
            return
        if prompt.kind is PromptKind.BLAZE_HIT:
            damaged = BlazeHitDialog.ask(self, prompt.text)
            if damaged is not None:
                self.apply([{"fighter": fighter.name, "event": "blaze_hit", "damaged": damaged}])
        elif prompt.kind is PromptKind.NERVE_TEST:
            rolls = RollDialog.ask(
                self, f"Nerve test: {fighter.name}", prompt.text, self._dice, per_test=2
            )
            if rolls:
                self.apply([{"fighter": fighter.name, "event": "nerve_test", "roll": rolls}])
        elif prompt.kind is PromptKind.FLAMES_ROLL:
            self._on_tile_sig_event_requested(
                {"fighter": fighter.name, "event": "extinguish", "by": fighter.name}
            )
        elif prompt.kind is PromptKind.KNOCKBACK:
            self._say(f"Move {fighter.name} on the table; the next event clears the reminder.")
        else:
            self._say(
                f"Enter the Injury dice result on {fighter.name}'s tile:"
                " Flesh wound, or the status Seriously Injured or Out of Action."
            )

    # ---------------------------------------------------------------- actions

    def _load_opponent(self, gang_id: int) -> Gang | None:
        try:
            return gangs.load_gang(self._db, str(gang_id))
        except ServiceError:
            return None

    def _on_start_page_sig_start_requested(self, scenario: str, crew: list[str]) -> None:
        opponent = self.start_page.opponent_id()
        result = self._perform(
            battle.StartBattle(
                self._gang_id,
                scenario=scenario,
                crew=tuple(crew),
                against=opponent,
                against_crew=tuple(self.start_page.opponent_crew()) if opponent is not None else (),
                # The start page says which ruleset the battle plays by.
                accept_ruleset=True,
            )
        )
        if result is None:
            return
        self._show(result.record)
        self._say(result.lines[-1] if len(result.lines) > 1 else result.lines[0])

    def _on_undo_action_triggered(self) -> None:
        if self._record is None:
            return
        result = self._perform(battle.UndoLastEvent(self._gang_id))
        if result is None:
            return
        self._show(result.record)
        self._say(result.lines[0])

    def _on_hire_action_triggered(self) -> None:
        offers = [o for o in self._hire_offers if o.left > 0]
        if self._record is None or not offers:
            return
        chosen = HireDialog.ask(self, offers, self._record.state)
        if chosen is None:
            return
        offer, name = chosen
        event = {"event": "hire", "fighter_type": offer.fighter_type, "territory": offer.territory}
        if name:
            event["name"] = name
        if self.apply([event]):
            hired = self._record.state.fighters[-1].name if self._record else ""
            if hired in self.tiles:
                self.tile_scroll.ensureWidgetVisible(self.tiles[hired])

    def _on_new_round_action_triggered(self) -> None:
        """The End phase first: each test it calls for is asked and stored as its own event."""
        while self._record is not None and self._ruleset is not None:
            tests = waiting(self._ruleset, self._record.state)
            if not tests:
                self.apply([{"event": "new_round"}])
                return
            event = EndTestDialog.ask_event(self, tests[0], self._ruleset, self._dice)
            if event is None:
                self._say(
                    f"The End phase waits: {len(tests)} test{'s' if len(tests) != 1 else ''}"
                    " to take before the new round (New round asks again)."
                )
                return
            if not self.apply([event]):
                return

    def _on_end_action_triggered(self) -> None:
        if self._record is None:
            return
        waiting = len(self._record.state.prompts)
        text = "The battle is closed and handed to the post-battle sequence."
        if waiting:
            text += f"\n\n{waiting} prompt{'s are' if waiting != 1 else ' is'} still waiting."
        if not ConfirmDialog.ask(self, "End the battle?", text, "End battle"):
            return
        result = self._perform(battle.EndBattle(self._gang_id))
        if result is None:
            return
        self._record = None
        self.reload(
            f"Battle {result.record.battle_id} ended after round {result.record.state.round}:"
            " it waits for the post-battle sequence. You may start another one."
        )
        self._say(result.lines[0])
        self.sig_battle_ended.emit(result.record.battle_id)
