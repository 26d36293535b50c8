"""File > Update gang from file...: the file's changes over the gang it came from,
one undo step, what changed shown; both sides changed: the player chooses."""

from __future__ import annotations

import json
from pathlib import Path

from gangmanager.gui.main_window import MainWindow
from gangmanager.services import gangs

from .roster_helpers import dump, recorder, stored_gang


def _changed_file(window: MainWindow, tmp_path: Path) -> Path:
    """The gang exported, then changed elsewhere: 50 credits more, Rook 3 XP more."""
    assert window.gang is not None
    out = gangs.export_gang(
        window.database, window.rulesets, str(window.gang.id), tmp_path / "out.gang.json"
    )
    data = json.loads(out.read_text(encoding="utf-8"))
    data["credits"] += 50
    (rook,) = [f for f in data["fighters"] if f["name"] == "Rook"]
    rook["xp"] += 3
    path = tmp_path / "back.gang.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_update_from_file_applies_shows_and_undoes(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    before = stored_gang(window)
    path = _changed_file(window, tmp_path)
    count = window.gang_model.rowCount()
    recorder(window).paths = [path]
    window.update_from_file_action.trigger()
    assert recorder(window).told == []
    (said,) = recorder(window).informed
    assert "credits" in said and "'Rook': xp" in said
    assert stored_gang(window).credits == before.credits + 50
    assert window.gang is not None and window.gang.credits == before.credits + 50
    assert window.gang_model.rowCount() == count  # no copy
    window.undo_stack.undo()
    assert stored_gang(window).credits == before.credits


def test_both_sides_changed_offers_a_new_gang_or_keeping_the_stored_one(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    path = _changed_file(window, tmp_path)
    assert window.gang is not None and window.gang.id is not None
    from gangmanager.services import roster

    window.run(roster.EditGang(window.gang.id, {"credits": 7}))
    before = dump(window.database)
    recorder(window).paths = [path]
    recorder(window).answers = ["Keep the stored gang"]
    window.update_from_file_action.trigger()
    (asked,) = recorder(window).asked
    assert "was changed here since the file was exported" in asked and "credits" in asked
    assert dump(window.database) == before

    count = window.gang_model.rowCount()
    recorder(window).paths = [path]
    recorder(window).answers = ["Import as a new gang"]
    window.update_from_file_action.trigger()
    assert window.gang_model.rowCount() == count + 1
