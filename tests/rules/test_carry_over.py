"""Carrying a 2023 gang over to the 2026 edition (issue #26), the pure rules function:
types by the pack's renames or by name, the new type's profile or the old one
re-expressed, items, skills and injuries mapped or dropped (with their credits), XP as
the total earned and the rank it reaches; the 2023 gang is never changed."""

from __future__ import annotations

import pytest

from gangmanager.content import builtin_rulesets_dir, load_ruleset
from gangmanager.rules import roster_ops
from gangmanager.rules.carry_over import carry_over
from gangmanager.rules.carry_over_fighters import KEEP
from gangmanager.rules.carry_over_lines import CarryOverError, Line
from gangmanager.rules.gang import Category, Fighter, Gang
from gangmanager.rules.modifiers import ModifierKind
from gangmanager.rules.ruleset import Ruleset
from gangmanager.rules.weapons import Item, Weapon
from gangmanager.services.demo import demo_gang

from ..narrowing import present

OLD = load_ruleset("n23", [builtin_rulesets_dir()])
NEW = load_ruleset("n26", [builtin_rulesets_dir()])


def _recruit(ruleset: Ruleset, house: str, type_name: str, name: str) -> Fighter:
    return roster_ops.recruit(present(ruleset.fighter_type(house, type_name)), name, ruleset)


def _gang(*fighters: Fighter, house: str = "House Escher", credits: int = 100) -> Gang:
    return Gang(
        name="Old Blood", house=house, ruleset="n23", credits=credits, fighters=list(fighters)
    )


def _lines(lines: tuple[Line, ...], fighter: str, kind: str) -> list[Line]:
    return [line for line in lines if line.fighter == fighter and line.kind == kind]


def test_a_renamed_type_takes_the_new_type_and_its_profile() -> None:
    sister = _recruit(OLD, "escher", "Sister", "Vex")
    result = carry_over(_gang(sister), OLD, NEW)
    vex = present(result.gang.fighter("Vex"))
    gang_sister = present(NEW.fighter_type("escher", "Gang Sister"))
    assert (vex.type, vex.category, vex.cost) == ("Gang Sister", Category.GANGER, gang_sister.cost)
    assert vex.profile == gang_sister.profile
    [line] = _lines(result.lines, "Vex", "fighter")
    assert (line.source, line.target, line.status) == ("Sister", "Gang Sister", "changed")
    assert result.gang.ruleset == "n26" and result.gang.name == "Old Blood (n26)"


def test_a_juve_of_the_same_name_becomes_the_new_prospect() -> None:
    little = _recruit(OLD, "escher", "Little Sister", "Pip")
    carried = present(carry_over(_gang(little), OLD, NEW).gang.fighter("Pip"))
    assert (carried.type, carried.category) == ("Little Sister", Category.PROSPECT)


def test_a_type_the_new_pack_lacks_is_re_expressed_and_says_it_was_chosen() -> None:
    # House Orlock has no 2026 list: the Gunner is kept, its targets as plain numbers.
    gunner = _recruit(OLD, "orlock", "Gunner", "Rook")
    result = carry_over(_gang(gunner, house="House Orlock"), OLD, NEW)
    rook = present(result.gang.fighter("Rook"))
    printed = rook.profile.printed()
    old = gunner.profile.printed()
    # I 4+ on a D6 -> 3; Ld 6+ and Cl 7+ on 2D6 -> 7 and 6; Sv, new, unarmoured.
    assert (old["I"], old["Ld"], old["Cl"]) == ("4+", "6+", "7+")
    assert (printed["I"], printed["Ld"], printed["Cl"], printed["Sv"]) == ("3", "7", "6", "6+")
    assert (printed["M"], printed["WS"], printed["S"]) == (old["M"], old["WS"], old["S"])
    [line] = _lines(result.lines, "Rook", "fighter")
    assert line.status == "choose" and line.target == "Gunner" + KEEP
    assert line.options == ("Gunner" + KEEP,) and "no Gunner" in line.why
    assert rook.type == "Gunner" and rook.category is Category.GANGER


