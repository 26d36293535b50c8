"""A beast points at its owner by id: renaming keeps it, removing clears it."""

from __future__ import annotations

from gangmanager.rules import roster_ops
from gangmanager.rules.fighter_refs import (
    owner_name,
    owner_of,
    owners_by_name,
    provisional_ids,
    renumbered,
    settled,
)
from gangmanager.rules.gang import Category, Fighter, Gang
from gangmanager.rules.gang_additions import ownerless_beasts
from gangmanager.rules.profile import Profile


def _fighter(name: str, category: Category = Category.LEADER, **update: object) -> Fighter:
    return Fighter(name=name, category=category, profile=Profile(values={})).model_copy(
        update=update
    )


def _gang() -> Gang:
    gorn = _fighter("Gorn", id=1)
    rex = _fighter("Rex", Category.EXOTIC_BEAST, id=2, owner_id=1)
    return Gang(name="Iron Wolves", fighters=[gorn, rex])


def test_renaming_the_owner_keeps_the_beast_theirs() -> None:
    gang = roster_ops.edit_fighter(_gang(), 0, name="Gorn the Bold")
    rex = gang.fighters[1]
    assert owner_of(rex, gang.fighters) is gang.fighters[0]
    assert owner_name(rex, gang.fighters) == "Gorn the Bold"
    assert ownerless_beasts(gang.fighters) == []


def test_removing_the_owner_leaves_the_beast_without_one() -> None:
    gang = roster_ops.remove_fighter(_gang(), 0)
    assert gang.fighters[0].owner_id is None
    assert ownerless_beasts(gang.fighters) == ["Rex (Exotic Beast) has no owner in the gang"]


def test_owners_by_name_take_one_fighter_or_none() -> None:
    fighters = provisional_ids(
        [
            _fighter("Gorn"),
            _fighter("Twin"),
            _fighter("twin"),
            *[_fighter("Rex", Category.EXOTIC_BEAST)] * 3,
        ]
    )
    assert [f.id for f in fighters] == [-1, -2, -3, -4, -5, -6]
    owned = owners_by_name(fighters, ["", "", "", " GORN ", "Twin", "Nobody"])
    assert [f.owner_id for f in owned] == [None, None, None, -1, None, None]
    assert settled(owned) == owned  # something points at a provisional id: kept
    assert [f.id for f in settled(fighters)] == [None] * 6  # nothing does: as read


def test_renumbering_moves_the_owner_with_its_fighter() -> None:
    moved = renumbered(_gang().fighters, {1: 10, 2: 20})
    assert [(f.id, f.owner_id) for f in moved] == [(10, None), (20, 10)]
