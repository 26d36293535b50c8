"""A three-gang Dominion campaign end to end, on SQLite and (when configured) PostgreSQL.

Income, territories changing hands, the Reputation they carry, standings,
Triumphs, the log and the history; refusals write nothing.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from gangmanager.persistence.database import Database, open_database
from gangmanager.rules.campaign import Alignment
from gangmanager.rules.dice import FixedDice
from gangmanager.services import campaign as service
from gangmanager.services import gangs
from gangmanager.services.demo import demo_gang
from gangmanager.services.errors import ServiceError
from gangmanager.services.rulesets import Rulesets

from ..narrowing import present


@pytest.fixture
def db(database_url: str) -> Iterator[Database]:
    database = open_database(database_url)
    yield database
    database.close()


def add_gangs(db: Database, rulesets: Rulesets) -> dict[str, int]:
    n23 = rulesets.get("n23")
    made = {
        "Rust Riders": demo_gang(n23, "orlock"),
        "Iron Brothers": demo_gang(n23, "goliath"),
        "Night Veils": demo_gang(n23, "orlock").model_copy(update={"house": "Escher"}),
    }
    ids: dict[str, int] = {}
    for name, gang in made.items():
        stored = gangs.add_gang(db, rulesets, gang.model_copy(update={"name": name})).gang.id
        assert stored is not None
        ids[name] = stored
    return ids


def state(db: Database, rulesets: Rulesets) -> service.CampaignState:
    return service.campaign_state(db, rulesets, "Ash Wars")


def standing(db: Database, rulesets: Rulesets, name: str) -> service.Standing:
    return next(s for s in state(db, rulesets).standings if s.name == name)


def test_three_gang_dominion_campaign_end_to_end(db: Database, rulesets: Rulesets) -> None:
    ids = add_gangs(db, rulesets)
    start = {name: gangs.load_gang(db, name) for name in ids}
    created = service.create_campaign(db, rulesets, "Ash Wars", notes="Sector 13")
    assert created.campaign.type_id == "dominion" and len(created.campaign.holdings) == 26

    for name in ids:
        joined = service.add_gang(db, rulesets, "ash wars", name)
        assert joined.changes.gangs_changed == (ids[name],)
    # The hideout (Settlement) gives +1 Reputation while held.
    assert {n: gangs.load_gang(db, n).reputation for n in ids} == dict.fromkeys(ids, 2)
    with pytest.raises(ServiceError, match="already takes part"):
        service.add_gang(db, rulesets, "Ash Wars", "Rust Riders")

    # Cycle 1 (Occupation): the Iron Brothers claim the Fighting Pit, +2 Reputation for
    # Goliaths, and both gangs collect income: their Settlement rolls 4 and 2.
    first = service.record_battle(
        db,
        rulesets,
        "Ash Wars",
        ["Iron Brothers", "Rust Riders"],
        winner="Iron Brothers",
        attacker="Iron Brothers",
        defender="Rust Riders",
        scenario="Stand-off",
        territory="fighting pit",
        out_of_action={"Iron Brothers": 3, "Rust Riders": 1},
        collect_income=True,
        dice=FixedDice([4, 2]),
    )
    assert first.transfer is not None and first.transfer.reputation_gained == 2
    assert {gid: r.total for gid, r in first.income.items()} == {
        ids["Iron Brothers"]: 40,
        ids["Rust Riders"]: 20,
    }
    assert set(first.changes.gangs_changed) == {ids["Iron Brothers"], ids["Rust Riders"]}
    brothers = gangs.load_gang(db, "Iron Brothers")
    assert brothers.reputation == 4
    assert brothers.credits == start["Iron Brothers"].credits + 40
    assert gangs.load_gang(db, "Rust Riders").credits == start["Rust Riders"].credits + 20

    # The Night Veils (Escher) claim the Narco Den: +1 Reputation for an Escher gang.
    service.record_battle(
        db,
        rulesets,
        "Ash Wars",
        ["Night Veils", "Iron Brothers"],
        winner="Night Veils",
        territory="Narco Den",
        out_of_action={"Night Veils": 2},
    )
    assert gangs.load_gang(db, "Night Veils").reputation == 3

    # A held territory is not at stake in the Occupation phase: refused, nothing written.
    before = state(db, rulesets)
    with pytest.raises(ServiceError, match="Narco Den is held by Night Veils"):
        service.record_battle(
            db, rulesets, "Ash Wars", ["Rust Riders", "Night Veils"], territory="Narco Den"
        )
    after = state(db, rulesets)
    assert (len(after.campaign.battles), len(after.log), len(after.history)) == (
        len(before.campaign.battles),
        len(before.log),
        len(before.history),
    )

    # Three cycles of Occupation, one of Downtime: the Takeover phase begins at cycle 5.
    for _ in range(4):
        moved_on = service.next_cycle(db, rulesets, "Ash Wars")
    assert moved_on.campaign.cycle == 5
    assert "the Takeover phase" in moved_on.changes.messages[0]

    # Takeover: the Rust Riders take the Fighting Pit; the Iron Brothers lose its +2.
    third = service.record_battle(
        db,
        rulesets,
        "Ash Wars",
        ["Rust Riders", "Iron Brothers"],
        winner="Rust Riders",
        territory="Fighting Pit",
        out_of_action={"Rust Riders": 2},
    )
    assert third.transfer is not None
    assert (third.transfer.from_gang, third.transfer.to_gang) == (
        ids["Iron Brothers"],
        ids["Rust Riders"],
    )
    assert gangs.load_gang(db, "Iron Brothers").reputation == 2
    assert gangs.load_gang(db, "Rust Riders").reputation == 2  # no Enhanced Boon for Orlocks
    with pytest.raises(ServiceError, match="Tunnels is held by nobody"):
        service.record_battle(
            db, rulesets, "Ash Wars", ["Rust Riders", "Night Veils"], territory="Tunnels"
        )

    # The post-battle wizard's way: preview the income, then collect it for that battle.
    preview = service.income_for(db, rulesets, "Night Veils", dice=FixedDice([3, 1, 2]))
    assert [(line.territory, line.amount) for line in preview.lines] == [
        ("Settlement", 30),
        ("Narco Den", 15),  # Escher: 2D6x5
    ]
    veils_credits = gangs.load_gang(db, "Night Veils").credits
    fourth = service.record_battle(
        db, rulesets, "Ash Wars", ["Night Veils", "Rust Riders"], winner="Night Veils"
    )
    collected = service.collect_income(
        db, rulesets, "Night Veils", report=preview, campaign_battle_id=fourth.battle.id
    )
    assert collected.collected == 45 and collected.gang.credits == veils_credits + 45
    with pytest.raises(ServiceError, match="already collected income after this battle"):
        service.collect_income(
            db,
            rulesets,
            "Night Veils",
            campaign_battle_id=fourth.battle.id,
            dice=FixedDice([6] * 3),
        )
    assert gangs.load_gang(db, "Night Veils").credits == veils_credits + 45

    # Standings: territories, then Reputation, then Wealth.
    rows = state(db, rulesets).standings
    assert [(r.name, r.territories, r.battles, r.wins, r.out_of_action) for r in rows] == [
        ("Night Veils", 1, 2, 2, 2),
        ("Rust Riders", 1, 3, 1, 3),
        ("Iron Brothers", 0, 3, 1, 3),
    ]
    veils = standing(db, rulesets, "Night Veils")
    assert veils.reputation == 3 and veils.credits == veils_credits + 45

    ended = service.end_campaign(db, rulesets, "Ash Wars")
    awards = {t.name: t.gangs for t in ended.triumphs}
    assert awards["Dominator"] == ("Night Veils", "Rust Riders")
    assert awards["Slaughterer"] == ("Rust Riders", "Iron Brothers")  # 3 each: shared
    assert set(awards["Warmonger"]) == {"Rust Riders", "Iron Brothers"}
    assert awards["Powerbroker"] == ("Night Veils",)
    with pytest.raises(ServiceError, match="has ended"):
        service.record_battle(db, rulesets, "Ash Wars", ["Night Veils", "Rust Riders"])

    final = state(db, rulesets)
    texts = [e.text for e in final.log]
    assert texts[0].startswith("Dominion campaign 'Ash Wars' set up with 26 territories")
    assert "Iron Brothers claims Fighting Pit (Iron Brothers Reputation +2)." in texts
    assert (
        "Rust Riders takes Fighting Pit from Iron Brothers (Iron Brothers Reputation -2)." in texts
    )
    assert "Iron Brothers collects 40 credits of income (Settlement 40)." in texts
    assert "Night Veils collects 45 credits of income (Settlement 30, Narco Den 15)." in texts
    assert texts[-1].startswith("Powerbroker: Night Veils")
    # History: one point per gang for each joining, battle, income and the end.
    seqs = sorted({p.seq for p in final.history})
    assert seqs == list(range(len(seqs))) and len(seqs) == 3 + 4 + 1 + 1
    veils_points = [p.reputation for p in final.history if p.gang_name == "Night Veils"]
    assert veils_points[-1] == 3 and min(veils_points) == 2


def test_view_is_the_json_contract(db: Database, rulesets: Rulesets) -> None:
    add_gangs(db, rulesets)
    service.create_campaign(db, rulesets, "Ash Wars")
    service.add_gang(db, rulesets, "Ash Wars", "Rust Riders", alignment=Alignment.OUTLAW)
    service.add_gang(db, rulesets, "Ash Wars", "Iron Brothers")
    service.record_battle(
        db,
        rulesets,
        "Ash Wars",
        ["Rust Riders", "Iron Brothers"],
        winner="Rust Riders",
        territory="Rogue Doc Shop",
    )
    view = service.campaign_view(state(db, rulesets)).as_json()
    assert list(view) == [
        "id",
        "name",
        "ruleset",
        "type",
        "notes",
        "starts_on",
        "ends_on",
        "cycle",
        "cycles",
        "phase",
        "running",
        "finished_at",
        "gangs",
        "territories",
        "standings",
        "battles",
        "triumphs",
        "log",
        "history",
    ]
    assert view["phase"] == {"id": "occupation", "name": "Occupation", "stakes": "unclaimed"}
    riders = view["gangs"][0]
    assert riders["alignment"] == "outlaw"
    assert riders["territories"] == ["Rogue Doc Shop", "Settlement"]
    doc = next(t for t in view["territories"] if t["name"] == "Rogue Doc Shop")
    assert doc["holder"] == "Rust Riders" and not doc["hideout"]
    assert [b["kind"] for b in doc["boons"]] == ["income", "recruit"]
    assert view["battles"][0]["winner"] == "Rust Riders"
    assert view["battles"][0]["gangs"][1]["result"] == "lost"
    assert set(view["standings"][0]) == {
        "gang",
        "gang_id",
        "rating",
        "wealth",
        "reputation",
        "credits",
        "territories",
        "battles",
        "wins",
        "out_of_action",
    }
    # An outlaw gang's income includes the Rogue Doc Shop.
    report = service.income_for(db, rulesets, "Rust Riders", dice=FixedDice([1, 2]))
    assert [line.territory for line in report.lines] == ["Settlement", "Rogue Doc Shop"]
    text = service.campaign_text(state(db, rulesets))
    assert "Rogue Doc Shop: Rust Riders" in text and "cycle 1 of 7 (Occupation)" in text


def test_refusals_are_one_line_and_write_nothing(db: Database, rulesets: Rulesets) -> None:
    add_gangs(db, rulesets)
    with pytest.raises(ServiceError, match="no campaign type 'uprising'"):
        service.create_campaign(db, rulesets, "X", type_id="uprising")
    with pytest.raises(ServiceError, match="unknown ruleset"):
        service.create_campaign(db, rulesets, "X", ruleset_id="nope")
    service.create_campaign(db, rulesets, "Ash Wars")
    service.create_campaign(db, rulesets, "Second")
    with pytest.raises(ServiceError, match="exists already"):
        service.create_campaign(db, rulesets, "ash wars")
    with pytest.raises(ServiceError, match="no campaign 'Nope'; campaigns in this database"):
        service.load_campaign(db, "Nope")
    service.add_gang(db, rulesets, "Ash Wars", "Rust Riders")
    with pytest.raises(ServiceError, match="already takes part in the campaign 'Ash Wars'"):
        service.add_gang(db, rulesets, "Second", "Rust Riders")
    with pytest.raises(ServiceError, match="'Iron Brothers' does not take part"):
        service.record_battle(db, rulesets, "Ash Wars", ["Rust Riders", "Iron Brothers"])
    service.add_gang(db, rulesets, "Ash Wars", "Iron Brothers")
    with pytest.raises(ServiceError, match="winner 'Night Veils' is not one of the gangs"):
        service.record_battle(
            db, rulesets, "Ash Wars", ["Rust Riders", "Iron Brothers"], winner="Night Veils"
        )
    with pytest.raises(ServiceError, match="takes part in no running campaign"):
        service.collect_income(db, rulesets, "Night Veils")
    assert service.income_for(db, rulesets, "Night Veils").lines == ()
    current = state(db, rulesets)
    assert current.campaign.battles == []
    assert [e.kind for e in current.log] == ["campaign"] * 5


def test_assign_territory_and_the_wizards_hooks(db: Database, rulesets: Rulesets) -> None:
    add_gangs(db, rulesets)
    service.create_campaign(db, rulesets, "Ash Wars")
    service.add_gang(db, rulesets, "Ash Wars", "Iron Brothers")
    service.add_gang(db, rulesets, "Ash Wars", "Rust Riders")
    result = service.assign_territory(db, rulesets, "Ash Wars", "Slag Furnace", "Iron Brothers")
    assert result.changes.messages == (
        "Iron Brothers claims Slag Furnace (Iron Brothers Reputation +2).",
    )
    assert gangs.load_gang(db, "Iron Brothers").reputation == 4
    # Step C of Update Roster: what else the territories grant (a Goliath's Slag Furnace).
    boons = service.territory_boons(db, rulesets, "Iron Brothers")
    assert [(t, b.kind.value) for t, b in boons] == [
        ("Settlement", "recruit"),
        ("Slag Furnace", "recruit"),
    ]
    assert service.territory_boons(db, rulesets, "Night Veils") == []
    with pytest.raises(ServiceError, match="held by that gang already"):
        service.assign_territory(db, rulesets, "Ash Wars", "Slag Furnace", "Iron Brothers")
    service.assign_territory(db, rulesets, "Ash Wars", "Slag Furnace", None)
    assert gangs.load_gang(db, "Iron Brothers").reputation == 2
    battle = service.record_battle(
        db, rulesets, "Ash Wars", ["Iron Brothers", "Rust Riders"], winner="Rust Riders"
    )
    assert battle.battle.id is not None
    service.add_log_entry(
        db,
        rulesets,
        "Ash Wars",
        "Post-battle: Rook goes Into Recovery.",
        campaign_battle_id=battle.battle.id,
    )
    service.record_snapshot(db, rulesets, "Ash Wars", "After Update Roster")
    campaign, found = service.campaign_battle_for(db, battle.battle.id)
    assert campaign.name == "Ash Wars" and present(found.winner).gang_name == "Rust Riders"
    final = state(db, rulesets)
    assert final.log[-1].text == "Post-battle: Rook goes Into Recovery."
    assert final.history[-1].label == "After Update Roster"
    with pytest.raises(ServiceError, match="no campaign battle with id 999"):
        service.link_battle(db, rulesets, 999, None)
