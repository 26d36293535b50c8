"""A gang file's `pack_entries`: the player's own pack entries the gang uses.

A gang of a player's own pack (one that extends an official pack) may hold a fighter
type, weapon or wargear item only that pack has. The file carries them, so another
machine can make the pack again (services/gangs.py, content/pack_entries.py):

    "pack_entries": {"pack": "club", "extends": "n23",
                     "fighter_types": [...], "weapons": [...], "wargear": [...]}

Each list holds entries as the pack's TOML files give them (docs/rulesets.md); here
only the shape is checked, the pack's own checks judge the entries when it is made.
"""

from __future__ import annotations

from typing import Any

from gangmanager.exchange.errors import ImportFileError, describe_value

PACK_ENTRIES_KEY = "pack_entries"
ENTRY_LISTS = ("fighter_types", "weapons", "wargear")
_TEXT_KEYS = ("pack", "extends")

PACK_ENTRIES_SCHEMA: dict[str, Any] = {
    "type": "object",
    "description": "The entries of the player's own pack (`pack`, extending `extends`)"
    " that the gang uses, as the pack's files give them; absent for a gang of an"
    " official pack. Importing the file where that pack is missing makes it again.",
    "properties": {
        "pack": {"type": "string"},
        "extends": {"type": "string"},
        **{key: {"type": "array", "items": {"type": "object"}} for key in ENTRY_LISTS},
    },
    "required": list(_TEXT_KEYS),
    "additionalProperties": False,
}


def read_pack_entries(data: dict[str, Any], source: str) -> dict[str, Any] | None:
    """The file's `pack_entries`, its shape checked; None when the file has none."""
    if PACK_ENTRIES_KEY not in data:
        return None
    value = data[PACK_ENTRIES_KEY]
    if not isinstance(value, dict):
        raise ImportFileError(
            source, PACK_ENTRIES_KEY, f"expected an object, not {describe_value(value)}"
        )
    for key in value:
        if key not in (*_TEXT_KEYS, *ENTRY_LISTS):
            raise ImportFileError(
                source,
                f"{PACK_ENTRIES_KEY}.{key}",
                f"unknown key (expected: {', '.join((*_TEXT_KEYS, *ENTRY_LISTS))})",
            )
    for key in _TEXT_KEYS:
        text = value.get(key)
        if not isinstance(text, str) or not text.strip():
            raise ImportFileError(
                source,
                f"{PACK_ENTRIES_KEY}.{key}",
                f"expected a pack id, not {describe_value(text)}",
            )
    for key in ENTRY_LISTS:
        rows = value.get(key, [])
        if not isinstance(rows, list) or not all(isinstance(row, dict) for row in rows):
            raise ImportFileError(
                source, f"{PACK_ENTRIES_KEY}.{key}", "expected a list of objects (pack entries)"
            )
    return value
