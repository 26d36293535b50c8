"""Campaign logic: Dominion as data, stakes by phase, boons, income, standings, Triumphs."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gangmanager.content import load_ruleset
from gangmanager.rules import campaign as rules
from gangmanager.rules.campaign import (
    Alignment,
    Campaign,
    CampaignBattle,
    CampaignError,
    Result,
    Role,
    Side,
)
from gangmanager.rules.campaign_types import BoonKind, IncomeRoll, Measure, house_key
from gangmanager.rules.dice import FixedDice
from gangmanager.rules.gang import Fighter, Gang
from gangmanager.rules.profile import Profile

from ..narrowing import present

N23 = load_ruleset("n23")
DOMINION = rules.campaign_type_of(N23, "dominion")


def gang(gang_id: int, name: str, house: str = "House Orlock", **fields: object) -> Gang:
    return Gang(id=gang_id, name=name, house=house, **fields)


def three_gangs() -> tuple[Campaign, dict[int, Gang]]:
    gangs = {
        1: gang(1, "Iron Brothers", "House Goliath", credits=100, rating=900),
        2: gang(2, "Rust Riders", credits=50, rating=1000),
        3: gang(3, "Night Veils", "Escher", credits=0, rating=800, reputation=3),
    }
    campaign = rules.new_campaign("Ash Wars", N23, DOMINION)
    for g in gangs.values():
        campaign, _ = rules.join(campaign, DOMINION, g, N23)
    return campaign, gangs


def battle(
    winner: int | None, *ids: int, territory: str | None = None, ooa: int = 0
) -> CampaignBattle:
    names = {1: "Iron Brothers", 2: "Rust Riders", 3: "Night Veils"}
    return CampaignBattle(
        fought_on=date(2026, 3, 1),
        territory=territory,
        sides=[
            Side(
                gang_id=i,
                gang_name=names[i],
                role=Role.ATTACKER if n == 0 else Role.DEFENDER,
                result=Result.DRAW
                if winner is None
                else Result.WON
                if i == winner
                else Result.LOST,
                out_of_action=ooa if i == winner else 0,
            )
            for n, i in enumerate(ids)
        ],
    )


def test_dominion_is_data_in_the_n23_pack() -> None:
    assert len(DOMINION.territories) == 26
    assert DOMINION.hideout == "Settlement"
    assert [(p.id, p.cycles, p.stakes.value) for p in DOMINION.phases] == [
        ("occupation", 3, "unclaimed"),
        ("downtime", 1, "none"),
        ("takeover", 3, "controlled"),
    ]
    assert DOMINION.cycles == 7
    assert [t.measure for t in DOMINION.triumphs] == [
        Measure.TERRITORIES,
        Measure.OUT_OF_ACTION,
        Measure.WEALTH,
        Measure.BATTLES,
        Measure.REPUTATION,
    ]
    kinds = {b.kind for t in DOMINION.territories for b in (*t.boons, *t.enhanced_boons)}
    assert kinds == set(BoonKind)
    # Every territory gives something, and summaries are filled in.
    assert all(t.boons and all(b.summary for b in t.boons) for t in DOMINION.territories)


def test_unknown_campaign_type_lists_the_known_ones() -> None:
    with pytest.raises(CampaignError, match=r"no campaign type 'uprising' \(available: dominion\)"):
        rules.campaign_type_of(N23, "uprising")


def test_enhanced_boons_replace_their_kind_and_keep_the_rest() -> None:
    den = DOMINION.territory("gambling den")
    assert den is not None
    standard = den.boons_for("orlock")
    enhanced = den.boons_for("delaque")
    assert [b.kind for b in standard] == [BoonKind.REPUTATION, BoonKind.INCOME]
    # Delaque: Reputation replaced (+2), income kept, a special added.
    assert sorted(b.kind for b in enhanced) == sorted(
        [BoonKind.INCOME, BoonKind.REPUTATION, BoonKind.SPECIAL]
    )
    assert rules.reputation_of(den, "delaque") == 2
    assert rules.reputation_of(den, house_key("House Delaque")) == 2
    assert rules.reputation_of(den, "orlock") == 1


@pytest.mark.parametrize(
    ("text", "count", "sides", "times", "printed"),
    [("D6x10", 1, 6, 10, "D6x10"), ("2D6x5", 2, 6, 5, "2D6x5"), ("D3", 1, 3, 1, "D3")],
)
def test_income_expressions(text: str, count: int, sides: int, times: int, printed: str) -> None:
    roll = IncomeRoll.parse(text)
    assert (roll.count, roll.sides, roll.times, roll.text()) == (count, sides, times, printed)
    assert IncomeRoll.parse("20").text() == "20"
    with pytest.raises(ValueError, match="not dice"):
        IncomeRoll.parse("D8x10")


def test_joining_gives_the_hideout_and_its_reputation() -> None:
    campaign, gangs = three_gangs()
    joined, gained = rules.join(rules.new_campaign("Other", N23, DOMINION), DOMINION, gangs[1], N23)
    assert gained == 1  # the Settlement's +1 Reputation
    assert joined.held_by(1) == [rules.Holding(territory="Settlement", gang_id=1, hideout=True)]
    with pytest.raises(CampaignError, match="already takes part"):
        rules.join(campaign, DOMINION, gangs[1], N23)
    assert present(campaign.gang(1)).house == "goliath"
    assert present(campaign.gang(3)).house == "escher"


def test_stakes_follow_the_phase() -> None:
    campaign, _ = three_gangs()
    campaign, moved = rules.record_battle(
        campaign, DOMINION, battle(1, 1, 2, territory="Old Ruins")
    )
    assert moved is not None and (moved.from_gang, moved.to_gang) == (None, 1)
    # Occupation: a held territory is not at stake while unclaimed ones are left.
    with pytest.raises(
        CampaignError, match="Old Ruins is held by Iron Brothers: in the Occupation"
    ):
        rules.record_battle(campaign, DOMINION, battle(2, 1, 2, territory="old ruins"))
    # "Settlement" names the card in play; the gangs' hideouts are never at stake.
    won, moved = rules.record_battle(campaign, DOMINION, battle(2, 1, 2, territory="Settlement "))
    assert moved is not None and moved.to_gang == 2
    assert sorted(h.hideout for h in won.held_by(2) if h.territory == "Settlement") == [False, True]
    assert [h.territory for h in won.held_by(1, hideout=False)] == ["Old Ruins"]
    with pytest.raises(CampaignError, match="no territory 'Hive Spire'"):
        rules.record_battle(campaign, DOMINION, battle(2, 1, 2, territory="Hive Spire"))
    downtime = campaign.model_copy(update={"cycle": 4})
    with pytest.raises(CampaignError, match="no territory is at stake in the Downtime phase"):
        rules.record_battle(downtime, DOMINION, battle(2, 1, 2, territory="Tunnels"))
    takeover = campaign.model_copy(update={"cycle": 5})
    with pytest.raises(CampaignError, match="Tunnels is held by nobody"):
        rules.record_battle(takeover, DOMINION, battle(2, 1, 2, territory="Tunnels"))
    with pytest.raises(CampaignError, match="held by Iron Brothers, who is not in this battle"):
        rules.record_battle(takeover, DOMINION, battle(2, 2, 3, territory="Old Ruins"))
    taken, moved = rules.record_battle(takeover, DOMINION, battle(2, 1, 2, territory="Old Ruins"))
    assert moved is not None and (moved.from_gang, moved.to_gang) == (1, 2)
    assert present(taken.holding("Old Ruins")).gang_id == 2
    # The holder winning (or a draw) keeps it where it was.
    kept, moved = rules.record_battle(taken, DOMINION, battle(None, 1, 2, territory="Old Ruins"))
    assert moved is None and present(kept.holding("Old Ruins")).gang_id == 2


def test_battles_are_checked() -> None:
    campaign, _ = three_gangs()
    with pytest.raises(CampaignError, match="at least two"):
        rules.record_battle(campaign, DOMINION, battle(1, 1))
    with pytest.raises(CampaignError, match="named twice"):
        rules.record_battle(campaign, DOMINION, battle(1, 1, 1))
    outsider = battle(1, 1, 2).model_copy(
        update={"sides": [*battle(1, 1, 2).sides[:1], Side(gang_id=9, gang_name="Nobody")]}
    )
    with pytest.raises(CampaignError, match="'Nobody' does not take part"):
        rules.record_battle(campaign, DOMINION, outsider)
    ended = campaign.model_copy(update={"finished_at": "2026-05-01T00:00:00Z"})
    with pytest.raises(CampaignError, match="has ended"):
        rules.record_battle(ended, DOMINION, battle(1, 1, 2))


def test_a_territory_moves_its_reputation_with_it() -> None:
    campaign, _ = three_gangs()
    # Fighting Pit: nothing for Orlocks, +2 Reputation for Goliaths.
    campaign, moved = rules.transfer(campaign, DOMINION, "Fighting Pit", 2)
    assert (moved.reputation_lost, moved.reputation_gained) == (0, 0)
    campaign, moved = rules.transfer(campaign, DOMINION, "Fighting Pit", 1)
    assert (moved.from_gang, moved.reputation_lost, moved.reputation_gained) == (2, 0, 2)
    assert rules.transfer_text(campaign, moved) == (
        "Iron Brothers takes Fighting Pit from Rust Riders (Iron Brothers Reputation +2)."
    )
    campaign, moved = rules.transfer(campaign, DOMINION, "Fighting Pit", None)
    assert moved.reputation_lost == 2
    assert rules.transfer_text(campaign, moved) == (
        "Iron Brothers loses Fighting Pit (Iron Brothers Reputation -2)."
    )


def test_income_from_hideout_and_territories() -> None:
    campaign, gangs = three_gangs()
    for name in ("Old Ruins", "Collapsed Dome", "Rogue Doc Shop", "Gambling Den"):
        campaign, _ = rules.transfer(campaign, DOMINION, name, 2)
    dome_runner = Fighter(name="Scout", type="Dome Runner", profile=Profile.model_validate({}))
    riders = gangs[2].model_copy(update={"fighters": [dome_runner]})
    # Settlement D6 (4); Old Ruins D3 from a 5 (3) + 1 Dome Runner; Collapsed Dome 3D6 (2,5,6).
    report = rules.income_for(
        campaign,
        DOMINION,
        riders,
        FixedDice([4, 5, 2, 5, 6]),
        dice_counts={"collapsed dome": 3},
        entered={"Gambling Den": 70},
    )
    lines = {line.territory: line for line in report.lines}
    assert lines["Settlement"].amount == 40
    assert lines["Old Ruins"].amount == 40 and "Dome Runner" in lines["Old Ruins"].note
    assert lines["Collapsed Dome"].rolls == (2, 5, 6) and lines["Collapsed Dome"].amount == 130
    assert lines["Gambling Den"].manual and lines["Gambling Den"].amount == 70
    # Rogue Doc Shop pays only Outlaw gangs.
    assert "Rogue Doc Shop" not in lines
    assert report.total == 280
    assert "Total: 280 credits" in report.text()


def test_a_double_on_the_collapsed_dome_brings_nothing() -> None:
    campaign, gangs = three_gangs()
    campaign, _ = rules.transfer(campaign, DOMINION, "Collapsed Dome", 2)
    report = rules.income_for(campaign, DOMINION, gangs[2], FixedDice([1, 3, 3]))
    dome = next(line for line in report.lines if line.territory == "Collapsed Dome")
    assert dome.amount == 0 and "Lasting Injury" in dome.note


def test_boosted_per_fighter_and_outlaw_income() -> None:
    campaign = rules.new_campaign("C", N23, DOMINION)
    escher = gang(7, "Wyld Ones", "Escher")
    campaign, _ = rules.join(campaign, DOMINION, escher, N23, Alignment.OUTLAW)
    for name in ("Narco Den", "Corpse Farm", "Rogue Doc Shop"):
        campaign, _ = rules.transfer(campaign, DOMINION, name, 7)
    report = rules.income_for(
        campaign, DOMINION, escher, FixedDice([1, 1, 2, 3, 4, 5, 6]), deleted_fighters=2
    )
    lines = {line.territory: line for line in report.lines}
    assert lines["Narco Den"].expression == "2D6x5"  # enhanced for Escher
    assert lines["Corpse Farm"].rolls == (2, 3) and lines["Corpse Farm"].amount == 50
    assert lines["Corpse Farm"].note == "2 x fighter struck off"
    assert lines["Rogue Doc Shop"].amount == 10
    campaign, _ = rules.transfer(campaign, DOMINION, "Synth Still", 7)
    boosted = rules.income_for(campaign, DOMINION, escher, FixedDice([1] * 9))
    assert next(x for x in boosted.lines if x.territory == "Narco Den").expression == "2D6x10"


@given(st.lists(st.integers(1, 6), min_size=40, max_size=40))
def test_income_is_never_negative_and_within_the_dice(rolls: list[int]) -> None:
    campaign, gangs = three_gangs()
    for territory in DOMINION.territories:
        if territory.name != "Settlement":
            campaign, _ = rules.transfer(campaign, DOMINION, territory.name, 1)
    report = rules.income_for(campaign, DOMINION, gangs[1], FixedDice(rolls), deleted_fighters=1)
    for line in report.lines:
        assert line.amount >= 0
        if line.expression and line.rolls:
            roll = IncomeRoll.parse(line.expression)
            assert line.amount <= roll.sides * len(line.rolls) * roll.times


def test_standings_and_triumphs() -> None:
    campaign, gangs = three_gangs()
    campaign, _ = rules.record_battle(
        campaign, DOMINION, battle(1, 1, 2, territory="Tunnels", ooa=3)
    )
    campaign, _ = rules.record_battle(
        campaign, DOMINION, battle(3, 3, 2, territory="Wastes", ooa=2)
    )
    campaign, _ = rules.record_battle(
        campaign, DOMINION, battle(1, 1, 3, territory="Toll Crossing", ooa=1)
    )
    rows = rules.standings(campaign, gangs)
    assert [r.name for r in rows] == ["Iron Brothers", "Night Veils", "Rust Riders"]
    brothers = rows[0]
    assert (brothers.territories, brothers.battles, brothers.wins, brothers.out_of_action) == (
        2,
        2,
        2,
        4,
    )
    assert brothers.wealth == 900 + 100
    awards = {a.name: a for a in rules.triumphs(DOMINION, rows)}
    assert awards["Dominator"].gangs == ("Iron Brothers",)
    assert awards["Slaughterer"].gangs == ("Iron Brothers",)
    assert awards["Creditor"].gangs == ("Rust Riders",)
    # Every gang fought twice: Warmonger is shared.
    assert set(awards["Warmonger"].gangs) == {"Iron Brothers", "Rust Riders", "Night Veils"}
    assert awards["Powerbroker"].gangs == ("Night Veils",)


def test_battles_read_in_plain_words() -> None:
    text = rules.battle_text(
        battle(1, 1, 2, territory="Tunnels", ooa=2).model_copy(update={"scenario": "Stand-off"})
    )
    assert text == (
        "Iron Brothers (attacker) beat Rust Riders (defender) in Stand-off, with Tunnels at"
        " stake; enemies taken Out of Action: Iron Brothers 2."
    )
    assert rules.battle_text(battle(None, 2, 3)) == (
        "Rust Riders (attacker) and Night Veils (defender) drew."
    )


def test_standings_tie_on_territories_goes_to_reputation_before_wealth() -> None:
    campaign, gangs = three_gangs()
    # No territory held yet: Night Veils (Reputation 3, the poorest) lead; then the
    # richer of the two with the same Reputation.
    rows = rules.standings(campaign, gangs)
    assert [(r.name, r.territories, r.reputation, r.wealth) for r in rows] == [
        ("Night Veils", 0, 3, 800),
        ("Rust Riders", 0, 1, 1050),
        ("Iron Brothers", 0, 1, 1000),
    ]
