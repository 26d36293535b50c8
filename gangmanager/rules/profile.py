"""A fighter's profile: twelve values keyed by characteristic code."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from pydantic import BaseModel, ConfigDict, model_serializer, model_validator

from gangmanager.rules.characteristics import (
    CODES,
    CORE_TABLE,
    CharacteristicError,
    CharacteristicTable,
    Value,
)
from gangmanager.rules.limits import quoted


class Profile(BaseModel):
    """Base or effective values; accepts printed forms or bare numbers.

    Serialises to printed forms (`{"M": "5\\"", "WS": "4+", ...}`) so files stay
    readable. Missing characteristics are `-`.
    """

    model_config = ConfigDict(frozen=True)

    values: dict[str, Value]

    @model_validator(mode="before")
    @classmethod
    def _parse(cls, data: Any) -> Any:
        if isinstance(data, Profile):
            return data
        if isinstance(data, Mapping) and set(data) == {"values"}:
            data = data["values"]
        if not isinstance(data, Mapping):
            raise ValueError(
                "a profile is an object keyed M, WS, BS, S, T, W, I, A, Ld, Cl, Wil, Int"
            )
        parsed: dict[str, Value] = dict.fromkeys(CODES)
        for key, raw in data.items():
            if not isinstance(key, str):
                raise ValueError(f"unknown characteristic {quoted(key)}")
            try:
                row = CORE_TABLE.lookup(key)
            except KeyError:
                raise ValueError(f"unknown characteristic {quoted(key)}") from None
            try:
                parsed[row.code] = row.parse(raw)
            except CharacteristicError as exc:
                raise ValueError(str(exc)) from None
        return {"values": parsed}

    @model_serializer
    def _printed(self) -> dict[str, str]:
        return self.printed()

    @classmethod
    def from_line(cls, line: str) -> Profile:
        """Parse twelve space-separated printed values: `5" 4+ 4+ 3 3 1 4+ 1 7+ 7+ 7+ 7+`."""
        parts = line.split()
        if len(parts) != len(CODES):
            raise CharacteristicError(f"a profile line has {len(CODES)} values, got {len(parts)}")
        return cls.model_validate(dict(zip(CODES, parts, strict=True)))

    def __getitem__(self, code: str) -> Value:
        return self.values[code]

    def __iter__(self) -> Iterator[str]:  # type: ignore[override]
        return iter(CODES)

    def replace(self, **changes: Value) -> Profile:
        return Profile(values={**self.values, **changes})

    def printed(self, table: CharacteristicTable = CORE_TABLE) -> dict[str, str]:
        return {row.code: row.print(self.values[row.code]) for row in table}

    def line(self, table: CharacteristicTable = CORE_TABLE) -> str:
        return " ".join(self.printed(table).values())

    def validate_ranges(self, table: CharacteristicTable = CORE_TABLE) -> None:
        """Raise CharacteristicError naming the first value outside best..worst."""
        for row in table:
            row.check_range(self.values[row.code])
