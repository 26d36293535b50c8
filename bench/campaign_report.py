"""The campaign report written as JSON (`campaign report x.json`) of 50 gangs and 500
battles, against 5 gangs and 50 battles: time and SQL statements. The PDF adds
Qt's painting of the same view, not reading."""

from __future__ import annotations

from bench.campaign_rows import campaign_row
from bench.common import Bench, Row
from gangmanager.persistence.database import Database
from gangmanager.services import campaign


def measure_campaign_report(bench: Bench) -> Row:
    def action(db: Database, name: str) -> object:
        return campaign.write_report(db, bench.rulesets, name, bench.work / "report.json")

    return campaign_row(bench, "Campaign report (JSON)", "campaign-report", action)
