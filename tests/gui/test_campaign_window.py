"""The campaign window: standings, territories, the log, the history chart, notes, the report."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest

from PySide6.QtCharts import QCategoryAxis, QLineSeries
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

from gangmanager.gui.campaign.campaign_window import CampaignPicker, CampaignWindow, open_campaign
from gangmanager.gui.campaign.history_chart import HistoryChartView
from gangmanager.gui.common.messages import Messages
from gangmanager.persistence.database import Database, open_database, sqlite_url
from gangmanager.rules.dice import FixedDice
from gangmanager.services import campaign as service
from gangmanager.services import gangs
from gangmanager.services.campaign_rows import CampaignView, HistoryRow, LogRow
from gangmanager.services.demo import demo_gang
from gangmanager.services.rulesets import Rulesets

from ..statements import statements_sent
from .qt_narrowing import role_data


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Database]:
    database = open_database(sqlite_url(tmp_path / "gm.sqlite"))
    yield database
    database.close()


@pytest.fixture
def campaign_id(db: Database, rulesets: Rulesets) -> int:
    n23 = rulesets.get("n23")
    for name, house in (("Rust Riders", "orlock"), ("Iron Brothers", "goliath")):
        gangs.add_gang(db, rulesets, demo_gang(n23, house).model_copy(update={"name": name}))
    gangs.add_gang(
        db, rulesets, demo_gang(n23).model_copy(update={"name": "Night Veils", "house": "Escher"})
    )
    created = service.create_campaign(db, rulesets, "Ash Wars", notes="Tuesday nights")
    for name in ("Rust Riders", "Iron Brothers", "Night Veils"):
        service.add_gang(db, rulesets, "Ash Wars", name)
    service.record_battle(
        db,
        rulesets,
        "Ash Wars",
        ["Iron Brothers", "Rust Riders"],
        winner="Iron Brothers",
        territory="Fighting Pit",
        out_of_action={"Iron Brothers": 3},
        collect_income=True,
        dice=FixedDice([4, 2]),
    )
    service.record_battle(
        db,
        rulesets,
        "Ash Wars",
        ["Night Veils", "Rust Riders"],
        winner="Night Veils",
        territory="Narco Den",
    )
    assert created.campaign.id is not None
    return created.campaign.id


class Told(Messages):
    """Stands in for the window's message boxes."""

    def __init__(self) -> None:
        super().__init__()
        self.told: list[str] = []
        self.save_to: Path | None = None

    def tell(self, text: str, title: str = "") -> None:
        self.told.append(text)

    def inform(self, text: str, title: str = "") -> None:
        self.told.append(text)

    def save_path(self, title: str, filters: str, suggested: str = "") -> Path | None:
        return self.save_to


def told_by(window: CampaignWindow) -> Told:
    assert isinstance(window.messages, Told)
    return window.messages


@pytest.fixture
def window(qtbot, db: Database, rulesets: Rulesets, campaign_id: int) -> CampaignWindow:
    shown = CampaignWindow(db, rulesets, campaign_id)
    qtbot.addWidget(shown)
    shown.messages = Told()
    shown.show()
    return shown


def column(model, number: int) -> list[str]:
    return [model.data(model.index(row, number)) for row in range(model.rowCount())]


def test_models_show_standings_territories_and_log(window: CampaignWindow, qtmodeltester) -> None:
    for model in (window.standings_model, window.territory_model, window.log_model):
        qtmodeltester.check(model)
    standings = window.standings_model
    assert column(standings, 0) == ["Iron Brothers", "Night Veils", "Rust Riders"]
    assert column(standings, 3) == ["4", "3", "2"]  # Reputation: +2 Fighting Pit, +1 Narco Den
    assert column(standings, 8) == ["3", "0", "0"]
    assert standings.headerData(8, Qt.Orientation.Horizontal) == "Out of Action"
    assert standings.data(standings.index(0, 1), Qt.ItemDataRole.TextAlignmentRole) is not None
    # Each gang's colour is its line's colour on the chart.
    colour = role_data(standings, standings.index(0, 0), Qt.ItemDataRole.DecorationRole, QColor)
    # Iron Brothers joined second.
    assert colour.name() == "#d62728"

    territories = window.territory_model
    names = column(territories, 0)
    holders = column(territories, 1)
    assert names[:2] == ["Fighting Pit", "Narco Den"]  # by holder
    assert names[2:5] == ["Settlement (hideout)"] * 3
    assert holders[5:] == ["unclaimed"] * 24 and len(names) == 26 + 3
    tip = role_data(territories, territories.index(0, 0), Qt.ItemDataRole.ToolTipRole, str)
    assert "Enhanced Boons for Goliath" in tip and "Recruit:" in tip

    log = column(window.log_model, 2)
    # In battle order: the set-up first, the last battle's territory last.
    assert log[-1] == "Night Veils claims Narco Den (Night Veils Reputation +1)."
    assert log[0].startswith("Dominion campaign 'Ash Wars' set up")
    assert "Iron Brothers collects 40 credits of income (Settlement 40)." in log
    assert window.phase_label.text().startswith("Cycle 1 of 7, Occupation phase.")
    assert "Dominator Iron Brothers and Night Veils" in window.triumphs_label.text()


