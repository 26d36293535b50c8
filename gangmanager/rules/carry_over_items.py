"""A fighter's (or the stash's) weapons, wargear, skills and Lasting Injuries carried
to the next edition: by the pack's renames (carry_over.toml), else by name. What the new
pack lacks is dropped, its price paid back to the gang."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gangmanager.rules.carry_over_lines import Line, Status, credits_text
from gangmanager.rules.carry_over_map import CarryOverMap
from gangmanager.rules.characteristics import CharacteristicTable
from gangmanager.rules.modifiers import Modifier, ModifierKind
from gangmanager.rules.roster_ops import armoury_weapon
from gangmanager.rules.ruleset import ArmouryItem, ArmouryWeapon, Ruleset, Skill
from gangmanager.rules.weapons import Item, Weapon, trait_key


@dataclass(frozen=True)
class Carried:
    """What carried over of one list, the lines saying so and the credits paid back."""

    weapons: tuple[Weapon, ...] = ()
    wargear: tuple[Item, ...] = ()
    names: tuple[str, ...] = ()
    modifiers: tuple[Modifier, ...] = ()
    lines: tuple[Line, ...] = ()
    refund: int = 0


def _price(entry: ArmouryWeapon | ArmouryItem) -> str:
    return credits_text(entry.cost, entry.trade_points)


def _dropped(kind: str, name: str, paid: int, fighter: str) -> Line:
    """An item the new armoury lacks: what was paid goes back to the gang."""
    why = f"not in the new armoury: {paid} credits back to the gang"
    return Line(kind, name, "", "dropped", why, fighter)


def _kept(how: str, paid: int, entry: ArmouryWeapon | ArmouryItem) -> str:
    return f"{how}; kept at the {paid} credits paid (new price {_price(entry)})"


def _renamed(mapping: CarryOverMap, table: dict[str, str], name: str, found: str) -> str:
    how = "renamed in the new edition" if mapping.renamed(table, name) else "the same"
    return how if trait_key(found) != trait_key(name) else "the same"


def carry_weapons(
    weapons: Sequence[Weapon], new: Ruleset, mapping: CarryOverMap, fighter: str
) -> Carried:
    kept: list[Weapon] = []
    lines: list[Line] = []
    refund = 0
    for weapon in weapons:
        wanted = mapping.renamed(mapping.items, weapon.name) or weapon.name
        entry = new.weapon_entry(wanted)
        if entry is None:
            refund += weapon.total_cost
            lines.append(_dropped("weapon", weapon.name, weapon.total_cost, fighter))
            continue
        carried, back, lost = _weapon_as(entry, weapon)
        refund += back
        kept.append(carried)
        how = _renamed(mapping, mapping.items, weapon.name, entry.name)
        why = _kept(how, weapon.cost, entry)
        if lost:
            why += f"; {', '.join(lost)} not in the new profiles: {back} credits back"
        status: Status = "kept" if how == "the same" and not lost else "changed"
        lines.append(Line("weapon", weapon.name, entry.name, status, why, fighter))
    return Carried(weapons=tuple(kept), lines=tuple(lines), refund=refund)


def _weapon_as(entry: ArmouryWeapon, weapon: Weapon) -> tuple[Weapon, int, list[str]]:
    """The new armoury's weapon at the price paid, with the paid profiles it has too."""
    carried = armoury_weapon(entry).model_copy(update={"cost": weapon.cost})
    names = {trait_key(p.name) for p in carried.profiles}
    profiles = list(carried.profiles)
    back = 0
    lost: list[str] = []
    for paid in (p for p in weapon.profiles if p.cost):
        match = next((p for p in entry.profiles if trait_key(p.name) == trait_key(paid.name)), None)
        if match is None or trait_key(match.name) in names:
            back += paid.cost if match is None else 0
            lost += [paid.name] if match is None else []
            continue
        profiles.append(match.model_copy(update={"cost": paid.cost}))
    return carried.model_copy(update={"profiles": profiles}), back, lost


