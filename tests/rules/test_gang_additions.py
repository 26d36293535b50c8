"""Brutes, Hangers-on, Hired Guns and Exotic Beasts: limits, owners, XP, leaving."""

from __future__ import annotations

from pathlib import Path

import pytest

from gangmanager.content import builtin_rulesets_dir, load_ruleset
from gangmanager.rules import gang_additions as additions
from gangmanager.rules.gang import Category, Fighter, FighterStatus, Gang
from gangmanager.rules.post_battle import DraftError, apply_draft
from gangmanager.rules.post_battle_draft import PostBattleDraft
from gangmanager.rules.roster_ops import recruit
from gangmanager.rules.ruleset import FighterType

from ..narrowing import present

PACKS: list[Path] = [builtin_rulesets_dir()]
N23 = load_ruleset("n23", PACKS)


def _type(name: str, house: str | None = "orlock") -> FighterType:
    found = N23.fighter_type(house, name)
    assert found is not None, name
    return found


# The ids of the fighters `_orlocks` makes (as stored), owners by id.
GORN, RUK, VEX, NOBODY = 1, 2, 3, 99


def _orlocks(*extra: Fighter) -> list[Fighter]:
    return [
        recruit(_type("Road Captain"), "Gorn", N23).model_copy(update={"id": GORN}),
        recruit(_type("Road Sergeant"), "Ruk", N23).model_copy(update={"id": RUK}),
        recruit(_type("Gunner"), "Vex", N23).model_copy(update={"id": VEX}),
        *extra,
    ]


def _check(
    fighters: list[Fighter], name: str, owner: int | None = None, house: str = "orlock"
) -> str:
    verdict = additions.check_recruit(N23, house, fighters, _type(name, house), owner)
    return "" if verdict.allowed else verdict.reason


def test_an_addition_has_its_kind_and_a_house_type_has_none() -> None:
    assert [_type(n).kind for n in ("Ambot", "Rogue Doc", "Hive Scum", "Cyber-mastiff")] == [
        "brute",
        "hanger_on",
        "hired_gun",
        "exotic_beast",
    ]
    assert _type("Gunner").kind == ""


@pytest.mark.parametrize(
    ("name", "limit"),
    [("Rogue Doc", 2), ("Ammo-jack", 3), ("Ambot", 2), ("Servitor", 1), ("Hive Scum", 5)],
)
def test_a_0_n_limit_refuses_the_one_past_it(name: str, limit: int) -> None:
    fighters = _orlocks()
    for number in range(limit):
        assert _check(fighters, name) == ""
        fighters.append(recruit(_type(name), f"{name} {number}", N23))
    assert _check(fighters, name) == f"at most {limit} {name} may join; the gang has {limit}"


def test_a_dead_one_does_not_count_against_the_limit() -> None:
    dead = recruit(_type("Servitor"), "Old Iron", N23).model_copy(
        update={"status": FighterStatus.DEAD}
    )
    assert _check(_orlocks(dead), "Servitor") == ""


def test_a_house_only_addition_is_refused_to_other_houses_and_not_offered() -> None:
    assert _check(_orlocks(), "Servitor") == ""
    assert N23.fighter_type("escher", "Servitor") is None
    servitor = _type("Servitor")
    verdict = additions.check_recruit(N23, "escher", [], servitor)
    assert (verdict.allowed, verdict.reason) == (False, "Servitor is for House Orlock only")


def test_the_house_price_where_the_lists_differ() -> None:
    ambot = _type("Ambot")
    assert recruit(ambot, "Digger", N23, house="orlock").cost == 185
    assert recruit(ambot, "Digger", N23, house="escher").cost == 215
    assert recruit(_type("Ogryn", "goliath"), "Grug", N23, house="goliath").cost == 180


def test_a_beast_needs_an_owner_who_may_own_one() -> None:
    fighters = _orlocks()
    assert _check(fighters, "Cyber-mastiff") == (
        "Cyber-mastiff is an Exotic Beast: choose its owner (leader, champion)"
    )
    assert _check(fighters, "Cyber-mastiff", NOBODY) == ("Cyber-mastiff's owner is not in the gang")
    assert _check(fighters, "Cyber-mastiff", VEX) == (
        "Vex may not own Cyber-mastiff (owners: leader, champion)"
    )
    assert _check(fighters, "Cyber-mastiff", GORN) == ""
    mastiff = _type("Cyber-mastiff")
    assert [f.name for f in additions.owner_candidates(mastiff, fighters)] == ["Gorn", "Ruk"]


def test_a_beast_owned_by_a_fighter_type_and_its_per_owner_limit() -> None:
    skarn = 4
    master = recruit(_type("Outland Beastmaster"), "Skarn", N23).model_copy(update={"id": skarn})
    fighters = _orlocks(master)
    assert _check(fighters, "Wasteland Giant Rat", GORN) == (
        "Gorn may not own Wasteland Giant Rat (owners: Outland Beastmaster)"
    )
    rat = _type("Wasteland Giant Rat")
    for number in range(3):
        assert _check(fighters, rat.name, skarn) == ""
        fighters.append(recruit(rat, f"Rat {number}", N23, owner_id=skarn))
    assert _check(fighters, rat.name, skarn) == (
        "Skarn already owns 3 Wasteland Giant Rat; at most 3 each"
    )


