"""The characteristics of a statline: kinds, printed forms, limits.

A ruleset pack declares its statlines (`statlines.toml`: the fighter's, and
any other shape such as a vehicle's), each a list of characteristics in
profile order. `CODES` and `CORE_TABLE` are the 2023 fighter statline, kept
for code outside the rules that does not read the pack's statline yet.

Values are stored as plain integers (`5"` -> 5, `4+` -> 4, `3` -> 3) or
``None`` for `-` (a characteristic the fighter does not have). Whether a
bigger number is better depends on the kind: target numbers improve
downwards. A "step" is the game's unit of change: +1 is one step better.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

from gangmanager.rules.limits import quoted

# The n23 fighter statline's codes (the compatibility path: the pack's statline is the truth).
CODES: tuple[str, ...] = ("M", "WS", "BS", "S", "T", "W", "I", "A", "Ld", "Cl", "Wil", "Int")

# Profile values: an int, or None for "-".
Value = int | None


class CharacteristicKind(StrEnum):
    INCHES = "inches"
    VALUE = "value"
    D6_TARGET = "d6_target"
    TWO_D6_TARGET = "2d6_target"

    @property
    def lower_is_better(self) -> bool:
        return self in (CharacteristicKind.D6_TARGET, CharacteristicKind.TWO_D6_TARGET)

    def print(self, value: Value) -> str:
        if value is None:
            return "-"
        if self is CharacteristicKind.INCHES:
            return f'{value}"'
        if self.lower_is_better:
            return f"{value}+"
        return str(value)


class CharacteristicError(ValueError):
    """A value that is not a valid printed form for its characteristic."""


_PRINTED = re.compile(r"""^\s*(?P<num>-?\d+)\s*(?P<suffix>"|''|”|\+)?\s*$""")


class Characteristic(BaseModel):
    """One row of the characteristic table of a ruleset."""

    model_config = ConfigDict(frozen=True)

    code: str
    name: str
    kind: CharacteristicKind
    best: int
    worst: int
    # Advancements may raise it at most this many steps above the type's base
    # profile; None means no cap.
    advance_cap: int | None = Field(default=None, ge=0)
    # The printed line it belongs to ("vehicle", "crew"): a card prints one line per
    # group, in the order the groups first appear; None (every row): one line.
    group: str | None = None

    def print(self, value: Value) -> str:
        return self.kind.print(value)

    def parse(self, text: str | int | None) -> Value:
        """Parse a printed form (`5"`, `4+`, `3`, `-`) or a bare number.

        The suffix must match the kind: `4+` is no Movement and `5"` no
        Weapon Skill. Range is not checked here (see `check_range`).
        """
        if text is None:
            return None
        if isinstance(text, bool):
            raise CharacteristicError(f"{self.code}: {quoted(text)} is not a characteristic value")
        if isinstance(text, int):
            return text
        if not isinstance(text, str):
            raise CharacteristicError(f"{self.code}: {quoted(text)} is not a characteristic value")
        stripped = text.strip()
        if stripped in ("-", "–", "—", ""):
            if stripped == "":
                raise CharacteristicError(f"{self.code}: empty value")
            return None
        match = _PRINTED.match(stripped)
        if not match:
            raise CharacteristicError(
                f"{self.code}: {quoted(text)} is not a valid {self.name} value"
            )
        suffix = match.group("suffix")
        if suffix is not None:
            wants = "+" if self.kind.lower_is_better else '"'
            got = "+" if suffix == "+" else '"'
            if got != wants or self.kind is CharacteristicKind.VALUE:
                example = self.print(self.worst)
                raise CharacteristicError(
                    f"{self.code}: {quoted(text)} is not a valid {self.name} value (expected like {example})"
                )
        return int(match.group("num"))

    def in_range(self, value: Value) -> bool:
        if value is None:
            return True
        low, high = sorted((self.best, self.worst))
        return low <= value <= high

    def check_range(self, value: Value) -> Value:
        if not self.in_range(value):
            raise CharacteristicError(
                f"{self.code}: {self.print(value)} is outside {self.print(self.best)}"
                f" (best) to {self.print(self.worst)} (worst)"
            )
        return value

    def step(self, value: int, steps: int) -> int:
        """Move `steps` steps better (negative: worse), without limits."""
        return value - steps if self.kind.lower_is_better else value + steps

    def steps_between(self, start: int, end: int) -> int:
        """How many steps better `end` is than `start`."""
        return start - end if self.kind.lower_is_better else end - start

    def clamp(self, value: int) -> int:
        low, high = sorted((self.best, self.worst))
        return max(low, min(high, value))


