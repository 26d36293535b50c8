"""A role per player on PostgreSQL: the SQL of docs/shared-campaign.md, run for real.

Each player may change only their own gang; another player's edit is refused
and leaves the gang as it was. Needs GANGMANAGER_TEST_PG (see .ci/run).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError

from gangmanager.persistence.database import open_database
from gangmanager.persistence.repository import NotYourGangError
from gangmanager.rules.dice import FixedDice
from gangmanager.rules.post_battle_draft import PostBattleDraft
from gangmanager.services import battle as battle_service
from gangmanager.services import campaign as campaign_service
from gangmanager.services import gangs, post_battle
from gangmanager.services.demo import demo_gang
from gangmanager.services.errors import ServiceError
from gangmanager.services.rulesets import Rulesets

from ..narrowing import present
from ..pg_club import as_player, club_server, role_names


@pytest.fixture
def server(pg_admin: str) -> Iterator[tuple[str, dict[str, str]]]:
    """(URL of a fresh migrated database, role names), roles made by the doc's SQL."""
    names = role_names()
    with club_server(pg_admin, names) as url:
        yield url, names


def test_each_player_may_change_only_their_own_gang(
    server: tuple[str, dict[str, str]], tmp_path: Path, rulesets: Rulesets
) -> None:
    url, names = server
    rulesets = Rulesets(tmp_path / "data")
    n23 = rulesets.get("n23")
    with open_database(url) as arbitrator:
        riders = gangs.add_gang(
            arbitrator, rulesets, demo_gang(n23).model_copy(update={"name": "Rust Riders"})
        )
        brothers = gangs.add_gang(
            arbitrator,
            rulesets,
            demo_gang(n23, "goliath").model_copy(update={"name": "Iron Brothers"}),
        )
        with arbitrator.engine.begin() as conn:
            conn.execute(
                text("UPDATE gangs SET owner = :who WHERE id = :id"),
                [
                    {"who": names["alice"], "id": riders.gang.id},
                    {"who": names["bob"], "id": brothers.gang.id},
                ],
            )
        campaign_service.create_campaign(arbitrator, rulesets, "Ash Wars")
        for name in ("Rust Riders", "Iron Brothers"):
            campaign_service.add_gang(arbitrator, rulesets, "Ash Wars", name)
        # The arbitrator records the battle: it changes both gangs (territory, Reputation).
        fought = campaign_service.record_battle(
            arbitrator,
            rulesets,
            "Ash Wars",
            ["Rust Riders", "Iron Brothers"],
            winner="Iron Brothers",
            territory="Fighting Pit",
        )
        bob_before = gangs.load_gang(arbitrator, "Iron Brothers")

    alice = as_player(url, names["alice"])
    try:
        # Her own gang: saved.
        mine = gangs.load_gang(alice, "Rust Riders")
        with alice.unit_of_work() as uow:
            saved = uow.gangs.replace(mine.model_copy(update={"credits": mine.credits + 5}))
            uow.commit()
        assert saved.credits == mine.credits + 5
        # Bob's gang: she may read it, not change it, not delete it.
        his = gangs.load_gang(alice, "Iron Brothers")
        assert his == bob_before
        with pytest.raises(NotYourGangError) as refused, alice.unit_of_work() as uow:
            uow.gangs.replace(his.model_copy(update={"credits": 0, "reputation": 9}))
        assert str(refused.value) == (
            "'Iron Brothers' belongs to another player: you may change only your own gang"
        )
        with pytest.raises(NotYourGangError), alice.unit_of_work() as uow:
            uow.gangs.delete(present(his.id))
        # Nor give hers away, nor change the campaign itself.
        with pytest.raises(DBAPIError, match="row-level security"), alice.engine.begin() as conn:
            conn.execute(
                text("UPDATE gangs SET owner = :bob WHERE id = :id"),
                {"bob": names["bob"], "id": mine.id},
            )
        with pytest.raises(ServiceError, match="only the arbitrator may change the campaign"):
            campaign_service.next_cycle(alice, rulesets, "Ash Wars")
        # A gang she imports is hers.
        new = gangs.add_gang(
            alice, rulesets, demo_gang(n23).model_copy(update={"name": "Alice's Second"})
        )
        with alice.engine.connect() as conn:
            owner = conn.execute(
                text("SELECT owner FROM gangs WHERE id = :id"), {"id": new.gang.id}
            ).scalar_one()
        assert owner == names["alice"]
        # The post-battle step she does herself: collect her income after the battle.
        collected = campaign_service.collect_income(
            alice,
            rulesets,
            "Rust Riders",
            campaign_battle_id=fought.battle.id,
            dice=FixedDice([3]),
        )
        assert collected.collected == 30
        # Nor start a battle or a post-battle draft for his gang: one line, nothing written.
        with pytest.raises(ServiceError, match="belongs to another player"):
            battle_service.start_battle(alice, rulesets, "Iron Brothers")
        with pytest.raises(ServiceError, match="belongs to another player"):
            post_battle.save_draft(alice, rulesets, present(his.id), PostBattleDraft(result="win"))
    finally:
        alice.close()

    with open_database(url) as arbitrator:
        assert gangs.load_gang(arbitrator, "Iron Brothers") == bob_before
        assert battle_service.open_battle(arbitrator, rulesets, "Iron Brothers") is None
        assert gangs.load_gang(arbitrator, "Rust Riders").credits == mine.credits + 5 + 30


