"""One fighter carried to the next edition: its type (renamed, the same, or a choice),
its profile (the new type's, or the old one re-expressed), its XP as the total earned
and the rank that reaches. Items, skills and injuries: rules/carry_over_items.py."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from gangmanager.rules.carry_over_lines import Line, Status
from gangmanager.rules.carry_over_map import CarryOverMap
from gangmanager.rules.characteristics import FIGHTER_STATLINE, CharacteristicTable, Value
from gangmanager.rules.gang import Category, Fighter
from gangmanager.rules.modifiers import Modifier, ModifierKind
from gangmanager.rules.profile import Profile
from gangmanager.rules.ruleset import FighterType, Ruleset
from gangmanager.rules.weapons import trait_key

# The choice that keeps a fighter's old type, its profile re-expressed.
KEEP = " (kept, profile re-expressed)"


@dataclass(frozen=True)
class Packs:
    """What every fighter's carry-over reads: both packs, the map, the house."""

    old: Ruleset
    new: Ruleset
    mapping: CarryOverMap
    house_id: str
    choices: Mapping[str, str]

    @property
    def table(self) -> CharacteristicTable:
        return self.new.statline(FIGHTER_STATLINE)


@dataclass(frozen=True)
class TypeChoice:
    fighter_type: FighterType | None  # None: the old type kept
    line: Line


def type_key(index: int) -> str:
    return f"fighter:{index}:type"


def choose_type(packs: Packs, index: int, fighter: Fighter) -> TypeChoice:
    """The new type: the pack's rename, else the same name in the house or the gang
    additions; otherwise a choice among the house's types, nearest first."""
    wanted = packs.mapping.type_name(packs.house_id, fighter.type) or fighter.type
    found = packs.new.fighter_type(packs.house_id, wanted)
    if found is not None and found.statline == FIGHTER_STATLINE:
        same = trait_key(found.name) == trait_key(fighter.type)
        why = "the same type in the new list" if same else "renamed in the new list"
        why += f"; cost {found.cost} (was {fighter.cost})"
        status: Status = "kept" if same else "changed"
        return TypeChoice(
            found, Line("fighter", fighter.type, found.name, status, why, fighter.name)
        )
    options = _options(packs, fighter)
    key = type_key(index)
    given = packs.choices.get(key)
    chosen = given if given in options else options[0]
    if given in options:
        why = "your choice"
    elif chosen.endswith(KEEP):
        why = f"no {fighter.type} in the new list and no type of its category: kept as it is"
    else:
        why = f"no {fighter.type} in the new list: the nearest, one of its category"
    line = Line("fighter", fighter.type, chosen, "choose", why, fighter.name, key, tuple(options))
    picked = packs.new.fighter_type(packs.house_id, chosen) if not chosen.endswith(KEEP) else None
    return TypeChoice(picked, line)


def new_category(packs: Packs, category: Category) -> Category:
    return packs.mapping.categories.get(category, category)


def _options(packs: Packs, fighter: Fighter) -> list[str]:
    """The house's fighter types, those of the fighter's category first (by how near
    their cost is), then keeping the old type."""
    category = new_category(packs, fighter.category)
    types = [
        t for t in packs.new.fighter_types_for(packs.house_id) if t.statline == FIGHTER_STATLINE
    ]
    near = sorted(
        (t for t in types if t.category is category), key=lambda t: abs(t.cost - fighter.cost)
    )
    rest = [t.name for t in types if t.category is not category]
    keep = [fighter.type + KEEP]
    # Without a type of its category, keeping it is nearer than another category's.
    return [t.name for t in near] + keep + rest if near else keep + rest


def re_expressed(packs: Packs, profile: Profile) -> Profile:
    """The old profile on the new statline: the same kind is the same number; a target
    number becomes a plain one as the map says; a characteristic the old statline lacks
    (Sv) starts at its worst, unarmoured, for the armour carried to improve."""
    old_table = profile.table
    values: dict[str, Value] = {}
    for row in packs.table:
        if row.code not in old_table:
            values[row.code] = row.worst
            continue
        value = profile[row.code]
        before = old_table[row.code].kind
        base = packs.mapping.plain_from_target.get(before.value)
        if value is not None and before is not row.kind and base is not None:
            value = base - value
        if value is not None:
            low, high = sorted((row.best, row.worst))
            value = min(max(value, low), high)
        values[row.code] = value
    return Profile.read(values, packs.table)


