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

For a gang in a running campaign, pass its `CampaignSetting`: Assign territory
then moves the territory named (with the Reputation it gives) and Collect
income rolls the territories' income with the draft's dice
(rules/post_battle_campaign.py); the report's `campaign` says what to store.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from functools import partial
from typing import Any, TypeVar

from gangmanager.rules import campaign as campaign_rules
from gangmanager.rules import ratings
from gangmanager.rules.advancement import AdvancementProblem, advance, advancement_label
from gangmanager.rules.availability import seek_total
from gangmanager.rules.campaign_types import BoonKind
from gangmanager.rules.dice import is_d66
from gangmanager.rules.gang import Category, Fighter, FighterStatus, Gang
from gangmanager.rules.gang_additions import after_lasting_injury, xp_refusal
from gangmanager.rules.injuries import (
    InjuryProblem,
    after_battle_roll,
    find_result,
    read_roll,
    suffer,
    worse_status,
)
from gangmanager.rules.limits import cut, quoted
from gangmanager.rules.post_battle_boons import Grants, take_boon
from gangmanager.rules.post_battle_campaign import (
    CampaignOutcome,
    CampaignSetting,
    assign_territory,
    campaign_battle,
    income_lines,
    income_report,
    reputation_change,
)
from gangmanager.rules.post_battle_draft import (
    AdvancementEntry,
    InjuryEntry,
    MedicalEscortEntry,
    PostBattleDraft,
)
from gangmanager.rules.post_battle_report import Change, FighterReport, Report
from gangmanager.rules.post_battle_trading import (
    TradeProblem,
    clean_house,
    delete_limited,
    fighter_index,
    move,
    purchase,
    sale,
)
from gangmanager.rules.ruleset import AfterBattleRoll, Ruleset

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

# Every step the logic knows, in order; a pack may name them (or leave some out).
STEP_IDS = (
    "wrap_up",
    "assign_territory",
    "receive_rewards",
    "collect_income",
    "post_battle_actions",
    "clean_house",
    "trading_post",
    "territory_boons",
    "distribute_equipment",
    "advancements",
    "update_gang_rating",
    "report_results",
)
# The steps that change the gang (Assign territory: its Reputation, in a campaign), in
# the order `apply_draft` runs them.
APPLIED_STEP_IDS = tuple(s for s in STEP_IDS if s != "report_results")
_FALLBACK_NAMES = {
    "wrap_up": "Wrap-up",
    "assign_territory": "Assign territory",
    "receive_rewards": "Receive rewards",
    "collect_income": "Collect income",
    "post_battle_actions": "Post-battle actions",
    "clean_house": "Clean house",
    "trading_post": "Trading Post",
    "territory_boons": "Territory boons",
    "distribute_equipment": "Distribute equipment",
    "advancements": "Advancements",
    "update_gang_rating": "Update Gang Rating",
    "report_results": "Report results",
}
# Succumb, Medical Escort fee and outcomes: the ruleset's `post_battle_rules`.
# A stabilised fighter's new injury is rolled again when it would give one of these.
_ESCORT_REROLLS = frozenset({FighterStatus.CRITICAL, FighterStatus.DEAD, FighterStatus.CAPTURED})


class DraftError(ValueError):
    """Every problem of a draft at once; nothing was applied."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = list(problems)
        count = len(self.problems)
        super().__init__(
            f"the post-battle draft was not applied ({count} problem{'s' if count != 1 else ''}): "
            + "; ".join(self.problems)
        )


def step_name(ruleset: Ruleset, step_id: str) -> str:
    """The pack's name for a step (or substep), else ours."""
    for step in ruleset.post_battle_steps:
        if step.id == step_id:
            return step.name
        for sub in step.substeps:
            if sub.id == step_id:
                return sub.name
    return _FALLBACK_NAMES.get(step_id, step_id.replace("_", " ").capitalize())


_T = TypeVar("_T")


