"""Advancements of a ranks pack (the 2026 edition): XP accumulates and is never spent.

A fighter owes one advancement for each rank begun above the one its type is
recruited on (`Progression.advancements_earned`), less the advancements already
on it (each leaves one `ModifierKind.ADVANCEMENT` modifier). Taking one applies
an entry of the pack's advancement table, as the spend-XP packs do, but costs no
XP: what it costs is one owed advancement. The pack's `xp` of an entry is not read.
"""

from __future__ import annotations

from gangmanager.rules.advancement import (
    AdvancementProblem,
    Bought,
    allowed_sets,
    offered_advancement,
    with_advancement,
)
from gangmanager.rules.gang import Fighter, FighterStatus
from gangmanager.rules.gang_additions import earns_xp
from gangmanager.rules.ranks import RANKS, standing
from gangmanager.rules.ruleset import Advancement, Ruleset
from gangmanager.rules.weapons import trait_key


def ranked(ruleset: Ruleset) -> bool:
    """The pack's fighters advance by rank (XP never spent)."""
    return ruleset.progression.kind == RANKS


def owed(ruleset: Ruleset, house: str, fighter: Fighter) -> int:
    """Advancements earned at the ranks reached and not yet taken (0 for a spend-XP pack):
    the count the card shows (`ranks.standing`), so the wizard and the card agree."""
    found = standing(ruleset, house, fighter)
    return found.owed if found is not None else 0


def rank_line(ruleset: Ruleset, house: str, before: Fighter, after: Fighter) -> str | None:
    """The report's line when `after` stands on a higher rung than `before` (more XP),
    with the advancements it owes now; None when no rank was crossed."""
    progression = ruleset.progression
    if not ranked(ruleset):
        return None
    was, now = progression.rank_index(before.xp), progression.rank_index(after.xp)
    if now is None or (was is not None and now <= was):
        return None
    rank = progression.ranks[now]
    crossed = now - (was if was is not None else 0)
    rungs = f"{crossed} ranks" if crossed > 1 else "a new rank"
    count = owed(ruleset, house, after)
    plural = "s" if count != 1 else ""
    return (
        f"reaches {rungs}: {rank.name} (from {rank.xp} XP);"
        f" {count} advancement{plural} owed, no XP spent"
    )


def take_owed(
    ruleset: Ruleset,
    house: str,
    fighter: Fighter,
    advancement_id: str,
    *,
    skill: str | None = None,
    skill_set: str | None = None,
    skill_roll: int | None = None,
    ignore_access: bool = False,
) -> Bought:
    """Take one owed advancement: the fighter with it (XP unchanged); AdvancementProblem
    (fighter unchanged) when none is owed or the entry cannot be taken."""
    if not ranked(ruleset):
        raise AdvancementProblem(
            f"the {ruleset.id} pack spends XP on advancements: buy one instead"
        )
    if fighter.status in (FighterStatus.DEAD, FighterStatus.CAPTURED):
        raise AdvancementProblem(
            f"{fighter.name} is {fighter.status.label.lower()}: no advancements"
        )
    if not earns_xp(ruleset, house or None, fighter):
        raise AdvancementProblem(
            f"{fighter.name} is a {fighter.category.label}: they take no advancements"
        )
    if owed(ruleset, house, fighter) < 1:
        raise AdvancementProblem(none_owed(ruleset, fighter))
    advancement = offered_advancement(ruleset, fighter, advancement_id)
    if advancement.characteristic is None and advancement.skill is None:
        raise AdvancementProblem(
            f"{advancement.name} raises no characteristic and gives no skill: not an advancement"
            " a rank may take (fix the pack)"
        )
    taken, text = with_advancement(
        ruleset, house, fighter, fighter, advancement,
        roll=None, skill=skill, skill_set=skill_set, skill_roll=skill_roll,
        ignore_access=ignore_access,
    )  # fmt: skip
    left = owed(ruleset, house, taken)
    return Bought(
        taken,
        0,
        advancement.credits,
        f"{text}, +{advancement.credits} credits to cost; no XP spent ({fighter.xp} XP kept),"
        f" {left} advancement{'s' if left != 1 else ''} still owed",
    )


def offered(ruleset: Ruleset, fighter: Fighter) -> list[Advancement]:
    """The pack's advancements this fighter may take (its category allowed)."""
    return [a for a in ruleset.advancements if not a.categories or fighter.category in a.categories]


def skills_offered(
    ruleset: Ruleset, house: str, fighter: Fighter, advancement: Advancement, ignore_access: bool
) -> list[tuple[str, str]]:
    """(set, skill) the advancement may give the fighter, skills it has left out; empty for
    a characteristic. AdvancementProblem when the pack gives the type no such sets."""
    if advancement.skill is None:
        return []
    sets: set[str] = set()  # empty: any set
    if advancement.skill != "any_random" and not ignore_access:
        sets = {trait_key(s) for s in allowed_sets(ruleset, house, fighter, advancement.skill)}
    return [
        (skill_set.name, skill.name)
        for skill_set in ruleset.skill_sets
        if not sets or trait_key(skill_set.name) in sets
        for skill in skill_set.skills
        if skill.name not in fighter.skills
    ]


def none_owed(ruleset: Ruleset, fighter: Fighter) -> str:
    """Why nothing is owed: the XP, the rank, and where the next one begins."""
    progression = ruleset.progression
    rank = progression.rank_for(fighter.xp)
    here = f" ({rank.name})" if rank is not None else ""
    later = next((r.xp for r in progression.ranks if r.xp > fighter.xp), None)
    next_one = f"; the next rank begins at {later} XP" if later is not None else ""
    return f"{fighter.name} owes no advancement at {fighter.xp} XP{here}{next_one}"
