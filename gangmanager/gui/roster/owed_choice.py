"""The two lists a ranks pack's advancement is chosen from, filled the same way in the
post-battle wizard and in Fighter > Take advancement...: the pack's advancements, and
the skills the chosen one may give."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox

from gangmanager.rules.advancement import AdvancementProblem
from gangmanager.rules.gang import Fighter, Gang
from gangmanager.rules.rank_advancements import offered, skills_offered
from gangmanager.rules.ruleset import Advancement, Ruleset


def fill_advancements(combo: QComboBox, ruleset: Ruleset, fighter: Fighter) -> None:
    """Add the advancements the fighter may take, each with its credits, keyed by id."""
    for advancement in offered(ruleset, fighter):
        combo.addItem(f"{advancement.name} (+{advancement.credits} credits)", advancement.id)


def fill_skills(
    combo: QComboBox, ruleset: Ruleset, gang: Gang, fighter: Fighter, chosen: Advancement
) -> str:
    """Fill `combo` with the skills `chosen` may give the fighter (enabled only when there
    are any); the reason it cannot be taken, or "" when it can."""
    combo.clear()
    problem = ""
    try:
        skills = skills_offered(
            ruleset, gang.house, fighter, chosen, gang.house_rules_ignore_restrictions
        )
    except AdvancementProblem as exc:
        skills, problem = [], str(exc)
    for set_name, skill in skills:
        combo.addItem(f"{set_name}: {skill}", skill)
    combo.setEnabled(combo.count() > 0)
    return problem
