"""YakTribe imports of Brutes, Hangers-on, Hired Guns and Exotic Beasts.

After the fighters are read (each type matched to the pack by name, "Ambot
(Brute)" to the Ambot), two things YakTribe does not say in our terms:

- an Exotic Beast's owner: YakTribe records a beast as an item on its owner's
  card as well as a fighter of its own, so the fighter whose card marks the
  beast (`Owner.marks`, or an item named like it) is its owner; with no such
  card, the first fighter who may own one (Leader, Champion ... as the pack
  says) is taken, and the report says so;
- the kit an addition comes with (the Ambot's two tunnelling claws and its
  armour): what the file does not list of it is given at no cost, as a
  recruit would get it (files that list part of it are common). A weapon on
  the card that is not of the kit stands in for a missing kit weapon of its
  kind (the Vartijan Exo-Driller's heavy bolter for its heavy flamer), so the
  replaced one is not added as well.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from gangmanager.exchange.armoury_match import name_tokens, split_qualifier
from gangmanager.rules.fighter_refs import provisional_ids, settled
from gangmanager.rules.gang import Category, Fighter
from gangmanager.rules.gang_additions import owner_candidates
from gangmanager.rules.roster_ops import recruit
from gangmanager.rules.ruleset import FighterType, House, Ruleset
from gangmanager.rules.weapons import Item, Weapon

# Notes for the import report, by fighter name.
Notes = dict[str, list[str]]
# Beast types each fighter's card marks, by fighter name.
Marks = Mapping[str, list[str]]


def _type_of(fighter: Fighter, ruleset: Ruleset, house: House | None) -> FighterType | None:
    found = (
        ruleset.fighter_type(house.id if house else None, fighter.type) if fighter.type else None
    )
    if found is None and fighter.type:
        key = name_tokens(fighter.type)
        every = [*ruleset.gang_additions, *(t for h in ruleset.houses for t in h.fighter_types)]
        found = next((t for t in every if name_tokens(t.name) == key), None)
    return found if found is not None and found.kind else None


def _marks(fighter: Fighter, beast: FighterType, marks: Marks) -> int:
    """How many of the beast the card marks ("Cyber-mastiff (Exotic Beast)" lines)."""
    wanted = name_tokens(beast.name)
    names = [i.name for i in fighter.wargear] + [w.name for w in fighter.weapons]
    items = sum(
        1 for n in names if name_tokens(split_qualifier(n)[0]) == wanted or name_tokens(n) == wanted
    )
    return items + sum(1 for m in marks.get(fighter.name, ()) if name_tokens(m) == wanted)


def _owner(
    beast: Fighter,
    fighter_type: FighterType,
    fighters: list[Fighter],
    taken: dict[str, int],
    marks: Marks,
) -> tuple[int | None, str]:
    candidates = [f for f in owner_candidates(fighter_type, fighters) if f.name != beast.name]
    # One beast per mark: the second Cyber-mastiff goes to the next card naming one.
    for fighter in candidates:
        count = _marks(fighter, fighter_type, marks)
        if count and taken.get(fighter.name, 0) < count:
            taken[fighter.name] = taken.get(fighter.name, 0) + 1
            return fighter.id, f"owner: {fighter.name} (the {fighter_type.name} on their card)"
    if candidates:
        first = candidates[0]
        who = " or ".join(fighter_type.owners())
        return first.id, (
            f"owner: {first.name}, the first fighter who may own one ({who}): the file"
            " names none; change it in the card editor if another owns it"
        )
    return None, f"no fighter of the gang may own a {fighter_type.name}: left without an owner"


def _with_kit(fighter: Fighter, fighter_type: FighterType, ruleset: Ruleset) -> tuple[Fighter, str]:
    if not fighter_type.equipment:
        return fighter, ""
    # What the card lacks of the kit, counted: one claw listed, the second one added.
    carried = Counter(
        name_tokens(n)
        for n in [*(w.name for w in fighter.weapons), *(i.name for i in fighter.wargear)]
    )
    kit = recruit(fighter_type, fighter.name, ruleset)
    # Weapons on the card that are not of the kit, by kind: one may stand in for a
    # kit weapon of its kind (the Exo-Driller's heavy bolter for its heavy flamer).
    spare = Counter(
        name_tokens(n) for n in [*(w.name for w in kit.weapons), *(i.name for i in kit.wargear)]
    )
    extras: dict[str, list[str]] = {}
    for weapon in fighter.weapons:
        key = name_tokens(weapon.name)
        if spare[key]:
            spare[key] -= 1
            continue
        kind = _kind(weapon.name, ruleset)
        if kind:
            extras.setdefault(kind, []).append(weapon.name)
    weapons: list[Weapon] = []
    wargear: list[Item] = []
    added: list[str] = []
    instead: list[str] = []
    items: list[Weapon | Item] = [*kit.weapons, *kit.wargear]
    for item in items:
        key = name_tokens(item.name)
        if carried[key]:
            carried[key] -= 1
            continue
        kind = _kind(item.name, ruleset) if isinstance(item, Weapon) else ""
        if kind and extras.get(kind):
            instead.append(f"{extras[kind].pop(0)} stands in for its {item.name}")
            continue
        added.append(item.name)
        if isinstance(item, Weapon):
            weapons.append(item)
        else:
            wargear.append(item)
    swapped = "".join(f"; {line}" for line in instead)
    if not added:
        return fighter, (
            f"{fighter_type.name} comes with {', '.join(fighter_type.equipment)}{swapped}"
            if instead
            else ""
        )
    update = {
        "weapons": [*fighter.weapons, *weapons],
        "wargear": [*fighter.wargear, *wargear],
    }
    whole = len(added) == len(fighter_type.equipment)
    return fighter.model_copy(update=update), (
        f"{fighter_type.name} comes with {', '.join(fighter_type.equipment)}:"
        f" {'added' if whole else 'the rest (' + ', '.join(added) + ') added'} at no cost"
        f"{swapped}"
    )


def _kind(name: str, ruleset: Ruleset) -> str:
    """The armoury kind of a weapon that may replace a kit weapon; "" for grenades
    (bought on top of the kit) and names the armoury lacks."""
    entry = ruleset.weapon_entry(name)
    return "" if entry is None or entry.kind == "grenade" else entry.kind


def attach_additions(
    fighters: list[Fighter], ruleset: Ruleset, house: House | None, marks: Marks | None = None
) -> tuple[list[Fighter], Notes]:
    """The fighters with their additions' kit and beasts' owners; notes by fighter name.
    With a beast's owner among them, fighters come back with provisional ids
    (rules/fighter_refs.py); without, as they were (as a gang file reads them)."""
    fighters = provisional_ids(fighters)
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
        if fighter.category is Category.EXOTIC_BEAST and fighter.owner_id is None:
            owner, note = _owner(fighter, fighter_type, fighters, taken, marks or {})
            fighter = fighter.model_copy(update={"owner_id": owner})
            lines.append(note)
        if lines:
            notes[fighter.name] = lines
        result.append(fighter)
    # A card marking a beast the file does not list as a fighter: nothing to own.
    listed = {name_tokens(f.type) for f in result if f.category is Category.EXOTIC_BEAST}
    for name, marked in (marks or {}).items():
        for beast in dict.fromkeys(marked):
            if name_tokens(beast) not in listed:
                notes.setdefault(name, []).append(
                    f"the card marks a {beast}, but the file lists none as a fighter:"
                    " add it with New fighter"
                )
    return settled(result), notes
