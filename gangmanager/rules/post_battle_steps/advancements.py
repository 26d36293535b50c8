"""Update Roster E: advancements bought with Experience (dice logged)."""

from __future__ import annotations

from gangmanager.rules.advancement import advance, advancement_label
from gangmanager.rules.gang import FighterStatus, Gang
from gangmanager.rules.post_battle_draft import AdvancementEntry, PostBattleDraft
from gangmanager.rules.post_battle_steps.run import CampaignState, StepResult, StepRun
from gangmanager.rules.rank_advancements import ranked
from gangmanager.rules.ruleset import Ruleset


def advancements(
    draft: PostBattleDraft, gang: Gang, ruleset: Ruleset, campaign: CampaignState
) -> StepResult:
    run = StepRun("advancements", draft, gang, ruleset, campaign)
    if ranked(ruleset):
        # XP is never spent in a ranks pack: its owed advancements are another step's.
        sequence = ruleset.post_battle.sequence  # None: every step, rank_advancements too
        if run.draft.advancements and sequence is not None and "rank_advancements" not in sequence:
            run.problem(
                f"the {ruleset.id} pack advances by rank: its post-battle sequence must name"
                " rank_advancements to take the advancements owed"
            )
        return run.result()
    for entry in run.draft.advancements:
        _advancement(run, entry)
    return run.result()


def _advancement(run: StepRun, entry: AdvancementEntry) -> None:
    index = run.index(entry.fighter, "advancement")
    if index is None:
        return
    fighter = run.gang.fighters[index]
    if fighter.status in (FighterStatus.DEAD, FighterStatus.CAPTURED):
        run.problem(f"{fighter.name} is {fighter.status.label.lower()}: no advancements")
        return
    bought = run.attempt(
        fighter.name,
        lambda: advance(
            run.ruleset, run.gang.house, fighter, entry.advancement,
            roll=entry.roll, skill=entry.skill, skill_set=entry.skill_set,
            skill_roll=entry.skill_roll,
            ignore_access=run.gang.house_rules_ignore_restrictions,
        ),
    )  # fmt: skip
    if bought is not None:
        run.set_fighter(index, bought.fighter)
        run.note(fighter.name, bought.text)
        what = advancement_label(run.ruleset, fighter, entry.advancement)
        if entry.roll is not None:
            run.rolls.append(f"{fighter.name}: {what} rolled {entry.roll}")
        if entry.skill_roll is not None:
            run.rolls.append(f"{fighter.name}: random skill D6 rolled {entry.skill_roll}")
