"""The post-battle sequence in a running campaign: Assign territory and Collect income.

Pure, like the rest of the sequence: the caller reads the gang's campaign and
its type into a `CampaignSetting`; `apply_draft` (rules/post_battle.py) runs
these steps on it and puts a `CampaignOutcome` in its report, which the
service then stores in the same transaction as the roster. Nothing here
writes anything.

- Assign territory: the draft names the territory that changed hands, won or
  lost. The Reputation it gives while held moves with it (never below 1).
- Collect income: every income boon of what the gang holds after step 2,
  rolled with the dice the draft carries (typed in or rolled by the app),
  exactly as `rules.campaign.income_for` rolls them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gangmanager.rules import campaign as rules
from gangmanager.rules.campaign import Campaign, CampaignBattle, IncomeReport, Transfer
from gangmanager.rules.campaign_types import BoonKind, CampaignType, IncomeRoll
from gangmanager.rules.dice import Dice, FixedDice
from gangmanager.rules.gang import Gang
from gangmanager.rules.limits import quoted
from gangmanager.rules.post_battle_draft import PostBattleDraft, TerritoryIncome


@dataclass(frozen=True)
class CampaignSetting:
    """The running campaign the gang takes part in, as read before the sequence."""

    campaign: Campaign
    ctype: CampaignType

    def battle(self, campaign_battle_id: int) -> CampaignBattle | None:
        return next((b for b in self.campaign.battles if b.id == campaign_battle_id), None)


@dataclass(frozen=True)
class CampaignOutcome:
    """What Finish stores in the campaign besides the gang's own rows."""

    # The campaign after Assign territory (holdings changed when `transfer` is set).
    campaign: Campaign
    campaign_battle_id: int | None
    transfer: Transfer | None
    # Income rolled from the territories, or an amount the player entered instead.
    income: IncomeReport | None
    income_entered: int | None

    @property
    def income_total(self) -> int | None:
        if self.income is not None:
            return self.income.total
        return self.income_entered


# ------------------------------------------------------------------ the campaign battle


def campaign_battle(
    setting: CampaignSetting | None, gang: Gang, draft: PostBattleDraft
) -> tuple[CampaignBattle | None, list[str]]:
    """The recorded battle the draft follows (checked), and the problems found."""
    wanted = draft.campaign_battle_id
    if wanted is None:
        return None, []
    if setting is None:
        return None, [f"campaign battle {wanted}: {gang.name} takes part in no running campaign"]
    found = setting.battle(wanted)
    if found is None:
        return None, [
            f"campaign battle {wanted}: no such battle in {quoted(setting.campaign.name)}"
        ]
    if gang.id is None or found.side(gang.id) is None:
        return None, [f"campaign battle {wanted}: {gang.name} did not fight in it"]
    return found, []


# ------------------------------------------------------------------ assign territory


def assign_territory(
    setting: CampaignSetting, gang: Gang, draft: PostBattleDraft, battle: CampaignBattle | None
) -> tuple[Campaign, Transfer | None, list[str], list[str]]:
    """(campaign after, transfer or None, notes, problems) for the draft's territory."""
    campaign = setting.campaign
    name = draft.territory.strip()
    if not name or gang.id is None:
        return campaign, None, [], []
    holding = campaign.holding(name)
    if holding is None:
        hideout = setting.ctype.hideout
        if hideout is not None and name.casefold() == hideout.casefold():
            return campaign, None, [], [f"a hideout ({hideout}) is never won nor lost"]
        known = ", ".join(h.territory for h in campaign.holdings if not h.hideout)
        problem = f"no territory {quoted(name)} in {quoted(campaign.name)} (in play: {known})"
        return campaign, None, [], [problem]
    outcome = draft.territory_result or {"win": "won", "loss": "lost"}.get(draft.result or "")
    if outcome is None:
        return campaign, None, [], [f"{holding.territory}: say whether it was won or lost"]
    if outcome == "won":
        if holding.gang_id == gang.id:
            return campaign, None, [f"{holding.territory} won: {gang.name} holds it already"], []
        to_gang: int | None = gang.id
    else:
        taker, problem = _taker(campaign, gang, draft, battle)
        if problem:
            return campaign, None, [], [problem]
        if holding.gang_id != gang.id:
            member = campaign.gang(taker) if taker is not None else None
            if member is not None and holding.gang_id == taker:
                note = f"{holding.territory} lost: {member.name} holds it already"
                return campaign, None, [note], []
            return campaign, None, [], [f"{holding.territory} is not held by {gang.name}"]
        to_gang = taker
    try:
        after, moved = rules.transfer(campaign, setting.ctype, holding.territory, to_gang)
    except rules.CampaignError as exc:
        return campaign, None, [], [str(exc)]
    return after, moved, [rules.transfer_text(after, moved)], []


