"""Conversions between rules-core objects and table rows.

Rows are built fresh from the domain (children are rewritten wholesale) and
read back into frozen domain objects; nothing here touches a session.
"""

from __future__ import annotations

from gangmanager.persistence.row_reading import (  # noqa: F401  (still importable from here)
    fighter_from_row,
    gang_from_row,
    stash_from_rows,
)
from gangmanager.persistence.tables import (
    FighterRow,
    GangRow,
    ModifierRow,
    StashItemRow,
    WargearRow,
    WeaponProfileRow,
    WeaponRow,
)
from gangmanager.rules.gang import Fighter, Gang
from gangmanager.rules.modifiers import Modifier
from gangmanager.rules.shapes import LATER_WEAPON_FIELDS
from gangmanager.rules.weapons import Weapon, WeaponProfile

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
    row.portrait = gang.portrait


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
    # The profile keyed by its statline's codes, and the statline's name to read it again.
    row.statline = fighter.profile.table.name
    row.profile = dict(fighter.profile.values)
    # New lists: SQLAlchemy's plain JSON type does not see in-place mutation.
    row.skills = list(fighter.skills)
    row.injuries = list(fighter.injuries)
    row.notes = fighter.notes
    # A stored fighter's id as it is; a provisional one is the real one only after the
    # flush (`link_owners`).
    row.owner_id = (
        fighter.owner_id if fighter.owner_id is not None and fighter.owner_id > 0 else None
    )
    row.portrait = fighter.portrait


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
        later=later_columns(profile),
    )


def later_columns(profile: WeaponProfile) -> dict[str, str]:
    """The profile's columns of `shapes.LATER_WEAPON_FIELDS` that hold a value."""
    values = ((name, getattr(profile, name)) for name in LATER_WEAPON_FIELDS)
    return {name: value for name, value in values if value != "-"}


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


def link_owners(gang: Gang, row: GangRow) -> bool:
    """Point each fighter row's `owner_id` at the row of the fighter the gang names by
    id (stored or provisional, rules/fighter_refs.py), once a flush gave every row its
    id; a reference to no fighter of the gang is none. True when a row changed."""
    ids = {f.id: r.id for f, r in zip(gang.fighters, row.fighters, strict=True) if f.id is not None}
    changed = False
    for fighter, fighter_row in zip(gang.fighters, row.fighters, strict=True):
        wanted = ids.get(fighter.owner_id) if fighter.owner_id is not None else None
        if wanted == fighter_row.id:
            wanted = None
        if fighter_row.owner_id != wanted:
            fighter_row.owner_id = wanted
            changed = True
    return changed


def with_ids(gang: Gang, row: GangRow) -> Gang:
    """The saved gang with its ids, its fighters' ids and its new version (after a flush
    and `link_owners`): owners by their stored ids too."""
    # A copy only where an id is new: a roster of 300 is not copied for one edit.
    fighters = [
        f
        if (f.id, f.owner_id) == (r.id, r.owner_id)
        else f.model_copy(update={"id": r.id, "owner_id": r.owner_id})
        for f, r in zip(gang.fighters, row.fighters, strict=True)
    ]
    return gang.model_copy(update={"id": row.id, "version": row.version, "fighters": fighters})
