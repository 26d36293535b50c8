"""An edit of the gang on screen reads it once and repaints only the rows it changed."""

from __future__ import annotations

from pathlib import Path

import pytest

from PySide6.QtCore import QModelIndex, QSettings, Qt

from gangmanager.gui.main_window import MainWindow
from gangmanager.gui.roster import roster_table_model
from gangmanager.gui.roster.roster_table_model import RosterTableModel
from gangmanager.persistence.database import open_database, sqlite_url
from gangmanager.rules.gang import Category, Gang
from gangmanager.services import gangs, roster
from gangmanager.services.demo import demo_gang
from gangmanager.services.rulesets import Rulesets

from ..statements import statements_sent
from .roster_helpers import open_window


def grown(rulesets: Rulesets, fighters: int) -> Gang:
    """The demo gang with `fighters` fighters (copies of a ganger added)."""
    demo = demo_gang(rulesets.get("n23"))
    ganger = next(f for f in demo.fighters if f.category is Category.GANGER)
    extra = [
        ganger.model_copy(update={"name": f"Ganger {n}"})
        for n in range(fighters - len(demo.fighters))
    ]
    return demo.model_copy(update={"fighters": [*demo.fighters, *extra]})


def window_on(qtbot, tmp_path: Path, rulesets: Rulesets, monkeypatch, fighters: int) -> MainWindow:
    db = open_database(sqlite_url(tmp_path / f"gang-{fighters}.sqlite"))
    gangs.add_gang(db, rulesets, grown(rulesets, fighters))
    settings = QSettings(str(tmp_path / f"{fighters}.ini"), QSettings.Format.IniFormat)
    win = open_window(qtbot, db, rulesets, settings, monkeypatch)
    return win


def test_the_roster_model_passes_the_model_tester_after_a_reset_and_an_update(
    qtmodeltester, rulesets: Rulesets
) -> None:
    n23 = rulesets.get("n23")
    gang = grown(rulesets, 8).model_copy(update={"id": 1})
    gang = gang.model_copy(
        update={"fighters": [f.model_copy(update={"id": n}) for n, f in enumerate(gang.fighters)]}
    )
    model = RosterTableModel()
    model.set_gang(gang, n23)
    qtmodeltester.check(model)
    fighters = list(gang.fighters)
    fighters[3] = fighters[3].model_copy(update={"xp": fighters[3].xp + 4})
    assert model.update_gang(gang.model_copy(update={"fighters": fighters}), n23)
    qtmodeltester.check(model)
    assert model.index(3, model.xp_column).data() == str(fighters[3].xp)


def test_an_update_repaints_the_changed_row_only(rulesets: Rulesets) -> None:
    n23 = rulesets.get("n23")
    gang = grown(rulesets, 6)
    gang = gang.model_copy(
        update={"fighters": [f.model_copy(update={"id": n}) for n, f in enumerate(gang.fighters)]}
    )
    model = RosterTableModel()
    model.set_gang(gang, n23)
    changed: list[tuple[int, int, int, int]] = []
    resets: list[bool] = []
    model.dataChanged.connect(
        lambda a, b, *_: changed.append((a.row(), a.column(), b.row(), b.column()))
    )
    model.modelReset.connect(lambda: resets.append(True))
    fighters = list(gang.fighters)
    fighters[2] = fighters[2].model_copy(update={"name": "Renamed"})
    assert model.update_gang(gang.model_copy(update={"fighters": fighters}), n23)
    assert changed == [(2, 0, 2, model.columnCount() - 1)]
    assert not resets
    assert model.index(2, 0).data() == "Renamed"
    # A fighter gone: not an update, the caller resets.
    assert not model.update_gang(gang.model_copy(update={"fighters": fighters[:-1]}), n23)
    assert model.rowCount(QModelIndex()) == len(fighters)