class _Sequence:
    """One run over a draft: a working gang, the report, the problems found."""

    def __init__(
        self,
        ruleset: Ruleset,
        gang: Gang,
        draft: PostBattleDraft,
        campaign: CampaignSetting | None = None,
    ) -> None:
        self.ruleset = ruleset
        self.gang = gang
        self.draft = draft
        self.setting = campaign
        # The campaign as the steps leave it (a territory moved at step 2).
        self.campaign = campaign.campaign if campaign is not None else None
        self.outcome: CampaignOutcome | None = None
        self.problems: list[str] = []
        self.gang_changes: list[Change] = []
        self.fighter_changes: dict[str, list[Change]] = {f.name: [] for f in gang.fighters}
        self.rolls: list[str] = []
        self.step = ""

    # ---------------------------------------------------------------- helpers

    def enter(self, step_id: str) -> None:
        self.step = step_name(self.ruleset, step_id)

    def problem(self, text: str) -> None:
        self.problems.append(text)

    def note(self, fighter: str | None, text: str) -> None:
        if fighter is None:
            self.gang_changes.append(Change(self.step, text))
        else:
            self.fighter_changes.setdefault(fighter, []).append(Change(self.step, text))

    def index(self, name: str, what: str) -> int | None:
        index = fighter_index(self.gang, name)
        if index is None:
            self.problem(f"{what}: no fighter {quoted(name)} on the roster")
        return index

    def set_fighter(self, index: int, fighter: Fighter) -> None:
        fighters = list(self.gang.fighters)
        fighters[index] = fighter
        self.gang = self.gang.model_copy(update={"fighters": fighters})

    def attempt(self, what: str, action: Callable[[], _T]) -> _T | None:
        """Run one entry; a refusal becomes a problem and the gang stays as it was."""
        try:
            return action()
        except (InjuryProblem, AdvancementProblem, TradeProblem) as exc:
            self.problem(f"{what}: {exc}")
            return None

    def d6(self, name: str, roll: int | None, what: str, missing: str) -> int | None:
        """A D6 as rolled, logged; else None and a problem (`missing` when not rolled)."""
        if roll is None:
            self.problem(missing)
            return None
        if not 1 <= roll <= 6:
            article = "an" if what[:1].casefold() in "aeiou" else "a"
            self.problem(f"{name}: {article} {what} roll is a D6 (1-6), not {roll}")
            return None
        self.rolls.append(f"{name}: {what} D6 rolled {roll}")
        return roll

    def credits(self, amount: int, text: str, fighter: str | None = None) -> bool:
        """Pay (negative) or receive credits; refuses a payment the gang cannot make."""
        if amount < 0 and self.gang.credits + amount < 0:
            self.problem(f"{text}: not enough credits (costs {-amount}, {self.gang.credits} left)")
            return False
        self.gang = self.gang.model_copy(update={"credits": self.gang.credits + amount})
        self.note(fighter, f"{text} ({amount:+d} credits)" if amount else text)
        return True

    # ---------------------------------------------------------------- steps

    def wrap_up(self) -> None:
        self.enter("wrap_up")
        if self.draft.result is None:
            self.problem("choose the result of the battle (win, loss or draw)")
        if self.draft.clear_recovery:
            for i, fighter in enumerate(self.gang.fighters):
                if fighter.status in (FighterStatus.IN_RECOVERY, FighterStatus.CONVALESCENCE):
                    self.set_fighter(i, fighter.model_copy(update={"status": FighterStatus.ACTIVE}))
                    self.note(fighter.name, f"back from {fighter.status.label}")
        injured = {fighter_index(self.gang, e.fighter) for e in self.draft.injuries}
        for entry in self.draft.succumb:
            index = self.index(entry.fighter, "succumb roll")
            if index is None:
                continue
            name = self.gang.fighters[index].name
            missing = f"{name}: roll the D6 to see if they succumb to their injuries"
            roll = self.d6(name, entry.roll, "succumb", missing)
            if roll is None:
                continue
            if roll <= self.ruleset.post_battle_rules.succumb_on:
                self.note(name, f"succumbed to their injuries (rolled {roll}): Out of Action")
                if index not in injured:
                    self.problem(f"{name} succumbed (rolled {roll}): add their Lasting Injury")
            else:
                self.note(name, f"shrugged off their injuries (rolled {roll})")
        wounded = self._old_wounds_due()
        before = [f.status for f in self.gang.fighters]
        seen: set[int] = set()
        for lasting in self.draft.injuries:
            index = self.index(lasting.fighter, "Lasting Injury")
            if index is None:
                if lasting.roll is not None and not is_d66(lasting.roll):
                    self.problem(f"{lasting.fighter}: {lasting.roll} is not a D66 roll (11-66)")
                continue
            if index in seen:
                self.problem(f"{self.gang.fighters[index].name}: two Lasting Injury entries")
                continue
            seen.add(index)
            self.injury(index, lasting)
        captured = [
            i
            for i, (was, fighter) in enumerate(zip(before, self.gang.fighters, strict=True))
            if fighter.status is FighterStatus.CAPTURED and was is not FighterStatus.CAPTURED
        ]
        self.escapes(captured)
        self.capture_roll(seen)
        self.old_wounds(wounded)

    def escapes(self, captured: list[int]) -> None:
        """2023: each fighter Captured on the injury table rolls to slip away."""
        rules = self.ruleset.post_battle_rules.capture_escape
        entries = {e.fighter.casefold(): e for e in self.draft.escapes}
        names = {self.gang.fighters[i].name.casefold() for i in captured}
        for name in entries.keys() - names:
            self.problem(f"escape roll: {entries[name].fighter} was not Captured in this battle")
        if rules is None:
            return
        for index in captured:
            fighter = self.gang.fighters[index]
            entry = entries.get(fighter.name.casefold())
            modifier = {"draw": rules.draw, "loss": rules.loss}.get(self.draft.result or "", 0)
            if entry is not None and entry.webbed:
                modifier += rules.webbed
            how = f"{rules.target}+" + (f", {modifier:+d}" if modifier else "")
            missing = (
                f"{fighter.name} was Captured: roll a D6 to escape ({how};"
                f" a {rules.always_on} always escapes)"
            )
            roll = self.d6(fighter.name, entry.roll if entry else None, "escape", missing)
            if roll is None:
                continue
            if roll == rules.always_on or roll + modifier >= rules.target:
                self.set_fighter(index, fighter.model_copy(update={"status": rules.status}))
                self.note(
                    fighter.name,
                    f"escaped their captors (rolled {roll}, {how}): {rules.status.label}",
                )
            else:
                self.note(fighter.name, f"did not escape (rolled {roll}, {how}): Captured")

    def capture_roll(self, out_of_action: set[int]) -> None:
        """Older rules: the opposing gang's 2D6 capture roll may take one of the fallen."""
        entry = self.draft.capture
        if entry is None:
            return
        rules = self.ruleset.post_battle_rules.capture_roll
        if rules is None:
            self.problem(
                f"capture roll: in {self.ruleset.id} capture is a Lasting Injury result,"
                " not a separate roll"
            )
            return
        total = entry.roll + entry.modifier
        self.rolls.append(f"{self.gang.name}: opponent's capture 2D6 rolled {entry.roll}")
        if total <= rules.beats:
            self.note(
                None, f"not captured: the capture roll made {total} ({rules.beats + 1}+ needed)"
            )
            if entry.fighter is not None:
                self.problem(f"capture roll: {total} captures nobody, yet it names {entry.fighter}")
            return
        if entry.fighter is None:
            self.problem(
                f"capture roll: {total} captures one fighter taken Out of Action: name them"
            )
            return
        index = self.index(entry.fighter, "capture roll")
        if index is None:
            return
        fighter = self.gang.fighters[index]
        if index not in out_of_action:
            self.problem(f"capture roll: {fighter.name} did not go Out of Action")
            return
        if fighter.status in (FighterStatus.DEAD, FighterStatus.CRITICAL):
            self.problem(f"capture roll: {fighter.name} is {fighter.status.label.lower()}")
            return
        self.set_fighter(index, fighter.model_copy(update={"status": FighterStatus.CAPTURED}))
        self.note(fighter.name, f"Captured (the capture roll made {total})")

    def _old_wounds_due(self) -> dict[int, tuple[str, AfterBattleRoll]]:
        """Fighters whose lasting injuries ask for a D6 after this battle, by index."""
        due = {i: after_battle_roll(self.ruleset, f) for i, f in enumerate(self.gang.fighters)}
        return {i: wound for i, wound in due.items() if wound is not None}

    def old_wounds(self, due: dict[int, tuple[str, AfterBattleRoll]]) -> None:
        entries = {e.fighter.casefold(): e for e in self.draft.old_wounds}
        names = {self.gang.fighters[i].name.casefold() for i in due}
        for name in entries.keys() - names:
            self.problem(f"{entries[name].fighter}: no injury asks for a roll after the battle")
        for index, (wound, rule) in due.items():
            fighter = self.gang.fighters[index]
            entry = entries.get(fighter.name.casefold())
            if entry is not None and not entry.took_part:
                self.note(fighter.name, f"{wound}: did not take part, no roll")
                continue
            missing = (
                f"{fighter.name} has an {wound}: roll a D6 ({rule.fails_on} or less:"
                f" {rule.status.label}), or say they did not take part"
            )
            roll = self.d6(fighter.name, entry.roll if entry else None, wound, missing)
            if roll is None:
                continue
            if roll <= rule.fails_on:
                status = worse_status(fighter.status, rule.status)
                self.set_fighter(index, fighter.model_copy(update={"status": status}))
                self.note(fighter.name, f"{wound} flares up (rolled {roll}): {status.label}")
            else:
                self.note(fighter.name, f"{wound} holds (rolled {roll})")

    def injury(self, index: int, entry: InjuryEntry) -> None:
        fighter = self.gang.fighters[index]
        name = fighter.name
        if entry.roll is None and entry.result is None:
            self.problem(f"{name}: roll the Lasting Injury (D66) or pick the result")
            return
        rolls = list(entry.rolls)

        def resolve() -> None:
            if entry.roll is not None:
                result = read_roll(self.ruleset, entry.roll)
            else:
                result = find_result(self.ruleset, entry.result or "")
            outcome = suffer(self.ruleset, fighter, result, rolls, roll=entry.roll)
            if rolls:
                raise InjuryProblem(f"{len(rolls)} roll(s) left unused: {rolls}")
            kept, leaves = after_lasting_injury(
                self.ruleset, self.gang.house, fighter, outcome.fighter
            )
            self.set_fighter(index, kept)
            self.note(name, "Out of Action")
            for line in [*outcome.lines, *([leaves] if leaves else [])]:
                self.note(name, f"Lasting Injury {line}")
            dice = [entry.roll] if entry.roll is not None else []
            if dice or entry.rolls:
                self.rolls.append(
                    f"{name}: Lasting Injury rolled {', '.join(map(str, [*dice, *entry.rolls]))}"
                )

        self.attempt(name, resolve)

    def territory(self) -> None:
        self.enter("assign_territory")
        if self.setting is None:
            if self.draft.campaign_battle_id is not None:
                self.problems += campaign_battle(None, self.gang, self.draft)[1]
            if self.draft.territory.strip():
                self.note(None, self.draft.territory.strip())
            return
        battle, problems = campaign_battle(self.setting, self.gang, self.draft)
        campaign, moved, notes, refused = assign_territory(
            self.setting, self.gang, self.draft, battle
        )
        self.problems += problems + refused
        for text in notes:
            self.note(None, text)
        change = reputation_change(moved, self.gang.id)
        if change:
            before = self.gang.reputation
            after = max(1, before + change)
            self.gang = self.gang.model_copy(update={"reputation": after})
            floor = " (never below 1)" if after != before + change else ""
            self.note(None, f"Reputation {before} -> {after}{floor}")
        self.campaign = campaign
        self.outcome = CampaignOutcome(
            campaign=campaign,
            campaign_battle_id=battle.id if battle is not None else None,
            transfer=moved,
            income=None,
            income_entered=None,
        )

    def rewards(self) -> None:
        self.enter("receive_rewards")
        for name, amount in self.draft.xp.items():
            index = self.index(name, "XP")
            if index is None:
                continue
            fighter = self.gang.fighters[index]
            if amount < 0:
                self.problem(f"{fighter.name}: XP gained cannot be negative ({amount})")
                continue
            if refused := xp_refusal(self.ruleset, self.gang.house, fighter, amount):
                self.problem(refused)
                continue
            if amount:
                self.set_fighter(index, fighter.model_copy(update={"xp": fighter.xp + amount}))
                self.note(fighter.name, f"+{amount} XP ({fighter.xp} -> {fighter.xp + amount})")
        if self.draft.credits:
            self.credits(self.draft.credits, "credits from the battle")
        if self.draft.reputation:
            before = self.gang.reputation
            after = max(1, before + self.draft.reputation)
            self.gang = self.gang.model_copy(update={"reputation": after})
            floor = " (never below 1)" if after != before + self.draft.reputation else ""
            self.note(None, f"Reputation {before} -> {after}{floor}")

    def income(self) -> None:
        self.enter("collect_income")
        outcome = self.outcome
        if outcome is None or self.setting is None or self.campaign is None:
            if self.draft.income:
                self.credits(self.draft.income, "income")
            return
        if self.draft.territory_income is None:
            if self.draft.income and self._income_open(outcome):
                self.credits(self.draft.income, "income (entered by hand)")
                self.outcome = _replace(outcome, income_entered=self.draft.income)
            return
        report, problems = income_report(
            self.setting, self.campaign, self.gang, self.draft.territory_income
        )
        self.problems += problems
        if report is None or not self._income_open(outcome):
            return
        if self.draft.income and self.draft.income != report.total:
            self.problem(
                f"income: {self.draft.income} credits entered, but the territories"
                f" give {report.total}"
            )
            return
        for text in income_lines(report):
            self.note(None, text)
        for line in report.lines:
            if line.rolls:
                rolled = ", ".join(map(str, line.rolls))
                self.rolls.append(f"{self.gang.name}: {line.territory} income rolled {rolled}")
        self.credits(report.total, "income from territories")
        self.outcome = _replace(outcome, income=report)

    def _income_open(self, outcome: CampaignOutcome) -> bool:
        """False (a problem) when the income after this campaign battle was collected already."""
        assert self.setting is not None
        battle = (
            self.setting.battle(outcome.campaign_battle_id)
            if outcome.campaign_battle_id is not None
            else None
        )
        side = battle.side(self.gang.id) if battle is not None and self.gang.id else None
        if side is not None and side.income is not None:
            self.problem(
                f"{self.gang.name} collected its income after campaign battle"
                f" {outcome.campaign_battle_id} already ({side.income} credits)"
            )
            return False
        return True

    def actions(self) -> None:
        self.enter("post_battle_actions")
        for entry in self.draft.medical_escorts:
            self.medical_escort(entry)
        for captive in self.draft.captives_sold:
            self.credits(
                captive.value // 2, f"captive {captive.name} sold (half of {captive.value})"
            )

    def medical_escort(self, entry: MedicalEscortEntry) -> None:
        index = self.index(entry.fighter, "Medical Escort")
        if index is None:
            return
        fighter = self.gang.fighters[index]
        name = fighter.name
        if fighter.status is not FighterStatus.CRITICAL:
            self.problem(
                f"{name}: a Medical Escort is for Critical fighters ({fighter.status.label})"
            )
            return
        if entry.escort is not None:
            escort = self.index(entry.escort, "Medical Escort")
            if escort is None:
                return
            helper = self.gang.fighters[escort]
            if helper.category not in (Category.LEADER, Category.CHAMPION) or (
                helper.status is not FighterStatus.ACTIVE
            ):
                self.problem(
                    f"{helper.name} cannot escort: only an active Leader or Champion takes"
                    " post-battle actions"
                )
                return
        if entry.cost is not None:
            fee = entry.cost
        elif entry.cost_roll is not None and 2 <= entry.cost_roll <= 12:
            fee = entry.cost_roll * self.ruleset.post_battle_rules.escort_fee_per_pip
            self.rolls.append(f"{name}: Medical Escort fee 2D6 rolled {entry.cost_roll}")
        else:
            self.problem(f"{name}: roll 2D6 (2-12) for the Medical Escort fee, or give the cost")
            return
        if entry.roll is None or not 1 <= entry.roll <= 6:
            self.problem(f"{name}: roll the Medical Escort D6 (1-6)")
            return
        if not self.credits(-fee, f"Medical Escort for {name}", name):
            return
        self.rolls.append(f"{name}: Medical Escort D6 rolled {entry.roll}")
        if entry.roll <= self.ruleset.post_battle_rules.escort_dies_on:
            self.set_fighter(index, fighter.model_copy(update={"status": FighterStatus.DEAD}))
            self.note(name, f"died despite the Medical Escort (rolled {entry.roll})")
            return
        if entry.roll >= self.ruleset.post_battle_rules.escort_full_recovery_on:
            self.set_fighter(index, fighter.model_copy(update={"status": FighterStatus.ACTIVE}))
            self.note(name, f"full recovery after the Medical Escort (rolled {entry.roll})")
            return
        if entry.injury_roll is None:
            self.problem(f"{name}: stabilised (rolled {entry.roll}): roll their new Lasting Injury")
            return
        rolls = list(entry.rolls)

        def stabilise() -> None:
            result = read_roll(self.ruleset, entry.injury_roll or 0)
            # Critical Injury, Memorable Death and Captured are rolled again.
            if result.status in _ESCORT_REROLLS:
                raise InjuryProblem(
                    f"the new injury {entry.injury_roll} is {result.name}: roll again"
                )
            # Stabilised: the worst state they keep is Recovery.
            calm = fighter.model_copy(update={"status": FighterStatus.ACTIVE})
            outcome = suffer(self.ruleset, calm, result, rolls, roll=entry.injury_roll)
            if rolls:
                raise InjuryProblem(f"{len(rolls)} roll(s) left unused: {rolls}")
            status = FighterStatus.IN_RECOVERY
            self.set_fighter(index, outcome.fighter.model_copy(update={"status": status}))
            self.note(
                name, f"stabilised by the Medical Escort (rolled {entry.roll}), {status.label}"
            )
            for line in outcome.lines:
                self.note(name, f"new Lasting Injury {line}")
            self.rolls.append(f"{name}: new Lasting Injury rolled {entry.injury_roll}")

        self.attempt(name, stabilise)

    def clean_house(self) -> None:
        self.enter("clean_house")
        for i, fighter in enumerate(self.gang.fighters):
            if fighter.status is FighterStatus.CRITICAL:
                self.set_fighter(i, fighter.model_copy(update={"status": FighterStatus.DEAD}))
                self.note(
                    fighter.name, "died of their Critical Injury (no Medical Escort saved them)"
                )
        # Limited profiles go before the dead leave: a fighter who lost one in the
        # battle and then died is still on the roster here, and their weapon goes to
        # the stash without the spent ammo.
        for entry in self.draft.limited_deleted:
            done = self.attempt(entry.fighter, partial(delete_limited, self.gang, entry))
            if done is not None:
                self.gang, text = done
                owner = self.gang.fighter(entry.fighter)
                self.note(owner.name if owner else entry.fighter, text)
        self.gang, removed = clean_house(self.gang)
        for name, text in removed:
            self.note(name, text)

    def trading_post(self) -> None:
        self.enter("trading_post")
        for entry in self.draft.sales:
            done = self.attempt(f"sale of {entry.item}", partial(sale, self.gang, entry))
            if done is not None:
                self.gang, value, text = done
                self.credits(value, text, self._who(entry.fighter))
        available = self.availability_roll()
        for bought in self.draft.purchases:
            before = self.gang
            done = self.attempt(
                f"purchase of {cut(bought.item)}",
                partial(purchase, self.ruleset, self.gang, bought, available),
            )
            if done is None:
                continue
            self.gang, cost, text = done
            if not self.credits(-cost, f"bought {text}", self._who(bought.fighter)):
                self.gang = before

    def availability_roll(self) -> int | None:
        """What the roll to seek Rare and Illegal items made (None: not rolled)."""
        entry = self.draft.availability
        if entry is None:
            return None
        for name in entry.traders:
            self.index(name, "availability roll")
        seek = seek_total(self.ruleset.post_battle_rules.availability, self.gang, entry)
        self.problems += seek.problems
        self.rolls.append(f"{self.gang.name}: availability 2D6 rolled {entry.roll}")
        self.note(None, f"{seek.text}: Rare and Illegal items up to {seek.total}")
        return seek.total

    def _who(self, name: str) -> str | None:
        fighter = self.gang.fighter(name)
        return fighter.name if fighter is not None else None

    def boons(self) -> None:
        self.enter("territory_boons")
        if self.draft.boons.strip():
            self.note(None, self.draft.boons.strip())
        if not self.draft.boons_taken:
            return
        if self.setting is None or self.campaign is None or self.gang.id is None:
            self.problem("boons taken: the gang holds no territory (it is in no running campaign)")
            return
        held = campaign_rules.held_boons(
            self.campaign, self.setting.ctype, self.gang.id, (BoonKind.RECRUIT, BoonKind.EQUIPMENT)
        )
        grants = Grants(held)
        for entry in self.draft.boons_taken:
            what = "recruit roll" if entry.dice is not None else repr(entry.wanted)
            done = self.attempt(
                f"boon {what} from {entry.territory}",
                partial(take_boon, self.ruleset, self.gang, entry, grants),
            )
            if done is not None:
                self.gang, text = done
                # A recruit is not in the report's list of fighters: the gang notes them.
                fighter = None if entry.kind == "recruit" else self._who(entry.fighter)
                self.note(fighter, text)

    def distribute(self) -> None:
        self.enter("distribute_equipment")
        for entry in self.draft.moves:
            done = self.attempt(f"moving {cut(entry.item)}", partial(move, self.gang, entry))
            if done is not None:
                self.gang, text = done
                self.note(self._who(entry.to), text)

    def advancements(self) -> None:
        self.enter("advancements")
        for entry in self.draft.advancements:
            self.advancement(entry)

    def advancement(self, entry: AdvancementEntry) -> None:
        index = self.index(entry.fighter, "advancement")
        if index is None:
            return
        fighter = self.gang.fighters[index]
        if fighter.status in (FighterStatus.DEAD, FighterStatus.CAPTURED):
            self.problem(f"{fighter.name} is {fighter.status.label.lower()}: no advancements")
            return
        bought = self.attempt(
            fighter.name,
            lambda: advance(
                self.ruleset, self.gang.house, fighter, entry.advancement,
                roll=entry.roll, skill=entry.skill, skill_set=entry.skill_set,
                skill_roll=entry.skill_roll,
                ignore_access=self.gang.house_rules_ignore_restrictions,
            ),
        )  # fmt: skip
        if bought is not None:
            self.set_fighter(index, bought.fighter)
            self.note(fighter.name, bought.text)
            what = advancement_label(self.ruleset, fighter, entry.advancement)
            if entry.roll is not None:
                self.rolls.append(f"{fighter.name}: {what} rolled {entry.roll}")
            if entry.skill_roll is not None:
                self.rolls.append(f"{fighter.name}: random skill D6 rolled {entry.skill_roll}")

    def update_ratings(self) -> None:
        self.enter("update_gang_rating")
        self.gang = ratings.update_roster(self.gang)


