"""Issue 13: the post-battle sequence follows the 2023 rules in every branch.

Each test here failed before its fix: a fighter who lost a Limited profile and
then left the roster blocked Finish; Multiple Injuries and the Medical Escort
took results they must re-roll; a promotion to Specialist brought no skill; a
type with no skill access took any skill; logs showed pack ids.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gangmanager.content import builtin_rulesets_dir, load_ruleset
from gangmanager.rules import ratings, roster_ops
from gangmanager.rules.gang import Category, Fighter, FighterStatus, Gang
from gangmanager.rules.injuries import first_reroll, read_roll
from gangmanager.rules.post_battle import DraftError, apply_draft
from gangmanager.rules.post_battle_draft import LimitedDeletion, PostBattleDraft, merge_limited
from gangmanager.rules.profile import Profile
from gangmanager.rules.weapons import Item, Weapon, WeaponProfile

from ..narrowing import present

PACKS: list[Path] = [builtin_rulesets_dir()]
N23 = load_ruleset("n23", PACKS)
CAPTAIN = Profile.from_line('5" 3+ 3+ 3 3 3 4+ 2 4+ 5+ 5+ 5+')
GUNNER = Profile.from_line('5" 4+ 4+ 3 3 1 4+ 1 6+ 7+ 7+ 7+')
EXECUTIONER = "executioner ammo"
INFERNO = "inferno ammo"


def _shotgun() -> Weapon:
    return Weapon(
        name="Shotgun",
        cost=30,
        profiles=[
            WeaponProfile(name="solid ammo"),
            WeaponProfile(name=EXECUTIONER, traits=["Limited"], cost=20),
            WeaponProfile(name=INFERNO, traits=["Limited"], cost=15),
        ],
    )


def _gang() -> Gang:
    """Founded: Dex carries a shotgun with two Limited profiles."""
    fighters = [
        Fighter(name="Mags Varga", type="Road Captain", category=Category.LEADER, cost=105,
                profile=CAPTAIN),
        Fighter(name="Dex Hollow", type="Road Sergeant", category=Category.CHAMPION, cost=80,
                profile=CAPTAIN, weapons=[_shotgun()], wargear=[Item(name="Flak armour", cost=10)]),
        Fighter(name="Rook", type="Gunner", category=Category.GANGER, cost=45, profile=GUNNER,
                xp=6, weapons=[_shotgun()]),
    ]  # fmt: skip
    gang = Gang(name="Rust Riders", house="orlock", credits=100, reputation=2)
    return ratings.found_gang(gang.model_copy(update={"fighters": fighters}))


def _struck(gang: Gang, name: str, *profiles: str) -> Gang:
    """As the battle tracker leaves it: the Limited profiles already off the card."""
    index = next(i for i, f in enumerate(gang.fighters) if f.name == name)
    for profile in profiles:
        gang = roster_ops.remove_profile(gang, index, 0, profile)
    return gang


def _lost(name: str, *profiles: str) -> list[dict[str, str]]:
    return [{"fighter": name, "weapon": "Shotgun", "profile": p} for p in profiles]


def _draft(**keys: object) -> PostBattleDraft:
    return PostBattleDraft.model_validate({"result": "loss", **keys})


# -- the blocker: a Limited profile struck off, then the fighter leaves or changes ----


@pytest.mark.parametrize(
    "leaves",
    [
        {"injuries": [{"fighter": "Dex Hollow", "roll": 66}]},  # Memorable Death
        {"injuries": [{"fighter": "Dex Hollow", "roll": 61}]},  # Critical, no escort
        {  # Critical, the escort fails
            "injuries": [{"fighter": "Dex Hollow", "roll": 61}],
            "medical_escorts": [{"fighter": "Dex Hollow", "cost": 20, "roll": 1}],
        },
    ],
    ids=["memorable-death", "critical-no-escort", "escort-fails"],
)
@pytest.mark.parametrize("struck", [True, False], ids=["tracked", "by-hand"])
def test_limited_lost_then_dead_applies_in_one_finish(leaves: dict, struck: bool) -> None:
    gang = _gang()
    if struck:
        gang = _struck(gang, "Dex Hollow", EXECUTIONER)
    after, report = apply_draft(
        N23, gang, _draft(limited_deleted=_lost("Dex Hollow", EXECUTIONER), **leaves)
    )
    assert after.fighter("Dex Hollow") is None
    shotgun = next(w for w in after.stash if w.name == "Shotgun")
    assert [p.name for p in shotgun.profiles] == ["solid ammo", INFERNO]
    dex = report.fighter("Dex Hollow")
    assert dex is not None and dex.removed
    texts = [c.text for c in dex.changes]
    assert "Shotgun: executioner ammo (Limited) removed for good" in texts
    assert any(t.startswith("removed (dead)") for t in texts)
    assert gang.rating is not None
    assert after.rating == gang.rating - ratings.committed_fighter_rating(
        present(gang.fighter("Dex Hollow"))
    )


def test_limited_lost_then_captured_promoted_or_out_of_action() -> None:
    gang = _struck(_struck(_gang(), "Dex Hollow", EXECUTIONER), "Rook", INFERNO)
    draft = _draft(
        injuries=[{"fighter": "Dex Hollow", "roll": 55}, {"fighter": "Rook", "roll": 21}],
        escapes=[{"fighter": "Dex Hollow", "roll": 2}],
        limited_deleted=[*_lost("Dex Hollow", EXECUTIONER), *_lost("Rook", INFERNO)],
        advancements=[
            {"fighter": "Rook", "advancement": "specialist", "roll": 2, "skill": "Bull Charge"}
        ],
    )
    after, _ = apply_draft(N23, gang, draft)
    dex, rook = after.fighter("Dex Hollow"), after.fighter("Rook")
    assert dex is not None and dex.status is FighterStatus.CAPTURED
    assert [p.name for p in dex.weapons[0].profiles] == ["solid ammo", INFERNO]
    assert rook is not None and rook.category is Category.SPECIALIST
    assert [p.name for p in rook.weapons[0].profiles] == ["solid ammo", EXECUTIONER]
    # Ratings: both lost profiles are gone from the committed figures at Update Roster.
    assert ratings.committed_fighter_rating(rook) == 45 + 30 + 20 + 20  # + Specialist's credits


def test_two_limited_profiles_on_one_fighter() -> None:
    gang = _gang()
    draft = _draft(limited_deleted=_lost("Dex Hollow", EXECUTIONER, INFERNO))
    after, report = apply_draft(N23, gang, draft)
    dex = after.fighter("Dex Hollow")
    assert dex is not None
    assert [p.name for p in dex.weapons[0].profiles] == ["solid ammo"]
    assert dex.rating == 80 + 30 + 10
    lines = [c.text for c in present(report.fighter("Dex Hollow")).changes]
    assert sum("removed for good" in t for t in lines) == 2


def test_delete_limited_removes_a_profile_still_on_the_card() -> None:
    """No tracked battle: the draft names the profile, the card still has it."""
    gang = _gang()
    assert present(gang.fighter("Dex Hollow")).weapons[0].profile(EXECUTIONER) is not None
    after, _ = apply_draft(N23, gang, _draft(limited_deleted=_lost("Dex Hollow", EXECUTIONER)))
    dex = after.fighter("Dex Hollow")
    assert dex is not None and dex.weapons[0].profile(EXECUTIONER) is None
    assert dex.rating == ratings.committed_fighter_rating(present(gang.fighter("Dex Hollow"))) - 20


def test_merging_a_tracked_battles_losses_keeps_two_profiles_of_one_weapon() -> None:
    mine = [LimitedDeletion(fighter="Dex Hollow", weapon="Shotgun", profile=EXECUTIONER)]
    found = [
        LimitedDeletion(fighter="dex hollow", weapon="shotgun", profile=EXECUTIONER.upper()),
        LimitedDeletion(fighter="Dex Hollow", weapon="Shotgun", profile=INFERNO),
    ]
    assert [e.profile for e in merge_limited(mine, found)] == [EXECUTIONER, INFERNO]


# -- Multiple Injuries and the Medical Escort re-roll ----------------------------------


@pytest.mark.parametrize(
    ("inner", "name"),
    [(55, "Captured"), (54, "Multiple Injuries"), (66, "Memorable Death"),
     (61, "Critical Injury"), (15, "Out Cold")],
)  # fmt: skip
def test_multiple_injuries_re_rolls_its_inner_rolls(inner: int, name: str) -> None:
    gang = _gang()
    draft = _draft(injuries=[{"fighter": "Rook", "roll": 54, "rolls": [2, 44, inner]}])
    with pytest.raises(DraftError) as caught:
        apply_draft(N23, gang, draft)
    message = str(caught.value)
    assert f"the extra roll {inner} is {name}, which is rolled again" in message
    assert read_roll(N23, 54).name == "Multiple Injuries"
    assert first_reroll(N23, read_roll(N23, 54), [2, 44, inner]) == 2
    # The same dice with an allowed roll instead apply.
    ok = _draft(injuries=[{"fighter": "Rook", "roll": 54, "rolls": [2, 44, 45]}])
    after, _ = apply_draft(N23, gang, ok)
    assert present(after.fighter("Rook")).injuries == ["Eye Injury", "Hand Injury"]


def test_first_reroll_walks_past_an_inner_d3() -> None:
    multiple = read_roll(N23, 54)
    # 11 Lesson Learned asks for its own D3 (2), then 55 must be rolled again.
    assert first_reroll(N23, multiple, [2, 11, 2, 55]) == 3
    assert first_reroll(N23, multiple, [2, 11, 2, 45]) is None
    assert first_reroll(N23, multiple, []) is None


def test_a_stabilised_fighter_re_rolls_captured() -> None:
    gang = _gang()
    draft = _draft(
        injuries=[{"fighter": "Rook", "roll": 62}],
        medical_escorts=[{"fighter": "Rook", "cost": 20, "roll": 3, "injury_roll": 56}],
    )
    with pytest.raises(DraftError, match="the new injury 56 is Captured: roll again"):
        apply_draft(N23, gang, draft)


# -- the Specialist's skill and skill access -------------------------------------------


def test_promotion_to_specialist_brings_a_random_primary_skill() -> None:
    gang = _gang()

    def promote(**entry: object) -> Fighter:
        draft = _draft(
            advancements=[{"fighter": "Rook", "advancement": "specialist", "roll": 12, **entry}]
        )
        after, _ = apply_draft(N23, gang, draft)
        rook = after.fighter("Rook")
        assert rook is not None
        return rook

    with pytest.raises(DraftError, match="brings one random Primary skill"):
        promote()
    # A Gunner's primary sets are Brawn and Ferocity: the D6 needs the set.
    rook = promote(skill_roll=1, skill_set="Ferocity")
    assert rook.skills == ["Berserker"] and rook.category is Category.SPECIALIST
    assert promote(skill="Bull Charge").skills == ["Bull Charge"]
    with pytest.raises(DraftError, match="Catfall is in the Agility set"):
        promote(skill="Catfall")


def test_a_type_without_skill_access_is_an_error_of_the_pack_unless_house_rules() -> None:
    gang = _gang()
    stranger = Fighter(name="Vox", type="Pit Slave", category=Category.CHAMPION, cost=60,
                       profile=CAPTAIN, xp=9)  # fmt: skip
    gang = gang.model_copy(update={"fighters": [*gang.fighters, stranger]})
    draft = _draft(
        advancements=[{"fighter": "Vox", "advancement": "primary_chosen", "skill": "Catfall"}]
    )
    with pytest.raises(
        DraftError, match="no fighter type 'Pit Slave', so Vox's skill access is unknown"
    ):
        apply_draft(N23, gang, draft)
    ruled = gang.model_copy(update={"house_rules_ignore_restrictions": True})
    after, _ = apply_draft(N23, ruled, draft)
    assert present(after.fighter("Vox")).skills == ["Catfall"]


def test_reports_name_advancements_as_players_read_them() -> None:
    gang = _gang()
    mags = present(gang.fighter("Mags Varga")).model_copy(update={"xp": 9})
    gang = gang.model_copy(update={"fighters": [mags, *gang.fighters[1:]]})
    draft = _draft(
        advancements=[
            {
                "fighter": "Mags Varga",
                "advancement": "primary_random",
                "skill_set": "Leadership",
                "roll": 1,
            },
            {
                "fighter": "Rook",
                "advancement": "specialist",
                "roll": 12,
                "skill_roll": 2,
                "skill_set": "Brawn",
            },
        ]
    )
    _, report = apply_draft(N23, gang, draft)
    text = "\n".join(report.rolls)
    assert "Mags Varga: Random Primary skill rolled 1" in text
    assert "Rook: Ganger table rolled 12" in text
    assert "Rook: random skill D6 rolled 2" in text
    assert "advancement primary_random" not in text and "advancement specialist" not in text


# -- after-battle rolls: the 2023 escape, the older capture roll, Old Battle Wound ----


@pytest.mark.parametrize(
    ("result", "roll", "webbed", "escaped"),
    [
        ("win", 4, False, True),
        ("win", 3, False, False),
        ("draw", 4, False, False),  # 4 - 1
        ("draw", 5, False, True),
        ("loss", 5, False, False),  # 5 - 2
        ("loss", 6, True, True),  # a natural 6 always escapes
        ("win", 5, True, False),  # 5 - 2 for the web
    ],
)
def test_a_captured_fighter_rolls_to_escape(
    result: str, roll: int, webbed: bool, escaped: bool
) -> None:
    gang = _gang()
    draft = PostBattleDraft.model_validate(
        {
            "result": result,
            "injuries": [{"fighter": "Rook", "roll": 55}],
            "escapes": [{"fighter": "Rook", "roll": roll, "webbed": webbed}],
        }
    )
    after, report = apply_draft(N23, gang, draft)
    rook = after.fighter("Rook")
    assert rook is not None
    expected = FighterStatus.CONVALESCENCE if escaped else FighterStatus.CAPTURED
    assert rook.status is expected
    assert f"Rook: escape D6 rolled {roll}" in report.rolls


def test_the_escape_roll_is_asked_for_and_only_for_the_captured() -> None:
    gang = _gang()
    with pytest.raises(DraftError, match=r"Rook was Captured: roll a D6 to escape \(4\+, -2"):
        apply_draft(N23, gang, _draft(injuries=[{"fighter": "Rook", "roll": 55}]))
    with pytest.raises(DraftError, match="escape roll: Rook was not Captured in this battle"):
        apply_draft(
            N23,
            gang,
            _draft(
                injuries=[{"fighter": "Rook", "roll": 44}], escapes=[{"fighter": "Rook", "roll": 6}]
            ),
        )


HOUSE_A = load_ruleset("house-a", PACKS)


def test_the_older_rules_capture_with_a_separate_roll() -> None:
    gang = _gang()
    fallen = [{"fighter": "Rook", "roll": 44}]
    # 2D6 9 + 4 = 13: beats 12, one of the fallen is taken.
    after, report = apply_draft(
        HOUSE_A,
        gang,
        _draft(injuries=fallen, capture={"roll": 9, "modifier": 4, "fighter": "Rook"}),
    )
    assert present(after.fighter("Rook")).status is FighterStatus.CAPTURED
    assert "Captured (the capture roll made 13)" in [
        c.text for c in present(report.fighter("Rook")).changes
    ]
    # 12 does not capture; naming someone then is a mistake.
    after, _ = apply_draft(HOUSE_A, gang, _draft(injuries=fallen, capture={"roll": 12}))
    assert present(after.fighter("Rook")).status is FighterStatus.IN_RECOVERY
    with pytest.raises(DraftError, match="captures nobody, yet it names Rook"):
        apply_draft(HOUSE_A, gang, _draft(injuries=fallen, capture={"roll": 8, "fighter": "Rook"}))
    with pytest.raises(DraftError, match="Mags Varga did not go Out of Action"):
        apply_draft(
            HOUSE_A,
            gang,
            _draft(injuries=fallen, capture={"roll": 12, "modifier": 3, "fighter": "Mags Varga"}),
        )
    with pytest.raises(DraftError, match="name them"):
        apply_draft(HOUSE_A, gang, _draft(injuries=fallen, capture={"roll": 12, "modifier": 1}))
    # The 2023 rules capture on the injury table instead.
    with pytest.raises(DraftError, match="capture is a Lasting Injury result"):
        apply_draft(N23, gang, _draft(capture={"roll": 12, "modifier": 3, "fighter": "Rook"}))


def _wounded(gang: Gang, name: str = "Rook") -> Gang:
    fighters = [
        f.model_copy(update={"injuries": ["Old Battle Wound"]}) if f.name == name else f
        for f in gang.fighters
    ]
    return gang.model_copy(update={"fighters": fighters})


def test_old_battle_wound_rolls_after_each_battle() -> None:
    gang = _wounded(_gang())
    with pytest.raises(
        DraftError, match=r"Rook has an Old Battle Wound: roll a D6 \(1 or less: Convalescence\)"
    ):
        apply_draft(N23, gang, _draft())
    after, report = apply_draft(N23, gang, _draft(old_wounds=[{"fighter": "Rook", "roll": 1}]))
    assert present(after.fighter("Rook")).status is FighterStatus.CONVALESCENCE
    assert "Rook: Old Battle Wound D6 rolled 1" in report.rolls
    after, _ = apply_draft(N23, gang, _draft(old_wounds=[{"fighter": "Rook", "roll": 2}]))
    assert present(after.fighter("Rook")).status is FighterStatus.ACTIVE
    with pytest.raises(DraftError, match="Dex Hollow: no injury asks for a roll after the battle"):
        apply_draft(
            N23,
            gang,
            _draft(
                old_wounds=[{"fighter": "Rook", "roll": 2}, {"fighter": "Dex Hollow", "roll": 3}]
            ),
        )


# -- the Trading Post respects slots and the fighter type's equipment list -------------


def test_the_trading_post_charges_the_list_price_and_refuses_what_the_type_may_not_take() -> None:
    gang = _gang().model_copy(update={"credits": 1000})
    after, report = apply_draft(
        N23, gang, _draft(purchases=[{"fighter": "Rook", "item": "Combat shotgun"}])
    )
    assert after.credits == 1000 - 55  # House Orlock's list price (the Trading Post asks 70)
    assert "bought Combat shotgun (-55 credits)" in [
        c.text for c in present(report.fighter("Rook")).changes
    ]
    with pytest.raises(DraftError) as caught:
        apply_draft(N23, gang, _draft(purchases=[{"fighter": "Rook", "item": "Heavy bolter"}]))
    assert (
        "purchase of Heavy bolter: a Gunner (Ganger) may not take a Heavy bolter:"
        " House Orlock's list allows it to leader, Road Sergeant, specialist"
    ) in caught.value.problems


def test_the_trading_post_counts_weapon_slots_and_unwieldy_takes_two() -> None:
    gang = _gang().model_copy(update={"credits": 1000})
    bolters = [{"fighter": "Mags Varga", "item": "Heavy bolter"}] * 2
    with pytest.raises(DraftError) as caught:
        apply_draft(N23, gang, _draft(purchases=bolters))
    (problem,) = caught.value.problems
    assert "Mags Varga carries weapons taking 2 of 3 slots; Heavy bolter takes 2" in problem
    assert "(Unwieldy weapons take two)" in problem
    # One is fine; the stash is not a fighter and has no slots (a Rare item for it
    # needs the availability roll: 8 + 2 for the Leader trading makes 10).
    stashed = {"fighter": "stash", "item": "Heavy bolter"}
    seek = {"roll": 8, "traders": ["Mags Varga"]}
    after, _ = apply_draft(N23, gang, _draft(availability=seek, purchases=[bolters[0], stashed]))
    assert [w.name for w in present(after.fighter("Mags Varga")).weapons] == ["Heavy bolter"]


def test_house_rules_let_the_trading_post_ignore_lists_and_slots() -> None:
    gang = _gang().model_copy(update={"credits": 1000, "house_rules_ignore_restrictions": True})
    draft = _draft(
        purchases=[
            {"fighter": "Rook", "item": "Heavy bolter"},
            {"fighter": "Mags Varga", "item": "Heavy bolter"},
            {"fighter": "Mags Varga", "item": "Heavy bolter"},
        ]
    )
    after, _ = apply_draft(N23, gang, draft)
    assert [w.name for w in present(after.fighter("Rook")).weapons] == ["Shotgun", "Heavy bolter"]
    assert len(present(after.fighter("Mags Varga")).weapons) == 2


def test_rare_items_off_the_list_need_the_availability_roll() -> None:
    gang = _gang().model_copy(update={"credits": 1000, "reputation": 12})
    needle = [{"fighter": "Dex Hollow", "item": "Needle pistol"}]  # Rare (9), not on the list
    with pytest.raises(
        DraftError, match="Needle pistol is Rare \\(9\\): make the availability roll"
    ):
        apply_draft(N23, gang, _draft(purchases=needle))
    # 5 + 1 (Dex Hollow, a Champion, trades) + 1 (12 Reputation) = 7: not enough.
    with pytest.raises(
        DraftError, match="Needle pistol is Rare \\(9\\): the availability roll made 7"
    ):
        apply_draft(
            N23, gang, _draft(availability={"roll": 5, "traders": ["Dex Hollow"]}, purchases=needle)
        )
    # With the Leader too: 5 + 2 + 1 + 1 = 9.
    seek = {"roll": 5, "traders": ["Mags Varga", "Dex Hollow"]}
    after, report = apply_draft(N23, gang, _draft(availability=seek, purchases=needle))
    assert [w.name for w in present(after.fighter("Dex Hollow")).weapons][-1] == "Needle pistol"
    assert "Rust Riders: availability 2D6 rolled 5" in report.rolls
    gang_lines = [c.text for c in report.gang_changes]
    assert any(line.endswith("Rare and Illegal items up to 9") for line in gang_lines)
    # Only the Leader and Champions able to act trade.
    with pytest.raises(DraftError, match="availability roll: Rook cannot make a Trade action"):
        apply_draft(N23, gang, _draft(availability={"roll": 5, "traders": ["Rook"]}))


def test_old_battle_wound_asks_nothing_of_a_fighter_who_sat_the_battle_out() -> None:
    gang = _wounded(_gang())
    after, report = apply_draft(
        N23, gang, _draft(old_wounds=[{"fighter": "Rook", "took_part": False}])
    )
    assert present(after.fighter("Rook")).status is FighterStatus.ACTIVE
    assert "Old Battle Wound: did not take part, no roll" in [
        c.text for c in present(report.fighter("Rook")).changes
    ]
    assert not any("Old Battle Wound" in line for line in report.rolls)
