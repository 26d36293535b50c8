"""A gang of one edition carried over to the next (issue #26): a pure function from the
old gang, both packs and the player's choices to the new gang and a line for each part
of it saying what happened to it. The old gang is never changed; nothing is stored."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from gangmanager.rules import ratings
from gangmanager.rules.carry_over_fighters import (
    Packs,
    carried_modifiers,
    carried_xp,
    choose_type,
    new_category,
    re_expressed,
)
from gangmanager.rules.carry_over_items import (
    carry_injuries,
    carry_skills,
    carry_wargear,
    carry_weapons,
)
from gangmanager.rules.carry_over_lines import CarryOverError, Line
from gangmanager.rules.characteristics import FIGHTER_STATLINE
from gangmanager.rules.gang import Fighter, Gang
from gangmanager.rules.limits import MAX_GANG_NAME_CHARS, clean_name, quoted
from gangmanager.rules.ruleset import Ruleset

# What a carried gang is called unless the player names it.
NAME_MARK = " ({edition})"


@dataclass(frozen=True)
class CarryOver:
    gang: Gang
    lines: tuple[Line, ...]

    def as_json(self) -> dict[str, object]:
        """The command line's `convert --json` (issue #26's keys)."""
        return {
            "gang": self.gang.name,
            "ruleset": self.gang.ruleset,
            "lines": [line.as_json() for line in self.lines],
        }


def default_name(gang: Gang, new: Ruleset) -> str:
    mark = NAME_MARK.format(edition=new.id)
    return gang.name[: MAX_GANG_NAME_CHARS - len(mark)].rstrip() + mark


def carry_over(
    gang: Gang,
    old: Ruleset,
    new: Ruleset,
    choices: Mapping[str, str] | None = None,
    name: str | None = None,
) -> CarryOver:
    """The gang as the new pack has it and what happened to each part; a `choose`
    line takes `choices[line.key]` when it is one of its options, else the nearest."""
    mapping = new.carry_over
    if mapping is None:
        raise CarryOverError(f"the {new.id} pack says nothing on carrying a gang over to it")
    if gang.ruleset != mapping.from_ruleset or old.id != gang.ruleset:
        raise CarryOverError(
            f"{quoted(gang.name)} is a gang of the {gang.ruleset} pack: the {new.id} pack"
            f" carries over gangs of the {mapping.from_ruleset} pack"
        )
    house = old.house(gang.house)
    packs = Packs(old, new, mapping, house.id if house is not None else gang.house, choices or {})
    new_name = _name(name) if name and name.strip() else default_name(gang, new)
    lines = [
        Line(
            "gang", gang.name, new_name, "changed", f"a new {new.id} gang; this one stays as it is"
        )
    ]
    lines.append(_house_line(packs, gang))
    fighters: list[Fighter] = []
    refund = 0
    for index, fighter in enumerate(gang.fighters):
        carried, fighter_lines, back = _fighter(packs, index, fighter)
        lines += fighter_lines
        refund += back
        fighters += [carried] if carried is not None else []
    stash = carry_weapons(gang.stash, new, mapping, "")
    lines += stash.lines
    refund += stash.refund
    credits = gang.credits + refund
    why = f"{refund} credits back for what the new pack lacks" if refund else "the same"
    lines.append(
        Line("credits", str(gang.credits), str(credits), "changed" if refund else "kept", why)
    )
    kept_ids = {f.id for f in fighters}
    fighters = [
        f
        if f.owner_id is None or f.owner_id in kept_ids
        else f.model_copy(update={"owner_id": None})
        for f in fighters
    ]
    carried_gang = gang.model_copy(
        update={
            "id": None,
            "version": None,
            "name": new_name,
            "ruleset": new.id,
            "credits": credits,
            "stash": list(stash.weapons),
            "fighters": fighters,
        }
    )
    return CarryOver(ratings.found_gang(carried_gang), tuple(lines))


def _name(name: str) -> str:
    try:
        return clean_name(name, gang=True)
    except ValueError as exc:
        raise CarryOverError(f"the new gang's name: {exc}") from None


def _house_line(packs: Packs, gang: Gang) -> Line:
    found = packs.new.house(packs.house_id)
    if found is None:
        why = f"the {packs.new.id} pack has no list for it: each fighter is asked for"
        return Line("house", gang.house, gang.house, "kept", why)
    if not found.fighter_types:
        why = f"the {packs.new.id} list has no fighter types yet: each fighter is asked for"
        return Line("house", gang.house, found.name, "kept", why)
    return Line("house", gang.house, found.name, "kept", f"the {packs.new.id} list")


def _fighter(packs: Packs, index: int, fighter: Fighter) -> tuple[Fighter | None, list[Line], int]:
    """The fighter carried over (None: dropped), its lines, the credits paid back."""
    if packs.old.statline_name(fighter.profile) != FIGHTER_STATLINE:
        why = f"the {packs.new.id} pack has no profile for it yet (a vehicle): left behind"
        return None, [Line("fighter", fighter.type, "", "dropped", why, fighter.name)], 0
    choice = choose_type(packs, index, fighter)
    kind = choice.fighter_type
    lines = [choice.line]
    if kind is not None:
        profile = kind.profile
        why = f"the new {kind.name}'s profile"
    else:
        profile = re_expressed(packs, fighter.profile)
        why = "re-expressed: target numbers as plain ones, a new characteristic unarmoured"
    table = packs.table
    lines.append(
        Line("profile", fighter.profile.line(), profile.line(table), "changed", why, fighter.name)
    )
    modifiers, modifier_lines = carried_modifiers(packs, fighter)
    lines += modifier_lines
    weapons = carry_weapons(fighter.weapons, packs.new, packs.mapping, fighter.name)
    wargear = carry_wargear(fighter.wargear, packs.new, packs.mapping, fighter.name, table)
    skills = carry_skills(fighter.skills, packs.new, packs.mapping, fighter.name, table)
    injuries = carry_injuries(fighter.injuries, packs.new, packs.mapping, fighter.name, table)
    for part in (weapons, wargear, skills, injuries):
        lines += part.lines
    xp, xp_line = carried_xp(packs, fighter, kind)
    lines.append(xp_line)
    carried = fighter.model_copy(
        update={
            "type": kind.name if kind is not None else fighter.type,
            "category": kind.category
            if kind is not None
            else new_category(packs, fighter.category),
            "cost": kind.cost_for(packs.new.house(packs.house_id))
            if kind is not None
            else fighter.cost,
            "xp": xp,
            "profile": profile,
            "modifiers": [*modifiers, *wargear.modifiers, *skills.modifiers, *injuries.modifiers],
            "weapons": list(weapons.weapons),
            "wargear": list(wargear.wargear),
            "skills": list(skills.names),
            "injuries": list(injuries.names),
        }
    )
    return carried, lines, weapons.refund + wargear.refund
