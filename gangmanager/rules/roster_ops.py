"""Pure roster edits: each takes a gang and returns the edited copy.

None of them touches a committed rating: only `ratings.found_gang` and
`ratings.update_roster` do. Fighters are addressed by their index in the
roster so that unsaved fighters (no id yet) can be edited too.
"""

from __future__ import annotations

from gangmanager.rules.gang import Fighter, FighterStatus, Gang
from gangmanager.rules.modifiers import Modifier, check_advancement
from gangmanager.rules.weapons import Item, Weapon


def _with_fighter(gang: Gang, index: int, fighter: Fighter) -> Gang:
    fighters = list(gang.fighters)
    fighters[index] = fighter
    return gang.model_copy(update={"fighters": fighters})


def add_fighter(gang: Gang, fighter: Fighter) -> Gang:
    return gang.model_copy(update={"fighters": [*gang.fighters, fighter]})


def remove_fighter(gang: Gang, index: int) -> Gang:
    fighters = list(gang.fighters)
    del fighters[index]
    return gang.model_copy(update={"fighters": fighters})


def set_status(gang: Gang, index: int, status: FighterStatus) -> Gang:
    return _with_fighter(gang, index, gang.fighters[index].model_copy(update={"status": status}))


def add_weapon(gang: Gang, index: int, weapon: Weapon) -> Gang:
    fighter = gang.fighters[index]
    return _with_fighter(
        gang, index, fighter.model_copy(update={"weapons": [*fighter.weapons, weapon]})
    )


def remove_weapon(gang: Gang, index: int, weapon_index: int) -> Gang:
    fighter = gang.fighters[index]
    weapons = list(fighter.weapons)
    del weapons[weapon_index]
    return _with_fighter(gang, index, fighter.model_copy(update={"weapons": weapons}))


def remove_profile(gang: Gang, index: int, weapon_index: int, profile_name: str) -> Gang:
    """A Limited profile lost in battle, or a paid profile removed."""
    fighter = gang.fighters[index]
    weapons = list(fighter.weapons)
    weapons[weapon_index] = weapons[weapon_index].without_profile(profile_name)
    return _with_fighter(gang, index, fighter.model_copy(update={"weapons": weapons}))


def add_wargear(gang: Gang, index: int, item: Item) -> Gang:
    fighter = gang.fighters[index]
    return _with_fighter(
        gang, index, fighter.model_copy(update={"wargear": [*fighter.wargear, item]})
    )


def add_modifier(gang: Gang, index: int, modifier: Modifier) -> Gang:
    """Add a modifier; an advancement past its cap raises AdvancementCapError."""
    fighter = gang.fighters[index]
    check_advancement(fighter.profile, fighter.modifiers, modifier)
    return _with_fighter(
        gang, index, fighter.model_copy(update={"modifiers": [*fighter.modifiers, modifier]})
    )


def remove_modifier(gang: Gang, index: int, modifier_index: int) -> Gang:
    fighter = gang.fighters[index]
    modifiers = list(fighter.modifiers)
    del modifiers[modifier_index]
    return _with_fighter(gang, index, fighter.model_copy(update={"modifiers": modifiers}))


def set_credits(gang: Gang, credits: int) -> Gang:
    return gang.model_copy(update={"credits": credits})
