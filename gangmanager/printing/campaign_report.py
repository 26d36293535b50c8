"""The campaign report as a PDF: one small QPainter routine (QtGui only, no widgets).

It draws the campaign view (`campaign show --json`'s data, plain) on
A4 pages: the heading, the arbitrator's notes, standings, Triumphs,
territories, the history charts (Gang Rating, Wealth, Reputation), battles and
the log. Text wraps and flows onto new pages; a table repeats its header.

Needs a QGuiApplication (fonts, the PDF writer): `painter.gui_application()` makes an
offscreen one when there is none, so the command line can write reports.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import QMarginsF, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QPageLayout,
    QPageSize,
    QPainter,
    QPainterPath,
    QPdfWriter,
    QPen,
)

from gangmanager import __version__
from gangmanager.printing.campaign_history import (
    MEASURES,
    axis_range,
    gang_colour,
    history_series,
)
from gangmanager.printing.fonts import SANS
from gangmanager.printing.painter import load_fonts

DPI = 300
MARGIN_MM = 15.0


def _family() -> str:
    """The shipped sans font when it loads (the cards' loader), else Qt's default sans."""
    return SANS if SANS in load_fonts() else "Sans Serif"


class _Pages:
    """A cursor down A4 pages: text that wraps, tables, charts; a new page when full."""

    def __init__(self, path: Path, title: str) -> None:
        self.writer = QPdfWriter(str(path))
        self.writer.setTitle(title)
        self.writer.setCreator(f"Gang Manager {__version__}")
        self.writer.setResolution(DPI)
        self.writer.setPageLayout(
            QPageLayout(
                QPageSize(QPageSize.PageSizeId.A4),
                QPageLayout.Orientation.Portrait,
                QMarginsF(MARGIN_MM, MARGIN_MM, MARGIN_MM, MARGIN_MM),
                QPageLayout.Unit.Millimeter,
            )
        )
        self.painter = QPainter(self.writer)
        self.painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.family = _family()
        area = self.writer.pageLayout().paintRectPixels(DPI)
        self.width = float(area.width())
        self.height = float(area.height())
        self.y = 0.0
        self.pages = 1

    def mm(self, value: float) -> float:
        return value * DPI / 25.4

    def font(self, size: float, *, bold: bool = False) -> QFont:
        font = QFont(self.family)
        font.setPointSizeF(size)
        font.setBold(bold)
        return font

    def new_page(self) -> None:
        self.writer.newPage()
        self.pages += 1
        self.y = 0.0

    def room(self, height: float) -> None:
        if self.y > 0 and self.y + height > self.height:
            self.new_page()

    def gap(self, mm: float) -> None:
        self.y += self.mm(mm)

    def text(
        self, text: str, size: float = 9.0, *, bold: bool = False, colour: str = "#000000"
    ) -> None:
        self.painter.setFont(self.font(size, bold=bold))
        self.painter.setPen(QColor(colour))
        flags = int(Qt.TextFlag.TextWordWrap) | int(Qt.AlignmentFlag.AlignLeft)
        bounds = self.painter.boundingRect(QRectF(0, 0, self.width, 1e7), flags, text)
        self.room(bounds.height())
        self.painter.drawText(QRectF(0, self.y, self.width, bounds.height()), flags, text)
        self.y += bounds.height() + self.mm(0.8)

    def heading(self, text: str) -> None:
        self.room(self.mm(14))
        self.gap(2.5)
        self.text(text, 12.5, bold=True, colour="#333333")
        self.painter.setPen(QPen(QColor("#999999"), self.mm(0.2)))
        self.painter.drawLine(QPointF(0, self.y), QPointF(self.width, self.y))
        self.gap(1.5)

    def table(
        self,
        headers: Sequence[str],
        rows: Sequence[Sequence[str]],
        widths: Sequence[float],
        *,
        numeric_from: int = 1,
    ) -> None:
        """Columns sized by `widths` (fractions); columns from `numeric_from` align right."""
        size = 8.5
        metrics = QFontMetricsF(self.font(size), self.writer)
        line = metrics.height() * 1.35
        lefts = [sum(widths[:i]) * self.width for i in range(len(widths))]

        def draw(cells: Sequence[str], *, bold: bool) -> None:
            self.painter.setFont(self.font(size, bold=bold))
            self.painter.setPen(QColor("#000000"))
            for i, cell in enumerate(cells):
                right = i >= numeric_from
                pad = self.mm(1.2)
                rect = QRectF(lefts[i] + pad, self.y, widths[i] * self.width - 2 * pad, line)
                align = Qt.AlignmentFlag.AlignRight if right else Qt.AlignmentFlag.AlignLeft
                elided = QFontMetricsF(self.painter.font(), self.writer).elidedText(
                    cell, Qt.TextElideMode.ElideRight, rect.width()
                )
                self.painter.drawText(rect, int(align | Qt.AlignmentFlag.AlignVCenter), elided)
            self.y += line

        def header() -> None:
            self.painter.fillRect(QRectF(0, self.y, self.width, line), QColor("#e8e8e8"))
            draw(headers, bold=True)

        self.room(line * 2)
        header()
        for n, row in enumerate(rows):
            if self.y + line > self.height:
                self.new_page()
                header()
            if n % 2:
                self.painter.fillRect(QRectF(0, self.y, self.width, line), QColor("#f6f6f6"))
            draw(row, bold=False)
        self.gap(2)

    def chart(
        self, title: str, series: dict[str, list[tuple[int, int]]], labels: list[str]
    ) -> None:
        """A line chart: one line per gang over the campaign's points in time."""
        height = self.mm(62)
        self.room(height + self.mm(4))
        top = self.y
        self.painter.setFont(self.font(9.5, bold=True))
        self.painter.setPen(QColor("#333333"))
        self.painter.drawText(QPointF(0, top + self.mm(4)), title)
        plot = QRectF(self.mm(16), top + self.mm(7), self.width - self.mm(58), height - self.mm(16))
        values = [v for points in series.values() for _, v in points]
        low, high, step = axis_range(min(values, default=0), max(values, default=1))
        count = max(len(labels) - 1, 1)

        def at(seq: int, value: float) -> QPointF:
            x = plot.left() + plot.width() * seq / count
            y = plot.bottom() - plot.height() * (value - low) / (high - low)
            return QPointF(x, y)

        self._chart_axes(plot, at, (low, high, step), len(labels))
        for index, (name, points) in enumerate(series.items()):
            self._chart_line(plot, at, index, name, points)
        self.y = top + height

    def _chart_axes(
        self,
        plot: QRectF,
        at: Callable[[int, float], QPointF],
        axis: tuple[float, float, float],
        labels: int,
    ) -> None:
        """The value grid with its ticks, the frame and the points in time below it."""
        low, high, step = axis
        self.painter.setFont(self.font(7))
        grid = QPen(QColor("#dddddd"), self.mm(0.15))
        tick = low
        while tick <= high + step / 2:
            self.painter.setPen(grid)
            y = at(0, tick).y()
            self.painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
            self.painter.setPen(QColor("#555555"))
            self.painter.drawText(
                QRectF(0, y - self.mm(2), plot.left() - self.mm(1.5), self.mm(4)),
                int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter),
                f"{tick:g}",
            )
            tick += step
        self.painter.setPen(QPen(QColor("#555555"), self.mm(0.25)))
        self.painter.drawRect(plot)
        every = max(1, math.ceil(labels / 12))
        for seq in range(0, labels, every):
            x = at(seq, low).x()
            self.painter.drawText(
                QRectF(x - self.mm(6), plot.bottom() + self.mm(0.8), self.mm(12), self.mm(4)),
                int(Qt.AlignmentFlag.AlignHCenter),
                str(seq),
            )

    def _chart_line(
        self,
        plot: QRectF,
        at: Callable[[int, float], QPointF],
        index: int,
        name: str,
        points: list[tuple[int, int]],
    ) -> None:
        """One gang's line with its dots, and its entry in the key to the right."""
        colour = QColor(gang_colour(index))
        self.painter.setPen(QPen(colour, self.mm(0.5)))
        path = QPainterPath()
        for n, (seq, value) in enumerate(points):
            point = at(seq, value)
            path.moveTo(point) if n == 0 else path.lineTo(point)
        self.painter.drawPath(path)
        for seq, value in points:
            self.painter.setBrush(colour)
            self.painter.drawEllipse(at(seq, value), self.mm(0.6), self.mm(0.6))
        self.painter.setBrush(Qt.BrushStyle.NoBrush)
        key_y = plot.top() + self.mm(5) * index
        self.painter.drawLine(
            QPointF(plot.right() + self.mm(3), key_y + self.mm(1.5)),
            QPointF(plot.right() + self.mm(8), key_y + self.mm(1.5)),
        )
        self.painter.setPen(QColor("#000000"))
        self.painter.setFont(self.font(7.5))
        self.painter.drawText(
            QRectF(plot.right() + self.mm(9.5), key_y, self.mm(32), self.mm(3.5)),
            int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
            QFontMetricsF(self.painter.font(), self.writer).elidedText(
                name, Qt.TextElideMode.ElideRight, self.mm(32)
            ),
        )

    def finish(self) -> int:
        self.painter.end()
        return self.pages


