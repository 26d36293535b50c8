"""Recording one battle in a campaign of 50 gangs and 500 battles, against 5 gangs
and 50 battles: time and SQL statements (the log line and history included)."""

from __future__ import annotations

from bench.campaign_rows import campaign_row
from bench.common import Bench, Row
from gangmanager.persistence.database import Database
from gangmanager.services import campaign


def measure_campaign_record(bench: Bench) -> Row:
    def action(db: Database, name: str) -> object:
        # Gang 000 and Gang 001 are in both sizes; each run adds one battle.
        return campaign.record_battle(
            db, bench.rulesets, name, ["Gang 000", "Gang 001"], winner="Gang 000"
        )

    return campaign_row(bench, "Record a campaign battle", "campaign-record", action, bounded=False)
