"""Rows as an older schema stored them, brought to the current one where they are read
back. An undo step (services/step_codec.py) keeps the rows it puts back as they were
when it was recorded, so a step recorded before an upgrade holds the old shape.

Schema 0013 kept a fighter's profile in twelve columns of the n23 fighter statline;
0014 keys it by the statline the row names (migration 0014_statline_profiles.py,
whose mapping this repeats: the history of the schema, not a statline). Put back as
it was, such a row would lose its profile: its columns are gone, and the insert
would leave the new ones at their defaults. Read through `current_row`, it goes back
as migration 0014 would have converted it.
"""

from __future__ import annotations

from typing import Any

# Code -> the 0013 column that held it (`int_`: INT is an SQL type name).
_COLUMNS_0013: dict[str, str] = {
    "M": "m",
    "WS": "ws",
    "BS": "bs",
    "S": "s",
    "T": "t",
    "W": "w",
    "I": "i",
    "A": "a",
    "Ld": "ld",
    "Cl": "cl",
    "Wil": "wil",
    "Int": "int_",
}
_OLD = frozenset(_COLUMNS_0013.values())
# Every 0013 row was a fighter's, as migration 0014 keys them.
_FIGHTER = "fighter"


def current_row(row: dict[str, Any]) -> dict[str, Any]:
    """`row` in the current schema's shape: a fighter row of 0013 (its twelve columns,
    no profile) with its statline and profile instead; a weapon profile row before 0015
    with no later columns (`later`, {} as the migration gave every row); any other row
    as it is."""
    if "weapon_id" in row and "later" not in row:
        return {**row, "later": {}}
    if "profile" in row or "gang_id" not in row or not row.keys() >= _OLD:
        return row
    converted = {k: v for k, v in row.items() if k not in _OLD}
    converted["statline"] = _FIGHTER
    converted["profile"] = {code: row[column] for code, column in _COLUMNS_0013.items()}
    return converted
