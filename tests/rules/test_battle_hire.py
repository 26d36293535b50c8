"""Hired Guns for one battle: the `hire` event, its names, and what a held territory grants."""

from __future__ import annotations

from functools import cache

import pytest

from gangmanager.content import builtin_rulesets_dir, load_ruleset
from gangmanager.rules.battle import apply_event, fold, new_state
from gangmanager.rules.battle_events import (
    AmmoTestEvent,
    BattleError,
    BattleEvent,
    BattleStatus,
    HireEvent,
    RemovedProfile,
    parse_event,
)
from gangmanager.rules.battle_hire import granted_offer, hire_offers
from gangmanager.rules.battle_roster import hired_names, restore_deleted_profiles
from gangmanager.rules.campaign_types import Boon, BoonKind
from gangmanager.rules.gang import Fighter, Gang
from gangmanager.rules.profile import Profile
from gangmanager.rules.ruleset import Ruleset
from gangmanager.rules.weapons import Weapon, WeaponProfile

HIRE: dict[str, object] = {
    "event": "hire",
    "fighter_type": "Hive Scum",
    "territory": "Fighting Pit",
}
PIT = Boon(kind=BoonKind.RECRUIT, recruits=["Hive Scum", "Hive Scum"], for_one_battle=True)


@cache
def ruleset(ruleset_id: str = "n23") -> Ruleset:
    return load_ruleset(ruleset_id, [builtin_rulesets_dir()])


def roster() -> Gang:
    line = '5" 4+ 4+ 3 3 1 4+ 1 6+ 7+ 7+ 7+'
    return Gang(
        name="Cinders",
        house="Orlock",
        fighters=[Fighter(name=n, profile=Profile.from_line(line)) for n in ("Vex", "Rook")],
    )


@pytest.mark.parametrize("ruleset_id", ["n23", "house-a", "house-b"])
def test_a_hire_adds_a_fighter_of_the_type_for_this_battle(ruleset_id: str) -> None:
    rules = ruleset(ruleset_id)
    state = new_state(rules, roster(), [])
    done = apply_event(rules, state, parse_event({**HIRE, "fighter_type": "hive  scum"}))
    # Completed: the type as the ruleset spells it, the name given.
    assert done == HireEvent(fighter_type="Hive Scum", name="Hive Scum 1", territory="Fighting Pit")
    scum = state.fighter("Hive Scum 1")
    assert scum is not None and scum.hired and scum.hired_for == "Fighting Pit"
    assert scum.fighter.type == "Hive Scum" and scum.fighter.category.value == "hired_gun"
    assert scum.fighter.id is None
    assert scum.status is BattleStatus.ACTIVE and scum.wounds == scum.max_wounds == 1
    assert scum.live_profile()["Ld"] == "8+"
    assert state.log[-1] == "Round 1: Hive Scum 1 joins the crew for this battle (Fighting Pit)."
    assert scum.view()["hired_for"] == "Fighting Pit"
    # A second one without a name takes the next number; a name given is tidied.
    second = apply_event(rules, state, parse_event(HIRE))
    assert isinstance(second, HireEvent)
    assert second.name == "Hive Scum 2"
    third = apply_event(rules, state, parse_event({**HIRE, "name": "  Grub   the Knife "}))
    assert isinstance(third, HireEvent)
    assert third.name == "Grub the Knife"
    assert [f.name for f in state.fighters] == [
        "Vex", "Rook", "Hive Scum 1", "Hive Scum 2", "Grub the Knife"
    ]  # fmt: skip


