"""A campaign database of many gangs and battles, for the campaign measures.

    python -m bench.campaign_data OUT.sqlite [--gangs 50] [--battles 500]

The gangs join through the service (hideouts, the log, a point of history);
the battles go in through the repository in one transaction, each written as
`record_battle` writes it (the battle, its log line, a point of history for
the gangs that fought; `--all-gangs-history` writes a point for every gang,
as the service did before #17, to measure a campaign recorded then).
"""

from __future__ import annotations

import argparse
import sys
import time
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

from bench.common import Bench
from gangmanager.persistence.campaign_repository import campaigns
from gangmanager.persistence.database import open_database, sqlite_url
from gangmanager.rules import campaign as rules
from gangmanager.rules.campaign import CampaignBattle, LogEntry
from gangmanager.rules.campaign_sides import battle_sides
from gangmanager.services import campaign as service

NAME = "Big campaign"
# A typical gang at the table, not the 30-fighter stress case.
FIGHTERS = 10


def make_campaign_db(
    bench: Bench, path: Path, *, gangs: int, battles: int, all_gangs_history: bool = False
) -> int:
    """Write the database; returns the campaign's id."""
    if path.exists():
        raise FileExistsError(path)
    pattern = bench.gang(FIGHTERS)
    with open_database(sqlite_url(path)) as db:
        with db.unit_of_work() as uow:
            ids = [
                uow.gangs.add(pattern.model_copy(update={"name": f"Gang {n:03d}"})).id or 0
                for n in range(gangs)
            ]
            uow.commit()
        campaign_id = service.create_campaign(db, bench.rulesets, NAME).campaign.id or 0
        for gang_id in ids:
            service.add_gang(db, bench.rulesets, NAME, str(gang_id))
        with db.unit_of_work() as uow:
            repo = campaigns(uow)
            campaign = repo.get(campaign_id)
            names = {m.gang_id: m.name for m in campaign.gangs}
            standing = {s.gang_id: s for s in rules.standings(campaign, {})}
            seq = repo.next_seq(campaign_id)
            start = datetime(2026, 1, 1, tzinfo=UTC)
            for n in range(battles):
                first = ids[n % gangs]
                second = ids[(n + 1 + n // gangs) % gangs]
                if second == first:
                    second = ids[(n + 1) % gangs]
                at = start + timedelta(hours=n)
                battle = repo.add_battle(
                    campaign_id,
                    CampaignBattle(
                        cycle=1 + n * 12 // max(battles, 1),
                        fought_on=date(2026, 1, 1) + timedelta(days=n // 10),
                        scenario="Skirmish",
                        sides=battle_sides(
                            [(first, names[first]), (second, names[second])],
                            winner=first,
                            out_of_action={first: 2, second: 1},
                        ),
                    ),
                )
                repo.add_log(
                    campaign_id,
                    LogEntry(
                        at=at,
                        cycle=battle.cycle,
                        kind="battle",
                        text=rules.battle_text(battle),
                        campaign_battle_id=battle.id,
                    ),
                )
                who = ids if all_gangs_history else [first, second]
                repo.add_snapshots(
                    campaign_id,
                    [
                        rules.Snapshot(
                            seq=seq,
                            label=f"Battle {n + 1}",
                            gang_id=gang_id,
                            gang_name=names[gang_id],
                            at=at,
                            rating=1000 + n,
                            wealth=1200 + n,
                            reputation=standing[gang_id].reputation or 1,
                            credits=100,
                            territories=0,
                        )
                        for gang_id in who
                    ],
                )
                seq += 1
            uow.commit()
    return campaign_id


def campaign_db(bench: Bench, gangs: int, battles: int) -> Path:
    """The database of this size, made once per run (then opened once: its daily backup)."""
    path = bench.work / f"campaign-{gangs}-{battles}.sqlite"
    if not path.exists():
        make_campaign_db(bench, path, gangs=gangs, battles=battles)
        open_database(sqlite_url(path)).close()
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.campaign_data", description=__doc__)
    parser.add_argument("output", type=Path)
    parser.add_argument("--gangs", type=int, default=50)
    parser.add_argument("--battles", type=int, default=500)
    parser.add_argument("--all-gangs-history", action="store_true")
    args = parser.parse_args(argv)
    bench = Bench(args.output.resolve().parent)
    start = time.perf_counter()
    make_campaign_db(
        bench,
        args.output,
        gangs=args.gangs,
        battles=args.battles,
        all_gangs_history=args.all_gangs_history,
    )
    print(
        f"{args.output}: {args.gangs} gangs, {args.battles} battles,"
        f" in {time.perf_counter() - start:.1f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
