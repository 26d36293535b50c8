"""One attack, several targets: Rapid Fire hits split, every fighter under a template or
Blast marker, and house-b's Knockback into an obstruction."""

from __future__ import annotations

from typing import Any

import pytest

from gangmanager.rules.battle import fold
from gangmanager.rules.battle_events import BattleError, BattleStatus, event_payload
from gangmanager.rules.battle_state import PromptKind

from .test_battle_attack import ATTACKERS, TARGETS, attack, battle, ruleset, steps

GANGER = "Blue/Blue ganger"


def track(state: Any, name: str) -> Any:
    (found,) = state.find(name)
    return found


def test_rapid_fire_hits_go_to_other_fighters_before_any_wound_roll() -> None:
    rules = ruleset("n23")
    state = battle(rules)
    # Firepower 4 and 6: 2 + 3 = 5 hits; two of them to the ganger.
    done = attack(
        rules, state, weapon="Autogun", firepower=[4, 6], hit=5,
        wound=[1, 1, 1, 6, 6], save=[], injury=[4, 2],
        targets=[{"fighter": GANGER, "hits": 2}],
    )  # fmt: skip
    log = steps(state)
    assert "Rapid Fire: 5 hits, 3 on Blue/Grakk, 2 on Blue ganger." in log
    # One line per target, then that target's rolls, the first target first.
    first, second = log.index("Blue/Grakk: 3 hits."), log.index("Blue ganger: 2 hits.")
    assert first < second
    assert sum("(hit 1 of 3)" in line for line in log[first:second]) == 1
    assert "Blue ganger: 0 wounds, Injury dice: flesh wound." in log
    assert track(state, "Blue/Grakk").status is BattleStatus.PINNED  # hit, no wound
    ganger = track(state, GANGER)
    assert ganger.status is BattleStatus.SERIOUSLY_INJURED and ganger.flesh_wounds == 1
    # One event holds it all, and replays to the same battle.
    payload = event_payload(done)
    # The target's roster id is stored beside the name.
    (ganger,) = state.find("Blue ganger")
    assert payload["targets"] == [
        {"fighter": "Blue ganger", "fighter_id": ganger.fighter.id, "hits": 2}
    ]
    again = fold(rules, ATTACKERS, [], [payload], against=_against())
    assert again.view()["fighters"] == state.view()["fighters"]
    # The Seriously Injured ganger is the attacker's credit.
    assert track(state, "Red/Vex").caused()["seriously_injured"] == 1


def _against() -> Any:
    from gangmanager.rules.battle import Opponent

    return Opponent(TARGETS)


def test_the_first_target_keeps_a_hit_and_no_more_is_allocated_than_scored() -> None:
    rules = ruleset("n23")
    state = battle(rules)
    attack(
        rules, state, weapon="Autogun", firepower=[2, 3], hit=5, wound=[1, 1],
        targets=[{"fighter": GANGER, "hits": 4}],
    )  # fmt: skip
    assert "Rapid Fire: 2 hits, 1 on Blue/Grakk, 1 on Blue ganger (of 4 asked)." in steps(state)
    # A miss: nobody is hit.
    state = battle(rules)
    attack(rules, state, weapon="Autogun", firepower=[2, 3], hit=1, targets=[{"fighter": GANGER}])
    assert "Rapid Fire: 0 hits, 0 on Blue/Grakk, 0 on Blue ganger (of 1 asked)." in steps(state)
    assert track(state, GANGER).status is BattleStatus.ACTIVE


def test_a_template_hits_everyone_it_touches() -> None:
    rules = ruleset("n23")
    state = battle(rules)
    done = attack(
        rules, state, weapon="Flamer", firepower=[2], wound=[1, 6], injury=["out_of_action"],
        blaze=5, targets=[{"fighter": GANGER}],
    )  # fmt: skip
    log = steps(state)
    assert "Template: also under it Blue ganger (1)." in log
    assert "Blue/Grakk: 1 hit." in log and "Blue ganger: 1 hit." in log
    assert track(state, GANGER).status is BattleStatus.OUT_OF_ACTION
    # Blaze for each target still standing, its roll stored with that target.
    assert done.blaze == 5 and "Blaze: Blue ganger is Out of Action, no roll." in log
    assert done.targets is not None and done.targets[0].blaze is None


def test_a_blast_that_misses_hits_nobody_under_the_marker() -> None:
    rules = ruleset("n23")
    state = battle(rules)
    attack(rules, state, weapon="Grenade launcher", firepower=[2], hit=1,
           targets=[{"fighter": GANGER}])  # fmt: skip
    assert "Blast: also under it Blue ganger (0)." in steps(state)
    assert track(state, GANGER).status is BattleStatus.ACTIVE


@pytest.mark.parametrize(
    ("targets", "message"),
    [
        ([{"fighter": GANGER}], "Boltgun hits one fighter: only Rapid Fire, Blast and Template"),
        ([{"fighter": "Blue/Grakk"}], "Grakk is named twice"),
        ([{"fighter": "Red/Vex"}], "Vex cannot attack themselves"),
        ([{"fighter": "Nobody"}], "no fighter 'Nobody'"),
    ],
)
def test_targets_the_rules_refuse(targets: list[dict[str, Any]], message: str) -> None:
    rules = ruleset("n23")
    state = battle(rules)
    before = state.view()
    with pytest.raises(BattleError, match=message):
        attack(rules, state, weapon="Boltgun", firepower=[2], hit=5, wound=[1], targets=targets)
    assert state.view() == before


def test_knockback_into_an_obstruction_house_b() -> None:
    """house-b: a Strength-of-the-distance hit, AP -, Damage 1, then Pinned if still Active."""
    rules = ruleset("house-b")
    state = battle(rules)
    # The grenade's own hit does not wound (1); the obstruction's S3 against T4 wounds on 5+ (6).
    attack(
        rules, state, weapon="Grenade launcher", firepower=[2], hit=5, wound=[1, 6], save=[2],
        injury=["flesh_wound"], obstructed=True, knockback_distance=3,
    )  # fmt: skip
    log = steps(state)
    assert (
        "Knockback: Grakk is stopped by an obstruction: a Strength 3 hit, AP -, Damage 1"
        " (an obstruction with Wounds takes the same hit)." in log
    )
    assert "wound 5+ (S3 vs T4): rolled 6, wounds." in log
    assert track(state, "Blue/Grakk").flesh_wounds == 1
    assert track(state, "Blue/Grakk").status is BattleStatus.PINNED


def test_knockback_distance_zero_does_nothing() -> None:
    rules = ruleset("house-b")
    state = battle(rules)
    attack(
        rules, state, weapon="Grenade launcher", firepower=[2], hit=5, wound=[1],
        obstructed=True, knockback_distance=0,
    )  # fmt: skip
    log = steps(state)
    assert "Knockback Distance 0: the target is not moved." in log
    assert not any("obstruction" in line for line in log)
    assert not [p for p in state.prompts if p.kind is PromptKind.KNOCKBACK]


def test_an_obstruction_needs_the_distance_and_the_trait() -> None:
    rules = ruleset("house-b")
    with pytest.raises(BattleError, match="give the Knockback Distance"):
        attack(rules, battle(rules), weapon="Grenade launcher", firepower=[2], hit=5,
               wound=[1], obstructed=True)  # fmt: skip
    with pytest.raises(BattleError, match="has no Knockback Distance"):
        attack(rules, battle(rules), weapon="Boltgun", firepower=[2], hit=5, wound=[1],
               obstructed=True, knockback_distance=2)  # fmt: skip