def test_a_player_writes_no_log_or_history_for_another_players_gang(
    server: tuple[str, dict[str, str]], tmp_path: Path, rulesets: Rulesets
) -> None:
    url, names = server
    rulesets = Rulesets(tmp_path / "data")
    n23 = rulesets.get("n23")
    with open_database(url) as arbitrator:
        ids = {}
        for name, owner in (("Rust Riders", "alice"), ("Iron Brothers", "bob")):
            stored = gangs.add_gang(
                arbitrator, rulesets, demo_gang(n23).model_copy(update={"name": name})
            )
            ids[name] = stored.gang.id
            with arbitrator.engine.begin() as conn:
                conn.execute(
                    text("UPDATE gangs SET owner = :who WHERE id = :id"),
                    {"who": names[owner], "id": stored.gang.id},
                )
        campaign = campaign_service.create_campaign(arbitrator, rulesets, "Ash Wars").campaign
        for name in ids:
            campaign_service.add_gang(arbitrator, rulesets, "Ash Wars", name)
        fought = campaign_service.record_battle(
            arbitrator, rulesets, "Ash Wars", list(ids), winner="Rust Riders"
        )
        his = gangs.load_gang(arbitrator, "Iron Brothers")

    alice = as_player(url, names["alice"])
    try:
        line = "INSERT INTO campaign_log (campaign_id, at, cycle, kind, text, gang_id)"
        for gang_id in (ids["Iron Brothers"], None):  # his gang, or the campaign's own line
            with pytest.raises(DBAPIError, match="row-level security"), alice.engine.begin() as c:
                c.execute(
                    text(f"{line} VALUES (:c, now(), 1, 'note', 'Bob forfeits', :g)"),
                    {"c": campaign.id, "g": gang_id},
                )
        point = (
            "INSERT INTO campaign_snapshots (campaign_id, seq, label, at, gang_id, gang_name,"
            " rating, wealth, reputation, credits, territories)"
            " VALUES (:c, 99, 'forged', now(), :g, 'Iron Brothers', :r, 0, :rep, :cr, 0)"
        )
        forged = {"c": campaign.id, "g": his.id, "r": his.rating, "rep": his.reputation}
        with pytest.raises(DBAPIError, match="row-level security"), alice.engine.begin() as c:
            c.execute(text(point), {**forged, "cr": 0})  # his credits, rewritten
        # Her own income step still writes the log and a point for every gang.
        collected = campaign_service.collect_income(
            alice, rulesets, "Rust Riders", campaign_battle_id=fought.battle.id, dice=FixedDice([3])
        )
        assert collected.collected == 30
    finally:
        alice.close()
    with open_database(url) as arbitrator, arbitrator.engine.connect() as conn:
        log = conn.execute(text("SELECT kind, gang_id FROM campaign_log ORDER BY id")).all()
        assert log[-1] == ("income", ids["Rust Riders"])
        assert "forged" not in conn.execute(text("SELECT label FROM campaign_snapshots")).scalars()
