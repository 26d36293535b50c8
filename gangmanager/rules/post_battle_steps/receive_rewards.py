"""Receive rewards: Experience, credits and Reputation from the battle."""

from __future__ import annotations

from gangmanager.rules.gang import Gang
from gangmanager.rules.gang_additions import xp_refusal
from gangmanager.rules.post_battle_draft import PostBattleDraft
from gangmanager.rules.post_battle_steps.run import CampaignState, StepResult, StepRun
from gangmanager.rules.rank_advancements import rank_line
from gangmanager.rules.ruleset import Ruleset


def receive_rewards(
    draft: PostBattleDraft, gang: Gang, ruleset: Ruleset, campaign: CampaignState
) -> StepResult:
    run = StepRun("receive_rewards", draft, gang, ruleset, campaign)
    for name, amount in run.draft.xp.items():
        index = run.index(name, "XP")
        if index is None:
            continue
        fighter = run.gang.fighters[index]
        if amount < 0:
            run.problem(f"{fighter.name}: XP gained cannot be negative ({amount})")
            continue
        if refused := xp_refusal(run.ruleset, run.gang.house, fighter, amount):
            run.problem(refused)
            continue
        if amount:
            gained = fighter.model_copy(update={"xp": fighter.xp + amount})
            run.set_fighter(index, gained)
            run.note(fighter.name, f"+{amount} XP ({fighter.xp} -> {gained.xp})")
            # A ranks pack: the XP stays, and a rank begun owes an advancement.
            if line := rank_line(run.ruleset, run.gang.house, fighter, gained):
                run.note(fighter.name, line)
    if run.draft.credits:
        run.credits(run.draft.credits, "credits from the battle")
    if run.draft.reputation:
        before = run.gang.reputation
        after = max(1, before + run.draft.reputation)
        run.gang = run.gang.model_copy(update={"reputation": after})
        floor = " (never below 1)" if after != before + run.draft.reputation else ""
        run.note(None, f"Reputation {before} -> {after}{floor}")
    return run.result()
