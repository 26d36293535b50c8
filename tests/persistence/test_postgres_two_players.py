"""Two players track one battle between their gangs on the club's server.

Each records the events of their own fighters (the player whose fighter acts),
undoes only what they recorded, and runs their own post-battle sequence from
the battle; a row one writes by hand about the other's fighter is refused by
the server. Needs GANGMANAGER_TEST_PG (see .ci/run).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError

from gangmanager.persistence.battle_repository import DONE, battles
from gangmanager.persistence.database import Database, open_database
from gangmanager.rules.battle_events import AmmoTestEvent
from gangmanager.services import battle, gangs, post_battle, roster
from gangmanager.services.errors import ServiceError
from gangmanager.services.rulesets import Rulesets

from ..pg_club import (
    admin_engine,
    as_player,
    doc_sql,
    renamed,
    run_sql,
    two_player_club,
)
from ..undo_steps import undo_finish

RIDERS = "Rust Riders"  # alice's
WOLVES = "Ash Wolves"  # bob's


@pytest.fixture
def club(pg_admin: str, rulesets: Rulesets) -> Iterator[tuple[str, dict[str, str], dict[str, int]]]:
    """(URL, role names, gang ids): two gangs with the same roster, one per player."""
    with two_player_club(pg_admin, rulesets, {"alice": RIDERS, "bob": WOLVES}) as club:
        yield club


def profiles(db: Database, gang: str, fighter: str, weapon: str) -> list[str]:
    found = gangs.load_gang(db, gang).fighter(fighter)
    assert found is not None
    carried = found.weapon(weapon)
    assert carried is not None
    return [p.name for p in carried.profiles]


def events(db: Database) -> list[dict[str, object]]:
    with db.unit_of_work() as uow:
        return list(battles(uow).payloads(1))


AMMO = {"event": "ammo_test", "weapon": "Shotgun", "profile": "executioner ammo", "roll": 2}


def test_two_players_track_one_battle_and_each_finishes_their_own(
    club: tuple[str, dict[str, str], dict[str, int]], rulesets: Rulesets
) -> None:
    url, names, ids = club
    alice, bob = as_player(url, names["alice"]), as_player(url, names["bob"])
    try:
        started = battle.start_battle(
            alice, rulesets, RIDERS, crew=["Mags Varga", "Rook"],
            against=WOLVES, against_crew=["Rook", "Dex Hollow"],
        )  # fmt: skip
        assert started.record.against_name == WOLVES
        # Bob records his own fighters' events: his Dex's failed Ammo test strikes the
        # Limited profile off Dex's card on Bob's gang.
        done = battle.apply_events(bob, rulesets, WOLVES, [
            {**AMMO, "fighter": "Dex Hollow"},
        ])  # fmt: skip
        assert "executioner ammo" not in profiles(bob, WOLVES, "Dex Hollow", "Shotgun")
        ammo_test = done.events[0]
        assert isinstance(ammo_test, AmmoTestEvent) and ammo_test.fighter == "Dex Hollow"
        # Alice's Mags shoots Bob's Rook: the attacker's player records it.
        shot = {
            "event": "attack", "fighter": "Mags Varga", "weapon": "Boltgun",
            "target": f"{WOLVES}/Rook", "range": "short", "firepower": [2], "hit": 4,
            "wound": [3], "injury": ["out_of_action", "seriously_injured"],
        }  # fmt: skip
        battle.apply_events(alice, rulesets, RIDERS, [shot])
        # Neither records an event of the other's fighter: one line, nothing stored.
        for who, gang, fighter in ((alice, RIDERS, f"{WOLVES}/Dex Hollow"),
                                   (bob, WOLVES, f"{RIDERS}/Rook")):  # fmt: skip
            before = events(who)
            with pytest.raises(ServiceError, match="another player's"):
                battle.apply_events(who, rulesets, gang, [
                    {"event": "status", "fighter": fighter, "status": "pinned"},
                ])  # fmt: skip
            assert events(who) == before
        # Bob's undo: the last event is Alice's attack, not his: refused, it stays.
        with pytest.raises(ServiceError, match="another player"):
            battle.undo_last(bob, rulesets, WOLVES)
        assert [e["event"] for e in events(bob)] == ["ammo_test", "attack"]
        # Alice's undo removes the attack it reports undone; she records it again.
        undone = battle.undo_last(alice, rulesets, RIDERS)
        assert undone.lines == ("Undone: attack (Mags Varga).",)
        assert [e["event"] for e in events(alice)] == ["ammo_test"]
        battle.apply_events(alice, rulesets, RIDERS, [shot])
        # Bob's own last event, once it is his, he undoes (and the profile comes back).
        battle.apply_events(bob, rulesets, WOLVES, [
            {"event": "status", "fighter": "Dex Hollow", "status": "pinned"},
        ])  # fmt: skip
        undone = battle.undo_last(bob, rulesets, WOLVES)
        assert undone.lines[0].startswith("Undone: status")
        assert [e["event"] for e in events(bob)] == ["ammo_test", "attack"]
        battle.end_battle(bob, rulesets, WOLVES)

        # Each runs their own post-battle sequence from the battle.
        wolves = battle.ended_battle(bob, ids[WOLVES], rulesets)
        riders = battle.ended_battle(alice, ids[RIDERS], rulesets)
        assert wolves is not None and riders is not None
        assert wolves.state.out_of_action == ["Rook"]
        his = post_battle.draft_from_battle(wolves).model_copy(
            update={"result": "loss", "injuries": []}
        )
        assert [d.fighter for d in his.limited_deleted] == ["Dex Hollow"]
        hers = post_battle.draft_from_battle(riders).model_copy(update={"result": "win"})
        assert hers.xp["Mags Varga"] == 3
        bob_done = post_battle.finish(bob, rulesets, ids[WOLVES], his)
        alice_done = post_battle.finish(alice, rulesets, ids[RIDERS], hers)
        with bob.unit_of_work() as uow:
            shared = battles(uow).get(1)
        assert (shared.status, shared.against_done) == (DONE, True)
        # Neither may take back the other's; each takes back their own, in either order.
        with pytest.raises(ServiceError, match=r"permission denied|another player"):
            undo_finish(alice, rulesets, bob_done)
        undo_finish(bob, rulesets, bob_done)
        undo_finish(alice, rulesets, alice_done)
        with alice.unit_of_work() as uow:
            shared = battles(uow).get(1)
        assert (shared.status, shared.against_done) == ("ended", False)
    finally:
        alice.close()
        bob.close()


def test_a_hand_written_event_about_the_other_players_fighter_is_refused(
    club: tuple[str, dict[str, str], dict[str, int]], rulesets: Rulesets
) -> None:
    url, names, ids = club
    alice = as_player(url, names["alice"])
    try:
        battle.start_battle(
            alice, rulesets, RIDERS, crew=["Mags Varga", "Rook"],
            against=WOLVES, against_crew=["Rook", "Dex Hollow"],
        )  # fmt: skip
        row = "INSERT INTO battle_events (battle_id, seq, payload, created_at)"
        forged = (
            '{"event": "ammo_test", "fighter": "%s", "weapon": "Shotgun",'
            ' "profile": "executioner ammo", "roll": 1}'
        )
        for fighter in ("Dex Hollow", f"{WOLVES}/Dex Hollow", f"{WOLVES.upper()}/dex hollow"):
            with pytest.raises(DBAPIError, match="row-level security"), alice.engine.begin() as c:
                c.execute(
                    text(f"{row} VALUES (1, 1, CAST(:p AS json), now())"),
                    {"p": forged % fighter},
                )
        # Nor may she mark Bob's side of the battle done, or give the battle to other gangs.
        for change in ("against_done = true", f"against_gang_id = {ids[RIDERS]}"):
            with pytest.raises(DBAPIError, match="may not"), alice.engine.begin() as c:
                c.execute(text(f"UPDATE battles SET {change} WHERE id = 1"))
        # Her own fighter's event, written by hand, is hers to write.
        with alice.engine.begin() as c:
            c.execute(
                text(f"{row} VALUES (1, 1, CAST(:p AS json), now())"),
                {"p": forged.replace("%s", "Mags Varga").replace("Shotgun", "Boltgun")},
            )
    finally:
        alice.close()
    bob = as_player(url, names["bob"])
    try:
        # Bob may not delete her event, nor change the battle's crews or scenario.
        with bob.engine.begin() as c:
            assert c.execute(text("DELETE FROM battle_events WHERE battle_id = 1")).rowcount == 0
        with pytest.raises(DBAPIError, match="may not"), bob.engine.begin() as c:
            c.execute(text("UPDATE battles SET scenario = 'forged' WHERE id = 1"))
    finally:
        bob.close()
    with open_database(url) as arbitrator:
        assert [e["fighter"] for e in events(arbitrator)] == ["Mags Varga"]
        assert "executioner ammo" in profiles(arbitrator, WOLVES, "Dex Hollow", "Shotgun")
    # His own gang, in no campaign, Bob may delete: Alice's battle keeps its events.
    bob = as_player(url, names["bob"])
    try:
        roster.apply(bob, roster.DeleteGang(ids[WOLVES]), rulesets)
    finally:
        bob.close()
    with open_database(url) as arbitrator, arbitrator.unit_of_work() as uow:
        kept = battles(uow).get(1)
        assert kept.against_gang_id is None and len(kept.events) == 1


# The policies of the battle events, the log and the history as an older Gang Manager's
# page had them (what a club's server still runs until the arbitrator upgrades).
OLDER = """
DROP TRIGGER gm_battle_change ON battles;
DROP FUNCTION gm_battle_change();
DROP POLICY gm_update_second ON battles;
DROP TRIGGER gm_gang_delete ON gangs;
DROP FUNCTION gm_gang_delete();
DROP POLICY gm_read ON battle_events; DROP POLICY gm_insert ON battle_events;
DROP POLICY gm_update ON battle_events; DROP POLICY gm_delete ON battle_events;
DROP FUNCTION gm_may_record(integer, json);
DROP POLICY gm_read ON campaign_log; DROP POLICY gm_insert ON campaign_log;
DROP POLICY gm_read ON campaign_snapshots; DROP POLICY gm_insert ON campaign_snapshots;
DROP FUNCTION gm_line_of_action(integer, timestamptz, integer, text, text, integer, integer);
DROP FUNCTION gm_point_as_stored(integer, integer, text, timestamptz, integer, text, integer,
                                 integer, integer, integer, integer);
