"""Which statline each fighter of a gang file is keyed by (docs/file-formats.md, `statline`).

A fighter's `statline` names one of the pack's statlines; left out, it is the
statline of the fighter's type where the pack has the type, else the fighter's.
Its `profile` is keyed by that statline's codes; left out, the type's profile is
used (a vehicle of the pack written by its type alone). A file is written with
`statline` only where it is not the fighter's, so files of gangs of fighters stay
as they were.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gangmanager.exchange.errors import ImportFileError, describe_value, json_path
from gangmanager.rules.characteristics import FIGHTER_STATLINE, CharacteristicTable
from gangmanager.rules.gang import Fighter, Gang
from gangmanager.rules.limits import quoted
from gangmanager.rules.profile import STATLINE
from gangmanager.rules.ruleset import Ruleset

STATLINE_KEY = "statline"
_DEFAULT_RULESET: str = Gang.model_fields["ruleset"].default


@dataclass(frozen=True)
class FileStatlines:
    """The statline of each entry of `fighters`; None: the rules' default."""

    tables: list[CharacteristicTable | None]

    @property
    def shared(self) -> CharacteristicTable | None:
        """The one statline every fighter has (None also when they differ: see `mixed`)."""
        return self.tables[0] if self.tables and not self.mixed else None

    @property
    def mixed(self) -> bool:
        return len(set(self.tables)) > 1

    @staticmethod
    def context(table: CharacteristicTable | None) -> dict[str, Any] | None:
        """The validation context reading a profile and its modifiers with `table`."""
        return None if table is None else {STATLINE: table}


def fighter_statlines(
    body: dict[str, Any], source: str, ruleset_for: Callable[[str], Ruleset] | None
) -> FileStatlines:
    """Each fighter's statline, its `statline` key taken out of the entry (and a left-out
    profile filled in with its type's)."""
    entries = body.get("fighters")
    if not isinstance(entries, list):
        return FileStatlines([])
    ruleset = _ruleset(body, ruleset_for)
    house = body.get("house", "")
    house = house if isinstance(house, str) else ""
    return FileStatlines(
        [
            _table_of(entry, index, ruleset, house, source) if isinstance(entry, dict) else None
            for index, entry in enumerate(entries)
        ]
    )


def with_statline_keys(
    fighters: list[Fighter], written: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    """The written fighters, `statline` before the profile of one keyed by another
    statline than the fighter's."""
    out = []
    for fighter, entry in zip(fighters, written, strict=True):
        name = fighter.profile.table.name
        if name == FIGHTER_STATLINE:
            out.append(entry)
            continue
        keyed: dict[str, Any] = {}
        for key, value in entry.items():
            if key == "profile":
                keyed[STATLINE_KEY] = name
            keyed[key] = value
        out.append(keyed)
    return out


def _ruleset(body: dict[str, Any], ruleset_for: Callable[[str], Ruleset] | None) -> Ruleset | None:
    ruleset_id = body.get("ruleset", _DEFAULT_RULESET)
    if ruleset_for is None or not isinstance(ruleset_id, str):
        return None
    try:
        return ruleset_for(ruleset_id)
    except (ValueError, LookupError):
        return None  # an unknown ruleset is refused by its own check, after the reading


def _table_of(
    entry: dict[str, Any], index: int, ruleset: Ruleset | None, house: str, source: str
) -> CharacteristicTable | None:
    where = json_path(("fighters", index, STATLINE_KEY))
    named = entry.pop(STATLINE_KEY, None)
    if named is not None and (not isinstance(named, str) or not named.strip()):
        raise ImportFileError(
            source, where, f"expected a statline's name, got {describe_value(named)}"
        )
    type_name = entry.get("type")
    kind = (
        ruleset.fighter_type(house, type_name)
        if ruleset is not None and isinstance(type_name, str) and type_name
        else None
    )
    name = named.strip() if named is not None else kind.statline if kind else FIGHTER_STATLINE
    if ruleset is None:
        if name != FIGHTER_STATLINE:
            raise ImportFileError(
                source, where, f"{quoted(name)}: the gang's ruleset is not at hand"
            )
        return None
    if name not in ruleset.statlines:
        known = ", ".join(ruleset.statlines)
        raise ImportFileError(
            source, where, f"{quoted(name)} is no statline of {quoted(ruleset.id)} (its: {known})"
        )
    table = ruleset.statline(name)
    if "profile" not in entry and kind is not None and kind.statline == name:
        entry["profile"] = kind.profile.printed(table)
    return table
