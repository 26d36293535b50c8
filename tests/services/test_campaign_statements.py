"""What keeps the campaign's bench figures (bench/campaign_*.py) where they are: the
view, the report and recording a battle send the same number of statements for 5
gangs and few battles as for 50 gangs and many (COMMIT counted), and a battle adds
history for the gangs that fought, not for every gang."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event

from gangmanager.persistence.campaign_repository import campaigns
from gangmanager.persistence.database import Database, open_database
from gangmanager.rules import campaign as rules
from gangmanager.rules.campaign import CampaignBattle, LogEntry
from gangmanager.rules.campaign_sides import battle_sides
from gangmanager.services import campaign as service
from gangmanager.services.campaign_steps import run_step
from gangmanager.services.demo import demo_gang
from gangmanager.services.rulesets import Rulesets

from ..statements import statements_sent

SMALL, LARGE = "Small", "Large"


def add_campaign(db: Database, rulesets: Rulesets, name: str, gangs: int, battles: int) -> None:
    """A campaign of `gangs` small gangs that joined, and `battles` battles between them,
    written as record_battle writes them (in one transaction, to keep the test quick)."""
    pattern = demo_gang(rulesets.get("n23"))
    pattern = pattern.model_copy(update={"fighters": pattern.fighters[:2]})
    with db.unit_of_work() as uow:
        ids = [
            uow.gangs.add(pattern.model_copy(update={"name": f"{name} {n:02d}"})).id or 0
            for n in range(gangs)
        ]
        uow.commit()
    campaign_id = service.create_campaign(db, rulesets, name).campaign.id or 0
    for gang_id in ids:
        service.add_gang(db, rulesets, name, str(gang_id))
    with db.unit_of_work() as uow:
        repo = campaigns(uow)
        names = {m.gang_id: m.name for m in repo.get(campaign_id).gangs}
        seq = repo.next_seq(campaign_id)
        for n in range(battles):
            first, second = ids[n % gangs], ids[(n + 1) % gangs]
            at = datetime(2026, 1, 1, tzinfo=UTC) + timedelta(hours=n)
            battle = repo.add_battle(
                campaign_id,
                CampaignBattle(
                    cycle=1,
                    fought_on=date(2026, 1, 1),
                    sides=battle_sides(
                        [(first, names[first]), (second, names[second])], winner=first
                    ),
                ),
            )
            repo.add_log(
                campaign_id,
                LogEntry(at=at, cycle=1, kind="battle", text=rules.battle_text(battle)),
            )
            repo.add_snapshots(
                campaign_id,
                [
                    rules.Snapshot(
                        seq=seq + n,
                        label=f"Battle {n + 1}",
                        gang_id=gang_id,
                        gang_name=names[gang_id],
                        at=at,
                        rating=100,
                        wealth=100,
                        reputation=1,
                        credits=0,
                        territories=0,
                    )
                    for gang_id in (first, second)
                ],
            )
        uow.commit()


@pytest.fixture
def db(database_url: str, rulesets: Rulesets) -> Iterator[Database]:
    database = open_database(database_url)
    add_campaign(database, rulesets, SMALL, 5, 3)
    add_campaign(database, rulesets, LARGE, 50, 60)
    yield database
    database.close()


def statements(db: Database, action: Callable[[str], object], name: str) -> list[str]:
    action(name)  # Warm: the first use may read the schema.
    with statements_sent(db.engine) as sent:
        action(name)
    return sent


def test_view_and_report_do_not_grow_with_gangs_or_battles(
    db: Database, rulesets: Rulesets, tmp_path: Path
) -> None:
    def view(name: str) -> object:
        return service.campaign_view(service.campaign_state(db, rulesets, name))

    def report(name: str) -> object:
        return service.write_report(db, rulesets, name, tmp_path / f"{name}.json")

    for action in (view, report):
        small, large = statements(db, action, SMALL), statements(db, action, LARGE)
        assert len(small) == len(large) <= 20, (action.__name__, small, large)
    assert len(service.campaign_state(db, rulesets, LARGE).standings) == 50


def test_recording_a_battle_costs_the_same_in_any_campaign(
    db: Database, rulesets: Rulesets
) -> None:
    def record(name: str) -> object:
        return service.record_battle(
            db, rulesets, name, [f"{name} 00", f"{name} 01"], winner=f"{name} 01"
        )

    small, large = statements(db, record, SMALL), statements(db, record, LARGE)
    assert len(small) == len(large), (small, large)
    assert large[-1] == "COMMIT"


def test_a_battle_adds_history_for_the_gangs_that_fought(db: Database, rulesets: Rulesets) -> None:
    before = service.campaign_state(db, rulesets, LARGE).history
    result = service.record_battle(db, rulesets, LARGE, ["Large 07", "Large 30"])
    added = service.campaign_state(db, rulesets, LARGE).history[len(before) :]
    assert sorted(p.gang_name for p in added) == ["Large 07", "Large 30"]
    assert {p.label for p in added} == {f"Battle {result.number}"}
    assert result.number == 61 and [b.id for b in result.campaign.battles] == [result.battle.id]


@contextmanager
def counting_rows(db: Database) -> Iterator[list[int]]:
    """How many rows SQLite hands back to each statement (`[rows of the 1st, of the 2nd...]`)."""
    rows: list[int] = []

    def statement(_conn: object, cursor: Any, *_: object) -> None:
        rows.append(0)
        at = len(rows) - 1

        def row(_cursor: object, values: tuple[object, ...]) -> tuple[object, ...]:
            rows[at] += 1
            return values

        cursor.row_factory = row

    event.listen(db.engine, "before_cursor_execute", statement)
    try:
        yield rows
    finally:
        event.remove(db.engine, "before_cursor_execute", statement)


@pytest.mark.sqlite_only
def test_recording_a_battle_reads_the_same_rows_after_many_more_battles(
    db: Database, rulesets: Rulesets
) -> None:
    def record() -> list[int]:
        with counting_rows(db) as rows:
            service.record_battle(db, rulesets, LARGE, ["Large 00", "Large 01"], winner="Large 01")
        return rows

    record()  # Warm: the first use may read the schema.
    before = record()
    add_battles(db, LARGE, 200)
    after = record()
    assert after == before and sum(after) < 200, (before, after)


def add_battles(db: Database, name: str, count: int) -> None:
    """`count` more battles between the campaign's first two gangs, with their log lines."""
    with db.unit_of_work() as uow:
        repo = campaigns(uow)
        campaign = repo.find(name)
        assert campaign is not None and campaign.id is not None
        first, second = campaign.gangs[:2]
        for _ in range(count):
            battle = repo.add_battle(
                campaign.id,
                CampaignBattle(
                    cycle=1,
                    fought_on=date(2026, 1, 2),
                    sides=battle_sides(
                        [(first.gang_id, first.name), (second.gang_id, second.name)],
                        winner=first.gang_id,
                    ),
                ),
            )
            repo.add_log(
                campaign.id,
                LogEntry(
                    at=datetime(2026, 1, 2, tzinfo=UTC),
                    cycle=1,
                    kind="battle",
                    text=rules.battle_text(battle),
                    campaign_battle_id=battle.id,
                ),
            )
        uow.commit()


