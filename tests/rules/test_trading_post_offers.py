"""The Trading Post sells a gang only what it sells everyone: no other gang's exclusive
kit, no Brute or beast kit, and never at 0 credits an item that has a price.

A house-only entry (availability "" in the pack) is had from a house list or as part
of a fighter type's kit; bought anywhere else it is refused with the reason, and the
dialogs show it greyed with that reason."""

from __future__ import annotations

import pytest

from gangmanager.content import builtin_rulesets_dir, load_ruleset
from gangmanager.rules.availability import parse_availability
from gangmanager.rules.gang import Category, Gang
from gangmanager.rules.restrictions import (
    check_item,
    check_item_for_gang,
    offers,
    stash_offers,
)
from gangmanager.rules.roster_ops import recruit
from gangmanager.rules.ruleset import FighterType, Ruleset


@pytest.fixture(scope="module")
def n23() -> Ruleset:
    return load_ruleset("n23", [builtin_rulesets_dir()])


def _leader(ruleset: Ruleset, house_id: str) -> FighterType:
    house = ruleset.house(house_id)
    assert house is not None
    return next(t for t in house.fighter_types if t.category is Category.LEADER)


@pytest.mark.parametrize(
    ("item", "whose"),
    [
        ("Armoured bodyglove", "Van Saar"),
        ("Enforcer boltgun", "Palanite Enforcers"),
        ("Book of the Redemption", "Cawdor"),
        ("Savage bite", "Cyber-mastiff"),
    ],
)
def test_an_escher_queen_may_not_buy_another_gangs_kit(n23: Ruleset, item: str, whose: str) -> None:
    queen = recruit(_leader(n23, "escher"), "")
    verdict = check_item(n23, "escher", queen, item)
    assert not verdict.allowed
    assert "not sold at the Trading Post" in verdict.reason
    assert whose in verdict.reason
    # Not at the post-battle Trading Post either.
    assert not check_item(n23, "escher", queen, item, trading_post=True).allowed


def test_a_house_still_buys_its_own_list(n23: Ruleset) -> None:
    prime = recruit(_leader(n23, "van_saar"), "")
    verdict = check_item(n23, "van_saar", prime, "Las carbine")
    assert verdict.allowed and verdict.source == "list" and verdict.price > 0


def test_no_house_is_offered_an_item_off_its_list_for_nothing_or_not_on_sale(
    n23: Ruleset,
) -> None:
    # Over every house and fighter type of the pack: what the Trading Post lets them
    # buy off their list is on sale there (a rarity) and has a price.
    for house in n23.houses:
        for fighter_type in house.fighter_types:
            probe = recruit(fighter_type, "")
            for kind in ("weapons", "wargear"):
                for offer in offers(n23, house.id, probe, kind):
                    if not offer.verdict.allowed or offer.verdict.source != "trading_post":
                        continue
                    rarity = parse_availability(offer.entry.availability)
                    assert rarity.rarity != "unknown", (house.id, fighter_type.name, offer.name)
                    assert offer.price > 0, (house.id, fighter_type.name, offer.name)


def test_refused_offers_are_kept_with_their_reason(n23: Ruleset) -> None:
    queen = recruit(_leader(n23, "escher"), "")
    lines = {o.name: o for o in offers(n23, "escher", queen, "wargear")}
    bodyglove = lines["Armoured bodyglove"]
    assert not bodyglove.verdict.allowed and "Van Saar" in bodyglove.verdict.reason


def test_the_house_rules_override_still_lets_it_through_with_a_note(n23: Ruleset) -> None:
    queen = recruit(_leader(n23, "escher"), "")
    gang = Gang(
        name="Free for all",
        house="escher",
        fighters=[queen],
        house_rules_ignore_restrictions=True,
    )
    verdict = check_item_for_gang(n23, gang, queen, "Armoured bodyglove")
    assert verdict.allowed and verdict.overridden
    assert "not sold at the Trading Post" in verdict.reason


def test_the_stash_buys_only_what_the_trading_post_sells(n23: Ruleset) -> None:
    lines = {o.name: o for o in stash_offers(n23, "escher", "wargear")}
    assert not lines["Armoured bodyglove"].verdict.allowed
    assert not lines["Book of the Redemption"].verdict.allowed
    assert lines["Flak armour"].verdict.allowed
    theirs = {o.name: o for o in stash_offers(n23, "cawdor_redemptionist", "wargear")}
    assert theirs["Book of the Redemption"].verdict.allowed


def test_leaders_and_champions_choose_a_primary_skill_when_recruited(n23: Ruleset) -> None:
    from gangmanager.rules.skill_access import (
        recruit_skill_choices,
        recruit_skill_warnings,
        recruit_skills_owed,
    )

    house = n23.house("orlock")
    assert house is not None
    by_name = {t.name: t for t in house.fighter_types}
    captain = recruit(by_name["Road Captain"], "")
    gunner = recruit(by_name["Gunner"], "")
    assert recruit_skills_owed(n23, "orlock", captain) == 1
    assert recruit_skills_owed(n23, "orlock", gunner) == 0
    choices = recruit_skill_choices(n23, "orlock", captain)
    sets = {s.name: {k.name for k in s.skills} for s in n23.skill_sets}
    primary = set().union(*(sets[name] for name in by_name["Road Captain"].skill_sets_primary))
    assert set(choices) == primary and choices
    assert recruit_skill_warnings(n23, "orlock", [captain, gunner]) == [
        "Road Captain still chooses 1 Primary skill as a recruit (Equip page)"
    ]
    chosen = captain.model_copy(update={"skills": [choices[0]]})
    assert recruit_skills_owed(n23, "orlock", chosen) == 0
    assert choices[0] not in recruit_skill_choices(n23, "orlock", chosen)


def test_every_leader_and_champion_of_every_list_takes_one(n23: Ruleset) -> None:
    for house in n23.houses:
        for fighter_type in house.fighter_types:
            wanted = 1 if fighter_type.category in (Category.LEADER, Category.CHAMPION) else 0
            assert fighter_type.recruit_skills == wanted, (house.id, fighter_type.name)
