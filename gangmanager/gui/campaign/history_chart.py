"""The campaign's history: each gang's Gang Rating, Wealth and Reputation, plotted (QtCharts)."""

from __future__ import annotations

import bisect

from PySide6.QtCharts import QCategoryAxis, QChart, QChartView, QLineSeries, QValueAxis
from PySide6.QtCore import QMargins, Qt
from PySide6.QtGui import QColor, QPainter, QPen, QShowEvent
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from gangmanager.printing.campaign_history import MEASURES, axis_range, carried_series, gang_colour
from gangmanager.services.campaign_rows import CampaignView

CHART_MIN_HEIGHT = 140


class HistoryChartView(QWidget):
    """Three charts, one per measure; a line per gang, a point per event of the campaign.

    The charts are built when they are first shown after `set_view`, not in it: the
    campaign window opens on its overview, and fifty gangs' lines cost more to build
    than the rest of the window.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        # The view given to `set_view` and not drawn yet.
        self._pending: CampaignView | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.empty_label = QLabel("No history yet: it starts when the first gang joins.")
        self.empty_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout.addWidget(self.empty_label)
        self.views: dict[str, QChartView] = {}
        for key, _title in MEASURES:
            view = QChartView()
            view.setRenderHint(QPainter.RenderHint.Antialiasing)
            # Three of them fit a 640-pixel laptop screen with the window's bars.
            view.setMinimumHeight(CHART_MIN_HEIGHT)
            self.views[key] = view
            layout.addWidget(view, 1)
        self.point_label = QLabel()
        self.point_label.setWordWrap(True)
        self.point_label.setTextFormat(Qt.TextFormat.PlainText)
        layout.addWidget(self.point_label)

    def set_view(self, view: CampaignView) -> None:
        """Plot the view's `history` now if the charts are in sight, else when
        they are next shown; gangs keep their joining-order colours."""
        self._pending = view
        if self.isVisible():
            self._draw()

    def showEvent(self, event: QShowEvent) -> None:
        self._draw()
        super().showEvent(event)

    def _draw(self) -> None:
        """Build the charts of the pending view, if there is one."""
        view, self._pending = self._pending, None
        if view is None:
            return
        order = {g.name: i for i, g in enumerate(view.gangs)}
        has_points = bool(view.history)
        self.empty_label.setVisible(not has_points)
        labels: list[str] = []
        cycles = point_cycles(view)
        for key, title in MEASURES:
            series, labels = history_series(view, key)
            chart = self._chart(title, series, labels, order, cycles)
            self.views[key].setChart(chart)
            self.views[key].setVisible(has_points)
        self.point_label.setText(
            "Points: " + "; ".join(f"{n} {label}" for n, label in enumerate(labels))
            if has_points
            else ""
        )

    @staticmethod
    def _chart(
        title: str,
        series: dict[str, list[tuple[int, int]]],
        labels: list[str],
        order: dict[str, int],
        cycles: dict[int, int],
    ) -> QChart:
        chart = QChart()
        chart.setTitle(title)
        chart.setMargins(QMargins(4, 4, 4, 4))
        chart.legend().setAlignment(Qt.AlignmentFlag.AlignRight)
        # The x axis is the campaign's cycles: each labelled over the points taken in it.
        x_axis = QCategoryAxis()
        x_axis.setLabelsPosition(QCategoryAxis.AxisLabelsPosition.AxisLabelsPositionCenter)
        last = max(len(labels) - 1, 1)
        x_axis.setRange(-0.5, last + 0.5)
        x_axis.setStartValue(-0.5)
        ends: dict[int, int] = {}
        for seq, cycle in sorted(cycles.items()):
            ends[cycle] = seq
        for cycle, seq in ends.items():
            x_axis.append(f"Cycle {cycle}", seq + 0.5)
        y_axis = QValueAxis()
        y_axis.setLabelFormat("%d")
        values = [v for points in series.values() for _, v in points]
        low, high, step = axis_range(min(values, default=0), max(values, default=1))
        y_axis.setRange(low, high)
        y_axis.setTickCount(round((high - low) / step) + 1)
        chart.addAxis(x_axis, Qt.AlignmentFlag.AlignBottom)
        chart.addAxis(y_axis, Qt.AlignmentFlag.AlignLeft)
        for name, points in series.items():
            line = QLineSeries()
            line.setName(name)
            colour = QColor(gang_colour(order.get(name, len(order))))
            line.setPen(QPen(colour, 2.5))
            line.setPointsVisible(True)
            for seq, value in points:
                line.append(float(seq), float(value))
            chart.addSeries(line)
            line.attachAxis(x_axis)
            line.attachAxis(y_axis)
        return chart


def history_series(
    view: CampaignView, key: str
) -> tuple[dict[str, list[tuple[int, int]]], list[str]]:
    """Per gang, (point, value) pairs of one measure (`key`: a field of the history
    rows, as MEASURES names them); and the label of each point."""
    points = [(p.seq, p.label, p.gang, int(getattr(p, key))) for p in view.history]
    return carried_series(points, {g.name for g in view.gangs})


def point_cycles(view: CampaignView) -> dict[int, int]:
    """The cycle of each history point: that of the last log line written up to then
    (a point is taken in the same transaction as the lines of what caused it)."""
    log = sorted((e.at, e.cycle) for e in view.log)
    times = [at for at, _ in log]
    found: dict[int, int] = {}
    for point in view.history:
        # A binary search, not a scan of the log per point: both grow with the battles.
        before = bisect.bisect_right(times, point.at)
        found[point.seq] = log[before - 1][1] if before else 1
    return found
