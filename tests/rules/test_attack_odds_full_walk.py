"""The odds' merged walk against the plain resolver run over every sequence of dice.

The odds run the resolver's steps on copies of the attack whose state key leaves
some values out (the log's words, the dice a pool used, running counts) and merge
the faces and states that key cannot tell apart. Here the resolver itself is run
on a fresh copy of the battle for every sequence of die faces, nothing merged and
nothing left out, and the chances it finds must be the odds' to the last digit.
"""

from __future__ import annotations

from typing import Any

import pytest

from gangmanager.rules import attack_odds, battle_attack
from gangmanager.rules.battle_events import AttackEvent, BattleStatus, ProfileState
from gangmanager.rules.battle_state import BattleState
from gangmanager.rules.battle_table import Table
from gangmanager.rules.weapons import Weapon

from .test_attack_odds_every_weapon import _battle
from .test_battle_every_weapon import n23

FLAGS = (
    "hit", "wound", "unsaved", "flesh_wound", "seriously_injured", "out_of_action",
    "ammo_test", "out_of_ammo",
)  # fmt: skip


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


def _flags(state: BattleState, done: battle_attack.Resolved, event: AttackEvent) -> list[bool]:
    (target,) = state.find("Blue/Dax")
    (attacker,) = state.find("Red/Vex")
    tally = done.tallies[0] if done.tallies else None
    out = target.status is BattleStatus.OUT_OF_ACTION
    injured = target.status is BattleStatus.SERIOUSLY_INJURED
    flesh = target.flesh_wounds > 0
    weapon = attacker.weapon(event.weapon)
    assert weapon is not None
    spent = any(
        p.name == done.event.profile and p.state is not ProfileState.READY for p in weapon.profiles
    )
    return [
        bool(tally and tally.hits),
        bool(tally and tally.wounds),
        out or injured or flesh or target.wounds < target.max_wounds,
        flesh and not (out or injured),
        injured and not out,
        out,
        bool(done.event.ammo),
        spent,
    ]


def full_walk(base: BattleState, event: AttackEvent) -> tuple[list[float], int]:
    """Every sequence of faces through the resolver on a fresh copy: the chance of each
    flag, and how many sequences were run."""
    rules = n23()
    chances = [0.0] * len(FLAGS)
    runs = 0
    todo: list[list[int]] = [[]]
    while todo:
        faces = todo.pop()
        runs += 1
        state = base.working_copy()
        try:
            done = battle_attack.resolve(Table(rules, state, _Faces(faces)), event)
        except _Needed:
            todo.extend([*faces, face] for face in range(1, 7))
            continue
        weight = 6.0 ** -len(faces)
        for index, flag in enumerate(_flags(state, done, event)):
            chances[index] += weight * flag
    return chances, runs


# A sample of what the key leaves out or merges, with some dice given so that every
# sequence of the others can be run: a Rapid Fire hit's hits (each a state), a
# Scattershot hit's wound rolls, attack dice with Power (a natural 6 held for later
# steps), Toxin, an Ammo test (its roll goes into a model), a Template with Blaze,
# Shock, a long-range shot.
SAMPLE: list[Any] = [
    ("Lasgun", "", "short", {"firepower": [2]}),
    pytest.param("Autopistol", "", "short", {"firepower": [4], "hit": 4}, marks=pytest.mark.slow),
    ("Stub gun", "", "long", {"firepower": [4]}),
    ("Shotgun", "scatter ammo", "long", {"firepower": [2], "hit": 4, "scatter": [2]}),
    pytest.param("Power fist", "", "engaged", {"hit": [6, 1]}, marks=pytest.mark.slow),
    ("Needle pistol", "", "short", {"firepower": [2]}),
    ("Plasma pistol", "maximal", "short", {"firepower": [1], "hit": 1}),
    ("Hand flamer", "", "short", {"firepower": [2]}),
    ("Shock baton", "", "engaged", {"hit": [6, 1]}),
]


@pytest.mark.parametrize(("weapon", "profile", "band", "given"), SAMPLE)
def test_the_merged_walk_is_the_resolver_over_every_sequence_of_dice(
    weapon: str, profile: str, band: str, given: dict[str, Any]
) -> None:
    rules = n23()
    entry = rules.weapon_entry(weapon)
    assert entry is not None
    carried = Weapon(name=entry.name, profiles=entry.profiles)
    chosen = carried.profile(profile) if profile else entry.profiles[0]
    assert chosen is not None
    event = AttackEvent(
        fighter="Vex", target="Dax", weapon=carried.name, profile=chosen.name, range=band, **given
    )
    base = _battle(carried)
    odds = attack_odds.attack_odds(rules, base, event)
    every, runs = full_walk(base, event)
    for key, chance in zip(FLAGS, every, strict=True):
        assert getattr(odds, key) == pytest.approx(chance, abs=1e-12), key
    # The merged walk runs far fewer steps than there are sequences.
    assert odds.runs < runs


@pytest.mark.parametrize(
    ("weapon", "profile", "band"),
    [
        ("Autopistol", "", "short"),
        ("Shotgun", "scatter ammo", "long"),
        ("Power fist", "", "engaged"),
        ("Plasma pistol", "maximal", "short"),
        ("Hand flamer", "", "short"),
    ],
)
def test_trusting_a_dies_questions_gives_what_trying_every_face_gives(
    weapon: str, profile: str, band: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A face that answers a step's questions as another did is merged with it untried,
    unless the state holds the die or it was asked nothing: tried, the odds are the same."""
    rules = n23()
    entry = rules.weapon_entry(weapon)
    assert entry is not None
    carried = Weapon(name=entry.name, profiles=entry.profiles)
    chosen = carried.profile(profile) if profile else entry.profiles[0]
    assert chosen is not None
    event = AttackEvent(
        fighter="Vex", target="Dax", weapon=carried.name, profile=chosen.name, range=band
    )
    base = _battle(carried)
    trusted = attack_odds.attack_odds(rules, base, event)
    monkeypatch.setattr(attack_odds, "_PROBE_ALL", True)
    tried = attack_odds.attack_odds(rules, base, event)
    assert trusted.runs < tried.runs
    for key in FLAGS:
        assert getattr(trusted, key) == pytest.approx(getattr(tried, key), abs=1e-12), key