def write_campaign_pdf(view: dict[str, Any], path: Path) -> int:
    """Draw the report; returns the number of pages. Needs a QGuiApplication."""
    pages = _Pages(path, f"{view['name']}: campaign report")
    _draw_title(pages, view)
    _draw_standings(pages, view)
    _draw_triumphs(pages, view)
    _draw_territories(pages, view)
    _draw_history(pages, view)
    _draw_battles_and_log(pages, view)
    return pages.finish()


def _draw_title(pages: _Pages, view: dict[str, Any]) -> None:
    """The campaign's name, type, cycle and dates, and the arbitrator's notes."""
    phase = view["phase"]["name"]
    status = "running" if view["running"] else f"ended {str(view['finished_at'])[:10]}"
    pages.text(view["name"], 20, bold=True)
    pages.text(
        f"{view['type']['name']} campaign, ruleset {view['ruleset']}: cycle {view['cycle']}"
        f" of {view['cycles']} ({phase} phase), {status}",
        10,
        colour="#444444",
    )
    if view["starts_on"] or view["ends_on"]:
        pages.text(f"From {view['starts_on'] or '?'} to {view['ends_on'] or '?'}", 10)
    if view["notes"]:
        pages.heading("Arbitrator's notes")
        pages.text(view["notes"])


