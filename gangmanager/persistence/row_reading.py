"""Stored rows read into domain objects, without SQLAlchemy.

Both readers of a gang use these: the repository (ORM rows) and `quick_read`
(the window's start, stdlib `sqlite3` rows shaped the same), so the two cannot
read a row differently. Nothing here imports SQLAlchemy.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from pydantic import ValidationError

from gangmanager.errors import DamagedGangError
from gangmanager.rules.characteristics import (
    FIGHTER_STATLINE,
    CharacteristicTable,
    StatlineTables,
)
from gangmanager.rules.gang import Category, Fighter, FighterStatus, Gang
from gangmanager.rules.limits import name_error, quoted
from gangmanager.rules.modifiers import Modifier, ModifierKind
from gangmanager.rules.profile import Profile
from gangmanager.rules.weapons import Item, Weapon, WeaponProfile

# StatlineTables (rules/characteristics.py): the statline a stored profile is keyed
# by, asked by the name on its row; None is the rules' default, the n23 fighter
# statline every row stored before schema 0014 holds.


def rules_default(ruleset: str, statline: str) -> CharacteristicTable | None:
    """No pack at hand: profiles are read with the rules' default statline."""
    return None


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


def gang_from_row(row: Any, statlines: StatlineTables = rules_default) -> Gang:
    """Needs the fighters, their children and the stash loaded (see the repository).
    Each statline the fighters name is asked of `statlines` once per gang."""
    tables = _Tables(row.ruleset, statlines)
    return Gang(
        id=row.id,
        version=row.version,
        name=row.name,
        house=row.house,
        ruleset=row.ruleset,
        credits=row.credits,
        reputation=row.reputation,
        rating=row.rating,
        stash=stash_from_rows(row.stash),
        fighters=_owned_within([fighter_from_row(f, tables.of(f.statline)) for f in row.fighters]),
        notes=row.notes,
        house_rules_ignore_restrictions=row.house_rules_ignore_restrictions,
        portrait=row.portrait,
    )


class _Tables:
    """The statlines one gang's rows name, each looked up once."""

    def __init__(self, ruleset: str, statlines: StatlineTables) -> None:
        self._ruleset = ruleset
        self._statlines = statlines
        self._held: dict[str, CharacteristicTable | None] = {}

    def of(self, name: str) -> CharacteristicTable | None:
        if name not in self._held:
            table = self._statlines(self._ruleset, name)
            if table is None and name != FIGHTER_STATLINE:
                raise ValueError(
                    f"statline {quoted(name)}: the ruleset {quoted(self._ruleset)} at hand has none"
                )
            self._held[name] = table
        return self._held[name]


def _owned_within(fighters: list[Fighter]) -> list[Fighter]:
    """An owner is a fighter of the same gang: any other id (a row put back by hand,
    the fighter's own) reads as no owner."""
    ids = {f.id for f in fighters}
    return [
        f
        if f.owner_id is None or (f.owner_id in ids and f.owner_id != f.id)
        else f.model_copy(update={"owner_id": None})
        for f in fighters
    ]


def stash_from_rows(rows: list[Any]) -> list[Weapon]:
    return [
        Weapon(
            name=s.name,
            cost=s.cost,
            profiles=[WeaponProfile.model_validate(p) for p in s.profiles],
        )
        for s in rows
    ]


def _profile_of(stored: object, table: CharacteristicTable | None) -> Profile:
    if not isinstance(stored, Mapping):
        raise ValueError(f"profile: {quoted(stored, 40)} is not an object of characteristics")
    values = tuple(stored.items())
    try:
        return _profile(values, table)
    except TypeError:  # values that are not plain (a damaged row): no cache
        return _profile.__wrapped__(values, table)


