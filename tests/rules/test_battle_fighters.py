"""Statuses, wounds, Flesh Wounds, markers, rounds, the crew, and the event format."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gangmanager.content import builtin_rulesets_dir, load_ruleset
from gangmanager.rules.battle import apply_event, crew_fighters, fold, new_state
from gangmanager.rules.battle_events import (
    EVENT_KINDS,
    Activation,
    BattleError,
    BattleStatus,
    Marker,
    event_payload,
    parse_event,
)
from gangmanager.rules.battle_state import BattleState, PromptKind
from gangmanager.rules.dice import RandomDice
from gangmanager.rules.gang import Fighter, FighterStatus, Gang
from gangmanager.rules.modifiers import Modifier, ModifierKind
from gangmanager.rules.profile import Profile
from gangmanager.rules.ruleset import Ruleset
from gangmanager.rules.weapons import Weapon, WeaponProfile

from ..narrowing import present

RULESETS = ("n23", "house-a", "house-b")


@cache
def ruleset(ruleset_id: str) -> Ruleset:
    return load_ruleset(ruleset_id, [builtin_rulesets_dir()])


def roster(ruleset_id: str = "n23") -> Gang:
    gun = Weapon(
        name="Autogun", profiles=[WeaponProfile(am="4+", traits=["Rapid Fire (1)"])], cost=15
    )
    fighters = [
        Fighter(
            name="Vex",
            profile=Profile.from_line('5" 3+ 3+ 3 3 2 4+ 2 4+ 5+ 5+ 5+'),
            # Toughness 4 on the live profile.
            modifiers=[Modifier(source="Bionic", kind=ModifierKind.EQUIPMENT, changes={"T": 1})],
            weapons=[gun],
        ),
        Fighter(name="Rook", profile=Profile.from_line('5" 4+ 4+ 3 2 1 4+ 1 6+ 7+ 7+ 7+')),
        Fighter(
            name="Mort",
            status=FighterStatus.IN_RECOVERY,
            profile=Profile.from_line('5" 4+ 4+ 3 3 1 4+ 1 6+ 7+ 7+ 7+'),
        ),
    ]
    return Gang(name="Cinders", ruleset=ruleset_id, fighters=fighters)


def start(ruleset_id: str = "n23") -> tuple[Ruleset, BattleState]:
    rules = ruleset(ruleset_id)
    return rules, new_state(rules, roster(ruleset_id), [])


def apply(rules: Ruleset, state: BattleState, **raw: object):
    return apply_event(rules, state, parse_event(raw))


# ---------------------------------------------------------------- the crew


def test_default_crew_is_everyone_who_can_fight() -> None:
    gang = roster()
    assert [f.name for f in crew_fighters(gang, [])] == ["Vex", "Rook"]
    assert [f.name for f in crew_fighters(gang, ["rook"])] == ["Rook"]
    with pytest.raises(BattleError, match="Mort is In recovery and cannot take part"):
        crew_fighters(gang, ["Mort"])
    with pytest.raises(BattleError, match="Cinders has no fighter 'Bob'"):
        crew_fighters(gang, ["Bob"])
    # Replaying a stored battle: a fighter gone from the roster is left out.
    assert [f.name for f in crew_fighters(gang, ["Bob", "Mort"], strict=False)] == ["Mort"]


def test_events_for_fighters_outside_the_crew_are_refused() -> None:
    rules = ruleset("n23")
    state = new_state(rules, roster(), ["Rook"])
    with pytest.raises(BattleError, match=r"no fighter 'Vex' in this battle \(crew: Rook\)"):
        apply(rules, state, fighter="Vex", event="wound")


# ---------------------------------------------------------------- statuses and wounds


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_statuses_are_case_insensitive_and_out_of_action_is_final(ruleset_id: str) -> None:
    rules, state = start(ruleset_id)
    for word, status in [
        ("Engaged", BattleStatus.ENGAGED),
        ("PINNED", BattleStatus.PINNED),
        ("Seriously Injured", BattleStatus.SERIOUSLY_INJURED),
        ("out-of-action", BattleStatus.OUT_OF_ACTION),
    ]:
        done = apply(rules, state, fighter="vex", event="STATUS", status=word)
        assert present(state.fighter("Vex")).status is status
        assert event_payload(done)["status"] == status.value
    assert state.out_of_action == ["Vex"]
    with pytest.raises(BattleError, match="Vex is Out of Action"):
        apply(rules, state, fighter="Vex", event="status", status="active")
    with pytest.raises(BattleError, match="Rook is already Active"):
        apply(rules, state, fighter="Rook", event="status", status="active")
    apply(rules, state, fighter="Rook", event="status", status="seriously_injured")
    assert state.seriously_injured == ["Rook"]


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_flesh_wounds_lower_toughness_until_out_of_action(ruleset_id: str) -> None:
    rules, state = start(ruleset_id)
    vex = state.fighter("Vex")
    assert vex is not None and vex.live_profile()["T"] == "4"
    for left in ("3", "2", "1"):
        apply(rules, state, fighter="Vex", event="flesh_wound")
        assert vex.live_profile()["T"] == left
        assert vex.status is BattleStatus.ACTIVE
    apply(rules, state, fighter="Vex", event="marker", marker="blind")
    apply(rules, state, fighter="Vex", event="Flesh Wound")
    assert vex.flesh_wounds == 4 and vex.live_profile()["T"] == "0"
    assert vex.status is BattleStatus.OUT_OF_ACTION and vex.markers == set()
    assert "Toughness 0, Out of Action" in state.log[-1]
    with pytest.raises(BattleError, match="Vex is Out of Action"):
        apply(rules, state, fighter="Vex", event="flesh_wound")


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_wounds_run_out_and_ask_for_injury_dice(ruleset_id: str) -> None:
    rules, state = start(ruleset_id)
    vex = state.fighter("Vex")
    assert vex is not None and (vex.wounds, vex.max_wounds) == (2, 2)
    apply(rules, state, fighter="Vex", event="wound")
    assert vex.wounds == 1 and state.prompts == []
    apply(rules, state, fighter="Vex", event="wound")
    assert vex.wounds == 0
    assert [p.kind for p in state.prompts] == [PromptKind.INJURY_DICE]
    with pytest.raises(BattleError, match="Vex has no wounds left"):
        apply(rules, state, fighter="Vex", event="wound")
    apply(rules, state, fighter="Vex", event="flesh_wound")
    assert state.prompts == []


# ---------------------------------------------------------------- markers


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_markers_on_and_off(ruleset_id: str) -> None:
    rules, state = start(ruleset_id)
    vex = state.fighter("Vex")
    assert vex is not None
    for name in ("Blaze", "BROKEN", "hidden", "Blind", "Concussion", "Insane", "Intoxicated",
                 "Webbed", "Gunked"):  # fmt: skip
        apply(rules, state, fighter="Vex", event="marker", marker=name, on=True)
    assert len(vex.markers) == 9
    apply(rules, state, fighter="Vex", event="marker", marker="Revealed")
    assert Marker.REVEALED in vex.markers and Marker.HIDDEN not in vex.markers
    with pytest.raises(BattleError, match="Vex already has the Webbed marker"):
        apply(rules, state, fighter="Vex", event="marker", marker="webbed", on=True)
    apply(rules, state, fighter="Vex", event="marker", marker="webbed", on=False)
    with pytest.raises(BattleError, match="Vex has no Webbed marker"):
        apply(rules, state, fighter="Vex", event="marker", marker="webbed", on=False)
    assert "webbed" not in vex.view()["markers"] and "revealed" in vex.view()["markers"]


# ---------------------------------------------------------------- rounds


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_activations_and_new_round(ruleset_id: str) -> None:
    rules, state = start(ruleset_id)
    vex, rook = state.fighter("Vex"), state.fighter("Rook")
    assert vex is not None and rook is not None and vex.ready
    apply(rules, state, fighter="Vex", event="activate")
    assert vex.activation is Activation.ACTIVATING
    with pytest.raises(BattleError, match="Vex has already been activated"):
        apply(rules, state, fighter="Vex", event="activate")
    apply(rules, state, fighter="Vex", event="end_activation")
    apply(rules, state, fighter="Rook", event="end_activation")
    assert not vex.ready and vex.activation is Activation.ACTIVATED
    with pytest.raises(BattleError, match="Rook has already been activated this round"):
        apply(rules, state, fighter="Rook", event="end_activation")
    apply(rules, state, fighter="Rook", event="status", status="out of action")
    apply(rules, state, event="new_round", fighter="anyone")
    assert state.round == 2 and vex.ready and not rook.ready
    assert state.log[-1].startswith("Round 2: a new round begins")


# ---------------------------------------------------------------- the event format


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ({"fighter": "Vex"}, "needs an 'event' key"),
        ({"fighter": "Vex", "event": "dance"}, "unknown event kind 'dance'"),
        ({"fighter": "Vex", "event": "marker"}, "marker: 'marker' is required"),
        ({"fighter": "Vex", "event": "marker", "marker": "glow"}, "marker 'glow' is not one of"),
        ({"fighter": "Vex", "event": "wound", "damage": 2}, "unknown key 'damage'"),
        ({"event": "wound"}, "wound: 'fighter' is required"),
        ({"fighter": "Vex", "event": "blaze", "roll": 7}, "blaze: roll"),
        ([1, 2], "an event is an object"),
    ],
)
def test_malformed_events_are_refused(raw: object, message: str) -> None:
    with pytest.raises(BattleError, match=message):
        parse_event(raw)


def test_kinds_are_read_in_any_case_and_written_lower_with_underscores() -> None:
    event = parse_event({"fighter": "Vex", "event": "End Activation"})
    assert event_payload(event) == {"fighter": "Vex", "event": "end_activation"}
    marker = parse_event({"fighter": "Vex", "event": "MARKER", "marker": "Blaze", "on": False})
    assert event_payload(marker) == {
        "fighter": "Vex", "event": "marker", "marker": "blaze", "on": False
    }  # fmt: skip
    assert all(k == k.lower() and " " not in k for k in EVENT_KINDS)


# ---------------------------------------------------------------- replaying


def _random_event(draw: st.DrawFn) -> dict[str, object]:
    fighter = draw(st.sampled_from(["Vex", "Rook"]))
    kind = draw(st.sampled_from(EVENT_KINDS))
    event: dict[str, object] = {"fighter": fighter, "event": kind}
    if kind == "status":
        event["status"] = draw(st.sampled_from(list(BattleStatus)))
    elif kind == "marker":
        event["marker"] = draw(st.sampled_from(list(Marker)))
        event["on"] = draw(st.booleans())
    elif kind in ("ammo_test", "reload", "fire"):
        event["weapon"] = "Autogun"
    elif kind == "extinguish":
        event["by"] = draw(st.sampled_from(["Vex", "Rook"]))
        event["helpers"] = draw(st.integers(0, 1))
    elif kind == "blaze_hit":
        event["damaged"] = draw(st.booleans())
    elif kind == "hire":
        # Named or not: the names a replay gives must be the same.
        event = {"event": kind, "fighter_type": "Hive Scum", "territory": "Fighting Pit"}
        event |= draw(st.sampled_from([{}, {"name": "Rook"}, {"name": "Grub"}]))
    return event


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    ruleset_id=st.sampled_from(RULESETS),
    seed=st.integers(0, 10_000),
    raws=st.lists(st.composite(_random_event)(), max_size=25),
)
def test_a_fold_of_the_completed_events_is_the_same_battle(
    ruleset_id: str, seed: int, raws: list[dict[str, object]]
) -> None:
    rules = ruleset(ruleset_id)
    gang = roster(ruleset_id)
    state = new_state(rules, gang, [])
    dice = RandomDice(seed)
    done = []
    for raw in raws:
        before = state.view()
        try:
            done.append(apply_event(rules, state, parse_event(raw), dice))
        except BattleError:
            # A refused event leaves the battle as it was.
            assert state.view() == before
    replayed = fold(rules, gang, [], [event_payload(e) for e in done])
    assert replayed.view() == state.view()