def _draw_standings(pages: _Pages, view: dict[str, Any]) -> None:
    pages.heading("Standings")
    pages.table(
        ["Gang", "Rating", "Wealth", "Rep.", "Credits", "Terr.", "Battles", "Wins", "OOA"],
        [
            [
                s["gang"],
                *(
                    str(s[k])
                    for k in (
                        "rating",
                        "wealth",
                        "reputation",
                        "credits",
                        "territories",
                        "battles",
                        "wins",
                        "out_of_action",
                    )
                ),
            ]
            for s in view["standings"]
        ],
        [0.28, 0.09, 0.09, 0.07, 0.09, 0.08, 0.1, 0.08, 0.12],
    )
    pages.text("OOA: enemies taken Out of Action. Territories do not count a gang's hideout.", 7.5)


def _draw_triumphs(pages: _Pages, view: dict[str, Any]) -> None:
    pages.heading("Triumphs" if not view["running"] else "Triumphs (if the campaign ended now)")
    pages.table(
        ["Triumph", "Gang", "Score"],
        [
            [t["name"], " and ".join(t["gangs"]) or "nobody", str(t["value"])]
            for t in view["triumphs"]
        ],
        [0.25, 0.6, 0.15],
        numeric_from=2,
    )


def _draw_territories(pages: _Pages, view: dict[str, Any]) -> None:
    held = [t for t in view["territories"] if t["holder"] and not t["hideout"]]
    pages.heading(f"Territories held ({len(held)})")
    if held:
        pages.table(
            ["Territory", "Held by", "Boons"],
            [[t["name"], t["holder"], ", ".join(b["kind"] for b in t["boons"])] for t in held],
            [0.3, 0.3, 0.4],
            numeric_from=3,
        )
    else:
        pages.text("None yet.")


def _draw_history(pages: _Pages, view: dict[str, Any]) -> None:
    """A chart of each measure (Gang Rating, Wealth, Reputation) over time."""
    if view["history"]:
        pages.heading("History")
        for key, title in MEASURES:
            series, labels = history_series(view, key)
            pages.chart(title, series, labels)
        _, labels = history_series(view, "rating")
        pages.text(
            "Points in time: " + "; ".join(f"{n} {label}" for n, label in enumerate(labels)), 7.5
        )


def _draw_battles_and_log(pages: _Pages, view: dict[str, Any]) -> None:
    pages.heading(f"Battles ({len(view['battles'])})")
    for battle in view["battles"]:
        pages.text(f"{battle['date']} (cycle {battle['cycle']}): {battle['text']}")
    if not view["battles"]:
        pages.text("None yet.")

    pages.heading("Log")
    for entry in view["log"]:
        pages.text(f"{entry['date']}  {entry['text']}", 8.5)
