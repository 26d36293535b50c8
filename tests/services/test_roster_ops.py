"""The pure roster edits and checks the roster editor builds on (rules.roster_ops)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gangmanager.rules import roster_ops
from gangmanager.rules.gang import Category, Fighter, Gang
from gangmanager.rules.modifiers import ModifierKind
from gangmanager.rules.profile import Profile
from gangmanager.rules.roster_ops import RosterError
from gangmanager.rules.ruleset import Ruleset
from gangmanager.rules.weapons import Weapon, WeaponProfile
from gangmanager.services.demo import demo_gang
from gangmanager.services.rulesets import Rulesets

from ..narrowing import present

GANGER = Profile.from_line('5" 4+ 4+ 3 3 1 4+ 1 6+ 7+ 7+ 7+')


@pytest.fixture
def n23(tmp_path: Path) -> Ruleset:
    return Rulesets(tmp_path / "data").get("n23")


def fighter(name: str, category: Category) -> Fighter:
    return Fighter(name=name, category=category, profile=GANGER)


def test_unwieldy_weapons_take_two_slots_and_the_limit_is_warned(n23: Ruleset) -> None:
    heavy = roster_ops.armoury_weapon(present(roster_ops.armoury_entry(n23, "Heavy stubber")))
    assert roster_ops.weapon_slots(heavy, n23) == 2
    pistol = roster_ops.armoury_weapon(present(roster_ops.armoury_entry(n23, "Autopistol")))
    assert roster_ops.weapon_slots(pistol, n23) == 1
    gunner = fighter("Vex", Category.GANGER).model_copy(update={"weapons": [heavy]})
    assert roster_ops.slot_warning(gunner, n23) is None
    assert roster_ops.slot_warning(gunner, n23, adding=pistol) is None
    warning = roster_ops.slot_warning(gunner, n23, adding=heavy)
    assert warning is not None and "4 slots; the limit is 3" in warning
    overloaded = gunner.model_copy(update={"weapons": [heavy, heavy]})
    warning = roster_ops.slot_warning(overloaded, n23)
    assert warning is not None and "Vex's weapons take 4 slots" in warning


def test_composition_wants_one_leader_and_enough_gang_fighters() -> None:
    gang = Gang(name="G", fighters=[fighter("A", Category.CHAMPION)])
    warnings = roster_ops.composition_warnings(gang)
    assert any("no Leader" in w for w in warnings)
    assert any("Gang Fighters (0)" in w for w in warnings)
    gang = Gang(
        name="G",
        fighters=[
            fighter("L", Category.LEADER),
            fighter("C", Category.CHAMPION),
            fighter("G", Category.GANGER),
            fighter("J", Category.JUVE),
        ],
    )
    assert roster_ops.composition_warnings(gang) == []
    two = roster_ops.add_fighter(gang, fighter("L2", Category.LEADER))
    assert roster_ops.composition_warnings(two)[0] == (
        "The gang has 2 Leaders: it may have only one."
    )


def test_armoury_weapons_come_with_their_free_profiles_only(n23: Ruleset) -> None:
    entry = roster_ops.armoury_entry(n23, "las gun")  # an alias
    assert entry is not None and entry.name == "Lasgun"
    lasgun = roster_ops.armoury_weapon(entry)
    assert [p.cost for p in lasgun.profiles] == [0]
    assert [p.name for p in roster_ops.paid_profiles(entry, lasgun)] == ["hotshot las pack"]
    with_pack = lasgun.model_copy(update={"profiles": entry.profiles})
    assert roster_ops.paid_profiles(entry, with_pack) == []
    assert roster_ops.paid_profiles(None, lasgun) == []


def test_advancement_xp_escalates_except_for_juves(n23: Ruleset) -> None:
    bs = present(n23.advancement("bs"))
    ganger = fighter("G", Category.GANGER)
    assert roster_ops.advancement_xp(ganger, bs) == 6
    advanced = ganger.model_copy(update={"modifiers": [roster_ops.advancement_modifier(bs)]})
    assert roster_ops.advancement_xp(advanced, bs) == 6 + bs.escalation
    juve = advanced.model_copy(update={"category": Category.JUVE})
    assert roster_ops.advancement_xp(juve, bs) == 6
    modifier = roster_ops.advancement_modifier(bs)
    assert modifier.kind is ModifierKind.ADVANCEMENT and modifier.cost == bs.credits
    skill = next(a for a in n23.advancements if a.skill is not None)
    with pytest.raises(RosterError, match="skill advancement"):
        roster_ops.advancement_modifier(skill)


def test_typed_modifier_lines(n23: Ruleset) -> None:
    modifier = roster_ops.line_modifier("Bounty", "M: +1, BS: +1, Cl: +1, Wil: +1")
    assert modifier.changes == {"M": 1, "BS": 1, "Cl": 1, "Wil": 1}
    assert modifier.kind is ModifierKind.MANUAL
    with pytest.raises(RosterError, match="unknown characteristic 'Q'"):
        roster_ops.line_modifier("Bounty", "Q: +1")
    with pytest.raises(RosterError, match="needs a source"):
        roster_ops.line_modifier(" ", "M: +1")


@pytest.mark.parametrize(
    ("code", "text", "value"),
    [("M", '6"', 6), ("BS", "3+", 3), ("S", "4", 4), ("Ld", "7+", 7), ("A", "-", None)],
)
def test_characteristic_boxes_accept_printed_values(code: str, text: str, value: int) -> None:
    assert roster_ops.parse_characteristic(code, text) == value


@pytest.mark.parametrize(
    ("code", "text", "message"),
    [
        ("M", "4+", "not a valid Movement value"),
        ("BS", '3"', "not a valid Ballistic Skill value"),
        ("BS", "1+", "outside 2+ (best) to 6+ (worst)"),
        ("S", "0", "outside"),
        ("Ld", "11+", "outside"),
        ("T", "", "empty value"),
        ("WS", "abc", "not a valid"),
    ],
)
def test_characteristic_boxes_refuse_bad_values(code: str, text: str, message: str) -> None:
    with pytest.raises(RosterError, match=re.escape(message)):
        roster_ops.parse_characteristic(code, text)


def test_paid_profiles_are_added_and_removed_but_never_the_last(n23: Ruleset) -> None:
    gang = demo_gang(n23)
    dex = next(i for i, f in enumerate(gang.fighters) if f.name == "Dex Hollow")
    shotgun = gang.fighters[dex].weapons[0]
    assert len(shotgun.profiles) == 3
    gang = roster_ops.remove_profile_at(gang, dex, 0, 2)
    with pytest.raises(RosterError, match="already has the profile"):
        roster_ops.add_profile(gang, dex, 0, gang.fighters[dex].weapons[0].profiles[0])
    single = Gang(
        name="G",
        fighters=[
            fighter("A", Category.GANGER).model_copy(
                update={"weapons": [Weapon(name="Knife", profiles=[WeaponProfile()])]}
            )
        ],
    )
    with pytest.raises(RosterError, match="remove the weapon instead"):
        roster_ops.remove_profile_at(single, 0, 0, 0)


def test_spending_refuses_more_than_the_gang_has() -> None:
    gang = Gang(name="Poor", credits=10)
    assert roster_ops.spend(gang, 10, "Knife").credits == 0
    with pytest.raises(RosterError, match="Lasgun costs 15 credits; Poor has only 10"):
        roster_ops.spend(gang, 15, "Lasgun")


def test_recruits_take_the_type_profile_and_cost(n23: Ruleset) -> None:
    captain = present(n23.house("orlock")).fighter_types[0]
    recruit = roster_ops.recruit(captain, "  Mags   Varga ")
    assert recruit.name == "Mags Varga"
    assert (recruit.type, recruit.category, recruit.cost) == (captain.name, Category.LEADER, 105)
    assert roster_ops.recruit(captain, "").name == captain.name


def test_skills_are_not_doubled() -> None:
    gang = Gang(name="G", fighters=[fighter("A", Category.GANGER)])
    gang = roster_ops.add_skill(gang, 0, "  Nerves   of Steel ")
    assert gang.fighters[0].skills == ["Nerves of Steel"]
    with pytest.raises(RosterError, match="already has the skill"):
        roster_ops.add_skill(gang, 0, "nerves of steel")


def test_injuries_are_recorded_by_name_even_twice_and_removed_by_position() -> None:
    gang = Gang(name="G", fighters=[fighter("A", Category.GANGER)])
    gang = roster_ops.add_injury(gang, 0, "  Head   Injury ")
    gang = roster_ops.add_injury(gang, 0, "Head Injury")
    assert gang.fighters[0].injuries == ["Head Injury", "Head Injury"]
    with pytest.raises(RosterError, match="an injury needs a name"):
        roster_ops.add_injury(gang, 0, "   ")
    gang = roster_ops.remove_injury(gang, 0, 1)
    assert gang.fighters[0].injuries == ["Head Injury"]
