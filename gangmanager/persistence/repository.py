"""The gang repository: rules-core gangs in, rules-core gangs out.

Callers never see a row. Every method runs inside the session of one unit of
work; nothing here commits. Row snapshots, the undo engine, are
persistence/snapshots.py's (`uow.snapshots`).
"""

from __future__ import annotations

import builtins
import re
from collections.abc import Iterable, Mapping
from typing import Any

from pydantic import ValidationError
from sqlalchemy import delete, func, select, update
from sqlalchemy.orm import Session, joinedload, selectinload
from sqlalchemy.orm.exc import StaleDataError
from sqlalchemy.orm.interfaces import LoaderOption

# The refusals are shown to the user as they are; they live in gangmanager.errors,
# below services, so persistence imports nothing above it.
from gangmanager.errors import (
    NotYourGangError,
    ServiceError,
    StaleGangError,
)
from gangmanager.persistence import mapping, row_changes
from gangmanager.persistence.engines import READ_ONLY
from gangmanager.persistence.gang_aggregate import GANG
from gangmanager.persistence.row_reading import (
    GangSummary,
    gang_or_damaged,
    rules_default,
)
from gangmanager.persistence.row_reading import as_id as _as_id
from gangmanager.persistence.tables import (
    Base,
    FighterRow,
    GangRow,
    WargearRow,
    WeaponRow,
    utc_now,
)
from gangmanager.rules.campaign import GangFigures, figures_of
from gangmanager.rules.characteristics import StatlineTables
from gangmanager.rules.gang import Fighter, Gang
from gangmanager.rules.limits import MAX_GANG_NAME_CHARS, name_error, quoted
from gangmanager.rules.profile import STATLINE


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
    def __init__(self, session: Session, statlines: StatlineTables | None = None) -> None:
        self._session = session
        # Where the statline of a stored profile is read from (row_reading).
        self._statlines = statlines or rules_default
        # The gang `get_for_update` read and locked, with its row: `update(..., base=)`.
        self._held: tuple[Gang, GangRow] | None = None

    def _gang(self, row: GangRow) -> Gang:
        return gang_or_damaged(row, self._statlines)

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
        return self._gang(self._load(gang_id))

    def get_for_update(self, gang_id: int) -> Gang:
        """The whole gang, locked for this transaction as `update` locks it.

        An edit reads the gang once: `update(edited, base=this)` then writes
        without reading or validating the stored gang again.
        """
        locked = self._lock(gang_id)
        row = self._load(gang_id, fresh=True)
        if locked == 0:
            raise NotYourGangError(row.name)
        gang = self._gang(row)
        self._held = (gang, row)
        return gang

    def get_many(self, gang_ids: Iterable[int]) -> dict[int, Gang]:
        """The whole gangs by id, in the five SELECTs of one (`IN`), not five per gang;
        an id with no gang is left out."""
        wanted = sorted(set(gang_ids))
        if not wanted:
            return {}
        query = select(GangRow).where(GangRow.id.in_(wanted)).options(*_whole_gang())
        rows = self._session.scalars(query).unique().all()
        return {row.id: self._gang(row) for row in sorted(rows, key=lambda r: r.id)}

    def figures(self, gang_ids: Iterable[int]) -> dict[int, GangFigures]:
        """The gangs' committed figures (rating, wealth, Reputation, credits) without their
        fighters: one SELECT with the stash; a gang never rated (no stored Gang Rating)
        is read whole to work its rating out."""
        wanted = sorted(set(gang_ids))
        if not wanted:
            return {}
        query = select(GangRow).where(GangRow.id.in_(wanted)).options(joinedload(GangRow.stash))
        found: dict[int, GangFigures] = {}
        unrated: builtins.list[int] = []
        for row in self._session.scalars(query).unique():
            if row.rating is None:
                unrated.append(row.id)
                continue
            stash = sum(item.total_cost for item in mapping.stash_from_rows(row.stash))
            found[row.id] = GangFigures(
                gang_id=row.id,
                name=row.name,
                house=row.house,
                rating=row.rating,
                wealth=row.rating + row.credits + stash,
                reputation=row.reputation,
                credits=row.credits,
            )
        found.update({gid: figures_of(gang) for gid, gang in self.get_many(unrated).items()})
        return found

    def find(self, name_or_id: str) -> Gang | None:
        """By id when all digits (then by name), else by name ignoring case."""
        wanted = name_or_id.strip()
        # Each lookup reads only the gang it finds, so opening one gang costs the
        # same among a thousand as alone (bench/open_gang.py).
        gang_id = _as_id(wanted)
        if gang_id is not None:
            row = self._load_or_none(gang_id)
            if row is not None:
                return self._gang(row)
        # Exact spelling first, so "Orlocks" and "ORLOCKS" stay distinguishable.
        exact = self.id_named(wanted)
        if exact is not None:
            return self.get(exact)
        # Python's casefold, not SQL's lower() (ASCII only in SQLite): read the names.
        folded = [
            gid
            for gid, name in self._session.execute(select(GangRow.id, GangRow.name))
            if name.casefold() == wanted.casefold()
        ]
        return self.get(min(folded)) if folded else None

    def id_named(self, name: str) -> int | None:
        """The first gang spelt exactly so (names may repeat), without reading it."""
        return self._session.scalar(select(func.min(GangRow.id)).where(GangRow.name == name))

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
            suffix = f" ({n})"
            # Cut the base, not the number, so the name stays within its limit.
            candidate = base[: MAX_GANG_NAME_CHARS - len(suffix)].rstrip() + suffix
            if candidate.casefold() not in taken:
                return candidate

    def add(self, gang: Gang) -> Gang:
        """Insert as a new gang (any ids on `gang` are ignored); returns it with its ids."""
        _check_storable(gang)
        row = mapping.gang_row(gang)
        self._session.add(row)
        self._session.flush()
        if mapping.link_owners(gang, row):  # owners named by provisional ids
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
            raise LookupError(f"gang {quoted(gang.name)} has no id: add it before replacing it")
        _check_storable(gang)
        row = self._load_for_write(gang)
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
        self._flush()
        if mapping.link_owners(gang, row):
            self._flush()
        return mapping.with_ids(gang, row)

    def update(self, gang: Gang, *, base: Gang | None = None) -> Gang:
        """Like `replace`, but writes only what differs from the stored gang.

        A fighter whose modifiers, weapons or wargear are unchanged keeps those
        rows (and their ids); only the lists that changed are rewritten. The
        gang row is always touched, so every save is a new version.

        `base`: the gang `get_for_update` returned in this unit of work, of which
        `gang` is an edit. The stored gang is then not read again, fighters equal
        to base's are neither validated again nor written (base's were validated
        when read), and what is stored and returned is the validated gang: as a
        later read gives it back, ids and new version included.
        """
        if gang.id is None:
            raise LookupError(f"gang {quoted(gang.name)} has no id: add it before updating it")
        gang, before, row = self._checked_for_update(gang, base)
        self._held = None  # the row is about to change: no later update may trust it
        mapping.set_gang_columns(row, gang)
        row.updated_at = utc_now()
        fighter_rows = _updated_fighter_rows(row, gang, {f.id: f for f in before.fighters})
        # The same rows in the same order: assigning the list would only compare them all.
        same = len(fighter_rows) == len(row.fighters) and all(
            new is now for new, now in zip(fighter_rows, row.fighters, strict=True)
        )
        if not same:
            row.fighters = fighter_rows
        if before.stash != gang.stash:
            row.stash = mapping.stash_rows(gang)
        self._flush()
        if mapping.link_owners(gang, row):  # a new owner, or one inserted in this save
            self._flush()
        return mapping.with_ids(gang, row)

    def _checked_for_update(self, gang: Gang, base: Gang | None) -> tuple[Gang, Gang, GangRow]:
        """`update`'s gang checked, the stored gang it changes and its row: those held
        from `get_for_update` when `base` is the gang read there, else read again."""
        held = self._held
        if base is not None and held is not None and held[0] is base and base.id == gang.id:
            before, row = held
            gang = _check_storable(gang, {f.id: f for f in before.fighters})
            if gang.version is not None and row.version != gang.version:
                raise StaleGangError
        else:
            _check_storable(gang)
            row = self._load_for_write(gang)
            before = self._gang(row)
        return gang, before, row

    def rename(self, gang_id: int, name: str) -> None:
        """Only the name, without loading the gang: the way out for a damaged one."""
        row = self._session.get(GangRow, gang_id)
        if row is None:
            raise LookupError(f"no gang with id {gang_id}")
        row.name = name
        row.updated_at = utc_now()
        self._flush()

    def delete(self, gang_id: int) -> None:
        """Delete the gang; the database cascades to fighters, their items and the stash."""
        # The fighters the cascade takes, for the unit of work's change list.
        fighters = self._session.scalars(select(FighterRow.id).where(FighterRow.gang_id == gang_id))
        gone = [{"id": fighter, "gang_id": gang_id} for fighter in fighters]
        result = self._session.execute(delete(GangRow).where(GangRow.id == gang_id))
        if result.rowcount == 0:  # type: ignore[attr-defined]
            name = self._session.scalar(select(GangRow.name).where(GangRow.id == gang_id))
            if name is not None:  # there, but row-level security hides it from this player
                raise NotYourGangError(name)
            raise LookupError(f"no gang with id {gang_id}")
        row_changes.note(self._session, GANG.root, [{"id": gang_id}], "removed")
        row_changes.note(self._session, GANG.members, gone, "removed")

    def _load_for_write(self, gang: Gang) -> GangRow:
        """Lock the stored gang, then load it; refuse a stale or another player's save.

        The no-op UPDATE holds the row lock until commit, so the version read
        after it cannot change before this save is flushed. On a shared server
        with row-level security it matches no row of another player's gang.
        """
        assert gang.id is not None
        locked = self._lock(gang.id)
        row = self._load(gang.id, fresh=True)
        if locked == 0:
            raise NotYourGangError(row.name)
        if gang.version is not None and row.version != gang.version:
            raise StaleGangError
        return row

    def _lock(self, gang_id: int) -> int:
        """A no-op UPDATE of the gang row: the row lock until commit; 0 when no row matched.

        Not on SQLite: a write transaction there began with BEGIN IMMEDIATE, which holds
        the whole database's write lock until commit, and there are no row policies (a
        gang that is not stored is refused by the load). One statement less per edit."""
        connection = self._session.connection()
        if connection.dialect.name == "sqlite" and not connection.get_execution_options().get(
            READ_ONLY, False
        ):
            return 1
        # The Table itself (`__table__` is typed as any FromClause, which update() refuses).
        table = Base.metadata.tables[GangRow.__tablename__]
        return self._session.execute(  # type: ignore[attr-defined]
            update(table)
            .where(table.c.id == gang_id)
            # updated_at too, or its onupdate default would change the row.
            .values(version=table.c.version, updated_at=table.c.updated_at)
        ).rowcount

    def _flush(self) -> None:
        try:
            self._session.flush()
        except StaleDataError:
            # Another session saved between our read and our write (the version check).
            raise StaleGangError from None

    def _load(self, gang_id: int, *, fresh: bool = False) -> GangRow:
        row = self._load_or_none(gang_id, fresh=fresh)
        if row is None:
            raise LookupError(f"no gang with id {gang_id}")
        return row

    def _load_or_none(self, gang_id: int, *, fresh: bool = False) -> GangRow | None:
        query = select(GangRow).where(GangRow.id == gang_id).options(*_whole_gang())
        if fresh:  # read what is stored now, not what this session loaded earlier
            query = query.execution_options(populate_existing=True)
        # unique(): the joined stash repeats the gang row once per item.
        return self._session.scalars(query).unique().one_or_none()


