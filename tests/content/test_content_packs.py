"""The shipped packs load, validate and hold the facts of FACTS.md."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from gangmanager.content import available_rulesets, builtin_rulesets_dir
from gangmanager.rules.characteristics import CORE_CHARACTERISTICS
from gangmanager.rules.gang import Category, FighterStatus
from gangmanager.rules.profile import Profile
from gangmanager.rules.roster_ops import RosterError, equipment_value, recruit
from gangmanager.rules.ruleset import Mechanic, Ruleset

from ..narrowing import present

PACK_IDS = ("n23", "house-a", "house-b")

Load = Callable[[str], Ruleset]

D66 = [tens * 10 + units for tens in range(1, 7) for units in range(1, 7)]


@pytest.mark.parametrize("pack_id", PACK_IDS)
def test_pack_loads_and_validates(load: Load, pack_id: str) -> None:
    ruleset = load(pack_id)
    assert ruleset.id == pack_id
    assert ruleset.name
    assert ruleset.summary
    assert ruleset.weapons and ruleset.traits and ruleset.injuries and ruleset.advancements
    assert ruleset.blaze.actions


def test_available_rulesets_lists_the_shipped_packs(builtin: list[Path]) -> None:
    found = {pack_id: (name, folder) for pack_id, name, folder in available_rulesets(builtin)}
    assert set(PACK_IDS) <= set(found)
    assert found["n23"][1] == builtin_rulesets_dir() / "n23"
    assert found["n23"][0].startswith("Necromunda")


def test_builtin_dir_is_resources_beside_the_package() -> None:
    import gangmanager

    root = Path(gangmanager.__file__).resolve().parent.parent
    assert builtin_rulesets_dir() == root / "resources" / "rulesets"


def test_characteristic_table_is_the_core_one(load: Load) -> None:
    # The core table, but Int reaches 11+: the Phelynx and Sumpkroc cards print it.
    core = tuple(
        c.model_copy(update={"worst": 11}) if c.code == "Int" else c for c in CORE_CHARACTERISTICS
    )
    assert tuple(load("n23").characteristics) == core


# -- armoury -----------------------------------------------------------------------


def test_armoury_has_forty_weapons_each_with_a_profile(load: Load) -> None:
    ruleset = load("n23")
    assert len(ruleset.weapons) >= 40
    for weapon in ruleset.weapons:
        assert weapon.profiles, weapon.name
        # The first profile is the standard one: it costs nothing extra.
        assert weapon.profiles[0].cost == 0, weapon.name


def _weapon(ruleset: Ruleset, name: str):
    found = next((w for w in ruleset.weapons if w.name.casefold() == name.casefold()), None)
    assert found is not None, name
    return found


@pytest.mark.parametrize(
    ("name", "profiles"),
    [
        ("Shotgun", {"solid ammo", "scatter ammo"}),
        ("Plasma gun", {"low", "maximal"}),
        ("Plasma pistol", {"low", "maximal"}),
        ("Grenade launcher", {"frag grenade", "krak grenade"}),
        ("Combi-weapon (bolter/plasma gun)", {"bolter", "plasma gun, low"}),
    ],
)
def test_multi_profile_weapons(load: Load, name: str, profiles: set[str]) -> None:
    weapon = _weapon(load("n23"), name)
    assert profiles <= {p.name for p in weapon.profiles}


def test_combi_weapons_carry_the_combi_trait(load: Load) -> None:
    ruleset = load("n23")
    combis = [w for w in ruleset.weapons if "combi" in w.name.casefold()]
    assert combis
    for weapon in combis:
        assert len(weapon.profiles) >= 2
        assert all(ruleset.has_mechanic(p, Mechanic.COMBI) for p in weapon.profiles)


def test_known_weapon_numbers(load: Load) -> None:
    ruleset = load("n23")
    lasgun = _weapon(ruleset, "Lasgun")
    assert lasgun.cost == 15
    standard = lasgun.profiles[0]
    assert (standard.rng_s, standard.rng_l, standard.strength, standard.am) == (
        '18"',
        '24"',
        "3",
        "2+",
    )
    assert standard.has_trait("Plentiful")
    stub = _weapon(ruleset, "Stub gun")
    dum_dum = next(p for p in stub.profiles if p.name == "dum-dum rounds")
    assert dum_dum is not None and dum_dum.cost == 5 and dum_dum.has_trait("Limited")
    autogun = _weapon(ruleset, "Autogun").profiles[0]
    rapid_fire = autogun.trait("Rapid Fire")
    assert rapid_fire is not None and rapid_fire.param == "1"
    assert autogun.ammo_target == 4
    frag = _weapon(ruleset, "Frag grenade").profiles[0]
    assert frag.trait("Blast").param == '3"'


def test_paid_profiles_cost_something(load: Load) -> None:
    shotgun = _weapon(load("n23"), "Shotgun")
    costs = {p.name: p.cost for p in shotgun.profiles}
    assert costs["solid ammo"] == costs["scatter ammo"] == 0
    assert costs["executioner ammo"] == 20
    assert costs["inferno ammo"] == 15


def test_aliases(load: Load) -> None:
    ruleset = load("n23")
    assert "Frag grenades" in _weapon(ruleset, "Frag grenade").aliases
    assert "Stubgun" in _weapon(ruleset, "Stub gun").aliases


def test_wargear_with_costs(load: Load) -> None:
    wargear = {item.name: item for item in load("n23").wargear}
    for name, cost in {
        "Flak armour": 10,
        "Mesh armour": 15,
        "Light carapace armour": 80,
        "Respirator": 15,
        "Photo-goggles": 35,
        "Filter plugs": 10,
        "Drop rig": 10,
        "Grapnel launcher": 25,
    }.items():
        assert wargear[name].cost == cost
    assert wargear["Flak armour"].kind == "armour"


# -- traits ------------------------------------------------------------------------


def test_every_trait_used_by_n23_weapons_is_registered(load: Load) -> None:
    ruleset = load("n23")
    missing = sorted(
        {
            f"{weapon.name}: {trait}"
            for weapon in ruleset.weapons
            for profile in weapon.profiles
            for trait in profile.traits
            if ruleset.trait_def(trait) is None
        }
    )
    assert missing == []


def test_trait_registry(load: Load) -> None:
    ruleset = load("n23")
    assert len(ruleset.traits) >= 35
    assert all(t.summary for t in ruleset.traits)
    unwieldy = ruleset.trait_def("Unwieldy")
    assert unwieldy is not None and unwieldy.slots == 2 and unwieldy.has(Mechanic.UNWIELDY)
    rapid_fire = ruleset.trait_def("Rapid Fire")
    assert rapid_fire is not None and rapid_fire.param == "number"
    assert present(ruleset.trait_def("Blast")).param == "inches"
    for name, mechanic in {
        "Limited": Mechanic.LIMITED,
        "Scarce": Mechanic.SCARCE,
        "Plentiful": Mechanic.PLENTIFUL,
        "Single Shot": Mechanic.SINGLE_SHOT,
        "Combi": Mechanic.COMBI,
        "Blaze": Mechanic.BLAZE,
        "Template": Mechanic.TEMPLATE,
        "Sidearm": Mechanic.SIDEARM,
        "Melee": Mechanic.MELEE,
        "Toxin": Mechanic.TOXIN,
        "Silent": Mechanic.SILENT,
        "Grenade": Mechanic.GRENADE,
    }.items():
        assert present(ruleset.trait_def(name)).has(mechanic), name


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", text.casefold())


@pytest.mark.parametrize("pack_id", PACK_IDS)
def test_summaries_are_our_own_words(load: Load, pack_id: str, shared_seeds: Path) -> None:
    """No summary repeats eight words in a row from the imported glossaries."""
    seed_words = [_words(p.read_text(encoding="utf-8")) for p in sorted(shared_seeds.glob("*"))]
    runs = {tuple(words[i : i + 8]) for words in seed_words for i in range(len(words) - 7)}
    ruleset = load(pack_id)
    texts = [t.summary for t in ruleset.traits] + [a.summary for a in ruleset.blaze.actions]
    texts += [t.summary for t in ruleset.gang_additions]
    for text in texts:
        words = _words(text)
        copied = [" ".join(words[i : i + 8]) for i in range(len(words) - 7)]
        assert not [c for c in copied if tuple(c.split()) in runs], text


# -- houses ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "category", "cost", "line"),
    [
        ("Road Captain", Category.LEADER, 105, '5" 3+ 3+ 3 3 3 4+ 2 4+ 5+ 5+ 5+'),
        ("Gunner", Category.GANGER, 45, '5" 4+ 4+ 3 3 1 4+ 1 6+ 7+ 7+ 7+'),
        ("Greenhorn", Category.JUVE, 35, '6" 5+ 5+ 3 3 1 3+ 1 7+ 8+ 8+ 8+'),
    ],
)
def test_orlock_fighter_types(
    load: Load, name: str, category: Category, cost: int, line: str
) -> None:
    orlock = load("n23").house("orlock")
    assert orlock is not None
    fighter_type = next(t for t in orlock.fighter_types if t.name == name)
    assert fighter_type.category is category
    assert fighter_type.cost == cost
    assert fighter_type.profile == Profile.from_line(line)
    assert fighter_type.profile.line() == line


def test_two_houses_each_with_one_leader(load: Load) -> None:
    ruleset = load("n23")
    assert len(ruleset.houses) >= 2
    for house in ruleset.houses:
        leaders = [t for t in house.fighter_types if t.category is Category.LEADER]
        # One Leader type, or alternatives (Cult Adept or Cult Alpha) of which the
        # gang has one: each at most one and none required.
        assert len(leaders) == 1 or all(t.limit.max == 1 and not t.limit.min for t in leaders), (
            house.id
        )
        for fighter_type in house.fighter_types:
            fighter_type.profile.validate_ranges(ruleset.table)


@pytest.mark.parametrize("pack_id", ["n23", "house-a", "house-b"])
def test_gang_additions_come_with_their_kit_for_every_house(load: Load, pack_id: str) -> None:
    ruleset = load(pack_id)
    additions = {t.name: t.category for t in ruleset.gang_additions}
    assert {
        "Rogue Doc": Category.HANGER_ON,
        "Ammo-jack": Category.HANGER_ON,
        "Hive Scum": Category.HIRED_GUN,
    }.items() <= additions.items()
    for house in ruleset.houses:
        types = ruleset.fighter_types_for(house.id)
        assert types[: len(house.fighter_types)] == house.fighter_types  # the house list first
        open_to = [t.name for t in ruleset.gang_additions if t.open_to(house)]
        assert [t.name for t in types[len(house.fighter_types) :]] == open_to
    for fighter_type in ruleset.gang_additions:
        fighter_type.profile.validate_ranges(ruleset.table)
        fighter = recruit(fighter_type, "", ruleset)
        kit = [*(w.name for w in fighter.weapons), *(i.name for i in fighter.wargear)]
        assert len(kit) == len(fighter_type.equipment)
        assert fighter.cost == fighter_type.cost and equipment_value(fighter) == 0


def test_every_recruit_a_territory_names_is_a_fighter_type(load: Load) -> None:
    """No recruit boon of the shipped campaigns names a type the pack cannot recruit."""
    ruleset = load("n23")
    named = {
        name
        for ctype in ruleset.campaign_types
        for territory in ctype.territories
        for boon in (*territory.boons, *territory.enhanced_boons)
        for name in boon.recruits
    }
    assert named == {"Rogue Doc", "Ammo-jack", "Hive Scum"}
    for house in ruleset.houses:
        assert all(ruleset.fighter_type(house.id, name) for name in named), house.id


def test_a_house_type_hides_an_addition_of_the_same_name(load: Load) -> None:
    ruleset = load("n23")
    orlock = ruleset.house("orlock")
    assert orlock is not None
    doc = orlock.fighter_types[0].model_copy(update={"name": "Rogue Doc"})
    houses = [h.model_copy(update={"fighter_types": [doc]}) if h is orlock else h
              for h in ruleset.houses]  # fmt: skip
    changed = ruleset.model_copy(update={"houses": houses})
    assert changed.fighter_type("orlock", "rogue doc") == doc
    assert [t.name for t in changed.fighter_types_for("orlock")].count("Rogue Doc") == 1
    assert changed.fighter_type(None, "Rogue Doc") == ruleset.gang_additions[0]


def test_kit_missing_from_the_armoury_is_a_clear_error(load: Load) -> None:
    ruleset = load("n23")
    doc = ruleset.gang_additions[0].model_copy(update={"equipment": ["Medikitt"]})
    with pytest.raises(RosterError, match="Rogue Doc: no 'Medikitt' in the n23 armoury"):
        recruit(doc, "Doc", ruleset)


# -- injuries ----------------------------------------------------------------------


def test_eye_injury_in_n23(load: Load) -> None:
    injury = load("n23").injury_for(44)
    assert injury is not None
    assert injury.name == "Eye Injury"
    assert injury.changes == {"BS": -1}
    assert injury.status is FighterStatus.IN_RECOVERY


def test_n23_injury_details(load: Load) -> None:
    ruleset = load("n23")
    scars = present(ruleset.injury_for(12))
    assert scars.changes == {"Cl": 1} and scars.once
    deafened = present(ruleset.injury_for(42))
    assert deafened.changes == {"Ld": -1} and deafened.applies_from == 2
    assert present(ruleset.injury_for(11)).xp == "D3"
    assert present(ruleset.injury_for(54)).extra_rolls == "D3"
    assert present(ruleset.injury_for(13)).gains_skill == "Fearsome"
    assert present(ruleset.injury_for(55)).status is FighterStatus.CAPTURED
    assert present(ruleset.injury_for(63)).status is FighterStatus.CRITICAL
    assert present(ruleset.injury_for(66)).status is FighterStatus.DEAD
    assert present(ruleset.injury_for(21)).name == "Out Cold"


def test_older_table_in_house_a(load: Load) -> None:
    injury = load("house-a").injury_for(44)
    assert injury is not None
    assert injury.name == "Grievous Injury"
    assert injury.status is FighterStatus.IN_RECOVERY
    assert present(load("house-a").injury_for(52)).name == "Eye Injury"
    assert all(i.name != "Captured" for i in load("house-b").injuries)


@pytest.mark.parametrize("pack_id", PACK_IDS)
def test_every_d66_roll_is_on_exactly_one_row(load: Load, pack_id: str) -> None:
    ruleset = load(pack_id)
    for roll in D66:
        rows = [i.name for i in ruleset.injuries if i.covers(roll)]
        assert len(rows) == 1, (roll, rows)


# -- advancements and post-battle ----------------------------------------------------


def test_advancement_table(load: Load) -> None:
    ruleset = load("n23")
    expected = {
        "wil": (3, 5),
        "int": (3, 5),
        "ld": (4, 10),
        "cl": (4, 10),
        "i": (5, 10),
        "m": (5, 10),
        "ws": (6, 20),
        "bs": (6, 20),
        "primary_random": (6, 20),
        "s": (8, 30),
        "t": (8, 30),
        "primary_chosen": (9, 20),
        "secondary_random": (9, 35),
        "w": (12, 45),
        "a": (12, 45),
        "secondary_chosen": (12, 35),
        "promote_specialist": (12, 40),
        "any_random": (15, 50),
    }
    assert [a.id for a in ruleset.advancements] == list(expected)
    for advancement in ruleset.advancements:
        assert (advancement.xp, advancement.credits) == expected[advancement.id]
    assert present(ruleset.advancement("BS")).characteristic == "BS"
    assert present(ruleset.advancement("bs")).escalation == 2
    assert present(ruleset.advancement("primary_random")).escalation == 0
    assert present(ruleset.advancement("promote_specialist")).promotion


def test_ganger_table_covers_2d6(load: Load) -> None:
    table = load("n23").ganger_advancements
    ids = {a.id for a in load("n23").advancements} | {"specialist"}
    covered: list[int] = []
    for row in table:
        low, _, high = row.roll.partition("-")
        covered += range(int(low), int(high or low) + 1)
        assert set(row.options) <= ids
    assert sorted(covered) == list(range(2, 13))


def test_post_battle_sequence(load: Load) -> None:
    steps = load("n23").post_battle_steps
    assert [s.id for s in steps] == [
        "wrap_up",
        "assign_territory",
        "receive_rewards",
        "collect_income",
        "post_battle_actions",
        "update_roster",
        "report_results",
    ]
    update = next(s for s in steps if s.id == "update_roster")
    assert [s.name[0] for s in update.substeps] == list("ABCDEF")
    assert update.substeps[-1].id == "update_gang_rating"
    older = load("house-a").post_battle_steps
    assert "update_roster" in [s.id for s in older]
    assert "assign_territory" not in [s.id for s in older]


# -- Blaze and ammo ----------------------------------------------------------------


def test_n23_blaze(load: Load) -> None:
    blaze = load("n23").blaze
    assert blaze.catch_fire_on == [4, 5, 6]
    assert (blaze.hit.strength, blaze.hit.ap, blaze.hit.damage) == (3, "-1", 1)
    assert blaze.hit.timing == "on_activation"
    assert blaze.hit.moves_randomly
    roll = load("n23").blaze_action("self")
    assert roll is not None
    assert (roll.action_type, roll.target, roll.bonus_per_helper, roll.prone_bonus) == (
        "none",
        6,
        1,
        2,
    )
    assert load("n23").blaze_action("friend") is None


def test_house_a_blaze(load: Load) -> None:
    ruleset = load("house-a")
    blaze = ruleset.blaze
    assert blaze.catch_fire_on == [1, 2, 3]
    assert blaze.unarmed_attacks_gain_blaze
    assert (blaze.hit.strength, blaze.hit.ap, blaze.hit.damage) == (4, "-", 1)
    assert blaze.hit.timing == "end_of_activation"
    assert blaze.hit.nerve_test_if_damaged
    assert not blaze.hit.moves_randomly
    own = present(ruleset.blaze_action("self"))
    assert (own.action_type, own.actor_status, own.target) == ("simple", ["active", "pinned"], 4)
    friend = present(ruleset.blaze_action("friend"))
    assert friend.actor_not_burning and friend.target == 4 and friend.helper_catches_fire_on == 1


def test_house_b_blaze(load: Load) -> None:
    ruleset = load("house-b")
    own = present(ruleset.blaze_action("self"))
    assert own.name == "Stop, Drop and Roll"
    assert (own.action_type, own.target, own.bonus_per_helper) == ("double", 3, 1)
    assert own.becomes_pinned and own.fail_ends_activation
    friend = present(ruleset.blaze_action("friend"))
    assert (friend.action_type, friend.target, friend.helper_catches_fire_on) == ("basic", 4, 1)
    # Not stated in seed 002: inherited from n23.
    assert ruleset.blaze.catch_fire_on == load("n23").blaze.catch_fire_on
    assert ruleset.blaze.hit == load("n23").blaze.hit


@pytest.mark.parametrize(
    ("pack_id", "term", "trait"),
    [
        ("n23", "Ammo test", "Sidearm"),
        ("house-a", "Ammo check", "Sidearm"),
        ("house-b", "Ammo check", "Pistol"),
    ],
)
def test_ammo_rules(load: Load, pack_id: str, term: str, trait: str) -> None:
    ammo = load(pack_id).ammo
    assert ammo.term == term
    assert ammo.rapid_fire_close_combat_trait == trait
    assert ammo.limited_rating_deferred


@pytest.mark.parametrize("pack_id", PACK_IDS)
def test_rapid_fire_pistols_can_fire_in_close_combat(load: Load, pack_id: str) -> None:
    """The ammo rule names a trait the pack's autopistol actually carries."""
    ruleset = load(pack_id)
    autopistol = _weapon(ruleset, "Autopistol").profiles[0]
    assert autopistol.has_trait(ruleset.ammo.rapid_fire_close_combat_trait)
    assert ruleset.trait_def(ruleset.ammo.rapid_fire_close_combat_trait) is not None


def test_house_traits(load: Load) -> None:
    house_a = load("house-a")
    assert present(house_a.trait_def("Accurate")).has(Mechanic.ACCURATE)
    assert present(house_a.trait_def("Rupture")).has(Mechanic.RUPTURE)
    assert "Update Roster" in present(house_a.trait_def("Limited")).summary
    assert load("n23").trait_def("Accurate") is None
    knockback = present(load("house-b").trait_def("Knockback"))
    assert "Distance" in knockback.summary
    assert knockback.summary != present(load("n23").trait_def("Knockback")).summary
