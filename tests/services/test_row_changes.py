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

from ..undo_steps import redo_step, undo_step


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


# -- every kind of roster edit reports exactly the rows it wrote -------------------------


def _seen(gang: Gang | None) -> dict[int, tuple[int, object]]:
    """Each stored fighter by id: its place on the roster and everything it holds."""
    if gang is None:
        return {}
    return {f.id: (i, f) for i, f in enumerate(gang.fighters) if f.id is not None}


def _expected(before: Gang | None, after: Gang | None) -> dict[str, tuple[int, ...]]:
    """What a reader of the gang before and after sees changed (the test's own diff)."""
    was, now = _seen(before), _seen(after)
    gang = next(g.id for g in (after, before) if g is not None)
    assert gang is not None
    return {
        "gangs_added": (gang,) if before is None else (),
        "gangs_changed": (gang,) if before is not None and after is not None else (),
        "gangs_removed": (gang,) if after is None else (),
        "fighters_added": tuple(sorted(now.keys() - was.keys())),
        "fighters_changed": tuple(sorted(k for k in was.keys() & now.keys() if was[k] != now[k])),
        "fighters_removed": tuple(sorted(was.keys() - now.keys())),
    }


def _reported(changes: Changes) -> dict[str, tuple[int, ...]]:
    return {
        name: tuple(sorted(getattr(changes, name)))
        for name in (
            "gangs_added",
            "gangs_changed",
            "gangs_removed",
            "fighters_added",
            "fighters_changed",
            "fighters_removed",
        )
    }


def _loaded(db: Database, gang_id: int) -> Gang | None:
    with db.unit_of_work() as uow:
        try:
            return uow.gangs.get(gang_id)
        except LookupError:
            return None


def _id(gang: Gang, name: str) -> int:
    fighter = gang.fighter(name)
    assert fighter is not None and fighter.id is not None
    return fighter.id


EDITS = {
    "edit a fighter": lambda g: roster.EditFighter(g.id, _id(g, "Rook"), {"xp": 3}),
    "recruit": lambda g: roster.AddFighter(
        g.id, g.fighters[2].model_copy(update={"id": None, "name": "Rook II"})
    ),
    "remove a fighter": lambda g: roster.RemoveFighter(g.id, _id(g, "Dex Hollow")),
    "add a modifier": lambda g: roster.AddInjury(g.id, _id(g, "Rook"), "Old Battle Wound"),
    "remove a modifier": lambda g: roster.RemoveModifier(g.id, _id(g, "Mags Varga"), 0),
    "buy a weapon": lambda g: roster.BuyWeapon(g.id, _id(g, "Rook"), g.fighters[0].weapons[0]),
    "remove a weapon": lambda g: roster.RemoveWeapon(g.id, _id(g, "Dex Hollow"), 0),
    "remove a profile": lambda g: roster.RemoveWeaponProfile(g.id, _id(g, "Dex Hollow"), 0, 1),
    "remove wargear": lambda g: roster.RemoveWargear(g.id, _id(g, "Mags Varga"), 0),
    "to the stash": lambda g: roster.TakeToStash(g.id, _id(g, "Brann"), "weapon", 1),
    "delete the gang": lambda g: roster.DeleteGang(g.id),
}


@pytest.mark.parametrize("edit", EDITS, ids=list(EDITS))
def test_a_roster_edit_and_its_undo_report_exactly_the_rows_they_wrote(
    db: Database, gang: Gang, rulesets: Rulesets, edit: str
) -> None:
    assert gang.id is not None
    before = _loaded(db, gang.id)
    done = perform(db, EDITS[edit](gang), rulesets)
    after = _loaded(db, gang.id)
    assert _reported(done.changes) == _expected(before, after)
    undone = undo_history.undo(db, rulesets).outcome
    assert _reported(undone.changes) == _expected(after, _loaded(db, gang.id))


def test_a_campaign_step_undone_and_redone_names_its_campaign(
    db: Database, rulesets: Rulesets
) -> None:
    from gangmanager.services import campaign_commands, campaign_steps

    made = campaign_commands.create_campaign(db, rulesets, "Ash Wars")
    assert made.campaign.id is not None
    action = campaign_commands.SetCampaignDetails("Ash Wars", notes="Sector 13")
    _, step = campaign_steps.run_step(
        db, "Notes", action, campaign_ref="Ash Wars", rulesets=rulesets
    )
    undone = undo_step(db, rulesets, step)
    assert undone.campaigns_changed == (made.campaign.id,)
    redone = redo_step(db, rulesets, step)
    assert redone.campaigns_changed == (made.campaign.id,)