def test_the_hired_fighter_takes_events_like_any_other_and_replays() -> None:
    rules = ruleset()
    gang = roster()
    events: list[dict[str, object]] = [
        HIRE,
        {"event": "marker", "fighter": "hive scum 1", "marker": "Broken"},
        {"event": "wound", "fighter": "Hive Scum 1"},
        {"event": "status", "fighter": "Hive Scum 1", "status": "out of action"},
        {"event": "status", "fighter": "Rook", "status": "seriously injured"},
    ]
    state = fold(rules, gang, [], events)
    scum = state.fighter("Hive Scum 1")
    assert scum is not None and scum.out_of_action and scum.markers == set()
    # The post-battle sequence reads the roster's fighters only.
    assert [f.name for f in state.roster_fighters] == ["Vex", "Rook"]
    assert state.out_of_action == []
    assert state.seriously_injured == ["Rook"]
    # Undo drops the last event: without the hire, the fighter is gone again.
    assert fold(rules, gang, [], events[:1]).fighter("Hive Scum 1") is not None
    assert fold(rules, gang, [], []).fighter("Hive Scum 1") is None


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ({**HIRE, "name": "rook"}, "there is already a fighter named 'rook' in this battle"),
        ({**HIRE, "name": "Hive Scum 1"}, "already a fighter named 'Hive Scum 1'"),
        (
            {**HIRE, "fighter_type": "Ratskin Scout"},
            "no fighter type 'Ratskin Scout' in the n23 ruleset",
        ),
    ],
)
def test_a_clashing_name_or_an_unknown_type_is_refused_and_changes_nothing(
    raw: dict[str, object], message: str
) -> None:
    rules = ruleset()
    state = new_state(rules, roster(), [])
    apply_event(rules, state, parse_event(HIRE))
    before = state.view()
    with pytest.raises(BattleError, match=message):
        apply_event(rules, state, parse_event(raw))
    assert state.view() == before


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ({"event": "hire", "territory": "Fighting Pit"}, "hire: 'fighter_type' is required"),
        ({"event": "hire", "fighter_type": "Hive Scum"}, "hire: 'territory' is required"),
        ({**HIRE, "fighter": "Vex"}, "hire: unknown key 'fighter'"),
    ],
)
def test_a_malformed_hire_is_refused(raw: dict[str, object], message: str) -> None:
    with pytest.raises(BattleError, match=message):
        parse_event(raw)


def test_offers_count_the_copies_a_held_boon_lists_less_the_hires() -> None:
    income = Boon(kind=BoonKind.INCOME, income="D6x10")
    for_good = Boon(kind=BoonKind.RECRUIT, recruits=["Ammo-jack"])
    held = [("Fighting Pit", PIT), ("Mine Workings", income), ("Workshop", for_good)]
    (offer,) = hire_offers(held, [])
    assert (offer.territory, offer.fighter_type, offer.granted, offer.left) == (
        "Fighting Pit", "Hive Scum", 2, 2
    )  # fmt: skip
    assert offer.label() == "Hive Scum from Fighting Pit (2 of 2 left)"
    hired = HireEvent(fighter_type="hive scum", name="Hive Scum 1", territory="fighting pit")
    assert hire_offers(held, [hired])[0].left == 1
    wanted = HireEvent(fighter_type="Hive Scum", territory="FIGHTING PIT")
    assert granted_offer(hire_offers(held, [hired]), wanted) == hire_offers(held, [hired])[0]
    with pytest.raises(BattleError, match="grants 2 Hive Scum per battle: all of them are hired"):
        granted_offer(hire_offers(held, [hired, hired]), wanted)
    with pytest.raises(BattleError, match="Workshop grants the gang no Ammo-jack for one battle"):
        granted_offer(
            hire_offers(held, []), HireEvent(fighter_type="Ammo-jack", territory="Workshop")
        )
    with pytest.raises(BattleError, match="holds no territory that grants Hired Guns"):
        granted_offer(hire_offers(held[1:], []), wanted)


def test_a_hired_guns_lost_limited_profile_is_never_put_back_on_a_roster_card() -> None:
    # A roster fighter outside the crew shares the Hired Gun's name and weapon.
    shotgun = Weapon(name="Shotgun", profiles=[WeaponProfile(name="solid ammo", am="4+")])
    namesake = Fighter(name="Hive Scum 1", profile=roster().fighters[0].profile, weapons=[shotgun])
    gang = roster().model_copy(update={"fighters": [*roster().fighters, namesake]})
    lost = WeaponProfile(name="executioner ammo", am="6+", traits=["Limited"], cost=20)
    events: list[BattleEvent] = [
        HireEvent(fighter_type="Hive Scum", name="Hive Scum 1", territory="Fighting Pit"),
        AmmoTestEvent(
            fighter="Hive Scum 1",
            weapon="Shotgun",
            profile="executioner ammo",
            roll=1,
            removed=RemovedProfile(weapon_index=0, profile_index=1, profile=lost),
        ),
    ]
    assert hired_names(events) == {"hive scum 1"}
    assert restore_deleted_profiles(gang, events) == gang
    # Without the hire, the same event is the roster fighter's: the profile goes back.
    restored = restore_deleted_profiles(gang, events[1:]).fighter("Hive Scum 1")
    assert restored is not None and restored.weapons[0].profile("executioner ammo") == lost