def test_the_gang_wide_beast_limit_counts_every_owner() -> None:
    fighters = _orlocks()
    mastiff = _type("Cyber-mastiff")
    for number, owner in enumerate([GORN, GORN, RUK]):
        fighters.append(recruit(mastiff, f"Dog {number}", N23, owner_id=owner))
    assert _check(fighters, mastiff.name, RUK) == (
        "at most 3 Cyber-mastiff may join; the gang has 3"
    )


def test_a_beast_whose_owner_died_is_reported() -> None:
    dog = recruit(_type("Cyber-mastiff"), "Rex", N23, owner_id=GORN)
    dead = recruit(_type("Road Captain"), "Gorn", N23).model_copy(
        update={"status": FighterStatus.DEAD, "id": GORN}
    )
    assert additions.ownerless_beasts([dead, dog]) == [
        "Rex (Cyber-mastiff) has no owner in the gang (Gorn is gone)"
    ]
    assert additions.ownerless_beasts(_orlocks(dog)) == []


def _gang(*fighters: Fighter) -> Gang:
    return Gang(name="Iron Wolves", house="orlock", credits=100, fighters=list(fighters))


def test_a_hanger_on_gains_no_xp_the_rewards_say_why() -> None:
    doc = recruit(_type("Rogue Doc"), "Doc Mire", N23)
    gang = _gang(*_orlocks(doc))
    with pytest.raises(DraftError) as raised:
        apply_draft(N23, gang, PostBattleDraft(result="win", xp={"Doc Mire": 2}))
    assert "Doc Mire: a Hanger-on gains no XP (refused 2)" in raised.value.problems
    after, _report = apply_draft(N23, gang, PostBattleDraft(result="win", xp={"Vex": 2}))
    assert present(after.fighter("Vex")).xp == 2


def test_a_hired_gun_gains_no_xp_a_brute_does() -> None:
    scum = recruit(_type("Hive Scum"), "Sleaze", N23)
    ambot = recruit(_type("Ambot"), "Digger", N23)
    assert additions.xp_refusal(N23, "orlock", scum, 1) == (
        "Sleaze: a Hired Gun gains no XP (refused 1)"
    )
    assert additions.xp_refusal(N23, "orlock", ambot, 3) == ""


def _injure(fighter: Fighter, roll: int) -> tuple[Fighter | None, list[str]]:
    gang = _gang(*_orlocks(fighter))
    draft = PostBattleDraft(result="loss", injuries=[{"fighter": fighter.name, "roll": roll}])
    after, report = apply_draft(N23, gang, draft)
    changes = report.fighter(fighter.name)
    assert changes is not None
    return after.fighter(fighter.name), [c.text for c in changes.changes]


def test_a_hanger_on_leaves_after_an_injury_that_changes_their_card() -> None:
    doc = recruit(_type("Rogue Doc"), "Doc Mire", N23)
    after, lines = _injure(doc, 44)  # Eye Injury: BS one step worse
    assert after is not None and after.status is FighterStatus.RETIRED
    assert any("leave the gang" in line for line in lines)


def test_a_hanger_on_stays_after_an_injury_that_leaves_the_card_alone() -> None:
    doc = recruit(_type("Rogue Doc"), "Doc Mire", N23)
    after, lines = _injure(doc, 16)  # Out Cold
    assert after is not None and after.status is FighterStatus.ACTIVE
    assert not any("leave the gang" in line for line in lines)


def test_a_brute_stays_after_a_card_changing_injury() -> None:
    ambot = recruit(_type("Ambot"), "Digger", N23)
    after, _lines = _injure(ambot, 44)
    assert after is not None and after.status is not FighterStatus.RETIRED


def test_brutes_advance_as_specialists_beasts_as_gangers() -> None:
    ambot = recruit(_type("Ambot"), "Digger", N23)
    dog = recruit(_type("Cyber-mastiff"), "Rex", N23, owner_id=GORN)
    assert additions.advancement_category(N23, "orlock", ambot) is Category.SPECIALIST
    assert additions.advancement_category(N23, "orlock", dog) is Category.GANGER


def test_a_brute_buys_advancements_a_hanger_on_takes_none() -> None:
    from gangmanager.rules.advancement import AdvancementProblem, advance

    ambot = recruit(_type("Ambot"), "Digger", N23).model_copy(update={"xp": 10})
    bought = advance(N23, "orlock", ambot, "bs")
    assert bought.fighter.xp < 10
    with pytest.raises(AdvancementProblem, match="for Specialist only"):
        advance(N23, "orlock", ambot, "promote_specialist")
    doc = recruit(_type("Rogue Doc"), "Doc Mire", N23).model_copy(update={"xp": 10})
    with pytest.raises(AdvancementProblem, match="Doc Mire is a Hanger-on: they take no"):
        advance(N23, "orlock", doc, "bs")


def test_fighter_types_follow_a_copy_with_other_additions() -> None:
    """The types are worked out once per house and ruleset: a copy of the ruleset with
    other gang additions (model_copy keeps the cache) gives its own."""
    ruleset = N23
    house = "orlock"
    addition = next(t for t in ruleset.fighter_types_for(house) if t in ruleset.gang_additions)
    assert ruleset.fighter_type(house, addition.name.upper()) == addition
    copy = ruleset.model_copy(update={"gang_additions": []})
    assert copy.fighter_type(house, addition.name) is None
    assert addition not in copy.fighter_types_for(house)
    assert ruleset.fighter_type(house, addition.name) == addition
