"""Skill access: a skill must come from the fighter type's primary or secondary
sets, and the Primary skills a Leader or Champion still chooses when recruited.

A type with no access listed is an error of the pack, never a licence. A gang with
the house rule `house_rules_ignore_restrictions` gets the skill anyway: the verdict
is allowed, `overridden`, and still carries the reason as a note.
"""

from __future__ import annotations

from dataclasses import dataclass

from gangmanager.rules.gang import Fighter, Gang
from gangmanager.rules.limits import quoted
from gangmanager.rules.restrictions import _article
from gangmanager.rules.ruleset import FighterType, Ruleset, SkillSet
from gangmanager.rules.weapons import trait_key


@dataclass(frozen=True)
class SkillVerdict:
    allowed: bool
    # "primary", "secondary" or "" (refused, or unknown to the pack).
    access: str
    reason: str = ""
    overridden: bool = False
    # The refusal is the pack's fault (no access listed), not the player's.
    pack_error: bool = False


# -- skills --------------------------------------------------------------------------


def skill_set_of(ruleset: Ruleset, skill: str) -> SkillSet | None:
    key = trait_key(skill)
    return next(
        (s for s in ruleset.skill_sets if any(trait_key(k.name) == key for k in s.skills)), None
    )


def skill_access(
    ruleset: Ruleset, house_id: str | None, fighter: Fighter
) -> tuple[FighterType | None, str]:
    """The fighter's type, or None and why its skill access is unknown (an error of the pack)."""
    fighter_type = ruleset.fighter_type(house_id, fighter.type) if fighter.type else None
    if fighter_type is None:
        return None, (
            f"the {ruleset.id} pack has no fighter type {quoted(fighter.type)}, so"
            f" {fighter.name}'s skill access is unknown"
        )
    if not fighter_type.skill_sets_primary and not fighter_type.skill_sets_secondary:
        return None, (
            f"the {ruleset.id} pack lists no skill access for {fighter_type.name}:"
            " an error of the pack (give it skill_sets_primary and skill_sets_secondary)"
        )
    return fighter_type, ""


def check_skill(
    ruleset: Ruleset,
    house_id: str | None,
    fighter: Fighter,
    skill: str,
    *,
    ignore_restrictions: bool = False,
) -> SkillVerdict:
    """A skill must come from the type's primary or secondary sets (as an advancement asks).

    A type with no access listed is an error of the pack, never a licence.
    """

    def refuse(reason: str, pack_error: bool = False) -> SkillVerdict:
        if ignore_restrictions:
            return SkillVerdict(True, "", f"house rules: {reason}", True, pack_error)
        return SkillVerdict(False, "", reason, pack_error=pack_error)

    fighter_type, unknown = skill_access(ruleset, house_id, fighter)
    if fighter_type is None:
        return refuse(unknown, pack_error=True)
    primary = fighter_type.skill_sets_primary
    secondary = fighter_type.skill_sets_secondary
    found = skill_set_of(ruleset, skill)
    if found is None:
        return refuse(f"the {ruleset.id} pack has no skill {quoted(skill)} in any skill set")
    key = trait_key(found.name)
    if any(trait_key(s) == key for s in primary):
        return SkillVerdict(True, "primary")
    if any(trait_key(s) == key for s in secondary):
        return SkillVerdict(True, "secondary")
    access = f"primary {', '.join(primary) or 'none'}; secondary {', '.join(secondary) or 'none'}"
    return refuse(
        f"{skill} is {_article(found.name)} skill; {_article(fighter_type.name)} has access to {access}"
    )


def check_skill_for_gang(
    ruleset: Ruleset, gang: Gang, fighter: Fighter, skill: str
) -> SkillVerdict:
    return check_skill(
        ruleset,
        gang.house,
        fighter,
        skill,
        ignore_restrictions=gang.house_rules_ignore_restrictions,
    )


# -- skills taken when recruited ------------------------------------------------------


def recruit_skills_owed(ruleset: Ruleset, house_id: str | None, fighter: Fighter) -> int:
    """How many Primary skills the fighter still chooses as a recruit (Leaders and
    Champions take one on most lists: the type's `recruit_skills`)."""
    fighter_type = ruleset.fighter_type(house_id, fighter.type) if fighter.type else None
    if fighter_type is None:
        return 0
    return max(fighter_type.recruit_skills - len(fighter.skills), 0)


def recruit_skill_choices(ruleset: Ruleset, house_id: str | None, fighter: Fighter) -> list[str]:
    """The skills of the fighter's Primary sets they do not hold yet, set by set."""
    fighter_type = ruleset.fighter_type(house_id, fighter.type) if fighter.type else None
    if fighter_type is None:
        return []
    held = {trait_key(s) for s in fighter.skills}
    wanted = [trait_key(s) for s in fighter_type.skill_sets_primary]
    return [
        skill.name
        for key in wanted
        for skill_set in ruleset.skill_sets
        if trait_key(skill_set.name) == key
        for skill in skill_set.skills
        if trait_key(skill.name) not in held
    ]


def recruit_skill_warnings(
    ruleset: Ruleset, house_id: str | None, fighters: list[Fighter]
) -> list[str]:
    """A line for each fighter who has not chosen their recruit's skills yet."""
    return [
        f"{f.name} still chooses {owed} Primary {'skills' if owed > 1 else 'skill'}"
        " as a recruit (Equip page)"
        for f in fighters
        if (owed := recruit_skills_owed(ruleset, house_id, f))
    ]
