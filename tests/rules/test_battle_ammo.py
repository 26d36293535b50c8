"""Ammo tests, reloads and the ammunition traits, in every built-in ruleset."""

from __future__ import annotations

from functools import cache

import pytest

from gangmanager.content import builtin_rulesets_dir, load_ruleset
from gangmanager.rules.battle import (
    apply_event,
    fold,
    new_state,
    remove_deleted_profile,
    restore_deleted_profiles,
    restore_profile,
)
from gangmanager.rules.battle_events import (
    AmmoTestEvent,
    BattleError,
    ProfileState,
    parse_event,
)
from gangmanager.rules.battle_state import BattleState
from gangmanager.rules.dice import Dice, FixedDice
from gangmanager.rules.gang import Category, Fighter, Gang
from gangmanager.rules.profile import Profile
from gangmanager.rules.ratings import committed_fighter_rating, found_gang, pending_fighter_rating
from gangmanager.rules.ruleset import Ruleset
from gangmanager.rules.weapons import Weapon, WeaponProfile

RULESETS = ("n23", "house-a", "house-b")


@cache
def ruleset(ruleset_id: str) -> Ruleset:
    return load_ruleset(ruleset_id, [builtin_rulesets_dir()])


def armoury(rules: Ruleset, name: str) -> Weapon:
    found = next(w for w in rules.weapons if w.name == name)
    return Weapon(name=found.name, cost=found.cost, profiles=list(found.profiles))


def gang(rules: Ruleset) -> Gang:
    hunting_rifle = Weapon(
        name="Hunting rifle",
        cost=25,
        profiles=[WeaponProfile(am="4+", traits=["Single Shot"])],
    )
    vex = Fighter(
        name="Vex",
        category=Category.LEADER,
        cost=100,
        profile=Profile.from_line('5" 3+ 3+ 3 3 2 4+ 2 4+ 5+ 5+ 5+'),
        weapons=[
            armoury(rules, "Shotgun"),
            armoury(rules, "Heavy stubber"),
            armoury(rules, "Combi-pistol (stub gun/plasma pistol)"),
            armoury(rules, "Frag grenade"),
        ],
    )
    rook = Fighter(
        name="Rook",
        cost=45,
        profile=Profile.from_line('5" 4+ 4+ 3 3 1 4+ 1 6+ 7+ 7+ 7+'),
        weapons=[armoury(rules, "Lasgun"), armoury(rules, "Plasma gun"), hunting_rifle],
    )
    return found_gang(Gang(name="Ash Dogs", ruleset=rules.id, fighters=[vex, rook]))


def start(ruleset_id: str) -> tuple[Ruleset, Gang, BattleState]:
    rules = ruleset(ruleset_id)
    roster = gang(rules)
    return rules, roster, new_state(rules, roster, [])


def ammo_test(
    fighter: str, weapon: str, profile: str = "", roll: object = None
) -> dict[str, object]:
    event: dict[str, object] = {
        "fighter": fighter,
        "event": "ammo_test",
        "weapon": weapon,
        "profile": profile,
    }
    if roll is not None:
        event["roll"] = roll
    return event


def apply(rules: Ruleset, state: BattleState, raw: dict[str, object], dice: Dice | None = None):
    return apply_event(rules, state, parse_event(raw), dice)


