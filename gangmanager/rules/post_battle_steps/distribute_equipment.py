"""Update Roster D: equipment moved between fighters and the stash."""

from __future__ import annotations

from functools import partial

from gangmanager.rules.gang import Gang
from gangmanager.rules.limits import cut
from gangmanager.rules.post_battle_draft import PostBattleDraft
from gangmanager.rules.post_battle_steps.run import CampaignState, StepResult, StepRun
from gangmanager.rules.post_battle_trading import move
from gangmanager.rules.ruleset import Ruleset


def distribute_equipment(
    draft: PostBattleDraft, gang: Gang, ruleset: Ruleset, campaign: CampaignState
) -> StepResult:
    run = StepRun("distribute_equipment", draft, gang, ruleset, campaign)
    for entry in run.draft.moves:
        done = run.attempt(f"moving {cut(entry.item)}", partial(move, run.gang, entry))
        if done is not None:
            run.gang, text = done
            run.note(run.who(entry.to), text)
    return run.result()
