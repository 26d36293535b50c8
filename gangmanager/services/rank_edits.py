"""A ranks pack's (n26) owed advancement taken on the roster, outside the post-battle:
a pure function of the gang, as the roster's other edits (roster_edits.py). XP is not
spent; one owed advancement is (rules/rank_advancements.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gangmanager.rules import roster_ops
from gangmanager.rules.advancement import AdvancementProblem
from gangmanager.rules.rank_advancements import take_owed
from gangmanager.rules.roster_ops import RosterError
from gangmanager.rules.ruleset import Ruleset

if TYPE_CHECKING:
    from gangmanager.rules.gang import Gang
    from gangmanager.services.roster import TakeAdvancement
    from gangmanager.services.roster_steps import Edited


def take_advancement(gang: Gang, c: TakeAdvancement, ruleset: Ruleset) -> Edited:
    index = roster_ops.fighter_index(gang, c.fighter_id)
    fighter = gang.fighters[index]
    try:
        taken = take_owed(
            ruleset, gang.house, fighter, c.advancement,
            skill=c.skill, skill_set=c.skill_set, skill_roll=c.skill_roll,
            ignore_access=gang.house_rules_ignore_restrictions,
        )  # fmt: skip
    except AdvancementProblem as exc:
        raise RosterError(str(exc)) from None
    fighters = list(gang.fighters)
    fighters[index] = taken.fighter
    what = taken.text.split(",", 1)[0]
    edited = gang.model_copy(update={"fighters": fighters})
    return edited, f"Take advancement {what} for {fighter.name}", index, (taken.text,)
