"""The post-battle sequence in a running campaign: Assign territory and Collect income, pure."""

from __future__ import annotations

from datetime import date

import pytest

from gangmanager.content import load_ruleset
from gangmanager.rules import campaign as rules
from gangmanager.rules.campaign import Campaign, CampaignBattle, Result, Side
from gangmanager.rules.gang import Category, Fighter, Gang
from gangmanager.rules.post_battle import DraftError, apply_draft, preview_steps, problems
from gangmanager.rules.post_battle_campaign import (
    CampaignSetting,
    income_dice,
    income_report,
)
from gangmanager.rules.post_battle_draft import PostBattleDraft, TerritoryIncome
from gangmanager.rules.profile import Profile

N23 = load_ruleset("n23")
DOMINION = rules.campaign_type_of(N23, "dominion")
GUNNER = Profile.from_line('5" 4+ 4+ 3 3 1 4+ 1 6+ 7+ 7+ 7+')


def _gang(gang_id: int, name: str, house: str, reputation: int = 2) -> Gang:
    fighter = Fighter(name="Rook", type="Gunner", category=Category.GANGER, cost=45, profile=GUNNER)
    return Gang(
        id=gang_id, name=name, house=house, credits=100, reputation=reputation, fighters=[fighter]
    )


RIDERS = _gang(1, "Rust Riders", "House Orlock")
BROTHERS = _gang(2, "Iron Brothers", "House Goliath", reputation=4)


def _setting(
    *held: tuple[str, int], battles: list[CampaignBattle] | None = None
) -> CampaignSetting:
    campaign = rules.new_campaign("Ash Wars", N23, DOMINION)
    for gang in (RIDERS, BROTHERS):
        campaign, _ = rules.join(campaign, DOMINION, gang, N23)
    for territory, gang_id in held:
        campaign, _ = rules.transfer(campaign, DOMINION, territory, gang_id)
    campaign = campaign.model_copy(update={"id": 7, "battles": battles or []})
    return CampaignSetting(campaign, DOMINION)


def _battle(winner: int, income: int | None = None) -> CampaignBattle:
    def side(gang: Gang) -> Side:
        assert gang.id is not None
        result = Result.WON if gang.id == winner else Result.LOST
        return Side(gang_id=gang.id, gang_name=gang.name, result=result,
                    income=income if gang is RIDERS else None)  # fmt: skip

    return CampaignBattle(id=3, fought_on=date(2026, 3, 4), sides=[side(RIDERS), side(BROTHERS)])


def _draft(**fields: object) -> PostBattleDraft:
    return PostBattleDraft.model_validate({"result": "win", **fields})


def _holder(campaign: Campaign, territory: str) -> int | None:
    found = campaign.holding(territory)
    assert found is not None
    return found.gang_id


def test_a_territory_won_moves_with_its_reputation_and_gives_income_at_once() -> None:
    setting = _setting(("Slag Furnace", 2), ("Old Ruins", 1))
    draft = _draft(
        territory="slag furnace",
        territory_income={"rolls": {"Settlement": [4], "Old Ruins": [2], "Slag Furnace": [3]}},
    )
    after, report = apply_draft(N23, RIDERS, draft, setting)
    outcome = report.campaign
    assert outcome is not None and outcome.transfer is not None
    assert (outcome.transfer.from_gang, outcome.transfer.to_gang) == (2, 1)
    assert outcome.transfer.reputation_lost == 2  # the Goliaths' Enhanced Boon goes with it
    assert _holder(outcome.campaign, "Slag Furnace") == 1
    assert _holder(setting.campaign, "Slag Furnace") == 2  # the setting itself is untouched
    # Settlement D6x10, Old Ruins D3x10 (a D3 as rolled), Slag Furnace D6x5 won this battle.
    assert outcome.income is not None
    assert [(line.territory, line.amount) for line in outcome.income.lines] == [
        ("Settlement", 40),
        ("Old Ruins", 20),
        ("Slag Furnace", 15),
    ]
    assert after.credits == 100 + 75 and after.reputation == 2
    text = report.text()
    assert "Assign territory: Rust Riders takes Slag Furnace from Iron Brothers" in text
    assert "Collect income: Old Ruins: D3x10 rolled 2 = 20 credits" in text
    assert "Campaign Ash Wars" in text


def test_a_territory_lost_goes_to_the_battles_winner_or_the_gang_named() -> None:
    won_by_brothers = _battle(winner=2)
    setting = _setting(("Fighting Pit", 1), battles=[won_by_brothers])
    draft = _draft(result="loss", campaign_battle_id=3, territory="Fighting Pit",
                   territory_income={"rolls": {"Settlement": [1]}})  # fmt: skip
    _, report = apply_draft(N23, RIDERS, draft, setting)
    assert report.campaign is not None and report.campaign.campaign_battle_id == 3
    assert _holder(report.campaign.campaign, "Fighting Pit") == 2
    # Without a campaign battle a loss frees the territory, unless a taker is named.
    plain = _setting(("Fighting Pit", 1))
    loss = _draft(result="loss", territory="Fighting Pit")
    _, freed = apply_draft(N23, RIDERS, loss, plain)
    assert freed.campaign is not None and _holder(freed.campaign.campaign, "Fighting Pit") is None
    named = loss.model_copy(update={"territory_to": "iron brothers"})
    _, taken = apply_draft(N23, RIDERS, named, plain)
    assert taken.campaign is not None and _holder(taken.campaign.campaign, "Fighting Pit") == 2
    # The Goliaths gain +2 Reputation, the Orlocks lose none: the service writes the other gang.
    assert taken.campaign.transfer is not None and taken.campaign.transfer.reputation_gained == 2


