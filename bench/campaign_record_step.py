"""Recording one battle as the campaign window does, as an undoable step (the rows
it can change read before and after), in a campaign of 50 gangs and 500 battles,
against 5 gangs and 50 battles: time and SQL statements."""

from __future__ import annotations

from bench.campaign_rows import campaign_row
from bench.common import Bench, Row
from gangmanager.persistence.database import Database
from gangmanager.services import campaign
from gangmanager.services.campaign_steps import run_step


def measure_campaign_record_step(bench: Bench) -> Row:
    def action(db: Database, name: str) -> object:
        # Gang 000 and Gang 001 are in both sizes; each run adds one battle.
        battle = campaign.RecordBattle(name, ["Gang 000", "Gang 001"], winner="Gang 000")
        return run_step(db, "Record battle", battle, campaign_ref=name, rulesets=bench.rulesets)

    return campaign_row(
        bench,
        "Record a campaign battle with its undo",
        "campaign-record-step",
        action,
        bounded=False,
    )