def state_of(state: BattleState, fighter: str, weapon: str, profile: str = "") -> ProfileState:
    track = state.fighter(fighter)
    assert track is not None
    found = track.weapon(weapon)
    assert found is not None
    return next(p for p in found.profiles if p.name == profile).state


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_a_roll_below_am_fails_and_am_itself_passes(ruleset_id: str) -> None:
    rules, _, state = start(ruleset_id)
    apply(rules, state, ammo_test("Vex", "Shotgun", "solid ammo", 4))
    assert state_of(state, "Vex", "Shotgun", "solid ammo") is ProfileState.READY
    apply(rules, state, ammo_test("vex", "SHOTGUN", "Solid Ammo", 3))
    assert state_of(state, "Vex", "Shotgun", "solid ammo") is ProfileState.OUT_OF_AMMO
    # Each profile has its own ammunition.
    assert state_of(state, "Vex", "Shotgun", "scatter ammo") is ProfileState.READY
    assert f"{rules.ammo.term} for Shotgun (solid ammo): 3 against 4+: failed" in state.log[-1]
    with pytest.raises(BattleError, match=r"Vex's Shotgun \(solid ammo\) is Out of Ammo"):
        apply(rules, state, ammo_test("Vex", "Shotgun", "solid ammo", 6))


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_reload_retests_and_is_refused_unless_out_of_ammo(ruleset_id: str) -> None:
    rules, _, state = start(ruleset_id)
    reload = {"fighter": "Vex", "event": "reload", "weapon": "Shotgun", "profile": "solid ammo"}
    with pytest.raises(BattleError, match="not Out of Ammo"):
        apply(rules, state, {**reload, "roll": 6})
    apply(rules, state, ammo_test("Vex", "Shotgun", "solid ammo", 1))
    apply(rules, state, {**reload, "roll": 2})
    assert state_of(state, "Vex", "Shotgun", "solid ammo") is ProfileState.OUT_OF_AMMO
    apply(rules, state, {**reload, "roll": 4})
    assert state_of(state, "Vex", "Shotgun", "solid ammo") is ProfileState.READY


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_scarce_cannot_be_reloaded(ruleset_id: str) -> None:
    rules, _, state = start(ruleset_id)
    apply(rules, state, ammo_test("Rook", "Plasma gun", "maximal", 4))
    assert state_of(state, "Rook", "Plasma gun", "maximal") is ProfileState.OUT_OF_AMMO
    assert "Scarce" in state.log[-1]
    with pytest.raises(BattleError, match=r"Rook's Plasma gun \(maximal\) is Scarce"):
        apply(rules, state, {"fighter": "Rook", "event": "reload", "weapon": "Plasma gun",
                             "profile": "maximal", "roll": 6})  # fmt: skip


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_plentiful_reloads_at_once(ruleset_id: str) -> None:
    rules, _, state = start(ruleset_id)
    apply(rules, state, ammo_test("Rook", "Lasgun", "", 1))
    assert state_of(state, "Rook", "Lasgun") is ProfileState.READY
    assert "Plentiful: reloaded at once" in state.log[-1]


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_single_shot_is_spent_after_one_use(ruleset_id: str) -> None:
    rules, _, state = start(ruleset_id)
    apply(rules, state, ammo_test("Rook", "Hunting rifle", "", 6))
    assert state_of(state, "Rook", "Hunting rifle") is ProfileState.SPENT
    with pytest.raises(BattleError, match="Hunting rifle is spent"):
        apply(rules, state, {"fighter": "Rook", "event": "fire", "weapon": "Hunting rifle"})
    # Fired without an Ammo test: spent as well.
    rules, _, state = start(ruleset_id)
    apply(rules, state, {"fighter": "Rook", "event": "fire", "weapon": "Hunting rifle"})
    assert state_of(state, "Rook", "Hunting rifle") is ProfileState.SPENT
    # Firing anything else changes nothing.
    apply(rules, state, {"fighter": "Rook", "event": "fire", "weapon": "Lasgun"})
    assert state_of(state, "Rook", "Lasgun") is ProfileState.READY


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_combi_rolls_two_dice_and_keeps_the_lower(ruleset_id: str) -> None:
    rules, _, state = start(ruleset_id)
    combi = "Combi-pistol (stub gun/plasma pistol)"
    apply(rules, state, ammo_test("Vex", combi, "plasma pistol", [6, 5]))
    assert state_of(state, "Vex", combi, "plasma pistol") is ProfileState.READY
    done = apply(rules, state, ammo_test("Vex", combi, "plasma pistol", [6, 4]))
    assert done.roll == [6, 4]
    assert state_of(state, "Vex", combi, "plasma pistol") is ProfileState.OUT_OF_AMMO
    assert "6 and 4 (keeps 4) against 5+" in state.log[-1]
    # The other component keeps its own ammunition.
    assert state_of(state, "Vex", combi, "stub gun") is ProfileState.READY
    with pytest.raises(BattleError, match=r"Combi weapon: .* two dice"):
        apply(rules, state, ammo_test("Vex", combi, "stub gun", 6))
    # Rolled for the player: two dice are taken.
    dice = FixedDice([2, 6])
    done = apply(rules, state, ammo_test("Vex", combi, "stub gun"), dice)
    assert done.roll == [2, 6]
    assert "Plentiful: reloaded at once" in state.log[-1]


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_rapid_fire_jams_on_two_failed_tests_in_one_attack(ruleset_id: str) -> None:
    rules, _, state = start(ruleset_id)
    apply(rules, state, ammo_test("Vex", "Heavy stubber", "", [1, 2]))
    assert state_of(state, "Vex", "Heavy stubber") is ProfileState.JAMMED
    assert "jammed for the rest of the battle" in state.log[-1]
    with pytest.raises(BattleError, match="jammed"):
        apply(rules, state, {"fighter": "Vex", "event": "reload", "weapon": "Heavy stubber",
                             "roll": 6})  # fmt: skip
    rules, _, state = start(ruleset_id)
    with pytest.raises(BattleError, match=r"Rapid Fire \(2\): at most 2"):
        apply(rules, state, ammo_test("Vex", "Heavy stubber", "", [1, 1, 1]))
    apply(rules, state, ammo_test("Vex", "Heavy stubber", "", [1, 5]))
    assert state_of(state, "Vex", "Heavy stubber") is ProfileState.OUT_OF_AMMO
    # Without Rapid Fire there is one test at a time.
    with pytest.raises(BattleError, match=r"one .* at a time"):
        apply(rules, state, ammo_test("Vex", "Shotgun", "solid ammo", [1, 1]))


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_limited_profile_is_deleted_on_a_failed_test(ruleset_id: str) -> None:
    rules, roster, state = start(ruleset_id)
    done = apply(rules, state, ammo_test("Vex", "Shotgun", "inferno ammo", 4))
    assert isinstance(done, AmmoTestEvent)
    assert state_of(state, "Vex", "Shotgun", "inferno ammo") is ProfileState.DELETED
    assert done.removed is not None
    assert done.removed.profile.name == "inferno ammo"
    assert (done.removed.weapon_index, done.removed.profile_index) == (0, 3)
    assert "Limited" in state.log[-1] and "-15" in state.log[-1]
    assert [d.profile.name for d in state.deleted_profiles] == ["inferno ammo"]
    with pytest.raises(BattleError, match="was deleted from the card"):
        apply(rules, state, ammo_test("Vex", "Shotgun", "inferno ammo", 6))
    with pytest.raises(BattleError, match="cannot be reloaded"):
        apply(rules, state, {"fighter": "Vex", "event": "reload", "weapon": "Shotgun",
                             "profile": "inferno ammo", "roll": 6})  # fmt: skip

    # On the roster: gone, committed rating kept, pending lower by its price.
    vex = roster.fighters[0]
    after = remove_deleted_profile(roster, "Vex", "Shotgun", done.removed)
    shotgun = after.fighters[0].weapons[0]
    assert [p.name for p in shotgun.profiles] == [
        p.name for p in vex.weapons[0].profiles if p.name != "inferno ammo"
    ]
    assert "executioner ammo" in [p.name for p in shotgun.profiles]
    assert committed_fighter_rating(after.fighters[0]) == committed_fighter_rating(vex)
    assert pending_fighter_rating(after.fighters[0]) == pending_fighter_rating(vex) - 15
    assert after.rating == roster.rating
    # Undo puts it back where it was.
    assert restore_profile(after, "Vex", "Shotgun", done.removed) == roster


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_two_limited_deletions_replay_from_the_stored_roster(ruleset_id: str) -> None:
    rules, roster, state = start(ruleset_id)
    first = apply(rules, state, ammo_test("Vex", "Shotgun", "executioner ammo", 1))
    second = apply(rules, state, ammo_test("Vex", "Shotgun", "inferno ammo", 1))
    assert isinstance(first, AmmoTestEvent) and isinstance(second, AmmoTestEvent)
    assert first.removed is not None and second.removed is not None
    # The second was third on the card by then.
    assert (first.removed.profile_index, second.removed.profile_index) == (2, 2)
    stored = remove_deleted_profile(roster, "Vex", "Shotgun", first.removed)
    stored = remove_deleted_profile(stored, "Vex", "Shotgun", second.removed)
    assert restore_deleted_profiles(stored, [first, second]) == roster
    replayed = fold(rules, stored, [], [first, second])
    assert replayed.view() == state.view()
    # Undo in reverse order restores the card exactly.
    back = restore_profile(stored, "Vex", "Shotgun", second.removed)
    back = restore_profile(back, "Vex", "Shotgun", first.removed)
    assert back == roster


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_grenades_cannot_be_reloaded(ruleset_id: str) -> None:
    rules, _, state = start(ruleset_id)
    apply(rules, state, ammo_test("Vex", "Frag grenade", "", 1))
    assert state_of(state, "Vex", "Frag grenade") is ProfileState.OUT_OF_AMMO
    with pytest.raises(BattleError, match="grenades cannot be reloaded"):
        apply(rules, state, {"fighter": "Vex", "event": "reload", "weapon": "Frag grenade",
                             "roll": 6})  # fmt: skip


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (ammo_test("Nobody", "Shotgun", "solid ammo", 4), "no fighter 'Nobody' in this battle"),
        (ammo_test("Vex", "Lasgun", "", 4), "Vex has no weapon 'Lasgun' \\(weapons: Shotgun, "),
        (
            ammo_test("Vex", "Shotgun", "dragon ammo", 4),
            "Vex's Shotgun has no profile 'dragon ammo'",
        ),
        (ammo_test("Vex", "Shotgun", "", 4), "Vex's Shotgun has several profiles"),
        (ammo_test("Vex", "Shotgun", "solid ammo"), "roll is missing"),
    ],
)
def test_unknown_names_are_refused_and_change_nothing(raw: dict[str, object], message: str) -> None:
    rules, _, state = start("n23")
    before = state.view()
    with pytest.raises(BattleError, match=message):
        apply(rules, state, raw)
    assert state.view() == before


