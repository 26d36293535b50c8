"""Update Roster C: taking the recruit and equipment boons of held territories."""

from __future__ import annotations

import pytest

from gangmanager.content import load_ruleset
from gangmanager.rules import campaign as rules
from gangmanager.rules.campaign_types import Boon, BoonKind, CampaignType
from gangmanager.rules.gang import Category, Fighter, Gang
from gangmanager.rules.post_battle import DraftError, apply_draft
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


def _draft(*taken: dict[str, object]) -> PostBattleDraft:
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
