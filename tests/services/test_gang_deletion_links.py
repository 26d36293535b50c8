"""Undoing a gang's deletion puts back every row that pointed at it: the battle another
gang fought against it, the territory it held, its place in a campaign and its side of
a campaign battle; and the history's step survives the gang it names."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import insert, select

from gangmanager.persistence.campaign_tables import (
    CampaignBattleGangRow,
    CampaignBattleRow,
    CampaignGangRow,
    CampaignRow,
    CampaignTerritoryRow,
)
from gangmanager.persistence.database import Database, open_database, sqlite_url
from gangmanager.persistence.tables import BattleRow
from gangmanager.services import gangs, roster, undo_history
from gangmanager.services.demo import demo_gang
from gangmanager.services.operations import perform
from gangmanager.services.rulesets import Rulesets


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Database]:
    database = open_database(sqlite_url(tmp_path / "gm.sqlite"))
    yield database
    database.close()


def _links(db: Database, gang_id: int) -> dict[str, list[Any]]:
    with db.unit_of_work() as uow:
        session = uow.session

        def ids(query: Any) -> list[Any]:
            return sorted(session.scalars(query))

        return {
            "opponent": ids(select(BattleRow.id).where(BattleRow.against_gang_id == gang_id)),
            "held": ids(
                select(CampaignTerritoryRow.id).where(CampaignTerritoryRow.gang_id == gang_id)
            ),
            "member": ids(select(CampaignGangRow.id).where(CampaignGangRow.gang_id == gang_id)),
            "side": ids(
                select(CampaignBattleGangRow.id).where(CampaignBattleGangRow.gang_id == gang_id)
            ),
        }


def test_undoing_a_deletion_restores_the_links_to_the_gang(
    db: Database, rulesets: Rulesets
) -> None:
    ruleset = rulesets.get("n23")
    doomed = gangs.add_gang(db, rulesets, demo_gang(ruleset)).gang
    other = gangs.add_gang(
        db, rulesets, demo_gang(ruleset).model_copy(update={"name": "Wolves"})
    ).gang
    assert doomed.id is not None and other.id is not None
    with db.unit_of_work() as uow:
        session = uow.session
        session.execute(
            insert(BattleRow).values(gang_id=other.id, ruleset="n23", against_gang_id=doomed.id)
        )
        campaign = session.execute(
            insert(CampaignRow)
            .values(name="Ash Wars", ruleset="n23", campaign_type="dominion", notes="")
            .returning(CampaignRow.id)
        ).scalar_one()
        for position, gang_id in enumerate((doomed.id, other.id)):
            session.execute(
                insert(CampaignGangRow).values(
                    campaign_id=campaign, gang_id=gang_id, position=position
                )
            )
        session.execute(
            insert(CampaignTerritoryRow).values(
                campaign_id=campaign, position=0, name="Slag Furnace", gang_id=doomed.id
            )
        )
        fought = session.execute(
            insert(CampaignBattleRow)
            .values(campaign_id=campaign, cycle=1, fought_on=date(2026, 12, 1))
            .returning(CampaignBattleRow.id)
        ).scalar_one()
        session.execute(
            insert(CampaignBattleGangRow).values(
                campaign_battle_id=fought,
                position=0,
                gang_id=doomed.id,
                gang_name=doomed.name,
                result="won",
            )
        )
        uow.commit()
    before = _links(db, doomed.id)
    assert all(before.values())
    perform(db, roster.DeleteGang(doomed.id), rulesets)
    assert not any(_links(db, doomed.id).values())
    done = undo_history.undo(db, rulesets)
    assert done.label == f"Delete gang {doomed.name}"
    assert gangs.load_gang(db, str(doomed.id)).name == doomed.name
    assert _links(db, doomed.id) == before
    undo_history.redo(db, rulesets)
    assert not any(_links(db, doomed.id).values())