def _replace(outcome: CampaignOutcome, **changes: Any) -> CampaignOutcome:
    return dataclasses.replace(outcome, **changes)


def _run(
    ruleset: Ruleset,
    gang: Gang,
    draft: PostBattleDraft,
    through: str | None,
    campaign: CampaignSetting | None,
) -> _Sequence:
    run = _Sequence(ruleset, gang, draft, campaign)
    steps: list[tuple[str, Callable[[], None]]] = [
        ("wrap_up", run.wrap_up),
        ("assign_territory", run.territory),
        ("receive_rewards", run.rewards),
        ("collect_income", run.income),
        ("post_battle_actions", run.actions),
        ("clean_house", run.clean_house),
        ("trading_post", run.trading_post),
        ("territory_boons", run.boons),
        ("distribute_equipment", run.distribute),
        ("advancements", run.advancements),
        ("update_gang_rating", run.update_ratings),
    ]
    for step_id, action in steps:
        action()
        if step_id == through:
            break
    return run


def apply_steps(
    ruleset: Ruleset,
    gang: Gang,
    draft: PostBattleDraft,
    through: str,
    campaign: CampaignSetting | None = None,
) -> tuple[Gang, list[str]]:
    """The gang after the steps up to and including `through` (an `APPLIED_STEP_IDS`
    entry), and the problems found so far. For previews; nothing is committed before F."""
    after, found, _ = preview_steps(ruleset, gang, draft, through, campaign)
    return after, found


def preview_steps(
    ruleset: Ruleset,
    gang: Gang,
    draft: PostBattleDraft,
    through: str,
    campaign: CampaignSetting | None = None,
) -> tuple[Gang, list[str], CampaignOutcome | None]:
    """`apply_steps`, plus the campaign as those steps leave it (None without a campaign)."""
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
