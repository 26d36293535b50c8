"""A fighter's profile: one value per characteristic of its statline, keyed by code."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from pydantic import (
    BaseModel,
    ConfigDict,
    PrivateAttr,
    ValidationInfo,
    model_serializer,
    model_validator,
)

from gangmanager.rules.characteristics import (
    CORE_TABLE,
    CharacteristicError,
    CharacteristicTable,
    Value,
)
from gangmanager.rules.limits import quoted

# The validation context key naming the statline a profile is read against.
STATLINE = "statline"


def _given_table(info: ValidationInfo | None) -> CharacteristicTable | None:
    context = info.context if info is not None else None
    table = context.get(STATLINE) if isinstance(context, Mapping) else None
    return table if isinstance(table, CharacteristicTable) else None


def _context_table(info: ValidationInfo | None) -> CharacteristicTable:
    return _given_table(info) or CORE_TABLE


class Profile(BaseModel):
    """Base or effective values; accepts printed forms or bare numbers.

    Serialises to printed forms (`{"M": "5\\"", "WS": "4+", ...}`) so files stay
    readable. Missing characteristics are `-`. The statline it is keyed by is
    the n23 fighter's unless it was read with another (`Profile.read`, or a
    validation context `{"statline": table}`); two profiles are equal when
    their values are.
    """

    model_config = ConfigDict(frozen=True)

    values: dict[str, Value]
    _table: CharacteristicTable = PrivateAttr(default=CORE_TABLE)

    @model_validator(mode="before")
    @classmethod
    def _parse(cls, data: Any, info: ValidationInfo) -> Any:
        if isinstance(data, Profile):
            return data
        table = _context_table(info)
        if isinstance(data, Mapping) and set(data) == {"values"}:
            data = data["values"]
        if not isinstance(data, Mapping):
            raise ValueError(f"a profile is an object keyed {', '.join(table.codes)}")
        parsed: dict[str, Value] = dict.fromkeys(table.codes)
        for key, raw in data.items():
            if not isinstance(key, str):
                raise ValueError(f"unknown characteristic {quoted(key)}")
            try:
                row = table.lookup(key)
            except KeyError:
                raise ValueError(f"unknown characteristic {quoted(key)}") from None
            try:
                parsed[row.code] = row.parse(raw)
            except CharacteristicError as exc:
                raise ValueError(str(exc)) from None
        return {"values": parsed}

    @model_validator(mode="after")
    def _keep_table(self, info: ValidationInfo) -> Profile:
        # A profile passed in whole keeps its statline unless the context names one.
        given = _given_table(info)
        if given is not None:
            self._table = given
        return self

    @model_serializer
    def _printed(self) -> dict[str, str]:
        return self.printed()

    @classmethod
    def read(cls, data: object, table: CharacteristicTable) -> Profile:
        """A profile keyed by `table`'s codes (printed forms or bare numbers)."""
        return cls.model_validate(data, context={STATLINE: table})

    @classmethod
    def from_line(cls, line: str, table: CharacteristicTable = CORE_TABLE) -> Profile:
        """Parse space-separated printed values in statline order: `5" 4+ 4+ 3 3 1 4+ 1 7+ 7+ 7+ 7+`."""
        parts = line.split()
        if len(parts) != len(table):
            raise CharacteristicError(f"a profile line has {len(table)} values, got {len(parts)}")
        return cls.read(dict(zip(table.codes, parts, strict=True)), table)

    @property
    def table(self) -> CharacteristicTable:
        """The statline the profile is keyed by."""
        return self._table

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Profile):
            return NotImplemented
        return self.values == other.values

    def __hash__(self) -> int:
        return hash(tuple(self.values.items()))

    def __getitem__(self, code: str) -> Value:
        return self.values[code]

    def __iter__(self) -> Iterator[str]:  # type: ignore[override]
        return iter(self.values)

    def replace(self, **changes: Value) -> Profile:
        return Profile.read({**self.values, **changes}, self._table)

    def printed(self, table: CharacteristicTable | None = None) -> dict[str, str]:
        if table is None:
            table = self._table
        return {row.code: row.print(self.values[row.code]) for row in table}

    def line(self, table: CharacteristicTable | None = None) -> str:
        return " ".join(self.printed(table).values())

    def validate_ranges(self, table: CharacteristicTable | None = None) -> None:
        """Raise CharacteristicError naming the first value outside best..worst."""
        for row in self._table if table is None else table:
            row.check_range(self.values[row.code])
