"""The arbitrator's records on the club's server: players cannot forge or remove them.

A history point is the stored figures in every column; a log line is one an action
of the player writes (about their own gang, in the figures it reports); a gang in a
campaign's records is deleted by the arbitrator only. Needs GANGMANAGER_TEST_PG.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError

from gangmanager.persistence.database import open_database
from gangmanager.rules.dice import FixedDice
from gangmanager.services import campaign as campaign_service
from gangmanager.services import gangs, roster
from gangmanager.services.demo import demo_gang
from gangmanager.services.errors import ServiceError
from gangmanager.services.rulesets import Rulesets

from ..pg_club import as_player, club_server, give, role_names

RIDERS = "Rust Riders"  # alice's
BROTHERS = "Iron Brothers"  # bob's


@pytest.fixture
def club(pg_admin: str, rulesets: Rulesets) -> Iterator[dict[str, Any]]:
    """Both gangs in 'Ash Wars', one battle fought (the Riders won the Fighting Pit)."""
    names = role_names()
    with club_server(pg_admin, names) as url:
        n23 = rulesets.get("n23")
        with open_database(url) as arbitrator:
            ids = {}
            for name in (RIDERS, BROTHERS):
                stored = gangs.add_gang(
                    arbitrator, rulesets, demo_gang(n23).model_copy(update={"name": name})
                )
                assert stored.gang.id is not None
                ids[name] = stored.gang.id
            give(arbitrator, {ids[RIDERS]: names["alice"], ids[BROTHERS]: names["bob"]})
            campaign = campaign_service.create_campaign(arbitrator, rulesets, "Ash Wars").campaign
            for name in ids:
                campaign_service.add_gang(arbitrator, rulesets, "Ash Wars", name)
            fought = campaign_service.record_battle(
                arbitrator, rulesets, "Ash Wars", list(ids), winner=RIDERS,
                territory="Fighting Pit",
            )  # fmt: skip
            with arbitrator.engine.connect() as conn:
                point = conn.execute(
                    text(
                        "SELECT seq, label, at, gang_id, gang_name, rating, wealth, reputation,"
                        " credits, territories FROM campaign_snapshots WHERE gang_id = :g"
                        " ORDER BY id DESC LIMIT 1"
                    ),
                    {"g": ids[BROTHERS]},
                ).one()
        yield {
            "url": url, "names": names, "ids": ids, "campaign": campaign.id,
            "battle": fought.battle.id, "point": point._asdict(),
        }  # fmt: skip


POINT = (
    "INSERT INTO campaign_snapshots (campaign_id, seq, label, at, gang_id, gang_name,"
    " rating, wealth, reputation, credits, territories) VALUES (:campaign_id, :seq, :label,"
    " :at, :gang_id, :gang_name, :rating, :wealth, :reputation, :credits, :territories)"
)


def count(url: str, table: str) -> int:
    with open_database(url) as arbitrator, arbitrator.engine.connect() as conn:
        return int(conn.execute(text(f"SELECT count(*) FROM {table}")).scalar_one())


def test_a_history_point_is_as_stored_in_every_column(
    club: dict[str, Any], rulesets: Rulesets
) -> None:
    url, ids, stored = club["url"], club["ids"], club["point"]
    # What the next point of her income action would hold for his gang.
    honest = {
        **stored, "campaign_id": club["campaign"], "seq": stored["seq"] + 1,
        "label": f"{RIDERS}: Update Roster",
    }  # fmt: skip
    forged = {
        "gang_name": "Iron Losers", "wealth": 1, "territories": 5, "rating": 1, "credits": 0,
        "reputation": 20, "label": "Iron Brothers forfeit", "seq": 99,
        "at": stored["at"] - timedelta(days=300), "campaign_id": club["campaign"] + 1,
    }  # fmt: skip
    before = count(url, "campaign_snapshots")
    alice = as_player(url, club["names"]["alice"])
    try:
        for column, value in forged.items():
            with pytest.raises(DBAPIError, match="row-level security"), alice.engine.begin() as c:
                c.execute(text(POINT), {**honest, column: value})
        # Her own gang's point too: the stored figures, not better ones.
        with alice.engine.connect() as conn:
            mine = (
                conn.execute(
                    text("SELECT * FROM campaign_snapshots WHERE gang_id = :g ORDER BY id DESC"),
                    {"g": ids[RIDERS]},
                )
                .mappings()
                .first()
            )
        assert mine is not None
        own = {**dict(mine), "seq": honest["seq"], "label": honest["label"]}
        with pytest.raises(DBAPIError, match="row-level security"), alice.engine.begin() as c:
            c.execute(text(POINT), {**own, "wealth": own["wealth"] + 500})
        assert count(url, "campaign_snapshots") == before
        # Two players finishing at once both take the next point: Bob's commits first,
        # Alice's (worked out before his) still goes in beside it.
        bob = as_player(url, club["names"]["bob"])
        try:
            with bob.engine.begin() as c:
                c.execute(text(POINT), {**honest, "label": f"{BROTHERS} income"})
        finally:
            bob.close()
        with alice.engine.begin() as c:
            c.execute(text(POINT), honest)
        assert count(url, "campaign_snapshots") == before + 2
        # The action that writes points still does: her income, tied to the battle.
        collected = campaign_service.collect_income(
            alice, rulesets, RIDERS, campaign_battle_id=club["battle"], dice=FixedDice([3, 3])
        )
        assert collected.collected > 0
        assert count(url, "campaign_snapshots") == before + 3
    finally:
        alice.close()


LINE = (
    "INSERT INTO campaign_log (campaign_id, at, cycle, kind, text, campaign_battle_id, gang_id)"
    " VALUES (:c, now(), 1, :kind, :text, :b, :g)"
)


def test_log_lines_are_written_only_by_the_actions_that_write_them(
    club: dict[str, Any], rulesets: Rulesets
) -> None:
    url, ids = club["url"], club["ids"]
    before = count(url, "campaign_log")
    alice = as_player(url, club["names"]["alice"])
    try:
        mine = {"c": club["campaign"], "b": club["battle"], "g": ids[RIDERS]}
        for kind, line in (
            ("note", "Rust Riders are the best"),
            ("income", f"{RIDERS} collects 900 credits of income."),
            ("post_battle", f"Post-battle sequence of {RIDERS} (win): Gang Rating 1 -> 9000."),
            ("battle", "Rust Riders win everything"),
        ):
            with pytest.raises(DBAPIError, match="row-level security"), alice.engine.begin() as c:
                c.execute(text(LINE), {**mine, "kind": kind, "text": line})
        assert count(url, "campaign_log") == before
        # Her income action writes its line (about her gang, with the credits it adds).
        collected = campaign_service.collect_income(
            alice, rulesets, RIDERS, campaign_battle_id=club["battle"], dice=FixedDice([3, 3])
        )
        with alice.engine.connect() as conn:
            kind, line = conn.execute(
                text("SELECT kind, text FROM campaign_log ORDER BY id DESC LIMIT 1")
            ).one()
        assert kind == "income"
        assert line.startswith(f"{RIDERS} collects {collected.collected} credits of income")
        # The same line again, by hand, in a transaction of her own: refused.
        with pytest.raises(DBAPIError, match="row-level security"), alice.engine.begin() as c:
            c.execute(text(LINE), {**mine, "kind": "income", "text": line})
    finally:
        alice.close()


def test_a_player_cannot_delete_a_gang_in_the_campaigns_records(
    club: dict[str, Any], rulesets: Rulesets
) -> None:
    url, ids = club["url"], club["ids"]
    tables = ("campaign_gangs", "campaign_battle_gangs", "campaign_territories")

    def records() -> dict[str, list[tuple[Any, ...]]]:
        with open_database(url) as arbitrator, arbitrator.engine.connect() as conn:
            return {t: [tuple(r) for r in conn.execute(text(f"SELECT * FROM {t} ORDER BY id"))]
                    for t in (*tables, "campaign_log", "campaign_snapshots")}  # fmt: skip

    before = records()
    assert any(r for r in before["campaign_territories"] if ids[RIDERS] in r)
    alice = as_player(url, club["names"]["alice"])
    try:
        with pytest.raises(
            ServiceError,
            match=r"in the records of a campaign: only the arbitrator\w* may delete it",
        ) as refused:
            roster.apply(alice, roster.DeleteGang(ids[RIDERS]), rulesets)
        assert len(str(refused.value).splitlines()) == 1
        with pytest.raises(DBAPIError, match="arbitrator"), alice.engine.begin() as c:
            c.execute(text("DELETE FROM gangs WHERE id = :g"), {"g": ids[RIDERS]})
    finally:
        alice.close()
    assert records() == before
    # Once the arbitrator has taken it out of the campaign, its battles still name it:
    # still refused to her; the arbitrator may delete it, and the records keep its name.
    with open_database(url) as arbitrator:
        campaign_service.remove_gang(arbitrator, rulesets, "Ash Wars", RIDERS)
    alice = as_player(url, club["names"]["alice"])
    try:
        with pytest.raises(ServiceError, match=r"only the arbitrator\w* may delete it"):
            roster.apply(alice, roster.DeleteGang(ids[RIDERS]), rulesets)
    finally:
        alice.close()
    with open_database(url) as arbitrator:
        roster.apply(arbitrator, roster.DeleteGang(ids[RIDERS]), rulesets)
        with arbitrator.engine.connect() as conn:
            names = conn.execute(text("SELECT gang_name FROM campaign_battle_gangs")).scalars()
            assert RIDERS in list(names)
