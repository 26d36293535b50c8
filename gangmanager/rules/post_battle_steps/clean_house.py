"""Update Roster A, clean house: Critical fighters without an escort die, Limited
profiles lost in battle go, and the dead leave with their gear to the stash."""

from __future__ import annotations

from functools import partial

from gangmanager.rules.gang import FighterStatus, Gang
from gangmanager.rules.post_battle_draft import PostBattleDraft
from gangmanager.rules.post_battle_steps.run import CampaignState, StepResult, StepRun
from gangmanager.rules.post_battle_trading import clean_house as remove_the_dead
from gangmanager.rules.post_battle_trading import delete_limited
from gangmanager.rules.ruleset import Ruleset


def clean_house(
    draft: PostBattleDraft, gang: Gang, ruleset: Ruleset, campaign: CampaignState
) -> StepResult:
    run = StepRun("clean_house", draft, gang, ruleset, campaign)
    for i, fighter in enumerate(run.gang.fighters):
        if fighter.status is FighterStatus.CRITICAL:
            run.set_fighter(i, fighter.model_copy(update={"status": FighterStatus.DEAD}))
            run.note(fighter.name, "died of their Critical Injury (no Medical Escort saved them)")
    # Limited profiles go before the dead leave: a fighter who lost one in the
    # battle and then died is still on the roster here, and their weapon goes to
    # the stash without the spent ammo.
    for entry in run.draft.limited_deleted:
        done = run.attempt(entry.fighter, partial(delete_limited, run.gang, entry))
        if done is not None:
            run.gang, text = done
            owner = run.gang.fighter(entry.fighter)
            run.note(owner.name if owner else entry.fighter, text)
    run.gang, removed = remove_the_dead(run.gang)
    for name, text in removed:
        run.note(name, text)
    return run.result()
