"""Undo and redo of one given step, as the undo history performs them: the step's
action (the inverse its outcome carried) through the one entry, `perform`.

The windows and `gangmanager undo` take the newest step of the history; these take
the step a test names, so a test can undo an older one or undo it twice.
"""

from __future__ import annotations

from gangmanager.persistence.database import Database
from gangmanager.services import post_battle
from gangmanager.services.campaign_steps import CampaignStep, SwapCampaignRows
from gangmanager.services.changes import Changes
from gangmanager.services.operations import perform, undo
from gangmanager.services.post_battle import FinishResult, SwapPostBattle
from gangmanager.services.rulesets import Rulesets


def undo_step(db: Database, rulesets: Rulesets, step: CampaignStep) -> Changes:
    """The campaign action of `step` undone (`run_step`'s outcome's inverse)."""
    return perform(db, SwapCampaignRows(step, "undo"), rulesets).changes


def redo_step(db: Database, rulesets: Rulesets, step: CampaignStep) -> Changes:
    """The undone campaign action made again (the undo's outcome's inverse)."""
    return perform(db, SwapCampaignRows(step, "redo"), rulesets).changes


def undo_finish(db: Database, rulesets: Rulesets, result: FinishResult) -> Changes:
    """A post-battle Finish undone: the inverse of the outcome Finish returns."""
    return undo(db, post_battle.finish_outcome(result), rulesets).changes


def redo_finish(db: Database, rulesets: Rulesets, result: FinishResult) -> Changes:
    """The undone Finish applied again (the undo's outcome's inverse)."""
    action = SwapPostBattle(result.rows_before, result.rows_after, "redo", "applied again")
    return perform(db, action, rulesets).changes
