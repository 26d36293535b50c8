"""The shared table base: what its column descriptors answer, and what they leave to `cell`."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

from gangmanager.gui.common.rows_table_model import RIGHT, Column, RowsTableModel

Role = Qt.ItemDataRole


@dataclass(frozen=True)
class Ganger:
    name: str
    xp: int


class GangerModel(RowsTableModel[Ganger]):
    COLUMNS = (
        Column("Name", lambda g: g.name, tip=lambda g: f"{g.name}!" if g.xp else None),
        Column("XP", lambda g: g.xp, align=RIGHT, header_tip="Experience", align_header=True),
    )

    def cell(self, row: Ganger, column: int, role: int) -> object:
        if role == Role.ForegroundRole and row.xp == 0:
            return QColor("grey")
        if role == Role.ToolTipRole:
            return "from cell"
        return None


def test_columns_give_text_alignment_tooltips_and_headers(qtmodeltester) -> None:
    model = GangerModel([Ganger("Rook", 3), Ganger("Pip", 0)])
    qtmodeltester.check(model)
    assert (model.rowCount(), model.columnCount()) == (2, 2)
    assert model.index(0, 1).data() == "3"  # always text
    assert model.index(0, 1).data(Role.TextAlignmentRole) == int(RIGHT)
    assert model.index(0, 0).data(Role.TextAlignmentRole) is None
    assert model.index(0, 0).data(Role.ToolTipRole) == "Rook!"
    horizontal = Qt.Orientation.Horizontal
    assert [model.headerData(s, horizontal) for s in (0, 1)] == ["Name", "XP"]
    assert model.headerData(1, horizontal, Role.ToolTipRole) == "Experience"
    assert model.headerData(1, horizontal, Role.TextAlignmentRole) == int(RIGHT)
    assert model.headerData(0, horizontal, Role.ToolTipRole) is None
    assert model.headerData(0, Qt.Orientation.Vertical) is None


def test_what_a_column_does_not_answer_comes_from_cell() -> None:
    model = GangerModel([Ganger("Rook", 3), Ganger("Pip", 0)])
    # A tip that answers None, and a column with no tip, fall through to `cell`.
    assert model.index(1, 0).data(Role.ToolTipRole) == "from cell"
    assert model.index(0, 1).data(Role.ToolTipRole) == "from cell"
    assert model.index(1, 1).data(Role.ForegroundRole) == QColor("grey")
    assert model.index(0, 1).data(Role.ForegroundRole) is None


def test_set_rows_replaces_every_row(qtbot) -> None:
    model = GangerModel([Ganger("Rook", 3)])
    with qtbot.waitSignal(model.modelReset):
        model.set_rows([Ganger("Pip", 0), Ganger("Vask", 1)])
    assert [model.index(r, 0).data() for r in range(model.rowCount())] == ["Pip", "Vask"]
    assert model.row_object(1) == Ganger("Vask", 1)


def test_a_model_with_plain_headers_answers_every_role_in_cell(qtmodeltester) -> None:
    class Plain(RowsTableModel[str]):
        HEADERS = ("Line",)

        def cell(self, row: str, column: int, role: int) -> object:
            return row.upper() if role == Role.DisplayRole else None

    model = Plain(["a", "b"])
    qtmodeltester.check(model)
    assert model.index(1, 0).data() == "B"
    assert model.headerData(0, Qt.Orientation.Horizontal) == "Line"


class CountedModel(RowsTableModel[Ganger]):
    """Texts kept per row; `asked` counts how often a column's text was worked out."""

    CACHE_TEXTS = True
    asked: list[str]

    @staticmethod
    def counted(name: str) -> str:
        CountedModel.asked.append(name)
        return name

    COLUMNS = (
        Column("Name", lambda g: CountedModel.counted(g.name)),
        Column("XP", lambda g: g.xp, align=RIGHT),
    )


def test_kept_texts_are_worked_out_when_a_row_is_set_not_on_each_data_call(
    qtmodeltester,
) -> None:
    CountedModel.asked = []
    model = CountedModel([Ganger("Rook", 3), Ganger("Pip", 0)])
    qtmodeltester.check(model)
    assert CountedModel.asked[:2] == ["Rook", "Pip"]
    CountedModel.asked = []
    for _ in range(3):
        assert [model.index(r, 0).data() for r in range(2)] == ["Rook", "Pip"]
    assert CountedModel.asked == []
    model.update_rows({1: Ganger("Pip", 4)})
    assert CountedModel.asked == ["Pip"]
    assert model.index(1, 1).data() == "4"


def test_rows_change_in_place_without_a_reset(qtbot, qtmodeltester) -> None:
    CountedModel.asked = []
    model = CountedModel([Ganger("Rook", 3)])
    qtmodeltester.check(model)
    resets: list[bool] = []
    model.modelReset.connect(lambda: resets.append(True))
    with qtbot.waitSignal(model.dataChanged) as changed:
        model.update_rows({0: Ganger("Rook", 5)})
    first, last = changed.args[:2]
    assert (first.row(), first.column(), last.row(), last.column()) == (0, 0, 0, 1)
    with qtbot.waitSignal(model.rowsInserted) as inserted:
        model.extend_rows([Ganger("Pip", 0), Ganger("Vask", 1)])
    assert inserted.args[1:] == [1, 2]
    assert [model.index(r, 0).data() for r in range(model.rowCount())] == ["Rook", "Pip", "Vask"]
    with qtbot.waitSignal(model.rowsRemoved) as removed:
        model.truncate_rows(1)
    assert removed.args[1:] == [1, 2]
    assert model.rows() == [Ganger("Rook", 5)] and model.index(0, 1).data() == "5"
    model.extend_rows([])
    model.truncate_rows(4)
    assert resets == [] and model.rowCount() == 1


def test_rows_changed_together_are_announced_once_over_their_span(qtbot, qtmodeltester) -> None:
    model = CountedModel([Ganger("Rook", 3), Ganger("Pip", 0), Ganger("Vask", 1)])
    qtmodeltester.check(model)
    spans: list[tuple[int, int, int, int]] = []
    model.dataChanged.connect(
        lambda first, last, *_: spans.append(
            (first.row(), first.column(), last.row(), last.column())
        )
    )
    model.update_rows({2: Ganger("Vask", 2), 0: Ganger("Rook", 4)})
    assert spans == [(0, 0, 2, 1)]
    assert [model.index(r, 1).data() for r in range(3)] == ["4", "0", "2"]
    model.update_rows({})
    assert len(spans) == 1
