"""Post-battle actions: Medical Escorts for Critical fighters, captives sold."""

from __future__ import annotations

from gangmanager.rules.gang import Category, FighterStatus, Gang
from gangmanager.rules.injuries import InjuryProblem, read_roll, suffer
from gangmanager.rules.post_battle_draft import MedicalEscortEntry, PostBattleDraft
from gangmanager.rules.post_battle_steps.run import CampaignState, StepResult, StepRun
from gangmanager.rules.ruleset import Ruleset

# A stabilised fighter's new injury is rolled again when it would give one of these.
_ESCORT_REROLLS = frozenset({FighterStatus.CRITICAL, FighterStatus.DEAD, FighterStatus.CAPTURED})


def post_battle_actions(
    draft: PostBattleDraft, gang: Gang, ruleset: Ruleset, campaign: CampaignState
) -> StepResult:
    run = StepRun("post_battle_actions", draft, gang, ruleset, campaign)
    for entry in run.draft.medical_escorts:
        _medical_escort(run, entry)
    if run.draft.captives_sold and ruleset.drops("sell_fighters"):
        # The 2026 edition dropped selling fighters to the Guilders (the pack's `dropped`).
        run.problem("this ruleset has no selling of captives to the Guilders")
        return run.result()
    for captive in run.draft.captives_sold:
        run.credits(captive.value // 2, f"captive {captive.name} sold (half of {captive.value})")
    return run.result()


def _medical_escort(run: StepRun, entry: MedicalEscortEntry) -> None:
    index = run.index(entry.fighter, "Medical Escort")
    if index is None:
        return
    fighter = run.gang.fighters[index]
    name = fighter.name
    if fighter.status is not FighterStatus.CRITICAL:
        run.problem(f"{name}: a Medical Escort is for Critical fighters ({fighter.status.label})")
        return
    fee = _fee(run, entry, name)
    if fee is None:
        return
    if entry.roll is None or not 1 <= entry.roll <= 6:
        run.problem(f"{name}: roll the Medical Escort D6 (1-6)")
        return
    if not run.credits(-fee, f"Medical Escort for {name}", name):
        return
    run.rolls.append(f"{name}: Medical Escort D6 rolled {entry.roll}")
    if entry.roll <= run.ruleset.post_battle_rules.escort_dies_on:
        run.set_fighter(index, fighter.model_copy(update={"status": FighterStatus.DEAD}))
        run.note(name, f"died despite the Medical Escort (rolled {entry.roll})")
        return
    if entry.roll >= run.ruleset.post_battle_rules.escort_full_recovery_on:
        run.set_fighter(index, fighter.model_copy(update={"status": FighterStatus.ACTIVE}))
        run.note(name, f"full recovery after the Medical Escort (rolled {entry.roll})")
        return
    if entry.injury_roll is None:
        run.problem(f"{name}: stabilised (rolled {entry.roll}): roll their new Lasting Injury")
        return
    rolls = list(entry.rolls)

    def stabilise() -> None:
        result = read_roll(run.ruleset, entry.injury_roll or 0)
        # Critical Injury, Memorable Death and Captured are rolled again.
        if result.status in _ESCORT_REROLLS:
            raise InjuryProblem(f"the new injury {entry.injury_roll} is {result.name}: roll again")
        # Stabilised: the worst state they keep is Recovery.
        calm = fighter.model_copy(update={"status": FighterStatus.ACTIVE})
        outcome = suffer(run.ruleset, calm, result, rolls, roll=entry.injury_roll)
        if rolls:
            raise InjuryProblem(f"{len(rolls)} roll(s) left unused: {rolls}")
        status = FighterStatus.IN_RECOVERY
        run.set_fighter(index, outcome.fighter.model_copy(update={"status": status}))
        run.note(name, f"stabilised by the Medical Escort (rolled {entry.roll}), {status.label}")
        for line in outcome.lines:
            run.note(name, f"new Lasting Injury {line}")
        run.rolls.append(f"{name}: new Lasting Injury rolled {entry.injury_roll}")

    run.attempt(name, stabilise)


def _fee(run: StepRun, entry: MedicalEscortEntry, name: str) -> int | None:
    """The escort's fee, None (a problem) when the escort cannot go or no fee is known."""
    if entry.escort is not None:
        escort = run.index(entry.escort, "Medical Escort")
        if escort is None:
            return None
        helper = run.gang.fighters[escort]
        if helper.category not in (Category.LEADER, Category.CHAMPION) or (
            helper.status is not FighterStatus.ACTIVE
        ):
            run.problem(
                f"{helper.name} cannot escort: only an active Leader or Champion takes"
                " post-battle actions"
            )
            return None
    if entry.cost is not None:
        fee = entry.cost
    elif entry.cost_roll is not None and 2 <= entry.cost_roll <= 12:
        fee = entry.cost_roll * run.ruleset.post_battle_rules.escort_fee_per_pip
        run.rolls.append(f"{name}: Medical Escort fee 2D6 rolled {entry.cost_roll}")
    else:
        run.problem(f"{name}: roll 2D6 (2-12) for the Medical Escort fee, or give the cost")
        return None
    return fee
