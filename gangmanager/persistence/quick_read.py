"""The first screen of a SQLite file read with the standard library's `sqlite3`.

The window's start shows the gang list and one gang. Reading them through the
ORM first creates the engine, configures every mapper and compiles the
statements: tens of milliseconds and megabytes before the first paint
(docs/performance.md). Until the first action that needs the engine,
`Database.quick_reader()` hands out this reader instead. It returns what the
repository returns: the rows are turned into domain objects by the same
`row_reading.gang_from_row` (and a bad row into the same `DamagedGangError`);
neither module imports SQLAlchemy, and
tests/persistence/test_quick_read.py holds it equal to the ORM for every kind
of row.
"""

from __future__ import annotations

import builtins
import json
import sqlite3
from collections import defaultdict
from collections.abc import Iterable, Iterator
from contextlib import closing, contextmanager
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from gangmanager.errors import DatabaseError
from gangmanager.persistence.row_reading import (
    GangSummary,
    as_id,
    gang_or_damaged,
    rules_default,
)
from gangmanager.rules.characteristics import StatlineTables
from gangmanager.rules.gang import Gang

_LIST = """
SELECT g.id, g.name, g.house, g.ruleset, g.rating, g.credits, g.reputation,
       (SELECT count(f.id) FROM fighters AS f WHERE f.gang_id = g.id)
FROM gangs AS g ORDER BY lower(g.name), g.id
"""
_FIGHTER_COLUMNS = ", ".join(
    (
        *("id", "name", "type", "category", "cost", "xp", "status", "rating"),
        *("statline", "profile", "skills", "injuries", "notes", "owner_id", "portrait"),
    )
)
# Children of the gang's fighters, in one SELECT per kind whatever the number of fighters.
_OF_FIGHTERS = "fighter_id IN (SELECT id FROM fighters WHERE gang_id = ?)"


def _json(text: str | None) -> Any:
    """A JSON column as SQLAlchemy's `JSON` type reads it (SQL NULL is None)."""
    return None if text is None else json.loads(text)


class QuickReader:
    """Reads of a SQLite file that need no engine: one read-only connection per call."""

    def __init__(self, path: Path, statlines: StatlineTables | None = None) -> None:
        self.path = path
        # Where a stored profile's statline is read from (the repository's, row_reading).
        self.statlines = statlines or rules_default

    @contextmanager
    def _connection(self) -> Iterator[sqlite3.Connection]:
        # Imported here: database.py builds on nothing of this module.
        from gangmanager.persistence.database import _read_only_uri

        try:
            with closing(sqlite3.connect(_read_only_uri(self.path), uri=True)) as connection:
                connection.row_factory = sqlite3.Row
                # One snapshot for the whole read, like the ORM's read transaction.
                connection.execute("BEGIN")
                yield connection
        except sqlite3.Error as exc:
            raise DatabaseError(f"{self.path}: cannot read ({exc})") from exc

    def list(self) -> list[GangSummary]:
        """`GangRepository.list()`: all gangs by name with their fighter counts."""
        with self._connection() as connection:
            return [GangSummary(*row) for row in connection.execute(_LIST)]

    def names(self) -> builtins.list[str]:
        with self._connection() as connection:
            query = "SELECT name FROM gangs ORDER BY lower(name), id"
            return [row[0] for row in connection.execute(query)]

    def find(self, name_or_id: str) -> Gang | None:
        """`GangRepository.find()`: by id when all digits, then the exact name, then any case."""
        wanted = name_or_id.strip()
        with self._connection() as connection:
            gang_id = as_id(wanted)
            if gang_id is not None and _exists(connection, gang_id):
                return _read_gang(connection, gang_id, self.statlines)
            exact = connection.execute(
                "SELECT min(id) FROM gangs WHERE name = ?", (wanted,)
            ).fetchone()[0]
            if exact is not None:
                return _read_gang(connection, exact, self.statlines)
            folded = [
                gid
                for gid, name in connection.execute("SELECT id, name FROM gangs")
                if name.casefold() == wanted.casefold()
            ]
            return _read_gang(connection, min(folded), self.statlines) if folded else None


def _exists(connection: sqlite3.Connection, gang_id: int) -> bool:
    query = "SELECT 1 FROM gangs WHERE id = ?"
    return connection.execute(query, (gang_id,)).fetchone() is not None


def _by_parent(rows: Iterable[sqlite3.Row], parent: str) -> dict[int, list[SimpleNamespace]]:
    """Rows grouped under their parent's id, each group in `position` order (the ORM's)."""
    grouped: dict[int, list[SimpleNamespace]] = defaultdict(list)
    for row in rows:
        grouped[row[parent]].append(SimpleNamespace(**dict(row)))
    for group in grouped.values():
        group.sort(key=lambda child: (child.position, child.id))
    return grouped


def _read_gang(connection: sqlite3.Connection, gang_id: int, statlines: StatlineTables) -> Gang:
    """The whole gang in six SELECTs, as rows shaped like the ORM's for `mapping`."""
    gang = connection.execute(
        "SELECT id, version, name, house, ruleset, credits, reputation, rating, notes,"
        " house_rules_ignore_restrictions, portrait FROM gangs WHERE id = ?",
        (gang_id,),
    ).fetchone()
    stash = _by_parent(
        connection.execute("SELECT * FROM stash_items WHERE gang_id = ?", (gang_id,)), "gang_id"
    )
    for item in stash.get(gang_id, []):
        item.profiles = _json(item.profiles)
    modifiers = _by_parent(
        connection.execute(f"SELECT * FROM modifiers WHERE {_OF_FIGHTERS}", (gang_id,)),
        "fighter_id",
    )
    for group in modifiers.values():
        for modifier in group:
            modifier.changes, modifier.set_to = _json(modifier.changes), _json(modifier.set_to)
    weapons = _by_parent(
        connection.execute(f"SELECT * FROM weapons WHERE {_OF_FIGHTERS}", (gang_id,)),
        "fighter_id",
    )
    profiles = _by_parent(
        connection.execute(
            'SELECT *, "str" AS strength FROM weapon_profiles WHERE weapon_id IN'
            f" (SELECT id FROM weapons WHERE {_OF_FIGHTERS})",
            (gang_id,),
        ),
        "weapon_id",
    )
    for group in weapons.values():
        for weapon in group:
            weapon.profiles = profiles.get(weapon.id, [])
            for profile in weapon.profiles:
                profile.traits = _json(profile.traits)
                profile.later = _json(getattr(profile, "later", None)) or {}
    wargear = _by_parent(
        connection.execute(f"SELECT * FROM wargear WHERE {_OF_FIGHTERS}", (gang_id,)),
        "fighter_id",
    )
    fighters = []
    query = f"SELECT {_FIGHTER_COLUMNS} FROM fighters WHERE gang_id = ? ORDER BY position, id"
    for row in connection.execute(query, (gang_id,)):
        fighter = SimpleNamespace(**dict(row))
        fighter.skills, fighter.injuries = _json(fighter.skills), _json(fighter.injuries)
        fighter.profile = _json(fighter.profile)
        fighter.modifiers = modifiers.get(fighter.id, [])
        fighter.weapons = weapons.get(fighter.id, [])
        fighter.wargear = wargear.get(fighter.id, [])
        fighters.append(fighter)
    row = SimpleNamespace(**dict(gang))
    row.house_rules_ignore_restrictions = bool(row.house_rules_ignore_restrictions)
    row.stash = stash.get(gang_id, [])
    row.fighters = fighters
    return gang_or_damaged(row, statlines)  # shaped like a GangRow, as the repository reads it
