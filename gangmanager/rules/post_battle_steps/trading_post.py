"""Update Roster B, the Trading Post: sales first, then the availability roll and
purchases (a purchase the gang cannot pay is not made)."""

from __future__ import annotations

from functools import partial

from gangmanager.rules.availability import seek_total
from gangmanager.rules.gang import Gang
from gangmanager.rules.limits import cut
from gangmanager.rules.post_battle_draft import PostBattleDraft
from gangmanager.rules.post_battle_steps.run import CampaignState, StepResult, StepRun
from gangmanager.rules.post_battle_trading import purchase, sale
from gangmanager.rules.ruleset import Ruleset


def trading_post(
    draft: PostBattleDraft, gang: Gang, ruleset: Ruleset, campaign: CampaignState
) -> StepResult:
    run = StepRun("trading_post", draft, gang, ruleset, campaign)
    for entry in run.draft.sales:
        done = run.attempt(f"sale of {entry.item}", partial(sale, run.gang, entry))
        if done is not None:
            run.gang, value, text = done
            run.credits(value, text, run.who(entry.fighter))
    available = _availability_roll(run)
    for bought in run.draft.purchases:
        before = run.gang
        found = run.attempt(
            f"purchase of {cut(bought.item)}",
            partial(purchase, run.ruleset, run.gang, bought, available),
        )
        if found is None:
            continue
        run.gang, cost, text = found
        if not run.credits(-cost, f"bought {text}", run.who(bought.fighter)):
            run.gang = before
    return run.result()


def _availability_roll(run: StepRun) -> int | None:
    """What the roll to seek Rare and Illegal items made (None: not rolled)."""
    entry = run.draft.availability
    if entry is None:
        return None
    for name in entry.traders:
        run.index(name, "availability roll")
    seek = seek_total(run.ruleset.post_battle_rules.availability, run.gang, entry)
    run.problems += seek.problems
    run.rolls.append(f"{run.gang.name}: availability 2D6 rolled {entry.roll}")
    run.note(None, f"{seek.text}: Rare and Illegal items up to {seek.total}")
    return seek.total
