"""The post-battle sequence applied to a gang, in rulebook order, from one draft.

`apply_draft(ruleset, gang, draft)` returns the new gang and a `Report` of
every change. It checks the whole draft first-to-last on a copy and collects
every problem (unknown fighter, a bad or missing roll, not enough XP or
credits...); if there is any, it raises one `DraftError` listing them all and
nothing is applied. The last step, Update Roster F, recalculates and commits
every Fighter Rating and the Gang Rating (`ratings.update_roster`): the only
place besides founding where committed ratings change.

Order (FACTS.md section 5): Wrap-up (last battle's Recovery cleared, succumb
rolls, Lasting Injuries) - Assign territory - Receive rewards (XP, credits,
reputation) - Collect income - Post-battle actions (Medical Escorts, captives
sold) - Update Roster: A clean house (Critical fighters without an escort die;
the dead leave with their gear to the stash), Limited profiles lost in battle
removed, B Trading Post (sales, then purchases), C boons (a note), D moves,
E advancements, F ratings - Report results.

Each step is a module of rules/post_battle_steps/, a pure function of the draft,
the gang and the ruleset; this module runs them in order and builds the report.

For a gang in a running campaign, pass its `CampaignSetting`: Assign territory
then moves the territory named (with the Reputation it gives) and Collect
income rolls the territories' income with the draft's dice
(rules/post_battle_campaign.py); the report's `campaign` says what to store.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gangmanager.rules import ratings
from gangmanager.rules.gang import Fighter, Gang
from gangmanager.rules.limits import quoted
from gangmanager.rules.post_battle_campaign import CampaignOutcome, CampaignSetting
from gangmanager.rules.post_battle_draft import PostBattleDraft
from gangmanager.rules.post_battle_report import Change, FighterReport, Report
from gangmanager.rules.post_battle_steps import STEPS, CampaignState
from gangmanager.rules.post_battle_steps.run import step_name
from gangmanager.rules.ruleset import Ruleset

__all__ = [
    "APPLIED_STEP_IDS",
    "STEP_IDS",
    "CampaignOutcome",
    "CampaignSetting",
    "DraftError",
    "PostBattleDraft",
    "Report",
    "apply_draft",
    "step_name",
]

# The steps that change the gang (Assign territory: its Reputation, in a campaign), in
# the order `apply_draft` runs them.
APPLIED_STEP_IDS = tuple(STEPS)
# Every step the logic knows, in order; a pack may name them (or leave some out).
STEP_IDS = (*APPLIED_STEP_IDS, "report_results")


class DraftError(ValueError):
    """Every problem of a draft at once; nothing was applied."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = list(problems)
        count = len(self.problems)
        super().__init__(
            f"the post-battle draft was not applied ({count} problem{'s' if count != 1 else ''}): "
            + "; ".join(self.problems)
        )


@dataclass
class _Run:
    """The steps run so far: the gang they leave, the report lines, the problems found."""

    gang: Gang
    campaign: CampaignState
    problems: list[str] = field(default_factory=list)
    gang_changes: list[Change] = field(default_factory=list)
    fighter_changes: dict[str, list[Change]] = field(default_factory=dict)
    rolls: list[str] = field(default_factory=list)

    @property
    def outcome(self) -> CampaignOutcome | None:
        return self.campaign.outcome


def _run(
    ruleset: Ruleset,
    gang: Gang,
    draft: PostBattleDraft,
    through: str | None,
    campaign: CampaignSetting | None,
) -> _Run:
    run = _Run(gang, CampaignState.of(campaign))
    run.fighter_changes = {f.name: [] for f in gang.fighters}
    for step_id in ruleset.post_battle.sequence or APPLIED_STEP_IDS:
        done = STEPS[step_id](draft, run.gang, ruleset, run.campaign)
        run.gang, run.campaign = done.gang, done.campaign
        run.problems += done.problems
        run.rolls += done.rolls
        for line in done.lines:
            if line.fighter is None:
                run.gang_changes.append(line.change)
            else:
                run.fighter_changes.setdefault(line.fighter, []).append(line.change)
        if step_id == through:
            break
    return run


def preview_steps(
    ruleset: Ruleset,
    gang: Gang,
    draft: PostBattleDraft,
    through: str,
    campaign: CampaignSetting | None = None,
) -> tuple[Gang, list[str], CampaignOutcome | None]:
    """The gang after the steps up to and including `through` (an `APPLIED_STEP_IDS`
    entry), the problems found so far, and the campaign as those steps leave it (None
    without a campaign). For previews; nothing is committed before F."""
    if through not in APPLIED_STEP_IDS:
        raise ValueError(f"not a post-battle step that changes the gang: {quoted(through)}")
    run = _run(ruleset, gang, draft, through, campaign)
    return run.gang, run.problems, run.outcome


def problems(
    ruleset: Ruleset,
    gang: Gang,
    draft: PostBattleDraft,
    campaign: CampaignSetting | None = None,
) -> list[str]:
    """Everything wrong with the draft for this gang (empty when it can be applied)."""
    return _run(ruleset, gang, draft, None, campaign).problems


def apply_draft(
    ruleset: Ruleset,
    gang: Gang,
    draft: PostBattleDraft,
    campaign: CampaignSetting | None = None,
) -> tuple[Gang, Report]:
    """The whole sequence; raises DraftError listing every problem (then nothing changes).

    With `campaign` (the gang's running campaign) the report's `campaign` says
    what to store there: the territory moved, the income collected."""
    run = _run(ruleset, gang, draft, None, campaign)
    if run.problems:
        raise DraftError(run.problems)
    after = run.gang
    report = Report(
        gang=gang.name,
        result=draft.result or "",
        ruleset=ruleset.id,
        gang_rating_before=ratings.committed_gang_rating(gang),
        gang_rating_after=ratings.committed_gang_rating(after),
        credits_before=gang.credits,
        credits_after=after.credits,
        reputation_before=gang.reputation,
        reputation_after=after.reputation,
        gang_changes=run.gang_changes,
        rolls=run.rolls,
        notes=draft.notes,
        campaign=run.outcome,
    )
    for fighter in gang.fighters:
        now = _same_fighter(after, fighter)
        report.fighters.append(
            FighterReport(
                name=fighter.name,
                status_before=fighter.status.label,
                status_after=now.status.label if now is not None else None,
                rating_before=ratings.committed_fighter_rating(fighter),
                rating_after=ratings.committed_fighter_rating(now) if now is not None else None,
                changes=run.fighter_changes.get(fighter.name, []),
                receipt=ratings.fighter_receipt(now) if now is not None else None,
            )
        )
    return after, report


def _same_fighter(gang: Gang, fighter: Fighter) -> Fighter | None:
    """The fighter in the new gang: by id when stored, else by name."""
    if fighter.id is not None:
        return next((f for f in gang.fighters if f.id == fighter.id), None)
    return gang.fighter(fighter.name)