def test_a_missing_roll_comes_from_the_dice_and_is_stored() -> None:
    rules, roster, state = start("n23")
    done = apply(rules, state, ammo_test("Vex", "Shotgun", "solid ammo"), FixedDice([2]))
    assert done.roll == 2
    assert fold(rules, roster, [], [done]).view() == state.view()


def test_a_pack_without_deferred_ratings_lowers_the_committed_ones_at_once() -> None:
    rules, roster, state = start("house-a")
    done = apply(rules, state, ammo_test("Vex", "Shotgun", "inferno ammo", 1))
    assert isinstance(done, AmmoTestEvent) and done.removed is not None
    after = remove_deleted_profile(roster, "Vex", "Shotgun", done.removed, deferred=False)
    assert roster.fighters[0].rating is not None and roster.rating is not None
    assert after.fighters[0].rating == roster.fighters[0].rating - 15
    assert after.rating == roster.rating - 15
    assert pending_fighter_rating(after.fighters[0]) == after.fighters[0].rating
    back = restore_profile(after, "Vex", "Shotgun", done.removed, deferred=False)
    assert back == roster


def test_a_renamed_weapon_loses_its_limited_profile_by_its_place_on_the_card() -> None:
    """The weapon renamed since the test (a player's own name for it): its stored index finds it."""
    rules, roster, state = start("n23")
    done = apply(rules, state, ammo_test("Vex", "Shotgun", "inferno ammo", 4))
    assert isinstance(done, AmmoTestEvent) and done.removed is not None
    vex = roster.fighters[0]
    renamed = [vex.weapons[0].model_copy(update={"name": "Old Faithful"}), *vex.weapons[1:]]
    roster = roster.model_copy(
        update={"fighters": [vex.model_copy(update={"weapons": renamed}), *roster.fighters[1:]]}
    )
    after = remove_deleted_profile(roster, "Vex", "Shotgun", done.removed)
    assert "inferno ammo" not in [p.name for p in after.fighters[0].weapons[0].profiles]
    assert after.fighters[0].weapons[1:] == renamed[1:]
    # No weapon at that place any more: refused, not a wrong weapon struck.
    gone = roster.model_copy(
        update={"fighters": [vex.model_copy(update={"weapons": []}), *roster.fighters[1:]]}
    )
    with pytest.raises(BattleError, match="no longer carries Shotgun"):
        remove_deleted_profile(gone, "Vex", "Shotgun", done.removed)


def test_a_struck_profile_charged_now_never_takes_a_rating_below_zero() -> None:
    """A pack that does not defer (`limited_rating_deferred = false`): the ratings drop
    by the profile's price at once, down to 0 and no further."""
    rules, roster, state = start("n23")
    done = apply(rules, state, ammo_test("Vex", "Shotgun", "inferno ammo", 4))
    assert isinstance(done, AmmoTestEvent) and done.removed is not None
    vex = roster.fighters[0].model_copy(update={"rating": 10})
    low = roster.model_copy(update={"fighters": [vex, *roster.fighters[1:]], "rating": 12})
    after = remove_deleted_profile(low, "Vex", "Shotgun", done.removed, deferred=False)
    assert (after.fighters[0].rating, after.rating) == (0, 0)
    ample = roster.model_copy(update={"fighters": [vex, *roster.fighters[1:]], "rating": 100})
    after = remove_deleted_profile(ample, "Vex", "Shotgun", done.removed, deferred=False)
    assert (after.fighters[0].rating, after.rating) == (0, 85)