def test_a_choose_line_offers_the_house_types_nearest_first_and_takes_the_choice() -> None:
    sister = _recruit(OLD, "escher", "Sister", "Vex")
    odd = sister.model_copy(update={"type": "Bounty Sister", "cost": 55})
    nearest = carry_over(_gang(odd), OLD, NEW)
    [line] = _lines(nearest.lines, "Vex", "fighter")
    gangers = [
        t for t in present(NEW.house("escher")).fighter_types if t.category is Category.GANGER
    ]
    assert line.status == "choose" and line.key
    assert set(line.options[: len(gangers)]) == {t.name for t in gangers}
    assert line.options[len(gangers)] == "Bounty Sister" + KEEP
    assert line.target == line.options[0]
    assert abs(present(NEW.fighter_type("escher", line.target)).cost - 55) == min(
        abs(t.cost - 55) for t in gangers
    )
    chosen = carry_over(_gang(odd), OLD, NEW, {line.key: "Huntress"})
    [picked] = _lines(chosen.lines, "Vex", "fighter")
    assert (picked.target, picked.status, picked.why) == ("Huntress", "choose", "your choice")
    vex = present(chosen.gang.fighter("Vex"))
    assert vex.type == "Huntress"
    assert vex.profile == present(NEW.fighter_type("escher", "Huntress")).profile
    # A choice that is not an option takes the nearest again.
    again = carry_over(_gang(odd), OLD, NEW, {line.key: "Gang Queen of Nowhere"})
    assert present(again.gang.fighter("Vex")).type == line.target


def test_items_map_by_rename_or_name_and_what_is_missing_pays_back() -> None:
    sister = _recruit(OLD, "escher", "Sister", "Vex")
    sister = sister.model_copy(
        update={
            "weapons": [
                Weapon(name="Frag grenade", cost=30),
                Weapon(name="Hand crossbow", cost=20),
            ],
            "wargear": [
                Item(name="Flak armour", cost=10),
                Item(name="Light carapace armour", cost=80),
            ],
        }
    )
    result = carry_over(_gang(sister, credits=100), OLD, NEW)
    vex = present(result.gang.fighter("Vex"))
    assert [w.name for w in vex.weapons] == ["Frag grenades"]
    assert vex.weapons[0].cost == 30  # the price paid, not the new one
    assert [i.name for i in vex.wargear] == ["Light carapace armour"]
    statuses = {line.source: line.status for line in result.lines if line.fighter == "Vex"}
    assert statuses["Frag grenade"] == "changed"
    assert statuses["Hand crossbow"] == statuses["Flak armour"] == "dropped"
    assert result.gang.credits == 100 + 20 + 10
    # The 2026 armour improves Sv: an Equipment modifier says by how much.
    [armour] = [m for m in vex.modifiers if m.kind is ModifierKind.EQUIPMENT]
    assert armour.source == "Light carapace armour" and armour.changes.get("Sv") == 1
    assert vex.effective().values["Sv"] == present(vex.profile.values["Sv"]) - 1


def test_a_paid_weapon_profile_the_new_pack_lacks_pays_back() -> None:
    gang = demo_gang(OLD)
    dex = present(gang.fighter("Dex Hollow"))
    shotgun = present(dex.weapon("Shotgun"))
    paid = sum(p.cost for p in shotgun.profiles)
    assert paid > 0
    result = carry_over(gang, OLD, NEW)
    carried = present(present(result.gang.fighter("Dex Hollow")).weapon("Shotgun"))
    assert carried.cost == shotgun.cost and all(p.cost == 0 for p in carried.profiles)
    [line] = [x for x in _lines(result.lines, "Dex Hollow", "weapon") if x.source == "Shotgun"]
    assert line.status == "changed" and f"{paid} credits back" in line.why


