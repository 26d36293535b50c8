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

from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QAction, QKeySequence, QResizeEvent
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

from gangmanager.gui.battle.battle_models import LogListModel, PromptListModel
from gangmanager.gui.battle.choice_dialogs import ConfirmDialog
from gangmanager.gui.battle.end_phase_dialog import EndTestDialog
from gangmanager.gui.battle.event_asking import EventAsking
from gangmanager.gui.battle.fighter_tile import FighterTile
from gangmanager.gui.battle.hire_dialog import HireDialog
from gangmanager.gui.battle.lazy_tiles import LazyTiles, show_track
from gangmanager.gui.battle.start_page import StartPage
from gangmanager.gui.battle.tile_layout import TileLayout
from gangmanager.gui.common.runner import OperationRunner
from gangmanager.gui.common.screen_fit import open_size
from gangmanager.rules.battle_end_phase import waiting
from gangmanager.rules.battle_events import (
    BattleEvent,
    HireEvent,
    NewRoundEvent,
)
from gangmanager.rules.battle_hire import HireOffer, hire_offers
from gangmanager.rules.campaign_types import Boon
from gangmanager.rules.dice import Dice, RandomDice
from gangmanager.rules.gang import Gang
from gangmanager.rules.ruleset import Ruleset
from gangmanager.services import battle, gangs
from gangmanager.services.databases import Database
from gangmanager.services.errors import ServiceError
from gangmanager.services.operations import Action
from gangmanager.services.rulesets import Rulesets


class BattleWindow(TileLayout, EventAsking, QMainWindow):
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
        # Two gangs: the tiles out of sight are made after the first paint (lazy_tiles.py).
        self.tiles: dict[str, FighterTile] | LazyTiles = {}
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
        header = self._build_header()

        self._build_tile_area()

        side = self._build_side()

        self._build_page(header, side)

        self.stack = QStackedWidget()
        self.stack.addWidget(self.battle_page)
        self.setCentralWidget(self.stack)
        self.message_label = QLabel()
        self.message_label.setTextFormat(Qt.TextFormat.PlainText)
        self.statusBar().addWidget(self.message_label, 1)
        self._build_menus()

        self._connect()
        open_size(self, 1280, 800)
        self.reload()

    def _build_header(self) -> QHBoxLayout:
        """The battle's title line and its buttons."""
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
        return header

    def _build_tile_area(self) -> None:
        self.tile_area = QWidget()
        self.tile_grid = QGridLayout(self.tile_area)
        self.tile_grid.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.tile_scroll = QScrollArea()
        self.tile_scroll.setWidgetResizable(True)
        self.tile_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.tile_scroll.setWidget(self.tile_area)
        # The columns follow the room the tiles have (window, splitter), seen on the viewport.
        self.tile_scroll.viewport().installEventFilter(self)

    def _build_side(self) -> QSplitter:
        """The prompts waiting above the log."""
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
        return side

    def _build_page(self, header: QHBoxLayout, side: QSplitter) -> None:
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

    def _connect(self) -> None:
        self.hire_button.clicked.connect(self.hire_action.trigger)
        self.new_round_button.clicked.connect(self.new_round_action.trigger)
        self.undo_button.clicked.connect(self.undo_action.trigger)
        self.end_button.clicked.connect(self.end_action.trigger)
        self.resolve_button.clicked.connect(self._on_resolve_button_clicked)
        self.prompt_view.doubleClicked.connect(self._on_prompt_view_double_clicked)

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
            show_track(self.tiles, key, fighter)
        self.prompt_model.set_prompts(state.prompts)
        self.log_model.set_lines(state.log)
        self.log_view.scrollToBottom()
        self.stack.setCurrentWidget(self.battle_page)
        self._enable_actions()

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

    def apply(self, events: Sequence[BattleEvent | Mapping[str, Any]]) -> bool:
        """Store the events (all or nothing); False, with the reason shown, when refused.

        The window makes typed events; one written as a script writes it is read by the
        service as the command line's is."""
        result = self._perform(battle.ApplyEvents(self._gang_id, tuple(events), self._dice))
        if result is None:
            return False
        self._show(result.record)
        if result.lines:
            self._say(result.lines[-1].split(": ", 1)[-1])
        return True

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
        event = HireEvent(
            fighter_type=offer.fighter_type, territory=offer.territory, name=name or None
        )
        if self.apply([event]):
            hired = self._record.state.fighters[-1].name if self._record else ""
            if hired in self.tiles:
                self.tile_scroll.ensureWidgetVisible(self.tiles[hired])

    def _on_new_round_action_triggered(self) -> None:
        """The End phase first: each test it calls for is asked and stored as its own event."""
        while self._record is not None and self._ruleset is not None:
            tests = waiting(self._ruleset, self._record.state)
            if not tests:
                self.apply([NewRoundEvent()])
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
