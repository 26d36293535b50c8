"""The gang repository: rules-core gangs in, rules-core gangs out.

Callers never see a row. Every method runs inside the session of one unit of
work; nothing here commits.
"""

from __future__ import annotations

import builtins
import re
from dataclasses import dataclass

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session, joinedload, selectinload
from sqlalchemy.orm.interfaces import LoaderOption

from gangmanager.persistence import mapping
from gangmanager.persistence.tables import FighterRow, GangRow, WeaponRow, utc_now
from gangmanager.rules.gang import Gang


@dataclass(frozen=True)
class GangSummary:
    """One line of the gang list, read without loading any fighter."""

    id: int
    name: str
    house: str
    ruleset: str
    # Committed Gang Rating (None until founding computes it).
    rating: int | None
    credits: int
    reputation: int
    # Every fighter on the roster, whatever their status.
    fighter_count: int


def _whole_gang() -> list[LoaderOption]:
    """Five SELECTs whatever the number of fighters (plus BEGIN on SQLite).

    One per list of fighters' things (`selectinload`: `WHERE fighter_id IN
    (...)`); the stash rides on the gang's SELECT and the profiles on the
    weapons' SELECT (`joinedload`), as those rows are few and narrow.
    """
    fighters = selectinload(GangRow.fighters)
    return [
        joinedload(GangRow.stash),
        fighters.selectinload(FighterRow.modifiers),
        fighters.selectinload(FighterRow.weapons).joinedload(WeaponRow.profiles),
        fighters.selectinload(FighterRow.wargear),
    ]


# "Goliaths (3)" -> base "Goliaths", so a copy of a copy is "Goliaths (4)", not "(3) (2)".
_NUMBERED = re.compile(r"^(?P<base>.*\S)\s+\((?P<n>\d+)\)$")


class GangRepository:
    def __init__(self, session: Session) -> None:
        self._session = session

    def list(self) -> builtins.list[GangSummary]:
        """All gangs by name, with their fighter counts, in one query."""
        fighter_count = (
            select(func.count(FighterRow.id))
            .where(FighterRow.gang_id == GangRow.id)
            .correlate(GangRow)
            .scalar_subquery()
        )
        query = select(
            GangRow.id,
            GangRow.name,
            GangRow.house,
            GangRow.ruleset,
            GangRow.rating,
            GangRow.credits,
            GangRow.reputation,
            fighter_count,
        ).order_by(func.lower(GangRow.name), GangRow.id)
        return [GangSummary(*row) for row in self._session.execute(query)]

    def names(self) -> builtins.list[str]:
        query = select(GangRow.name).order_by(func.lower(GangRow.name), GangRow.id)
        return builtins.list(self._session.scalars(query))

    def get(self, gang_id: int) -> Gang:
        """The whole gang with `Gang.id` and every `Fighter.id` filled in."""
        return mapping.gang_from_row(self._load(gang_id))

    def find(self, name_or_id: str) -> Gang | None:
        """By id when all digits (then by name), else by name ignoring case."""
        wanted = name_or_id.strip()
        ids_and_names = self._session.execute(select(GangRow.id, GangRow.name)).all()
        if wanted.isdigit() and any(gid == int(wanted) for gid, _ in ids_and_names):
            return self.get(int(wanted))
        # Exact spelling first, so "Orlocks" and "ORLOCKS" stay distinguishable.
        exact = [gid for gid, name in ids_and_names if name == wanted]
        folded = [gid for gid, name in ids_and_names if name.casefold() == wanted.casefold()]
        matches = exact or folded
        return self.get(min(matches)) if matches else None

    def unique_name(self, name: str) -> str:
        """`name` if no gang has it (ignoring case), else `name (2)`, `name (3)`..."""
        name = name.strip()
        taken = {n.casefold() for n in self.names()}
        if name.casefold() not in taken:
            return name
        numbered = _NUMBERED.match(name)
        base, n = (numbered.group("base"), int(numbered.group("n"))) if numbered else (name, 1)
        while True:
            n += 1
            candidate = f"{base} ({n})"
            if candidate.casefold() not in taken:
                return candidate

    def add(self, gang: Gang) -> Gang:
        """Insert as a new gang (any ids on `gang` are ignored); returns it with its ids."""
        row = mapping.gang_row(gang)
        self._session.add(row)
        self._session.flush()
        return mapping.with_ids(gang, row)

    def replace(self, gang: Gang) -> Gang:
        """Save the whole gang over the stored one with the same id.

        Fighters whose id is on the stored gang are updated in place and keep
        their ids; fighters without an id (or with one from elsewhere) are
        inserted; stored fighters that are missing are deleted. A fighter's
        modifiers, weapons and wargear, and the stash, are rewritten.
        """
        if gang.id is None:
            raise LookupError(f"gang {gang.name!r} has no id: add it before replacing it")
        row = self._load(gang.id)
        mapping.set_gang_columns(row, gang)
        # Always touch the gang row: a save of fighters only is still a new version.
        row.updated_at = utc_now()
        stored = {f.id: f for f in row.fighters}
        fighter_rows: builtins.list[FighterRow] = []
        for position, fighter in enumerate(gang.fighters):
            fighter_row = stored.pop(fighter.id, None) if fighter.id is not None else None
            if fighter_row is None:
                fighter_row = mapping.fighter_row(fighter, position)
            else:
                mapping.set_fighter_columns(fighter_row, fighter, position)
                mapping.set_fighter_children(fighter_row, fighter)
            fighter_rows.append(fighter_row)
        # Fighters left in `stored` become orphans and are deleted (delete-orphan).
        row.fighters = fighter_rows
        row.stash = mapping.stash_rows(gang)
        self._session.flush()
        return mapping.with_ids(gang, row)

    def delete(self, gang_id: int) -> None:
        """Delete the gang; the database cascades to fighters, their items and the stash."""
        result = self._session.execute(delete(GangRow).where(GangRow.id == gang_id))
        if result.rowcount == 0:  # type: ignore[attr-defined]
            raise LookupError(f"no gang with id {gang_id}")

    def _load(self, gang_id: int) -> GangRow:
        query = select(GangRow).where(GangRow.id == gang_id).options(*_whole_gang())
        # unique(): the joined stash repeats the gang row once per item.
        row = self._session.scalars(query).unique().one_or_none()
        if row is None:
            raise LookupError(f"no gang with id {gang_id}")
        return row
