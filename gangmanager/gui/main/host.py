"""What the rooms of the main window share: its state, and the calls they make on each other.

`MainWindow` (gui/main_window.py) is built from one class per job (the gang list,
the roster, the card dock, the database, import and export, campaigns, the actions
and menus, the repaint policy), each a module of this folder. They share one
window; this class says, for the type checker, what each may find on it. The
methods named under TYPE_CHECKING live in the rooms; at run time only theirs exist.
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import TYPE_CHECKING

from PySide6.QtCore import QSettings
from PySide6.QtGui import QAction, QUndoStack
from PySide6.QtWidgets import (
    QDockWidget,
    QLabel,
    QMainWindow,
    QMenu,
    QPushButton,
    QScrollArea,
    QSplitter,
    QStackedWidget,
    QTableView,
    QWidget,
)

if TYPE_CHECKING:
    from gangmanager.gui.common.gang_list_model import GangListModel
    from gangmanager.gui.common.messages import Messages
    from gangmanager.gui.common.runner import OperationRunner
    from gangmanager.gui.main.action_registry import Needs
    from gangmanager.gui.play_actions import PlayActions
    from gangmanager.gui.printing.card_preview import CardPreview
    from gangmanager.gui.printing.print_actions import PrintActions
    from gangmanager.gui.roster.fighter_editor import FighterEditor
    from gangmanager.gui.roster.gang_header import GangHeader
    from gangmanager.gui.roster.roster_table_model import RosterTableModel
    from gangmanager.gui.roster.stash_panel import StashPanel
    from gangmanager.rules.gang import Fighter, Gang
    from gangmanager.rules.ruleset import Ruleset
    from gangmanager.services import roster
    from gangmanager.services.carry_over import CarryOverGang
    from gangmanager.services.databases import Database
    from gangmanager.services.errors import ServiceError
    from gangmanager.services.operations import Outcome
    from gangmanager.services.rulesets import Rulesets
    from gangmanager.services.vehicles import AddVehicle

# How long the status bar shows what an action did.
STATUS_TIMEOUT_MS = 8000


if TYPE_CHECKING:
    _Window = QMainWindow
else:  # At run time a plain mixin: MainWindow itself derives from QMainWindow.
    _Window = object


class MainWindowHost(_Window):
    # The database, the packs and the window's services (MainWindow.__init__).
    _db: Database
    _rulesets: Rulesets
    runner: OperationRunner
    settings: QSettings
    messages: Messages
    undo_stack: QUndoStack
    # What is shown.
    _gang: Gang | None
    _ruleset: Ruleset | None
    _quiet: bool
    _step_refused: bool
    _card_fighter: Fighter | None
    _editor: FighterEditor | None
    _card_preview: CardPreview | None
    campaign_window: QMainWindow | None
    # The widgets (MainWindow._build_widgets, _build_panes; CardDock._build_card_dock).
    gang_model: GangListModel
    gang_view: QTableView
    header: GangHeader
    roster_model: RosterTableModel
    roster_view: QTableView
    stash_panel: StashPanel
    editor_area: QScrollArea
    pages: QStackedWidget
    splitter: QSplitter
    centre_splitter: QSplitter
    start_page: QWidget
    start_buttons: dict[str, QPushButton]
    recent_menu: QMenu
    card_dock: QDockWidget
    card_zoom_label: QLabel
    _card_scroll: QScrollArea
    _fighter_menu: QMenu
    _injury_menu_slot: QAction
    _gang_buttons: list[QWidget]
    _roster_buttons: list[QWidget]
    # The actions (MainWindowActions._build_actions).
    play: PlayActions
    printing: PrintActions
    new_database_action: QAction
    open_database_action: QAction
    import_action: QAction
    update_from_file_action: QAction
    export_action: QAction
    export_page_action: QAction
    restore_backup_action: QAction
    quit_action: QAction
    undo_action: QAction
    redo_action: QAction
    rename_action: QAction
    delete_action: QAction
    new_gang_action: QAction
    duplicate_action: QAction
    carry_over_action: QAction
    delete_gang_action: QAction
    details_action: QAction
    rating_action: QAction
    wealth_action: QAction
    new_fighter_action: QAction
    add_vehicle_action: QAction
    remove_fighter_action: QAction
    fighter_rating_action: QAction
    add_modifier_action: QAction
    buy_weapon_action: QAction
    buy_wargear_action: QAction
    add_skill_action: QAction
    focus_gangs_action: QAction
    focus_roster_action: QAction
    focus_card_action: QAction
    about_action: QAction
    new_campaign_action: QAction
    campaign_action: QAction
    card_action: QAction

    if TYPE_CHECKING:
        # MainWindow
        @property
        def database(self) -> Database: ...
        @property
        def rulesets(self) -> Rulesets: ...
        @property
        def editor(self) -> FighterEditor: ...
        @property
        def fighter(self) -> Fighter | None: ...
        def tell(self, text: str) -> None: ...
        def _build_editor(self) -> None: ...
        def _on_step_refused(self, text: str) -> None: ...
        def _on_undo_action_triggered(self) -> None: ...
        def _on_redo_action_triggered(self) -> None: ...
        def _on_rename_triggered(self) -> None: ...
        def _on_delete_triggered(self) -> None: ...
        def _on_about_triggered(self) -> None: ...
        def _on_printing_sig_exported(self, path: str) -> None: ...
        # GangList
        def refresh_gangs(
            self, select: int | None = None, fighter_id: int | None = None
        ) -> None: ...
        def select_gang(self, gang_id: int, fighter_id: int | None = None) -> None: ...
        def _show_gang(self, gang_id: int | None, fighter_id: int | None = None) -> None: ...
        def _on_new_gang_triggered(self) -> None: ...
        def _on_duplicate_triggered(self) -> None: ...
        def _on_carry_over_triggered(self) -> None: ...
        def _on_delete_gang_triggered(self) -> None: ...
        def _on_header_details_clicked(self) -> None: ...
        def _on_header_rating_clicked(self) -> None: ...
        def _on_header_wealth_clicked(self) -> None: ...
        # Fighters
        def _show_fighter(self, row: int | None) -> None: ...
        def _fighter_id(self) -> int | None: ...
        def _on_fighter_rating_triggered(self) -> None: ...
        def _on_new_fighter_triggered(self) -> None: ...
        def _on_add_vehicle_triggered(self) -> None: ...
        def _on_remove_fighter_triggered(self) -> None: ...
        # CardDock
        def _build_card_dock(self) -> None: ...
        def _build_card_preview(self) -> CardPreview: ...
        # DatabaseFiles
        def open_database(self, url: str) -> bool: ...
        def _forget_database_state(self) -> None: ...
        def _update_title(self) -> None: ...
        def _on_new_database_triggered(self) -> None: ...
        def _on_open_database_triggered(self) -> None: ...
        def _on_restore_backup_triggered(self) -> None: ...
        def _on_recent_menu_about_to_show(self) -> None: ...
        # ImportExport
        def _on_import_triggered(self) -> None: ...
        def _on_update_from_file_triggered(self) -> None: ...
        def _on_export_triggered(self) -> None: ...
        def _on_export_page_triggered(self) -> None: ...
        # MainWindowActions
        def _enable(self, needs: Needs, enabled: bool) -> None: ...
        # Campaigns
        def _on_campaign_triggered(self) -> None: ...
        def _on_new_campaign_triggered(self) -> None: ...
        # MyPack
        def _on_my_pack_triggered(self) -> None: ...
        # RepaintPolicy
        def _quietly(self) -> AbstractContextManager[None]: ...
        def run(self, command: roster.Command | AddVehicle | CarryOverGang) -> Outcome | None: ...
        def _on_run_refused(self, exc: ServiceError) -> None: ...
        def _on_runner_sig_performed(self, outcome: Outcome) -> None: ...
        def _refresh_gang_list_quietly(self, saved: Gang | None = None) -> None: ...
