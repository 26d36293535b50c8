"""The campaign window: standings, territories, the log of battles, the history chart.

Open it with `CampaignWindow(db, rulesets, campaign_id)`, or let the player
pick a campaign first with `open_campaign(parent, db, rulesets)`. It reads
everything through `services.campaign`; the only edit made here is the
arbitrator's notes (undo and redo in the Edit menu while typing, Save notes
stores them, refused with "changed by someone else — reload" when another
player saved the campaign meanwhile).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractItemModel, Qt, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QInputDialog,
    QLabel,
    QMainWindow,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from gangmanager.gui.campaign.campaign_models import (
    LogTableModel,
    StandingsTableModel,
    TerritoryTableModel,
)
from gangmanager.gui.campaign.history_chart import HistoryChartView
from gangmanager.gui.common.messages import Messages
from gangmanager.persistence.database import Database
from gangmanager.rules.campaign import current_phase
from gangmanager.services import campaign as service
from gangmanager.services.errors import ServiceError
from gangmanager.services.rulesets import Rulesets


class CampaignPicker:
    """Which campaign to open; tests replace `ask`."""

    @classmethod
    def ask(cls, parent: QWidget | None, names: list[str]) -> str | None:
        name, ok = QInputDialog.getItem(parent, "Open campaign", "Campaign:", names, 0, False)
        return name if ok else None


def _table(model: QAbstractItemModel, *, stretch: int) -> QTableView:
    view = QTableView()
    view.setModel(model)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.setAlternatingRowColors(True)
    view.verticalHeader().hide()
    header = view.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    header.setSectionResizeMode(stretch, QHeaderView.ResizeMode.Stretch)
    return view


class CampaignWindow(QMainWindow):
    # The campaign's id, after anything about it was saved from this window.
    sig_campaign_changed = Signal(int)

    def __init__(self, db: Database, rulesets: Rulesets, campaign_id: int) -> None:
        super().__init__()
        self._db = db
        self._rulesets = rulesets
        self.campaign_id = campaign_id
        self._version: int | None = None
        # Refusals and questions go through here (tests replace `tell` and `save_path`).
        self.messages = Messages(self)
        self.view: dict[str, Any] = {}

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
        self.territory_view = _table(self.territory_model, stretch=2)
        self.territory_view.setWordWrap(False)
        self.log_view = _table(self.log_model, stretch=2)
        self.log_view.setWordWrap(True)
        self.log_view.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.triumphs_label = QLabel()
        self.triumphs_label.setTextFormat(Qt.TextFormat.PlainText)
        self.triumphs_label.setWordWrap(True)

        self.notes_edit = QPlainTextEdit()
        self.notes_edit.setPlaceholderText("The arbitrator's notes")
        self.notes_edit.setMaximumHeight(110)
        self.save_notes_button = QPushButton("Save notes")
        self.save_notes_button.setEnabled(False)

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

        overview = QWidget()
        overview_layout = QVBoxLayout(overview)
        overview_layout.addWidget(self.header_label)
        overview_layout.addWidget(self.phase_label)
        overview_layout.addWidget(splitter, 1)
        self.history_view = HistoryChartView()
        self.tabs = QTabWidget()
        self.tabs.addTab(overview, "&Campaign")
        self.tabs.addTab(self.history_view, "&History")
        self.setCentralWidget(self.tabs)
        self._build_menus()

        self.notes_edit.textChanged.connect(self._on_notes_edit_text_changed)
        self.save_notes_button.clicked.connect(self._on_save_notes_button_clicked)
        self.resize(1280, 800)
        self.refresh()

    def _build_menus(self) -> None:
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

        edit_menu = self.menuBar().addMenu("&Edit")
        self.undo_action = QAction("&Undo", self)
        self.undo_action.setShortcut(QKeySequence.StandardKey.Undo)
        self.undo_action.setEnabled(False)
        self.undo_action.triggered.connect(self.notes_edit.undo)
        self.notes_edit.undoAvailable.connect(self.undo_action.setEnabled)
        self.redo_action = QAction("&Redo", self)
        self.redo_action.setShortcut(QKeySequence.StandardKey.Redo)
        self.redo_action.setEnabled(False)
        self.redo_action.triggered.connect(self.notes_edit.redo)
        self.notes_edit.redoAvailable.connect(self.redo_action.setEnabled)
        self.save_notes_action = QAction("&Save notes", self)
        self.save_notes_action.setShortcut(QKeySequence.StandardKey.Save)
        self.save_notes_action.setEnabled(False)
        self.save_notes_action.triggered.connect(self._on_save_notes_button_clicked)
        for action in (self.undo_action, self.redo_action, self.save_notes_action):
            edit_menu.addAction(action)

        view_menu = self.menuBar().addMenu("&View")
        for number, name in ((0, "&Campaign"), (1, "&History chart")):
            action = QAction(name, self)
            action.setShortcut(QKeySequence(f"Ctrl+{number + 1}"))
            action.triggered.connect(lambda _=False, n=number: self.tabs.setCurrentIndex(n))
            view_menu.addAction(action)

    # ------------------------------------------------------------ reading

    def refresh(self) -> None:
        """Read the campaign again (F5), as another player may have changed it."""
        try:
            state = service.campaign_state(self._db, self._rulesets, str(self.campaign_id))
        except ServiceError as exc:
            self.messages.tell(str(exc))
            return
        view = service.campaign_view(state)
        self.view = view
        self._version = state.campaign.version
        self.setWindowTitle(f"{view['name']} - campaign - Gang Manager")
        ended = "" if view["running"] else f", ended {str(view['finished_at'])[:10]}"
        dates = (
            f"    {view['starts_on'] or '?'} to {view['ends_on'] or '?'}"
            if view["starts_on"] or view["ends_on"]
            else ""
        )
        self.header_label.setText(
            f"{view['name']}: {view['type']['name']} ({state.ruleset.name}){dates}"
        )
        phase = view["phase"]
        self.phase_label.setText(
            f"Cycle {view['cycle']} of {view['cycles']}, {phase['name']} phase{ended}."
            f"    {len(view['gangs'])} gangs, {len(view['battles'])} battles."
            f"    {_phase_summary(state)}"
        )
        order = [g["id"] for g in view["gangs"]]
        self.standings_model.set_standings(view["standings"], order)
        _fit_rows(self.standings_view)
        self.territory_model.set_rows(_territory_rows(view))
        self.log_model.set_rows(list(reversed(view["log"])))
        title = "Triumphs" if view["running"] is False else "Triumphs if the campaign ended now"
        self.triumphs_label.setText(
            f"{title}: "
            + "; ".join(
                f"{t['name']} {' and '.join(t['gangs']) or 'nobody'}" for t in view["triumphs"]
            )
        )
        self.notes_edit.blockSignals(True)
        self.notes_edit.setPlainText(str(view["notes"]))
        self.notes_edit.document().clearUndoRedoStacks()
        self.notes_edit.blockSignals(False)
        self._set_notes_dirty(False)
        self.history_view.set_view(view)

    # ------------------------------------------------------------ notes

    def _set_notes_dirty(self, dirty: bool) -> None:
        self.save_notes_button.setEnabled(dirty)
        self.save_notes_action.setEnabled(dirty)
        self.undo_action.setEnabled(self.notes_edit.document().isUndoAvailable())
        self.redo_action.setEnabled(self.notes_edit.document().isRedoAvailable())

    def _on_notes_edit_text_changed(self) -> None:
        self._set_notes_dirty(self.notes_edit.toPlainText() != self.view.get("notes"))

    def _on_save_notes_button_clicked(self) -> None:
        try:
            service.set_details(
                self._db,
                str(self.campaign_id),
                notes=self.notes_edit.toPlainText(),
                version=self._version,
            )
        except ServiceError as exc:
            # The typed notes stay in the editor: nothing is lost, the player can copy them.
            self.messages.tell(str(exc))
            return
        self.refresh()
        self.sig_campaign_changed.emit(self.campaign_id)

    # ------------------------------------------------------------ report

    def _on_report_action_triggered(self) -> None:
        suggested = f"{self.view.get('name', 'campaign')}.pdf"
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


def _fit_rows(view: QTableView) -> None:
    """As tall as its rows (a few gangs), so the territories below get the room."""
    rows = sum(view.rowHeight(r) for r in range(view.model().rowCount()))
    header = view.horizontalHeader().sizeHint().height()
    view.setFixedHeight(rows + header + 2 * view.frameWidth() + 2)


def _phase_summary(state: service.CampaignState) -> str:
    return current_phase(state.campaign, state.ctype).summary


def _territory_rows(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Held territories first (hideouts last among them), then the unclaimed ones."""
    rows = list(view["territories"])
    return sorted(rows, key=lambda t: (t["holder"] is None, t["hideout"], t["holder"] or ""))


def open_campaign(
    parent: QWidget | None, db: Database, rulesets: Rulesets, messages: Messages | None = None
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
            'No campaign in this database yet. Start one with:\ngangmanager campaign new "NAME"'
        )
        return None
    chosen = rows[0] if len(rows) == 1 else None
    if chosen is None:
        name = CampaignPicker.ask(parent, [r.name for r in rows])
        chosen = next((r for r in rows if r.name == name), None)
        if chosen is None:
            return None
    window = CampaignWindow(db, rulesets, chosen.id)
    window.show()
    return window
