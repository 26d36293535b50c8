"""How statlines are laid out on screens and printouts (rules/statline_layout.py)."""

from __future__ import annotations

from gangmanager.rules.characteristics import (
    CORE_TABLE,
    Characteristic,
    CharacteristicKind,
    CharacteristicTable,
)
from gangmanager.rules.statline_layout import printed_lines, stat_columns, tallies


def _row(code: str, name: str, group: str | None = None) -> Characteristic:
    return Characteristic(
        code=code, name=name, kind=CharacteristicKind.VALUE, best=10, worst=1, group=group
    )


VEHICLE = CharacteristicTable(
    [
        _row("M", "Movement", "vehicle"),
        _row("Fr", "Front", "vehicle"),
        _row("HP", "Hull Points", "vehicle"),
        _row("BS", "Ballistic Skill", "crew"),
        _row("Ld", "Leadership", "crew"),
    ]
)


def test_a_shared_code_is_one_column_and_the_first_statline_leads() -> None:
    columns = stat_columns([CORE_TABLE, VEHICLE])
    assert [c.code for c in columns] == [*CORE_TABLE.codes, "Fr", "HP"]
    assert next(c for c in columns if c.code == "M").tooltip == "Movement"
    # The same statline twice is one set of columns.
    assert stat_columns([VEHICLE, VEHICLE]) == stat_columns([VEHICLE])


def test_a_code_two_statlines_name_apart_says_both_names() -> None:
    other = CharacteristicTable([_row("M", "Mass")])
    (column,) = [c for c in stat_columns([VEHICLE, other]) if c.code == "M"]
    assert column.tooltip == "Movement / Mass"


def test_groups_make_the_printed_lines_in_order_of_first_appearance() -> None:
    lines = printed_lines(VEHICLE)
    assert [(line.group, [r.code for r in line.rows]) for line in lines] == [
        ("vehicle", ["M", "Fr", "HP"]),
        ("crew", ["BS", "Ld"]),
    ]
    (one,) = printed_lines(CORE_TABLE)
    assert one.group is None and [r.code for r in one.rows] == list(CORE_TABLE.codes)


def test_the_boxes_follow_the_codes_the_statline_holds() -> None:
    fighter = dict.fromkeys(CORE_TABLE.codes, 3) | {"W": 2, "T": 4}
    assert tallies(fighter) == [("Wounds", 2), ("Flesh wounds", 4)]
    assert tallies({"M": 5, "Fr": 10, "HP": 3, "BS": 4, "Ld": 7}) == [("Hull points", 3)]
    assert tallies({"Mv": 4}) == []
    assert tallies({"W": None, "T": 3}) == [("Wounds", 0), ("Flesh wounds", 3)]
