"""The history charts' series: a point is stored for the gangs an action changed, and a
gang still taking part keeps its last value at the points between its own."""

from __future__ import annotations

from typing import Any

from gangmanager.printing.campaign_report import history_series


def point(seq: int, gang: str, rating: int) -> dict[str, Any]:
    return {"seq": seq, "label": f"P{seq}", "gang": gang, "rating": rating}


def test_members_carry_their_last_value_and_a_gang_that_left_ends() -> None:
    view = {
        "gangs": [{"name": "A"}, {"name": "B"}],
        "history": [
            point(0, "A", 10),
            point(0, "Gone", 5),
            point(1, "B", 20),
            point(2, "A", 12),
            point(2, "Gone", 6),
            point(4, "B", 25),
        ],
    }
    series, labels = history_series(view, "rating")
    assert labels == ["P0", "P1", "P2", "P4"]
    assert series["A"] == [(0, 10), (1, 10), (2, 12), (4, 12)]
    assert series["B"] == [(1, 20), (2, 20), (4, 25)]  # from the point it joined
    assert series["Gone"] == [(0, 5), (1, 5), (2, 6)]  # no longer taking part
