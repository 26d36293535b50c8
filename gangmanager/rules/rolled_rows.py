"""A row of a table a die picks (the Lasting Injury D66, a vehicle's Lasting Damage D6):
one total or a range, `15-26`."""

from __future__ import annotations

import re

from pydantic import field_validator

from gangmanager.rules.limits import quoted
from gangmanager.rules.ruleset_base import _Strict

_ROLL = re.compile(r"^\s*(\d+)\s*(?:-\s*(\d+))?\s*$")


class RolledRow(_Strict):
    roll: str

    @field_validator("roll")
    @classmethod
    def _roll_range(cls, roll: str) -> str:
        if not _ROLL.match(roll):
            raise ValueError(f"roll {quoted(roll)} is not N or N-M")
        return roll.strip()

    @property
    def low(self) -> int:
        match = _ROLL.match(self.roll)
        assert match
        return int(match.group(1))

    @property
    def high(self) -> int:
        match = _ROLL.match(self.roll)
        assert match
        return int(match.group(2) or match.group(1))

    def covers(self, roll: int) -> bool:
        return self.low <= roll <= self.high
