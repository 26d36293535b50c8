"""A vehicle in battle (issue 25): hit on its Front, Side or Rear, its own save, Damage
and Location dice, Hull Points lost, Wrecked at 0; the `arc` key; exact odds."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gangmanager.rules import attack_odds, battle_attack
from gangmanager.rules.battle import Opponent, apply_event, fold, new_state
from gangmanager.rules.battle_events import AttackEvent, BattleError, BattleStatus, parse_event
from gangmanager.rules.battle_state import BattleState
from gangmanager.rules.battle_table import Table
from gangmanager.rules.gang import Gang
from gangmanager.rules.ruleset import Ruleset

from ..vehicle_pack import gangs, gun, recruit, vehicle_pack


@pytest.fixture(scope="module")
def ruleset(tmp_path_factory: pytest.TempPathFactory) -> Ruleset:
    return vehicle_pack(tmp_path_factory.mktemp("wastes"))


@pytest.fixture(scope="module")
def sides(ruleset: Ruleset) -> tuple[Gang, Gang]:
    wasters, raiders = gangs(ruleset)
    boss = raiders.fighters[0]
    boltgun = gun("Boltgun", str="4", ap="-1")
    armed = boss.model_copy(update={"weapons": [*boss.weapons, boltgun]})
    return wasters, raiders.model_copy(update={"fighters": [armed]})


def battle(ruleset: Ruleset, sides: tuple[Gang, Gang]) -> BattleState:
    wasters, raiders = sides
    return new_state(ruleset, wasters, [], against=Opponent(raiders))


def shoot(weapon: str, **keys: Any) -> AttackEvent:
    raw: dict[str, Any] = {"event": "attack", "fighter": "Krag", "target": "Old Rust"}
    raw |= {"weapon": weapon, "range": "short", "firepower": [2], "hit": 5}
    event = parse_event(raw | keys)
    assert isinstance(event, AttackEvent)
    return event


def test_a_vehicle_starts_with_its_hull_points(ruleset: Ruleset, sides: tuple[Gang, Gang]) -> None:
    state = battle(ruleset, sides)
    (hauler,) = state.find("Old Rust")
    assert hauler.vehicle and hauler.wounds == 3
    view = hauler.view()
    assert view["vehicle"] is True and (view["hull_points"], view["max_hull_points"]) == (3, 3)
    # A fighter's view has no vehicle keys.
    assert "vehicle" not in state.find("Krag")[0].view()


def test_the_wound_target_is_the_toughness_of_the_arc_hit(
    ruleset: Ruleset, sides: tuple[Gang, Gang]
) -> None:
    # S4 against the Front 6 needs a 5+; against the Rear 4, a 4+: a 4 wounds only the Rear.
    front = battle(ruleset, sides)
    apply_event(ruleset, front, shoot("Boltgun", arc="front", wound=[4]))
    assert "wound 5+ (S4 vs Front 6): rolled 4, no wound." in front.log[-1]
    assert front.find("Old Rust")[0].wounds == 3
    rear = battle(ruleset, sides)
    done = apply_event(
        ruleset,
        rear,
        shoot("Boltgun", arc="rear", wound=[4], save=[2], vehicle_damage=[5], location=[1]),
    )
    text = "\n".join(rear.log)
    assert "wound 4+ (S4 vs Rear 4): rolled 4, wounds." in text
    # The vehicle's own save, Sv 4+, one worse for AP -1.
    assert "save 5+ (Sv 4+, AP -1): rolled 2, fails." in text
    assert "Damage dice 5 (Penetrating): Penetrating; Location dice 1: Body." in text
    assert "Old Rust: 1 Hull Point lost, 2 left." in text
    (hauler,) = rear.find("Old Rust")
    assert hauler.wounds == 2 and hauler.vehicle_damage == ["Structural Damage"]
    assert done.arc == "rear" and done.vehicle_damage == [5] and done.location == [1]  # type: ignore[union-attr]


def test_a_save_made_stops_the_damage(ruleset: Ruleset, sides: tuple[Gang, Gang]) -> None:
    state = battle(ruleset, sides)
    apply_event(ruleset, state, shoot("Autogun", arc="side", wound=[6], save=[4]))
    assert state.log[-1].endswith("save 4+ (Sv 4+): rolled 4, saved.")
    assert state.find("Old Rust")[0].wounds == 3


def test_the_most_severe_damage_dice_is_kept_and_its_statuses_taken(
    ruleset: Ruleset, sides: tuple[Gang, Gang]
) -> None:
    # Damage D3 = 2: two Damage dice, a Glancing and a Catastrophic; the Engine is hit.
    state = battle(ruleset, sides)
    apply_event(
        ruleset,
        state,
        shoot("Lascannon", arc="front", wound=[5], damage=[2], vehicle_damage=[1, 6], location=[6]),
    )
    (hauler,) = state.find("Old Rust")
    assert hauler.vehicle_damage == ["Belching Smoke & Flame"] and hauler.wounds == 1
    assert any("Loss of Control test at -1" in line for line in state.log)
    glancing = battle(ruleset, sides)
    apply_event(
        ruleset,
        glancing,
        shoot("Lascannon", arc="front", wound=[5], damage=[1], vehicle_damage=[2], location=[6]),
    )
    (stalled,) = glancing.find("Old Rust")
    assert stalled.vehicle_statuses == {"Stationary", "Stalled"} and stalled.wounds == 3
    assert stalled.view()["vehicle_statuses"] == ["Stalled", "Stationary"]


def test_wrecked_at_no_hull_points(ruleset: Ruleset, sides: tuple[Gang, Gang]) -> None:
    wasters, raiders = sides
    events: list[dict[str, Any]] = [
        {"event": "attack", "fighter": "Krag", "target": "Old Rust", "weapon": "Lascannon",
         "range": "short", "arc": "rear", "firepower": [2], "hit": 5, "wound": [2],
         "damage": [1], "vehicle_damage": [6], "location": [5]},
        {"event": "attack", "fighter": "Krag", "target": "Old Rust", "weapon": "Lascannon",
         "range": "short", "arc": "side", "firepower": [2], "hit": 5, "wound": [2],
         "damage": [1], "vehicle_damage": [4], "location": [2]},
    ]  # fmt: skip
    state = fold(ruleset, wasters, [], events, against=Opponent(raiders))
    (hauler,) = state.find("Old Rust")
    assert hauler.wounds == 0 and hauler.status is BattleStatus.OUT_OF_ACTION
    assert "Wrecked" in hauler.vehicle_statuses
    assert any("Old Rust is Wrecked" in line for line in state.log)
    # The post-battle sequence reads it as Wrecked, not as a fighter Out of Action.
    own = state.side("Wasters")
    assert own.wrecked == ["Old Rust"]
    assert own.out_of_action == []
    # Krag is credited with it.
    assert state.find("Krag")[0].caused()["out_of_action"] == 1
    with pytest.raises(BattleError, match="Old Rust is Out of Action"):
        apply_event(ruleset, state, shoot("Boltgun", arc="front", wound=[6]))


def test_the_arc_is_required_for_a_vehicle_and_refused_for_a_fighter(
    ruleset: Ruleset, sides: tuple[Gang, Gang]
) -> None:
    state = battle(ruleset, sides)
    with pytest.raises(BattleError, match=r"^Old Rust is a vehicle: give the 'arc' the attack"):
        apply_event(ruleset, state, shoot("Boltgun"))
    at_krag = {"event": "attack", "fighter": "Old Rust", "target": "Krag",
               "weapon": "Heavy stubber", "range": "short", "arc": "front"}  # fmt: skip
    with pytest.raises(BattleError, match=r"^Krag is no vehicle: 'arc' is only for an attack"):
        apply_event(ruleset, state, parse_event(at_krag))
    with pytest.raises(BattleError, match=r"^attack: arc: "):
        parse_event({**at_krag, "arc": "top"})
    assert state.log == []  # nothing applied
    # The vehicle's crew shoots a fighter with the crew's BS.
    del at_krag["arc"]
    apply_event(ruleset, state, parse_event(at_krag | {"firepower": [2], "hit": 1}))
    assert "hit 4+ (BS 4+): rolled 1" in state.log[-1]


def test_vehicle_statuses_are_the_packs(ruleset: Ruleset, sides: tuple[Gang, Gang]) -> None:
    state = battle(ruleset, sides)
    apply_event(
        ruleset, state, parse_event({"event": "vehicle_status", "fighter": "Old Rust",
                                     "status": "stationary"})
    )  # fmt: skip
    assert state.find("Old Rust")[0].vehicle_statuses == {"Stationary"}
    with pytest.raises(BattleError, match="Old Rust is already Stationary"):
        apply_event(ruleset, state, parse_event({"event": "vehicle_status",
                                                 "fighter": "Old Rust", "status": "Stationary"}))  # fmt: skip
    with pytest.raises(BattleError, match="'Airborne' is no vehicle status of wastes23"):
        apply_event(ruleset, state, parse_event({"event": "vehicle_status",
                                                 "fighter": "Old Rust", "status": "Airborne"}))  # fmt: skip
    with pytest.raises(BattleError, match="Krag is no vehicle"):
        apply_event(ruleset, state, parse_event({"event": "vehicle_status",
                                                 "fighter": "Krag", "status": "Stalled"}))  # fmt: skip
    apply_event(ruleset, state, parse_event({"event": "vehicle_status", "fighter": "Old Rust",
                                             "status": "Stationary", "on": False}))  # fmt: skip
    assert state.find("Old Rust")[0].vehicle_statuses == set()


def test_a_hull_point_lost_by_hand(ruleset: Ruleset, sides: tuple[Gang, Gang]) -> None:
    state = battle(ruleset, sides)
    for _ in range(3):
        apply_event(ruleset, state, parse_event({"event": "wound", "fighter": "Old Rust"}))
    (hauler,) = state.find("Old Rust")
    assert hauler.wounds == 0 and hauler.out_of_action and "Wrecked" in hauler.vehicle_statuses


def test_toxin_has_no_effect_on_a_vehicle(ruleset: Ruleset, sides: tuple[Gang, Gang]) -> None:
    state = battle(ruleset, sides)
    apply_event(ruleset, state, shoot("Toxin gun", arc="front"))
    assert state.log[-1].endswith("Toxin: no effect on a vehicle.")


# -- the odds --------------------------------------------------------------------------


class _Needed(Exception):
    """The attack asked for a die past the faces given."""


class _Faces:
    def __init__(self, faces: list[int]) -> None:
        self.faces = faces
        self.index = 0

    def d6(self) -> int:
        if self.index == len(self.faces):
            raise _Needed
        self.index += 1
        return self.faces[self.index - 1]


def _walk(ruleset: Ruleset, base: BattleState, event: AttackEvent) -> dict[str, float]:
    """Every sequence of faces through the resolver: the chance of each outcome."""
    chances = {"hit": 0.0, "unsaved": 0.0, "out_of_action": 0.0}
    todo: list[list[int]] = [[]]
    while todo:
        faces = todo.pop()
        state = base.working_copy()
        try:
            done = battle_attack.resolve(Table(ruleset, state, _Faces(faces)), event)
        except _Needed:
            todo.extend([*faces, face] for face in range(1, 7))
            continue
        (hauler,) = state.find("Old Rust")
        weight = 6.0 ** -len(faces)
        chances["hit"] += weight * bool(done.tallies and done.tallies[0].hits)
        chances["unsaved"] += weight * bool(hauler.vehicle_damage)
        chances["out_of_action"] += weight * hauler.out_of_action
    return chances


@pytest.mark.parametrize(
    ("weapon", "arc", "given"),
    [
        ("Boltgun", "front", {"firepower": [2]}),
        ("Boltgun", "rear", {"firepower": [2], "hit": 5}),
        ("Lascannon", "side", {"firepower": [2], "hit": 5, "wound": [3]}),
    ],
)
def test_the_odds_on_a_vehicle_are_exact_and_the_resolvers(
    ruleset: Ruleset, sides: tuple[Gang, Gang], weapon: str, arc: str, given: dict[str, Any]
) -> None:
    state = battle(ruleset, sides)
    # Two Hull Points down: a Catastrophic hit may wreck it.
    state.find("Old Rust")[0].wounds = 2
    raw = {"event": "attack", "fighter": "Krag", "target": "Old Rust", "weapon": weapon}
    event = parse_event(raw | {"range": "short", "arc": arc} | given)
    assert isinstance(event, AttackEvent)
    odds = attack_odds.attack_odds(ruleset, state, event)
    walked = _walk(ruleset, state, event)
    assert odds.total == pytest.approx(1.0, abs=1e-12)
    for key, chance in walked.items():
        assert getattr(odds, key) == pytest.approx(chance, abs=1e-12), key
    # The Rear is easier to wound than the Front.
    if weapon == "Boltgun" and arc == "rear":
        front = parse_event(raw | {"range": "short", "arc": "front"} | given)
        assert isinstance(front, AttackEvent)
        assert attack_odds.attack_odds(ruleset, state, front).unsaved < odds.unsaved
    assert state.find("Old Rust")[0].wounds == 2  # the battle is left as it was


def test_a_vehicle_recruited_is_keyed_by_the_vehicle_statline(ruleset: Ruleset) -> None:
    hauler = recruit(ruleset, "Cargo-8 Ridgehauler", "Old Rust", 1)
    assert ruleset.vehicle_rules_for(hauler.profile) is ruleset.vehicle_rules
    boss = recruit(ruleset, "Waste Boss", "Krag", 2)
    assert ruleset.vehicle_rules_for(boss.profile) is None


def test_a_pack_with_no_vehicle_rules_has_no_vehicles(tmp_path: Path) -> None:
    from gangmanager.content import builtin_rulesets_dir, load_ruleset

    house_a = load_ruleset("house-a", [builtin_rulesets_dir()])
    assert house_a.id == "house-a"
    n23 = load_ruleset("n23", [builtin_rulesets_dir()])
    rules = n23.vehicle_rules
    assert rules is not None and rules.arcs == {"front": "Fr", "side": "Sd", "rear": "Rr"}
    assert rules.repair("vehicle repairs (25%)") is not None


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ({"event": "flesh_wound", "fighter": "Old Rust"},
         "Old Rust is a vehicle: it loses Hull Points, not Toughness"),
        ({"event": "status", "fighter": "Old Rust", "status": "pinned"},
         "Old Rust is a vehicle: it is never Pinned"),
        ({"event": "status", "fighter": "Old Rust", "status": "seriously_injured"},
         "Old Rust is a vehicle: it is never Seriously Injured"),
    ],
)  # fmt: skip
def test_what_only_a_fighter_suffers_is_refused_for_a_vehicle(
    ruleset: Ruleset, sides: tuple[Gang, Gang], raw: dict[str, Any], message: str
) -> None:
    state = battle(ruleset, sides)
    with pytest.raises(BattleError, match=f"^{message}"):
        apply_event(ruleset, state, parse_event(raw))
    assert state.log == []


def test_a_vehicle_shooting_in_close_combat_is_refused_in_one_line(
    ruleset: Ruleset, sides: tuple[Gang, Gang]
) -> None:
    state = battle(ruleset, sides)
    ram = {"event": "attack", "fighter": "Old Rust", "target": "Krag", "weapon": "unarmed",
           "range": "engaged", "hit": [3]}  # fmt: skip
    with pytest.raises(BattleError, match=r"^Old Rust has no WS to hit with"):
        apply_event(ruleset, state, parse_event(ram))