def _updated_fighter_rows(
    row: GangRow, gang: Gang, old_fighters: Mapping[int | None, Fighter]
) -> builtins.list[FighterRow]:
    """The gang's fighter rows in order: stored rows kept (written only where the
    fighter changed), new ones made. Stored fighters left out are not in the list."""
    stored = {f.id: f for f in row.fighters}
    fighter_rows: builtins.list[FighterRow] = []
    for position, fighter in enumerate(gang.fighters):
        fighter_row = stored.pop(fighter.id, None) if fighter.id is not None else None
        if fighter_row is None:
            fighter_rows.append(mapping.fighter_row(fighter, position))
            continue
        fighter_rows.append(fighter_row)
        old = old_fighters[fighter.id]
        if fighter_row.position == position and (old is fighter or old == fighter):
            continue  # nothing of this fighter to write
        _write_changed_fighter(fighter_row, old, fighter, position)
    return fighter_rows


def _write_changed_fighter(
    fighter_row: FighterRow, old: Fighter, fighter: Fighter, position: int
) -> None:
    """A stored fighter's columns, and those of its lists that differ from `old`."""
    # Assigning an equal value writes nothing: SQLAlchemy compares with what it loaded.
    mapping.set_fighter_columns(fighter_row, fighter, position)
    if old.modifiers != fighter.modifiers:
        fighter_row.modifiers = [
            mapping.modifier_row(m, i) for i, m in enumerate(fighter.modifiers)
        ]
    if old.weapons != fighter.weapons:
        fighter_row.weapons = [mapping.weapon_row(w, i) for i, w in enumerate(fighter.weapons)]
    if old.wargear != fighter.wargear:
        fighter_row.wargear = [
            WargearRow(position=i, name=g.name, cost=g.cost) for i, g in enumerate(fighter.wargear)
        ]


