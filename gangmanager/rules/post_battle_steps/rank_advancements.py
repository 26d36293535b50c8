"""Update Roster, a ranks pack's advancements: the ones owed at the ranks reached are
taken (XP is never spent; rules/rank_advancements.py). A spend-XP pack's entries are
the `advancements` step's: here they are left alone."""

from __future__ import annotations

from gangmanager.rules.gang import Gang
from gangmanager.rules.post_battle_draft import AdvancementEntry, PostBattleDraft
from gangmanager.rules.post_battle_steps.run import CampaignState, StepResult, StepRun
from gangmanager.rules.rank_advancements import owed, ranked, take_owed
from gangmanager.rules.ruleset import Ruleset


def rank_advancements(
    draft: PostBattleDraft, gang: Gang, ruleset: Ruleset, campaign: CampaignState
) -> StepResult:
    run = StepRun("rank_advancements", draft, gang, ruleset, campaign)
    if not ranked(ruleset):
        return run.result()
    for entry in run.draft.advancements:
        _take(run, entry)
    # What is still owed after this step stays owed (on the card) until taken.
    for fighter in run.gang.fighters:
        left = owed(ruleset, run.gang.house, fighter)
        if left:
            plural = "s" if left != 1 else ""
            run.note(fighter.name, f"{left} advancement{plural} still owed (take later)")
    return run.result()


def _take(run: StepRun, entry: AdvancementEntry) -> None:
    index = run.index(entry.fighter, "advancement")
    if index is None:
        return
    fighter = run.gang.fighters[index]
    taken = run.attempt(
        fighter.name,
        lambda: take_owed(
            run.ruleset, run.gang.house, fighter, entry.advancement,
            skill=entry.skill, skill_set=entry.skill_set, skill_roll=entry.skill_roll,
            ignore_access=run.gang.house_rules_ignore_restrictions,
        ),
    )  # fmt: skip
    if taken is None:
        return
    run.set_fighter(index, taken.fighter)
    run.note(fighter.name, taken.text)
    if entry.roll is not None:
        run.rolls.append(f"{fighter.name}: advancement 2D6 rolled {entry.roll}")
    if entry.skill_roll is not None:
        run.rolls.append(f"{fighter.name}: random skill D6 rolled {entry.skill_roll}")
