"""Pure roster edits: each takes a gang and returns the edited copy.

None of them touches a committed rating: only `ratings.found_gang` and
`ratings.update_roster` do. Fighters are addressed by their index in the
roster so that unsaved fighters (no id yet) can be edited too.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TypeVar

from pydantic import BaseModel, ValidationError

from gangmanager.rules.characteristics import (
    CORE_TABLE,
    CharacteristicError,
    CharacteristicTable,
    Value,
)
from gangmanager.rules.fighter_refs import released
from gangmanager.rules.gang import Category, Fighter, FighterStatus, Gang
from gangmanager.rules.limits import quoted
from gangmanager.rules.modifiers import (
    Modifier,
    ModifierKind,
    check_advancement,
    parse_modifier_line,
)
from gangmanager.rules.ruleset import (
    Advancement,
    ArmouryItem,
    ArmouryWeapon,
    FighterType,
    InjuryResult,
    Ruleset,
    Skill,
)
from gangmanager.rules.weapons import Item, Weapon, WeaponProfile

_M = TypeVar("_M", bound=BaseModel)


def _with_fighter(gang: Gang, index: int, fighter: Fighter) -> Gang:
    fighters = list(gang.fighters)
    fighters[index] = fighter
    return gang.model_copy(update={"fighters": fighters})


def add_fighter(gang: Gang, fighter: Fighter) -> Gang:
    return gang.model_copy(update={"fighters": [*gang.fighters, fighter]})


def remove_fighter(gang: Gang, index: int) -> Gang:
    """The gang without the fighter; beasts they owned are left without an owner."""
    fighters = list(gang.fighters)
    removed = fighters.pop(index)
    return gang.model_copy(update={"fighters": released(fighters, removed)})


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


# -- more edits for the roster editor (each refuses bad input with RosterError) --------


class RosterError(ValueError):
    """An edit the rules refuse; the message is shown to the player as it is."""


def fighter_index(gang: Gang, fighter_id: int) -> int:
    """The roster position of the fighter with this id."""
    for index, fighter in enumerate(gang.fighters):
        if fighter.id == fighter_id:
            return index
    raise RosterError(f"{gang.name} has no fighter with id {fighter_id} (reload the gang)")


def _validated(model: _M, fields: Mapping[str, object]) -> _M:
    """A copy with `fields` changed, validated like a new object (model_copy is not)."""
    unknown = set(fields) - set(type(model).model_fields)
    if unknown:
        raise RosterError(f"unknown field {quoted(sorted(unknown)[0])}")
    try:
        return type(model).model_validate({**dict(model), **fields})
    except ValidationError as exc:
        error = exc.errors()[0]
        where = ".".join(str(part) for part in error["loc"])
        raise RosterError(f"{where}: {error['msg']}") from None


def edit_gang(gang: Gang, **fields: object) -> Gang:
    """Change gang fields (name, house, credits, reputation, notes...): never the rating."""
    if "rating" in fields:
        raise RosterError("the Gang Rating changes only at founding and in Update Roster")
    if "name" in fields:
        fields["name"] = str(fields["name"]).strip()
    if "credits" in fields and isinstance(fields["credits"], int) and fields["credits"] < 0:
        raise RosterError("credits cannot be negative")
    return _validated(gang, fields)


_FIGHTER_FIELDS = frozenset(
    {"name", "type", "category", "cost", "xp", "status", "notes", "profile", "skills", "injuries"}
)


def edit_fighter(gang: Gang, index: int, **fields: object) -> Gang:
    """Change a fighter's own fields; the committed Fighter Rating is not one of them."""
    refused = set(fields) - _FIGHTER_FIELDS
    if refused:
        raise RosterError(f"{quoted(sorted(refused)[0])} cannot be edited here")
    if "name" in fields:
        fields["name"] = str(fields["name"]).strip()
    return _with_fighter(gang, index, _validated(gang.fighters[index], fields))


def parse_characteristic(code: str, text: str, table: CharacteristicTable = CORE_TABLE) -> Value:
    """A value typed into one profile box (`5"`, `4+`, `3`, `-`), checked against the range."""
    try:
        row = table.lookup(code)
    except KeyError:
        raise RosterError(f"unknown characteristic {quoted(code)}") from None
    try:
        return row.check_range(row.parse(text))
    except CharacteristicError as exc:
        raise RosterError(str(exc)) from None