def stepped_record(db: Database, rulesets: Rulesets, name: str) -> object:
    """Record a battle as the campaign window does: a step with its undo."""
    action = service.RecordBattle(name, [f"{name} 00", f"{name} 01"], winner=f"{name} 01")
    return run_step(db, "Record battle", action, campaign_ref=name, rulesets=rulesets)


def test_recording_a_battle_as_a_step_costs_the_same_in_any_campaign(
    db: Database, rulesets: Rulesets
) -> None:
    def record(name: str) -> object:
        return stepped_record(db, rulesets, name)

    small, large = statements(db, record, SMALL), statements(db, record, LARGE)
    assert len(small) == len(large), (small, large)
    assert large[-1] == "COMMIT"


@pytest.mark.sqlite_only
def test_a_battle_step_reads_no_more_rows_than_the_battle_in_a_bigger_campaign(
    db: Database, rulesets: Rulesets
) -> None:
    """The step's own reads (its rows before and after) are the same at 5 and 50 gangs,
    and at few and many battles: it reads only what the battle can change."""

    def rows(record: Callable[[], object]) -> list[int]:
        record()  # Warm: the first use may read the schema.
        with counting_rows(db) as counted:
            record()
        return counted

    def overhead(name: str) -> tuple[int, int]:
        plain = rows(
            lambda: service.record_battle(
                db, rulesets, name, [f"{name} 00", f"{name} 01"], winner=f"{name} 01"
            )
        )
        stepped = rows(lambda: stepped_record(db, rulesets, name))
        return len(stepped) - len(plain), sum(stepped) - sum(plain)

    small, large = overhead(SMALL), overhead(LARGE)
    assert small == large, (small, large)
    before = rows(lambda: stepped_record(db, rulesets, LARGE))
    add_battles(db, LARGE, 200)
    assert rows(lambda: stepped_record(db, rulesets, LARGE)) == before
