"""One undo history per database: steps stored by `perform`, undone and redone from the
database (another process, the command line, sees them), refused steps dropped, bounded."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy import func, select, update

from gangmanager.persistence.database import Database, open_database, sqlite_url
from gangmanager.persistence.history_repository import KEEP
from gangmanager.persistence.history_tables import UndoStepRow
from gangmanager.persistence.snapshots import RowScope, RowSnapshot
from gangmanager.persistence.tables import FighterRow
from gangmanager.rules.gang import Gang
from gangmanager.services import gangs, roster, step_codec, undo_history
from gangmanager.services.demo import demo_gang
from gangmanager.services.errors import ServiceError
from gangmanager.services.operations import perform
from gangmanager.services.rulesets import Rulesets


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "gm.sqlite"


@pytest.fixture
def db(path: Path) -> Iterator[Database]:
    database = open_database(sqlite_url(path))
    yield database
    database.close()


@pytest.fixture
def gang(db: Database, rulesets: Rulesets) -> Gang:
    stored = gangs.add_gang(db, rulesets, demo_gang(rulesets.get("n23"))).gang
    return stored


def _rook(gang: Gang) -> int:
    fighter = gang.fighter("Rook")
    assert fighter is not None and fighter.id is not None
    return fighter.id


def _name_of_rook(db: Database, gang: Gang) -> list[str]:
    return [f.name for f in gangs.load_gang(db, str(gang.id)).fighters]


def test_a_step_is_undone_and_redone_from_another_connection(
    db: Database, path: Path, gang: Gang, rulesets: Rulesets
) -> None:
    assert gang.id is not None
    outcome = perform(db, roster.EditFighter(gang.id, _rook(gang), {"name": "Rookie"}), rulesets)
    assert outcome.step_id is not None
    # Another process: its own connection to the same file.
    with open_database(sqlite_url(path)) as other:
        done = undo_history.undo(other, rulesets)
        assert (done.label, done.gang_id, done.undone) == ("Rename Rook to Rookie", gang.id, True)
        assert "Rook" in _name_of_rook(other, gang)
        again = undo_history.redo(other, rulesets)
        assert (again.label, again.undone) == ("Rename Rook to Rookie", False)
    assert "Rookie" in _name_of_rook(db, gang)
    # The window's step is the same step: it sees it done, and undoes it by its id.
    assert undo_history.states(db, [outcome.step_id]) == {outcome.step_id: "undo"}
    undo_history.undo(db, rulesets, outcome.step_id)
    assert undo_history.states(db, [outcome.step_id]) == {outcome.step_id: "redo"}
    assert "Rook" in _name_of_rook(db, gang)


def test_undo_takes_the_newest_step_and_redo_the_last_undone(
    db: Database, gang: Gang, rulesets: Rulesets
) -> None:
    assert gang.id is not None
    perform(db, roster.EditFighter(gang.id, _rook(gang), {"name": "Rookie"}), rulesets)
    perform(db, roster.EditGang(gang.id, {"credits": 321}), rulesets)
    assert undo_history.undo(db, rulesets).label.startswith("Edit")
    assert undo_history.undo(db, rulesets).label == "Rename Rook to Rookie"
    assert undo_history.redo(db, rulesets).label == "Rename Rook to Rookie"
    # A new step leaves the undone one behind: nothing to redo past it.
    perform(db, roster.EditFighter(gang.id, _rook(gang), {"name": "Rookier"}), rulesets)
    with pytest.raises(ServiceError, match="nothing to redo"):
        undo_history.redo(db, rulesets)
    assert undo_history.undo(db, rulesets).label == "Rename Rookie to Rookier"


def test_nothing_to_undo_in_a_new_database(db: Database, rulesets: Rulesets) -> None:
    with pytest.raises(ServiceError, match="nothing to undo"):
        undo_history.undo(db, rulesets)


def test_a_stale_step_is_refused_and_dropped(db: Database, gang: Gang, rulesets: Rulesets) -> None:
    assert gang.id is not None
    stale = perform(db, roster.EditFighter(gang.id, _rook(gang), {"name": "Rookie"}), rulesets)
    # The renamed fighter changes behind the history's back (another program).
    with db.unit_of_work() as uow:
        uow.session.execute(update(FighterRow).where(FighterRow.id == _rook(gang)).values(xp=99))
        uow.commit()
    with pytest.raises(undo_history.StepRefused, match="changed since"):
        undo_history.undo(db, rulesets)
    assert "Rookie" in _name_of_rook(db, gang)
    # Dropped: the next undo is the step before it.
    assert undo_history.states(db, [stale.step_id or 0]) == {}
    with pytest.raises(ServiceError, match="New gang"):
        undo_history.undo(db, rulesets)  # refused too: the gang changed since


def test_the_history_keeps_its_newest_steps(db: Database, gang: Gang, rulesets: Rulesets) -> None:
    assert gang.id is not None
    first = perform(db, roster.EditGang(gang.id, {"credits": 1}), rulesets)
    for credits in range(2, KEEP + 30):
        perform(db, roster.EditGang(gang.id, {"credits": credits}), rulesets)
    assert undo_history.states(db, [first.step_id or 0]) == {}
    with db.unit_of_work() as uow:
        count = uow.session.scalar(select(func.count()).select_from(UndoStepRow))
    assert count is not None and count <= KEEP + 20
    undone = 0
    while True:
        try:
            undo_history.undo(db, rulesets)
        except ServiceError:
            break
        undone += 1
    assert undone == KEEP


def test_a_step_survives_the_text_it_is_stored_as() -> None:
    at = datetime(2026, 12, 1, 21, 0, tzinfo=UTC)
    snapshot = RowSnapshot(
        3,
        False,
        {"gangs": {(3,): {"id": 3, "updated_at": at, "portrait": b"\x89PNG", "notes": "$x"}}},
        {("battles", (4,), "against_gang_id"): 3},
        {("fighters", (5,)): 5},
        (5, 6),
        True,
        (RowScope("campaign_log", "campaign_id", (7,), above=9),),
    )
    step = roster.Restore(snapshot, "abc", "Rename Rook to Rookie")
    back = step_codec.loads(step_codec.dumps(step))
    assert back == step
    assert isinstance(back, roster.Restore)
    assert back.snapshot.fingerprint() == snapshot.fingerprint()


def test_a_stored_step_names_only_our_classes() -> None:
    with pytest.raises(ServiceError, match="cannot be read"):
        step_codec.loads('{"$dc": "os:system", "f": {}}')


def test_a_windows_undo_and_redo_by_step_read_the_history_once(
    db: Database, gang: Gang, rulesets: Rulesets
) -> None:
    """The step and the history's clock in one SELECT, then its mark: a window's Ctrl+Z
    costs the history two statements (issue 29 asks no figure of the bench worse)."""
    from tests.statements import statements_sent

    assert gang.id is not None
    outcome = perform(db, roster.EditFighter(gang.id, _rook(gang), {"name": "Rookie"}), rulesets)
    assert outcome.step_id is not None
    for step in (undo_history.undo, undo_history.redo):
        with statements_sent(db.engine) as sent:
            step(db, rulesets, outcome.step_id)
        history = [s.split()[0] for s in sent if "undo_steps" in s]
        assert history == ["SELECT", "UPDATE"], step.__name__
