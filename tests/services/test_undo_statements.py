"""An undo or redo of a roster edit, as the window's Edit menu performs it (the history's
step), reads the step, reads the rows it touched once, writes them and marks the step:
the same statements for 3 fighters as for 30 (the bench's undo row counts them)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from gangmanager.persistence.database import Database, open_database, sqlite_url
from gangmanager.rules.gang import Gang
from gangmanager.services import gangs, roster, undo_history
from gangmanager.services.demo import demo_gang
from gangmanager.services.operations import perform
from gangmanager.services.rulesets import Rulesets
from tests.statements import statements_sent

# The roster's tables a skill learnt touches: the gang row and one fighter's rows.
SCOPE = ("gangs", "fighters", "modifiers", "wargear", "weapons", "weapon_profiles")


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Database]:
    database = open_database(sqlite_url(tmp_path / "gm.sqlite"))
    yield database
    database.close()


def _gang(db: Database, rulesets: Rulesets, size: int) -> Gang:
    demo = demo_gang(rulesets.get("n23"))
    fighters = [demo.fighters[i % len(demo.fighters)] for i in range(size)]
    named = [f.model_copy(update={"name": f"Fighter {i}"}) for i, f in enumerate(fighters)]
    return gangs.add_gang(db, rulesets, demo.model_copy(update={"fighters": named})).gang


def _kinds(sent: list[str]) -> list[str]:
    """Each statement as its verb and table: "SELECT fighters", "UPDATE undo_steps"."""
    found = []
    for statement in sent:
        words = statement.replace(",", " ").split()
        verb = words[0]
        if verb == "SELECT":
            table = words[words.index("FROM") + 1]
        elif verb in ("UPDATE", "INSERT", "DELETE"):
            table = words[2] if verb != "UPDATE" else words[1]
        else:
            table = " ".join(words[1:])  # BEGIN IMMEDIATE
        found.append(f"{verb} {table}".strip())
    return found


def _undo_and_redo(
    db: Database, rulesets: Rulesets, size: int, *, moved_on: bool
) -> list[list[str]]:
    gang = _gang(db, rulesets, size)
    assert gang.id is not None
    edit = roster.AddSkill(gang.id, gang.fighters[-1].id or 0, "Nerves of Steel")
    step = perform(db, edit, rulesets).step_id
    assert step is not None
    if moved_on:  # another save of the gang since: the undo gives the gang row a new version
        perform(db, roster.AddSkill(gang.id, gang.fighters[0].id or 0, "Iron Jaw"), rulesets)
    counted = []
    for action in (undo_history.undo, undo_history.redo, undo_history.undo):
        with statements_sent(db.engine) as sent:
            action(db, rulesets, step)
        counted.append(_kinds(sent))
    return counted


@pytest.mark.parametrize("moved_on", [False, True])
def test_an_undo_reads_the_rows_it_touched_once(
    db: Database, rulesets: Rulesets, moved_on: bool
) -> None:
    for sent in _undo_and_redo(db, rulesets, 30, moved_on=moved_on):
        reads = [f"SELECT {t}" for t in SCOPE]
        assert sent == [
            "BEGIN IMMEDIATE",
            "SELECT undo_steps",  # the step
            *reads,  # the rows it touched, once: the inverse step is made of what was written
            "UPDATE gangs",
            "UPDATE fighters",
            "UPDATE undo_steps",  # the step now redoes (or undoes) it
            "COMMIT",
        ]
    gang = gangs.load_gang(db, "1")
    assert "Nerves of Steel" not in gang.fighters[-1].skills  # undone, redone, undone


def test_an_undo_sends_as_many_statements_for_3_fighters_as_for_30(
    tmp_path: Path, rulesets: Rulesets
) -> None:
    counts = []
    for size in (3, 30):
        with open_database(sqlite_url(tmp_path / f"gm-{size}.sqlite")) as db:
            counts.append([len(s) for s in _undo_and_redo(db, rulesets, size, moved_on=True)])
    assert counts[0] == counts[1] == [12, 12, 12]