def carry_wargear(
    items: Sequence[Item],
    new: Ruleset,
    mapping: CarryOverMap,
    fighter: str,
    table: CharacteristicTable,
) -> Carried:
    """Armour and wargear; what changes the profile in the new pack (armour improving
    Sv) comes with its Equipment modifier."""
    kept: list[Item] = []
    modifiers: list[Modifier] = []
    lines: list[Line] = []
    refund = 0
    for item in items:
        wanted = mapping.renamed(mapping.items, item.name) or item.name
        entry = new.wargear_item(wanted)
        if entry is None:
            refund += item.cost
            lines.append(_dropped("wargear", item.name, item.cost, fighter))
            continue
        kept.append(Item(name=entry.name, cost=item.cost))
        how = _renamed(mapping, mapping.items, item.name, entry.name)
        why = _kept(how, item.cost, entry)
        modifier = Modifier.of_pack(entry.name, ModifierKind.EQUIPMENT, entry.changes, table)
        if modifier.changes:
            modifiers.append(modifier)
            why += f"; the profile: {modifier.summary(table)}"
        status: Status = "kept" if how == "the same" and not modifier.changes else "changed"
        lines.append(Line("wargear", item.name, entry.name, status, why, fighter))
    return Carried(
        wargear=tuple(kept), modifiers=tuple(modifiers), lines=tuple(lines), refund=refund
    )


def _new_skill(new: Ruleset, name: str) -> Skill | None:
    key = trait_key(name)
    return next((s for st in new.skill_sets for s in st.skills if trait_key(s.name) == key), None)


def carry_skills(
    skills: Sequence[str],
    new: Ruleset,
    mapping: CarryOverMap,
    fighter: str,
    table: CharacteristicTable,
) -> Carried:
    kept: list[str] = []
    modifiers: list[Modifier] = []
    lines: list[Line] = []
    for name in skills:
        skill = _new_skill(new, mapping.renamed(mapping.skills, name) or name)
        if skill is None:
            lines.append(
                Line("skill", name, "", "dropped", "no skill of that name in the new pack", fighter)
            )
            continue
        kept.append(skill.name)
        modifier = Modifier.of_pack(skill.name, ModifierKind.SKILL, skill.changes, table)
        modifiers += [modifier] if modifier.changes else []
        how = _renamed(mapping, mapping.skills, name, skill.name)
        status: Status = "kept" if how == "the same" else "changed"
        lines.append(Line("skill", name, skill.name, status, how, fighter))
    return Carried(names=tuple(kept), modifiers=tuple(modifiers), lines=tuple(lines))


def carry_injuries(
    injuries: Sequence[str],
    new: Ruleset,
    mapping: CarryOverMap,
    fighter: str,
    table: CharacteristicTable,
) -> Carried:
    """Each Lasting Injury by name, its changes as the new pack gives them."""
    kept: list[str] = []
    modifiers: list[Modifier] = []
    lines: list[Line] = []
    for name in injuries:
        key = trait_key(mapping.renamed(mapping.injuries, name) or name)
        injury = next((i for i in new.injuries if trait_key(i.name) == key), None)
        if injury is None:
            why = "no Lasting Injury of that name in the new pack: it and its changes go"
            lines.append(Line("injury", name, "", "dropped", why, fighter))
            continue
        kept.append(injury.name)
        source = f"Lasting Injury: {injury.name}"
        modifier = Modifier.of_pack(source, ModifierKind.INJURY, injury.changes, table)
        modifiers += [modifier] if modifier.changes else []
        how = _renamed(mapping, mapping.injuries, name, injury.name)
        if modifier.changes:
            how += f"; the profile: {modifier.summary(table)}"
        status: Status = "kept" if how == "the same" else "changed"
        lines.append(Line("injury", name, injury.name, status, how, fighter))
    return Carried(names=tuple(kept), modifiers=tuple(modifiers), lines=tuple(lines))