def series_names(chart: HistoryChartView, key: str) -> list[str]:
    """The gangs with a line on one chart, in the legend's order."""
    return [series.name() for series in chart.views[key].chart().series()]


def points(chart: HistoryChartView, key: str, gang: str) -> list[tuple[float, float]]:
    """One gang's line on one chart."""
    for series in chart.views[key].chart().series():
        if series.name() == gang:
            assert isinstance(series, QLineSeries)
            return [(p.x(), p.y()) for p in series.points()]
    raise KeyError(gang)


def x_labels(chart: HistoryChartView, key: str) -> list[str]:
    """The x axis' labels, left to right (one per cycle)."""
    for axis in chart.views[key].chart().axes(Qt.Orientation.Horizontal):
        if isinstance(axis, QCategoryAxis):
            return list(axis.categoriesLabels())
    return []


def test_history_chart_plots_every_gang(qtbot, window: CampaignWindow) -> None:
    qtbot.keyClick(window, Qt.Key.Key_2, Qt.KeyboardModifier.ControlModifier)
    assert window.tabs.currentWidget() is window.history_view
    chart = window.history_view
    assert series_names(chart, "reputation") == ["Rust Riders", "Iron Brothers", "Night Veils"]
    # Points: 3 joinings, then two battles.
    assert points(chart, "reputation", "Iron Brothers") == [
        (1.0, 2.0),
        (2.0, 2.0),
        (3.0, 4.0),
        (4.0, 4.0),
    ]
    assert (
        points(chart, "wealth", "Rust Riders")[-1][1] > points(chart, "wealth", "Rust Riders")[0][1]
    )
    assert chart.views["rating"].chart().title() == "Gang Rating"
    assert "3 Battle 1" in chart.point_label.text()
    assert x_labels(chart, "reputation") == ["Cycle 1"]
    qtbot.keyClick(window, Qt.Key.Key_1, Qt.KeyboardModifier.ControlModifier)
    assert window.tabs.currentIndex() == 0


def test_the_history_is_read_for_the_chart_only_when_its_tab_is_shown(
    qtbot, window: CampaignWindow, db: Database, rulesets: Rulesets
) -> None:
    # The points grow with every battle: a refresh of the overview leaves them unread.
    with statements_sent(db.engine) as sent:
        qtbot.keyClick(window, Qt.Key.Key_F5)
    assert sent and not any("campaign_snapshots" in s for s in sent)
    service.record_battle(
        db, rulesets, "Ash Wars", ["Iron Brothers", "Night Veils"], winner="Iron Brothers"
    )
    qtbot.keyClick(window, Qt.Key.Key_F5)
    qtbot.keyClicks(window.notes_edit, " and Fridays")
    typed = window.notes_edit.toPlainText()
    qtbot.keyClick(window, Qt.Key.Key_2, Qt.KeyboardModifier.ControlModifier)
    # The chart has the battle recorded while it was not in sight; the notes being
    # typed are left as they are.
    assert [x for x, _ in points(window.history_view, "reputation", "Iron Brothers")] == [
        1.0,
        2.0,
        3.0,
        4.0,
        5.0,
    ]
    assert window.notes_edit.toPlainText() == typed and window.save_notes_button.isEnabled()
    with statements_sent(db.engine) as sent:
        qtbot.keyClick(window, Qt.Key.Key_F5)
    assert any("campaign_snapshots" in s for s in sent)


def test_notes_are_saved_with_undo_while_typing(
    qtbot, window: CampaignWindow, db: Database
) -> None:
    assert not window.save_notes_button.isEnabled()
    window.notes_edit.setFocus()
    window.notes_edit.moveCursor(window.notes_edit.textCursor().MoveOperation.End)
    qtbot.keyClicks(window.notes_edit, ", Downtime in week 4")
    assert window.save_notes_button.isEnabled() and window.undo_action.isEnabled()
    window.undo_action.trigger()
    assert window.notes_edit.toPlainText() != "Tuesday nights, Downtime in week 4"
    window.redo_action.trigger()
    assert window.notes_edit.toPlainText() == "Tuesday nights, Downtime in week 4"
    with qtbot.waitSignal(window.sig_campaign_changed) as changed:
        qtbot.mouseClick(window.save_notes_button, Qt.MouseButton.LeftButton)
    assert changed.args == [window.campaign_id]
    assert service.load_campaign(db, "Ash Wars").notes == "Tuesday nights, Downtime in week 4"
    assert not window.save_notes_button.isEnabled()


