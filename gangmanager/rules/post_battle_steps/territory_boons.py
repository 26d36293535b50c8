"""Update Roster C, territory boons: the player's note, and in a campaign the recruits
and equipment the territories held give."""

from __future__ import annotations

from functools import partial

from gangmanager.rules import campaign as campaign_rules
from gangmanager.rules.campaign_types import BoonKind
from gangmanager.rules.gang import Gang
from gangmanager.rules.post_battle_boons import Grants, take_boon
from gangmanager.rules.post_battle_draft import PostBattleDraft
from gangmanager.rules.post_battle_steps.run import CampaignState, StepResult, StepRun
from gangmanager.rules.ruleset import Ruleset


def territory_boons(
    draft: PostBattleDraft, gang: Gang, ruleset: Ruleset, campaign: CampaignState
) -> StepResult:
    run = StepRun("territory_boons", draft, gang, ruleset, campaign)
    if run.draft.boons.strip():
        run.note(None, run.draft.boons.strip())
    if not run.draft.boons_taken:
        return run.result()
    if run.setting is None or run.campaign is None or run.gang.id is None:
        run.problem("boons taken: the gang holds no territory (it is in no running campaign)")
        return run.result()
    held = campaign_rules.held_boons(
        run.campaign, run.setting.ctype, run.gang.id, (BoonKind.RECRUIT, BoonKind.EQUIPMENT)
    )
    grants = Grants(held)
    for entry in run.draft.boons_taken:
        what = "recruit roll" if entry.dice is not None else repr(entry.wanted)
        done = run.attempt(
            f"boon {what} from {entry.territory}",
            partial(take_boon, run.ruleset, run.gang, entry, grants),
        )
        if done is not None:
            run.gang, text = done
            # A recruit is not in the report's list of fighters: the gang notes them.
            fighter = None if entry.kind == "recruit" else run.who(entry.fighter)
            run.note(fighter, text)
    return run.result()
