"""Advancements bought with XP: table costs, escalation, caps, the Ganger table, promotions."""

from __future__ import annotations

import pytest

from gangmanager.content import builtin_rulesets_dir, load_ruleset
from gangmanager.rules import ratings
from gangmanager.rules.advancement import earlier_advances, xp_cost
from gangmanager.rules.gang import Category, Fighter, Gang
from gangmanager.rules.modifiers import ModifierKind
from gangmanager.rules.post_battle import DraftError, apply_draft
from gangmanager.rules.post_battle_draft import PostBattleDraft
from gangmanager.rules.profile import Profile

from ..narrowing import present

N23 = load_ruleset("n23", [builtin_rulesets_dir()])
CAPTAIN = Profile.from_line('5" 3+ 3+ 3 3 3 4+ 2 4+ 5+ 5+ 5+')
GUNNER = Profile.from_line('5" 4+ 4+ 3 3 1 4+ 1 6+ 7+ 7+ 7+')
GREENHORN = Profile.from_line('6" 5+ 5+ 3 3 1 3+ 1 7+ 8+ 8+ 8+')


def _fighter(name: str, category: Category, xp: int, **update: object) -> Fighter:
    types = {
        Category.LEADER: ("Road Captain", 105, CAPTAIN),
        Category.GANGER: ("Gunner", 45, GUNNER),
        Category.JUVE: ("Greenhorn", 35, GREENHORN),
        Category.SPECIALIST: ("Gunner", 45, GUNNER),
    }
    kind, cost, profile = types[category]
    fighter = Fighter(name=name, type=kind, category=category, cost=cost, xp=xp, profile=profile)
    return fighter.model_copy(update=update)


def _apply(fighter: Fighter, *advancements: dict[str, object]) -> tuple[Fighter, Gang]:
    gang = ratings.found_gang(
        Gang(name="Iron Road", house="House Orlock", credits=0, fighters=[fighter])
    )
    draft = PostBattleDraft(
        result="win", advancements=[{"fighter": fighter.name, **a} for a in advancements]
    )
    after, _ = apply_draft(N23, gang, draft)
    return after.fighters[0], after


def test_each_earlier_advance_of_a_characteristic_costs_two_more_xp() -> None:
    captain = _fighter("Mags", Category.LEADER, xp=5 + 7)
    after, _ = _apply(captain, {"advancement": "i"}, {"advancement": "i"})
    assert after.xp == 0
    assert earlier_advances(after, "I") == 2
    assert xp_cost(after, present(N23.advancement("i"))) == 9
    # Another characteristic does not escalate.
    assert xp_cost(after, present(N23.advancement("bs"))) == 6
    assert after.effective(N23.table).printed()["I"] == "2+"


def test_juves_and_prospects_pay_no_escalation() -> None:
    juve = _fighter("Pip", Category.JUVE, xp=12)
    after, _ = _apply(juve, {"advancement": "bs"}, {"advancement": "bs"})
    assert after.xp == 0
    assert after.effective(N23.table).printed()["BS"] == "3+"


def test_not_enough_xp_after_escalation_is_refused() -> None:
    captain = _fighter("Mags", Category.LEADER, xp=5 + 6)
    with pytest.raises(DraftError, match="not enough XP for Initiative \\+1: costs 7, Mags has 6"):
        _apply(captain, {"advancement": "i"}, {"advancement": "i"})


def test_caps_movement_twice_wounds_once() -> None:
    captain = _fighter("Mags", Category.LEADER, xp=100)
    after, _ = _apply(captain, {"advancement": "m"}, {"advancement": "m"})
    assert after.effective(N23.table).printed()["M"] == '7"'
    with pytest.raises(DraftError, match="Movement may be advanced at most 2 times"):
        _apply(captain, {"advancement": "m"}, {"advancement": "m"}, {"advancement": "m"})
    with pytest.raises(DraftError, match="Wounds may be advanced at most 1 time above"):
        _apply(captain, {"advancement": "w"}, {"advancement": "w"})


def test_an_advance_past_the_best_value_is_refused() -> None:
    ace = _fighter("Ace", Category.LEADER, xp=6, profile=CAPTAIN.replace(BS=2))
    with pytest.raises(DraftError, match="already at its best"):
        _apply(ace, {"advancement": "bs"})