def test_skills_and_injuries_map_by_rename_or_name() -> None:
    sister = _recruit(OLD, "escher", "Sister", "Vex").model_copy(
        update={
            "skills": ["Hip Shooting", "True Grit", "Dodge"],
            "injuries": ["Lesson Learned", "Humiliated", "Head Injury"],
        }
    )
    result = carry_over(_gang(sister), OLD, NEW)
    vex = present(result.gang.fighter("Vex"))
    assert vex.skills == ["Hip-shooting", "Dodge"]
    assert vex.injuries == ["Lesson Learnt", "Head Injury"]
    statuses = {line.source: line.status for line in result.lines if line.fighter == "Vex"}
    assert (statuses["Hip Shooting"], statuses["True Grit"], statuses["Dodge"]) == (
        "changed",
        "dropped",
        "kept",
    )
    assert (statuses["Lesson Learned"], statuses["Humiliated"]) == ("changed", "dropped")
    # Head Injury's 2026 changes come as its modifier on the new statline.
    [head] = [m for m in vex.modifiers if m.kind is ModifierKind.INJURY]
    assert head.source == "Lasting Injury: Head Injury" and head.changes == {"Ld": -1}


def test_xp_is_the_total_earned_on_top_of_the_starting_xp_with_its_rank() -> None:
    queen = _recruit(OLD, "escher", "Gang Queen", "Ysolde")
    cool = present(OLD.advancement("cl"))
    advanced = roster_ops.advancement_modifier(cool, queen.profile.table)
    queen = queen.model_copy(update={"xp": 5, "modifiers": [advanced, advanced]})
    result = carry_over(_gang(queen), OLD, NEW)
    ysolde = present(result.gang.fighter("Ysolde"))
    new_queen = present(NEW.fighter_type("escher", "Gang Queen"))
    # Two Cool advances: 4 XP, then 4 + 2 (each later one costs more).
    earned = 5 + cool.xp + cool.xp + cool.escalation
    assert ysolde.xp == present(new_queen.starting_xp) + earned
    [line] = _lines(result.lines, "Ysolde", "xp")
    rank = present(NEW.progression.rank_for(ysolde.xp))
    owed = NEW.progression.advancements_owed(present(new_queen.starting_xp), ysolde.xp, 2)
    assert line.target == f"{ysolde.xp} XP, {rank.name}, {owed} advancements owed"
    assert f"earned {earned} XP" in line.why
    # The advances are kept, on the new statline, and count as taken.
    assert [m.changes for m in ysolde.modifiers] == [{"Cl": 1}, {"Cl": 1}]
    assert len(_lines(result.lines, "Ysolde", "advancement")) == 2


def test_the_old_gang_is_unchanged_and_the_new_one_is_founded() -> None:
    gang = demo_gang(OLD)
    before = gang.model_dump_json()
    result = carry_over(gang, OLD, NEW, name="Rust Riders Reborn")
    assert gang.model_dump_json() == before
    assert result.gang.name == "Rust Riders Reborn" and result.lines[0].target == result.gang.name
    assert result.gang.rating is not None
    assert all(f.rating is not None for f in result.gang.fighters)
    table = NEW.statline("fighter")
    for fighter in result.gang.fighters:
        assert tuple(fighter.profile.values) == table.codes
        fighter.profile.validate_ranges(table)
    assert {line.status for line in result.lines} <= {"kept", "changed", "dropped", "choose"}


def test_refused_in_one_line() -> None:
    n26_gang = Gang(name="Already New", house="House Escher", ruleset="n26")
    with pytest.raises(CarryOverError, match="is a gang of the n26 pack"):
        carry_over(n26_gang, NEW, NEW)
    with pytest.raises(CarryOverError, match="says nothing on carrying"):
        carry_over(_gang(), OLD, OLD)
    with pytest.raises(CarryOverError, match="name"):
        carry_over(_gang(), OLD, NEW, name="x" * 500)
