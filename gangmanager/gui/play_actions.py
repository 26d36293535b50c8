"""The Battle menu of the main window: the battle tracker and the post-battle sequence.

Kept apart from the main window so the roster editor does not grow with every
feature; the window hands over what these actions need through `PlayHost`.
The battle window and the wizard perform their actions through the window's
`OperationRunner`, whose broadcast repaints the roster: nothing is relayed here.
The battle tracker and the post-battle wizard (with the rules and services
behind them) are imported when first opened, not before the window's first
paint (docs/performance.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QKeySequence, QUndoStack
from PySide6.QtWidgets import QWidget

from gangmanager.services.errors import ServiceError

if TYPE_CHECKING:
    from gangmanager.gui.battle.battle_window import BattleWindow
    from gangmanager.gui.common.runner import OperationRunner
    from gangmanager.gui.post_battle.wizard import PostBattleWizard
    from gangmanager.services.databases import Database
    from gangmanager.services.rulesets import Rulesets


class PlayHost(Protocol):
    """What the main window offers these actions."""

    @property
    def database(self) -> Database: ...
    @property
    def rulesets(self) -> Rulesets: ...
    @property
    def undo_stack(self) -> QUndoStack: ...
    @property
    def runner(self) -> OperationRunner: ...
    def tell(self, text: str) -> None: ...


class PlayActions(QObject):
    def __init__(self, host: PlayHost, parent: QWidget) -> None:
        super().__init__(parent)
        self._host = host
        self._parent = parent
        self._gang_id: int | None = None
        # Open windows by gang, kept alive here (no global application object holds them).
        self._battles: dict[int, BattleWindow] = {}
        self.track_action = QAction("&Track battle...", parent)
        self.track_action.setShortcut(QKeySequence("Ctrl+T"))
        self.track_action.setStatusTip("The battle tracker for this gang; starts a battle if none")
        self.track_action.triggered.connect(self._on_track_action_triggered)
        self.post_battle_action = QAction("&Post-battle sequence...", parent)
        self.post_battle_action.setShortcut(QKeySequence("Ctrl+Shift+T"))
        self.post_battle_action.setStatusTip("Injuries, rewards, advancements and Update Roster")
        self.post_battle_action.triggered.connect(self._on_post_battle_action_triggered)
        self.wizard: PostBattleWizard | None = None
        self.set_gang(None)

    def actions(self) -> list[QAction]:
        return [self.track_action, self.post_battle_action]

    def set_gang(self, gang_id: int | None) -> None:
        self._gang_id = gang_id
        for action in self.actions():
            action.setEnabled(gang_id is not None)

    def close_all(self) -> None:
        """Close every battle window (their database is about to go)."""
        for window in self._battles.values():
            window.close()
            window.deleteLater()
        self._battles.clear()
        if self.wizard is not None:
            self.wizard.reject()
            self.wizard = None

    def battle_window(self, gang_id: int) -> BattleWindow | None:
        return self._battles.get(gang_id)

    def _on_track_action_triggered(self) -> None:
        if self._gang_id is None:
            return
        window = self._battles.get(self._gang_id)
        if window is None:
            from gangmanager.gui.battle.battle_window import BattleWindow

            try:
                window = BattleWindow(
                    self._host.database,
                    self._host.rulesets,
                    self._gang_id,
                    runner=self._host.runner,
                )
            except ServiceError as exc:
                self._host.tell(str(exc))
                return
            window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, False)
            window.sig_battle_ended.connect(self._on_battle_sig_battle_ended)
            self._battles[self._gang_id] = window
        window.show()
        window.raise_()
        window.activateWindow()

    def _on_battle_sig_battle_ended(self, _battle_id: int) -> None:
        self._on_post_battle_action_triggered()

    def _on_post_battle_action_triggered(self) -> None:
        if self._gang_id is None:
            return
        from gangmanager.gui.post_battle.wizard import PostBattleWizard

        try:
            # Finish goes on the window's undo stack; the runner's broadcast repaints.
            wizard = PostBattleWizard(
                self._host.database,
                self._host.rulesets,
                self._gang_id,
                self._parent,
                runner=self._host.runner,
                undo_stack=self._host.undo_stack,
                step_refused=self._host.tell,
            )
        except ServiceError as exc:
            self._host.tell(str(exc))
            return
        self.wizard = wizard
        wizard.open()
