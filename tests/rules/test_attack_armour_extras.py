"""The n23 armoury's armour extras, as the pack's data says: Armourweave's save limit,
the reflec shroud against las, plasma and melta, respirators against Gas, and the
displacer field that cannot work against an attack with no Strength."""

from __future__ import annotations

from gangmanager.rules.attack_numbers import target_numbers
from gangmanager.rules.battle_events import BattleStatus
from gangmanager.rules.weapons import Weapon, WeaponProfile

from .test_battle_attack_2023 import attack, battle, dax, log, n23


def test_armourweave_is_never_worse_than_6_plus_whatever_the_ap() -> None:
    # Power sword: AP -2 would make a 5+ a 7+.
    state = battle(["Power sword"], ["Armourweave"])
    attack(state, "Power sword", range="engaged", attacks=1, hit=4, wound=[4], save=[6])
    assert "save 6+ (Armourweave 5+, AP -2, never worse than 6+): rolled 6, saved." in log(state)
    # Mesh armour, the same 5+ with no limit: no save at all.
    state = battle(["Power sword"], ["Mesh armour"])
    attack(state, "Power sword", range="engaged", attacks=1, hit=4, wound=[4], injury=[1])
    assert "save (Mesh armour 5+, AP -2): 7+ cannot be made." in log(state)


def test_a_reflec_shroud_ignores_the_ap_of_plasma_but_not_of_a_sword() -> None:
    state = battle(["Plasma gun"], ["Reflec shroud"])
    attack(state, "Plasma gun", profile="maximal", firepower=[2], hit=4, wound=[4], save=[5])
    assert "save 5+ (Reflec shroud 5+, AP -2 counts as -): rolled 5, saved." in log(state)
    state = battle(["Power sword"], ["Reflec shroud"])
    attack(state, "Power sword", range="engaged", attacks=1, hit=4, wound=[4], injury=[1])
    assert "save (Reflec shroud 5+, AP -2): 7+ cannot be made." in log(state)


def test_the_reflec_shroud_names_las_weapons_by_the_word_they_start_with() -> None:
    reflec = n23().wargear_item("Reflec shroud")
    assert reflec is not None and "las" in reflec.ignores_ap_of
    state = battle(["Lasgun"], ["Reflec shroud"])
    attack(state, "Lasgun", profile="hotshot las pack", firepower=[2], hit=4, wound=[4], save=[5])
    assert any("AP -1 counts as -" in line for line in log(state))
    # "Blast" holds "las" but does not start with it: a blast carbine keeps its AP.
    carbine = Weapon(
        name="Blast carbine",
        profiles=[
            WeaponProfile(rng_s='12"', rng_l='24"', str="4", ap="-1", d="1", am="4+", traits=[])
        ],
    )
    state = battle([carbine], ["Reflec shroud"])
    attack(state, "Blast carbine", firepower=[2], hit=4, wound=[4], save=[6])
    assert "save 6+ (Reflec shroud 5+, AP -1): rolled 6, saved." in log(state)


def test_a_respirator_adds_to_toughness_against_gas_and_more_with_a_hazard_suit() -> None:
    state = battle(["Choke gas grenade"], ["Respirator"])
    attack(state, "Choke gas grenade", firepower=[2], hits=1, toxin=[4])
    assert "Gas: Respirator add 2 to Toughness (5)." in log(state)
    assert "Gas: rolled 4 against T5, no effect." in log(state)
    assert dax(state).status is BattleStatus.ACTIVE
    state = battle(["Choke gas grenade"], ["Respirator", "Hazard suit"])
    attack(state, "Choke gas grenade", firepower=[2], hits=1, toxin=[5])
    assert "Gas: rolled 5 against T6, no effect." in log(state)
    # Two respirators do not add up: the best counts.
    state = battle(["Choke gas grenade"], ["Respirator", "Filter plugs"])
    attack(state, "Choke gas grenade", firepower=[2], hits=1, toxin=[4])
    assert "Gas: rolled 4 against T5, no effect." in log(state)
    # Toxin is not Gas: the respirator does nothing against a needle pistol.
    state = battle(["Needle pistol"], ["Respirator"])
    attack(state, "Needle pistol", firepower=[2], hit=3, toxin=[3], injury=[2])
    assert "Toxin: rolled 3 against T3, wounds." in log(state)


