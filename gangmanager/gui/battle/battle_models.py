"""The prompts waiting and the log of events, as list models."""

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
