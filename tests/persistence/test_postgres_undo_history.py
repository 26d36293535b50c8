"""On the club's server each player's undo history is their own (the row policies of
docs/shared-campaign.md): a player undoes their own steps, never another's, and cannot
read or change another's steps. Needs GANGMANAGER_TEST_PG (.ci/run)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError

from gangmanager.persistence.database import Database, open_database
from gangmanager.services import gangs, roster, undo_history
from gangmanager.services.errors import ServiceError
from gangmanager.services.operations import perform
from gangmanager.services.rulesets import Rulesets

from ..pg_club import admin_engine, as_player, doc_sql, renamed, run_sql, two_player_club

RIDERS, WOLVES = "Rust Riders", "Ash Wolves"


@pytest.fixture
def club(pg_admin: str, rulesets: Rulesets) -> Iterator[tuple[str, dict[str, str], dict[str, int]]]:
    with two_player_club(pg_admin, rulesets, {"alice": RIDERS, "bob": WOLVES}) as club:
        yield club


def _rename_rook(db: Database, rulesets: Rulesets, gang_id: int, name: str) -> int:
    rook = gangs.load_gang(db, str(gang_id)).fighter("Rook")
    assert rook is not None and rook.id is not None
    outcome = perform(db, roster.EditFighter(gang_id, rook.id, {"name": name}), rulesets)
    assert outcome.step_id is not None
    return outcome.step_id


def test_each_player_undoes_only_their_own_steps(
    club: tuple[str, dict[str, str], dict[str, int]], rulesets: Rulesets
) -> None:
    url, names, ids = club
    alice, bob = as_player(url, names["alice"]), as_player(url, names["bob"])
    try:
        step = _rename_rook(alice, rulesets, ids[RIDERS], "Rookie")
        _rename_rook(bob, rulesets, ids[WOLVES], "Wolfie")
        # Bob's newest step is his own, Alice's hers.
        assert undo_history.undo(bob, rulesets).label == "Rename Rook to Wolfie"
        with pytest.raises(ServiceError, match="nothing to undo"):
            undo_history.undo(bob, rulesets)
        # The arbitrator (who bypasses the policies, owning the tables) has his own
        # steps too: the gangs he founded, not Alice's rename.
        with open_database(url) as arbitrator:
            assert undo_history.states(arbitrator, [step]) == {}
            with pytest.raises(ServiceError, match="New gang Ash Wolves"):
                undo_history.undo(arbitrator, rulesets)
        # Bob cannot see, undo or drop Alice's step.
        with pytest.raises(ServiceError, match="no longer in the undo history"):
            undo_history.undo(bob, rulesets, step)
        with bob.engine.begin() as sql:
            assert sql.execute(text("SELECT count(*) FROM undo_steps")).scalar() == 1
            assert (
                sql.execute(text("DELETE FROM undo_steps WHERE id = :i"), {"i": step}).rowcount == 0
            )
        with pytest.raises(DBAPIError, match="row-level security"), bob.engine.begin() as sql:
            sql.execute(
                text(
                    "INSERT INTO undo_steps (owner, label, kind, action, made, created_at)"
                    " VALUES (:who, 'x', 'x', '{}', 1, now())"
                ),
                {"who": names["alice"]},
            )
        done = undo_history.undo(alice, rulesets)
        assert (done.label, done.gang_id) == ("Rename Rook to Rookie", ids[RIDERS])
        assert gangs.load_gang(alice, str(ids[RIDERS])).fighter("Rook") is not None
    finally:
        alice.close()
        bob.close()


def test_the_policies_run_again_and_a_server_without_them_still_saves(
    club: tuple[str, dict[str, str], dict[str, int]], rulesets: Rulesets
) -> None:
    url, names, ids = club
    block = doc_sql("policies")
    part = block[block.index("-- Each player's undo history") :]
    owner = admin_engine(url)
    try:
        run_sql(owner, renamed(part, names))  # idempotent: a second run changes nothing
        alice = as_player(url, names["alice"])
        try:
            _rename_rook(alice, rulesets, ids[RIDERS], "Rookie")
            # A server whose policies predate the history: the edit is saved, without a step.
            run_sql(owner, renamed("REVOKE ALL ON undo_steps FROM gm_players;", names))
            rook = gangs.load_gang(alice, str(ids[RIDERS])).fighter("Rookie")
            assert rook is not None and rook.id is not None
            outcome = perform(
                alice, roster.EditFighter(ids[RIDERS], rook.id, {"name": "Rookier"}), rulesets
            )
            assert outcome.step_id is None
            assert gangs.load_gang(alice, str(ids[RIDERS])).fighter("Rookier") is not None
        finally:
            alice.close()
    finally:
        owner.dispose()
