"""The whole post-battle sequence from one draft: order, errors together, Update Roster F."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from gangmanager.content import builtin_rulesets_dir, load_ruleset
from gangmanager.rules import ratings, roster_ops
from gangmanager.rules.gang import Category, Fighter, FighterStatus, Gang
from gangmanager.rules.modifiers import Modifier, ModifierKind
from gangmanager.rules.post_battle import (
    DraftError,
    apply_draft,
    preview_steps,
    problems,
    step_name,
)
from gangmanager.rules.post_battle_draft import PostBattleDraft
from gangmanager.rules.profile import Profile
from gangmanager.rules.weapons import Item, Weapon, WeaponProfile

from ..narrowing import present

PACKS: list[Path] = [builtin_rulesets_dir()]
N23 = load_ruleset("n23", PACKS)
HOUSE_A = load_ruleset("house-a", PACKS)
CAPTAIN = Profile.from_line('5" 3+ 3+ 3 3 3 4+ 2 4+ 5+ 5+ 5+')
GUNNER = Profile.from_line('5" 4+ 4+ 3 3 1 4+ 1 6+ 7+ 7+ 7+')


def _shotgun() -> Weapon:
    return Weapon(
        name="Shotgun",
        cost=30,
        profiles=[
            WeaponProfile(name="solid ammo"),
            WeaponProfile(name="executioner ammo", traits=["Limited"], cost=20),
        ],
    )


def _gang() -> Gang:
    """Founded (ratings committed): a Leader, a Champion and two Gangers."""
    fighters = [
        Fighter(name="Mags Varga", type="Road Captain", category=Category.LEADER, cost=105,
                xp=3, profile=CAPTAIN, wargear=[Item(name="Flak armour", cost=10)]),
        Fighter(name="Dex Hollow", type="Road Sergeant", category=Category.CHAMPION, cost=80,
                profile=CAPTAIN, weapons=[_shotgun()]),
        Fighter(name="Rook", type="Gunner", category=Category.GANGER, cost=45, profile=GUNNER,
                weapons=[Weapon(name="Lasgun", cost=15, profiles=[WeaponProfile()])],
                wargear=[Item(name="Flak armour", cost=10)]),
        Fighter(name="Tess", type="Gunner", category=Category.GANGER, cost=45, profile=GUNNER,
                status=FighterStatus.IN_RECOVERY),
    ]  # fmt: skip
    gang = Gang(name="Rust Riders", house="House Orlock", credits=100, reputation=2)
    return ratings.found_gang(gang.model_copy(update={"fighters": fighters}))


def _draft(**keys: object) -> PostBattleDraft:
    return PostBattleDraft.model_validate({"result": "win", **keys})


def test_errors_are_reported_together_and_nothing_is_applied() -> None:
    gang = _gang()
    draft = _draft(
        injuries=[{"fighter": "Nobody", "roll": 70}, {"fighter": "Rook", "roll": 47}],
        xp={"Ghost": 2},
        purchases=[{"fighter": "Mags Varga", "item": "Meltagun"}],
        advancements=[{"fighter": "Dex Hollow", "advancement": "bs"}],
    )
    with pytest.raises(DraftError) as caught:
        apply_draft(N23, gang, draft)
    found = caught.value.problems
    assert found == [
        "Lasting Injury: no fighter 'Nobody' on the roster",
        "Nobody: 70 is not a D66 roll (11-66)",
        "Rook: 47 is not a D66 roll (11-66, each die 1-6)",
        "XP: no fighter 'Ghost' on the roster",
        "bought Meltagun: not enough credits (costs 135, 100 left)",
        "Dex Hollow: not enough XP for Ballistic Skill +1: costs 6, Dex Hollow has 0",
    ]
    assert str(caught.value).startswith("the post-battle draft was not applied (6 problems): ")
    assert "\n" not in str(caught.value)
    assert problems(N23, gang, draft) == found
    # Pure: the gang given is untouched.
    assert gang == _gang()


def test_not_enough_credits_counts_what_the_battle_brought() -> None:
    gang = _gang()
    melta = {"fighter": "Mags Varga", "item": "meltagun"}
    with pytest.raises(DraftError, match="not enough credits"):
        apply_draft(N23, gang, _draft(purchases=[melta]))
    after, report = apply_draft(N23, gang, _draft(credits=20, income=15, purchases=[melta]))
    assert after.credits == 0
    mags = report.fighter("Mags Varga")
    assert mags is not None
    assert [c.text for c in mags.changes] == ["bought Meltagun (-135 credits)"]


def test_committed_ratings_change_only_at_f_and_become_exactly_the_pending_values() -> None:
    gang = _gang()
    index = next(i for i, f in enumerate(gang.fighters) if f.name == "Dex Hollow")
    # A Limited profile deleted in battle: pending drops, committed stays.
    gang = roster_ops.remove_profile(gang, index, 0, "executioner ammo")
    committed = {f.name: f.rating for f in gang.fighters}
    assert ratings.pending_gang_rating(gang) == ratings.committed_gang_rating(gang) - 20
    draft = _draft(
        xp={"Mags Varga": 3},
        credits=50,
        limited_deleted=[
            {"fighter": "Dex Hollow", "weapon": "Shotgun", "profile": "executioner ammo"}
        ],
        purchases=[{"fighter": "Rook", "item": "Autogun"}],
        advancements=[{"fighter": "Mags Varga", "advancement": "bs"}],
    )
    before_f, found, _ = preview_steps(N23, gang, draft, "advancements")
    assert found == []
    assert {f.name: f.rating for f in before_f.fighters} == committed
    assert before_f.rating == gang.rating
    pending = {f.name: ratings.pending_fighter_rating(f) for f in before_f.fighters}
    assert pending != committed
    after, report = apply_draft(N23, gang, draft)
    assert {f.name: f.rating for f in after.fighters} == pending
    assert (
        after.rating == ratings.pending_gang_rating(before_f) == sum(v for k, v in pending.items())
    )
    dex = report.fighter("Dex Hollow")
    assert dex is not None
    assert dex.rating_text == f"Fighter Rating {committed['Dex Hollow']} -> {pending['Dex Hollow']}"
    assert "Shotgun: executioner ammo (Limited) removed for good" in [c.text for c in dex.changes]
    assert report.gang_rating_before == gang.rating
    assert report.gang_rating_after == after.rating
    # Each fighter's breakdown: the committed figure, line by line.
    assert dex.receipt is not None and dex.receipt.total == pending["Dex Hollow"]


def test_last_battles_recovery_clears_before_this_battles_injuries() -> None:
    gang = _gang()
    after, report = apply_draft(N23, gang, _draft(injuries=[{"fighter": "Rook", "roll": 44}]))
    statuses = {f.name: f.status for f in after.fighters}
    assert statuses["Tess"] is FighterStatus.ACTIVE
    assert statuses["Rook"] is FighterStatus.IN_RECOVERY
    tess = report.fighter("Tess")
    assert tess is not None and tess.changes[0].text == "back from In recovery"
    kept, _ = apply_draft(N23, gang, _draft(clear_recovery=False))
    assert present(kept.fighter("Tess")).status is FighterStatus.IN_RECOVERY


def test_seriously_injured_fighters_succumb_on_1_or_2_and_then_need_an_injury() -> None:
    gang = _gang()
    with pytest.raises(DraftError, match="Rook succumbed \\(rolled 2\\): add their Lasting Injury"):
        apply_draft(N23, gang, _draft(succumb=[{"fighter": "Rook", "roll": 2}]))
    after, report = apply_draft(
        N23,
        gang,
        _draft(
            succumb=[{"fighter": "Rook", "roll": 1}, {"fighter": "Dex Hollow", "roll": 5}],
            injuries=[{"fighter": "Rook", "roll": 31}],
        ),
    )
    assert present(after.fighter("Rook")).status is FighterStatus.CONVALESCENCE
    assert "Rook: succumb D6 rolled 1" in report.rolls
    with pytest.raises(DraftError, match="a succumb roll is a D6 \\(1-6\\), not 7"):
        apply_draft(N23, gang, _draft(succumb=[{"fighter": "Rook", "roll": 7}]))


def test_reputation_never_goes_below_one() -> None:
    after, report = apply_draft(N23, _gang(), _draft(result="loss", reputation=-5))
    assert after.reputation == 1
    assert report.reputation_before == 2 and report.reputation_after == 1
    assert "Reputation 2 -> 1 (never below 1)" in [c.text for c in report.gang_changes]


@given(st.integers(1, 50), st.integers(-100, 100))
def test_reputation_is_at_least_one_for_any_change(start: int, delta: int) -> None:
    gang = _gang().model_copy(update={"reputation": start})
    after, _ = apply_draft(N23, gang, _draft(reputation=delta))
    assert after.reputation == max(1, start + delta)


def test_clean_house_removes_the_dead_with_their_gear_to_the_stash() -> None:
    gang = _gang()
    after, report = apply_draft(N23, gang, _draft(injuries=[{"fighter": "Rook", "roll": 66}]))
    assert after.fighter("Rook") is None
    assert [s.name for s in after.stash] == ["Lasgun", "Flak armour"]
    assert after.stash[0].profiles  # a weapon keeps its profiles
    rook = report.fighter("Rook")
    assert rook is not None and rook.removed
    assert "removed (dead); to the stash: Lasgun, Flak armour" in [c.text for c in rook.changes]
    assert after.rating == present(gang.rating) - 70


def test_medical_escort_outcomes() -> None:
    gang = _gang()
    critical = {"fighter": "Rook", "roll": 61}

    def escort(**entry: object) -> tuple[Gang, list[str]]:
        draft = _draft(injuries=[critical], medical_escorts=[{"fighter": "Rook", **entry}])
        after, report = apply_draft(N23, gang, draft)
        rook = report.fighter("Rook")
        assert rook is not None
        return after, [c.text for c in rook.changes]

    saved, lines = escort(cost_roll=7, roll=6)
    assert saved.credits == 30
    assert present(saved.fighter("Rook")).status is FighterStatus.ACTIVE
    dead, _ = escort(cost=40, roll=1)
    assert dead.fighter("Rook") is None and dead.credits == 60
    stable, lines = escort(cost_roll=2, roll=3, injury_roll=52, escort="Mags Varga")
    rook = stable.fighter("Rook")
    assert rook is not None and rook.status is FighterStatus.IN_RECOVERY
    assert rook.effective(N23.table).printed()["T"] == "2"
    assert "new Lasting Injury Enfeebled (52): T 3 -> 2, In recovery" in lines
    with pytest.raises(DraftError, match="the new injury 63 is Critical Injury: roll again"):
        escort(cost_roll=2, roll=3, injury_roll=63)
    with pytest.raises(DraftError, match="roll their new Lasting Injury"):
        escort(cost_roll=2, roll=3)
    with pytest.raises(DraftError, match="Tess cannot escort"):
        escort(cost_roll=2, roll=6, escort="Tess")
    with pytest.raises(DraftError, match="not enough credits"):
        escort(cost_roll=12, roll=6)
    with pytest.raises(DraftError, match="a Medical Escort is for Critical fighters"):
        apply_draft(
            N23, gang, _draft(medical_escorts=[{"fighter": "Dex Hollow", "cost": 0, "roll": 6}])
        )


def test_purchases_from_the_armoury_match_profiles_ignoring_case() -> None:
    gang = _gang()
    draft = _draft(
        credits=300,
        purchases=[
            {"fighter": "Rook", "item": "SHOTGUN", "profile": "Executioner Ammo"},
            {"fighter": "stash", "item": "Flak armour"},
            {"fighter": "Mags Varga", "item": "Boltgun", "cost": 40},
        ],
    )
    after, _report = apply_draft(N23, gang, draft)
    rook = after.fighter("Rook")
    assert rook is not None
    shotgun = rook.weapon("shotgun")
    assert shotgun is not None
    assert [p.name for p in shotgun.profiles if p.cost] == ["executioner ammo"]
    assert shotgun.total_cost == 50
    assert after.stash[-1].name == "Flak armour"
    mags = present(after.fighter("Mags Varga"))
    assert present(mags.weapon("Boltgun")).total_cost == 40
    assert after.credits == 100 + 300 - 50 - 10 - 40
    with pytest.raises(DraftError, match="Shotgun has no profile 'dragon ammo'"):
        apply_draft(
            N23,
            gang,
            _draft(purchases=[{"fighter": "Rook", "item": "Shotgun", "profile": "dragon ammo"}]),
        )
    with pytest.raises(DraftError, match="no item 'Doomsday device' in the n23 armoury"):
        apply_draft(N23, gang, _draft(purchases=[{"fighter": "Rook", "item": "Doomsday device"}]))


def test_a_lost_limited_profile_can_be_bought_again_alone() -> None:
    gang = _gang()
    gang = roster_ops.remove_profile(gang, 1, 0, "executioner ammo")
    draft = _draft(
        purchases=[{"fighter": "Dex Hollow", "item": "shotgun", "profile": "executioner ammo"}]
    )
    after, _report = apply_draft(N23, gang, draft)
    dex = after.fighter("Dex Hollow")
    assert dex is not None and len(dex.weapons) == 1
    assert dex.weapons[0].profile("executioner ammo") is not None
    assert after.credits == 80
    assert present(after.fighter("Dex Hollow")).rating == gang.fighters[1].rating


def test_sales_and_moves_between_the_stash_and_fighters() -> None:
    gang = _gang().model_copy(
        update={"stash": [Weapon(name="Autogun", cost=15, profiles=[WeaponProfile()])]}
    )
    draft = _draft(
        sales=[{"fighter": "Rook", "item": "flak armour"}, {"fighter": "Dex Hollow", "item": "Shotgun", "value": 5}],
        moves=[{"item": "autogun", "to": "Tess"}, {"item": "Flak armour", "from": "Mags Varga", "to": "stash"}],
    )  # fmt: skip
    after, _report = apply_draft(N23, gang, draft)
    assert after.credits == 100 + 5 + 5
    tess = after.fighter("Tess")
    assert tess is not None and [w.name for w in tess.weapons] == ["Autogun"]
    assert [s.name for s in after.stash] == ["Flak armour"]
    assert present(after.fighter("Mags Varga")).wargear == []
    with pytest.raises(DraftError, match="no 'Autogun' in the stash"):
        apply_draft(N23, _gang(), _draft(moves=[{"item": "Autogun", "to": "Tess"}]))


def test_xp_rewards_and_lesson_learned_feed_advancements_bought_the_same_night() -> None:
    gang = _gang()
    draft = _draft(
        injuries=[{"fighter": "Mags Varga", "roll": 11, "rolls": [2]}],
        xp={"mags varga": 1},
        advancements=[{"fighter": "Mags Varga", "advancement": "bs"}],
    )
    after, _report = apply_draft(N23, gang, draft)
    mags = after.fighter("Mags Varga")
    assert mags is not None and mags.xp == 0
    assert mags.modifiers == [
        Modifier(
            source="Advancement: Ballistic Skill +1",
            kind=ModifierKind.ADVANCEMENT,
            changes={"BS": 1},
            cost=20,
        )
    ]
    with pytest.raises(DraftError, match="XP gained cannot be negative"):
        apply_draft(N23, gang, _draft(xp={"Rook": -1}))


def test_report_text_lists_every_change_with_ratings_before_and_after() -> None:
    gang = _gang()
    draft = _draft(
        injuries=[{"fighter": "Rook", "roll": 44}],
        xp={"Mags Varga": 3},
        credits=25,
        reputation=1,
        advancements=[{"fighter": "Mags Varga", "advancement": "bs"}],
        territory="Won the Slag Furnace",
        notes="Good fight.",
    )
    text = apply_draft(N23, gang, draft)[1].text()
    assert "Gang Rating 360 -> 380" in text
    assert "Credits 100 -> 125" in text
    assert "Reputation 2 -> 3" in text
    assert "Assign territory: Won the Slag Furnace" in text
    assert "Mags Varga (Active), Fighter Rating 115 -> 135" in text
    assert "E. Advancements: Ballistic Skill +1 (BS 3+ -> 2+), -6 XP, +20 credits to cost" in text
    assert "Rook (Active -> In recovery), Fighter Rating 70 -> 70" in text
    assert "Wrap-up: Lasting Injury Eye Injury (44): BS 4+ -> 5+, In recovery" in text
    assert "Rook: Lasting Injury rolled 44" in text
    assert text.rstrip().endswith("Good fight.")


def test_step_names_come_from_the_pack() -> None:
    assert step_name(N23, "advancements") == "E. Advancements"
    assert step_name(HOUSE_A, "advancements") == "D. Advancements"
    assert step_name(HOUSE_A, "receive_rewards") == "Receive rewards"  # not in the older pack


def test_the_draft_schema_refuses_unknown_keys_and_round_trips() -> None:
    with pytest.raises(ValidationError):
        PostBattleDraft.model_validate({"result": "win", "injury": []})
    with pytest.raises(ValidationError):
        PostBattleDraft.model_validate({"result": "tie"})
    with pytest.raises(ValidationError):
        PostBattleDraft.model_validate({})
    with pytest.raises(ValidationError, match="either roll or result"):
        PostBattleDraft.model_validate(
            {"result": "win", "injuries": [{"fighter": "A", "roll": 44, "result": "Eye Injury"}]}
        )
    draft = _draft(moves=[{"item": "Autogun", "from": "Rook", "to": "stash"}], xp={"Rook": 2})
    data = draft.to_json()
    assert data == {
        "result": "win",
        "xp": {"Rook": 2},
        "moves": [{"item": "Autogun", "to": "stash", "from": "Rook"}],
    }
    assert PostBattleDraft.model_validate(data) == draft
    assert _draft().to_json() == {"result": "win"}


@pytest.mark.parametrize("step", ["report_results", "nonsense", ""])
def test_a_preview_through_a_step_that_changes_nothing_is_refused(step: str) -> None:
    with pytest.raises(ValueError, match="not a post-battle step that changes the gang"):
        preview_steps(N23, _gang(), PostBattleDraft(result="win"), step)


def test_a_preview_through_the_last_step_applies_the_whole_draft() -> None:
    draft = PostBattleDraft(result="win", credits=30)
    after, found, _ = preview_steps(N23, _gang(), draft, "update_gang_rating")
    assert found == []
    assert after == apply_draft(N23, _gang(), draft)[0]


def test_a_step_finds_fighters_by_name_after_it_changed_or_renamed_one() -> None:
    """StepRun.index keeps a name lookup for the roster it was made from: a fighter
    replaced under the same name is still found, a renamed one by its new name only."""
    from gangmanager.rules.post_battle_steps.run import CampaignState, StepRun

    gang = _gang()
    run = StepRun("receive_rewards", _draft(), gang, N23, CampaignState())
    first = gang.fighters[0]
    assert run.index(f"  {first.name.upper()} ", "XP") == 0
    run.set_fighter(0, first.model_copy(update={"xp": first.xp + 1}))
    assert run.index(first.name, "XP") == 0 and run.problems == []
    run.set_fighter(0, first.model_copy(update={"name": "Someone Else"}))
    assert run.index("someone else", "XP") == 0
    assert run.index(first.name, "XP") is None
    assert run.problems == [f"XP: no fighter '{first.name}' on the roster"]
