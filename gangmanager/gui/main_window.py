"""The main window: gangs on the left, the gang's roster in the centre, the card below.

Every edit is a `services.roster` command run by `run()`: one transaction,
pushed on the undo stack, and the window refreshes from the `Changes` it
returns. The undo history belongs to the open database and survives
switching gangs; undoing an edit of another gang shows that gang.
Dialogs are imported by the slots that open them, not before the first
paint (docs/performance.md).

The window is assembled here from one class per job, each a module of
`gui/main/`: the actions and menus, the gang list, the fighters, the card dock,
the database (open, new, restore), import and export, campaigns and the repaint
policy; `gui/main/host.py` says what they share. What stays here: the widgets,
the panes and their sizes, the card built after the first paint, the keys that
act on whichever pane has the focus.
"""

from __future__ import annotations

from itertools import pairwise

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QPaintEvent,
    QResizeEvent,
    QUndoStack,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
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
from gangmanager.gui.common.engine_preparation import EnginePreparation, prepare_after_paint
from gangmanager.gui.common.gang_list_model import NAME_COLUMN as GANG_NAME_COLUMN
from gangmanager.gui.common.gang_list_model import GangListModel
from gangmanager.gui.common.messages import Messages
from gangmanager.gui.common.runner import OperationRunner
from gangmanager.gui.common.screen_fit import open_size
from gangmanager.gui.main.actions import MainWindowActions
from gangmanager.gui.main.campaigns import Campaigns
from gangmanager.gui.main.card_dock import CardDock
from gangmanager.gui.main.database_files import DatabaseFiles
from gangmanager.gui.main.fighters import Fighters
from gangmanager.gui.main.gang_list import GangList
from gangmanager.gui.main.host import STATUS_TIMEOUT_MS, MainWindowHost
from gangmanager.gui.main.import_export import ImportExport
from gangmanager.gui.main.my_pack import MyPack
from gangmanager.gui.main.repaint import RepaintPolicy
from gangmanager.gui.roster.fighter_editor import FighterEditor
from gangmanager.gui.roster.gang_header import GangHeader
from gangmanager.gui.roster.roster_table_model import NAME_COLUMN, RosterTableModel
from gangmanager.gui.roster.stash_panel import StashPanel
from gangmanager.rules.gang import Fighter, Gang
from gangmanager.rules.ruleset import Ruleset
from gangmanager.services.databases import Database, read_statlines_from
from gangmanager.services.rulesets import Rulesets

# Fighters the roster shows at once when the screen allows (1366x768 and up).
ROSTER_ROWS = 10


def _button(action: QAction) -> QToolButton:
    button = QToolButton()
    button.setDefaultAction(action)
    button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
    button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
    return button


class MainWindow(
    GangList,
    Fighters,
    CardDock,
    DatabaseFiles,
    ImportExport,
    Campaigns,
    MyPack,
    MainWindowActions,
    RepaintPolicy,
    MainWindowHost,
    QMainWindow,
):
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
        # Stored profiles read with the statlines of this window's packs.
        read_statlines_from(db, rulesets)
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
        self._build_panes()
        self.statusBar().showMessage("Every edit is saved at once; Ctrl+Z undoes it.")
        self._restore_settings()
        recent_databases.remember(self.settings, db.url)
        self._update_title()
        self.refresh_gangs()

    # -- building --------------------------------------------------------------------

    def _build_widgets(self) -> None:
        self._build_gang_list()
        self.header = GangHeader()
        self.header.sig_rating_clicked.connect(self._on_header_rating_clicked)
        self.header.sig_wealth_clicked.connect(self._on_header_wealth_clicked)
        self.header.sig_details_clicked.connect(self._on_header_details_clicked)
        self._build_roster_table()

        self.stash_panel = StashPanel(self.messages)
        self.stash_panel.setObjectName("stash_panel")
        self.stash_panel.sig_command.connect(self._on_editor_command)

        # The card is built just after the first paint (`paintEvent`), or on first use:
        # about 50 ms of the start (docs/performance.md); `editor` builds it when asked.
        self._editor: FighterEditor | None = None
        self._preparation: EnginePreparation | None = None
        self._card_fighter: Fighter | None = None

    def _build_gang_list(self) -> None:
        """The list of the database's gangs: one row each, selected one at a time."""
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

    def _build_roster_table(self) -> None:
        """The gang's roster: one row a fighter, selected one at a time."""
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

    @property
    def editor(self) -> FighterEditor:
        """The fighter card, built on first use."""
        if self._editor is None:
            self._build_editor()
        assert self._editor is not None
        return self._editor

    @property
    def editor_built(self) -> bool:
        """Whether the card is built yet (after the first paint, or on first use)."""
        return self._editor is not None

    def _build_editor(self) -> None:
        if self.editor_built:
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
        if not self.editor_built:
            # Queued: this paint reaches the screen first.
            QTimer.singleShot(0, self._build_editor)
            # While the player reads the first screen: the engine and ORM the first
            # action needs (the first screen was read without them), input served meanwhile.
            if self._preparation is None:
                self._preparation = prepare_after_paint(self, self._db)

    def _build_panes(self) -> None:
        left = self._build_gangs_pane()
        top = self._build_roster_pane()
        self._build_centre(left, top)

    def _build_gangs_pane(self) -> QSplitter:
        """The gangs and their buttons above, the shown gang's stash below."""
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
        return left

    def _build_roster_pane(self) -> QWidget:
        """The gang's header (with the roster's buttons on its facts line) and the roster."""
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
        return top

    def _build_centre(self, left: QSplitter, top: QWidget) -> None:
        """The roster above the card, beside the gangs; the start page for an empty database."""
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

    def tell(self, text: str) -> None:
        self.messages.tell(text)

    def _on_printing_sig_exported(self, path: str) -> None:
        self.statusBar().showMessage(f"Saved {path}", STATUS_TIMEOUT_MS)

    # -- running commands ------------------------------------------------------------

    # -- gangs -----------------------------------------------------------------------

    # -- databases -------------------------------------------------------------------

    def _on_undo_action_triggered(self) -> None:
        self._say_step("Undone", self.undo_stack.redoText())

    def _on_redo_action_triggered(self) -> None:
        self._say_step("Redone", self.undo_stack.undoText())

    def _say_step(self, done: str, label: str) -> None:
        if not self._step_refused and label:
            self.statusBar().showMessage(f"{done}: {label}", STATUS_TIMEOUT_MS)
        self._step_refused = False

    def _on_step_refused(self, text: str) -> None:
        self._step_refused = True
        self.messages.tell(text)

    # -- fighters --------------------------------------------------------------------

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