def _taker(
    campaign: Campaign, gang: Gang, draft: PostBattleDraft, battle: CampaignBattle | None
) -> tuple[int | None, str]:
    """Who takes a territory the gang lost: the gang named, the battle's winner, or nobody."""
    if draft.territory_to is not None and draft.territory_to.strip():
        member = campaign.find_gang(draft.territory_to)
        if member is None:
            return (
                None,
                f"{quoted(draft.territory_to)} does not take part in {quoted(campaign.name)}",
            )
        if member.gang_id == gang.id:
            return None, f"{gang.name} cannot lose a territory to itself"
        return member.gang_id, ""
    winner = battle.winner if battle is not None else None
    if winner is not None and winner.gang_id != gang.id:
        return winner.gang_id, ""
    return None, ""


def reputation_change(moved: Transfer | None, gang_id: int | None) -> int:
    """What the transfer does to this gang's Reputation (before the floor of 1)."""
    if moved is None or gang_id is None:
        return 0
    change = 0
    if moved.to_gang == gang_id:
        change += moved.reputation_gained
    if moved.from_gang == gang_id:
        change -= moved.reputation_lost
    return change


# ------------------------------------------------------------------ collect income


@dataclass(frozen=True)
class IncomeDice:
    """One income line and the dice it asks for (a row of the wizard's income table)."""

    territory: str
    summary: str
    # Dice as rolled ("2D6x5"); empty for an amount the player enters.
    expression: str
    # "D6" or "D3"; empty when nothing is rolled.
    kind: str
    count: int
    manual: bool
    # The player may roll more dice, from `count_min` up to this (Collapsed Dome).
    max_dice: int | None
    count_min: int
    # collection | deleted_fighter | captive
    per: str


class _Ones:
    """Dice that always show 1: enough to learn how many dice each line rolls."""

    def d6(self) -> int:
        return 1


def income_dice(
    setting: CampaignSetting, campaign: Campaign, gang: Gang, income: TerritoryIncome
) -> list[IncomeDice]:
    """The income lines of what the gang holds in `campaign`, with the dice each needs."""
    if gang.id is None:
        return []
    shape = _report(setting, campaign, gang, income, _Ones())
    boons = rules.income_boons(campaign, setting.ctype, gang.id)
    rows: list[IncomeDice] = []
    for line, (_, boon) in zip(shape.lines, boons, strict=True):
        kind = ""
        if line.rolls:
            kind = f"D{IncomeRoll.parse(line.expression).sides}"
        base = IncomeRoll.parse(boon.income).count if boon.income else 0
        rows.append(
            IncomeDice(
                territory=line.territory,
                summary=line.summary,
                expression=line.expression,
                kind=kind,
                count=len(line.rolls),
                manual=line.manual,
                max_dice=boon.max_dice,
                count_min=base,
                per=boon.per,
            )
        )
    return rows


def _report(
    setting: CampaignSetting,
    campaign: Campaign,
    gang: Gang,
    income: TerritoryIncome,
    dice: Dice,
) -> IncomeReport:
    return rules.income_for(
        campaign,
        setting.ctype,
        gang,
        dice,
        deleted_fighters=income.struck_off,
        captives=income.captives,
        dice_counts=income.dice,
        entered=income.entered,
    )


