"""Collect income: the credits entered, or in a campaign the territories' income rolled
with the draft's dice (once per campaign battle)."""

from __future__ import annotations

import dataclasses

from gangmanager.rules.gang import Gang
from gangmanager.rules.post_battle_campaign import CampaignOutcome, income_lines, income_report
from gangmanager.rules.post_battle_draft import PostBattleDraft
from gangmanager.rules.post_battle_steps.run import CampaignState, StepResult, StepRun
from gangmanager.rules.ruleset import Ruleset


def collect_income(
    draft: PostBattleDraft, gang: Gang, ruleset: Ruleset, campaign: CampaignState
) -> StepResult:
    run = StepRun("collect_income", draft, gang, ruleset, campaign)
    outcome = run.outcome
    if outcome is None or run.setting is None or run.campaign is None:
        if run.draft.income:
            run.credits(run.draft.income, "income")
        return run.result()
    if run.draft.territory_income is None:
        if run.draft.income and _income_open(run, outcome):
            run.credits(run.draft.income, "income (entered by hand)")
            run.outcome = dataclasses.replace(outcome, income_entered=run.draft.income)
        return run.result()
    report, problems = income_report(
        run.setting, run.campaign, run.gang, run.draft.territory_income
    )
    run.problems += problems
    if report is None or not _income_open(run, outcome):
        return run.result()
    if run.draft.income and run.draft.income != report.total:
        run.problem(
            f"income: {run.draft.income} credits entered, but the territories give {report.total}"
        )
        return run.result()
    for text in income_lines(report):
        run.note(None, text)
    for line in report.lines:
        if line.rolls:
            rolled = ", ".join(map(str, line.rolls))
            run.rolls.append(f"{run.gang.name}: {line.territory} income rolled {rolled}")
    run.credits(report.total, "income from territories")
    run.outcome = dataclasses.replace(outcome, income=report)
    return run.result()


def _income_open(run: StepRun, outcome: CampaignOutcome) -> bool:
    """False (a problem) when the income after this campaign battle was collected already."""
    assert run.setting is not None
    battle = (
        run.setting.battle(outcome.campaign_battle_id)
        if outcome.campaign_battle_id is not None
        else None
    )
    side = battle.side(run.gang.id) if battle is not None and run.gang.id else None
    if side is not None and side.income is not None:
        run.problem(
            f"{run.gang.name} collected its income after campaign battle"
            f" {outcome.campaign_battle_id} already ({side.income} credits)"
        )
        return False
    return True
