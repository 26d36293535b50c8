"""The prompts waiting and the log of events, as list models.

Both change by what changed, not by a reset: a reset made the log's view lay
out every line again (word-wrapped) after each event, a cost growing with the
battle.
"""

from __future__ import annotations

from PySide6.QtCore import QAbstractListModel, QModelIndex, QPersistentModelIndex, Qt

from gangmanager.rules.battle_state import Prompt

Index = QModelIndex | QPersistentModelIndex


class PromptListModel(QAbstractListModel):
    """One row per prompt: what the table must resolve before play goes on."""

    def __init__(self) -> None:
        super().__init__()
        self._prompts: list[Prompt] = []

    def set_prompts(self, prompts: list[Prompt]) -> None:
        if prompts == self._prompts:
            return
        self.beginResetModel()
        self._prompts = list(prompts)
        self.endResetModel()

    def prompt(self, row: int) -> Prompt:
        return self._prompts[row]

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._prompts)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        prompt = self._prompts[index.row()]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return prompt.text
        return None


class LogListModel(QAbstractListModel):
    """The battle so far in plain words, oldest first."""

    def __init__(self) -> None:
        super().__init__()
        self._lines: list[str] = []

    def set_lines(self, lines: list[str]) -> None:
        """Rows added at the end (an event) or taken off it (an undo); else a reset."""
        old, new = len(self._lines), len(lines)
        if new >= old and lines[:old] == self._lines:
            if new > old:
                self.beginInsertRows(QModelIndex(), old, new - 1)
                self._lines.extend(lines[old:])
                self.endInsertRows()
            return
        if new < old and self._lines[:new] == lines:
            self.beginRemoveRows(QModelIndex(), new, old - 1)
            del self._lines[new:]
            self.endRemoveRows()
            return
        self.beginResetModel()
        self._lines = list(lines)
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._lines)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return self._lines[index.row()]
        return None
