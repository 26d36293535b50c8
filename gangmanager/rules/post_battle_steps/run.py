"""What every post-battle step shares: its inputs, its result, and the helpers of one run.

A step is a pure function `(draft, gang, ruleset, campaign) -> StepResult`: it
returns the gang as it leaves it and the report lines it wrote, plus the
problems it found and the dice it logged. `campaign` is the running campaign
as the steps before left it (a territory moved at Assign territory is held at
Collect income); outside a campaign its fields are None. Inside a step a
`StepRun` keeps the working copy; nothing outside the step sees it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol, TypeVar

from gangmanager.rules.advancement import AdvancementProblem
from gangmanager.rules.campaign import Campaign
from gangmanager.rules.gang import Fighter, Gang
from gangmanager.rules.injuries import InjuryProblem
from gangmanager.rules.limits import quoted
from gangmanager.rules.post_battle_campaign import CampaignOutcome, CampaignSetting
from gangmanager.rules.post_battle_draft import PostBattleDraft
from gangmanager.rules.post_battle_report import Change
from gangmanager.rules.post_battle_trading import TradeProblem, name_key
from gangmanager.rules.ruleset import Ruleset

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
    "vehicle_damage": "Vehicle damage",
}


def step_name(ruleset: Ruleset, step_id: str) -> str:
    """The pack's name for a step (or substep), else ours."""
    for step in ruleset.post_battle_steps:
        if step.id == step_id:
            return step.name
        for sub in step.substeps:
            if sub.id == step_id:
                return sub.name
    return _FALLBACK_NAMES.get(step_id, step_id.replace("_", " ").capitalize())


@dataclass(frozen=True)
class CampaignState:
    """The gang's running campaign as the steps so far leave it (None: in no campaign)."""

    setting: CampaignSetting | None = None
    campaign: Campaign | None = None
    outcome: CampaignOutcome | None = None

    @classmethod
    def of(cls, setting: CampaignSetting | None) -> CampaignState:
        return cls(setting, setting.campaign if setting is not None else None, None)


@dataclass(frozen=True)
class Line:
    """One line of the report: about a fighter (by name), or the gang (None)."""

    fighter: str | None
    change: Change


@dataclass(frozen=True)
class StepResult:
    gang: Gang
    lines: tuple[Line, ...] = ()
    problems: tuple[str, ...] = ()
    rolls: tuple[str, ...] = ()
    campaign: CampaignState = field(default_factory=CampaignState)


class Step(Protocol):
    def __call__(
        self, draft: PostBattleDraft, gang: Gang, ruleset: Ruleset, campaign: CampaignState
    ) -> StepResult: ...


_T = TypeVar("_T")


class StepRun:
    """One step over a draft: a working gang, the lines written, the problems found."""

    def __init__(
        self,
        step_id: str,
        draft: PostBattleDraft,
        gang: Gang,
        ruleset: Ruleset,
        campaign: CampaignState,
    ) -> None:
        self.ruleset = ruleset
        self.gang = gang
        self.draft = draft
        self.setting = campaign.setting
        self.campaign = campaign.campaign
        self.outcome = campaign.outcome
        self.problems: list[str] = []
        self.lines: list[Line] = []
        self.rolls: list[str] = []
        self.step = step_name(ruleset, step_id)
        # The fighters' names (stripped, case ignored) to their first index, for the list
        # they were read from: a step looking up each of 300 fighters by name walked the
        # roster each time (90,000 comparisons a preview).
        self._by_name: tuple[list[Fighter], dict[str, int]] | None = None

    def result(self) -> StepResult:
        return StepResult(
            self.gang,
            tuple(self.lines),
            tuple(self.problems),
            tuple(self.rolls),
            CampaignState(self.setting, self.campaign, self.outcome),
        )

    def problem(self, text: str) -> None:
        self.problems.append(text)

    def note(self, fighter: str | None, text: str) -> None:
        self.lines.append(Line(fighter, Change(self.step, text)))

    def index(self, name: str, what: str) -> int | None:
        """The fighter's index (the first of that `name_key`, as `fighter_index` finds it); a
        problem when there is none."""
        fighters = self.gang.fighters
        if self._by_name is None or self._by_name[0] is not fighters:
            names: dict[str, int] = {}
            for i, f in enumerate(fighters):
                names.setdefault(name_key(f.name), i)
            self._by_name = (fighters, names)
        index = self._by_name[1].get(name_key(name))
        if index is None:
            self.problem(f"{what}: no fighter {quoted(name)} on the roster")
        return index

    def set_fighter(self, index: int, fighter: Fighter) -> None:
        before = self.gang.fighters
        fighters = list(before)
        fighters[index] = fighter
        self.gang = self.gang.model_copy(update={"fighters": fighters})
        # The same names in the same places: the lookup holds for the new list.
        by_name = self._by_name
        if by_name is not None and by_name[0] is before and before[index].name == fighter.name:
            self._by_name = (self.gang.fighters, by_name[1])

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

    def who(self, name: str) -> str | None:
        """The fighter's name as on the roster, or None (then the gang notes it)."""
        fighter = self.gang.fighter(name)
        return fighter.name if fighter is not None else None
