"""Record battle from the campaign window sends the statements of the service and a
constant (the dialog's offer of a tracked battle, the repaint), the same for 5 gangs
as for 50 (bench/wait_rows.py's row; issue 31)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from gangmanager.gui.campaign.action_dialogs import BattleEntry, RecordBattleDialog
from gangmanager.gui.campaign.campaign_window import CampaignWindow
from gangmanager.persistence.database import Database, open_database, sqlite_url
from gangmanager.services import battle
from gangmanager.services import campaign as service
from gangmanager.services.rulesets import Rulesets

from ..services.test_campaign_statements import LARGE, SMALL, add_campaign
from ..statements import statements_sent


@pytest.fixture
def db(tmp_path: Path, rulesets: Rulesets) -> Iterator[Database]:
    database = open_database(sqlite_url(tmp_path / "gm.sqlite"))
    add_campaign(database, rulesets, SMALL, 5, 3)
    add_campaign(database, rulesets, LARGE, 50, 30)
    yield database
    database.close()


def record_from_window(
    qtbot, monkeypatch: pytest.MonkeyPatch, db: Database, rulesets: Rulesets, name: str
) -> list[str]:
    """The window's Record battle (the dialog answered at once), its statements counted."""
    campaign_id = next(c.id for c in service.list_campaigns(db) if c.name == name)
    window = CampaignWindow(db, rulesets, campaign_id)
    qtbot.addWidget(window)
    window.show()
    # The first window of the run makes the application active, which has every undo
    # stack follow the history: let that happen before anything is counted.
    qtbot.wait(20)
    members = dict(window.members())
    first, second = list(members)[:2]
    offered = []

    def ask(_cls: type, _parent: object, _members: object, _places: object, attempt, **kw):
        offered.append(kw.get("tracked"))
        return attempt(BattleEntry([str(first), str(second)], winner=str(first))) is None

    monkeypatch.setattr(RecordBattleDialog, "ask", classmethod(ask))
    window.record_battle_action.trigger()  # warm: the schema read, statements compiled
    with statements_sent(db.engine) as sent:
        window.record_battle_action.trigger()
        qtbot.wait(1)
    assert offered == [None, None]
    window.close()
    return sent


def test_record_battle_from_the_window_costs_the_same_in_any_campaign(
    qtbot, monkeypatch: pytest.MonkeyPatch, db: Database, rulesets: Rulesets
) -> None:
    # An ended one-gang battle of a member: looked at, not offered (it names one side).
    gang = f"{LARGE} 40"
    battle.start_battle(db, rulesets, gang)
    battle.end_battle(db, rulesets, gang)
    small = record_from_window(qtbot, monkeypatch, db, rulesets, SMALL)
    large = record_from_window(qtbot, monkeypatch, db, rulesets, LARGE)
    assert len(small) == len(large), (len(small), len(large))
