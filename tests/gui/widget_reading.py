"""What a player reads off a window, read by the tests from the window's own widgets
and the values the window acts on: no hook in the window for the tests alone."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from PySide6.QtCore import QAbstractItemModel, Qt
from PySide6.QtWidgets import QWizard

from gangmanager.gui.battle.attack_dialog import AttackDialog
from gangmanager.gui.battle.fighter_tile import FighterTile, ProfileRow
from gangmanager.gui.post_battle.step_page import StepPage


def wizard_page(wizard: QWizard, step_id: str) -> StepPage:
    """The wizard's page of one post-battle step (a `rules.post_battle` step id)."""
    for page_id in wizard.pageIds():
        page = wizard.page(page_id)
        if isinstance(page, StepPage) and page.step_id == step_id:
            return page
    raise LookupError(f"no page for the step {step_id!r}")


def profile_row(tile: FighterTile, weapon: str, profile: str = "") -> ProfileRow:
    """The tile's row of one weapon profile ("" for a weapon of one profile)."""
    return next(r for r in tile.profile_rows if (r.weapon, r.profile) == (weapon, profile))


def badges(tile: FighterTile) -> list[str]:
    """The markers on, as their chips show them."""
    return [chip.text() for chip in tile.marker_buttons.values() if chip.isChecked()]


def applied_event(dialog: AttackDialog) -> dict[str, Any] | None:
    """The attack the dialog applied as a script would write it: the keys chosen."""
    if dialog.applied is None:
        return None
    return dialog.applied.model_dump(mode="json", exclude_unset=True)


def column_of(model: QAbstractItemModel, header: str) -> int:
    """The column under a header as the table shows it (a characteristic's code)."""
    orientation = Qt.Orientation.Horizontal
    for column in range(model.columnCount()):
        if model.headerData(column, orientation) == header:
            return column
    raise LookupError(f"no column headed {header!r}")


def columns_of(model: QAbstractItemModel, headers: Iterable[str]) -> list[int]:
    """The columns under `headers`, in their order."""
    return [column_of(model, header) for header in headers]
