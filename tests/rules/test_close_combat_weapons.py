"""Close combat with two weapons: each attack die rolled with its own weapon's profile
(the 2023 rules), named in the event's `weapons`, in one event."""

from __future__ import annotations

import pytest

from gangmanager.rules.battle import apply_event
from gangmanager.rules.battle_events import BattleError, CombatWeapon, event_payload, parse_event

from .test_battle_attack_2023 import attack, battle, dax, log, n23


def test_the_second_weapons_die_is_rolled_with_its_own_profile() -> None:
    # Fighting knife (S, AP -1) and power sword (S+1, AP -2, Power): A 2 and +1.
    state = battle(["Fighting knife", "Power sword"], ["Mesh armour"])
    dax(state).wounds = 5
    # Hit rolls 4, 4, 4; then wound 4 and save 6 twice; wound 3 (no save can be made).
    done = attack(state, "Fighting knife", [4, 4, 4, 4, 6, 4, 6, 3], range="engaged")
    lines = log(state)
    assert "attack dice: 3 (A 2, second weapon +1 (Power sword))." in lines
    assert "attack die 3 of 3 (Power sword): hit 3+ (WS 3+): rolled 4, hit." in lines
    assert "wound 4+ (S3 vs T3) (hit 1 of 3): rolled 4, wounds." in lines
    assert "wound 3+ (S4 vs T3) (hit 3 of 3): rolled 3, wounds." in lines
    # The knife's AP -1 leaves mesh a 6+ save (saved); the sword's AP -2 a 7+.
    assert "save 6+ (Mesh armour 5+, AP -1) (hit 2 of 3): rolled 6, saved." in lines
    assert "save (Mesh armour 5+, AP -2) (hit 3 of 3): 7+ cannot be made." in lines
    assert dax(state).wounds == 4
    assert done.weapons == [
        CombatWeapon(weapon="Fighting knife", dice=2),
        CombatWeapon(weapon="Power sword", dice=1),
    ]


def test_a_stored_split_replays_and_old_events_keep_every_die_on_the_chosen_weapon() -> None:
    state = battle(["Fighting knife", "Power sword"])
    done = attack(state, "Fighting knife", [4] * 12, range="engaged")
    again = battle(["Fighting knife", "Power sword"])
    apply_event(n23(), again, parse_event(event_payload(done)))
    assert log(again) == [line for line in log(state) if not line.startswith("attack dice:")]
    # An attack stored before `weapons` (hit rolls, no split): every die with the knife.
    old = battle(["Fighting knife", "Power sword"])
    attack(old, "Fighting knife", [1] * 6, range="engaged", hit=[4, 4, 4])
    dice = [line for line in log(old) if line.startswith("attack die")]
    assert len(dice) == 3 and not any("Power sword" in line for line in dice)
    assert (
        "every die with Fighting knife (give 'weapons' to roll each with its own weapon)."
        in log(old)
    )


def test_the_event_names_the_weapons_and_their_dice() -> None:
    state = battle(["Chainsword", "Power sword"])
    dax(state).wounds = 9
    done = attack(
        state,
        "Chainsword",
        [3] * 12,
        range="engaged",
        weapons=[{"weapon": "Chainsword", "dice": 1}, {"weapon": "Power sword", "dice": 2}],
    )
    lines = log(state)
    # The chainsword's Accuracy +1 makes its 3 a hit on 2+; the power sword needs 3+.
    assert "attack die 1 of 3 (Chainsword): hit 2+ (WS 3+, melee +1): rolled 3, hit." in lines
    assert "attack die 3 of 3 (Power sword): hit 3+ (WS 3+): rolled 3, hit." in lines
    assert done.hit == [3, 3, 3]


@pytest.mark.parametrize(
    ("weapons", "message"),
    [
        ([{"weapon": "Power sword"}], "the first of 'weapons' is the attack's own weapon"),
        ([{"weapon": "Chainsword"}, {"weapon": "Lasgun"}], "has no weapon 'Lasgun'"),
        ([{"weapon": "Chainsword"}, {"weapon": "Chainsword"}], "named twice"),
        ([{"weapon": "Chainsword"}, {"weapon": "Autogun"}], "neither Melee nor Sidearm"),
    ],
)
def test_weapons_that_cannot_fight_are_refused(
    weapons: list[dict[str, object]], message: str
) -> None:
    state = battle(["Chainsword", "Power sword", "Autogun"])
    with pytest.raises(BattleError, match=message):
        attack(state, "Chainsword", [3] * 12, range="engaged", weapons=weapons)


def test_attacks_must_match_the_weapons_dice_and_weapons_are_for_close_combat() -> None:
    state = battle(["Chainsword", "Power sword", "Autopistol"])
    with pytest.raises(BattleError, match="'attacks' is 2, but the weapons roll 3"):
        attack(
            state,
            "Chainsword",
            [3] * 12,
            range="engaged",
            attacks=2,
            weapons=[{"weapon": "Chainsword", "dice": 2}, {"weapon": "Power sword"}],
        )
    with pytest.raises(BattleError, match="'weapons' are for a Melee weapon in close combat"):
        attack(state, "Autopistol", [3] * 12, weapons=[{"weapon": "Autopistol"}])


def test_a_sidearm_fights_with_its_die_without_its_accuracy() -> None:
    state = battle(["Chainsword", "Stub gun"])
    attack(
        state,
        "Chainsword",
        [3] * 12,
        range="engaged",
        weapons=[{"weapon": "Chainsword", "dice": 1}, {"weapon": "Stub gun"}],
    )
    # The stub gun's short-range +2 stays behind in close combat.
    assert "attack die 2 of 2 (Stub gun): hit 3+ (WS 3+): rolled 3, hit." in log(state)


def test_a_charge_adds_its_die_to_the_weapon_chosen() -> None:
    state = battle(["Fighting knife", "Power sword"])
    done = attack(state, "Fighting knife", [1] * 8, range="engaged", charge=True)
    assert done.weapons is not None
    assert [w.dice for w in done.weapons] == [3, 1]
