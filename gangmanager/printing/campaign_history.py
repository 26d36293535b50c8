"""The campaign's history charts as numbers: each gang's line, its colour, the axis.

Pure data (no Qt): the PDF report, the window's chart and the web page draw
from these.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable
from typing import Any

# One colour per gang, in the order they joined; the window's chart uses the same.
GANG_COLOURS = (
    "#1f77b4",
    "#d62728",
    "#2ca02c",
    "#9467bd",
    "#ff7f0e",
    "#8c564b",
    "#e377c2",
    "#17becf",
)
# What the history charts plot: (view key, title).
MEASURES = (("rating", "Gang Rating"), ("wealth", "Wealth"), ("reputation", "Reputation"))


def gang_colour(index: int) -> str:
    return GANG_COLOURS[index % len(GANG_COLOURS)]


def axis_range(low: float, high: float) -> tuple[float, float, float]:
    """Round limits and a whole-number step giving about five grid lines.

    A line on the highest or lowest value gets a step of room, so it is not
    drawn on the frame (but the axis does not go below 0 for values that don't).
    """
    if high - low < 2:
        low, high = low - 1, high + 1
    raw = (high - low) / 5
    magnitude = 10 ** math.floor(math.log10(raw))
    step = max(1.0, next(m * magnitude for m in (1, 2, 5, 10) if m * magnitude >= raw))
    bottom, top = math.floor(low / step) * step, math.ceil(high / step) * step
    if top <= high:
        top += step
    if bottom >= low and (bottom - step >= 0 or low < 0):
        bottom -= step
    return bottom, top, step


def history_series(
    view: dict[str, Any], key: str
) -> tuple[dict[str, list[tuple[int, int]]], list[str]]:
    """Per gang, (point, value) pairs for one measure; and the label of each point
    (`view`: the campaign as `campaign show --json` has it)."""
    points = [(p["seq"], p["label"], p["gang"], p[key]) for p in view["history"]]
    return carried_series(points, {g["name"] for g in view["gangs"]})


def carried_series(
    points: Iterable[tuple[int, str, str, int]], members: Collection[str]
) -> tuple[dict[str, list[tuple[int, int]]], list[str]]:
    """Per gang, (point, value) pairs from its (seq, label, gang, value) points; and the
    label of each point. `members`: the gangs still taking part.

    A point is stored for the gangs an action changed (a battle's two, not all
    fifty), so a gang still taking part keeps its last value at the points
    between its own; a gang that left ends at its last point.
    """
    labels: dict[int, str] = {}
    stored: dict[str, dict[int, int]] = {}
    for seq, label, gang_name, value in points:
        labels.setdefault(seq, label)
        stored.setdefault(gang_name, {})[seq] = value
    seqs = sorted(labels)
    series: dict[str, list[tuple[int, int]]] = {}
    for gang, values in stored.items():
        first, last = min(values), max(values)
        end = seqs[-1] if gang in members else last
        carried: list[tuple[int, int]] = []
        value = values[first]
        for seq in seqs:
            if first <= seq <= end:
                value = values.get(seq, value)
                carried.append((seq, value))
        series[gang] = carried
    return series, [labels[k] for k in seqs]
