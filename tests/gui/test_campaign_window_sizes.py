"""The campaign window at the project's laptop size, 1366x768, with 5 and with 50 gangs:
it keeps that size, its tables scroll, and nothing on the overview overlaps."""

from __future__ import annotations

from itertools import pairwise

import pytest

from PySide6.QtCore import QRect
from PySide6.QtWidgets import QApplication, QHeaderView, QWidget

from gangmanager.gui.campaign.campaign_window import CampaignWindow, triumphs_text
from gangmanager.persistence.database import Database
from gangmanager.rules.campaign_types import Measure
from gangmanager.services import campaign as service
from gangmanager.services.campaign_rows import TriumphRow
from gangmanager.services.rulesets import Rulesets

from ..services.test_campaign_statements import add_campaign

LAPTOP = (1366, 768)


def settle() -> None:
    for _ in range(6):
        QApplication.processEvents()


def in_window(window: CampaignWindow, widget: QWidget) -> QRect:
    return QRect(widget.mapTo(window, widget.rect().topLeft()), widget.size())


@pytest.fixture(params=[5, 50], ids=["5 gangs", "50 gangs"])
def window(qtbot, request, db: Database, rulesets: Rulesets) -> CampaignWindow:
    gangs = request.param
    add_campaign(db, rulesets, "Sump Wars", gangs, gangs * 12)
    (row,) = service.list_campaigns(db)
    shown = CampaignWindow(db, rulesets, row.id)
    qtbot.addWidget(shown)
    shown.resize(*LAPTOP)
    shown.show()
    settle()
    return shown


def test_the_overview_fits_a_laptop_screen_without_overlap(window: CampaignWindow) -> None:
    assert (window.width(), window.height()) == LAPTOP
    assert window.minimumSizeHint().height() <= LAPTOP[1]
    parts = [
        window.header_label,
        window.phase_label,
        window.standings_view,
        window.triumphs_label,
        window.territory_view,
    ]
    boxes = [in_window(window, part) for part in parts]
    for above, below in pairwise(boxes):
        assert above.bottom() < below.top(), (above, below)
    for box in (*boxes, in_window(window, window.log_view)):
        assert window.rect().contains(box), box
    # The Triumphs are not cut: their label is as tall as its wrapped text.
    label = window.triumphs_label
    assert label.height() >= label.heightForWidth(label.width())


def test_fifty_gangs_scroll_in_their_tables(window: CampaignWindow) -> None:
    gangs = window.standings_model.rowCount()
    assert window.standings_view.verticalScrollBar().isVisible() == (gangs > 8)
    assert window.log_view.verticalScrollBar().isVisible()
    # Every log line one row of the same height: none is measured on its own.
    rows = window.log_view.verticalHeader()
    assert rows.sectionResizeMode(0) is QHeaderView.ResizeMode.Fixed
    assert {rows.sectionSize(r) for r in range(window.log_model.rowCount())} == {
        rows.defaultSectionSize()
    }
    if gangs == 50:
        assert "and 47 more" in window.triumphs_label.text()
        assert "Sump Wars 49" in window.triumphs_label.toolTip()


def test_the_history_is_drawn_when_its_tab_is_shown(window: CampaignWindow) -> None:
    chart = window.history_view.views["rating"].chart()
    assert chart.series() == []
    window.tabs.setCurrentWidget(window.history_view)
    settle()
    drawn = window.history_view.views["rating"].chart().series()
    assert len(drawn) == window.standings_model.rowCount()


def test_triumphs_name_a_few_gangs_then_how_many_more() -> None:
    triumphs = [
        TriumphRow(name, "", Measure.WINS, 1, gangs)
        for name, gangs in (
            ("Warmonger", ("A", "B", "C", "D", "E")),
            ("Dominator", ()),
            ("Creditor", ("A", "B")),
        )
    ]
    assert triumphs_text(triumphs, 3) == (
        "Warmonger A, B, C and 2 more; Dominator nobody; Creditor A and B"
    )
    assert triumphs_text(triumphs, None, "\n").splitlines() == [
        "Warmonger A, B, C, D and E",
        "Dominator nobody",
        "Creditor A and B",
    ]
