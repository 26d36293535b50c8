"""The lines of a carry-over: what happens to each part of a gang moved to the next
edition (rules/carry_over.py). Plain data: the command line prints them as JSON, the
window shows them in a table and asks on the `choose` ones."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Status = Literal["kept", "changed", "dropped", "choose"]


class CarryOverError(ValueError):
    """A gang that cannot be carried over to that pack (one line)."""


@dataclass(frozen=True)
class Line:
    kind: (
        str  # gang, house, credits, fighter, profile, xp, weapon, wargear, skill, injury, modifier
    )
    source: str  # the 2023 value ("from" in the JSON)
    target: str  # the new value ("to"); "" when dropped
    status: Status
    why: str
    # The fighter the line is about ("" for the gang and its stash).
    fighter: str = ""
    # A `choose` line: what a choice names (`choices[key]`) and the choices there are.
    key: str = ""
    options: tuple[str, ...] = ()

    def as_json(self) -> dict[str, object]:
        data: dict[str, object] = {
            "kind": self.kind,
            "from": self.source,
            "to": self.target,
            "status": self.status,
            "why": self.why,
            "fighter": self.fighter,
        }
        if self.status == "choose":
            data["key"] = self.key
            data["options"] = list(self.options)
        return data


def credits_text(amount: int, trade_points: int | None = None) -> str:
    plural = "s" if trade_points != 1 else ""
    points = f" and {trade_points} Trade Point{plural}" if trade_points else ""
    return f"{amount} credits{points}"
