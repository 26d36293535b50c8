"""Issue 26 through the services: a stored n26 gang's post-battle reaches a rank and
takes the advancement owed (one transaction, one undo step); the roster's Take
advancement does the same outside the post-battle; XP is never spent."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from gangmanager.persistence.database import Database, open_database, sqlite_url
from gangmanager.rules.gang import Gang
from gangmanager.rules.post_battle_draft import PostBattleDraft
from gangmanager.rules.roster_ops import recruit
from gangmanager.services import gangs, post_battle, roster, undo_history
from gangmanager.services.errors import ServiceError
from gangmanager.services.gang_view import gang_view
from gangmanager.services.operations import perform
from gangmanager.services.rulesets import Rulesets

from ..narrowing import present
from ..undo_steps import redo_finish, undo_finish


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Database]:
    database = open_database(sqlite_url(tmp_path / "gm.sqlite"))
    yield database
    database.close()


@pytest.fixture
def gang(db: Database, rulesets: Rulesets) -> Gang:
    n26 = rulesets.get("n26")
    sister = present(n26.fighter_type("escher", "Gang Sister"))
    nyx = recruit(sister, "Nyx", n26).model_copy(update={"xp": present(sister.starting_xp)})
    wyld = Gang(name="Wyld", house="escher", ruleset="n26", credits=100, fighters=[nyx])
    return gangs.add_gang(db, rulesets, wyld).gang


def _nyx(db: Database, rulesets: Rulesets, gang: Gang) -> dict[str, object]:
    """Nyx as `show --json` gives her: XP, rank, advancements owed, profile."""
    stored = gangs.load_gang(db, str(gang.id))
    shown: dict[str, object] = gang_view(stored, rulesets.get("n26"))["fighters"][0]
    return shown


def _gain(rulesets: Rulesets, xp: int) -> int:
    """The XP that begins the next rank above `xp`."""
    return next(r.xp for r in rulesets.get("n26").progression.ranks if r.xp > xp) - xp


def test_finish_reaches_a_rank_takes_the_advancement_and_undoes(
    db: Database, rulesets: Rulesets, gang: Gang
) -> None:
    start = gang.fighters[0].xp
    gain = _gain(rulesets, start)
    draft = PostBattleDraft.model_validate(
        {
            "result": "win",
            "xp": {"Nyx": gain},
            "advancements": [{"fighter": "Nyx", "advancement": "bs", "roll": 10}],
        }
    )
    result = post_battle.finish(db, rulesets, present(gang.id), draft)
    after = _nyx(db, rulesets, gang)
    assert after["xp"] == start + gain  # earned, and not spent by the advancement
    assert after["advancements_owed"] == 0
    assert after["rank"] == present(rulesets.get("n26").progression.rank_for(start + gain)).name
    assert result.report.gang_rating_after == result.report.gang_rating_before + 15
    undo_finish(db, rulesets, result)
    undone = _nyx(db, rulesets, gang)
    assert (undone["xp"], undone["advancements_owed"]) == (start, 0)
    assert undone["profile"] == _nyx_profile_at_recruitment(gang)
    redo_finish(db, rulesets, result)
    assert _nyx(db, rulesets, gang)["xp"] == start + gain


def _nyx_profile_at_recruitment(gang: Gang) -> object:
    return gang_view(gang, Rulesets().get("n26"))["fighters"][0]["profile"]


def test_an_owed_advancement_is_taken_on_the_roster_in_one_undo_step(
    db: Database, rulesets: Rulesets, gang: Gang
) -> None:
    start = gang.fighters[0].xp
    gain = _gain(rulesets, start)
    draft = PostBattleDraft.model_validate({"result": "loss", "xp": {"Nyx": gain}})
    post_battle.finish(db, rulesets, present(gang.id), draft)
    assert _nyx(db, rulesets, gang)["advancements_owed"] == 1
    nyx_id = present(gang.fighters[0].id)
    take = roster.TakeAdvancement(present(gang.id), nyx_id, "secondary_chosen", skill="Headbutt")
    outcome = perform(db, take, rulesets)
    taken = _nyx(db, rulesets, gang)
    assert (taken["xp"], taken["advancements_owed"]) == (start + gain, 0)
    assert taken["skills"] == ["Headbutt"]
    assert outcome.label == "Take advancement Chosen Secondary skill: Headbutt (Combat) for Nyx"
    undo_history.undo(db, rulesets)
    back = _nyx(db, rulesets, gang)
    assert (back["xp"], back["advancements_owed"], back["skills"]) == (start + gain, 1, [])


def test_taking_one_not_owed_is_refused_in_one_line_and_writes_nothing(
    db: Database, rulesets: Rulesets, gang: Gang
) -> None:
    nyx_id = present(gang.fighters[0].id)
    before = gangs.load_gang(db, str(gang.id))
    with pytest.raises(ServiceError) as refused:
        perform(db, roster.TakeAdvancement(present(gang.id), nyx_id, "ws"), rulesets)
    message = str(refused.value)
    assert "\n" not in message and message.startswith("Nyx owes no advancement at")
    assert gangs.load_gang(db, str(gang.id)).version == before.version


def test_a_spend_xp_gang_is_told_to_buy_instead(db: Database, rulesets: Rulesets) -> None:
    n23 = rulesets.get("n23")
    leader = n23.houses[0].fighter_types[0]
    old = Gang(name="Old", house=n23.houses[0].id, fighters=[recruit(leader, "Ash", n23)])
    stored = gangs.add_gang(db, rulesets, old).gang
    take = roster.TakeAdvancement(present(stored.id), present(stored.fighters[0].id), "bs")
    with pytest.raises(ServiceError, match="spends XP on advancements: buy one instead"):
        perform(db, take, rulesets)
