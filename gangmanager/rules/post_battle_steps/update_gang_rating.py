"""Update Roster F: every Fighter Rating and the Gang Rating recalculated and committed
(the only place besides founding where committed ratings change)."""

from __future__ import annotations

from gangmanager.rules import ratings
from gangmanager.rules.gang import Gang
from gangmanager.rules.post_battle_draft import PostBattleDraft
from gangmanager.rules.post_battle_steps.run import CampaignState, StepResult
from gangmanager.rules.ruleset import Ruleset


def update_gang_rating(
    draft: PostBattleDraft, gang: Gang, ruleset: Ruleset, campaign: CampaignState
) -> StepResult:
    return StepResult(ratings.update_roster(gang), campaign=campaign)