@lru_cache(maxsize=4096)
def _profile(values: tuple[tuple[str, Any], ...], table: CharacteristicTable | None) -> Profile:
    """A base profile from its stored object, read with its statline (None: the rules'
    default) and validated once per distinct profile (a roster of 300 gangers holds a
    handful). Profile is frozen and nothing changes its values in place, so fighters
    may share one; a value that does not validate raises every time (lru_cache keeps
    no exception), so a damaged row is still found."""
    data = dict(values)
    return Profile.model_validate(data) if table is None else Profile.read(data, table)


def _modifier(row: Any, table: CharacteristicTable | None) -> Modifier:
    data = {
        "source": row.source,
        "kind": ModifierKind(row.kind),
        "changes": row.changes,
        "set_to": row.set_to,
        "cost": row.cost,
    }
    return Modifier.model_validate(data) if table is None else Modifier.read(data, table)


_PROFILE_FIELDS = ("name", "rng_s", "rng_l", "acc_s", "acc_l", "strength", "ap", "d", "am")


def _weapon_profile_of(row: Any) -> WeaponProfile:
    values = tuple(getattr(row, name) for name in _PROFILE_FIELDS)
    traits, later = row.traits, getattr(row, "later", None) or {}
    try:
        return _weapon_profile(values, tuple(traits), row.cost, tuple(sorted(later.items())))
    except (TypeError, AttributeError):  # not plain strings (a damaged row): no cache
        return _weapon_profile.__wrapped__(values, traits, row.cost, later)


@lru_cache(maxsize=4096)
def _weapon_profile(values: tuple[Any, ...], traits: Any, cost: Any, later: Any) -> WeaponProfile:
    """A weapon profile from its row, validated once per distinct profile (30 lasguns
    are one); shared like `_profile`: frozen, and every edit copies its lists first.
    Errors are not cached, so a damaged row is still found. `later`: the weapon
    statline's later columns (migration 0015), pairs or a mapping."""
    fields = dict(zip(_PROFILE_FIELDS, values, strict=True)) | dict(later)
    return WeaponProfile(**fields, traits=traits, cost=cost)


def fighter_from_row(row: Any, table: CharacteristicTable | None = None) -> Fighter:
    """`table`: the statline the row names (None: the rules' default)."""
    return Fighter(
        id=row.id,
        name=row.name,
        type=row.type,
        category=Category(row.category),
        cost=row.cost,
        xp=row.xp,
        status=FighterStatus(row.status),
        rating=row.rating,
        profile=_profile_of(row.profile, table),
        modifiers=[_modifier(m, table) for m in row.modifiers],
        weapons=[
            Weapon(
                name=w.name,
                cost=w.cost,
                profiles=[_weapon_profile_of(p) for p in w.profiles],
            )
            for w in row.weapons
        ],
        wargear=[Item(name=g.name, cost=g.cost) for g in row.wargear],
        skills=list(row.skills),
        injuries=list(row.injuries),
        notes=row.notes,
        owner_id=row.owner_id,
        portrait=row.portrait,
    )


def gang_or_damaged(row: Any, statlines: StatlineTables = rules_default) -> Gang:
    """The stored gang, or DamagedGangError naming it and what is wrong."""
    try:
        return gang_from_row(row, statlines)
    except (ValidationError, ValueError) as exc:
        reason = str(exc)
        if isinstance(exc, ValidationError):
            first = exc.errors(include_url=False)[0]
            where = ".".join(str(part) for part in first["loc"])
            message = name_error(first) if first["loc"][-1:] == ("name",) else first["msg"]
            reason = f"{where}: {message}"
        raise DamagedGangError(row.id, quoted(row.name, 40), reason) from None


# The largest id SQLite (and PostgreSQL's bigint) can store; a longer number is a name.
MAX_ID = 2**63 - 1


def as_id(text: str) -> int | None:
    """The gang id `text` spells in digits, else None."""
    if not text.isdigit():
        return None
    try:
        value = int(text)
    except ValueError:  # digits int() does not read, such as "²"
        return None
    return value if value <= MAX_ID else None