def _folded(values: dict[str, list[int]] | dict[str, int]) -> dict[str, str]:
    return {key.strip().casefold(): key for key in values}


def income_report(
    setting: CampaignSetting, campaign: Campaign, gang: Gang, income: TerritoryIncome
) -> tuple[IncomeReport | None, list[str]]:
    """The income rolled with the draft's dice, or the problems in the way (dice missing...)."""
    rows = income_dice(setting, campaign, gang, income)
    problems: list[str] = []
    rolled = {r.territory.casefold() for r in rows if r.count}
    chosen = {r.territory.casefold() for r in rows if r.max_dice is not None}
    manual = {r.territory.casefold() for r in rows if r.manual}
    for folded, key in _folded(income.rolls).items():
        if folded not in rolled and income.rolls[key]:
            problems.append(f"income: {quoted(key)} gives no income to roll for {gang.name}")
    for folded, key in _folded(income.dice).items():
        if folded not in chosen:
            problems.append(f"income: {quoted(key)} has no choice of dice")
    for folded, key in _folded(income.entered).items():
        if folded not in manual:
            problems.append(f"income: {quoted(key)} is rolled, not entered")
        elif income.entered[key] < 0:
            problems.append(f"income: {key} cannot be {income.entered[key]} credits")
    given = {k.strip().casefold(): list(v) for k, v in income.rolls.items()}
    sequence: list[int] = []
    for row in rows:
        if not row.count:
            continue
        dice = given.get(row.territory.casefold(), [])
        mine, given[row.territory.casefold()] = dice[: row.count], dice[row.count :]
        what = f"{row.count}{row.kind}" if row.count > 1 else row.kind
        if len(mine) < row.count:
            left = row.count - len(mine)
            problems.append(
                f"{row.territory} income: roll {what} ({left} more {'die' if left == 1 else 'dice'})"
            )
            continue
        high = 3 if row.kind == "D3" else 6
        bad = [d for d in mine if not 1 <= d <= high]
        if bad:
            problems.append(f"{row.territory} income: a {row.kind} shows 1 to {high}, not {bad}")
            continue
        # A D3 is read off a D6 as (D6 + 1) // 2: 2, 4 and 6 give 1, 2 and 3.
        sequence += [d * 2 if row.kind == "D3" else d for d in mine]
    for folded, extra in given.items():
        if extra and folded in rolled:
            key = _folded(income.rolls)[folded]
            problems.append(f"{key} income: {len(extra)} roll(s) too many: {extra}")
    if problems:
        return None, problems
    return _report(setting, campaign, gang, income, FixedDice(sequence)), []


def income_lines(report: IncomeReport) -> list[str]:
    """One line per territory for the post-battle report."""
    lines = []
    for line in report.lines:
        rolled = f" rolled {', '.join(map(str, line.rolls))}" if line.rolls else ""
        what = line.expression or "entered"
        note = f" ({line.note})" if line.note else ""
        lines.append(f"{line.territory}: {what}{rolled} = {line.amount} credits{note}")
    return lines


def income_text(gang_name: str, report: IncomeReport) -> str:
    """The income in plain words for the campaign's log."""
    # Lines worth nothing because nothing was counted (no captive in the mine) are left out.
    parts = ", ".join(
        f"{line.territory} {line.amount}"
        for line in report.lines
        if line.amount or line.rolls or line.manual
    )
    return f"{gang_name} collects {report.total} credits of income" + (
        f" ({parts})." if parts else "."
    )


def boons_of(
    setting: CampaignSetting, campaign: Campaign, gang_id: int | None
) -> list[tuple[str, str, str]]:
    """(territory, boon kind, summary) of what the gang's territories grant at step C."""
    if gang_id is None:
        return []
    kinds: Sequence[BoonKind] = (BoonKind.RECRUIT, BoonKind.EQUIPMENT, BoonKind.SPECIAL)
    return [
        (territory, boon.kind.label, boon.summary)
        for territory, boon in rules.held_boons(campaign, setting.ctype, gang_id, kinds)
    ]
