"""The main window: gangs on the left, the selected gang's roster in the centre."""

from __future__ import annotations

from PySide6.QtCore import QItemSelection, QSettings, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QMainWindow,
    QMessageBox,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from gangmanager import __version__
from gangmanager.gui.common.gang_list_model import GangListModel
from gangmanager.gui.roster.roster_table_model import RosterTableModel
from gangmanager.persistence.database import Database
from gangmanager.rules import ratings
from gangmanager.services import gangs
from gangmanager.services.errors import ServiceError
from gangmanager.services.rulesets import Rulesets


class MainWindow(QMainWindow):
    def __init__(self, db: Database, rulesets: Rulesets) -> None:
        super().__init__()
        self._db = db
        self._rulesets = rulesets
        self.setWindowTitle(f"Gang Manager - {db.url}")
        self.gang_model = GangListModel()
        self.roster_model = RosterTableModel()

        self.gang_view = QTableView()
        self.gang_view.setModel(self.gang_model)
        self.gang_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.gang_view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.gang_view.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.gang_view.verticalHeader().hide()

        self.header_label = QLabel()
        self.header_label.setTextFormat(Qt.TextFormat.PlainText)
        self.roster_view = QTableView()
        self.roster_view.setModel(self.roster_model)
        self.roster_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.roster_view.verticalHeader().hide()
        self.roster_view.horizontalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.ResizeToContents
        )

        centre = QWidget()
        layout = QVBoxLayout(centre)
        layout.addWidget(self.header_label)
        layout.addWidget(self.roster_view)
        splitter = QSplitter()
        splitter.addWidget(self.gang_view)
        splitter.addWidget(centre)
        splitter.setStretchFactor(1, 3)
        self.setCentralWidget(splitter)
        self._build_menus()

        self.gang_view.selectionModel().selectionChanged.connect(
            self._on_gang_view_selection_changed
        )
        self.refresh_gangs()
        settings = QSettings()
        geometry = settings.value("main_window/geometry")
        if geometry is not None:
            self.restoreGeometry(geometry)
        else:
            self.resize(1280, 800)

    def _build_menus(self) -> None:
        file_menu = self.menuBar().addMenu("&File")
        quit_action = QAction("&Quit", self)
        quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        quit_action.triggered.connect(self.close)
        file_menu.addAction(quit_action)
        help_menu = self.menuBar().addMenu("&Help")
        about = QAction("&About Gang Manager", self)
        about.triggered.connect(
            lambda: QMessageBox.about(self, "Gang Manager", f"Gang Manager {__version__}")
        )
        help_menu.addAction(about)

    def refresh_gangs(self) -> None:
        self.gang_model.set_gangs(gangs.list_gangs(self._db))
        if self.gang_model.rowCount() and not self.gang_view.selectionModel().hasSelection():
            self.gang_view.selectRow(0)

    def _on_gang_view_selection_changed(self, selected: QItemSelection, _: QItemSelection) -> None:
        rows = selected.indexes()
        if not rows:
            self.roster_model.set_gang(None, None)
            self.header_label.clear()
            return
        gang_id = self.gang_model.gang_id(rows[0].row())
        try:
            gang = gangs.load_gang(self._db, str(gang_id))
            ruleset = self._rulesets.get(gang.ruleset)
        except ServiceError as exc:
            QMessageBox.warning(self, "Gang Manager", str(exc))
            return
        self.roster_model.set_gang(gang, ruleset)
        self.header_label.setText(
            f"{gang.name} - {gang.house} ({ruleset.name})    "
            f"Gang Rating {ratings.committed_gang_rating(gang)}    "
            f"Wealth {ratings.wealth(gang)}    Credits {gang.credits}    "
            f"Reputation {gang.reputation}    Stash {len(gang.stash)} items"
        )

    def closeEvent(self, event: object) -> None:
        QSettings().setValue("main_window/geometry", self.saveGeometry())
        super().closeEvent(event)  # type: ignore[arg-type]