def test_territory_and_income_problems_are_listed_with_the_rest() -> None:
    setting = _setting(("Old Ruins", 1), battles=[_battle(winner=1, income=40)])
    draft = _draft(
        result="draw",
        campaign_battle_id=3,
        territory="Tunnels",
        xp={"Nobody": 1},
        territory_income={"rolls": {"Old Ruins": [5], "Narco Den": [2]}},
    )
    found = problems(N23, RIDERS, draft, setting)
    assert "XP: no fighter 'Nobody' on the roster" in found
    assert "Settlement income: roll D6 (1 more die)" in found
    assert "Old Ruins income: a D3 shows 1 to 3, not [5]" in found
    assert "income: 'Narco Den' gives no income to roll for Rust Riders" in found
    assert "Tunnels: say whether it was won or lost" in found
    assert any(p.startswith("no territory") for p in problems(
        N23, RIDERS, draft.model_copy(update={"territory": "Atlantis"}), setting
    ))  # fmt: skip
    with pytest.raises(DraftError):
        apply_draft(N23, RIDERS, draft, setting)
    settled = _draft(
        campaign_battle_id=3, territory_income={"rolls": {"Settlement": [3], "Old Ruins": [1]}}
    )
    assert problems(N23, RIDERS, settled, setting) == [
        "Rust Riders collected its income after campaign battle 3 already (40 credits)"
    ]
    assert problems(N23, RIDERS, _draft(result="loss", territory="Tunnels"), setting) == [
        "Tunnels is not held by Rust Riders"
    ]
    assert problems(N23, RIDERS, _draft(campaign_battle_id=3)) == [
        "campaign battle 3: Rust Riders takes part in no running campaign"
    ]


def test_income_dice_follow_the_draft_counts() -> None:
    setting = _setting(("Collapsed Dome", 1), ("Corpse Farm", 1), ("Gambling Den", 1))
    income = TerritoryIncome(dice={"Collapsed Dome": 4}, struck_off=2, entered={"Gambling Den": 30})
    rows = {r.territory: r for r in income_dice(setting, setting.campaign, RIDERS, income)}
    assert (rows["Collapsed Dome"].count, rows["Collapsed Dome"].max_dice) == (4, 6)
    assert (rows["Corpse Farm"].count, rows["Corpse Farm"].per) == (2, "deleted_fighter")
    assert rows["Gambling Den"].manual and rows["Gambling Den"].count == 0
    rolled = income.model_copy(
        update={"rolls": {"Settlement": [2], "Collapsed Dome": [1, 2, 3, 4], "Corpse Farm": [6, 1]}}
    )
    report, found = income_report(setting, setting.campaign, RIDERS, rolled)
    assert found == [] and report is not None
    amounts = {line.territory: line.amount for line in report.lines}
    assert amounts == {
        "Settlement": 20,
        "Collapsed Dome": 100,
        "Corpse Farm": 70,
        "Gambling Den": 30,
    }
    # A double among the Collapsed Dome's dice brings nothing.
    doubled = rolled.model_copy(update={"rolls": {**rolled.rolls, "Collapsed Dome": [5, 5, 1, 2]}})
    report, _ = income_report(setting, setting.campaign, RIDERS, doubled)
    assert (
        report is not None and {x.territory: x.amount for x in report.lines}["Collapsed Dome"] == 0
    )


def test_income_entered_by_hand_and_the_income_key_must_agree() -> None:
    setting = _setting()
    by_hand = _draft(income=35)
    _, report = apply_draft(N23, RIDERS, by_hand, setting)
    assert report.campaign is not None and report.campaign.income_entered == 35
    mismatch = _draft(income=35, territory_income={"rolls": {"Settlement": [2]}})
    assert problems(N23, RIDERS, mismatch, setting) == [
        "income: 35 credits entered, but the territories give 20"
    ]
    agreed = _draft(income=20, territory_income={"rolls": {"Settlement": [2]}})
    assert problems(N23, RIDERS, agreed, setting) == []


def test_without_a_campaign_the_territory_is_a_note_and_previews_stop_at_step_two() -> None:
    after, report = apply_draft(N23, RIDERS, _draft(territory="Won the Slag Furnace", income=5))
    assert report.campaign is None and after.credits == 105
    assert "Assign territory: Won the Slag Furnace" in report.text()
    setting = _setting(("Slag Furnace", 2))
    gang, found, _ = preview_steps(
        N23, BROTHERS, _draft(result="loss", territory="Slag Furnace"), "assign_territory", setting
    )
    assert found == [] and gang.reputation == 2  # lost the Goliaths' +2 at step 2