def _row(
    code: str, name: str, kind: CharacteristicKind, best: int, worst: int, cap: int | None = None
) -> Characteristic:
    return Characteristic(code=code, name=name, kind=kind, best=best, worst=worst, advance_cap=cap)


_K = CharacteristicKind

# The 2023 core fighter statline (FACTS.md §1), the default of a pack that
# declares none; n23's statlines.toml gives the same rows (Int reaching 11+).
CORE_CHARACTERISTICS: tuple[Characteristic, ...] = (
    _row("M", "Movement", _K.INCHES, 8, 1, 2),
    _row("WS", "Weapon Skill", _K.D6_TARGET, 2, 6),
    _row("BS", "Ballistic Skill", _K.D6_TARGET, 2, 6),
    _row("S", "Strength", _K.VALUE, 6, 1, 2),
    _row("T", "Toughness", _K.VALUE, 6, 1, 2),
    _row("W", "Wounds", _K.VALUE, 6, 1, 1),
    _row("I", "Initiative", _K.D6_TARGET, 2, 6),
    _row("A", "Attacks", _K.VALUE, 10, 1, 1),
    _row("Ld", "Leadership", _K.TWO_D6_TARGET, 3, 10),
    _row("Cl", "Cool", _K.TWO_D6_TARGET, 3, 10),
    _row("Wil", "Willpower", _K.TWO_D6_TARGET, 3, 10),
    _row("Int", "Intelligence", _K.TWO_D6_TARGET, 3, 11),
)


# The name of the statline of fighters, which every pack has (rules/ruleset.py).
FIGHTER_STATLINE = "fighter"


class CharacteristicTable:
    """A statline: its name in the pack and its characteristics by code, in profile order."""

    def __init__(
        self,
        rows: tuple[Characteristic, ...] | list[Characteristic],
        name: str = FIGHTER_STATLINE,
    ) -> None:
        if not rows:
            raise ValueError("a statline lists at least one characteristic")
        # What a stored profile names to be read again with this statline (persistence).
        self.name = name
        self.rows = tuple(rows)
        # Hashed once: a stored profile's reading is cached by its statline (row_reading).
        self._hash = hash((name, self.rows))
        self.codes: tuple[str, ...] = tuple(r.code for r in rows)
        self._by_code = {r.code: r for r in rows}
        self._by_lower: dict[str, Characteristic] = {}
        for row in rows:
            if row.code.casefold() in self._by_lower:
                raise ValueError(f"the code {quoted(row.code)} is listed twice")
            self._by_lower[row.code.casefold()] = row

    def __getitem__(self, code: str) -> Characteristic:
        return self._by_code[code]

    def __iter__(self) -> Iterator[Characteristic]:
        return iter(self.rows)

    def __len__(self) -> int:
        return len(self.rows)

    def __contains__(self, code: object) -> bool:
        return code in self._by_code

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, CharacteristicTable)
            and self.name == other.name
            and self.rows == other.rows
        )

    def __hash__(self) -> int:
        return self._hash

    # A statline is never changed once made: a copy is the same table. Pydantic deep-copies
    # a private attribute's default for every model made (Profile._table): without these,
    # every profile read or built copied the whole statline (about 280 objects), most of
    # a post-battle Finish's save at 300 fighters.
    def __copy__(self) -> CharacteristicTable:
        return self

    def __deepcopy__(self, _memo: dict[int, object]) -> CharacteristicTable:
        return self

    def lookup(self, code: str) -> Characteristic:
        """Case-insensitive lookup (`bs`, `BS`, `int`, `Int`); KeyError if unknown."""
        row = self._by_lower.get(code.strip().casefold())
        if row is None:
            raise KeyError(code)
        return row


CORE_TABLE = CharacteristicTable(CORE_CHARACTERISTICS)

# Where a stored or written profile's statline comes from: (ruleset id, statline
# name) -> the pack's table, or None where no pack is at hand (a profile is then read
# with the rules' default statline, the n23 fighter's).
StatlineTables = Callable[[str, str], "CharacteristicTable | None"]


def check_core_codes(rows: tuple[Characteristic, ...] | list[Characteristic]) -> None:
    """The older `characteristics` table of a pack is the n23 fighter statline: its
    twelve codes in order (a pack declares another shape in `statlines`)."""
    if tuple(r.code for r in rows) != CODES:
        raise ValueError(f"characteristic table must list {', '.join(CODES)} in order")
