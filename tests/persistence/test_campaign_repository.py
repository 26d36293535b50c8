"""CampaignRepository: campaigns round-trip; battles, log and history outlive a deleted gang."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest
from sqlalchemy import text

from gangmanager.content import load_ruleset
from gangmanager.persistence.campaign_repository import campaigns
from gangmanager.persistence.database import Database
from gangmanager.rules import campaign as rules
from gangmanager.rules.campaign import (
    Alignment,
    CampaignBattle,
    LogEntry,
    Result,
    Role,
    Side,
    Snapshot,
)
from gangmanager.rules.gang import Gang

from ..narrowing import present

N23 = load_ruleset("n23")
DOMINION = rules.campaign_type_of(N23, "dominion")
NOW = datetime(2026, 3, 1, 20, 0, tzinfo=UTC)


def stored_gang(db: Database, name: str, house: str = "Goliath") -> Gang:
    with db.unit_of_work() as uow:
        gang = uow.gangs.add(Gang(name=name, house=house))
        uow.commit()
    return gang


def test_round_trip_battles_log_and_history(db: Database) -> None:
    first, second = stored_gang(db, "Iron Brothers"), stored_gang(db, "Rust Riders", "Orlock")
    campaign = rules.new_campaign(
        "Ash Wars", N23, DOMINION, notes="Sector 13", starts_on=date(2026, 3, 1)
    )
    campaign, _ = rules.join(campaign, DOMINION, first, N23)
    campaign, _ = rules.join(campaign, DOMINION, second, N23, Alignment.OUTLAW)
    with db.unit_of_work() as uow:
        repo = campaigns(uow)
        added = repo.add(campaign)
        assert added.id is not None and added.version == 1
        battle = repo.add_battle(
            added.id,
            CampaignBattle(
                fought_on=date(2026, 3, 2),
                scenario="Ambush",
                territory="Tunnels",
                sides=[
                    Side(
                        gang_id=first.id,
                        gang_name=first.name,
                        role=Role.ATTACKER,
                        result=Result.WON,
                        out_of_action=2,
                    ),
                    Side(
                        gang_id=second.id,
                        gang_name=second.name,
                        role=Role.DEFENDER,
                        result=Result.LOST,
                    ),
                ],
            ),
        )
        assert battle.id is not None
        repo.set_income(battle.id, present(first.id), 40)
        repo.add_log(added.id, LogEntry(at=NOW, cycle=1, kind="battle", text="It happened."))
        repo.add_snapshots(
            added.id,
            [
                Snapshot(
                    seq=repo.next_seq(added.id),
                    label="Battle 1",
                    gang_id=g.id,
                    gang_name=g.name,
                    at=NOW,
                    rating=0,
                    wealth=n,
                    reputation=2,
                    credits=n,
                    territories=0,
                )
                for n, g in enumerate((first, second))
            ],
        )
        saved = repo.save(
            added.model_copy(
                update={
                    "cycle": 2,
                    "holdings": rules.transfer(added, DOMINION, "Tunnels", first.id)[0].holdings,
                }
            )
        )
        uow.commit()
    assert saved.version == 2 and saved.cycle == 2
    with db.unit_of_work() as uow:
        repo = campaigns(uow)
        loaded = repo.find("ash wars")
        assert loaded is not None
        assert loaded == saved
        assert loaded.notes == "Sector 13" and loaded.starts_on == date(2026, 3, 1)
        assert [(g.name, g.house, g.alignment) for g in loaded.gangs] == [
            ("Iron Brothers", "goliath", Alignment.LAW_ABIDING),
            ("Rust Riders", "orlock", Alignment.OUTLAW),
        ]
        assert present(loaded.holding("Tunnels")).gang_id == first.id
        assert loaded.battles[0].sides[0].income == 40
        assert present(loaded.battles[0].winner).gang_name == "Iron Brothers"
        assert repo.running_campaign_of(present(second.id)) == (loaded.id, "Ash Wars")
        assert [(s.name, s.gangs, s.running) for s in repo.list()] == [("Ash Wars", 2, True)]
        assert repo.next_seq(present(loaded.id)) == 1

    # A deleted gang leaves the campaign; its battles and points keep its name.
    with db.unit_of_work() as uow:
        uow.gangs.delete(present(second.id))
        uow.commit()
    with db.unit_of_work() as uow:
        repo = campaigns(uow)
        after = repo.get(present(loaded.id))
        assert [g.name for g in after.gangs] == ["Iron Brothers"]
        assert all(h.gang_id != second.id for h in after.holdings)
        assert after.battles[0].sides[1].gang_name == "Rust Riders"
        assert after.battles[0].sides[1].gang_id is None
        assert [p.gang_name for p in repo.history(present(after.id))] == [
            "Iron Brothers",
            "Rust Riders",
        ]
        repo.delete(present(after.id))
        uow.commit()
    with db.engine.connect() as conn:
        for table in (
            "campaign_battles",
            "campaign_battle_gangs",
            "campaign_log",
            "campaign_snapshots",
            "campaign_territories",
            "campaign_gangs",
        ):
            assert conn.execute(text(f"SELECT count(*) FROM {table}")).scalar_one() == 0


def test_income_is_set_once_and_unknown_ids_are_lookup_errors(db: Database) -> None:
    gang = stored_gang(db, "Iron Brothers")
    campaign, _ = rules.join(rules.new_campaign("C", N23, DOMINION), DOMINION, gang, N23)
    with db.unit_of_work() as uow:
        repo = campaigns(uow)
        added = repo.add(campaign)
        with pytest.raises(LookupError, match="no campaign with id 999"):
            repo.get(999)
        with pytest.raises(LookupError, match="no campaign battle with id 999"):
            repo.link_battle(999, None)
        assert repo.find("nope") is None
        assert repo.find(str(added.id)) == added
        uow.commit()