def _check_storable(gang: Gang, trusted: Mapping[int | None, Fighter] | None = None) -> Gang:
    """Store nothing that would not load again: a copy made without validation
    (`model_copy`) or a sum (credits after a big win) can pass a bound. Returns the
    validated gang (names normalised as a read gives them), ids and version kept.

    `trusted`: fighters as read from the store, each validated then; a fighter of
    `gang` equal to the trusted one with its id is taken as it is (pydantic does not
    validate a model instance again), so an edit validates only what it changed.
    """
    trusted = trusted or {}
    fighters: builtins.list[Fighter] = []
    for index, fighter in enumerate(gang.fighters):
        old = trusted.get(fighter.id) if fighter.id is not None else None
        if old is not None and (old is fighter or old == fighter):
            fighters.append(fighter)
            continue
        try:
            # Read against the statline the profile is keyed by, as a reading will.
            fighters.append(Fighter.model_validate(fighter.model_dump(), context=_keyed(fighter)))
        except ValidationError as exc:
            raise _not_saved(exc, ("fighters", index)) from None
    try:
        checked = Gang.model_validate(
            {**gang.model_dump(exclude={"fighters"}), "fighters": fighters}
        )
    except ValidationError as exc:
        raise _not_saved(exc) from None
    # model_dump leaves out the ids and owners' ids (exclude=True): put them back.
    kept = [
        new
        if (new.id, new.owner_id) == (old.id, old.owner_id)
        else new.model_copy(update={"id": old.id, "owner_id": old.owner_id})
        for new, old in zip(checked.fighters, gang.fighters, strict=True)
    ]
    return checked.model_copy(update={"id": gang.id, "version": gang.version, "fighters": kept})


def _keyed(fighter: Fighter) -> dict[str, Any]:
    return {STATLINE: fighter.profile.table}


def _not_saved(exc: ValidationError, within: tuple[str | int, ...] = ()) -> ServiceError:
    first = exc.errors(include_url=False)[0]
    loc = (*within, *first["loc"])
    where = ".".join(str(part) for part in loc)
    if first["type"] == "less_than_equal":
        message = f"{first['input']:,} is more than the most allowed, {first['ctx']['le']:,}"
    elif loc[-1:] == ("name",):
        message = name_error(first)
    else:
        message = first["msg"]
    return ServiceError(f"not saved: {where}: {message}")
