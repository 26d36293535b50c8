"""The main window: gangs on the left, the gang's roster in the centre, the card below.

Every edit is a `services.roster` command run by `run()`: one transaction,
pushed on the undo stack, and the window refreshes from the `Changes` it
returns. The undo history belongs to the open database and survives
switching gangs; undoing an edit of another gang shows that gang.
Dialogs are imported by the slots that open them, not before the first
paint (docs/performance.md).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from itertools import pairwise
from typing import TYPE_CHECKING

from PySide6.QtCore import QItemSelection, QModelIndex, QSettings, Qt, QTimer
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QKeySequence,
    QPaintEvent,
    QResizeEvent,
    QUndoStack,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QDockWidget,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSplitter,
    QStackedWidget,
    QTableView,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from gangmanager import __version__
from gangmanager.gui.common import recent_databases
from gangmanager.gui.common.gang_list_model import NAME_COLUMN as GANG_NAME_COLUMN
from gangmanager.gui.common.gang_list_model import GangListModel
from gangmanager.gui.common.messages import Messages
from gangmanager.gui.common.password_prompt import ask_password
from gangmanager.gui.common.runner import OperationRunner, rosters_changed
from gangmanager.gui.common.screen_fit import open_size
from gangmanager.gui.play_actions import PlayActions
from gangmanager.gui.printing.print_actions import PrintActions
from gangmanager.gui.roster.breakdown import fighter_rating_text, gang_rating_text, wealth_text
from gangmanager.gui.roster.fighter_editor import FighterEditor
from gangmanager.gui.roster.gang_header import GangHeader
from gangmanager.gui.roster.roster_table_model import NAME_COLUMN, RATING_COLUMN, RosterTableModel
from gangmanager.gui.roster.stash_panel import StashPanel
from gangmanager.rules import roster_ops
from gangmanager.rules.gang import Fighter, Gang
from gangmanager.rules.ruleset import Ruleset
from gangmanager.services import databases, gangs, roster
from gangmanager.services.changes import Changes
from gangmanager.services.databases import Database, open_url, sqlite_url
from gangmanager.services.errors import (
    DamagedGangError,
    DatabaseError,
    ServiceError,
    StaleGangError,
)
from gangmanager.services.gang_diff import what_changed
from gangmanager.services.operations import Outcome
from gangmanager.services.rulesets import Rulesets

if TYPE_CHECKING:
    from gangmanager.gui.printing.card_preview import CardPreview
    from gangmanager.services.gangs import GangSummary

DATABASE_FILTER = "Gang Manager databases (*.sqlite *.db);;All files (*)"
GANG_FILTER = "Gang files (*.gang.json *.json);;All files (*)"
PAGE_FILTER = "Web pages (*.html *.htm);;All files (*)"
STATUS_TIMEOUT_MS = 8000
# After the first paint and the card: the player is reading the roster by then.
PREPARE_AFTER_PAINT_MS = 300
# Fighters the roster shows at once when the screen allows (1366x768 and up).
ROSTER_ROWS = 10


def _button(action: QAction) -> QToolButton:
    button = QToolButton()
    button.setDefaultAction(action)
    button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
    button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
    return button


class MainWindow(QMainWindow):
    def __init__(
        self,
        db: Database,
        rulesets: Rulesets,
        settings: QSettings | None = None,
        runner: OperationRunner | None = None,
    ) -> None:
        super().__init__()
        self._db = db
        self._rulesets = rulesets
        # The application's runner (tests let the window make its own): every action of
        # every window goes through it, and each window repaints from its broadcast.
        self.runner = runner if runner is not None else OperationRunner(db, rulesets, self)
        self.runner.sig_performed.connect(self._on_runner_sig_performed)
        # Tests pass their own; the app's organisation and name are set in gui/app.py only.
        self.settings = settings if settings is not None else QSettings()
        self.messages = Messages(self)
        self.undo_stack = QUndoStack(self)
        self._gang: Gang | None = None
        self._ruleset: Ruleset | None = None
        self._quiet = False
        self._build_widgets()
        self._build_actions()
        self._build_menus()
        self.statusBar().showMessage("Every edit is saved at once; Ctrl+Z undoes it.")
        self._restore_settings()
        recent_databases.remember(self.settings, db.url)
        self._update_title()
        self.refresh_gangs()

    # -- building --------------------------------------------------------------------

    def _build_widgets(self) -> None:
        self.gang_model = GangListModel()
        self.gang_model.sig_rename_requested.connect(
            self._on_gang_model_rename_requested, Qt.ConnectionType.QueuedConnection
        )
        self.gang_view = QTableView()
        self.gang_view.setObjectName("gang_list")
        self.gang_view.setModel(self.gang_model)
        self.gang_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.gang_view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.gang_view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.gang_view.verticalHeader().hide()
        self.gang_view.setTabKeyNavigation(False)
        self.gang_view.setWordWrap(False)
        self.gang_view.setAlternatingRowColors(True)
        header = self.gang_view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(GANG_NAME_COLUMN, QHeaderView.ResizeMode.Stretch)
        self.gang_view.selectionModel().selectionChanged.connect(
            self._on_gang_view_selection_changed
        )

        self.header = GangHeader()
        self.header.sig_rating_clicked.connect(self._on_header_rating_clicked)
        self.header.sig_wealth_clicked.connect(self._on_header_wealth_clicked)
        self.header.sig_details_clicked.connect(self._on_header_details_clicked)

        self.roster_model = RosterTableModel()
        self.roster_model.sig_rename_requested.connect(
            self._on_roster_model_rename_requested, Qt.ConnectionType.QueuedConnection
        )
        self.roster_view = QTableView()
        self.roster_view.setObjectName("roster")
        self.roster_view.setModel(self.roster_model)
        self.roster_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.roster_view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.roster_view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.roster_view.setAlternatingRowColors(True)
        self.roster_view.verticalHeader().hide()
        self.roster_view.setTabKeyNavigation(False)
        self.roster_view.verticalHeader().setDefaultSectionSize(24)
        roster_header = self.roster_view.horizontalHeader()
        roster_header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        roster_header.setSectionResizeMode(NAME_COLUMN, QHeaderView.ResizeMode.Stretch)
        # Column widths from the rows in sight, not every row: otherwise each changed
        # row makes the header measure all the others (its cost grew with the gang).
        roster_header.setResizeContentsPrecision(0)
        self.roster_view.selectionModel().selectionChanged.connect(
            self._on_roster_view_selection_changed
        )
        self.roster_view.doubleClicked.connect(self._on_roster_view_double_clicked)

        self.stash_panel = StashPanel(self.messages)
        self.stash_panel.setObjectName("stash_panel")
        self.stash_panel.sig_command.connect(self._on_editor_command)

        # The card is built just after the first paint (`paintEvent`), or on first use:
        # about 50 ms of the start (docs/performance.md); `editor` builds it when asked.
        self._editor: FighterEditor | None = None
        self._card_fighter: Fighter | None = None

    @property
    def editor(self) -> FighterEditor:
        """The fighter card, built on first use."""
        if self._editor is None:
            self._build_editor()
        assert self._editor is not None
        return self._editor

    @property
    def editor_built(self) -> bool:
        return self._editor is not None

    def _build_editor(self) -> None:
        if self._editor is not None:
            return
        editor = FighterEditor(self.messages)
        self._editor = editor
        editor.setObjectName("fighter_editor")
        editor.sig_command.connect(self._on_editor_command)
        editor.sig_breakdown_requested.connect(self._on_editor_breakdown_requested)
        self.editor_area.setWidget(editor)
        self._fighter_menu.insertAction(self._injury_menu_slot, editor.add_injury_action)
        # Its place in the tab chain: after the roster's buttons, before the stash.
        chain = [self._roster_buttons[-1], *editor.tab_chain, self.stash_panel.view]
        for first, second in pairwise(chain):
            QWidget.setTabOrder(first, second)
        editor.add_injury_action.setEnabled(self._card_fighter is not None)
        editor.set_fighter(self._gang, self._card_fighter, self._ruleset)

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if self._editor is None:
            # Queued: this paint reaches the screen first.
            QTimer.singleShot(0, self._build_editor)
            # While the player reads the first screen: the engine and ORM the first
            # action needs (the first screen was read without them).
            QTimer.singleShot(PREPARE_AFTER_PAINT_MS, self._prepare_for_actions)

    def _prepare_for_actions(self) -> None:
        try:
            databases.prepare_for_actions(self._db)
        except Exception:  # A head start only: the first action meets and reports it.
            return

    def _build_actions(self) -> None:
        def action(
            text: str,
            slot: Callable[[], object],
            *keys: QKeySequence | QKeySequence.StandardKey | str,
            tip: str = "",
        ) -> QAction:
            made = QAction(text, self)
            if keys:
                made.setShortcuts([QKeySequence(k) for k in keys])
            if tip:
                made.setStatusTip(tip)
                made.setToolTip(tip)
            made.triggered.connect(slot)
            self.addAction(made)
            return made

        key = QKeySequence.StandardKey
        self.new_database_action = action("&New database...", self._on_new_database_triggered)
        self.open_database_action = action(
            "&Open database...", self._on_open_database_triggered, key.Open
        )
        self.import_action = action(
            "&Import gang...",
            self._on_import_triggered,
            "Ctrl+I",
            tip="A gang file or YakTribe JSON",
        )
        self.update_from_file_action = action(
            "&Update gang from file...",
            self._on_update_from_file_triggered,
            tip="A gang file exported from a gang of this database, changed elsewhere",
        )
        self.export_action = action(
            "&Export gang...",
            self._on_export_triggered,
            "Ctrl+E",
            tip="Save the gang as a gang file",
        )
        self.export_page_action = action(
            "Export as &web page...",
            self._on_export_page_triggered,
            tip="One page anyone can open in a browser: the roster and every card",
        )
        self.restore_backup_action = action(
            "Restore &backup...",
            self._on_restore_backup_triggered,
            tip="Put back one of the automatic daily copies of this database",
        )
        self.quit_action = action("&Quit", self.close, key.Quit)

        self.undo_action = self.undo_stack.createUndoAction(self, "&Undo")
        self.undo_action.setShortcuts([QKeySequence(key.Undo)])
        self.redo_action = self.undo_stack.createRedoAction(self, "&Redo")
        self.redo_action.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        self.addAction(self.undo_action)
        self.addAction(self.redo_action)
        # After the stack's own slot: the step just undone is the one redo would apply.
        self.undo_action.triggered.connect(self._on_undo_action_triggered)
        self.redo_action.triggered.connect(self._on_redo_action_triggered)
        self._step_refused = False
        self.rename_action = action("Re&name", self._on_rename_triggered, "F2")
        self.delete_action = action(
            "&Delete", self._on_delete_triggered, key.Delete, tip="Delete what is selected"
        )

        self.new_gang_action = action(
            "&New gang...", self._on_new_gang_triggered, "Ctrl+Shift+N", tip="Found a new gang"
        )
        self.duplicate_action = action("D&uplicate gang", self._on_duplicate_triggered, "Ctrl+D")
        self.delete_gang_action = action("De&lete gang...", self._on_delete_gang_triggered)
        self.details_action = action("Gang &details...", self._on_header_details_clicked, "Ctrl+G")
        self.rating_action = action(
            "Gang &Rating breakdown", self._on_header_rating_clicked, "Ctrl+R"
        )
        self.wealth_action = action("&Wealth breakdown", self._on_header_wealth_clicked)

        self.new_fighter_action = action(
            "&New fighter...", self._on_new_fighter_triggered, key.New, tip="Recruit a fighter"
        )
        self.remove_fighter_action = action("&Remove fighter...", self._on_remove_fighter_triggered)
        self.fighter_rating_action = action(
            "Fighter Rating &breakdown", self._on_fighter_rating_triggered, "Ctrl+Shift+R"
        )
        self.add_modifier_action = action(
            "Add &modifier...", lambda: self.editor.add_modifier.click(), "Ctrl+M"
        )
        self.buy_weapon_action = action(
            "Buy &weapon...", lambda: self.editor.buy_weapon.click(), "Ctrl+B"
        )
        self.buy_wargear_action = action(
            "Buy w&argear...", lambda: self.editor.buy_wargear.click(), "Ctrl+Shift+B"
        )
        self.add_skill_action = action(
            "Add s&kill...", lambda: self.editor.add_skill.click(), "Ctrl+K"
        )

        self.focus_gangs_action = action("&Gangs", self.gang_view.setFocus, "Alt+1")
        self.focus_roster_action = action("&Roster", self.roster_view.setFocus, "Alt+2")
        self.focus_card_action = action("Fighter &card", lambda: self.editor.focus_name(), "Alt+3")
        self.about_action = action("&About Gang Manager", self._on_about_triggered)

        self.new_campaign_action = action(
            "&New campaign...",
            self._on_new_campaign_triggered,
            tip="Set up a campaign: name, ruleset, type",
        )
        self.campaign_action = action(
            "&Open campaign...",
            self._on_campaign_triggered,
            "Ctrl+Shift+C",
            tip="Territories, standings, battles and history of a campaign",
        )
        self.campaign_window: QMainWindow | None = None

        self.play = PlayActions(self, self)
        self.printing = PrintActions(self)
        for item in (*self.play.actions(), *self.printing.actions()):
            self.addAction(item)
        self.printing.sig_exported.connect(self._on_printing_sig_exported)
        self.printing.sig_failed.connect(self.tell)

        # The card as it will print, beside the editor; hidden until asked for (F4).
        # Its CardPreview (and the printing code) is built when the dock is first shown.
        self._card_preview: CardPreview | None = None
        self._card_scroll = QScrollArea()
        self._card_scroll.setWidgetResizable(True)
        self.card_dock = QDockWidget("Card as printed", self)
        self.card_dock.setObjectName("card_dock")
        self.card_dock.setWidget(self._card_pane())
        self.card_dock.setMinimumWidth(420)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.card_dock)
        # Floating at a readable size: docked, it would squeeze the editor at 1280x800
        # (it can still be docked by dragging it to the side).
        self.card_dock.setFloating(True)
        self.card_dock.resize(640, 860)
        self.card_dock.hide()
        # Connected once hidden: making the dock float shows it for a moment.
        self.card_dock.visibilityChanged.connect(self._on_card_dock_visibility_changed)
        self.card_action = self.card_dock.toggleViewAction()
        self.card_action.setText("Card &preview")
        self.card_action.setShortcut(QKeySequence("F4"))
        self.addAction(self.card_action)

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        file_menu.addAction(self.new_database_action)
        file_menu.addAction(self.open_database_action)
        self.recent_menu = file_menu.addMenu("&Recent databases")
        self.recent_menu.aboutToShow.connect(self._on_recent_menu_about_to_show)
        file_menu.addSeparator()
        file_menu.addAction(self.import_action)
        file_menu.addAction(self.update_from_file_action)
        file_menu.addAction(self.export_action)
        file_menu.addAction(self.export_page_action)
        file_menu.addSeparator()
        for item in self.printing.actions():
            file_menu.addAction(item)
        file_menu.addSeparator()
        file_menu.addAction(self.restore_backup_action)
        file_menu.addSeparator()
        file_menu.addAction(self.quit_action)
        edit_menu = bar.addMenu("&Edit")
        edit_menu.addAction(self.undo_action)
        edit_menu.addAction(self.redo_action)
        edit_menu.addSeparator()
        edit_menu.addAction(self.rename_action)
        edit_menu.addAction(self.delete_action)
        gang_menu = bar.addMenu("&Gang")
        for menu_item in (
            self.new_gang_action,
            self.duplicate_action,
            self.delete_gang_action,
            None,
            self.details_action,
            self.rating_action,
            self.wealth_action,
        ):
            gang_menu.addSeparator() if menu_item is None else gang_menu.addAction(menu_item)
        fighter_menu = bar.addMenu("F&ighter")
        for menu_item in (
            self.new_fighter_action,
            self.remove_fighter_action,
            None,
            self.add_modifier_action,
            self.buy_weapon_action,
            self.buy_wargear_action,
            self.add_skill_action,
            None,
            self.fighter_rating_action,
        ):
            fighter_menu.addSeparator() if menu_item is None else fighter_menu.addAction(menu_item)
        # The card's Add injury goes before this separator when the card is built.
        self._fighter_menu = fighter_menu
        self._injury_menu_slot = next(
            a for a in reversed(fighter_menu.actions()) if a.isSeparator()
        )
        fighter_menu.aboutToShow.connect(self._build_editor)  # complete whenever it opens
        battle_menu = bar.addMenu("&Battle")
        for item in self.play.actions():
            battle_menu.addAction(item)
        campaign_menu = bar.addMenu("&Campaign")
        campaign_menu.addAction(self.new_campaign_action)
        campaign_menu.addAction(self.campaign_action)
        view_menu = bar.addMenu("&View")
        for item in (self.focus_gangs_action, self.focus_roster_action, self.focus_card_action):
            view_menu.addAction(item)
        view_menu.addSeparator()
        view_menu.addAction(self.card_action)
        help_menu = bar.addMenu("&Help")
        help_menu.addAction(self.about_action)

        gangs_title = QLabel("<b>Gangs</b>")
        buttons = QGridLayout()
        buttons.setSpacing(4)
        self._gang_buttons: list[QWidget] = []
        for index, (item, text) in enumerate(
            (
                (self.new_gang_action, "New..."),
                (self.duplicate_action, "Duplicate"),
                (self.delete_gang_action, "Delete..."),
                (self.import_action, "Import..."),
                (self.export_action, "Export..."),
            )
        ):
            button = _button(item)
            button.setText(text)
            buttons.addWidget(button, index // 3, index % 3)
            self._gang_buttons.append(button)
        gangs_pane = QWidget()
        left_layout = QVBoxLayout(gangs_pane)
        left_layout.setContentsMargins(6, 6, 2, 6)
        left_layout.addWidget(gangs_title)
        left_layout.addWidget(self.gang_view, 1)
        left_layout.addLayout(buttons)
        # The gangs above, the shown gang's stash below.
        left = QSplitter(Qt.Orientation.Vertical)
        left.setObjectName("left_splitter")
        left.addWidget(gangs_pane)
        left.addWidget(self.stash_panel)
        left.setStretchFactor(0, 1)
        left.setStretchFactor(1, 1)

        self._roster_buttons: list[QWidget] = []
        for item, text in (
            (self.new_fighter_action, "New fighter..."),
            (self.remove_fighter_action, "Remove fighter..."),
        ):
            button = _button(item)
            button.setText(text)
            button.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
            self._roster_buttons.append(button)
        # On the header's facts line: a laptop screen has no row to spare under the roster.
        self.header.add_buttons(*self._roster_buttons)
        top = QWidget()
        top_layout = QVBoxLayout(top)
        top_layout.setContentsMargins(2, 6, 6, 2)
        top_layout.setSpacing(4)
        top_layout.addWidget(self.header)
        top_layout.addWidget(self.roster_view, 1)

        self.centre_splitter = QSplitter(Qt.Orientation.Vertical)
        self.centre_splitter.setObjectName("centre_splitter")
        self.centre_splitter.addWidget(top)
        # The card scrolls rather than forcing its width on the window (small screens).
        self.editor_area = QScrollArea()
        self.editor_area.setWidgetResizable(True)
        self.editor_area.setFrameShape(QFrame.Shape.NoFrame)
        self.centre_splitter.addWidget(self.editor_area)
        self.centre_splitter.setStretchFactor(0, 2)
        self.centre_splitter.setStretchFactor(1, 3)
        self.centre_splitter.setSizes([300, 460])
        self.splitter = QSplitter()
        self.splitter.setObjectName("main_splitter")
        self.splitter.addWidget(left)
        self.splitter.addWidget(self.centre_splitter)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setSizes([280, 1000])
        # Until the player drags a splitter (or one is restored), each resize shares the
        # room out again: the roster shows ROSTER_ROWS fighters when the screen allows.
        self._fitted = True
        self.splitter.splitterMoved.connect(self._on_splitter_moved)
        self.centre_splitter.splitterMoved.connect(self._on_splitter_moved)
        # An empty database opens on a start page, not on an empty table.
        self.start_page = self._build_start_page()
        self.pages = QStackedWidget()
        self.pages.addWidget(self.splitter)
        self.pages.addWidget(self.start_page)
        self.setCentralWidget(self.pages)
        # Left to right, top to bottom: gangs, the gang's header, the roster, the card.
        chain: list[QWidget] = [
            self.gang_view,
            *self._gang_buttons,
            self.header.rating,
            self.header.wealth,
            self.header.details,
            self.roster_view,
            *self._roster_buttons,
            self.stash_panel.view,  # the card's fields go before it once it is built
        ]
        for first, second in pairwise(chain):
            QWidget.setTabOrder(first, second)

    def _build_start_page(self) -> QWidget:
        page = QWidget()
        page.setObjectName("start_page")
        title = QLabel("<h2>No gang in this database yet</h2>")
        title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        text = QLabel(
            "Found a gang with the wizard, bring one in from YakTribe or a .gang.json file,"
            " or open a campaign."
        )
        text.setWordWrap(True)
        text.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.start_buttons: dict[str, QPushButton] = {}
        column = QVBoxLayout()
        column.addStretch(1)
        column.addWidget(title)
        column.addWidget(text)
        for key, label, tip, slot in (
            (
                "new",
                "New gang...",
                "The founding wizard (Ctrl+Shift+N)",
                self._on_new_gang_triggered,
            ),
            (
                "import",
                "Import...",
                "A YakTribe export or a .gang.json file (Ctrl+I)",
                self._on_import_triggered,
            ),
            (
                "campaign",
                "Open campaign...",
                "Territories, standings and battles (Ctrl+Shift+C)",
                self._on_campaign_triggered,
            ),
        ):
            button = QPushButton(label)
            button.setToolTip(tip)
            button.setMinimumHeight(36)
            button.clicked.connect(slot)
            column.addWidget(button)
            self.start_buttons[key] = button
        column.addStretch(2)
        row = QHBoxLayout(page)
        row.addStretch(1)
        row.addLayout(column, 2)
        row.addStretch(1)
        return page

    def _restore_settings(self) -> None:
        geometry = self.settings.value("main_window/geometry")
        if geometry is not None:
            self.restoreGeometry(geometry)
        else:
            open_size(self, 1280, 800)
        for key, splitter in (
            ("main_window/splitter", self.splitter),
            ("main_window/centre_splitter", self.centre_splitter),
        ):
            state = self.settings.value(key)
            if state is not None:
                splitter.restoreState(state)
                self._fitted = False

    def _on_splitter_moved(self, *_: int) -> None:
        self._fitted = False

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self._fitted:
            self._share_room(event.size().width())

    def _share_room(self, width: int) -> None:
        """The gang list narrower on a small screen; the roster ROSTER_ROWS rows tall (at most
        about half the height), the card the rest."""
        left = 220 if width < 1200 else 260
        self.splitter.setSizes([left, max(width - left, 1)])
        total = self.centre_splitter.height()
        if total <= 0:
            return
        rows = self.roster_view.verticalHeader().defaultSectionSize() * ROSTER_ROWS
        roster = (
            rows
            + self.roster_view.horizontalHeader().sizeHint().height()
            + 2 * self.roster_view.frameWidth()
            + self.header.sizeHint().height()
            + 14  # the margins and spacing around them
        )
        roster = min(roster, int(total * 0.55))
        self.centre_splitter.setSizes([roster, max(total - roster, 1)])

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.campaign_window is not None:
            self.campaign_window.close()
        self.settings.setValue("main_window/geometry", self.saveGeometry())
        self.settings.setValue("main_window/splitter", self.splitter.saveState())
        self.settings.setValue("main_window/centre_splitter", self.centre_splitter.saveState())
        self.settings.sync()
        super().closeEvent(event)

    # -- state -----------------------------------------------------------------------

    @property
    def database(self) -> Database:
        return self._db

    @property
    def gang(self) -> Gang | None:
        return self._gang

    @property
    def fighter(self) -> Fighter | None:
        return self._editor.fighter if self._editor is not None else self._card_fighter

    @property
    def rulesets(self) -> Rulesets:
        return self._rulesets

    @property
    def card_preview(self) -> CardPreview:
        """The card as it will print, showing the fighter in the editor."""
        return self._card_preview or self._build_card_preview()

    def _card_pane(self) -> QWidget:
        """The preview's zoom buttons above it; the keys and Ctrl+wheel work on the card too."""
        pane = QWidget()
        row = QHBoxLayout()
        row.setContentsMargins(4, 2, 4, 0)
        self.card_zoom_label = QLabel("Fit width")
        for text, tip, slot in (
            ("-", "Zoom out (-, Ctrl+wheel)", lambda: self.card_preview.zoom_out()),
            ("+", "Zoom in (+, Ctrl+wheel)", lambda: self.card_preview.zoom_in()),
            (
                "Fit width",
                "The card as wide as the panel (0)",
                lambda: self.card_preview.fit_width(),
            ),
        ):
            button = QToolButton()
            button.setText(text)
            button.setToolTip(tip)
            button.clicked.connect(slot)
            row.addWidget(button)
        row.addWidget(self.card_zoom_label)
        row.addStretch(1)
        layout = QVBoxLayout(pane)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addLayout(row)
        layout.addWidget(self._card_scroll, 1)
        return pane

    def _on_card_preview_zoom_changed(self, zoom: float | None) -> None:
        # Pixels per millimetre against the 96-dpi screen's 3.78: shown as a percentage.
        self.card_zoom_label.setText("Fit width" if zoom is None else f"{zoom / 3.78:.0%}")

    def _build_card_preview(self) -> CardPreview:
        from gangmanager.gui.printing.card_preview import CardPreview

        preview = CardPreview()
        preview.sig_zoom_changed.connect(self._on_card_preview_zoom_changed)
        self._card_scroll.setWidget(preview)
        preview.set_fighter(self.fighter, self._ruleset)
        self._card_preview = preview
        return preview

    def _on_card_dock_visibility_changed(self, visible: bool) -> None:
        if visible and self._card_preview is None:
            self._build_card_preview()

    def tell(self, text: str) -> None:
        self.messages.tell(text)

    def show_changes(self, gang_id: int, changes: Changes | None = None) -> None:
        """Refresh after a change made outside the roster editor (battle, post-battle)."""
        if changes is not None and changes.messages:
            self.statusBar().showMessage("; ".join(changes.messages), STATUS_TIMEOUT_MS)
        self.refresh_gangs(select=gang_id)

    def _on_printing_sig_exported(self, path: str) -> None:
        self.statusBar().showMessage(f"Saved {path}", STATUS_TIMEOUT_MS)

    def _update_title(self) -> None:
        where = str(self._db.path) if self._db.path is not None else self._db.url
        self.setWindowTitle(f"Gang Manager - {where}")

    @contextmanager
    def _quietly(self) -> Iterator[None]:
        """Select rows without the selection handlers reloading (the caller loads)."""
        self._quiet = True
        try:
            yield
        finally:
            self._quiet = False

    def refresh_gangs(self, select: int | None = None, fighter_id: int | None = None) -> None:
        """Reload the gang list; show `select`, else the gang shown, else the first.

        `fighter_id`: the fighter to select in it (else the one selected stays).
        """
        current = self._gang.id if self._gang is not None else None
        try:
            summaries = gangs.list_gangs(self._db)
        except ServiceError as exc:
            self.messages.tell(str(exc))
            summaries = []
        with self._quietly():
            self.gang_model.set_gangs(summaries)
        self.pages.setCurrentWidget(self.splitter if summaries else self.start_page)
        wanted = next(
            (
                gid
                for gid in (select, current)
                if gid is not None and self.gang_model.row_of(gid) is not None
            ),
            self.gang_model.gang_id(0) if self.gang_model.rowCount() else None,
        )
        if wanted is None:
            self._show_gang(None)
        else:
            self.select_gang(wanted, fighter_id if wanted == select else None)

    def select_gang(self, gang_id: int, fighter_id: int | None = None) -> None:
        row = self.gang_model.row_of(gang_id)
        if row is None:
            return
        with self._quietly():
            self.gang_view.selectRow(row)
        self._show_gang(gang_id, fighter_id)

    def _show_gang(self, gang_id: int | None, fighter_id: int | None = None) -> None:
        """Load the gang from the store and show it, keeping the selected fighter."""
        same = self._gang is not None and self._gang.id == gang_id
        keep = fighter_id if fighter_id is not None else (self._fighter_id() if same else None)
        gang: Gang | None = None
        ruleset: Ruleset | None = None
        if gang_id is not None:
            try:
                gang = gangs.load_gang(self._db, str(gang_id))
                ruleset = self._rulesets.get(gang.ruleset)
                self.gang_model.set_damaged(gang_id, None)
            except DamagedGangError as exc:
                # Never a box at start-up: the list marks it, the status bar says why.
                self.gang_model.set_damaged(gang_id, str(exc))
                self.statusBar().showMessage(str(exc))
                gang, ruleset = None, None
            except ServiceError as exc:
                self.messages.tell(str(exc))
                gang, ruleset = None, None
        self._gang, self._ruleset = gang, ruleset
        self.header.set_gang(gang, ruleset)
        self.stash_panel.set_gang(gang, ruleset)
        with self._quietly():
            self.roster_model.set_gang(gang, ruleset)
            row = self.roster_model.row_of(keep)
            if row is None and self.roster_model.rowCount():
                row = 0
            if row is not None:
                self.roster_view.selectRow(row)
        self.play.set_gang(gang.id if gang is not None else None)
        self.printing.set_gang(gang, ruleset)
        self._show_fighter(row)
        has_gang = gang is not None
        self.delete_gang_action.setEnabled(
            has_gang or (gang_id is not None and self.gang_model.damaged(gang_id) is not None)
        )
        for item in (
            self.duplicate_action,
            self.export_action,
            self.export_page_action,
            self.details_action,
            self.rating_action,
            self.wealth_action,
            self.new_fighter_action,
        ):
            item.setEnabled(has_gang)

    def _show_fighter(self, row: int | None) -> None:
        fighter = self.roster_model.fighter(row) if row is not None else None
        self._card_fighter = fighter
        if self._editor is not None:
            self._editor.set_fighter(self._gang, fighter, self._ruleset)
        self.stash_panel.set_fighter(fighter)
        self.printing.set_fighters(fighter.name if fighter is not None else None)
        if self._card_preview is not None:
            self._card_preview.set_fighter(fighter, self._ruleset)
        for item in (
            self.remove_fighter_action,
            self.fighter_rating_action,
            self.add_modifier_action,
            self.buy_weapon_action,
            self.buy_wargear_action,
            self.add_skill_action,
            *([self._editor.add_injury_action] if self._editor is not None else []),
        ):
            item.setEnabled(fighter is not None)

    def _fighter_id(self) -> int | None:
        fighter = self.fighter
        return fighter.id if fighter is not None else None

    # -- running commands ------------------------------------------------------------

    def run(self, command: roster.Command) -> Outcome | None:
        """Apply one edit, put it on the undo stack and show the result; None if refused.

        An edit of the gang on screen carries the version shown: if someone else
        saved the gang since, it is refused, and the window reloads and says what changed.
        """
        command = self._against_shown_version(command)
        # The outcome is shown from the runner's broadcast (_on_runner_sig_performed).
        return self.runner.run(
            command, self.undo_stack, self._on_run_refused, self._on_step_refused
        )

    def _on_run_refused(self, exc: ServiceError) -> None:
        if isinstance(exc, StaleGangError):
            self._reload_stale_gang(str(exc))
            return
        self.messages.tell(str(exc))
        self._show_gang(self._gang.id if self._gang is not None else None)

    def _against_shown_version(self, command: roster.Command) -> roster.Command:
        gang = self._gang
        if (
            isinstance(command, roster.Versioned)
            and command.version is None
            and gang is not None
            and getattr(command, "gang_id", None) == gang.id
        ):
            return replace(command, version=gang.version)
        return command

    def _reload_stale_gang(self, refusal: str) -> None:
        shown = self._gang
        self._show_gang(shown.id if shown is not None else None)
        now = self._gang
        changes = what_changed(shown, now) if shown is not None and now is not None else []
        what = f" ({', '.join(changes)})" if changes else ""
        self.messages.tell(
            f"{refusal}: the window now shows the gang as saved{what}."
            " Make your change again if you still want it."
        )

    def _on_runner_sig_performed(self, outcome: Outcome) -> None:
        """Any action or undo step of any window: show what it changed."""
        if not rosters_changed(outcome):
            # A battle event or a saved draft: no reload of the roster for it.
            return
        self._show_outcome(outcome)

    def _show_outcome(self, outcome: Outcome) -> None:
        changes = outcome.changes
        shown = self._gang.id if self._gang is not None else None
        if outcome.gang_id is None:
            if shown in changes.gangs_removed:
                self._gang = None
            self.refresh_gangs()
        elif (
            outcome.gang_id == shown
            and not (changes.gangs_added or changes.gangs_removed)
            and self._update_shown_gang(outcome)
        ):
            pass
        elif changes.gang_list:
            self.refresh_gangs(select=outcome.gang_id, fighter_id=outcome.fighter_id)
        elif outcome.gang_id != shown or outcome.fighter_id is not None or changes.gangs_changed:
            self.select_gang(outcome.gang_id, outcome.fighter_id)
        text = "; ".join((outcome.label, *changes.messages))
        self.statusBar().showMessage(text, STATUS_TIMEOUT_MS)

    def _update_shown_gang(self, outcome: Outcome) -> bool:
        """An edit of the gang on screen: update the rows it changed, from the gang the
        outcome carries as saved (a roster edit), else read once; the gang list's line
        from the same gang.

        False when the gang no longer reads (the caller falls back to a full reload).
        """
        assert outcome.gang_id is not None and self._ruleset is not None
        gang = outcome.gang
        if gang is None or gang.id != outcome.gang_id:
            try:
                gang = gangs.load_gang(self._db, str(outcome.gang_id))
            except (DamagedGangError, ServiceError):
                return False
        if gang.ruleset != self._ruleset.id:
            return False
        ruleset = self._ruleset
        if outcome.changes.gangs_changed:
            self._refresh_gang_list_quietly(gang)
        self._gang = gang
        self.header.set_gang(gang, ruleset)
        self.stash_panel.set_gang(gang, ruleset)
        keep = outcome.fighter_id if outcome.fighter_id is not None else self._fighter_id()
        with self._quietly():
            if not self.roster_model.update_gang(gang, ruleset):
                self.roster_model.set_gang(gang, ruleset)
            row = self.roster_model.row_of(keep)
            if row is None and self.roster_model.rowCount():
                row = 0
            if row is not None and row != self.roster_view.currentIndex().row():
                self.roster_view.selectRow(row)
        self.printing.set_gang(gang, ruleset)
        self._show_fighter(row)
        return True

    def _refresh_gang_list_quietly(self, saved: Gang | None = None) -> None:
        """New names and ratings in the gang list, the same gang selected, nothing reloaded.

        `saved`: the gang as just saved or read; its line is made from it without reading
        the list again, unless its name changed (the list is sorted by name).
        """
        summaries = self._summaries_with(saved) if saved is not None else None
        if summaries is None:
            try:
                summaries = gangs.list_gangs(self._db)
            except ServiceError:
                return
        shown = self._gang.id if self._gang is not None else None
        with self._quietly():
            self.gang_model.set_gangs(summaries)
            row = self.gang_model.row_of(shown) if shown is not None else None
            if row is not None:
                self.gang_view.selectRow(row)

    def _summaries_with(self, saved: Gang) -> list[GangSummary] | None:
        """The gang list with `saved`'s line as it now reads; None when it must be read."""
        row = self.gang_model.row_of(saved.id) if saved.id is not None else None
        if row is None:
            return None
        rows = [self.gang_model.row_object(n) for n in range(self.gang_model.rowCount())]
        if rows[row].name != saved.name:
            return None
        rows[row] = replace(
            rows[row],
            house=saved.house,
            ruleset=saved.ruleset,
            rating=saved.rating,
            credits=saved.credits,
            reputation=saved.reputation,
            fighter_count=len(saved.fighters),
        )
        return rows

    # -- gangs -----------------------------------------------------------------------

    def _on_gang_view_selection_changed(self, selected: QItemSelection, _: QItemSelection) -> None:
        if self._quiet:
            return
        rows = selected.indexes()
        self._show_gang(self.gang_model.gang_id(rows[0].row()) if rows else None)

    def _on_gang_model_rename_requested(self, gang_id: int, name: str) -> None:
        self.run(roster.EditGang(gang_id, {"name": name}))

    def _on_new_gang_triggered(self) -> None:
        from gangmanager.gui.roster.new_gang_wizard import NewGangWizard

        gang = NewGangWizard.ask(self, self._rulesets, self.messages)
        if gang is not None:
            self.run(roster.CreateGang(gang))

    def _on_duplicate_triggered(self) -> None:
        if self._gang is not None and self._gang.id is not None:
            self.run(roster.DuplicateGang(self._gang.id))

    def _on_delete_gang_triggered(self) -> None:
        gang = self._gang
        if gang is None or gang.id is None:
            self._delete_damaged_gang()
            return
        count = len(gang.fighters)
        if self.messages.confirm(
            f"Delete the gang {gang.name} and its {count} fighter{'s' if count != 1 else ''}?"
            " Its battles go with it. Undo (Ctrl+Z) brings everything back.",
            "Delete gang",
        ):
            self.run(roster.DeleteGang(gang.id))

    def _delete_damaged_gang(self) -> None:
        """The selected gang does not load: it can still be deleted (and undone)."""
        rows = self.gang_view.selectionModel().selectedRows()
        gang_id = self.gang_model.gang_id(rows[0].row()) if rows else None
        if gang_id is None or self.gang_model.damaged(gang_id) is None:
            return
        if self.messages.confirm(
            f"Delete the damaged gang {gang_id} and everything it owns?"
            " Undo (Ctrl+Z) brings it back.",
            "Delete gang",
        ):
            self.run(roster.DeleteGang(gang_id))

    def _on_header_details_clicked(self) -> None:
        if self._gang is None or self._gang.id is None:
            return
        from gangmanager.gui.roster.gang_details_dialog import GangDetailsDialog

        fields = GangDetailsDialog.ask(self, self._gang, self.messages)
        if not fields:
            return
        gang_id = self._gang.id
        picture = fields.pop("portrait", ...)
        if fields:
            self.run(roster.EditGang(gang_id, fields))
        if picture is not ...:  # a portrait picked or cleared: its own step with undo
            self.run(roster.SetPortrait(gang_id, None, picture))

    def _on_header_rating_clicked(self) -> None:
        from gangmanager.gui.common.receipt_dialog import ReceiptDialog

        if self._gang is not None:
            ReceiptDialog.ask(self, f"{self._gang.name}: Gang Rating", gang_rating_text(self._gang))

    def _on_header_wealth_clicked(self) -> None:
        from gangmanager.gui.common.receipt_dialog import ReceiptDialog

        if self._gang is not None:
            ReceiptDialog.ask(self, f"{self._gang.name}: wealth", wealth_text(self._gang))

    def _on_import_triggered(self) -> None:
        path = self.messages.open_path("Import a gang", GANG_FILTER)
        if path is None:
            return
        try:
            gang, report, origin = gangs.read_import_with_origin(path, self._rulesets)
        except (ServiceError, ValueError) as exc:
            self.messages.tell(str(exc))
            return
        from gangmanager.services import gang_files  # with SQLAlchemy: not at start

        # The gang keeps the file's identity, so a later update from file finds it.
        outcome = self.runner.run(
            gang_files.ImportGang(gang, origin), self.undo_stack, self._on_run_refused
        )
        if outcome is not None and report is not None:
            self.messages.inform(report.text(), "Import report")

    def _on_update_from_file_triggered(self) -> None:
        path = self.messages.open_path("Update a gang from a file", GANG_FILTER)
        if path is None:
            return
        try:
            gang, _, origin = gangs.read_import_with_origin(path, self._rulesets)
        except (ServiceError, ValueError) as exc:
            self.messages.tell(str(exc))
            return
        if origin is None:
            self.messages.tell(
                f"{path.name}: the file does not say which gang it was exported from;"
                " import it as a new gang instead"
            )
            return
        from gangmanager.services import gang_files  # with SQLAlchemy: not at start

        conflicts: list[ServiceError] = []

        def refused(exc: ServiceError) -> None:
            if isinstance(exc, gang_files.UpdateConflict):
                conflicts.append(exc)
            else:
                self._on_run_refused(exc)

        action = gang_files.UpdateGangFromFile(gang, origin, path.name)
        outcome = self.runner.run(action, self.undo_stack, refused)
        if conflicts:
            take = "Import as a new gang"
            if self.messages.ask(str(conflicts[0]), [take, "Keep the stored gang"]) == take:
                self.runner.run(
                    gang_files.ImportGang(gang, None), self.undo_stack, self._on_run_refused
                )
            return
        if outcome is not None:
            result = outcome.result
            said = "\n".join(result.lines) or "Nothing to change: the gang is as the file has it."
            self.messages.inform(said, f"Updated {result.gang.name} from {path.name}")

    def _on_export_triggered(self) -> None:
        if self._gang is None or self._gang.id is None:
            return
        suggested = f"{self._gang.name}.gang.json"
        path = self.messages.save_path("Export the gang", GANG_FILTER, suggested)
        if path is None:
            return
        from gangmanager.services import gang_files  # with SQLAlchemy: not at start

        # The first export gives the gang its identity: a write, so through the runner.
        stamp = gang_files.StampExport(self._gang.id)
        if self.runner.run(stamp, None, self._on_run_refused) is None:
            return
        try:
            written = gangs.write_gang_file(self._db, str(self._gang.id), path)
        except ServiceError as exc:
            self.messages.tell(str(exc))
            return
        self.statusBar().showMessage(f"Exported {self._gang.name} to {written}", STATUS_TIMEOUT_MS)

    def _on_export_page_triggered(self) -> None:
        if self._gang is None or self._gang.id is None:
            return
        path = self.messages.save_path("Export as web page", PAGE_FILTER, f"{self._gang.name}.html")
        if path is None:
            return
        if path.suffix.lower() not in gangs.PAGE_SUFFIXES:
            path = path.with_name(path.name + ".html")
        try:
            written = gangs.export_gang_page(self._db, self._rulesets, str(self._gang.id), path)
        except ServiceError as exc:
            self.messages.tell(str(exc))
            return
        self.statusBar().showMessage(
            f"Wrote {self._gang.name} as a web page to {written}", STATUS_TIMEOUT_MS
        )

    # -- databases -------------------------------------------------------------------

    def open_database(self, url: str) -> bool:
        """Switch to another database; its undo history starts empty."""
        try:
            db = open_url(url, lambda prompt: ask_password(prompt, self))
        except DatabaseError as exc:
            self.messages.tell(str(exc))
            return False
        old, self._db = self._db, db
        self.runner.database = db
        old.close()
        self._forget_database_state()
        recent_databases.remember(self.settings, db.url)
        self._update_title()
        self.refresh_gangs()
        self.statusBar().showMessage(f"Opened {db.path or db.url}", STATUS_TIMEOUT_MS)
        return True

    def _on_undo_action_triggered(self) -> None:
        self._say_step("Undone", self.undo_stack.redoText())

    def _on_redo_action_triggered(self) -> None:
        self._say_step("Redone", self.undo_stack.undoText())

    def _say_step(self, done: str, label: str) -> None:
        if not self._step_refused and label:
            self.statusBar().showMessage(f"{done}: {label}", STATUS_TIMEOUT_MS)
        self._step_refused = False

    def _on_campaign_triggered(self) -> None:
        # Imported here: QtCharts is loaded only when a campaign is looked at.
        from gangmanager.gui.campaign.campaign_window import open_campaign

        if self.campaign_window is not None:
            self.campaign_window.close()
        window = open_campaign(
            self, self._db, self._rulesets, self.messages, self.undo_stack, self.runner
        )
        self._show_campaign_window(window)

    def _show_campaign_window(self, window: QMainWindow | None) -> None:
        if window is not None:
            window.sig_gang_requested.connect(self._on_campaign_gang_requested)  # type: ignore[attr-defined]
        self.campaign_window = window

    def _on_campaign_gang_requested(self, gang_id: int) -> None:
        """The campaign's standings link to each gang's roster: shown here."""
        self.refresh_gangs(select=gang_id)
        self.raise_()
        self.activateWindow()

    def _on_new_campaign_triggered(self) -> None:
        from gangmanager.gui.campaign.action_dialogs import NewCampaign, NewCampaignDialog
        from gangmanager.gui.campaign.campaign_window import CampaignWindow
        from gangmanager.services import campaign as campaign_service
        from gangmanager.services.campaign_steps import Stepped

        created: list[int] = []

        def attempt(values: NewCampaign) -> str | None:
            refusal: list[str] = []
            action = campaign_service.CreateCampaign(
                values.name, type_id=values.type_id, ruleset_id=values.ruleset_id
            )
            outcome = self.runner.run(
                Stepped("New campaign", action, None),
                self.undo_stack,
                lambda exc: refusal.append(str(exc)),
                self._on_step_refused,
            )
            if outcome is None:
                return refusal[0]
            created.append(outcome.changes.campaigns_changed[0])
            return None

        if not NewCampaignDialog.ask(self, self._rulesets, attempt) or not created:
            return
        if self.campaign_window is not None:
            self.campaign_window.close()
        window = CampaignWindow(self._db, self._rulesets, created[-1], self.undo_stack, self.runner)
        window.show()
        self._show_campaign_window(window)

    def _on_step_refused(self, text: str) -> None:
        self._step_refused = True
        self.messages.tell(text)

    def _forget_database_state(self) -> None:
        """After the database changed under us: no undo step or window may outlive it."""
        if self.campaign_window is not None:
            self.campaign_window.close()
            self.campaign_window = None
        self.play.close_all()
        self.undo_stack.clear()
        self._gang = None

    def _on_restore_backup_triggered(self) -> None:
        if self._db.path is None:
            self.messages.tell("Backups are kept for database files only, not for a server.")
            return
        from gangmanager.gui.common.restore_backup_dialog import RestoreBackupDialog
        from gangmanager.services import backups

        chosen = RestoreBackupDialog.ask(self, backups.list_backups(self._db.path))
        if chosen is None:
            return
        try:
            result = backups.restore_and_reopen(self._db, chosen)
        except ServiceError as exc:
            self.messages.tell(str(exc))
            return
        self._db = result.database
        self.runner.database = result.database
        self._forget_database_state()
        self.refresh_gangs()
        self.statusBar().showMessage(
            f"Restored {chosen.name}; the database as it was is kept as a backup too",
            STATUS_TIMEOUT_MS,
        )

    def _on_open_database_triggered(self) -> None:
        path = self.messages.open_path("Open a database", DATABASE_FILTER)
        if path is not None:
            self.open_database(sqlite_url(path))

    def _on_new_database_triggered(self) -> None:
        path = self.messages.save_path("New database", DATABASE_FILTER, "gangs.sqlite")
        if path is None:
            return
        if path.exists() and path.stat().st_size > 0:
            self.messages.tell(f"{path} already exists: use Open database to open it.")
            return
        self.open_database(sqlite_url(path))

    def _on_recent_menu_about_to_show(self) -> None:
        self.recent_menu.clear()
        urls = recent_databases.recent(self.settings)
        for url in urls:
            shown = url.removeprefix("sqlite:///")
            item = self.recent_menu.addAction(shown)
            item.setEnabled(url != recent_databases.without_password(self._db.url))
            item.triggered.connect(lambda _checked=False, u=url: self.open_database(u))
        if not urls:
            self.recent_menu.addAction("(none)").setEnabled(False)

    # -- fighters --------------------------------------------------------------------

    def _on_roster_view_selection_changed(
        self, selected: QItemSelection, _: QItemSelection
    ) -> None:
        if self._quiet:
            return
        rows = selected.indexes()
        self._show_fighter(rows[0].row() if rows else None)

    def _on_roster_view_double_clicked(self, index: QModelIndex) -> None:
        if index.column() == RATING_COLUMN:
            self._on_fighter_rating_triggered()
        elif index.column() == NAME_COLUMN:
            self.roster_view.edit(index)

    def _on_roster_model_rename_requested(self, fighter_id: int, name: str) -> None:
        if self._gang is not None and self._gang.id is not None:
            self.run(roster.EditFighter(self._gang.id, fighter_id, {"name": name}))

    def _on_editor_command(self, command: roster.Command) -> None:
        self.run(command)

    def _on_editor_breakdown_requested(self, _fighter_id: int) -> None:
        self._on_fighter_rating_triggered()

    def _on_fighter_rating_triggered(self) -> None:
        fighter = self.fighter
        from gangmanager.gui.common.receipt_dialog import ReceiptDialog

        if fighter is not None:
            ReceiptDialog.ask(self, f"{fighter.name}: Fighter Rating", fighter_rating_text(fighter))

    def _on_new_fighter_triggered(self) -> None:
        gang, ruleset = self._gang, self._ruleset
        if gang is None or gang.id is None or ruleset is None:
            self.messages.tell("Select or create a gang first.")
            return
        from gangmanager.gui.roster.new_fighter_dialog import NewFighterDialog

        choice = NewFighterDialog.ask(
            self,
            ruleset,
            gang.house,
            gang.credits,
            fighters=list(gang.fighters),
            ignore_restrictions=gang.house_rules_ignore_restrictions,
        )
        if choice is None:
            return
        if self.run(roster.AddFighter(gang.id, choice.fighter, pay=choice.pay)) is not None:
            self.editor.focus_name()

    def _on_remove_fighter_triggered(self) -> None:
        gang, fighter = self._gang, self.fighter
        if gang is None or gang.id is None or fighter is None or fighter.id is None:
            self.messages.tell("Select the fighter to remove.")
            return
        value = fighter.cost + roster_ops.equipment_value(fighter)
        refund = f"Remove and refund {value} credits"
        answer = self.messages.ask(
            f"Remove {fighter.name} from {gang.name}? Undo (Ctrl+Z) brings them back."
            f" Their cost and equipment came to {value} credits.",
            ["Remove", refund, "Cancel"],
        )
        if answer in ("Remove", refund):
            amount = value if answer == refund else 0
            self.run(roster.RemoveFighter(gang.id, fighter.id, refund=amount))

    # -- keyboard --------------------------------------------------------------------

    def _focus_in(self, widget: QWidget) -> bool:
        focus = QApplication.focusWidget()
        return focus is not None and (focus is widget or widget.isAncestorOf(focus))

    def _on_delete_triggered(self) -> None:
        if self._focus_in(self.gang_view):
            self._on_delete_gang_triggered()
        elif (
            self._editor is not None
            and self._focus_in(self._editor)
            and self._editor.remove_focused()
        ):
            return
        else:
            self._on_remove_fighter_triggered()

    def _on_rename_triggered(self) -> None:
        if self._focus_in(self.gang_view):
            row = self.gang_view.currentIndex().row()
            if row >= 0:
                self.gang_view.edit(self.gang_model.index(row, GANG_NAME_COLUMN))
        elif self._focus_in(self.roster_view):
            row = self.roster_view.currentIndex().row()
            if row >= 0:
                self.roster_view.edit(self.roster_model.index(row, NAME_COLUMN))
        else:
            self.editor.focus_name()

    def _on_about_triggered(self) -> None:
        QMessageBox.about(
            self,
            "Gang Manager",
            f"Gang Manager {__version__}\nAn offline roster and campaign manager for Necromunda.",
        )