def set_characteristic(
    gang: Gang, index: int, code: str, value: Value, table: CharacteristicTable = CORE_TABLE
) -> Gang:
    """Set one base profile value; a value outside best..worst is refused."""
    try:
        row = table.lookup(code)
        row.check_range(value)
    except KeyError:
        raise RosterError(f"unknown characteristic {quoted(code)}") from None
    except CharacteristicError as exc:
        raise RosterError(str(exc)) from None
    fighter = gang.fighters[index]
    profile = fighter.profile.replace(**{row.code: value})
    return _with_fighter(gang, index, fighter.model_copy(update={"profile": profile}))


def remove_wargear(gang: Gang, index: int, item_index: int) -> Gang:
    fighter = gang.fighters[index]
    wargear = list(fighter.wargear)
    del wargear[item_index]
    return _with_fighter(gang, index, fighter.model_copy(update={"wargear": wargear}))


def add_skill(gang: Gang, index: int, skill: str) -> Gang:
    fighter = gang.fighters[index]
    name = " ".join(skill.split())
    if not name:
        raise RosterError("a skill needs a name")
    if any(s.casefold() == name.casefold() for s in fighter.skills):
        raise RosterError(f"{fighter.name} already has the skill {name}")
    return _with_fighter(
        gang, index, fighter.model_copy(update={"skills": [*fighter.skills, name]})
    )


def remove_skill(gang: Gang, index: int, skill_index: int) -> Gang:
    fighter = gang.fighters[index]
    skills = list(fighter.skills)
    del skills[skill_index]
    return _with_fighter(gang, index, fighter.model_copy(update={"skills": skills}))


def add_injury(gang: Gang, index: int, injury: str) -> Gang:
    """Record a Lasting Injury by name; the same injury may be suffered more than once."""
    fighter = gang.fighters[index]
    name = " ".join(injury.split())
    if not name:
        raise RosterError("an injury needs a name")
    return _with_fighter(
        gang, index, fighter.model_copy(update={"injuries": [*fighter.injuries, name]})
    )


def remove_injury(gang: Gang, index: int, injury_index: int) -> Gang:
    fighter = gang.fighters[index]
    injuries = list(fighter.injuries)
    del injuries[injury_index]
    return _with_fighter(gang, index, fighter.model_copy(update={"injuries": injuries}))


def add_profile(gang: Gang, index: int, weapon_index: int, profile: WeaponProfile) -> Gang:
    """A paid profile (special ammo) bought for a weapon the fighter carries."""
    fighter = gang.fighters[index]
    weapons = list(fighter.weapons)
    weapon = weapons[weapon_index]
    if weapon.profile(profile.name) is not None:
        raise RosterError(f"{weapon.name} already has the profile {profile.name or '(standard)'}")
    weapons[weapon_index] = weapon.model_copy(update={"profiles": [*weapon.profiles, profile]})
    return _with_fighter(gang, index, fighter.model_copy(update={"weapons": weapons}))


def remove_profile_at(gang: Gang, index: int, weapon_index: int, profile_index: int) -> Gang:
    fighter = gang.fighters[index]
    weapons = list(fighter.weapons)
    weapon = weapons[weapon_index]
    if len(weapon.profiles) <= 1:
        raise RosterError(f"{weapon.name} keeps at least one profile: remove the weapon instead")
    profiles = list(weapon.profiles)
    del profiles[profile_index]
    weapons[weapon_index] = weapon.model_copy(update={"profiles": profiles})
    return _with_fighter(gang, index, fighter.model_copy(update={"weapons": weapons}))


def spend(gang: Gang, price: int, what: str) -> Gang:
    """Pay `price` credits from the gang's credits, or refuse when there are not enough."""
    if price > gang.credits:
        raise RosterError(
            f"{what} costs {price} credits; {gang.name} has only {gang.credits}: not bought"
        )
    return gang.model_copy(update={"credits": gang.credits - price})


def refund(gang: Gang, amount: int) -> Gang:
    if amount < 0:
        raise RosterError("a refund cannot be negative")
    return gang.model_copy(update={"credits": gang.credits + amount})


