"""The campaign window: standings, territories, the log of battles, the history chart.

Open it with `CampaignWindow(db, rulesets, campaign_id)`, or let the player
pick a campaign first with `open_campaign(parent, db, rulesets)`. It reads
everything through `services.campaign`. The Campaign menu runs the arbitrator's
actions (Add gang, Remove gang, Record battle, Assign territory, Next cycle,
End campaign) through the very `services.campaign` calls the command line
makes, so they refuse with the same reasons; each is one step on the undo
stack (shared with the main window's when it opened this one). The
arbitrator's notes have their own undo while typing; Save notes stores them,
refused with "changed by someone else — reload" when another player saved the
campaign meanwhile.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

import shiboken6

from PySide6.QtCore import QAbstractItemModel, QModelIndex, Qt, Signal
from PySide6.QtGui import QAction, QKeySequence, QUndoStack
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QHeaderView,
    QInputDialog,
    QLabel,
    QMainWindow,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSplitter,
    QTableView,
    QTabWidget,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from gangmanager.gui.campaign.arbitrator_actions import ArbitratorActions
from gangmanager.gui.campaign.campaign_models import (
    LogTableModel,
    StandingsTableModel,
    TerritoryTableModel,
    battle_order,
)
from gangmanager.gui.campaign.history_chart import HistoryChartView
from gangmanager.gui.common.messages import Messages
from gangmanager.gui.common.runner import OperationRunner
from gangmanager.gui.common.screen_fit import open_size
from gangmanager.rules.campaign import current_phase
from gangmanager.services import campaign as service
from gangmanager.services.campaign_rows import CampaignView, TerritoryRow, TriumphRow
from gangmanager.services.campaign_steps import OfCampaign, Stepped
from gangmanager.services.changes import Changes
from gangmanager.services.databases import Database
from gangmanager.services.errors import ServiceError
from gangmanager.services.operations import Action, Outcome
from gangmanager.services.rulesets import Rulesets

STATUS_TIMEOUT_MS = 8000

# What a campaign action run as an undo step hands back (its campaign, at least).
C = TypeVar("C", bound=OfCampaign)
# The standings show this many gangs before they scroll (the territories get the rest).
STANDINGS_ROWS = 8
# Gangs named per Triumph in the overview; the tooltip names them all.
TRIUMPH_NAMES = 3
# Rows a column's width is measured over (Qt's default, 1,000, made the log slow).
CONTENTS_PRECISION = 60


class CampaignPicker:
    """Which campaign to open; tests replace `ask`."""

    @classmethod
    def ask(cls, parent: QWidget | None, names: list[str]) -> str | None:
        name, ok = QInputDialog.getItem(parent, "Open campaign", "Campaign:", names, 0, False)
        return name if ok else None


def _table(model: QAbstractItemModel, *, stretch: int) -> QTableView:
    """A read-only table of one-line rows: every row the same height, long texts elided
    (their tooltips say them whole), so a campaign of hundreds of battles never has its
    rows measured one by one."""
    view = QTableView()
    view.setModel(model)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.setAlternatingRowColors(True)
    view.setWordWrap(False)
    view.setTextElideMode(Qt.TextElideMode.ElideRight)
    rows = view.verticalHeader()
    rows.hide()
    rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
    # One line of text, or the gang colour's swatch, with the style's usual margins.
    rows.setDefaultSectionSize(max(view.fontMetrics().height(), 16) + 8)
    header = view.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    header.setSectionResizeMode(stretch, QHeaderView.ResizeMode.Stretch)
    # Sized to the rows in sight (and a few more), not to every one of them.
    header.setResizeContentsPrecision(CONTENTS_PRECISION)
    return view


class CampaignWindow(ArbitratorActions, QMainWindow):
    # The campaign's id, after anything about it was saved from this window.
    sig_campaign_changed = Signal(int)
    # A gang's id: show its roster (a double-click on its standing).
    sig_gang_requested = Signal(int)

    def __init__(
        self,
        db: Database,
        rulesets: Rulesets,
        campaign_id: int,
        undo_stack: QUndoStack | None = None,
        runner: OperationRunner | None = None,
    ) -> None:
        super().__init__()
        self._db = db
        self._rulesets = rulesets
        # The main window's runner: its actions and undo steps repaint this window too.
        self._runner = runner if runner is not None else OperationRunner(db, rulesets, self)
        self._runner.sig_performed.connect(self._on_runner_sig_performed)
        self.campaign_id = campaign_id
        # The main window's stack when it opened this window: one history for the database.
        self.undo_stack = undo_stack if undo_stack is not None else QUndoStack(self)
        self._step_refused = False
        self._version: int | None = None
        # Refusals and questions go through here (tests replace `tell` and `save_path`).
        self.messages = Messages(self)
        # The campaign as last read (empty until `refresh` reads it).
        self.view = CampaignView()
        self._build_overview()
        self._build_menus()

        self.notes_edit.textChanged.connect(self._on_notes_edit_text_changed)
        self.save_notes_button.clicked.connect(self._on_save_notes_button_clicked)
        open_size(self, 1280, 800)
        self.refresh()

    def _build_overview(self) -> None:
        """The Campaign tab (header, standings, territories, log, notes) and the History tab."""
        self.header_label = QLabel()
        self.header_label.setTextFormat(Qt.TextFormat.PlainText)
        self.header_label.setWordWrap(True)
        font = self.header_label.font()
        font.setPointSizeF(font.pointSizeF() * 1.25)
        font.setBold(True)
        self.header_label.setFont(font)
        self.phase_label = QLabel()
        self.phase_label.setTextFormat(Qt.TextFormat.PlainText)
        self.phase_label.setWordWrap(True)

        self.standings_model = StandingsTableModel()
        self.territory_model = TerritoryTableModel()
        self.log_model = LogTableModel()
        self.standings_view = _table(self.standings_model, stretch=0)
        self.standings_view.setToolTip("Double-click a gang to open its roster")
        self.standings_view.doubleClicked.connect(self._on_standings_view_double_clicked)
        self.territory_view = _table(self.territory_model, stretch=2)
        self.log_view = _table(self.log_model, stretch=2)
        self.triumphs_label = QLabel()
        self.triumphs_label.setTextFormat(Qt.TextFormat.PlainText)
        self.triumphs_label.setWordWrap(True)

        self.notes_edit = QPlainTextEdit()
        self.notes_edit.setPlaceholderText("The arbitrator's notes")
        self.notes_edit.setMaximumHeight(110)
        self.save_notes_button = QPushButton("Save notes")
        self.save_notes_button.setEnabled(False)

        splitter = self._build_splitter()

        overview = QWidget()
        overview_layout = QVBoxLayout(overview)
        overview_layout.addWidget(self.header_label)
        overview_layout.addWidget(self.phase_label)
        overview_layout.addWidget(splitter, 1)
        self.history_view = HistoryChartView()
        # The overview scrolls when the window is short (a 640-pixel laptop): its wrapped
        # labels would otherwise make the window's minimum height taller than the screen.
        self.overview_scroll = QScrollArea()
        self.overview_scroll.setObjectName("overview_scroll")
        self.overview_scroll.setWidgetResizable(True)
        self.overview_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.overview_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.overview_scroll.setWidget(overview)
        self.tabs = QTabWidget()
        self.tabs.addTab(self.overview_scroll, "&Campaign")
        self.tabs.addTab(self.history_view, "&History")
        self._history_stale = True
        self.tabs.currentChanged.connect(self._on_tabs_current_changed)
        self.setCentralWidget(self.tabs)

    def _build_splitter(self) -> QSplitter:
        """Standings, Triumphs and territories on the left; the log and the notes on the right."""
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(QLabel("Standings"))
        left_layout.addWidget(self.standings_view)
        left_layout.addWidget(self.triumphs_label)
        left_layout.addWidget(QLabel("Territories"))
        left_layout.addWidget(self.territory_view, 1)
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addWidget(QLabel("Battles and post-battle, in plain words"))
        right_layout.addWidget(self.log_view, 1)
        right_layout.addWidget(QLabel("Arbitrator's notes"))
        right_layout.addWidget(self.notes_edit)
        right_layout.addWidget(self.save_notes_button, 0, Qt.AlignmentFlag.AlignRight)
        splitter = QSplitter()
        splitter.addWidget(left)
        splitter.addWidget(right)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        return splitter

    def _build_menus(self) -> None:
        self._build_file_menu()
        self._build_edit_menu()
        self._build_campaign_menu()
        self._update_undo_actions()
        self._build_view_menu()

    def _build_file_menu(self) -> None:
        file_menu = self.menuBar().addMenu("&File")
        self.report_action = QAction("&Export report (PDF or JSON)...", self)
        self.report_action.setShortcut(QKeySequence("Ctrl+E"))
        self.report_action.triggered.connect(self._on_report_action_triggered)
        file_menu.addAction(self.report_action)
        self.refresh_action = QAction("&Reload", self)
        self.refresh_action.setShortcut(QKeySequence.StandardKey.Refresh)
        self.refresh_action.triggered.connect(self.refresh)
        file_menu.addAction(self.refresh_action)
        file_menu.addSeparator()
        close = QAction("&Close", self)
        close.setShortcut(QKeySequence.StandardKey.Close)
        close.triggered.connect(self.close)
        file_menu.addAction(close)

    def _build_edit_menu(self) -> None:
        edit_menu = self.menuBar().addMenu("&Edit")
        # Undo and redo: the notes while they are being typed, else the campaign's actions.
        self.undo_action = QAction("&Undo", self)
        self.undo_action.setShortcut(QKeySequence.StandardKey.Undo)
        self.undo_action.triggered.connect(self._on_undo_action_triggered)
        self.redo_action = QAction("&Redo", self)
        self.redo_action.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        self.redo_action.triggered.connect(self._on_redo_action_triggered)
        self.notes_edit.undoAvailable.connect(self._update_undo_actions)
        self.notes_edit.redoAvailable.connect(self._update_undo_actions)
        self._connect_stack()
        self.save_notes_action = QAction("&Save notes", self)
        self.save_notes_action.setShortcut(QKeySequence.StandardKey.Save)
        self.save_notes_action.setEnabled(False)
        self.save_notes_action.triggered.connect(self._on_save_notes_button_clicked)
        for edit_action in (self.undo_action, self.redo_action, self.save_notes_action):
            edit_menu.addAction(edit_action)
            self.addAction(edit_action)

    def _build_campaign_menu(self) -> None:
        """The arbitrator's actions, in the Campaign menu and on the toolbar."""
        campaign_menu = self.menuBar().addMenu("C&ampaign")
        self.toolbar = QToolBar("Campaign actions")
        self.toolbar.setObjectName("campaign_actions")
        self.toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.addToolBar(self.toolbar)

        def action(text: str, slot: Callable[[], None], key: str, tip: str) -> QAction:
            made = QAction(text, self)
            made.setShortcut(QKeySequence(key))
            made.setToolTip(tip)
            made.setStatusTip(tip)
            made.triggered.connect(slot)
            campaign_menu.addAction(made)
            self.toolbar.addAction(made)
            return made

        self.add_gang_action = action(
            "&Add gang...", self._on_add_gang_triggered, "Ctrl+Shift+A", "Enter a gang"
        )
        self.remove_gang_action = action(
            "Re&move gang...", self._on_remove_gang_triggered, "", "Take a gang out"
        )
        self.record_battle_action = action(
            "Record &battle...",
            self._on_record_battle_triggered,
            "Ctrl+B",
            "Gangs, scenario, winner, Out of Action counts, the territory at stake",
        )
        self.assign_action = action(
            "Assign &territory...",
            self._on_assign_triggered,
            "Ctrl+T",
            "Give a territory to a gang, or free it",
        )
        self.next_cycle_action = action(
            "&Next cycle", self._on_next_cycle_triggered, "Ctrl+N", "Close the current cycle"
        )
        self.end_action = action(
            "&End campaign (Triumphs)...",
            self._on_end_triggered,
            "",
            "Close the campaign and award the Triumphs",
        )

    def _build_view_menu(self) -> None:
        view_menu = self.menuBar().addMenu("&View")
        for number, name in ((0, "&Campaign"), (1, "&History chart")):
            tab_action = QAction(name, self)
            tab_action.setShortcut(QKeySequence(f"Ctrl+{number + 1}"))
            tab_action.triggered.connect(lambda _=False, n=number: self.tabs.setCurrentIndex(n))
            view_menu.addAction(tab_action)

    # ------------------------------------------------------------ reading

    def refresh(self) -> None:
        """Read the campaign again (F5), as another player may have changed it."""
        # The history points grow with every battle: read only with the chart in sight.
        charted = self.tabs.currentWidget() is self.history_view
        if (state := self._read(charted)) is None:
            return
        view = service.campaign_view(state)
        self.view = view
        self._version = state.campaign.version
        self.setWindowTitle(f"{view.name} - campaign - Gang Manager")
        ended = "" if view.running else f", ended {str(view.finished_at)[:10]}"
        dates = (
            f"    {view.starts_on or '?'} to {view.ends_on or '?'}"
            if view.starts_on or view.ends_on
            else ""
        )
        self.header_label.setText(f"{view.name}: {view.type.name} ({state.ruleset.name}){dates}")
        self.phase_label.setText(
            f"Cycle {view.cycle} of {view.cycles}, {view.phase.name} phase{ended}."
            f"    {len(view.gangs)} gangs, {len(view.battles)} battles."
            f"    {_phase_summary(state)}"
        )
        order = [g.id for g in view.gangs]
        self.standings_model.set_standings(view.standings, order)
        _fit_rows(self.standings_view, STANDINGS_ROWS)
        self.territory_model.set_rows(_territory_rows(view))
        self.log_model.set_rows(battle_order(view.log))
        self.log_view.scrollToBottom()
        for item in (
            self.add_gang_action,
            self.remove_gang_action,
            self.record_battle_action,
            self.assign_action,
            self.next_cycle_action,
            self.end_action,
        ):
            item.setEnabled(view.running)
        title = "Triumphs" if not view.running else "Triumphs if the campaign ended now"
        self.triumphs_label.setText(f"{title}: " + triumphs_text(view.triumphs, TRIUMPH_NAMES))
        self.triumphs_label.setToolTip(f"{title}:\n" + triumphs_text(view.triumphs, None, "\n"))
        self.notes_edit.blockSignals(True)
        self.notes_edit.setPlainText(view.notes)
        self.notes_edit.document().clearUndoRedoStacks()
        self.notes_edit.blockSignals(False)
        self._set_notes_dirty(False)
        self._history_stale = not charted
        if charted:
            self.history_view.set_view(view)

    def _read(self, with_history: bool) -> service.CampaignState | None:
        try:
            return service.campaign_state(
                self._db, self._rulesets, str(self.campaign_id), with_history=with_history
            )
        except ServiceError as exc:
            self.messages.tell(str(exc))
            return None

    def _on_tabs_current_changed(self, index: int) -> None:
        # The chart shown after refreshes without it: its points read for it alone
        # (the overview, notes being typed, left as it is).
        stale = self._history_stale and self.tabs.widget(index) is self.history_view
        if stale and (state := self._read(True)) is not None:
            self._history_stale = False
            self.history_view.set_view(service.campaign_view(state))

    # ------------------------------------------------------------ notes

    def _set_notes_dirty(self, dirty: bool) -> None:
        self.save_notes_button.setEnabled(dirty)
        self.save_notes_action.setEnabled(dirty)
        self._update_undo_actions()

    # ------------------------------------------------------------ undo

    def _stack(self) -> QUndoStack:
        """The undo stack; a window outliving the main window that lent it keeps its own."""
        if not shiboken6.isValid(self.undo_stack):
            self.undo_stack = QUndoStack(self)
            self._connect_stack()
        return self.undo_stack

    def _connect_stack(self) -> None:
        self.undo_stack.indexChanged.connect(self._update_undo_actions)
        self.undo_stack.cleanChanged.connect(self._update_undo_actions)

    def _typing_notes(self) -> bool:
        return self.notes_edit.hasFocus()

    def _update_undo_actions(self, *_: object) -> None:
        document = self.notes_edit.document()
        if self._typing_notes() and (document.isUndoAvailable() or document.isRedoAvailable()):
            self.undo_action.setEnabled(document.isUndoAvailable())
            self.redo_action.setEnabled(document.isRedoAvailable())
            self.undo_action.setText("&Undo typing")
            self.redo_action.setText("&Redo typing")
            return
        stack = self._stack()
        self.undo_action.setEnabled(stack.canUndo() or document.isUndoAvailable())
        self.redo_action.setEnabled(stack.canRedo() or document.isRedoAvailable())
        self.undo_action.setText(f"&Undo {stack.undoText()}".rstrip())
        self.redo_action.setText(f"&Redo {stack.redoText()}".rstrip())

    def _on_undo_action_triggered(self) -> None:
        document = self.notes_edit.document()
        if document.isUndoAvailable() and (self._typing_notes() or not self._stack().canUndo()):
            self.notes_edit.undo()
            return
        label = self._stack().undoText()
        if self._stack().canUndo():
            self._step_refused = False
            self._stack().undo()
            if not self._step_refused:
                self.statusBar().showMessage(f"Undone: {label}", STATUS_TIMEOUT_MS)

    def _on_redo_action_triggered(self) -> None:
        document = self.notes_edit.document()
        if document.isRedoAvailable() and (self._typing_notes() or not self._stack().canRedo()):
            self.notes_edit.redo()
            return
        label = self._stack().redoText()
        if self._stack().canRedo():
            self._step_refused = False
            self._stack().redo()
            if not self._step_refused:
                self.statusBar().showMessage(f"Redone: {label}", STATUS_TIMEOUT_MS)

    # ------------------------------------------------------------ actions

    def _run(
        self,
        label: str,
        action: Action[C],
        gangs: Sequence[str] = (),
        done: Callable[[C], object] | None = None,
    ) -> str | None:
        """Perform one services.campaign action as an undo step; the refusal's text, or None.

        `done` gets the action's result (the Triumphs of End campaign). The window
        repaints from the runner's broadcast, as every open window does."""
        refusal: list[str] = []
        outcome = self._runner.run(
            Stepped(label, action, str(self.campaign_id), tuple(gangs)),
            self._stack(),
            lambda exc: refusal.append(str(exc)),
            self._on_step_refused,
        )
        if outcome is None:
            return refusal[0]
        if done is not None:
            done(outcome.result)
        return None

    def _on_runner_sig_performed(self, outcome: Outcome) -> None:
        if self.campaign_id in outcome.changes.campaigns_changed:
            self._on_step_done(self.campaign_id, outcome.changes)

    def _on_step_done(self, campaign_id: int, changes: Changes) -> None:
        if changes.messages:
            self.statusBar().showMessage("; ".join(changes.messages), STATUS_TIMEOUT_MS)
        if campaign_id == self.campaign_id:
            if not campaign_exists(self._db, campaign_id):
                self.close()  # its New campaign was undone
            else:
                self.refresh()
        self.sig_campaign_changed.emit(campaign_id)

    def _on_standings_view_double_clicked(self, index: QModelIndex) -> None:
        self.sig_gang_requested.emit(self.standings_model.row_object(index.row()).gang_id)

    def _on_step_refused(self, text: str) -> None:
        self._step_refused = True
        self.messages.tell(text)

    def _told(self, refusal: str | None) -> None:
        if refusal is not None:
            self.messages.tell(refusal)

    def _on_notes_edit_text_changed(self) -> None:
        self._set_notes_dirty(self.notes_edit.toPlainText() != self.view.notes)

    def _on_save_notes_button_clicked(self) -> None:
        action = service.SetCampaignDetails(
            str(self.campaign_id), notes=self.notes_edit.toPlainText(), version=self._version
        )
        # No undo step for the notes (as before); a refusal keeps the typed notes in the
        # editor: nothing is lost, the player can copy them.
        if self._runner.run(action, None, lambda exc: self.messages.tell(str(exc))) is None:
            return
        self.refresh()
        self.sig_campaign_changed.emit(self.campaign_id)

    # ------------------------------------------------------------ report

    def _on_report_action_triggered(self) -> None:
        suggested = f"{self.view.name or 'campaign'}.pdf"
        path = self.messages.save_path("Campaign report", "PDF (*.pdf);;JSON (*.json)", suggested)
        if path is None:
            return
        if path.suffix.lower() not in (".pdf", ".json"):
            path = path.with_suffix(".pdf")
        try:
            written = service.write_report(self._db, self._rulesets, str(self.campaign_id), path)
        except ServiceError as exc:
            self.messages.tell(str(exc))
            return
        self.statusBar().showMessage(f"Report written to {written}", 8000)


