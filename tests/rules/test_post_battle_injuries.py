"""Lasting Injuries read from each ruleset's own table, with the dice they ask for."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gangmanager.content import builtin_rulesets_dir, load_ruleset
from gangmanager.rules.gang import Category, Fighter, FighterStatus, Gang
from gangmanager.rules.injuries import next_die, read_roll, rerolled
from gangmanager.rules.modifiers import ModifierKind
from gangmanager.rules.post_battle import DraftError, apply_draft
from gangmanager.rules.post_battle_draft import PostBattleDraft
from gangmanager.rules.profile import Profile
from gangmanager.rules.ruleset import Ruleset

PACKS: list[Path] = [builtin_rulesets_dir()]
N23 = load_ruleset("n23", PACKS)
HOUSE_A = load_ruleset("house-a", PACKS)
HOUSE_B = load_ruleset("house-b", PACKS)
GUNNER = Profile.from_line('5" 4+ 4+ 3 3 1 4+ 1 6+ 7+ 7+ 7+')
D66 = [tens * 10 + units for tens in range(1, 7) for units in range(1, 7)]


def _gang(*fighters: Fighter, ruleset: str = "n23") -> Gang:
    return Gang(name="Cinder Wardens", ruleset=ruleset, credits=100, fighters=list(fighters))


def _gunner(name: str = "Vex", **update: object) -> Fighter:
    fighter = Fighter(name=name, type="Gunner", category=Category.GANGER, cost=45, profile=GUNNER)
    return fighter.model_copy(update=update)


def _outcome(
    ruleset: Ruleset, fighter: Fighter, escape: int | None = None, **entry: object
) -> tuple[Fighter | None, list[str]]:
    """The fighter after one injury (None: removed as dead) and the report's lines;
    `escape` is the D6 of a fighter Captured by it."""
    gang = _gang(fighter, ruleset=ruleset.id)
    escapes = [{"fighter": fighter.name, "roll": escape}] if escape is not None else []
    draft = PostBattleDraft(
        result="loss", injuries=[{"fighter": fighter.name, **entry}], escapes=escapes
    )
    after, report = apply_draft(ruleset, gang, draft)
    changes = report.fighter(fighter.name)
    assert changes is not None
    return after.fighter(fighter.name), [c.text for c in changes.changes]


def _injure(
    ruleset: Ruleset, fighter: Fighter, escape: int | None = None, **entry: object
) -> tuple[Fighter, list[str]]:
    found, lines = _outcome(ruleset, fighter, escape, **entry)
    assert found is not None
    return found, lines


def test_44_in_n23_is_an_eye_injury_bs_one_step_worse_and_in_recovery() -> None:
    fighter, lines = _injure(N23, _gunner(), roll=44)
    assert fighter.status is FighterStatus.IN_RECOVERY
    assert fighter.effective(N23.table).printed()["BS"] == "5+"
    (modifier,) = fighter.modifiers
    assert (modifier.source, modifier.kind, modifier.changes) == (
        "Eye Injury",
        ModifierKind.INJURY,
        {"BS": -1},
    )
    assert fighter.injuries == ["Eye Injury"]
    assert "Lasting Injury Eye Injury (44): BS 4+ -> 5+, In recovery" in lines


@pytest.mark.parametrize("ruleset", [HOUSE_A, HOUSE_B], ids=["house-a", "house-b"])
def test_44_under_the_older_table_is_its_own_result(ruleset: Ruleset) -> None:
    fighter, _lines = _injure(ruleset, _gunner(), roll=44)
    assert read_roll(ruleset, 44).name == "Grievous Injury"
    assert fighter.status is FighterStatus.IN_RECOVERY
    assert fighter.modifiers == []
    assert fighter.effective(ruleset.table).printed()["BS"] == "4+"
    assert fighter.injuries == ["Grievous Injury"]
    # The older table's Eye Injury is on 52.
    eye, _ = _injure(ruleset, _gunner(), roll=52)
    assert eye.effective(ruleset.table).printed()["BS"] == "5+"


def test_a_result_can_be_picked_by_name_instead_of_rolled() -> None:
    fighter, _ = _injure(N23, _gunner(), result="hand injury")
    assert fighter.effective(N23.table).printed()["WS"] == "5+"
    assert fighter.status is FighterStatus.IN_RECOVERY


def test_lesson_learned_takes_its_d3_from_rolls() -> None:
    fighter, lines = _injure(N23, _gunner(xp=2), roll=11, rolls=[3])
    assert fighter.xp == 5
    assert fighter.status is FighterStatus.CONVALESCENCE
    assert any("+3 XP" in line for line in lines)
    with pytest.raises(DraftError, match="needs a D3 in rolls"):
        _injure(N23, _gunner(), roll=11)
    with pytest.raises(DraftError, match="a D3 shows 1 to 3, not 5"):
        _injure(N23, _gunner(), roll=11, rolls=[5])


def test_multiple_injuries_asks_d3_then_that_many_rolls_each_with_its_own_dice() -> None:
    # D3 = 2: Eye Injury, then Lesson Learned with its D3 = 1.
    fighter, lines = _injure(N23, _gunner(), roll=54, rolls=[2, 44, 11, 1])
    assert fighter.injuries == ["Eye Injury", "Lesson Learned"]
    assert fighter.xp == 1
    # The worse state wins: Recovery beats Convalescence.
    assert fighter.status is FighterStatus.IN_RECOVERY
    assert lines[1] == "Lasting Injury Multiple Injuries (54): 2 more rolls"
    with pytest.raises(DraftError, match="needs a D66"):
        _injure(N23, _gunner(), roll=54, rolls=[2, 44])
    with pytest.raises(DraftError, match="left unused"):
        _injure(N23, _gunner(), roll=44, rolls=[3])


def test_next_die_walks_the_dice_a_result_still_needs() -> None:
    multiple = read_roll(N23, 54)
    assert next_die(N23, multiple, []) == "D3"
    assert next_die(N23, multiple, [2]) == "D66"
    assert next_die(N23, multiple, [2, 11]) == "D3"  # Lesson Learned's XP
    assert next_die(N23, multiple, [2, 11, 2]) == "D66"
    assert next_die(N23, multiple, [2, 11, 2, 44]) is None
    assert next_die(N23, read_roll(N23, 44), []) is None
    assert next_die(N23, read_roll(N23, 11), []) == "D3"


def test_impressive_scars_changes_cool_only_the_first_time() -> None:
    once, _ = _injure(N23, _gunner(), roll=12)
    twice, lines = _injure(N23, once, roll=12)
    assert once.effective(N23.table).printed()["Cl"] == "6+"
    assert twice.effective(N23.table).printed()["Cl"] == "6+"
    assert twice.injuries == ["Impressive Scars", "Impressive Scars"]
    assert any("no change to the profile this time" in line for line in lines)


def test_partially_deafened_lowers_leadership_from_the_second_time() -> None:
    first, _ = _injure(N23, _gunner(), roll=42)
    second, _ = _injure(N23, first, roll=42)
    assert first.effective(N23.table).printed()["Ld"] == "6+"
    assert second.effective(N23.table).printed()["Ld"] == "7+"


def test_an_injury_never_pushes_past_the_worst_value() -> None:
    worst = _gunner(profile=GUNNER.replace(BS=6))
    fighter, _ = _injure(N23, worst, roll=44)
    assert fighter.effective(N23.table).printed()["BS"] == "6+"
    assert fighter.status is FighterStatus.IN_RECOVERY


def test_captured_critical_and_memorable_death() -> None:
    # Captured, and the escape roll fails (1 - 2 for the loss).
    captured, _ = _injure(N23, _gunner(), escape=1, roll=55)
    assert captured.status is FighterStatus.CAPTURED
    # Critical without a Medical Escort dies at clean house; the dead leave the roster.
    gang = _gang(_gunner(), _gunner("Rook"))
    draft = PostBattleDraft(
        result="loss",
        injuries=[{"fighter": "Vex", "roll": 61}, {"fighter": "Rook", "roll": 66}],
    )
    after, report = apply_draft(N23, gang, draft)
    assert [f.name for f in after.fighters] == []
    vex = report.fighter("Vex")
    assert vex is not None and vex.removed and vex.rating_after is None
    assert any("died of their Critical Injury" in c.text for c in vex.changes)


def test_horrid_scars_gives_fearsome() -> None:
    fighter, _ = _injure(N23, _gunner(), roll=13)
    assert fighter.skills == ["Fearsome"]


@pytest.mark.parametrize("roll", [10, 17, 67, 70, 5, 0, -11])
def test_a_roll_that_is_not_a_d66_is_refused(roll: int) -> None:
    with pytest.raises(DraftError, match=f"{roll} is not a D66 roll"):
        _injure(N23, _gunner(), roll=roll)


def _complete(ruleset: Ruleset, roll: int, dice: st.DataObject) -> list[int]:
    """The extra dice a roll needs, drawn as a player would roll them."""
    rolls: list[int] = []
    result = read_roll(ruleset, roll)
    while (kind := next_die(ruleset, result, rolls)) is not None:
        if kind == "D66":
            # Multiple Injuries' extra rolls re-roll what its pack lists (itself included).
            extra = [
                r
                for r in D66
                if read_roll(ruleset, r).extra_rolls is None
                and not rerolled(result, read_roll(ruleset, r))
            ]
            rolls.append(dice.draw(st.sampled_from(extra)))
        else:
            rolls.append(dice.draw(st.integers(1, 3 if kind == "D3" else 6)))
    return rolls


@given(st.sampled_from([N23, HOUSE_A, HOUSE_B]), st.sampled_from(D66), st.data())
def test_every_d66_roll_applies_with_the_dice_it_asks_for(
    ruleset: Ruleset, roll: int, dice: st.DataObject
) -> None:
    rolls = _complete(ruleset, roll, dice)
    captured = read_roll(ruleset, roll).status is FighterStatus.CAPTURED
    escape = dice.draw(st.integers(1, 6)) if captured else None
    fighter, lines = _outcome(ruleset, _gunner(), escape, roll=roll, rolls=rolls)
    assert lines[0] == "Out of Action"
    if fighter is None:  # dead, or Critical without a Medical Escort: removed at clean house
        assert any("removed (dead)" in line for line in lines)
        return
    table = ruleset.table
    for row in table:
        value = fighter.effective(table).values[row.code]
        assert value is None or row.in_range(value)