# -- what the editor shows and warns about -------------------------------------------

WEAPON_SLOTS = 3
"""A fighter carries at most three weapons (FACTS.md §1); some take two slots."""


def weapon_slots(weapon: Weapon, ruleset: Ruleset) -> int:
    """Slots a weapon takes: the most any trait of any of its profiles asks (Unwieldy: 2)."""
    slots = [
        trait_def.slots
        for profile in weapon.profiles
        for trait in profile.traits
        if (trait_def := ruleset.trait_def(trait)) is not None
    ]
    return max(slots, default=1)


def slots_used(fighter: Fighter, ruleset: Ruleset) -> int:
    return sum(weapon_slots(w, ruleset) for w in fighter.weapons)


def slot_warning(fighter: Fighter, ruleset: Ruleset, adding: Weapon | None = None) -> str | None:
    """A warning when the weapons (with `adding`) pass the limit; None when they fit."""
    used = slots_used(fighter, ruleset) + (weapon_slots(adding, ruleset) if adding else 0)
    if used <= WEAPON_SLOTS:
        return None
    return (
        f"{fighter.name} would carry weapons taking {used} slots; the limit is {WEAPON_SLOTS}"
        " (Unwieldy weapons take two)"
        if adding
        else f"{fighter.name}'s weapons take {used} slots; the limit is {WEAPON_SLOTS}"
        " (Unwieldy weapons take two)"
    )


_GANG_FIGHTERS = frozenset({Category.GANGER, Category.JUVE, Category.PROSPECT, Category.SPECIALIST})


@dataclass(frozen=True)
class Composition:
    leaders: int
    champions: int
    gang_fighters: int


def composition_counts(gang: Gang) -> Composition:
    """Gang Fighters are Gangers, Juves, Prospects and Specialists (FACTS.md §1)."""
    return Composition(
        leaders=sum(1 for f in gang.fighters if f.category is Category.LEADER),
        champions=sum(1 for f in gang.fighters if f.category is Category.CHAMPION),
        gang_fighters=sum(1 for f in gang.fighters if f.category in _GANG_FIGHTERS),
    )


def composition_warnings(gang: Gang) -> list[str]:
    """Founding checks: exactly one Leader; Gang Fighters at least as many as the others.

    Gang Fighters are compared with the Leader and Champions. Hangers-on,
    Brutes, Exotic Beasts and Hired Guns count for neither.
    """
    warnings: list[str] = []
    counts = composition_counts(gang)
    leaders = counts.leaders
    if leaders == 0:
        warnings.append("The gang has no Leader: recruit exactly one.")
    elif leaders > 1:
        warnings.append(f"The gang has {leaders} Leaders: it may have only one.")
    gang_fighters = counts.gang_fighters
    others = counts.leaders + counts.champions
    if gang_fighters < others:
        warnings.append(
            f"Gang Fighters ({gang_fighters}) must be at least as many as"
            f" the Leader and Champions ({others})."
        )
    return warnings


def recruit(
    fighter_type: FighterType,
    name: str,
    ruleset: Ruleset | None = None,
    *,
    house: str | None = None,
    owner_id: int | None = None,
) -> Fighter:
    """A new fighter of a type, at the type's base cost (the house's own price
    where the list gives one: an Ambot for Orlock) and profile.

    With the ruleset, the equipment the type comes with is carried too, at no
    cost: its price is part of the type's. `owner_id`: an Exotic Beast's owner.
    A type with a Starting XP (the 2026 edition) is recruited with it: ranks count
    from there.
    """
    fighter = Fighter(
        name=" ".join(name.split()) or fighter_type.name,
        type=fighter_type.name,
        category=fighter_type.category,
        cost=fighter_type.cost_for((ruleset.house(house) if ruleset and house else None) or house),
        profile=fighter_type.profile,
        owner_id=owner_id,
        xp=fighter_type.starting_xp or 0,
    )
    if ruleset is None or not fighter_type.equipment:
        return fighter
    weapons: list[Weapon] = []
    wargear: list[Item] = []
    for wanted in fighter_type.equipment:
        entry = armoury_entry(ruleset, wanted)
        if entry is not None:
            weapon = armoury_weapon(entry)
            weapons.append(weapon.model_copy(update={"cost": 0}))
        else:
            item = ruleset.wargear_item(wanted)
            if item is None:
                raise RosterError(
                    f"{fighter_type.name}: no {quoted(wanted)} in the {ruleset.id} armoury"
                )
            wargear.append(Item(name=item.name, cost=0))
    return fighter.model_copy(update={"weapons": weapons, "wargear": wargear})


