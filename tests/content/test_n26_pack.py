"""The n26 pack (the 2026 edition from public fragments): its thirteen-characteristic
statline, the SR LR Str AP L weapon statline, the ranks ladder, Trade Points beside
credits, subtypes and specialisations, what it drops, and the house lists; and the
loader refusing a broken one of the new shapes with one line naming the file."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from gangmanager.content import RulesetError, builtin_rulesets_dir, load_ruleset
from gangmanager.rules.characteristics import CharacteristicKind
from gangmanager.rules.ruleset import Ruleset
from gangmanager.rules.shapes import DROPPABLE

Load = Callable[[str], Ruleset]
WritePack = Callable[..., Path]

N26_CODES = ("M", "WS", "BS", "S", "T", "W", "I", "A", "Sv", "Ld", "Cl", "Wil", "Int")


@pytest.fixture
def n26(load: Load) -> Ruleset:
    return load("n26")


def test_the_fighter_statline_has_thirteen_with_plain_numbers_where_higher_is_better(
    n26: Ruleset,
) -> None:
    table = n26.table
    assert table.codes == N26_CODES
    plain = {"I", "Ld", "Cl", "Wil", "Int"}
    for code in plain:
        row = table[code]
        assert row.kind is CharacteristicKind.VALUE, code
        assert row.best > row.worst, code  # higher is better
        assert row.print(7) == "7"  # no "+"
    for code in ("WS", "BS", "Sv"):
        assert table[code].kind is CharacteristicKind.D6_TARGET
    # The 2026 ranges: M to 12", S and T to 10, W from 0, Sv 3+ at best.
    assert (table["M"].best, table["S"].best, table["T"].best) == (12, 10, 10)
    assert table["W"].worst == 0 and table["Sv"].best == 3
    assert (table["Ld"].best, table["Ld"].worst) == (10, 4)


def test_the_weapon_statline_is_sr_lr_str_ap_l_with_ammo_and_damage_as_traits(
    n26: Ruleset,
) -> None:
    columns = [(c.code, c.kind.value, c.stored_in) for c in n26.weapon_statline]
    assert columns == [
        ("SR", "range", "rng_s"),
        ("LR", "range", "rng_l"),
        ("Str", "strength", "str"),
        ("AP", "ap", "ap"),
        ("L", "lethality", "l"),
    ]
    meltagun = n26.weapon_entry("Meltagun")
    assert meltagun is not None
    profile = meltagun.profiles[0]
    assert (profile.rng_s, profile.rng_l, profile.strength, profile.ap, profile.l) == (
        '6"',
        '12"',
        "8",
        "-4",
        "3",
    )
    assert [str(t) for t in profile.traits] == ["Ammo (6+)", "Damage (3)"]
    # No 2023 column is given a 2026 weapon.
    assert all(
        (p.acc_s, p.acc_l, p.d, p.am) == ("-", "-", "-", "-")
        for w in n26.weapons
        for p in w.profiles
    )


def test_progression_is_a_ladder_of_ranks_from_rookie_to_legend(n26: Ruleset) -> None:
    progression = n26.progression
    assert progression.kind == "ranks"
    starts = [r.xp for r in progression.ranks]
    assert starts == sorted(starts) and len(starts) == len(set(starts))
    assert starts[:2] == [1, 4]  # the first advancement at 4 XP
    assert progression.ranks[0].name == "Rookie"
    assert progression.ranks[-1].name == "Legend of the Underhive"
    assert progression.ranks[-1].xp == 229


def test_advancements_are_owed_at_each_rank_reached_and_never_lost(n26: Ruleset) -> None:
    ranks = n26.progression
    # A Prospect recruited on 1 XP: nothing owed on the first rung, one at 4 XP.
    assert ranks.advancements_earned(1, 3) == 0
    assert ranks.advancements_earned(1, 4) == 1
    assert ranks.advancements_earned(1, 12) == 3
    # A Ganger recruited on 13 XP counts from its own rung, the bands widening above.
    assert ranks.advancements_earned(13, 18) == 0
    assert ranks.advancements_earned(13, 19) == 1
    # A fighter of 0 XP earns its first at 4, like one of 1.
    assert ranks.advancements_earned(0, 4) == 1
    # The top rank owes its advancement and nothing above it.
    assert ranks.advancements_earned(205, 229) == 1
    assert ranks.advancements_earned(205, 400) == 1
    # Owed: earned and not taken, never below none.
    assert ranks.advancements_owed(1, 12, taken=1) == 2
    assert ranks.advancements_owed(1, 4, taken=3) == 0
    rank = ranks.rank_for(61)
    assert rank is not None and rank.name == "Gang Exemplar"
    assert ranks.rank_for(0) is None


def test_n23_spends_xp_and_owes_nothing_by_rank(load: Load) -> None:
    progression = load("n23").progression
    assert progression.kind == "spend_xp" and progression.ranks == []
    assert progression.advancements_earned(0, 100) == 0


def test_trade_points_are_a_second_price_beside_credits(n26: Ruleset, load: Load) -> None:
    economy = n26.economy
    assert [c.code for c in economy.currencies] == ["credits", "trade_points"]
    assert economy.availability == "trade_points" and economy.trade_points
    priced = {w.name: (w.cost, w.trade_points) for w in n26.weapons}
    assert priced["Meltagun"] == (140, 4)
    assert priced["Lasgun"] == (15, 0)
    assert priced["Heavy bolter"] == (100, 3)
    # Every Trading Post item carries both; a house-list weapon credits alone.
    assert priced["Wyld bow"] == (15, None)
    assert all(w.trade_points is not None for w in n26.wargear)
    # n23 has no Trade Points: rarity as before.
    n23 = load("n23")
    assert not n23.economy.trade_points and n23.economy.availability == "rarity"
    assert all(w.trade_points is None for w in n23.weapons)


def test_fighter_types_carry_subtypes_and_starting_xp(n26: Ruleset) -> None:
    known = set(n26.categories.subtypes)
    assert {"Leader", "Champion", "Ganger", "Specialist", "Prospect", "Pet", "Loner"} <= known
    every = [t for h in n26.houses for t in h.fighter_types]
    assert len(every) >= 20
    for kind in every:
        assert kind.starting_xp is not None, kind.name
        assert kind.subtypes and set(kind.subtypes) <= known, kind.name
        assert tuple(kind.profile.values) == N26_CODES, kind.name
    queen = n26.fighter_type("escher", "Gang Queen")
    assert queen is not None
    assert (queen.cost, queen.starting_xp, queen.subtypes) == (135, 61, ["Leader"])
    assert queen.profile.line(n26.table) == '5" 3+ 3+ 3 3 3 5 3 5+ 8 8 7 7'
    sister = n26.fighter_type("escher", "Gang Sister")
    assert sister is not None and sister.subtypes == ["Ganger", "Specialist"]


def test_the_eight_specialisations_each_grant_a_skill_of_the_sets(n26: Ruleset) -> None:
    skills = {k.name for s in n26.skill_sets for k in s.skills}
    pairs = {s.name: s.skill for s in n26.specialisations}
    assert len(pairs) == 8
    assert pairs["Gunner"] == "Hip-shooting" and pairs["Medic"] == "Medicate"
    assert set(pairs.values()) <= skills


def test_the_promotions_are_data(n26: Ruleset) -> None:
    steps = {(p.from_subtype, tuple(p.to)): p for p in n26.promotions}
    assert set(steps) == {
        ("Prospect", ("Ganger", "Specialist")),
        ("Ganger", ("Champion",)),
        ("Champion", ("Leader",)),
    }
    assert steps[("Prospect", ("Ganger", "Specialist"))].specialisation
    assert steps[("Ganger", ("Champion",))].keeps_type
    assert not steps[("Champion", ("Leader",))].keeps_type


def test_what_2026_dropped_is_gated_off_for_the_pack_only(n26: Ruleset, load: Load) -> None:
    for rule in DROPPABLE:
        assert n26.drops(rule)
        assert not load("n23").drops(rule)
    with pytest.raises(KeyError):
        n26.drops("no such rule")


def test_the_house_lists_the_fragments_give(n26: Ruleset) -> None:
    houses = {h.id: h for h in n26.houses}
    assert {"escher", "delaque", "goliath"} <= set(houses)
    assert len(houses["escher"].fighter_types) >= 10
    assert len(houses["delaque"].fighter_types) >= 6
    # Every house's leader, where it has fighters, and its list priced in credits.
    for house in houses.values():
        if house.fighter_types:
            assert any("Leader" in t.subtypes for t in house.fighter_types), house.id
        assert house.equipment_list, house.id
    death = n26.injury_for(66)
    assert death is not None and death.name == "Memorable Death"
    core = [t.name for t in n26.gang_tactics if not t.house]
    assert len(core) == 18 and "Last Gasp" in core
    assert {t.house for t in n26.gang_tactics if t.house} == {"escher"}
    assert n26.post_cycle[0] == "Recruitment" and "Trading Post" in n26.post_cycle


# -- the loader refuses a broken shape in one line -----------------------------------

HEAD = 'id = "{id}"\nname = "Ranks"\nextends = "n26"\n'


def _error(pack_id: str, user_dir: Path) -> str:
    with pytest.raises(RulesetError) as info:
        load_ruleset(pack_id, [user_dir, builtin_rulesets_dir()])
    message = str(info.value)
    assert "\n" not in message
    return message


@pytest.mark.parametrize(
    ("pack", "files", "expected"),
    [
        (
            '[progression]\nkind = "ranks"\n',
            {},
            "pack.toml: progression: ranks: a progression of kind 'ranks' lists its ranks",
        ),
        (
            '[progression]\nkind = "ranks"\nranks = [{ name = "A", xp = 4 }, { name = "B", xp = 4 }]\n',
            {},
            "each rank begins at more XP than the one before",
        ),
        (
            '[progression]\nkind = "spend_xp"\nranks = [{ name = "A", xp = 4 }]\n',
            {},
            "only a progression of kind 'ranks' has a ladder",
        ),
        (
            'dropped = ["selling_gangs"]\n',
            {},
            "unknown rule 'selling_gangs'",
        ),
        (
            '[economy]\ncurrencies = [{ code = "credits", name = "Credits" }]\n'
            'availability = "trade_points"\n',
            {},
            "availability 'trade_points' needs the currency 'trade_points'",
        ),
        (
            "",
            {
                "houses": '[[houses]]\nid = "escher"\nname = "House Escher"\n'
                '[[houses.fighter_types]]\nname = "Gang Queen"\ncategory = "leader"\n'
                'cost = 135\nsubtypes = ["Queenpin"]\n'
                "profile = '5\" 3+ 3+ 3 3 3 5 3 5+ 8 8 7 7'\n"
            },
            "subtype 'Queenpin' is not in categories.subtypes",
        ),
        (
            "",
            {
                "statlines": '[[weapon_statline]]\ncode = "SR"\nname = "Short"\nkind = "range"\n'
                'field = "short"\n'
            },
            "statlines.toml: weapon column \"SR\": field: no weapon field 'short'",
        ),
        (
            "",
            {
                "armoury": '[[weapons]]\nname = "Zapper"\ncost = 5\ntrade_points = 1\n'
                "[[weapons.profiles]]\nSR = '4\"'\nRng = '8\"'\n"
            },
            "armoury.toml: weapon \"Zapper\", profile 1: unknown key 'Rng' (expected one of:"
            " SR, LR, Str, AP, L, name, traits, cost)",
        ),
    ],
)
def test_a_broken_2026_shape_is_refused_naming_the_file(
    write_pack: WritePack, user_dir: Path, pack: str, files: dict[str, str], expected: str
) -> None:
    write_pack("broken26", pack=HEAD.format(id="broken26") + pack, **files)
    assert expected in _error("broken26", user_dir)


def test_a_pack_of_its_own_reads_weapons_by_its_columns(
    write_pack: WritePack, user_dir: Path
) -> None:
    """A club's pack on n26 writes a weapon by SR, LR, Str, AP, L and gets it."""
    write_pack(
        "club26",
        pack=HEAD.format(id="club26"),
        armoury='[[weapons]]\nname = "Zapper"\ncost = 5\ntrade_points = 1\n'
        "[[weapons.profiles]]\nSR = '4\"'\nLR = '8\"'\nStr = 3\nAP = -1\nL = 2\n",
    )
    ruleset = load_ruleset("club26", [user_dir, builtin_rulesets_dir()])
    zapper = ruleset.weapon_entry("Zapper")
    assert zapper is not None and zapper.trade_points == 1
    profile = zapper.profiles[0]
    assert (profile.rng_s, profile.rng_l, profile.strength, profile.ap, profile.l) == (
        '4"',
        '8"',
        "3",
        "-1",
        "2",
    )


def test_lethality_is_dumped_only_where_a_profile_has_it(n26: Ruleset, load: Load) -> None:
    """Gang files and stored profiles of 2023 weapons are as they were; a 2026 one
    carries its L."""
    meltagun = n26.weapon_entry("Meltagun")
    assert meltagun is not None
    assert meltagun.profiles[0].model_dump(mode="json", by_alias=True)["l"] == "3"
    n23_gun = load("n23").weapon_entry("Boltgun")
    assert n23_gun is not None
    assert "l" not in n23_gun.profiles[0].model_dump(mode="json", by_alias=True)