def test_a_stale_notes_save_is_refused_and_the_text_kept(
    qtbot, window: CampaignWindow, db: Database, tmp_path: Path, rulesets: Rulesets
) -> None:
    with open_database(sqlite_url(tmp_path / "gm.sqlite")) as other:
        service.set_details(other, rulesets, "Ash Wars", notes="The other player's notes")
    window.notes_edit.selectAll()
    qtbot.keyClicks(window.notes_edit, "Mine")
    qtbot.keyClick(window, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert told_by(window).told == ["changed by someone else — reload"]
    assert window.notes_edit.toPlainText() == "Mine"
    assert service.load_campaign(db, "Ash Wars").notes == "The other player's notes"
    qtbot.keyClick(window, Qt.Key.Key_F5)
    assert window.notes_edit.toPlainText() == "The other player's notes"


def test_report_is_written_where_the_player_says(
    qtbot, window: CampaignWindow, tmp_path: Path
) -> None:
    told = told_by(window)
    told.save_to = tmp_path / "ash.json"
    qtbot.keyClick(window, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    report = json.loads((tmp_path / "ash.json").read_text("utf-8"))
    assert report["name"] == "Ash Wars" and len(report["battles"]) == 2
    told.save_to = tmp_path / "ash"
    window.report_action.trigger()
    assert (tmp_path / "ash.pdf").read_bytes().startswith(b"%PDF")
    told.save_to = tmp_path / "missing" / "ash.pdf"
    window.report_action.trigger()
    assert told.told == [
        f"{tmp_path / 'missing' / 'ash.pdf'}: the folder {tmp_path / 'missing'} does not exist"
    ]


def test_open_campaign_asks_only_when_there_are_several(
    qtbot, db: Database, rulesets: Rulesets, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    told = Told()
    with open_database(sqlite_url(tmp_path / "empty.sqlite")) as empty:
        assert open_campaign(None, empty, rulesets, told) is None
    assert told.told[0].startswith("No campaign in this database yet")
    service.create_campaign(db, rulesets, "Ash Wars")
    single = open_campaign(None, db, rulesets, told)
    assert single is not None
    qtbot.addWidget(single)
    service.create_campaign(db, rulesets, "Second")
    asked: list[list[str]] = []

    def pick(parent: object, names: list[str]) -> str | None:
        asked.append(names)
        return "Second"

    monkeypatch.setattr(CampaignPicker, "ask", classmethod(lambda cls, p, n: pick(p, n)))
    second = open_campaign(None, db, rulesets, told)
    assert second is not None
    qtbot.addWidget(second)
    assert asked == [["Ash Wars", "Second"]]
    assert second.windowTitle().startswith("Second")
    monkeypatch.setattr(CampaignPicker, "ask", classmethod(lambda cls, p, n: None))
    assert open_campaign(None, db, rulesets, told) is None


def test_history_points_take_the_cycle_of_their_log_lines() -> None:
    from gangmanager.gui.campaign.history_chart import point_cycles

    def at(day: int) -> datetime:
        return datetime(2026, 3, day, 10, 0)

    view = CampaignView(
        log=tuple(
            LogRow(at(day), at(day).date(), cycle, "campaign", "", None)
            for day, cycle in ((1, 1), (8, 2), (15, 3))
        ),
        history=tuple(
            HistoryRow(seq, "", at(day), "A", 1, 0, 0, 0, 0, 0)
            for seq, day in ((0, 1), (1, 9), (2, 20))
        ),
    )
    assert point_cycles(view) == {0: 1, 1: 2, 2: 3}


def test_the_log_keeps_each_battles_lines_together() -> None:
    from gangmanager.gui.campaign.campaign_models import battle_order

    written = datetime(2026, 3, 1, 10, 0)
    log = [
        LogRow(written, written.date(), 1, "campaign", text, battle)
        for text, battle in (
            ("set up", None),
            ("battle 1", 1),
            ("battle 2", 2),
            ("income after battle 2", 2),
            ("post-battle of battle 1, a week later", 1),
            ("cycle 2 begins", None),
        )
    ]
    assert [e.text for e in battle_order(log)] == [
        "set up",
        "battle 1",
        "post-battle of battle 1, a week later",
        "battle 2",
        "income after battle 2",
        "cycle 2 begins",
    ]
