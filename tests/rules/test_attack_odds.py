"""The odds of one attack: the resolver's own steps walked over every sequence of dice."""

from __future__ import annotations

from typing import Any

import pytest

from gangmanager.rules import attack_odds, attack_wound, battle_attack
from gangmanager.rules.attack_odds import Odds
from gangmanager.rules.battle import Opponent, new_state
from gangmanager.rules.battle_events import (
    AttackEvent,
    BattleError,
    BattleStatus,
    ProfileState,
)
from gangmanager.rules.battle_state import BattleState
from gangmanager.rules.battle_table import Table
from gangmanager.rules.dice import RandomDice

from ..narrowing import present
from .test_battle_attack import ATTACKERS, TARGETS, ruleset
from .test_battle_attack import gun as battle_attack_gun

KEYS = ("hit", "wound", "unsaved", "flesh_wound", "seriously_injured", "out_of_action")
# Weapons of one hit (no Rapid Fire): small enough to walk every face too.
ONE_HIT = ("Lasgun", "Boltgun", "Needle rifle", "Bite gun")


def duel(rid: str = "n23", target: str = "Grakk") -> BattleState:
    return new_state(ruleset(rid), ATTACKERS, ["Vex"], against=Opponent(TARGETS, [target]))


def shot(weapon: str, band: str = "short", **more: Any) -> AttackEvent:
    return AttackEvent(fighter="Red/Vex", target="Blue/Grakk", weapon=weapon, range=band, **more)


def observed(rid: str, event: AttackEvent, count: int, seed: int) -> dict[str, float]:
    """What `count` seeded attacks did, counted from the state they left."""
    rules, base = ruleset(rid), duel(rid)
    dice = RandomDice(seed)
    seen = dict.fromkeys((*KEYS, "ammo_test", "out_of_ammo"), 0)
    for _ in range(count):
        state = base.working_copy()
        done = battle_attack.resolve(Table(rules, state, dice), event)
        (target,) = state.find("Blue/Grakk")
        (attacker,) = state.find("Red/Vex")
        tally = done.tallies[0]
        out = target.status is BattleStatus.OUT_OF_ACTION
        injured = target.status is BattleStatus.SERIOUSLY_INJURED
        flesh = target.flesh_wounds > 0
        profile = present(attacker.weapon(event.weapon)).profiles[0]
        flags = {
            "hit": tally.hits > 0,
            "wound": tally.wounds > 0,
            "unsaved": out or injured or flesh or target.wounds < target.max_wounds,
            "flesh_wound": flesh and not (out or injured),
            "seriously_injured": injured and not out,
            "out_of_action": out,
            "ammo_test": bool(done.event.ammo),
            "out_of_ammo": profile.state is not ProfileState.READY,
        }
        for key, flag in flags.items():
            seen[key] += flag
    return {key: n / count for key, n in seen.items()}


@pytest.mark.parametrize(
    ("rid", "weapon", "band"),
    [
        ("n23", "Lasgun", "short"),
        ("n23", "Heavy bolter", "long"),
        ("n23", "Needle rifle", "short"),
        ("n23", "Stub gun", "short"),
        ("n23", "Autogun", "short"),
        ("n23", "Flamer", "short"),
        ("n23", "Knife", "engaged"),
        ("house-a", "Boltgun", "long"),
        # Rapid Fire (2): two Firepower dice, up to six hits (an estimate before).
        ("n23", "Heavy stubber", "short"),
    ],
)
def test_seeded_attacks_come_out_as_the_odds_say(rid: str, weapon: str, band: str) -> None:
    """Fixed seed, so it cannot flake; 4.5 standard deviations of 2500 attacks (at most 0.045)."""
    event = shot(weapon, band)
    odds = attack_odds.attack_odds(ruleset(rid), duel(rid), event).as_dict()
    assert odds["exact"] is True
    count = 2500
    seen = observed(rid, event, count, seed=sum(map(ord, weapon)) % 1000)
    for key, frequency in seen.items():
        chance = float(odds[key])
        bound = 4.5 * (chance * (1 - chance) / count) ** 0.5 + 1e-9
        assert abs(frequency - chance) <= bound, (key, frequency, chance)
    # Not a flat result: the weapon hits and sometimes takes the target out.
    assert 0 < odds["out_of_action"] < odds["unsaved"] <= odds["wound"] <= odds["hit"] <= 1


