"""The campaign view (the data the window and `campaign show --json` show, not the
window's drawing) of 50 gangs and 500 battles, against 5 gangs and 50 battles:
time and SQL statements."""

from __future__ import annotations

from bench.campaign_rows import campaign_row
from bench.common import Bench, Row
from gangmanager.persistence.database import Database
from gangmanager.services import campaign


def measure_campaign_view(bench: Bench) -> Row:
    def action(db: Database, name: str) -> object:
        return campaign.campaign_view(campaign.campaign_state(db, bench.rulesets, name))

    return campaign_row(bench, "Campaign view", "campaign-view", action)
