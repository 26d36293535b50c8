from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gangmanager.rules.characteristics import CODES, CORE_TABLE, CharacteristicError
from gangmanager.rules.profile import Profile


def test_table_lists_the_twelve_in_order() -> None:
    assert tuple(row.code for row in CORE_TABLE) == CODES
    assert CORE_TABLE["BS"].kind.lower_is_better
    assert not CORE_TABLE["S"].kind.lower_is_better


@pytest.mark.parametrize(
    ("code", "text", "value"),
    [
        ("M", '5"', 5),
        ("M", "5''", 5),
        ("M", "5", 5),
        ("WS", "4+", 4),
        ("WS", "4", 4),
        ("S", "3", 3),
        ("Ld", "7+", 7),
        ("BS", "-", None),
        ("A", 2, 2),
    ],
)
def test_parse_printed_and_bare(code: str, text: str | int, value: int | None) -> None:
    assert CORE_TABLE[code].parse(text) == value


@pytest.mark.parametrize(
    ("code", "text"), [("M", "4+"), ("WS", '4"'), ("S", "3+"), ("T", "x"), ("Cl", ""), ("I", True)]
)
def test_parse_refuses_wrong_forms(code: str, text: str) -> None:
    with pytest.raises(CharacteristicError, match=code):
        CORE_TABLE[code].parse(text)


@given(st.sampled_from(CODES), st.data())
def test_printed_form_round_trips(code: str, data: st.DataObject) -> None:
    row = CORE_TABLE[code]
    low, high = sorted((row.best, row.worst))
    value = data.draw(st.one_of(st.none(), st.integers(low, high)))
    assert row.parse(row.print(value)) == value


def test_printed_forms_per_kind() -> None:
    profile = Profile.from_line('5" 3+ 3+ 3 3 3 4+ 2 4+ 5+ 5+ -')
    assert profile.printed() == {
        "M": '5"', "WS": "3+", "BS": "3+", "S": "3", "T": "3", "W": "3",
        "I": "4+", "A": "2", "Ld": "4+", "Cl": "5+", "Wil": "5+", "Int": "-",
    }  # fmt: skip
    assert Profile.model_validate(profile.model_dump()) == profile


def test_profile_accepts_bare_numbers_and_lower_case_keys() -> None:
    profile = Profile.model_validate({"m": 5, "ws": 4, "bs": "4", "int": 7})
    assert profile.line() == '5" 4+ 4+ - - - - - - - - 7+'


def test_range_check_names_the_characteristic() -> None:
    profile = Profile.from_line('5" 9+ 4+ 3 3 1 4+ 1 7+ 7+ 7+ 7+')
    with pytest.raises(CharacteristicError, match=r"WS: 9\+ is outside 2\+ \(best\) to 6\+"):
        profile.validate_ranges()


def test_profile_line_needs_twelve_values() -> None:
    with pytest.raises(CharacteristicError, match="12 values"):
        Profile.from_line('5" 4+')


def test_a_profile_shares_its_statline_rather_than_copying_it() -> None:
    """A statline is a value: copies are the table itself, so a profile made with the
    default statline (pydantic copies a private default per model) holds CORE_TABLE."""
    import copy

    from gangmanager.rules.profile import Profile

    assert copy.deepcopy(CORE_TABLE) is CORE_TABLE
    assert copy.copy(CORE_TABLE) is CORE_TABLE
    profile = Profile.model_validate({"M": '5"', "WS": "4+"})
    assert profile.table is CORE_TABLE
    assert profile.model_copy(deep=True).table is CORE_TABLE
