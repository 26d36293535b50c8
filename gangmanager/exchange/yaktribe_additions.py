"""YakTribe imports of Brutes, Hangers-on, Hired Guns and Exotic Beasts.

After the fighters are read (each type matched to the pack by name, "Ambot
(Brute)" to the Ambot), two things YakTribe does not say in our terms:

- an Exotic Beast's owner: YakTribe records a beast as an item on its owner's
  card as well as a fighter of its own, so the fighter carrying an item named
  like the beast is its owner; with no such item, the first fighter who may own
  one (Leader, Champion ... as the pack says) is taken, and the report says so;
- the kit an addition comes with (the Ambot's tunnelling claws): given at no
  cost when the file lists none of it, as a recruit would get it.
"""

from __future__ import annotations

from gangmanager.exchange.armoury_match import name_tokens, split_qualifier
from gangmanager.rules.gang import Category, Fighter
from gangmanager.rules.gang_additions import owner_candidates
from gangmanager.rules.roster_ops import recruit
from gangmanager.rules.ruleset import FighterType, House, Ruleset

# Notes for the import report, by fighter name.
Notes = dict[str, list[str]]


def _type_of(fighter: Fighter, ruleset: Ruleset, house: House | None) -> FighterType | None:
    found = (
        ruleset.fighter_type(house.id if house else None, fighter.type) if fighter.type else None
    )
    if found is None and fighter.type:
        key = name_tokens(fighter.type)
        found = next((t for t in ruleset.gang_additions if name_tokens(t.name) == key), None)
    return found if found is not None and found.kind else None


def _carries(fighter: Fighter, beast: FighterType) -> bool:
    """An item on the card naming the beast ("Cyber-mastiff", "Cyber-mastiff (Exotic Beast)")."""
    wanted = name_tokens(beast.name)
    names = [i.name for i in fighter.wargear] + [w.name for w in fighter.weapons]
    return any(
        name_tokens(split_qualifier(n)[0]) == wanted or name_tokens(n) == wanted for n in names
    )


def _owner(
    beast: Fighter, fighter_type: FighterType, fighters: list[Fighter], taken: dict[str, int]
) -> tuple[str, str]:
    candidates = [f for f in owner_candidates(fighter_type, fighters) if f.name != beast.name]
    carrying = [f for f in candidates if _carries(f, fighter_type)]
    # One beast per item: the second Cyber-mastiff goes to the next card naming one.
    for fighter in carrying:
        items = sum(
            1
            for i in fighter.wargear
            if name_tokens(split_qualifier(i.name)[0]) == name_tokens(fighter_type.name)
        )
        if taken.get(fighter.name, 0) < max(items, 1):
            taken[fighter.name] = taken.get(fighter.name, 0) + 1
            return fighter.name, f"owner: {fighter.name} (the {fighter_type.name} on their card)"
    if candidates:
        first = candidates[0]
        who = " or ".join(fighter_type.owners())
        return first.name, (
            f"owner: {first.name}, the first fighter who may own one ({who}): the file"
            " names none; change it in the card editor if another owns it"
        )
    return "", f"no fighter of the gang may own a {fighter_type.name}: left without an owner"


def _with_kit(fighter: Fighter, fighter_type: FighterType, ruleset: Ruleset) -> tuple[Fighter, str]:
    if not fighter_type.equipment:
        return fighter, ""
    carried = {
        name_tokens(n)
        for n in [*(w.name for w in fighter.weapons), *(i.name for i in fighter.wargear)]
    }
    if any(name_tokens(n) in carried for n in fighter_type.equipment):
        return fighter, ""
    kit = recruit(fighter_type, fighter.name, ruleset)
    update = {
        "weapons": [*fighter.weapons, *kit.weapons],
        "wargear": [*fighter.wargear, *kit.wargear],
    }
    return fighter.model_copy(update=update), (
        f"{fighter_type.name} comes with {', '.join(fighter_type.equipment)}: added at no cost"
    )


def attach_additions(
    fighters: list[Fighter], ruleset: Ruleset, house: House | None
) -> tuple[list[Fighter], Notes]:
    """The fighters with their additions' kit and beasts' owners; notes by fighter name."""
    notes: Notes = {}
    result: list[Fighter] = []
    taken: dict[str, int] = {}
    for fighter in fighters:
        fighter_type = _type_of(fighter, ruleset, house)
        if fighter_type is None:
            result.append(fighter)
            continue
        fighter, note = _with_kit(fighter, fighter_type, ruleset)
        lines = [note] if note else []
        if fighter.category is Category.EXOTIC_BEAST and not fighter.owner:
            owner, note = _owner(fighter, fighter_type, fighters, taken)
            fighter = fighter.model_copy(update={"owner": owner})
            lines.append(note)
        if lines:
            notes[fighter.name] = lines
        result.append(fighter)
    return result, notes
