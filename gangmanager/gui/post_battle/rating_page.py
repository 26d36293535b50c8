"""F: every Fighter Rating and the Gang Rating recalculated, before -> after, with breakdowns."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QHeaderView, QTreeView

from gangmanager.gui.post_battle.rating_tree_model import RatingTreeModel, rows_from_report
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
        for column in (1, 2):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.layout_.addWidget(self.tree, 1)
        self.layout_.addWidget(self.status)

    def refresh(self) -> None:
        report, problems = self.host.dry_run()
        self.show_problems(
            problems,
            "Committed at Finish: the only place besides founding where ratings change.",
        )
        self.model.set_rows(rows_from_report(report) if report is not None else [])
        self.tree.expandAll()