def campaign_exists(db: Database, campaign_id: int) -> bool:
    return any(row.id == campaign_id for row in service.list_campaigns(db))


def _fit_rows(view: QTableView, most: int) -> None:
    """As tall as its rows up to `most` of them (then it scrolls), so the territories
    below get the room and fifty gangs do not stretch the window off the screen."""
    shown = min(view.model().rowCount(), most)
    rows = shown * view.verticalHeader().defaultSectionSize()
    header = view.horizontalHeader().sizeHint().height()
    view.setFixedHeight(rows + header + 2 * view.frameWidth() + 2)


def triumphs_text(triumphs: Sequence[TriumphRow], most: int | None, between: str = "; ") -> str:
    """Each Triumph and its gangs; past `most` names, how many more (None: every name)."""

    def who(gangs: Sequence[str]) -> str:
        if not gangs:
            return "nobody"
        if most is not None and len(gangs) > most:
            return f"{', '.join(gangs[:most])} and {len(gangs) - most} more"
        return " and ".join([", ".join(gangs[:-1]), gangs[-1]] if len(gangs) > 1 else gangs)

    return between.join(f"{t.name} {who(t.gangs)}" for t in triumphs)


def _phase_summary(state: service.CampaignState) -> str:
    return current_phase(state.campaign, state.ctype).summary


def _territory_rows(view: CampaignView) -> list[TerritoryRow]:
    """Held territories first (hideouts last among them), then the unclaimed ones."""
    return sorted(view.territories, key=lambda t: (t.holder is None, t.hideout, t.holder or ""))


def open_campaign(
    parent: QWidget | None,
    db: Database,
    rulesets: Rulesets,
    messages: Messages | None = None,
    undo_stack: QUndoStack | None = None,
    runner: OperationRunner | None = None,
) -> CampaignWindow | None:
    """Ask which campaign (when there are several) and open its window; None if none."""
    messages = messages or Messages(parent)
    try:
        rows = service.list_campaigns(db)
    except ServiceError as exc:
        messages.tell(str(exc))
        return None
    if not rows:
        messages.inform(
            "No campaign in this database yet. Start one with Campaign > New campaign..."
        )
        return None
    chosen = rows[0] if len(rows) == 1 else None
    if chosen is None:
        name = CampaignPicker.ask(parent, [r.name for r in rows])
        chosen = next((r for r in rows if r.name == name), None)
        if chosen is None:
            return None
    window = CampaignWindow(db, rulesets, chosen.id, undo_stack, runner)
    window.show()
    return window
