"""Every row of every table of a SQLite file: tests compare it before and after an
action to show that a refused or undone action left the database as it was."""

from __future__ import annotations

import sqlite3
from pathlib import Path


def all_rows(path: Path) -> dict[str, list[tuple[object, ...]]]:
    """Every row of every table, straight from the file, but the undo history's (an undo
    moves the history on; it is not the gangs' and campaigns' data)."""
    with sqlite3.connect(path) as connection:
        names = [
            n
            for (n,) in connection.execute("SELECT name FROM sqlite_master WHERE type='table'")
            if n != "undo_steps"
        ]
        return {
            n: connection.execute(f"SELECT * FROM {n} ORDER BY rowid").fetchall() for n in names
        }
