"""Stored rows read into domain objects, without SQLAlchemy.

Both readers of a gang use these: the repository (ORM rows) and `quick_read`
(the window's start, stdlib `sqlite3` rows shaped the same), so the two cannot
read a row differently. Nothing here imports SQLAlchemy.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from pydantic import ValidationError

from gangmanager.errors import DamagedGangError
from gangmanager.rules.gang import Category, Fighter, FighterStatus, Gang
from gangmanager.rules.limits import name_error, quoted
from gangmanager.rules.modifiers import Modifier, ModifierKind
from gangmanager.rules.profile import Profile
from gangmanager.rules.weapons import Item, Weapon, WeaponProfile

# Profile column for each characteristic code; `int_` because INT is an SQL type name.
PROFILE_COLUMNS: dict[str, str] = {
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


def gang_from_row(row: Any) -> Gang:
    """Needs the fighters, their children and the stash loaded (see the repository)."""
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
        fighters=_owned_within([fighter_from_row(f) for f in row.fighters]),
        notes=row.notes,
        house_rules_ignore_restrictions=row.house_rules_ignore_restrictions,
        portrait=row.portrait,
    )


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


@lru_cache(maxsize=4096)
def _profile(values: tuple[Any, ...]) -> Profile:
    """A base profile from its twelve columns, validated once per distinct profile (a
    roster of 300 gangers holds a handful). Profile is frozen and nothing changes its
    values in place, so fighters may share one; a value that does not validate raises
    every time (lru_cache keeps no exception), so a damaged row is still found."""
    return Profile(values=dict(zip(PROFILE_COLUMNS, values, strict=True)))


_PROFILE_FIELDS = ("name", "rng_s", "rng_l", "acc_s", "acc_l", "strength", "ap", "d", "am")


def _weapon_profile_of(row: Any) -> WeaponProfile:
    values = tuple(getattr(row, name) for name in _PROFILE_FIELDS)
    traits = row.traits
    try:
        return _weapon_profile(values, tuple(traits), row.cost)
    except TypeError:  # traits that are not plain strings (a damaged row): no cache
        return _weapon_profile.__wrapped__(values, traits, row.cost)


@lru_cache(maxsize=4096)
def _weapon_profile(values: tuple[Any, ...], traits: Any, cost: Any) -> WeaponProfile:
    """A weapon profile from its row, validated once per distinct profile (30 lasguns
    are one); shared like `_profile`: frozen, and every edit copies its lists first.
    Errors are not cached, so a damaged row is still found."""
    return WeaponProfile(
        **dict(zip(_PROFILE_FIELDS, values, strict=True)), traits=traits, cost=cost
    )


def fighter_from_row(row: Any) -> Fighter:
    values = tuple(getattr(row, column) for column in PROFILE_COLUMNS.values())
    return Fighter(
        id=row.id,
        name=row.name,
        type=row.type,
        category=Category(row.category),
        cost=row.cost,
        xp=row.xp,
        status=FighterStatus(row.status),
        rating=row.rating,
        profile=_profile(values),
        modifiers=[
            Modifier(
                source=m.source,
                kind=ModifierKind(m.kind),
                changes=m.changes,
                set_to=m.set_to,
                cost=m.cost,
            )
            for m in row.modifiers
        ],
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


def gang_or_damaged(row: Any) -> Gang:
    """The stored gang, or DamagedGangError naming it and what is wrong."""
    try:
        return gang_from_row(row)
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