def armoury_weapon(entry: ArmouryWeapon) -> Weapon:
    """The weapon as bought: its price and every profile that costs nothing extra."""
    standard = [p for p in entry.profiles if p.cost == 0] or entry.profiles[:1]
    return Weapon(name=entry.name, cost=entry.cost, profiles=standard)


def paid_profiles(entry: ArmouryWeapon | None, weapon: Weapon) -> list[WeaponProfile]:
    """The armoury's paid profiles for this weapon that it does not carry yet."""
    if entry is None:
        return []
    return [p for p in entry.profiles if p.cost and weapon.profile(p.name) is None]


def armoury_entry(ruleset: Ruleset, weapon_name: str) -> ArmouryWeapon | None:
    return ruleset.weapon_entry(weapon_name)


def equipment_value(fighter: Fighter) -> int:
    """Credits paid for the fighter's weapons, paid profiles and wargear."""
    return sum(w.total_cost for w in fighter.weapons) + sum(i.cost for i in fighter.wargear)


def advances_taken(fighter: Fighter, code: str) -> int:
    return sum(
        1
        for m in fighter.modifiers
        if m.kind is ModifierKind.ADVANCEMENT and m.changes.get(code, 0) > 0
    )


def advancement_xp(fighter: Fighter, advancement: Advancement) -> int:
    """XP price: the table's, plus the escalation per earlier advance (not Juves/Prospects)."""
    if advancement.characteristic is None or fighter.category in (
        Category.JUVE,
        Category.PROSPECT,
    ):
        return advancement.xp
    taken = advances_taken(fighter, advancement.characteristic)
    return advancement.xp + advancement.escalation * taken


def advancement_modifier(
    advancement: Advancement, table: CharacteristicTable = CORE_TABLE
) -> Modifier:
    """A characteristic advancement as a modifier (+1 step, its credits added to the cost),
    keyed by `table`, the statline of the fighter it is for."""
    if advancement.characteristic is None:
        raise RosterError(f"{advancement.name} is a skill advancement: add the skill instead")
    return Modifier.read(
        {
            "source": f"Advancement: {advancement.name}",
            "kind": ModifierKind.ADVANCEMENT,
            "changes": {advancement.characteristic: 1},
            "cost": advancement.credits,
        },
        table,
    )


def injury_modifier(injury: InjuryResult, table: CharacteristicTable = CORE_TABLE) -> Modifier:
    """The injury's changes for a fighter of `table` (codes it lacks left out)."""
    source = f"Lasting Injury: {injury.name}"
    return Modifier.of_pack(source, ModifierKind.INJURY, injury.changes, table)


def item_modifier(item: ArmouryItem | Skill, table: CharacteristicTable = CORE_TABLE) -> Modifier:
    """The item's or skill's changes for a fighter of `table` (codes it lacks left out)."""
    kind = ModifierKind.SKILL if isinstance(item, Skill) else ModifierKind.EQUIPMENT
    return Modifier.of_pack(item.name, kind, item.changes, table)


def line_modifier(
    source: str,
    line: str,
    kind: ModifierKind = ModifierKind.MANUAL,
    table: CharacteristicTable = CORE_TABLE,
    cost: int = 0,
) -> Modifier:
    """A modifier typed as `M: +1, BS: +1, Cl: +1, Wil: +1` (or `S: =5`)."""
    if not source.strip():
        raise RosterError("a modifier needs a source (where the change comes from)")
    try:
        changes, set_to = parse_modifier_line(line, table)
    except CharacteristicError as exc:
        raise RosterError(str(exc)) from None
    fields = {"source": source.strip(), "kind": kind, "changes": changes, "set_to": set_to}
    return Modifier.read({**fields, "cost": cost}, table)
