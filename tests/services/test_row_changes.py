"""The change list comes from what the unit of work wrote: a handler that names
nothing still gets the gangs and fighters it wrote (ORM saves and the snapshot
engine's restores alike) in its outcome's changes."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from gangmanager.persistence.database import Database, open_database, sqlite_url
from gangmanager.persistence.unit_of_work import UnitOfWork
from gangmanager.rules.gang import Gang
from gangmanager.services import gangs, roster, undo_history
from gangmanager.services.changes import Changes
from gangmanager.services.demo import demo_gang
from gangmanager.services.operations import Action, Context, Outcome, perform
from gangmanager.services.rulesets import Rulesets


@dataclass(frozen=True)
class QuietXp(Action[None]):
    """Gives a fighter XP and says nothing of it (the handler under-reports)."""

    gang_id: int
    fighter_id: int

    def run(self, ctx: Context) -> Outcome[None]:
        return _quiet_xp(ctx.uow, self)


def _quiet_xp(uow: UnitOfWork, action: QuietXp) -> Outcome[None]:
    gang = uow.gangs.get_for_update(action.gang_id)
    fighters = [
        f.model_copy(update={"xp": f.xp + 1}) if f.id == action.fighter_id else f
        for f in gang.fighters
    ]
    uow.gangs.update(gang.model_copy(update={"fighters": fighters}), base=gang)
    return Outcome(Changes(), None, "Quiet XP", action.gang_id)


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Database]:
    database = open_database(sqlite_url(tmp_path / "gm.sqlite"))
    yield database
    database.close()


@pytest.fixture
def gang(db: Database, rulesets: Rulesets) -> Gang:
    return gangs.add_gang(db, rulesets, demo_gang(rulesets.get("n23"))).gang


def _rook(gang: Gang) -> int:
    rook = gang.fighter("Rook")
    assert rook is not None and rook.id is not None
    return rook.id


def test_a_handler_that_names_nothing_still_reports_what_it_wrote(
    db: Database, gang: Gang, rulesets: Rulesets
) -> None:
    assert gang.id is not None
    outcome = perform(db, QuietXp(gang.id, _rook(gang)), rulesets)
    assert outcome.changes.gangs_changed == (gang.id,)
    assert outcome.changes.fighters_changed == (_rook(gang),)
    assert not outcome.changes.fighters_added and not outcome.changes.gangs_added


def test_an_undo_reports_the_rows_it_put_back(db: Database, gang: Gang, rulesets: Rulesets) -> None:
    assert gang.id is not None
    perform(db, roster.AddSkill(gang.id, _rook(gang), "Nerves of Steel"), rulesets)
    done = undo_history.undo(db, rulesets)
    assert _rook(gang) in done.outcome.changes.fighters_changed
    assert gang.id in done.outcome.changes.gangs_changed


def test_creating_and_deleting_a_gang_name_it(db: Database, rulesets: Rulesets) -> None:
    created = perform(db, roster.CreateGang(demo_gang(rulesets.get("n23"))), rulesets)
    assert created.gang_id is not None
    assert created.changes.gangs_added == (created.gang_id,)
    assert created.gang_id not in created.changes.gangs_changed
    deleted = perform(db, roster.DeleteGang(created.gang_id), rulesets)
    assert deleted.changes.gangs_removed == (created.gang_id,)
