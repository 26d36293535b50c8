"""The roster tells better from worse values and the unfit fighters from the rest."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QFont

from gangmanager.gui.roster.profile_editor import ProfileEditor
from gangmanager.gui.roster.roster_table_model import (
    BETTER_TINT,
    NAME_COLUMN,
    WORSE_TINT,
    RosterTableModel,
)
from gangmanager.rules import roster_ops
from gangmanager.rules.gang import FighterStatus
from gangmanager.rules.modifiers import Modifier, ModifierKind
from gangmanager.services.demo import demo_gang
from gangmanager.services.rulesets import Rulesets

from .qt_narrowing import role_data
from .widget_reading import column_of


def test_better_and_worse_values_and_unfit_fighters(
    qtbot, rulesets: Rulesets, qtmodeltester
) -> None:
    n23 = rulesets.get("n23")
    gang = demo_gang(n23)
    rook = next(i for i, f in enumerate(gang.fighters) if f.name == "Rook")
    gang = roster_ops.add_modifier(
        gang,
        rook,
        Modifier(source="Lasting Injury: Hobbled", kind=ModifierKind.INJURY, changes={"M": -1}),
    )
    gang = roster_ops.add_modifier(
        gang, rook, Modifier(source="Advancement: BS", changes={"BS": 1})
    )
    statuses = {
        "Tess Calder": FighterStatus.IN_RECOVERY,
        "Brann": FighterStatus.DEAD,
        "Pip": FighterStatus.CAPTURED,
    }
    for name, status in statuses.items():
        index = next(i for i, f in enumerate(gang.fighters) if f.name == name)
        gang = roster_ops.edit_fighter(gang, index, status=status)
    model = RosterTableModel()
    model.set_gang(gang, n23)
    qtmodeltester.check(model)

    worse = model.index(rook, column_of(model, "M"))
    better = model.index(rook, column_of(model, "BS"))
    assert role_data(model, worse, Qt.ItemDataRole.BackgroundRole, QBrush).color() == WORSE_TINT
    assert role_data(model, better, Qt.ItemDataRole.BackgroundRole, QBrush).color() == BETTER_TINT
    assert role_data(model, worse, Qt.ItemDataRole.ToolTipRole, str).startswith(
        "Worse than base: -1 step"
    )
    assert role_data(model, better, Qt.ItemDataRole.ToolTipRole, str).startswith(
        "Better than base: +1 step"
    )

    def row(name: str) -> int:
        return next(r for r in range(model.rowCount()) if model.fighter(r).name == name)

    fit = model.index(row("Mags Varga"), NAME_COLUMN)
    assert model.data(fit, Qt.ItemDataRole.FontRole) is None
    colours = set()
    for name, status in statuses.items():
        cell = model.index(row(name), NAME_COLUMN)
        font = role_data(model, cell, Qt.ItemDataRole.FontRole, QFont)
        assert font.italic() and font.strikeOut() == (status is FighterStatus.DEAD)
        tip = role_data(model, cell, Qt.ItemDataRole.ToolTipRole, str)
        assert tip.startswith(f"{status.label}: not fit")
        colours.add(role_data(model, cell, Qt.ItemDataRole.ForegroundRole, QBrush).color().name())
    assert len(colours) == 3  # each status its own colour

    editor = ProfileEditor()
    qtbot.addWidget(editor)
    editor.set_fighter(gang.fighters[rook], n23.table)
    assert WORSE_TINT.name() in editor.effective["M"].styleSheet()
    assert BETTER_TINT.name() in editor.effective["BS"].styleSheet()
    assert editor.effective["BS"].toolTip().startswith("Better than base: +1 step")
