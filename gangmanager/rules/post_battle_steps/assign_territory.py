"""Assign territory: in a campaign, the territory named changes hands (with the
Reputation it gives); outside one, the player's note."""

from __future__ import annotations

from gangmanager.rules.gang import Gang
from gangmanager.rules.post_battle_campaign import (
    CampaignOutcome,
    campaign_battle,
    reputation_change,
)
from gangmanager.rules.post_battle_campaign import (
    assign_territory as move_territory,
)
from gangmanager.rules.post_battle_draft import PostBattleDraft
from gangmanager.rules.post_battle_steps.run import CampaignState, StepResult, StepRun
from gangmanager.rules.ruleset import Ruleset


def assign_territory(
    draft: PostBattleDraft, gang: Gang, ruleset: Ruleset, campaign: CampaignState
) -> StepResult:
    run = StepRun("assign_territory", draft, gang, ruleset, campaign)
    if run.setting is None:
        if run.draft.campaign_battle_id is not None:
            run.problems += campaign_battle(None, run.gang, run.draft)[1]
        if run.draft.territory.strip():
            run.note(None, run.draft.territory.strip())
        return run.result()
    battle, problems = campaign_battle(run.setting, run.gang, run.draft)
    moved_campaign, moved, notes, refused = move_territory(run.setting, run.gang, run.draft, battle)
    run.problems += problems + refused
    for text in notes:
        run.note(None, text)
    change = reputation_change(moved, run.gang.id)
    if change:
        before = run.gang.reputation
        after = max(1, before + change)
        run.gang = run.gang.model_copy(update={"reputation": after})
        floor = " (never below 1)" if after != before + change else ""
        run.note(None, f"Reputation {before} -> {after}{floor}")
    run.campaign = moved_campaign
    run.outcome = CampaignOutcome(
        campaign=moved_campaign,
        campaign_battle_id=battle.id if battle is not None else None,
        transfer=moved,
        income=None,
        income_entered=None,
    )
    return run.result()
