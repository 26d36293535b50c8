"""Update Roster C: taking the recruit and equipment boons of held territories."""

from __future__ import annotations

from collections.abc import Mapping

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gangmanager.content import load_ruleset
from gangmanager.rules import campaign as rules
from gangmanager.rules.campaign_types import Boon, BoonKind, CampaignType, RecruitRoll
from gangmanager.rules.gang import Category, Fighter, Gang
from gangmanager.rules.post_battle import DraftError, apply_draft
from gangmanager.rules.post_battle_boons import offered
from gangmanager.rules.post_battle_campaign import CampaignSetting
from gangmanager.rules.post_battle_draft import PostBattleDraft
from gangmanager.rules.profile import Profile

N23 = load_ruleset("n23")
DOMINION = rules.campaign_type_of(N23, "dominion")
GUNNER = Profile.from_line('5" 4+ 4+ 3 3 1 4+ 1 6+ 7+ 7+ 7+')
ROOK = Fighter(name="Rook", type="Gunner", category=Category.GANGER, cost=45, profile=GUNNER)
RIDERS = Gang(id=1, name="Rust Riders", house="House Orlock", credits=100, reputation=2,
              fighters=[ROOK])  # fmt: skip
CACHE = "Promethium Cache"


def _setting(*held: str, ctype: CampaignType = DOMINION) -> CampaignSetting:
    campaign = rules.new_campaign("Ash Wars", N23, ctype)
    campaign, _ = rules.join(campaign, ctype, RIDERS, N23)
    for territory in held:
        campaign, _ = rules.transfer(campaign, ctype, territory, 1)
    return CampaignSetting(campaign.model_copy(update={"id": 7}), ctype)


def _draft(*taken: Mapping[str, object]) -> PostBattleDraft:
    return PostBattleDraft.model_validate({"result": "win", "boons_taken": list(taken)})


def test_free_equipment_goes_to_the_stash_or_a_fighter_at_no_cost() -> None:
    draft = _draft(
        {"territory": "promethium cache", "kind": "equipment", "item": "Incendiary charges"},
        {"territory": CACHE, "kind": "equipment", "item": "incendiary charges", "fighter": "Rook"},
    )
    after, report = apply_draft(N23, RIDERS, draft, _setting(CACHE))
    assert after.credits == RIDERS.credits
    assert [w.name for w in after.stash] == ["Incendiary charge"]
    assert after.stash[0].cost == 0
    rook = after.fighter("Rook")
    assert rook is not None and [w.name for w in rook.weapons] == ["Incendiary charge"]
    assert "free from Promethium Cache" in report.text()


def test_a_boon_not_granted_or_taken_too_often_is_refused() -> None:
    cache = {"territory": CACHE, "kind": "equipment", "item": "Incendiary charges"}
    with pytest.raises(DraftError) as caught:
        apply_draft(N23, RIDERS, _draft(cache, cache, cache, cache), _setting(CACHE))
    assert caught.value.problems == [
        "boon 'Incendiary charges' from Promethium Cache: Promethium Cache grants no"
        " equipment 'Incendiary charges' to this gang (already taken)"
    ]
    with pytest.raises(DraftError) as caught:
        apply_draft(N23, RIDERS, _draft(cache), _setting("Sludge Sea"))
    assert "Promethium Cache grants no equipment 'Incendiary charges'" in str(caught.value)
    with pytest.raises(DraftError) as caught:
        apply_draft(N23, RIDERS, _draft(cache))
    assert "it is in no running campaign" in str(caught.value)


def test_a_recruit_of_the_granted_type_joins_without_paying() -> None:
    settlement = DOMINION.territory("Settlement")
    assert settlement is not None
    boon = Boon(kind=BoonKind.RECRUIT, recruits=["Greenhorn"], summary="a free Greenhorn")
    territories = [
        t.model_copy(update={"boons": [boon]}) if t is settlement else t
        for t in DOMINION.territories
    ]
    ctype = DOMINION.model_copy(update={"territories": territories})
    take = {"territory": "Settlement", "kind": "recruit", "fighter_type": "greenhorn",
            "name": "Kid"}  # fmt: skip
    after, report = apply_draft(N23, RIDERS, _draft(take), _setting("Settlement", ctype=ctype))
    kid = after.fighter("Kid")
    assert kid is not None and kid.type == "Greenhorn" and kid.category is Category.JUVE
    assert after.credits == RIDERS.credits
    assert report.gang_rating_after == report.gang_rating_before + kid.cost
    with pytest.raises(DraftError) as caught:
        wrong = {**take, "fighter_type": "Gunner"}
        apply_draft(N23, RIDERS, _draft(wrong), _setting("Settlement", ctype=ctype))
    assert "Settlement grants no recruit 'Gunner'" in str(caught.value)


def _roll(*dice: int, **more: object) -> dict[str, object]:
    return {"territory": "Settlement", "kind": "recruit", "dice": list(dice), **more}


@pytest.mark.parametrize(
    ("dice", "joined"),
    [((6, 3), "Greenhorn"), ((2, 6), "Greenhorn"), ((6, 6), "Gunner"), ((5, 1), None)],
)
def test_the_settlement_roll_decides_the_free_recruit(
    dice: tuple[int, int], joined: str | None
) -> None:
    after, report = apply_draft(N23, RIDERS, _draft(_roll(*dice)), _setting())
    added = after.fighters[len(RIDERS.fighters) :]
    assert [f.type for f in added] == ([joined] if joined else [])
    assert after.credits == RIDERS.credits
    rolled = ", ".join(map(str, dice))
    if joined:
        assert added[0].name == joined  # the type's name when none is given
        assert report.gang_rating_after == report.gang_rating_before + added[0].cost
        assert f"{joined} ({joined}) joins free from Settlement (rolled {rolled})" in report.text()
    else:
        assert f"rolled {rolled} for Settlement: no recruit" in report.text()


