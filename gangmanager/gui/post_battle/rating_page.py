"""F: every Fighter Rating and the Gang Rating recalculated, before -> after, with breakdowns."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QHeaderView, QTreeView

from gangmanager.gui.post_battle.rating_tree_model import (
    HEADERS,
    RatingRow,
    RatingTreeModel,
    rows_from_report,
)
from gangmanager.gui.post_battle.step_page import StepPage

if TYPE_CHECKING:
    from gangmanager.gui.post_battle.wizard import PostBattleWizard


class UpdateRatingPage(StepPage):
    def __init__(self, host: PostBattleWizard, step_id: str, title: str, summary: str) -> None:
        super().__init__(host, step_id, title, summary)
        self.model = RatingTreeModel()
        self.tree = QTreeView()
        self.tree.setModel(self.model)
        self.tree.setAlternatingRowColors(True)
        self.tree.setUniformRowHeights(True)
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        # Fixed widths worked out from the rows' texts (`_fit_columns`): ResizeToContents
        # asked the model for every cell of the expanded tree (about 150,000 data() calls
        # at 300 fighters, most of this page's Next).
        for column in (1, 2):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Fixed)
        self.layout_.addWidget(self.tree, 1)
        self.layout_.addWidget(self.status)

    def refresh(self) -> None:
        report, problems = self.host.dry_run()
        self.show_problems(
            problems,
            "Committed at Finish: the only place besides founding where ratings change.",
        )
        rows = rows_from_report(report) if report is not None else []
        self.model.set_rows(rows)
        self._fit_columns(rows)
        self.tree.expandAll()

    def _fit_columns(self, rows: list[RatingRow]) -> None:
        """The Before and After columns as wide as their widest text (bold, as a changed
        row is drawn), measured once per text rather than per cell by the view."""
        bold = QFont(self.tree.font())
        bold.setBold(True)
        metrics = QFontMetrics(bold)
        befores = {HEADERS[1], *(r.before for r in rows)}
        afters = {HEADERS[2], *(r.after for r in rows), *(a for r in rows for _, a in r.lines)}
        # The margins and the header's sort arrow room, as the view adds them.
        margin = 2 * self.tree.style().pixelMetric(self.tree.style().PixelMetric.PM_HeaderMargin)
        for column, texts in ((1, befores), (2, afters)):
            width = max(metrics.horizontalAdvance(t) for t in texts) + margin + 12
            self.tree.header().resizeSection(column, width)