def carried_modifiers(packs: Packs, fighter: Fighter) -> tuple[list[Modifier], list[Line]]:
    """Advancements and the player's own modifiers, on the new statline; injuries',
    skills' and equipment's modifiers are made again from the new pack (carry_over_items)."""
    kept: list[Modifier] = []
    lines: list[Line] = []
    remade = (ModifierKind.INJURY, ModifierKind.SKILL, ModifierKind.EQUIPMENT)
    for modifier in fighter.modifiers:
        if modifier.kind in remade:
            continue
        moved = Modifier.of_pack(modifier.source, modifier.kind, modifier.changes, packs.table)
        moved = moved.model_copy(update={"cost": modifier.cost})
        if modifier.set_to:
            why = "its set values are 2023 numbers: set them again if they still apply"
            lines.append(
                Line("modifier", modifier.source, moved.source, "changed", why, fighter.name)
            )
        elif modifier.kind is ModifierKind.ADVANCEMENT:
            why = f"kept ({moved.summary(packs.table)}), counted as an advancement taken"
            lines.append(
                Line("advancement", modifier.source, moved.source, "kept", why, fighter.name)
            )
        kept.append(moved)
    return kept, lines


def xp_spent(packs: Packs, fighter: Fighter) -> tuple[int, int]:
    """The XP the fighter's advancements cost by the old pack (each characteristic's
    price rising as it does; a skill beyond those chosen at recruiting as a chosen one
    of its set) and how many advancements that was."""
    old = packs.old
    spent, taken, seen = 0, 0, dict[str, int]()
    for modifier in fighter.modifiers:
        if modifier.kind is not ModifierKind.ADVANCEMENT:
            continue
        code = next((c for c, steps in modifier.changes.items() if steps > 0), None)
        advance = next((a for a in old.advancements if a.characteristic == code), None)
        taken += 1
        if advance is None or code is None:
            continue
        rising = fighter.category not in (Category.JUVE, Category.PROSPECT)
        spent += advance.xp + (advance.escalation * seen.get(code, 0) if rising else 0)
        seen[code] = seen.get(code, 0) + 1
    kind = old.fighter_type(packs.house_id, fighter.type)
    free = kind.recruit_skills if kind is not None else 0
    for skill in fighter.skills[free:]:
        spent += _skill_xp(old, kind, skill)
        taken += 1
    return spent, taken


def _skill_xp(old: Ruleset, kind: FighterType | None, skill: str) -> int:
    key = trait_key(skill)
    home = next(
        (s.name for s in old.skill_sets for k in s.skills if trait_key(k.name) == key), None
    )
    primary = kind is not None and home in kind.skill_sets_primary
    wanted = "primary_chosen" if primary else "secondary_chosen"
    advance = next((a for a in old.advancements if a.skill == wanted), None)
    return advance.xp if advance is not None else 0


def carried_xp(packs: Packs, fighter: Fighter, new_type: FighterType | None) -> tuple[int, Line]:
    """The new XP: the type's Starting XP plus every XP earned before (unspent and
    spent), with the rank it reaches and the advancements still owed there."""
    spent, taken = xp_spent(packs, fighter)
    earned = fighter.xp + spent
    start = (new_type.starting_xp or 0) if new_type is not None else 0
    total = start + earned
    progression = packs.new.progression
    rank = progression.rank_for(total)
    owed = progression.advancements_owed(start, total, taken)
    why = f"earned {earned} XP ({fighter.xp} unspent + {spent} spent on {taken} advancements)"
    if start:
        why += f" on top of the {new_type.name if new_type else ''} Starting XP {start}"
    rank_text = f", {rank.name}" if rank is not None else ""
    target = f"{total} XP{rank_text}, {owed} advancements owed"
    status: Status = "kept" if total == fighter.xp and not owed else "changed"
    return total, Line("xp", f"{fighter.xp} XP", target, status, why, fighter.name)
