"""The main window's actions and its menus, made from the registry (action_registry.py).

Part of `MainWindow` (gui/main_window.py), which assembles these rooms.
"""

from __future__ import annotations

from PySide6.QtGui import QAction, QIcon, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu

from gangmanager.gui.main.action_registry import (
    ACTIONS,
    MENUS,
    PLAY,
    PRINTING,
    RECENT,
    SEPARATOR,
    ActionSpec,
    Needs,
)
from gangmanager.gui.main.host import MainWindowHost
from gangmanager.gui.play_actions import PlayActions
from gangmanager.gui.printing.print_actions import PrintActions


class MainWindowActions(MainWindowHost):
    def _build_actions(self) -> None:
        self._needs: dict[Needs, list[QAction]] = {needs: [] for needs in Needs}
        for spec in ACTIONS:
            made = self._make_action(spec)
            setattr(self, spec.name, made)
            self._needs[spec.needs].append(made)

        key = QKeySequence.StandardKey
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
        self.campaign_window: QMainWindow | None = None

        self.play = PlayActions(self, self)
        self.printing = PrintActions(self)
        for item in (*self.play.actions(), *self.printing.actions()):
            self.addAction(item)
        self.printing.sig_exported.connect(self._on_printing_sig_exported)
        self.printing.sig_failed.connect(self.tell)
        self._build_card_dock()

    def _make_action(self, spec: ActionSpec) -> QAction:
        made = QAction(spec.text, self)
        if spec.keys:
            made.setShortcuts([QKeySequence(k) for k in spec.keys])
        if spec.tip:
            made.setStatusTip(spec.tip)
            made.setToolTip(spec.tip)
        if spec.icon:
            made.setIcon(QIcon.fromTheme(spec.icon))
        made.triggered.connect(lambda _checked=False, handler=spec.handler: handler(self))
        self.addAction(made)
        return made

    def _enable(self, needs: Needs, enabled: bool) -> None:
        """Enable or grey every registered action that needs what was (or was not) found."""
        for item in self._needs[needs]:
            item.setEnabled(enabled)

    def _build_menus(self) -> None:
        bar = self.menuBar()
        for title, entries in MENUS:
            menu = bar.addMenu(title)
            for entry in entries:
                self._add_menu_entry(menu, entry)
            if title == "F&ighter":
                self._fighter_menu = menu
        # The card's Add injury goes before this separator when the card is built.
        self._injury_menu_slot = next(
            a for a in reversed(self._fighter_menu.actions()) if a.isSeparator()
        )
        self._fighter_menu.aboutToShow.connect(self._build_editor)  # complete whenever it opens

    def _add_menu_entry(self, menu: QMenu, entry: str) -> None:
        if entry == SEPARATOR:
            menu.addSeparator()
        elif entry == RECENT:
            self.recent_menu = menu.addMenu("&Recent databases")
            self.recent_menu.aboutToShow.connect(self._on_recent_menu_about_to_show)
        elif entry in (PRINTING, PLAY):
            for item in (self.printing if entry == PRINTING else self.play).actions():
                menu.addAction(item)
        else:
            item = getattr(self, entry)
            assert isinstance(item, QAction), entry
            menu.addAction(item)