@pytest.mark.parametrize("weapon", ONE_HIT)
def test_merging_faces_gives_what_walking_every_face_gives(
    weapon: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    rules, state, event = ruleset("n23"), duel(), shot(weapon)
    merged = attack_odds.attack_odds(rules, state, event)
    monkeypatch.setattr(attack_odds, "_EVERY_FACE", True)
    every = attack_odds.attack_odds(rules, state, event)
    assert every.runs > merged.runs
    for key in (*KEYS, "ammo_test", "out_of_ammo"):
        assert getattr(merged, key) == pytest.approx(getattr(every, key), abs=1e-12), key


@pytest.mark.parametrize(("weapon", "band"), [("Stub gun", "short")])
def test_merging_equal_states_gives_what_walking_every_state_gives(
    weapon: str, band: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rapid Fire: the hits walked once per state of the target, or once per path."""
    rules, state, event = ruleset("n23"), duel(), shot(weapon, band)
    merged = attack_odds.attack_odds(rules, state, event)
    monkeypatch.setattr(attack_odds, "_NO_MEMO", True)
    every = attack_odds.attack_odds(rules, state, event)
    assert every.runs > 2 * merged.runs
    for key in (*KEYS, "ammo_test", "out_of_ammo"):
        assert getattr(merged, key) == pytest.approx(getattr(every, key), abs=1e-12), key


def test_a_natural_six_that_matters_is_not_merged_with_other_hits() -> None:
    """Power: a natural 6 to hit allows no armour save and adds 1 Damage, so the 6 keeps a
    future of its own while a 4 and a 5 share the 3's (one hit roll, hits on 3+)."""
    rules = ruleset("n23")
    weapon = battle_attack_gun(
        "Power axe", rng_s="E", rng_l="E", acc_s="-", str="4", ap="-", am="-", d="1",
        traits=["Melee", "Power"],
    )  # fmt: skip
    attackers = ATTACKERS.model_copy(
        update={"fighters": [ATTACKERS.fighters[0].model_copy(update={"weapons": [weapon]})]}
    )
    state = new_state(rules, attackers, ["Vex"], against=Opponent(TARGETS, ["Grakk"]))
    odds = attack_odds.attack_odds(rules, state, shot("Power axe", "engaged", attacks=1))
    # WS 3+: hits on 3-6. S4 vs T4 wounds on 4+. Mesh 5+ saves unless the hit roll was a 6.
    hit, wound = 4 / 6, 1 / 2
    unsaved = (3 / 6) * wound * (4 / 6) + (1 / 6) * wound
    assert odds.hit == pytest.approx(hit)
    assert odds.wound == pytest.approx(hit * wound)
    assert odds.unsaved == pytest.approx(unsaved)


def test_the_numbers_of_a_plain_shot() -> None:
    """Vex (BS 4+) with a boltgun at short range (+1): hits on 3+ (2/3); S4 against T4 wounds
    on 4+ (1/2); Grakk's mesh armour (5+, AP -1: 6+) saves 1/6; one Wound, so every unsaved
    wound rolls an Injury die: 1 Out of Action, 2-3 Seriously Injured, 4-6 Flesh Wound."""
    odds = attack_odds.attack_odds(ruleset("n23"), duel(), shot("Boltgun"))
    unsaved = 2 / 3 * 1 / 2 * 5 / 6
    assert odds.hit == pytest.approx(2 / 3)
    assert odds.wound == pytest.approx(2 / 3 * 1 / 2)
    assert odds.unsaved == pytest.approx(unsaved)
    assert odds.out_of_action == pytest.approx(unsaved / 6)
    assert odds.seriously_injured == pytest.approx(unsaved * 2 / 6)
    assert odds.flesh_wound == pytest.approx(unsaved * 3 / 6)
    # One Firepower die: its ammo face (1 in 6) calls for a test; 4+ passes.
    assert odds.ammo_test == pytest.approx(1 / 6)
    assert odds.out_of_ammo == pytest.approx(1 / 6 * 1 / 2)


def test_the_odds_follow_the_resolver(monkeypatch: pytest.MonkeyPatch) -> None:
    """No second formula: change the resolver (no save ever made) and the odds change."""
    rules, state, event = ruleset("n23"), duel(), shot("Boltgun")
    before = attack_odds.attack_odds(rules, state, event)
    monkeypatch.setattr(attack_wound.HitChain, "_save", lambda self, hit, natural, label: True)
    after = attack_odds.attack_odds(rules, state, event)
    assert before.unsaved < before.wound
    assert after.wound == pytest.approx(before.wound)
    assert after.unsaved == pytest.approx(after.wound)


def test_the_battle_is_left_as_it_was() -> None:
    state = duel()
    before = state.view()
    attack_odds.attack_odds(ruleset("n23"), state, shot("Heavy bolter"))
    assert state.view() == before


def test_a_refused_attack_has_no_odds() -> None:
    with pytest.raises(BattleError, match="Melee weapon"):
        attack_odds.attack_odds(ruleset("n23"), duel(), shot("Knife", "short"))


def test_dice_given_are_kept() -> None:
    """A hit roll typed in already: the odds of the rest."""
    odds = attack_odds.attack_odds(ruleset("n23"), duel(), shot("Boltgun", hit=1))
    assert (odds.hit, odds.wound, odds.out_of_action) == (0, 0, 0)


def test_the_walk_yields_as_it_goes() -> None:
    """The dialog walks it in slices: the runs so far, growing, then the odds."""
    walk = attack_odds.odds_walk(ruleset("n23"), duel(), shot("Heavy stubber"))
    seen: list[int] = []
    while True:
        try:
            seen.append(next(walk))
        except StopIteration as done:
            odds = done.value
            break
    assert len(seen) > 100 and seen == sorted(seen)
    assert odds.exact and odds.runs == seen[-1]


def test_odds_as_json_keys() -> None:
    odds = attack_odds.attack_odds(ruleset("n23"), duel(), shot("Lasgun"))
    assert isinstance(odds, Odds)
    assert set(KEYS) <= set(odds.as_dict())


def test_hits_given_to_another_target_leave_the_first_one_fewer() -> None:
    rules = ruleset("n23")
    state = new_state(
        rules, ATTACKERS, ["Vex"], against=Opponent(TARGETS, ["Grakk", "Blue ganger"])
    )
    alone = shot("Stub gun")
    shared = shot("Stub gun", targets=[{"fighter": "Blue/Blue ganger", "hits": 2}])
    first = attack_odds.attack_odds(rules, state, alone)
    split = attack_odds.attack_odds(rules, state, shared)
    assert split.hit == pytest.approx(first.hit)
    assert split.wound < first.wound
