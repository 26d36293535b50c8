"""The prompts waiting and the log of events, as one-column tables on the rows base.

The log changes by what changed, not by a reset: a reset made the log's view lay
out every line again (word-wrapped) after each event, a cost growing with the
battle. A list view shows the one column.
"""

from __future__ import annotations

from gangmanager.gui.common.rows_table_model import Column, RowsTableModel
from gangmanager.rules.battle_state import Prompt


class PromptListModel(RowsTableModel[Prompt]):
    """One row per prompt: what the table must resolve before play goes on."""

    COLUMNS = (Column("Waiting", lambda p: p.text, tip=lambda p: p.text),)

    def set_prompts(self, prompts: list[Prompt]) -> None:
        if prompts != self._rows:
            self.set_rows(prompts)

    def prompt(self, row: int) -> Prompt:
        return self.row_object(row)


class LogListModel(RowsTableModel[str]):
    """The battle so far in plain words, oldest first."""

    COLUMNS = (Column("Log", lambda line: line, tip=lambda line: line),)

    def set_lines(self, lines: list[str]) -> None:
        """Rows added at the end (an event) or taken off it (an undo); else a reset."""
        old, new = len(self._rows), len(lines)
        if new >= old and lines[:old] == self._rows:
            self.extend_rows(lines[old:])
        elif new < old and self._rows[:new] == lines:
            self.truncate_rows(new)
        else:
            self.set_rows(lines)
