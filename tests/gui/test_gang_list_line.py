"""The gang list's line of the gang on screen follows an edit and its undo without
reading the list again (only a new name, which moves the line, reads it)."""

from __future__ import annotations

from pathlib import Path

from gangmanager.services import roster
from gangmanager.services.rulesets import Rulesets

from ..narrowing import present
from ..statements import statements_sent
from .test_roster_row_updates import window_on


def test_the_gang_list_line_follows_an_edit_and_its_undo(
    qtbot, tmp_path: Path, rulesets: Rulesets, monkeypatch
) -> None:
    win = window_on(qtbot, tmp_path, rulesets, monkeypatch, 8)
    gang = win.gang
    assert gang is not None and gang.id is not None
    house = gang.house

    def line() -> tuple[str, str]:
        row = win.gang_model.row_of(present(gang.id))
        assert row is not None
        return win.gang_model.index(row, 0).data(), win.gang_model.index(row, 1).data()

    with statements_sent(win.database.engine) as statements:
        assert win.run(roster.EditGang(gang.id, {"house": "Elsewhere"})) is not None
    assert line() == (gang.name, "Elsewhere")
    # The line is made from the saved gang: nothing is read after the commit.
    assert statements[statements.index("COMMIT") + 1 :] == []
    win.undo_stack.undo()
    assert line() == (gang.name, house)
    # A new name moves the line (the list is sorted by name): the list is read again.
    assert win.run(roster.EditGang(gang.id, {"name": "Zz Renamed"})) is not None
    assert line() == ("Zz Renamed", house)
    win.close()
    win.database.close()
