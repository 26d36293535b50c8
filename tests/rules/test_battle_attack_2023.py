"""The 2023 attack rules on the n23 pack's own weapons (FACTS.md section 8).

Each test takes the weapon as the pack sells it, so a data fix and the
resolver are checked together.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

import pytest

from gangmanager.content import builtin_rulesets_dir, load_ruleset
from gangmanager.rules.attack_numbers import target_numbers
from gangmanager.rules.battle import Opponent, apply_event, new_state
from gangmanager.rules.battle_events import (
    BattleError,
    BattleStatus,
    Marker,
    ProfileState,
    parse_event,
)
from gangmanager.rules.battle_state import BattleState, FighterTrack, PromptKind
from gangmanager.rules.dice import FixedDice
from gangmanager.rules.gang import Category, Fighter, Gang
from gangmanager.rules.profile import Profile
from gangmanager.rules.ruleset import Mechanic, Ruleset
from gangmanager.rules.weapons import Item, Weapon, WeaponProfile


@cache
def n23() -> Ruleset:
    return load_ruleset("n23", [builtin_rulesets_dir()])


def pack_weapon(name: str) -> Weapon:
    entry = n23().weapon_entry(name)
    assert entry is not None, name
    return Weapon(name=entry.name, profiles=entry.profiles)


def battle(
    weapons: list[str | Weapon],
    wargear: Sequence[str] = (),
    *,
    target_profile: str = '5" 4+ 4+ 3 3 1 4+ 1 7+ 7+ 7+ 7+',
    attacker_profile: str = '5" 3+ 3+ 3 3 2 4+ 2 4+ 5+ 5+ 5+',
) -> BattleState:
    carried = [w if isinstance(w, Weapon) else pack_weapon(w) for w in weapons]
    vex = Fighter(
        id=1,
        name="Vex",
        category=Category.LEADER,
        profile=Profile.from_line(attacker_profile),
        weapons=carried,
    )
    dax = Fighter(
        id=10,
        name="Dax",
        profile=Profile.from_line(target_profile),
        wargear=[Item(name=n) for n in wargear],
    )
    return new_state(
        n23(),
        Gang(name="Red", fighters=[vex]),
        [],
        against=Opponent(Gang(name="Blue", fighters=[dax])),
    )


def attack(state: BattleState, weapon: str, dice: list[int] | None = None, **event: Any):
    data = {
        "event": "attack",
        "fighter": "Vex",
        "target": "Dax",
        "weapon": weapon,
        "range": "short",
    }
    data |= event
    return apply_event(n23(), state, parse_event(data), FixedDice(dice) if dice else None)


def dax(state: BattleState) -> FighterTrack:
    (track,) = state.find("Dax")
    return track


def log(state: BattleState) -> list[str]:
    return [line.split(": ", 1)[1] for line in state.log]


# ------------------------------------------------------------ Toxin and Gas


def test_a_toxin_weapon_with_no_damage_makes_an_injury_roll_and_takes_no_wound() -> None:
    state = battle(["Needle pistol"], target_profile='5" 4+ 4+ 3 3 2 4+ 1 7+ 7+ 7+ 7+')
    attack(state, "Needle pistol", firepower=[2], hit=3, toxin=[3], injury=[2])
    assert "Toxin: rolled 3 against T3, wounds." in log(state)
    assert "Toxin: an Injury roll for Dax, no Wound lost." in log(state)
    assert dax(state).wounds == 2  # no Wound lost
    assert dax(state).status is BattleStatus.SERIOUSLY_INJURED


def test_toxin_below_toughness_has_no_effect_and_a_natural_six_always_works() -> None:
    tough = '5" 4+ 4+ 3 6 1 4+ 1 7+ 7+ 7+ 7+'
    state = battle(["Stiletto knife"], target_profile=tough)
    attack(
        state, "Stiletto knife", range="engaged", attacks=2, hit=[4, 4], toxin=[5, 6], injury=[5]
    )
    assert "Toxin (hit 1 of 2): rolled 5 against T6, no effect." in log(state)
    assert "Toxin (hit 2 of 2): rolled 6 against T6, wounds." in log(state)
    assert dax(state).flesh_wounds == 1


def test_gas_allows_no_save_even_in_armour() -> None:
    state = battle(["Choke gas grenade"], ["Light carapace armour"])
    attack(state, "Choke gas grenade", firepower=[2], hits=1, toxin=[4], injury=["out_of_action"])
    assert "save: Gas allows no save." in log(state)
    assert dax(state).status is BattleStatus.OUT_OF_ACTION


def test_the_chem_thrower_attacks_with_gas_and_no_hit_roll() -> None:
    state = battle(["'Nightshade' chem-thrower"])
    done = attack(state, "'Nightshade' chem-thrower", firepower=[2], toxin=[2])
    assert "Template: no hit roll." in log(state)
    assert "Gas: rolled 2 against T3, no effect." in log(state)
    assert done.hit is None


# ------------------------------------------------------------- Strength


@pytest.mark.parametrize(
    ("weapon", "strength"),
    [
        ("Augmetic fist", "S+1"),
        ("Shock whip", "S+1"),
        ("Spud-jacker", "S+1"),
        ("Arc hammer", "S+3"),
    ],
)
def test_a_strength_bonus_is_written_s_plus_and_adds_to_the_users(
    weapon: str, strength: str
) -> None:
    entry = n23().weapon_entry(weapon)
    assert entry is not None and entry.profiles[0].strength == strength
    state = battle([weapon])
    vex = state.find("Vex")[0]
    lines = target_numbers(n23(), vex, vex.weapons[0].profiles[0], dax(state), "engaged")
    assert any(f"(S{3 + int(strength[2:])} vs T3)" in line for line in lines)


def test_a_bare_plus_one_on_an_older_card_still_adds_to_the_users_strength() -> None:
    fist = Weapon(
        name="Old fist",
        profiles=[WeaponProfile(rng_s="E", str="+1", ap="-", d="1", traits=["Melee"])],
    )
    state = battle([fist])
    attack(state, "Old fist", range="engaged", attacks=1, hit=6, wound=[6], injury=[5])
    assert any("(S4 vs T3)" in line for line in log(state))


# ------------------------------------------------------------ close combat


@pytest.mark.parametrize(
    "weapon",
    [
        "Venom claw",
        "Spud-jacker",
        "'Renderizer' serrated axe",
        "'Pulveriser' serrated axe",
        "Shock whip",
        "Arc hammer",
    ],
)
def test_the_six_close_combat_weapons_are_melee_and_fight_engaged(weapon: str) -> None:
    entry = n23().weapon_entry(weapon)
    assert entry is not None
    assert n23().has_mechanic(entry.profiles[0], Mechanic.MELEE)
    attack(battle([weapon]), weapon, range="engaged", attacks=1, hit=1)


@pytest.mark.parametrize(
    ("weapon", "needed", "shown"),
    [("Chainsword", 2, "melee +1"), ("Two-handed hammer", 4, "melee -1")],
)
def test_a_melee_weapons_accuracy_counts_in_close_combat(
    weapon: str, needed: int, shown: str
) -> None:
    state = battle([weapon])
    attack(state, weapon, range="engaged", attacks=1, hit=1)
    assert f"hit {needed}+ (WS 3+, {shown}): rolled 1, natural 1, miss." in log(state)
    lines = target_numbers(
        n23(),
        state.find("Vex")[0],
        state.find("Vex")[0].weapons[0].profiles[0],
        dax(state),
        "engaged",
    )
    assert f"hit {needed}+ (WS 3+, {shown})" in lines
    # A Sidearm shooting in close combat leaves its Accuracy behind.
    state = battle(["Autopistol"])
    attack(state, "Autopistol", range="engaged", firepower=[2], hit=1)
    assert "hit 3+ (WS 3+): rolled 1, natural 1, miss." in log(state)


def test_a_melee_weapon_attacks_as_engaged_even_with_a_reach() -> None:
    with pytest.raises(BattleError, match="choose engaged"):
        attack(battle(["Shock whip"]), "Shock whip", range="short", hit=3)


def test_close_combat_rolls_one_hit_per_attack_die_in_one_event() -> None:
    state = battle(["Fighting knife"], attacker_profile='5" 3+ 3+ 3 3 2 4+ 3 4+ 5+ 5+ 5+')
    dax(state).wounds = 5
    done = attack(state, "Fighting knife", [1, 5], range="engaged", hit=[4, 1, 6])
    lines = log(state)
    assert "attack dice: 3 (A 3)." in lines
    assert sum(1 for line in lines if line.startswith("attack die ")) == 3
    assert done.hit == [4, 1, 6] and done.wound is not None and len(done.wound) == 2


def test_a_charge_and_a_second_weapon_add_attack_dice() -> None:
    state = battle(["Fighting knife", "Chainsword"])
    done = attack(state, "Fighting knife", [1] * 6, range="engaged", charge=True)
    assert "attack dice: 4 (A 2, second weapon +1 (Chainsword), charge +1)." in log(state)
    assert done.hit is not None and len(done.hit) == 4
    state = battle(["Fighting knife"])
    done = attack(state, "Fighting knife", [1] * 6, range="engaged")
    assert "attack dice: 2 (A 2)." in log(state)


def test_attack_dice_given_must_match_the_hit_rolls() -> None:
    with pytest.raises(BattleError, match="2 attack dice make 2 hit rolls, got 1"):
        attack(battle(["Fighting knife"]), "Fighting knife", range="engaged", hit=[3])
    with pytest.raises(BattleError, match="attack dice are for a Melee weapon"):
        attack(battle(["Autopistol"]), "Autopistol", attacks=2, firepower=[2], hit=3)


# ------------------------------------------------------------ Injury dice


def test_a_seriously_injured_result_on_a_seriously_injured_fighter_is_a_flesh_wound() -> None:
    state = battle(["Autopistol"])
    attack(state, "Autopistol", firepower=[2], hit=4, wound=[6], injury=["seriously_injured"])
    assert dax(state).status is BattleStatus.SERIOUSLY_INJURED
    attack(state, "Autopistol", firepower=[2], hit=4, wound=[6], injury=["seriously_injured"])
    assert dax(state).flesh_wounds == 1
    assert "already Seriously Injured: a Flesh Wound" in log(state)[-1]


def test_each_seriously_injured_after_the_first_in_one_attack_is_a_flesh_wound() -> None:
    # T1: four Seriously Injured in a row leave the fighter Out of Action.
    state = battle(["Heavy stubber"], target_profile='5" 4+ 4+ 3 1 1 4+ 1 7+ 7+ 7+ 7+')
    attack(
        state,
        "Heavy stubber",
        firepower=[6, 2],
        hit=4,
        wound=[6, 6],
        injury=["seriously_injured", "seriously_injured"],
    )
    assert "Dax: 0 wounds, Injury dice: seriously injured." in log(state)
    assert dax(state).status is BattleStatus.OUT_OF_ACTION


# ------------------------------------------------------------ traits


def test_rending_adds_one_damage_on_a_natural_six_to_wound() -> None:
    state = battle(["Chainaxe"], target_profile='5" 4+ 4+ 3 3 2 4+ 1 7+ 7+ 7+ 7+')
    attack(state, "Chainaxe", range="engaged", attacks=1, hit=5, wound=[6], injury=[5])
    assert "Rending: a natural 6 to wound, +1 Damage." in log(state)
    assert dax(state).wounds == 0


def test_power_on_a_natural_six_to_hit_allows_no_armour_save_and_adds_one_damage() -> None:
    state = battle(
        ["Power sword"], ["Light carapace armour"], target_profile='5" 4+ 4+ 3 3 2 4+ 1 7+ 7+ 7+ 7+'
    )
    done = attack(state, "Power sword", range="engaged", attacks=1, hit=6, wound=[4], injury=[5])
    assert any(line.startswith("Power: a natural 6 to hit, no armour save") for line in log(state))
    assert "Power: a natural 6 to hit, +1 Damage." in log(state)
    assert done.save is None
    assert any(line.startswith("Parry (for the table)") for line in log(state))


def test_melta_at_short_range_takes_the_target_out_with_no_injury_dice() -> None:
    state = battle(["Meltagun"])
    done = attack(state, "Meltagun", firepower=[2], hit=4, wound=[3])
    assert "Melta at short range: Dax goes Out of Action, no Injury dice." in log(state)
    assert done.injury is None
    assert dax(state).status is BattleStatus.OUT_OF_ACTION


def test_shock_wounds_automatically_on_a_natural_six_to_hit() -> None:
    state = battle(["Shock stave"])
    done = attack(state, "Shock stave", range="engaged", attacks=1, hit=6, injury=[5])
    assert "Shock: a natural 6 to hit wounds automatically." in log(state)
    assert done.wound is None


def test_sever_takes_a_fighter_at_zero_wounds_out_of_action_with_no_injury_dice() -> None:
    state = battle(["Heavy chain cleaver"])
    done = attack(state, "Heavy chain cleaver", range="engaged", attacks=1, hit=5, wound=[5])
    assert "Sever: Dax goes Out of Action, no Injury dice." in log(state)
    assert done.injury is None and dax(state).status is BattleStatus.OUT_OF_ACTION


def test_shred_doubles_the_ap_on_a_natural_six_to_wound() -> None:
    state = battle(["Butcher's chain cleaver"], ["Light carapace armour"])
    attack(
        state,
        "Butcher's chain cleaver",
        range="engaged",
        attacks=1,
        hit=5,
        wound=[6],
        injury=[6, 6],
    )
    assert "Shred: a natural 6 to wound doubles the AP to -4." in log(state)
    assert "save (Light carapace armour 4+, AP -4): 8+ cannot be made." in log(state)


def test_scattershot_rolls_a_d6_of_wound_rolls() -> None:
    state = battle(["Sawn-off shotgun"])
    attack(
        state,
        "Sawn-off shotgun",
        profile="scatter ammo",
        firepower=[2],
        hit=4,
        scatter=[3],
        wound=[1, 1, 1],
    )
    assert "Scattershot: D6 = 3 wound rolls." in log(state)


def test_concussion_and_seismic_mark_the_target() -> None:
    state = battle(["Grav gun"])
    attack(state, "Grav gun", firepower=[2], hits=1, toxin=[2])
    assert Marker.CONCUSSION in dax(state).markers
    assert "Graviton Pulse: rolled 2 against S3, no effect." in log(state)


def test_graviton_pulse_above_strength_deals_damage_with_no_armour_save() -> None:
    state = battle(["Grav gun"], ["Flak armour"])
    attack(state, "Grav gun", firepower=[2], hits=1, toxin=[5], injury=[5, 5])
    assert "Graviton Pulse: no armour save." in log(state)
    assert dax(state).wounds == 0


def test_web_makes_the_target_webbed_instead_of_damage() -> None:
    state = battle(["Web pistol"])
    attack(state, "Web pistol", firepower=[2], wound=[4])
    assert Marker.WEBBED in dax(state).markers
    assert dax(state).wounds == 1


def test_smoke_hurts_nobody() -> None:
    state = battle(["Smoke grenade"])
    attack(state, "Smoke grenade", firepower=[2], hits=1)
    assert any("hurts nobody" in line for line in log(state))


# ------------------------------------------------------------ armour


def test_the_armoured_bodyglove_gives_its_save_alone_and_improves_other_armour() -> None:
    state = battle(["Autopistol"], ["Armoured bodyglove"])
    attack(state, "Autopistol", firepower=[2], hit=4, wound=[6], save=[6])
    assert "save 6+ (Armoured bodyglove 6+): rolled 6, saved." in log(state)
    state = battle(["Autopistol"], ["Mesh armour", "Armoured bodyglove"])
    attack(state, "Autopistol", firepower=[2], hit=4, wound=[6], save=[4])
    assert "save 4+ (Mesh armour, Armoured bodyglove +1 4+): rolled 4, saved." in log(state)
    # Two armours that do not improve each other: the best save counts.
    state = battle(["Autopistol"], ["Flak armour", "Mesh armour"])
    attack(state, "Autopistol", firepower=[2], hit=4, wound=[6], save=[5])
    assert "save 5+ (Mesh armour 5+): rolled 5, saved." in log(state)


def test_field_armour_is_its_own_save_that_ap_does_not_change() -> None:
    state = battle(["Power sword"], ["Flak armour", "Refractor field"])
    attack(state, "Power sword", range="engaged", attacks=1, hit=6, wound=[4], save=[5])
    assert "save 5+ (Refractor field 5+, field armour: AP does not apply): rolled 5, saved." in log(
        state
    )


# ------------------------------------------------------------ Template, Blast


def test_a_template_shows_no_hit_roll() -> None:
    state = battle(["Flamer"])
    vex = state.find("Vex")[0]
    lines = target_numbers(n23(), vex, vex.weapons[0].profiles[0], dax(state), "short")
    assert not any(line.startswith("hit ") for line in lines)
    assert any("no hit roll" in line for line in lines)


def test_a_blast_knocks_back_the_same_by_roll_and_by_count() -> None:
    ways: list[dict[str, Any]] = [{"hit": 4}, {"hits": 1}]
    for how in ways:
        state = battle(["Grenade launcher"])
        attack(
            state,
            "Grenade launcher",
            profile="frag grenade",
            firepower=[2],
            knockback_roll=3,
            wound=[1],
            **how,
        )
        assert any(p.kind is PromptKind.KNOCKBACK for p in state.prompts), how


# ------------------------------------------------------------ one weapon, one ammo


def test_a_failed_ammo_test_puts_every_profile_of_shared_ammo_out() -> None:
    state = battle(["Plasma pistol"])
    attack(
        state,
        "Plasma pistol",
        profile="maximal",
        firepower=[1],
        hit=2,
        ammo=[2],
        unstable=4,
        wound=[1],
    )
    pistol = state.find("Vex")[0].weapons[0]
    assert [p.state for p in pistol.profiles] == [ProfileState.OUT_OF_AMMO] * 2
    assert any("one ammunition: low too" in line for line in log(state))
    with pytest.raises(BattleError, match="Out of Ammo"):
        attack(state, "Plasma pistol", profile="low", firepower=[2], hit=4)
    # The grenade launcher's frag and krak are bought apart: each keeps its own.
    state = battle(["Grenade launcher"])
    attack(
        state,
        "Grenade launcher",
        profile="frag grenade",
        firepower=[1],
        hits=1,
        ammo=[2],
        knockback_roll=1,
        wound=[1],
    )
    launcher = state.find("Vex")[0].weapons[0]
    assert [p.state for p in launcher.profiles] == [
        ProfileState.OUT_OF_AMMO,
        *[ProfileState.READY] * (len(launcher.profiles) - 1),
    ]


def test_a_reload_readies_every_profile_of_shared_ammo() -> None:
    state = battle(["Rad beamer"])
    attack(state, "Rad beamer", profile="focused", firepower=[1], hit=1, ammo=[2])
    beamer = state.find("Vex")[0].weapons[0]
    assert [p.state for p in beamer.profiles] == [ProfileState.OUT_OF_AMMO] * 2
    reload = {"event": "reload", "fighter": "Vex", "weapon": "Rad beamer", "profile": "dispersed"}
    apply_event(n23(), state, parse_event({**reload, "roll": 6}))
    assert [p.state for p in beamer.profiles] == [ProfileState.READY] * 2


# ------------------------------------------------------------ more 2023 traits


def test_a_grenade_rolls_no_firepower_and_takes_its_ammo_test_after_the_attack() -> None:
    state = battle(["Frag grenade"])
    done = attack(state, "Frag grenade", hits=1, knockback_roll=1, wound=[1], ammo=[2])
    lines = log(state)
    assert not any(line.startswith("Firepower") for line in lines)
    assert "Grenade: the Ammo test follows the attack." in lines
    assert done.firepower is None and done.ammo == [2]
    assert state.find("Vex")[0].weapons[0].profiles[0].state is ProfileState.OUT_OF_AMMO


def test_gas_and_smoke_pin_nobody_and_fear_turns_the_injury_roll_into_a_nerve_test() -> None:
    state = battle(["Scare gas grenade"])
    attack(state, "Scare gas grenade", hits=1, toxin=[5], ammo=[6])
    assert dax(state).status is BattleStatus.ACTIVE
    assert "Fear: no Injury roll; Dax takes a Nerve test at -2 (Broken if failed)." in log(state)
    assert any(p.kind is PromptKind.NERVE_TEST for p in state.prompts)
    state = battle(["Smoke grenade"])
    attack(state, "Smoke grenade", hits=1, ammo=[6])
    assert dax(state).status is BattleStatus.ACTIVE


def test_seismic_pins_and_a_natural_six_to_wound_allows_no_save() -> None:
    state = battle(
        ["Seismic cannon"],
        ["Light carapace armour"],
        target_profile='5" 4+ 4+ 3 3 3 4+ 1 7+ 7+ 7+ 7+',
    )
    done = attack(state, "Seismic cannon", profile="short wave", firepower=[2], hit=5, wound=[6])
    assert (
        "Seismic: Dax is knocked Prone and Pinned." in log(state)
        or dax(state).status is BattleStatus.PINNED
    )
    assert "Seismic: a natural 6 to wound allows no save." in log(state)
    assert done.save is None


def test_melta_with_no_short_range_works_at_any_range() -> None:
    state = battle(["Melta bomb"])
    attack(state, "Melta bomb", range="long", hit=5, wound=[2], ammo=[6])
    assert "Melta (no Short range): Dax goes Out of Action, no Injury dice." in log(state)


def test_pulverise_turns_a_flesh_wound_into_seriously_injured() -> None:
    state = battle(["Power pick"])
    attack(
        state, "Power pick", range="engaged", attacks=1, hit=4, wound=[5], injury=[5], pulverise=[3]
    )
    assert "Pulverise: rolled 3 against T3, a Flesh Wound becomes Seriously Injured." in log(state)
    assert dax(state).status is BattleStatus.SERIOUSLY_INJURED


def test_rad_phage_adds_a_flesh_wound_unless_a_bodyglove_shields_the_target() -> None:
    state = battle(["Rad beamer"], target_profile='5" 4+ 4+ 3 3 3 4+ 1 7+ 7+ 7+ 7+')
    attack(state, "Rad beamer", profile="focused", firepower=[2], hit=4, wound=[1], rad_phage=4)
    assert "Rad-phage: rolled 4, one more Flesh Wound." in log(state)
    assert dax(state).flesh_wounds == 1
    state = battle(["Rad beamer"], ["Armoured bodyglove"])
    done = attack(state, "Rad beamer", profile="focused", firepower=[2], hit=4, wound=[1])
    assert "Rad-phage: Dax's Armoured bodyglove shields them, no roll." in log(state)
    assert done.rad_phage is None


def test_unstable_on_the_ammo_symbol_may_take_the_wielder_out_of_action() -> None:
    state = battle(["Plasma gun"])
    attack(
        state,
        "Plasma gun",
        profile="maximal",
        firepower=[1],
        hit=2,
        ammo=[6],
        unstable=2,
        wound=[1],
    )
    assert "Unstable: Vex goes Out of Action." in log(state)
    assert state.find("Vex")[0].status is BattleStatus.OUT_OF_ACTION


def test_an_attack_stored_before_the_attack_dice_and_trait_dice_replays() -> None:
    """A stored event has no keys for the new dice: its rules are skipped, not refused."""
    state = battle(["Fighting knife", "Grenade launcher", "Rad beamer"])
    # Raw event keys, as a stored battle holds them.
    stored: list[dict[str, Any]] = [
        # one hit roll as a number: one attack die, as it was resolved
        {"weapon": "Fighting knife", "range": "engaged", "hit": 4, "wound": [1]},
        # a Blast with Knockback, the hit roll 5 serving as it did
        {
            "weapon": "Grenade launcher",
            "profile": "frag grenade",
            "firepower": [2],
            "hit": 5,
            "wound": [1],
        },
        # Rad-phage with no D6 stored
        {"weapon": "Rad beamer", "profile": "focused", "firepower": [2], "hit": 5, "wound": [1]},
    ]
    for event in stored:
        attack(state, **event)
    assert any("Knockback: hit roll 5" in line for line in log(state))
    assert not any(line.startswith("Rad-phage") for line in log(state))


def test_shield_breaker_rolls_two_dice_for_the_field_save_and_keeps_the_lower() -> None:
    state = battle(["Long rifle"], ["Refractor field"])
    attack(
        state,
        "Long rifle",
        profile="static round",
        firepower=[2],
        hit=5,
        wound=[4],
        save=[6, 2],
        injury=[5],
    )
    assert (
        "save 5+ (Refractor field 5+, field armour: AP does not apply): rolled 6 and 2"
        " (Shield Breaker: keeps 2), fails." in log(state)
    )


def test_two_armours_in_either_order_give_the_best_save() -> None:
    for worn in (["Mesh armour", "Flak armour"], ["Flak armour", "Mesh armour"]):
        state = battle(["Autopistol"], worn)
        attack(state, "Autopistol", firepower=[2], hit=4, wound=[6], save=[5])
        assert "save 5+ (Mesh armour 5+): rolled 5, saved." in log(state)
