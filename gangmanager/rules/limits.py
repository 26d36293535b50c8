"""The bounds of what Gang Manager accepts, in one place (docs/limits.md).

The gang file and YakTribe importers, the drafts, the battle events, the
database and the window's editors all read these, so whatever the app
accepts it can also export and import again. Every whole number fits a
32-bit database column and the gang file's number limit.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from typing import Annotated, Any

from pydantic import (
    AfterValidator,
    BeforeValidator,
    Field,
    StringConstraints,
    TypeAdapter,
    ValidationError,
)

# Longest names, in characters (after spaces are normalised).
MAX_GANG_NAME_CHARS = 120
MAX_FIGHTER_NAME_CHARS = 80
# Credits, costs, XP, ratings and reputation: no game comes near it; bigger is damage.
# Also the gang file's number limit, and below 2**31 - 1 (PostgreSQL's `integer`).
MAX_AMOUNT = 1_000_000_000
# Counts typed in (enemies taken Out of Action, dice...): far more than any battle has.
MAX_COUNT = 1_000
# Row ids: PostgreSQL's `integer` (SQLite's are 64-bit, the smaller one rules).
MAX_ID = 2**31 - 1
# How much of an offending input a message quotes.
MAX_QUOTED_CHARS = 100


def normalise_name(value: object) -> object:
    """Runs of whitespace of any kind (newlines, no-break spaces) become one space,
    stripped at both ends; other control characters (escape, NUL) are refused."""
    if not isinstance(value, str):
        return value  # pydantic names the wrong type
    if any(unicodedata.category(c) == "Cc" and not c.isspace() for c in value):
        raise ValueError("a name cannot hold control characters (such as escape or NUL)")
    return " ".join(value.split())


def _visible(value: str) -> str:
    # Zero-width and direction marks alone would make a name nobody can see.
    if not any(unicodedata.category(c) != "Cf" for c in value):
        raise ValueError("a name needs at least one visible character")
    return value


GangName = Annotated[
    str,
    # The constraints first: pydantic then checks them after the normalising validator.
    StringConstraints(min_length=1, max_length=MAX_GANG_NAME_CHARS),
    BeforeValidator(normalise_name),
    AfterValidator(_visible),
]
FighterName = Annotated[
    str,
    # The constraints first: pydantic then checks them after the normalising validator.
    StringConstraints(min_length=1, max_length=MAX_FIGHTER_NAME_CHARS),
    BeforeValidator(normalise_name),
    AfterValidator(_visible),
]
# Credits may not go below nothing; a cost, XP or rating neither.
Amount = Annotated[int, Field(ge=0, le=MAX_AMOUNT)]
Reputation = Annotated[int, Field(ge=1, le=MAX_AMOUNT)]


_NAMES: dict[bool, TypeAdapter[str]] = {
    True: TypeAdapter(GangName),
    False: TypeAdapter(FighterName),
}


def clean_name(value: str, *, gang: bool) -> str:
    """The name as it is stored (spaces normalised); ValueError saying why it cannot be one."""
    try:
        return _NAMES[gang].validate_python(value)
    except ValidationError as exc:
        raise ValueError(name_error(exc.errors(include_url=False)[0])) from None


def name_error(error: Mapping[str, Any]) -> str:
    """One pydantic error about a name, in words."""
    kind = error["type"]
    if kind == "string_too_short":
        return "a name must not be empty"
    if kind == "string_too_long":
        return f"a name may have at most {error['ctx']['max_length']} characters"
    return str(error.get("msg", "not a name")).removeprefix("Value error, ")


def quoted(value: object, limit: int = MAX_QUOTED_CHARS) -> str:
    """`value` as a message may quote it: escaped (no raw control characters), and cut.

    Every refusal quotes what it refuses through this (docs/limits.md): text is
    cut before it is escaped, anything else (a number, a list from a file) after.
    """
    if isinstance(value, str):
        return repr(value if len(value) <= limit else value[: limit - 1] + "…")
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def past_bound(value: int, bound: int, shown: str) -> str:
    """A number beyond +-`bound`, by its side: a huge negative one is too small."""
    if value < 0:
        return f"{shown} is too small (at least {-bound:,})"
    return f"{shown} is too large (at most {bound:,})"


def cut(text: str, limit: int = MAX_QUOTED_CHARS) -> str:
    """`text` shortened for a message that names it without quotes (an item, a key)."""
    return text if len(text) <= limit else text[: limit - 1] + "…"
