"""At a real table: Firepower dice entered as the faces a player reads, and a burning
fighter who is Seriously Injured (only the prompts that apply to them)."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

from gangmanager.content import builtin_rulesets_dir, load_ruleset
from gangmanager.rules.battle import Opponent, apply_event, new_state
from gangmanager.rules.battle_events import BattleError, BattleStatus, Marker, parse_event
from gangmanager.rules.battle_state import BattleState, PromptKind
from gangmanager.rules.gang import Fighter, Gang
from gangmanager.rules.profile import Profile
from gangmanager.rules.ruleset import Ruleset
from gangmanager.rules.weapons import Weapon, WeaponProfile

RULESETS = ("n23", "house-a", "house-b")


@cache
def ruleset(ruleset_id: str) -> Ruleset:
    return load_ruleset(ruleset_id, [builtin_rulesets_dir()])


STATS = {"rng_s": '8"', "rng_l": '24"', "acc_s": "+1", "acc_l": "-", "str": "3", "ap": "-"}
AUTOGUN = Weapon(
    name="Autogun",
    profiles=[WeaponProfile(**STATS, d="1", am="4+", traits=["Rapid Fire (2)"])],
)
LINE = '5" 4+ 4+ 3 3 1 4+ 1 7+ 7+ 7+ 7+'


def gang(name: str) -> Gang:
    fighters = [Fighter(name=n, profile=Profile.from_line(LINE), weapons=[AUTOGUN]) for n in "AB"]
    return Gang(name=name, fighters=fighters)


def battle(rules: Ruleset) -> BattleState:
    return new_state(rules, gang("Red"), [], against=Opponent(gang("Blue")))


def apply(rules: Ruleset, state: BattleState, **raw: Any) -> Any:
    return apply_event(rules, state, parse_event(raw))


def shoot(rules: Ruleset, state: BattleState, **dice: Any) -> Any:
    return apply(
        rules, state, event="attack", fighter="Red/A", target="Blue/A", weapon="Autogun",
        range="short", **dice,
    )  # fmt: skip


# ------------------------------------------------------------ Firepower faces


@pytest.mark.parametrize("rid", RULESETS)
@pytest.mark.parametrize(
    ("faces", "hits", "tests"),
    [
        (["3"], 3, 0),
        (["1+ammo", "2"], 3, 1),
        (["1 ammo", "3 hits"], 4, 1),
        (["2 HITS", "1 hit"], 3, 0),
        (["1*", "1+Ammo"], 2, 2),
    ],
)
def test_firepower_is_entered_as_the_faces_read_on_the_dice(
    rid: str, faces: list[str], hits: int, tests: int
) -> None:
    rules = ruleset(rid)
    state = battle(rules)
    done = shoot(rules, state, firepower=faces, hit=6, ammo=[6] * tests, wound=[1] * hits)
    assert f"Rapid Fire: {hits} hits from the Firepower dice." in "\n".join(state.log)
    # The stored event holds a D6 of that face, so the log replays the same battle.
    stored = [rules.attack.firepower_face(d) for d in done.firepower]
    assert sum(f.hits for f in stored) == hits
    assert sum(1 for f in stored if f.ammo) == tests


def test_a_d6_number_still_reads_as_the_face_it_maps_to() -> None:
    rules = ruleset("n23")
    state = battle(rules)
    done = shoot(rules, state, firepower=[6, 1], hit=6, ammo=[6], wound=[1] * 4)
    assert done.firepower == [6, 1]
    assert "Rapid Fire: 4 hits from the Firepower dice." in "\n".join(state.log)


@pytest.mark.parametrize(
    ("face", "said"),
    [("4", "no face of 4 hits"), ("2+ammo", "no face of 2 hits with the Ammo symbol"),
     ("lots", "not a Firepower face")],
)  # fmt: skip
def test_a_face_the_die_does_not_have_is_refused_in_one_line(face: str, said: str) -> None:
    rules = ruleset("n23")
    state = battle(rules)
    before = list(state.log)
    with pytest.raises(BattleError, match=said) as caught:
        shoot(rules, state, firepower=[face], hit=6)
    assert "\n" not in str(caught.value)
    assert state.log == before


# ------------------------------------------------ burning and Seriously Injured


def burning_and_down(rules: Ruleset) -> BattleState:
    state = battle(rules)
    apply(rules, state, event="blaze", fighter="Blue/A", roll=rules.blaze.catch_fire_on[0])
    apply(rules, state, event="status", fighter="Blue/A", status="seriously_injured")
    return state


def test_a_burning_seriously_injured_fighter_rolls_flames_die_down_as_prone() -> None:
    rules = ruleset("n23")
    state = burning_and_down(rules)
    apply(rules, state, event="activate", fighter="Blue/A")
    (track,) = state.find("Blue/A")
    kinds = [p.kind for p in state.prompts_for(track.name)]
    assert kinds == [PromptKind.BLAZE_HIT, PromptKind.FLAMES_ROLL]
    # Prone, they do not move at random: the prompt does not ask for it.
    (hit,) = [p for p in state.prompts if p.kind is PromptKind.BLAZE_HIT]
    assert "random" not in hit.text
    # A 4 at +2 for being Prone puts the fire out; the prompt waits no more.
    apply(rules, state, event="extinguish", fighter="Blue/A", by="Blue/A", roll=4)
    assert Marker.BLAZE not in track.markers
    assert PromptKind.FLAMES_ROLL not in [p.kind for p in state.prompts]
    assert "4 +2 against 6+; the fire is out" in state.log[-1]


def test_a_standing_burning_fighter_is_still_told_to_move_at_random() -> None:
    rules = ruleset("n23")
    state = battle(rules)
    apply(rules, state, event="blaze", fighter="Blue/A", roll=4)
    apply(rules, state, event="activate", fighter="Blue/A")
    (hit,) = [p for p in state.prompts if p.kind is PromptKind.BLAZE_HIT]
    assert "moves at random" in hit.text


def test_a_prompt_the_fighter_cannot_resolve_is_not_made() -> None:
    # A pack whose flames roll only Standing fighters make: nothing waits for an SI one.
    base = ruleset("n23")
    (flames,) = base.blaze.actions
    narrow = flames.model_copy(update={"actor_status": ["active", "engaged"]})
    rules = base.model_copy(update={"blaze": base.blaze.model_copy(update={"actions": [narrow]})})
    state = burning_and_down(rules)
    apply(rules, state, event="activate", fighter="Blue/A")
    assert [p.kind for p in state.prompts] == [PromptKind.BLAZE_HIT]
    # Going down while the roll waits takes the roll away too.
    apply(rules, state, event="blaze", fighter="Red/B", roll=4)
    apply(rules, state, event="activate", fighter="Red/B")
    assert PromptKind.FLAMES_ROLL in [p.kind for p in state.prompts_for("B")]
    apply(rules, state, event="status", fighter="Red/B", status="seriously_injured")
    (red_b,) = state.find("Red/B")
    assert red_b.status is BattleStatus.SERIOUSLY_INJURED
    assert PromptKind.FLAMES_ROLL not in [p.kind for p in state.prompts_for("B")]
