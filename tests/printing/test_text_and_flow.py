"""Wrapping and flowing with a fake measure: 1 mm per character, no Qt needed."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gangmanager.printing.elements import Drawing, FontSpec, TextBox
from gangmanager.printing.flow import LayoutError, Piece, Slice, flow, single
from gangmanager.printing.geometry import EPSILON, Rect
from gangmanager.printing.text import wrap

FONT = FontSpec(10.0)


def per_char(text: str, font: FontSpec) -> float:
    return float(len(text))


def test_wrap_breaks_at_spaces_within_the_width() -> None:
    assert wrap("one two three four", 9.0, FONT, per_char) == ["one two", "three", "four"]


def test_wrap_keeps_room_for_a_label_on_the_first_line() -> None:
    assert wrap("alpha beta gamma", 12.0, FONT, per_char, first_width=6.0) == [
        "alpha",
        "beta gamma",
    ]


def test_wrap_moves_a_word_that_does_not_fit_beside_the_label() -> None:
    assert wrap("extraordinary", 14.0, FONT, per_char, first_width=4.0) == ["", "extraordinary"]


def test_wrap_cuts_a_word_wider_than_the_line() -> None:
    assert wrap("abcdefghij xy", 4.0, FONT, per_char) == ["abcd", "efgh", "ij", "xy"]


def test_wrap_keeps_newlines_and_drops_trailing_blank_lines() -> None:
    assert wrap("a b\n\nc\n\n", 10.0, FONT, per_char) == ["a b", "", "c"]
    assert wrap("", 10.0, FONT, per_char) == []


@given(
    st.lists(st.text(alphabet="abcdefgh", min_size=1, max_size=12), min_size=1, max_size=30),
    st.floats(min_value=3.0, max_value=40.0),
)
def test_every_wrapped_line_fits_and_no_word_is_lost(words: list[str], width: float) -> None:
    text = " ".join(words)
    lines = wrap(text, width, FONT, per_char)
    assert all(per_char(line, FONT) <= width + EPSILON for line in lines)
    assert "".join("".join(lines).split()) == "".join(words)


def _line(text: str, height: float = 5.0) -> Slice:
    drawing = Drawing(texts=[TextBox(Rect(0.0, 0.0, len(text), height), text, FONT)])
    return Slice(height, drawing)


def _texts(face: Drawing) -> list[tuple[str, float]]:
    return [(t.text, t.rect.y) for t in face.texts]


def test_flow_moves_a_piece_that_does_not_fit_to_the_next_face() -> None:
    pieces = [Piece([_line("a")]), Piece([_line("b")]), Piece([_line("c")])]
    faces = flow(pieces, face_height=12.0, continued_top=2.0)
    assert [_texts(f) for f in faces] == [[("a", 0.0), ("b", 5.0)], [("c", 2.0)]]


def test_flow_splits_a_long_paragraph_and_keeps_two_lines_together() -> None:
    intro = Piece([_line("intro")])
    paragraph = Piece([_line(str(i)) for i in range(5)], splittable=True)
    faces = flow([intro, paragraph], face_height=15.0)
    assert [[t for t, _ in _texts(f)] for f in faces] == [["intro", "0", "1"], ["2", "3", "4"]]


def test_flow_repeats_a_table_header_and_keeps_a_heading_with_its_text() -> None:
    header = single(3.0, Drawing(texts=[TextBox(Rect(0, 0, 1, 3), "H", FONT)]))
    header.keep_with_next = True
    rows = [Piece([_line(f"r{i}")], header=header) for i in range(4)]
    heading = Piece([_line("Heading")], keep_with_next=True)
    faces = flow([header, *rows, heading, Piece([_line("text")])], face_height=14.0)
    assert [[t for t, _ in _texts(f)] for f in faces] == [
        ["H", "r0", "r1"],
        ["H", "r2", "r3"],
        ["Heading", "text"],
    ]


def test_flow_refuses_a_slice_taller_than_a_face() -> None:
    with pytest.raises(LayoutError, match="does not fit"):
        flow([Piece([_line("tall", height=30.0)])], face_height=20.0)


def test_flow_moves_a_short_paragraph_whole_instead_of_breaking_it() -> None:
    intro = Piece([_line(f"intro {i}") for i in range(5)])
    paragraph = Piece([_line(str(i)) for i in range(2)], splittable=True, min_lines=1)
    faces = flow([intro, paragraph], face_height=32.0)
    assert [len(f.texts) for f in faces] == [5, 2]
    faces = flow([intro, paragraph], face_height=35.0)
    assert [len(f.texts) for f in faces] == [7]


def test_a_heading_follows_a_short_paragraph_that_moves_whole() -> None:
    intro = Piece([_line(f"intro {i}") for i in range(4)])
    heading = Piece([_line("Heading")], keep_with_next=True)
    entry = Piece([_line("a"), _line("b")], splittable=True)
    faces = flow([intro, heading, entry], face_height=32.0)
    assert [[t for t, _ in _texts(f)] for f in faces] == [
        [f"intro {i}" for i in range(4)],
        ["Heading", "a", "b"],
    ]
