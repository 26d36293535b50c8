"""Campaigns: who takes part, who holds which territory, battles, income, standings.

Pure logic over plain values. A campaign's rules come from its `CampaignType`
(`gangmanager.rules.campaign_types`, loaded from a ruleset pack); gangs are
the rules-core `Gang`. Every function returns new values; nothing is stored.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from gangmanager.rules.campaign_models import (
    Alignment,
    Campaign,
    CampaignBattle,
    CampaignError,
    CampaignGang,
    Holding,
    Result,
    Role,
    Side,
)
from gangmanager.rules.campaign_standings import (
    GangFigures,
    LogEntry,
    Snapshot,
    Standing,
    TriumphAward,
    figures_of,
    snapshots,
    standings,
    triumphs,
)
from gangmanager.rules.campaign_types import (
    Boon,
    BoonKind,
    CampaignPhase,
    CampaignType,
    IncomeRoll,
    StakeRule,
    TerritoryDef,
    house_key,
)
from gangmanager.rules.dice import Dice
from gangmanager.rules.gang import Gang
from gangmanager.rules.limits import quoted
from gangmanager.rules.ruleset import Ruleset

# The models and the standings live in modules of their own; this module's
# interface still names them.
__all__ = [
    "Alignment",
    "Campaign",
    "CampaignBattle",
    "CampaignError",
    "CampaignGang",
    "GangFigures",
    "Holding",
    "IncomeLine",
    "IncomeReport",
    "LogEntry",
    "Result",
    "Role",
    "Side",
    "Snapshot",
    "Standing",
    "Transfer",
    "TriumphAward",
    "battle_text",
    "campaign_type_of",
    "check_stake",
    "current_phase",
    "figures_of",
    "held_boons",
    "house_id_of",
    "income_boons",
    "income_for",
    "join",
    "leave",
    "new_campaign",
    "phase_label",
    "record_battle",
    "reputation_of",
    "snapshots",
    "standings",
    "transfer",
    "transfer_text",
    "triumphs",
]


# ------------------------------------------------------------------ set-up


def campaign_type_of(ruleset: Ruleset, type_id: str) -> CampaignType:
    wanted = type_id.strip().casefold()
    found = next((c for c in ruleset.campaign_types if c.id.casefold() == wanted), None)
    if found is None:
        known = ", ".join(c.id for c in ruleset.campaign_types) or "none"
        raise CampaignError(
            f"ruleset {quoted(ruleset.id)} has no campaign type {quoted(type_id)} (available: {known})"
        )
    return found


def new_campaign(name: str, ruleset: Ruleset, ctype: CampaignType, **fields: object) -> Campaign:
    """A campaign with every territory of its type in play, unclaimed."""
    holdings = [Holding(territory=t.name) for t in ctype.territories]
    return Campaign.model_validate(
        {
            "name": name.strip(),
            "ruleset": ruleset.id,
            "type_id": ctype.id,
            "holdings": holdings,
            **fields,
        }
    )


def house_id_of(gang: Gang, ruleset: Ruleset) -> str:
    """The pack's house id for the gang's house text, else the text normalised."""
    house = ruleset.house(gang.house) if gang.house.strip() else None
    return house_key(house.id if house is not None else gang.house)


def join(
    campaign: Campaign,
    ctype: CampaignType,
    gang: Gang,
    ruleset: Ruleset,
    alignment: Alignment = Alignment.LAW_ABIDING,
) -> tuple[Campaign, int]:
    """Add the gang, with its hideout; returns the campaign and the Reputation it gains."""
    if gang.id is None:
        raise CampaignError(f"gang {quoted(gang.name)} is not stored yet")
    if not campaign.running:
        raise CampaignError(f"campaign {quoted(campaign.name)} has ended")
    if campaign.gang(gang.id) is not None:
        raise CampaignError(f"{quoted(gang.name)} already takes part in {quoted(campaign.name)}")
    if alignment is Alignment.OUTLAW and ruleset.drops("law_abiding_outlaw"):
        raise CampaignError(f"{quoted(ruleset.name)} has no Law-abiding and Outlaw gangs")
    member = CampaignGang(
        gang_id=gang.id, name=gang.name, house=house_id_of(gang, ruleset), alignment=alignment
    )
    holdings = list(campaign.holdings)
    gained = 0
    if ctype.hideout is not None:
        holdings.append(Holding(territory=ctype.hideout, gang_id=gang.id, hideout=True))
        hideout = ctype.territory(ctype.hideout)
        assert hideout is not None  # checked when the pack was loaded
        gained = reputation_of(hideout, member.house)
    updated = campaign.model_copy(update={"gangs": [*campaign.gangs, member], "holdings": holdings})
    return updated, gained


def leave(campaign: Campaign, ctype: CampaignType, gang_id: int) -> tuple[Campaign, int]:
    """Take the gang out: its hideout goes, its territories are unclaimed again.

    Returns the campaign and the Reputation the gang loses with what it held
    (the mirror of `join`). Its battles stay in the campaign's record.
    """
    if not campaign.running:
        raise CampaignError(f"campaign {quoted(campaign.name)} has ended")
    member = campaign.gang(gang_id)
    if member is None:
        raise CampaignError(f"gang {gang_id} does not take part in {quoted(campaign.name)}")
    lost = 0
    holdings: list[Holding] = []
    for holding in campaign.holdings:
        if holding.gang_id != gang_id:
            holdings.append(holding)
            continue
        tdef = ctype.territory(holding.territory)
        if tdef is not None:
            lost += reputation_of(tdef, member.house)
        if not holding.hideout:
            holdings.append(holding.model_copy(update={"gang_id": None}))
    gangs = [g for g in campaign.gangs if g.gang_id != gang_id]
    return campaign.model_copy(update={"gangs": gangs, "holdings": holdings}), lost


# ------------------------------------------------------------------ territories


def reputation_of(territory: TerritoryDef, house_id: str | None) -> int:
    """Reputation the territory gives a gang of this house while held."""
    return sum(b.reputation for b in territory.boons_for(house_id) if b.kind is BoonKind.REPUTATION)


@dataclass(frozen=True)
class Transfer:
    """A territory changing hands, and the Reputation that moves with it."""

    territory: str
    from_gang: int | None
    to_gang: int | None
    reputation_lost: int
    reputation_gained: int


def check_stake(
    campaign: Campaign, ctype: CampaignType, territory: str, gang_ids: Iterable[int]
) -> Holding:
    """The holding at stake, or CampaignError when the phase does not allow it."""
    holding = campaign.holding(territory)
    if holding is None:
        if ctype.territory(territory) is not None and any(
            h.territory.casefold() == territory.strip().casefold() for h in campaign.holdings
        ):
            raise CampaignError(f"a hideout ({territory}) is never at stake")
        known = ", ".join(h.territory for h in campaign.holdings if not h.hideout)
        raise CampaignError(f"no territory {quoted(territory)} in this campaign (in play: {known})")
    phase = current_phase(campaign, ctype)
    fighting = set(gang_ids)
    if phase.stakes is StakeRule.NONE:
        raise CampaignError(f"no territory is at stake in the {phase.name} phase")
    if phase.stakes is StakeRule.UNCLAIMED and holding.gang_id is not None:
        free = [h for h in campaign.holdings if not h.hideout and h.gang_id is None]
        if free:
            holder = _name(campaign, holding.gang_id)
            raise CampaignError(
                f"{holding.territory} is held by {holder}: in the {phase.name} phase only"
                f" unclaimed territories are at stake ({len(free)} left)"
            )
    if phase.stakes is StakeRule.CONTROLLED and holding.gang_id is None:
        raise CampaignError(
            f"{holding.territory} is held by nobody: in the {phase.name} phase only"
            " territories a gang holds are at stake"
        )
    if holding.gang_id is not None and holding.gang_id not in fighting:
        raise CampaignError(
            f"{holding.territory} is held by {_name(campaign, holding.gang_id)},"
            " who is not in this battle"
        )
    return holding


def transfer(
    campaign: Campaign, ctype: CampaignType, territory: str, to_gang: int | None
) -> tuple[Campaign, Transfer]:
    """Give a territory in play to a gang (or back to nobody)."""
    holding = campaign.holding(territory)
    if holding is None:
        raise CampaignError(f"no territory {quoted(territory)} in this campaign")
    if to_gang is not None and campaign.gang(to_gang) is None:
        raise CampaignError(f"gang {to_gang} does not take part in {quoted(campaign.name)}")
    tdef = ctype.territory(holding.territory)
    lost = gained = 0
    if tdef is not None and holding.gang_id != to_gang:
        if holding.gang_id is not None:
            lost = reputation_of(tdef, _house(campaign, holding.gang_id))
        if to_gang is not None:
            gained = reputation_of(tdef, _house(campaign, to_gang))
    moved = Transfer(holding.territory, holding.gang_id, to_gang, lost, gained)
    holdings = [
        h.model_copy(update={"gang_id": to_gang}) if h is holding else h for h in campaign.holdings
    ]
    return campaign.model_copy(update={"holdings": holdings}), moved


def _house(campaign: Campaign, gang_id: int) -> str:
    member = campaign.gang(gang_id)
    return member.house if member is not None else ""


def _name(campaign: Campaign, gang_id: int | None) -> str:
    member = campaign.gang(gang_id) if gang_id is not None else None
    return member.name if member is not None else "nobody"


# ------------------------------------------------------------------ cycles


def current_phase(campaign: Campaign, ctype: CampaignType) -> CampaignPhase:
    """The phase of the current cycle; the last phase once the cycles run out."""
    return ctype.phase_at(campaign.cycle) or ctype.phases[-1]


def phase_label(campaign: Campaign, ctype: CampaignType) -> str:
    phase = current_phase(campaign, ctype)
    if campaign.cycle > ctype.cycles:
        return f"cycle {campaign.cycle} (past the {ctype.cycles} planned, {phase.name})"
    return f"cycle {campaign.cycle} of {ctype.cycles} ({phase.name})"


# ------------------------------------------------------------------ battles


def record_battle(
    campaign: Campaign,
    ctype: CampaignType,
    battle: CampaignBattle,
) -> tuple[Campaign, Transfer | None]:
    """Check a battle against the campaign; the territory at stake goes to the winner.

    A territory at stake is kept by its holder unless the winner is another gang;
    a draw leaves it where it was.
    """
    if not campaign.running:
        raise CampaignError(f"campaign {quoted(campaign.name)} has ended")
    ids = [s.gang_id for s in battle.sides]
    if len(battle.sides) < 2:
        raise CampaignError("a battle needs at least two gangs")
    if len(set(ids)) != len(ids):
        raise CampaignError("a gang is named twice in this battle")
    for side in battle.sides:
        if side.gang_id is None or campaign.gang(side.gang_id) is None:
            raise CampaignError(
                f"{quoted(side.gang_name)} does not take part in {quoted(campaign.name)}"
            )
    winners = [s for s in battle.sides if s.result is Result.WON]
    if len(winners) > 1:
        raise CampaignError("a battle has at most one winner")
    roles = [s.role for s in battle.sides if s.role is not Role.NONE]
    if len(set(roles)) != len(roles):
        raise CampaignError("a battle has one attacker and one defender")
    holding: Holding | None = None
    if battle.territory is not None:
        holding = check_stake(campaign, ctype, battle.territory, [i for i in ids if i is not None])
        battle = battle.model_copy(update={"territory": holding.territory})
    updated = campaign.model_copy(update={"battles": [*campaign.battles, battle]})
    winner = battle.winner
    if holding is None or winner is None or winner.gang_id == holding.gang_id:
        return updated, None
    updated, moved = transfer(updated, ctype, holding.territory, winner.gang_id)
    return updated, moved


def battle_text(battle: CampaignBattle) -> str:
    """The battle in plain words, for the log and the report."""

    def who(side: Side) -> str:
        if side.role is Role.NONE:
            return side.gang_name
        return f"{side.gang_name} ({side.role.value})"

    winner = battle.winner
    scenario = f" in {battle.scenario}" if battle.scenario else ""
    if winner is not None:
        losers = " and ".join(who(s) for s in battle.sides if s is not winner)
        text = f"{who(winner)} beat {losers}{scenario}"
    else:
        text = f"{' and '.join(who(s) for s in battle.sides)} drew{scenario}"
    if battle.territory:
        text += f", with {battle.territory} at stake"
    ooa = [f"{s.gang_name} {s.out_of_action}" for s in battle.sides if s.out_of_action]
    if ooa:
        text += f"; enemies taken Out of Action: {', '.join(ooa)}"
    return text + "."


def transfer_text(campaign: Campaign, moved: Transfer) -> str:
    to = _name(campaign, moved.to_gang)
    if moved.from_gang is None:
        text = f"{to} claims {moved.territory}"
    elif moved.to_gang is None:
        text = f"{_name(campaign, moved.from_gang)} loses {moved.territory}"
    else:
        text = f"{to} takes {moved.territory} from {_name(campaign, moved.from_gang)}"
    changes = []
    if moved.reputation_gained:
        changes.append(f"{to} Reputation +{moved.reputation_gained}")
    if moved.reputation_lost:
        changes.append(f"{_name(campaign, moved.from_gang)} Reputation -{moved.reputation_lost}")
    return text + (f" ({'; '.join(changes)})" if changes else "") + "."


# ------------------------------------------------------------------ income


@dataclass(frozen=True)
class IncomeLine:
    territory: str
    summary: str
    # Dice as rolled ("2D6x5"); empty for income the player enters (a card draw).
    expression: str
    rolls: tuple[int, ...]
    amount: int
    note: str = ""
    # True when the amount is the player's to enter (no dice expression).
    manual: bool = False


@dataclass(frozen=True)
class IncomeReport:
    gang_id: int
    lines: tuple[IncomeLine, ...]

    @property
    def total(self) -> int:
        return sum(line.amount for line in self.lines)

    def text(self) -> str:
        if not self.lines:
            return "No income: the gang holds no territory that gives any."
        rows = []
        for line in self.lines:
            rolled = f" rolled {'+'.join(map(str, line.rolls))}" if line.rolls else ""
            what = line.expression or "enter the amount"
            note = f" ({line.note})" if line.note else ""
            rows.append(f"{line.territory}: {what}{rolled} = {line.amount}{note}")
        rows.append(f"Total: {self.total} credits")
        return "\n".join(rows)


def _die(dice: Dice, sides: int) -> int:
    roll = dice.d6()
    return (roll + 1) // 2 if sides == 3 else roll


def held_boons(
    campaign: Campaign, ctype: CampaignType, gang_id: int, kinds: Iterable[BoonKind] = BoonKind
) -> list[tuple[str, Boon]]:
    """(territory, boon) for every boon of those kinds the gang has from what it holds.

    Enhanced Boons are applied for the gang's house, and a boon for the other
    alignment is left out. The hideout comes first, then the deck's order.
    """
    member = campaign.gang(gang_id)
    if member is None:
        return []
    wanted = set(kinds)
    found: list[tuple[str, Boon]] = []
    for holding in sorted(campaign.held_by(gang_id), key=lambda h: not h.hideout):
        tdef = ctype.territory(holding.territory)
        if tdef is None:
            continue
        for boon in tdef.boons_for(member.house):
            if boon.kind not in wanted:
                continue
            if boon.alignment is not None and boon.alignment != member.alignment.value:
                continue
            found.append((holding.territory, boon))
    return found


def income_boons(campaign: Campaign, ctype: CampaignType, gang_id: int) -> list[tuple[str, Boon]]:
    """(territory, boon) for every income boon the gang has from what it holds."""
    return held_boons(campaign, ctype, gang_id, [BoonKind.INCOME])


def income_for(
    campaign: Campaign,
    ctype: CampaignType,
    gang: Gang,
    dice: Dice,
    *,
    deleted_fighters: int = 0,
    captives: int = 0,
    dice_counts: Mapping[str, int] | None = None,
    entered: Mapping[str, int] | None = None,
) -> IncomeReport:
    """Roll the gang's income from every territory it holds (post-battle step 4).

    `dice_counts` picks how many dice to roll where the player may choose
    (Collapsed Dome: 2 to 6); `entered` gives amounts for income that is not
    a roll (Gambling Den), by territory name.
    """
    if gang.id is None or campaign.gang(gang.id) is None:
        return IncomeReport(gang.id or 0, ())
    counts = {k.casefold(): v for k, v in (dice_counts or {}).items()}
    typed = {k.casefold(): v for k, v in (entered or {}).items()}
    lines: list[IncomeLine] = []
    for territory, boon in income_boons(campaign, ctype, gang.id):
        if boon.income is None:
            amount = max(0, typed.get(territory.casefold(), 0))
            lines.append(IncomeLine(territory, boon.summary, "", (), amount, manual=True))
            continue
        expression = boon.income
        if boon.boosted_by is not None and campaign.holds(gang.id, boon.boosted_by):
            assert boon.boosted_income is not None
            expression = boon.boosted_income
        roll = IncomeRoll.parse(expression)
        if boon.max_dice is not None and roll.count:
            wanted = counts.get(territory.casefold(), roll.count)
            roll = roll.model_copy(update={"count": min(max(wanted, roll.count), boon.max_dice)})
        times = {"collection": 1, "deleted_fighter": deleted_fighters, "captive": captives}[
            boon.per
        ]
        bonus = 0
        if boon.die_bonus_per:
            kind = boon.die_bonus_per.casefold()
            bonus = sum(1 for f in gang.fighters if kind in f.type.casefold())
        rolls, amount, notes = _rolled_income(roll, boon, dice, times, bonus)
        if boon.per != "collection":
            what = "fighter struck off" if boon.per == "deleted_fighter" else "captive at work"
            notes.insert(0, f"{times} x {what}")
        if bonus:
            notes.append(f"+{bonus} on each die for {boon.die_bonus_per}s")
        lines.append(
            IncomeLine(territory, boon.summary, roll.text(), tuple(rolls), amount, "; ".join(notes))
        )
    return IncomeReport(gang.id, tuple(lines))


def _rolled_income(
    roll: IncomeRoll, boon: Boon, dice: Dice, times: int, bonus: int
) -> tuple[list[int], int, list[str]]:
    """The dice rolled `times` over, the credits they make and what a double did."""
    rolls: list[int] = []
    amount = 0
    notes: list[str] = []
    for _ in range(max(0, times)):
        if not roll.count:
            amount += roll.flat
            continue
        dice_rolled = [_die(dice, roll.sides) for _ in range(roll.count)]
        rolls += dice_rolled
        doubled = len(dice_rolled) != len(set(dice_rolled))
        if doubled and boon.on_double:
            notes.append(f"double: {boon.on_double}")
        if doubled and boon.double_voids_income:
            continue
        amount += (sum(dice_rolled) + bonus * len(dice_rolled)) * roll.times
    return rolls, amount, notes