def test_a_settlement_roll_is_taken_once_with_the_right_dice() -> None:
    with pytest.raises(DraftError) as caught:
        apply_draft(N23, RIDERS, _draft(_roll(6, 1), _roll(6, 6)), _setting())
    assert caught.value.problems == [
        "boon recruit roll from Settlement: Settlement grants no recruit roll to this gang"
        " (already taken)"
    ]
    with pytest.raises(DraftError) as caught:
        apply_draft(N23, RIDERS, _draft(_roll(6)), _setting())
    assert "the roll is 2D6: give 2 dice, got 1" in str(caught.value)
    with pytest.raises(DraftError) as caught:
        apply_draft(N23, RIDERS, _draft(_roll(6, 1, fighter_type="Gunner")), _setting())
    assert "rolled 6, 1: a free Juve (Greenhorn), not 'Gunner'" in str(caught.value)
    with pytest.raises(ValueError, match="less than or equal to 6"):
        _draft(_roll(7, 1))


def test_a_house_with_no_type_of_the_category_rolled_is_told_so() -> None:
    # Every n23 house now lists a Juve: take the Bully off a copy of Goliath's list.
    no_juve = N23.model_copy(
        update={
            "houses": [
                house.model_copy(
                    update={
                        "fighter_types": [
                            t for t in house.fighter_types if t.category != Category.JUVE
                        ]
                    }
                )
                if house.id == "goliath"
                else house
                for house in N23.houses
            ]
        }
    )
    goliaths = RIDERS.model_copy(update={"house": "House Goliath", "fighters": []})
    with pytest.raises(DraftError) as caught:
        apply_draft(no_juve, goliaths, _draft(_roll(6, 1)), _setting())
    assert "rolled 6, 1: a free Juve, but the House Goliath list has no Juve fighter type" in (
        str(caught.value)
    )
    after, _ = apply_draft(no_juve, goliaths, _draft(_roll(6, 6, name="Krag")), _setting())
    assert [(f.name, f.type) for f in after.fighters] == [("Krag", "Bruiser")]


def test_several_types_of_the_category_rolled_need_the_one_chosen() -> None:
    orlock = N23.house("orlock")
    assert orlock is not None
    scrapper = orlock.fighter_types[-1].model_copy(update={"name": "Scrapper"})
    houses = [h.model_copy(update={"fighter_types": [*h.fighter_types, scrapper]})
              if h is orlock else h for h in N23.houses]  # fmt: skip
    ruleset = N23.model_copy(update={"houses": houses})
    with pytest.raises(DraftError) as caught:
        apply_draft(ruleset, RIDERS, _draft(_roll(6, 4)), _setting())
    assert "a free Juve; name the fighter_type (Greenhorn, Scrapper)" in str(caught.value)
    after, _ = apply_draft(
        ruleset, RIDERS, _draft(_roll(6, 4, fighter_type="scrapper")), _setting()
    )
    assert after.fighters[-1].type == "Scrapper"


def test_hangers_on_granted_by_name_join_free_with_their_kit() -> None:
    draft = _draft(
        {"territory": "Workshop", "kind": "recruit", "fighter_type": "Ammo-jack", "name": "Slugs"},
        {"territory": "Rogue Doc Shop", "kind": "recruit", "fighter_type": "rogue doc"},
    )
    after, report = apply_draft(N23, RIDERS, draft, _setting("Workshop", "Rogue Doc Shop"))
    slugs, doc = after.fighter("Slugs"), after.fighter("Rogue Doc")
    assert slugs is not None and doc is not None
    assert (slugs.category, slugs.cost, [(i.name, i.cost) for i in slugs.wargear]) == (
        Category.HANGER_ON, 50, [("Mesh armour", 0)]
    )  # fmt: skip
    assert [(i.name, i.cost) for i in doc.wargear] == [("Medicae kit", 0)]
    assert after.credits == RIDERS.credits
    assert report.gang_rating_after == report.gang_rating_before + 100


def test_hired_guns_for_one_battle_are_not_offered_after_it() -> None:
    setting = _setting("Fighting Pit")
    held = rules.held_boons(setting.campaign, setting.ctype, 1, [BoonKind.RECRUIT])
    assert [t for t, b in held if b.for_one_battle] == ["Fighting Pit"]
    assert [o.territory for o in offered(held)] == ["Settlement"]
    scum = {"territory": "Fighting Pit", "kind": "recruit", "fighter_type": "Hive Scum"}
    with pytest.raises(DraftError) as caught:
        apply_draft(N23, RIDERS, _draft(scum), setting)
    assert "Fighting Pit grants no recruit 'Hive Scum' to this gang" in str(caught.value)


@given(st.lists(st.integers(1, 6), min_size=2, max_size=2))
def test_the_most_sixes_met_decide_the_category(dice: list[int]) -> None:
    settlement = DOMINION.territory("Settlement")
    assert settlement is not None
    roll = next(b.recruit_roll for b in settlement.boons if b.recruit_roll is not None)
    expected = {0: None, 1: Category.JUVE, 2: Category.GANGER}[dice.count(6)]
    assert roll.category_for(dice) is expected


def test_a_roll_needing_more_sixes_than_dice_is_refused() -> None:
    with pytest.raises(ValueError, match="3 sixes cannot come from 2 dice"):
        RecruitRoll.model_validate({"dice": 2, "results": [{"sixes": 3, "category": "ganger"}]})
    with pytest.raises(ValueError, match="a special boon has no recruits"):
        Boon.model_validate({"kind": "special", "recruits": ["Rogue Doc"]})
