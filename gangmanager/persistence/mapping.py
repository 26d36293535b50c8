"""Conversions between rules-core objects and table rows.

Rows are built fresh from the domain (children are rewritten wholesale) and
read back into frozen domain objects; nothing here touches a session.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from gangmanager.persistence.tables import (
    PROFILE_COLUMNS,
    FighterRow,
    GangRow,
    ModifierRow,
    StashItemRow,
    WargearRow,
    WeaponProfileRow,
    WeaponRow,
)
from gangmanager.rules.gang import Category, Fighter, FighterStatus, Gang
from gangmanager.rules.modifiers import Modifier, ModifierKind
from gangmanager.rules.profile import Profile
from gangmanager.rules.weapons import Item, Weapon, WeaponProfile

# ---------------------------------------------------------------- domain -> rows


def set_gang_columns(row: GangRow, gang: Gang) -> None:
    row.name = gang.name
    row.house = gang.house
    row.ruleset = gang.ruleset
    row.credits = gang.credits
    row.reputation = gang.reputation
    row.rating = gang.rating
    row.notes = gang.notes
    row.house_rules_ignore_restrictions = gang.house_rules_ignore_restrictions


def set_fighter_columns(row: FighterRow, fighter: Fighter, position: int) -> None:
    """Scalar columns and the base profile; children are set by `set_fighter_children`."""
    row.position = position
    row.name = fighter.name
    row.type = fighter.type
    row.category = fighter.category.value
    row.cost = fighter.cost
    row.xp = fighter.xp
    row.status = fighter.status.value
    row.rating = fighter.rating
    for code, column in PROFILE_COLUMNS.items():
        setattr(row, column, fighter.profile[code])
    # New lists: SQLAlchemy's plain JSON type does not see in-place mutation.
    row.skills = list(fighter.skills)
    row.injuries = list(fighter.injuries)
    row.notes = fighter.notes
    row.owner = fighter.owner


def set_fighter_children(row: FighterRow, fighter: Fighter) -> None:
    row.modifiers = [modifier_row(m, i) for i, m in enumerate(fighter.modifiers)]
    row.weapons = [weapon_row(w, i) for i, w in enumerate(fighter.weapons)]
    row.wargear = [
        WargearRow(position=i, name=g.name, cost=g.cost) for i, g in enumerate(fighter.wargear)
    ]


def fighter_row(fighter: Fighter, position: int) -> FighterRow:
    row = FighterRow()
    set_fighter_columns(row, fighter, position)
    set_fighter_children(row, fighter)
    return row


def modifier_row(modifier: Modifier, position: int) -> ModifierRow:
    return ModifierRow(
        position=position,
        source=modifier.source,
        kind=modifier.kind.value,
        changes=dict(modifier.changes),
        set_to=dict(modifier.set_to),
        cost=modifier.cost,
    )


def weapon_row(weapon: Weapon, position: int) -> WeaponRow:
    return WeaponRow(
        position=position,
        name=weapon.name,
        cost=weapon.cost,
        profiles=[weapon_profile_row(p, i) for i, p in enumerate(weapon.profiles)],
    )


def weapon_profile_row(profile: WeaponProfile, position: int) -> WeaponProfileRow:
    return WeaponProfileRow(
        position=position,
        name=profile.name,
        rng_s=profile.rng_s,
        rng_l=profile.rng_l,
        acc_s=profile.acc_s,
        acc_l=profile.acc_l,
        strength=profile.strength,
        ap=profile.ap,
        d=profile.d,
        am=profile.am,
        traits=[str(t) for t in profile.traits],
        cost=profile.cost,
    )


def stash_rows(gang: Gang) -> list[StashItemRow]:
    return [
        StashItemRow(
            position=i,
            name=item.name,
            cost=item.cost,
            profiles=[p.model_dump(mode="json", by_alias=True) for p in item.profiles],
        )
        for i, item in enumerate(gang.stash)
    ]


def gang_row(gang: Gang) -> GangRow:
    row = GangRow()
    set_gang_columns(row, gang)
    row.fighters = [fighter_row(f, i) for i, f in enumerate(gang.fighters)]
    row.stash = stash_rows(gang)
    return row


# ---------------------------------------------------------------- rows -> domain


def gang_from_row(row: GangRow) -> Gang:
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
        fighters=[fighter_from_row(f) for f in row.fighters],
        notes=row.notes,
        house_rules_ignore_restrictions=row.house_rules_ignore_restrictions,
    )


def stash_from_rows(rows: list[StashItemRow]) -> list[Weapon]:
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


def _weapon_profile_of(row: WeaponProfileRow) -> WeaponProfile:
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


def fighter_from_row(row: FighterRow) -> Fighter:
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
        owner=row.owner,
    )


def with_ids(gang: Gang, row: GangRow) -> Gang:
    """The saved gang with its ids, its fighters' ids and its new version (after a flush)."""
    # A copy only where the id is new: a roster of 300 is not copied for one edit.
    fighters = [
        f if f.id == r.id else f.model_copy(update={"id": r.id})
        for f, r in zip(gang.fighters, row.fighters, strict=True)
    ]
    return gang.model_copy(update={"id": row.id, "version": row.version, "fighters": fighters})