def test_a_displacer_field_cannot_work_against_an_attack_with_no_strength() -> None:
    # The needle pistol has no Strength ("-"): no field save.
    state = battle(["Needle pistol"], ["Displacer field"])
    attack(state, "Needle pistol", firepower=[2], hit=3, toxin=[3], injury=[2])
    assert "save: the attack has no Strength, the field cannot work." in log(state)
    assert "save: Dax has no armour." in log(state)
    # A refractor field works against it.
    state = battle(["Needle pistol"], ["Refractor field"])
    attack(state, "Needle pistol", firepower=[2], hit=3, toxin=[3], save=[5])
    assert any(line.startswith("save 5+ (Refractor field 5+") for line in log(state))
    # With a Strength, the displacer saves on 4+.
    state = battle(["Autopistol"], ["Displacer field"])
    attack(state, "Autopistol", firepower=[2], hit=4, wound=[4], save=[4])
    assert any(line.startswith("save 4+ (Displacer field 4+") for line in log(state))


def test_the_target_numbers_show_the_respirator_and_the_armourweave_limit() -> None:
    state = battle(["Choke gas grenade"], ["Respirator"])
    (vex,) = state.find("Vex")
    lines = target_numbers(n23(), vex, vex.weapons[0].profiles[0], dax(state), "short")
    assert any(line.startswith("Toxin/Gas: a D6 of 5+ (T3 +2 Respirator)") for line in lines)
    state = battle(["Power sword"], ["Armourweave"])
    (vex,) = state.find("Vex")
    lines = target_numbers(n23(), vex, vex.weapons[0].profiles[0], dax(state), "engaged")
    assert "save 6+ (Armourweave 5+, AP -2)" in lines


def test_a_refractor_field_that_saves_may_burn_out_for_the_rest_of_the_battle() -> None:
    state = battle(["Autopistol"], ["Refractor field"])
    dax(state).wounds = 3
    done = attack(state, "Autopistol", firepower=[2], hit=4, wound=[4], save=[5], burn_out=[1])
    assert "Refractor field: rolled 1, it burns out and works no more" in log(state)[-1]
    assert done.burn_out == [1] and dax(state).burnt_out == {"Refractor field"}
    attack(state, "Autopistol", firepower=[2], hit=4, wound=[4])
    assert log(state)[-3] == "save: Dax has no armour."
    # A 2 or more: it holds; the die is rolled when left out.
    state = battle(["Autopistol"], ["Refractor field"])
    done = attack(state, "Autopistol", [3], firepower=[2], hit=4, wound=[4], save=[5])
    assert "Refractor field: rolled 3, it holds." in log(state)
    assert done.burn_out == [3] and not dax(state).burnt_out


def test_an_attack_stored_before_the_burn_out_roll_replays_without_it() -> None:
    state = battle(["Autopistol"], ["Refractor field"])
    attack(state, "Autopistol", firepower=[2], hit=4, wound=[4], save=[5])
    assert not dax(state).burnt_out


def test_an_ablative_overlay_improves_two_saves_then_is_spent() -> None:
    state = battle(["Autopistol"], ["Flak armour", "Ablative overlay"])
    dax(state).wounds = 5
    for save in (4, 4, 4):
        attack(state, "Autopistol", firepower=[2], hit=4, wound=[4], save=[save])
    lines = [line for line in log(state) if line.startswith("save")]
    assert lines == [
        "save 4+ (Flak armour, Ablative overlay +2 4+): rolled 4, saved.",
        "save 5+ (Flak armour, Ablative overlay +1 5+): rolled 4, fails.",
        "save 6+ (Flak armour 6+): rolled 4, fails.",
    ]
    # With no armour under it: 5+, then 6+.
    state = battle(["Autopistol"], ["Ablative overlay"])
    dax(state).wounds = 5
    attack(state, "Autopistol", firepower=[2], hit=4, wound=[4], save=[5])
    assert "save 5+ (Ablative overlay 5+): rolled 5, saved." in log(state)