DROP FUNCTION gm_this_transaction(xid);
CREATE POLICY gm_read ON battle_events FOR SELECT USING (true);
CREATE POLICY gm_insert ON battle_events FOR INSERT WITH CHECK (gm_owns_battle(battle_id));
CREATE POLICY gm_update ON battle_events FOR UPDATE USING (gm_owns_battle(battle_id))
    WITH CHECK (gm_owns_battle(battle_id));
CREATE POLICY gm_delete ON battle_events FOR DELETE USING (gm_owns_battle(battle_id));
CREATE FUNCTION gm_as_stored(gang integer, credits integer, reputation integer, rating integer)
    RETURNS boolean LANGUAGE sql STABLE AS $$
    SELECT EXISTS (SELECT 1 FROM gangs g WHERE g.id = $1 AND g.credits = $2
                   AND g.reputation = $3 AND (g.rating IS NULL OR g.rating = $4))
$$;
CREATE POLICY gm_read ON campaign_log FOR SELECT USING (true);
CREATE POLICY gm_insert ON campaign_log FOR INSERT WITH CHECK (gm_owns_gang(gang_id));
CREATE POLICY gm_read ON campaign_snapshots FOR SELECT USING (true);
CREATE POLICY gm_insert ON campaign_snapshots FOR INSERT WITH CHECK
    (gm_owns_gang(gang_id) OR gm_as_stored(gang_id, credits, reputation, rating));