def test_credits_are_added_to_the_cost_as_the_modifiers_cost() -> None:
    captain = _fighter("Mags", Category.LEADER, xp=6)
    after, gang = _apply(captain, {"advancement": "bs"})
    (modifier,) = after.modifiers
    assert modifier.kind is ModifierKind.ADVANCEMENT and modifier.cost == 20
    assert modifier.source == "Advancement: Ballistic Skill +1"
    assert after.rating == 105 + 20 == ratings.pending_fighter_rating(after)
    assert gang.rating == 125


def test_gangers_roll_on_the_2d6_table_and_pick_one_of_its_options() -> None:
    ganger = _fighter("Rook", Category.GANGER, xp=7)
    after, _ = _apply(ganger, {"advancement": "bs", "roll": 4})
    assert after.xp == 1
    assert after.effective(N23.table).printed()["BS"] == "3+"
    assert after.modifiers[0].cost == 20
    with pytest.raises(DraftError, match=r"Ganger table 7 .* offers m or i, not 'bs'"):
        _apply(ganger, {"advancement": "bs", "roll": 7})
    with pytest.raises(DraftError, match="roll 2D6 on the Ganger table"):
        _apply(ganger, {"advancement": "bs"})
    with pytest.raises(DraftError, match="2D6 \\(2-12\\), not 13"):
        _apply(ganger, {"advancement": "bs", "roll": 13})
    with pytest.raises(DraftError, match="costs 6, Rook has 5"):
        _apply(_fighter("Rook", Category.GANGER, xp=5), {"advancement": "bs", "roll": 4})


def test_a_2_or_12_promotes_a_ganger_to_specialist_who_may_become_a_champion() -> None:
    ganger = _fighter("Rook", Category.GANGER, xp=6 + 12)
    # The promotion brings one random Primary skill (a Gunner's: Brawn, Ferocity).
    specialist, _ = _apply(
        ganger, {"advancement": "specialist", "roll": 12, "skill": "Bull Charge"}
    )
    assert specialist.category is Category.SPECIALIST
    assert specialist.skills == ["Bull Charge"]
    assert ratings.pending_fighter_rating(specialist) == 45 + 20
    champion, _ = _apply(
        specialist, {"advancement": "promote_specialist", "skill": "Nerves of Steel"}
    )
    assert champion.category is Category.CHAMPION
    assert champion.skills == ["Bull Charge", "Nerves of Steel"]
    assert champion.xp == 0


def test_a_promotion_is_for_specialists_only() -> None:
    captain = _fighter("Mags", Category.LEADER, xp=12)
    with pytest.raises(DraftError, match="for Specialist only"):
        _apply(captain, {"advancement": "promote_specialist", "skill": "Nerves of Steel"})


def test_skill_advancements_name_the_skill_or_roll_it_in_a_set() -> None:
    captain = _fighter("Mags", Category.LEADER, xp=9 + 6)
    after, _ = _apply(
        captain,
        {"advancement": "primary_chosen", "skill": "nerves of steel"},
        {"advancement": "primary_random", "skill_set": "Leadership", "roll": 1},
    )
    assert after.skills[0] == "Nerves of Steel"
    assert len(after.skills) == 2
    assert after.xp == 0
    assert sum(m.cost for m in after.modifiers) == 40


def test_skill_sets_are_checked_against_the_fighter_type() -> None:
    captain = _fighter("Mags", Category.LEADER, xp=9)
    # Road Captain's primary sets: Ferocity, Leadership, Savant; Agility is not one.
    with pytest.raises(
        DraftError,
        match="Catfall is in the Agility set; a Road Captain takes chosen primary skill from Ferocity, Leadership, Savant",
    ):
        _apply(captain, {"advancement": "primary_chosen", "skill": "Catfall"})
    with pytest.raises(DraftError, match="name the skill gained"):
        _apply(captain, {"advancement": "primary_chosen"})
    with pytest.raises(DraftError, match="no advancement 'flying'"):
        _apply(captain, {"advancement": "flying"})