@pytest.mark.parametrize("edit", ["rename", "xp"])
def test_an_edit_in_the_window_reads_the_gang_once_in_its_transaction_whatever_its_size(
    qtbot, tmp_path: Path, rulesets: Rulesets, monkeypatch, edit: str
) -> None:
    sent: dict[int, list[str]] = {}
    for size in (30, 300):
        win = window_on(qtbot, tmp_path, rulesets, monkeypatch, size)
        gang = win.gang
        assert gang is not None and gang.id is not None
        fighter = gang.fighters[4]
        assert fighter.id is not None
        fields: dict[str, object] = (
            {"name": "Renamed"} if edit == "rename" else {"xp": fighter.xp + 1}
        )
        resets: list[bool] = []
        win.roster_model.modelReset.connect(lambda resets=resets: resets.append(True))
        with statements_sent(win.database.engine) as statements:
            assert win.run(roster.EditFighter(gang.id, fighter.id, fields)) is not None
        sent[size] = statements
        assert not resets, "an edit of one fighter must not reset the roster"
        row = win.roster_model.row_of(fighter.id)
        assert row is not None
        shown = win.roster_model.fighter(row)
        assert (shown.name, shown.xp) == (
            ("Renamed", fighter.xp) if edit == "rename" else (fighter.name, fighter.xp + 1)
        )
        win.close()
        win.database.close()
    assert len(sent[30]) == len(sent[300])
    # The edit reads the fighters once, under its lock, and the snapshots read the
    # edited fighter's rows; the window shows the gang the outcome carries as saved,
    # so nothing reads a fighter after the commit.
    commit = sent[30].index("COMMIT")
    whole = [s for s in sent[30][:commit] if s.lstrip().startswith("SELECT fighters.gang_id")]
    assert len(whole) == 1, sent[30]
    # Nor the gang list: the gang's line is made from the saved gang.
    assert sent[30][commit + 1 :] == []


def test_the_first_screen_sends_as_many_statements_for_300_fighters_as_for_30(
    qtbot, tmp_path: Path, rulesets: Rulesets
) -> None:
    sent: dict[int, int] = {}
    for size in (30, 300):
        db = open_database(sqlite_url(tmp_path / f"start-{size}.sqlite"))
        gangs.add_gang(db, rulesets, grown(rulesets, size))
        settings = QSettings(str(tmp_path / f"start-{size}.ini"), QSettings.Format.IniFormat)
        with statements_sent(db.engine) as statements:
            win = MainWindow(db, rulesets, settings)
            qtbot.addWidget(win)
        assert win.roster_model.rowCount() == size
        sent[size] = len(statements)
        win.close()
        db.close()
    assert sent[30] == sent[300]


def test_a_row_is_worked_out_when_its_fighter_changes_not_on_each_repaint(
    rulesets: Rulesets, monkeypatch, qtmodeltester
) -> None:
    made: list[str] = []
    real = roster_table_model.roster_row

    def counted(
        fighter: roster_table_model.Fighter,
        effective: roster_table_model.EffectiveProfile,
        codes: tuple[str, ...] | None = None,
    ) -> roster_table_model.RosterRow:
        made.append(fighter.name)
        return real(fighter, effective, codes)

    monkeypatch.setattr(roster_table_model, "roster_row", counted)
    n23 = rulesets.get("n23")
    gang = grown(rulesets, 6)
    gang = gang.model_copy(
        update={"fighters": [f.model_copy(update={"id": n}) for n, f in enumerate(gang.fighters)]}
    )
    model = RosterTableModel()
    model.set_gang(gang, n23)
    qtmodeltester.check(model)
    assert made[:6] == [f.name for f in gang.fighters]
    made.clear()
    roles = (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.FontRole, Qt.ItemDataRole.ToolTipRole)
    for _ in range(2):  # two repaints: every cell, every role
        for row in range(model.rowCount()):
            for column in range(model.columnCount()):
                for role in roles:
                    model.index(row, column).data(role)
    assert made == []
    fighters = list(gang.fighters)
    fighters[4] = fighters[4].model_copy(update={"xp": fighters[4].xp + 2})
    assert model.update_gang(gang.model_copy(update={"fighters": fighters}), n23)
    assert made == [fighters[4].name]
    assert model.index(4, model.xp_column).data() == str(fighters[4].xp)