"""


def test_an_older_server_upgraded_as_the_page_says_lets_both_players_record(
    club: tuple[str, dict[str, str], dict[str, int]], rulesets: Rulesets
) -> None:
    url, names, _ = club
    owner = admin_engine(url)
    try:
        run_sql(owner, renamed(OLDER, names))
        policies = renamed(doc_sql("policies"), names)
        tail = policies[policies.index("-- A two-gang battle is one row") :]
        run_sql(owner, renamed(doc_sql("upgrade"), names) + tail)
    finally:
        owner.dispose()
    alice, bob = as_player(url, names["alice"]), as_player(url, names["bob"])
    try:
        battle.start_battle(
            alice, rulesets, RIDERS, crew=["Mags Varga"], against=WOLVES, against_crew=["Rook"]
        )
        battle.apply_events(bob, rulesets, WOLVES, [{"event": "status", "fighter": "Rook",
                                                     "status": "pinned"}])  # fmt: skip
        with pytest.raises(ServiceError, match="another player's"):
            battle.apply_events(alice, rulesets, RIDERS, [
                {"event": "status", "fighter": "Rook", "status": "out_of_action"},
            ])  # fmt: skip
        assert [e["fighter"] for e in events(alice)] == ["Rook"]
    finally:
        alice.close()
        bob.close()
