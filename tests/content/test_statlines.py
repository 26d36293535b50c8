"""Packs declare their shapes: statlines, the weapon statline, progression, economy
and categories; the loader refuses a broken one with one line naming the file."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from gangmanager.content import RulesetError, builtin_rulesets_dir, load_ruleset
from gangmanager.rules.characteristics import CODES
from gangmanager.rules.ruleset import Ruleset

Load = Callable[[str], Ruleset]
WritePack = Callable[..., Path]

HEAD = 'id = "{id}"\nname = "Shapes"\nextends = "n23"\n'
PACKS = ("n23", "house-a", "house-b")

# A statline of two characteristics, in the form statlines.toml takes.
ROW = '[[statlines.{line}]]\ncode = "{code}"\nname = "{name}"\nkind = "{kind}"\nbest = {best}\nworst = {worst}\n'


def _row(line: str, code: str, kind: str = "value", best: int = 6, worst: int = 1) -> str:
    return ROW.format(line=line, code=code, name=f"Char {code}", kind=kind, best=best, worst=worst)


def _error(pack_id: str, user_dir: Path) -> str:
    with pytest.raises(RulesetError) as info:
        load_ruleset(pack_id, [user_dir, builtin_rulesets_dir()])
    message = str(info.value)
    assert "\n" not in message
    return message


@pytest.mark.parametrize("pack", PACKS)
def test_every_pack_carries_the_n23_fighter_statline(load: Load, pack: str) -> None:
    ruleset = load(pack)
    assert list(ruleset.statlines) == ["fighter", "vehicle"]
    fighter = ruleset.statlines["fighter"]
    assert tuple(row.code for row in fighter) == CODES
    by_code = {row.code: row for row in fighter}
    assert (by_code["M"].kind.value, by_code["M"].best, by_code["M"].worst) == ("inches", 8, 1)
    assert (by_code["BS"].kind.value, by_code["BS"].best, by_code["BS"].worst) == (
        "d6_target",
        2,
        6,
    )
    assert by_code["Ld"].kind.value == "2d6_target"
    assert by_code["Int"].worst == 11  # the Phelynx and the Sumpkroc print 11+
    caps = {row.code: row.advance_cap for row in fighter if row.advance_cap is not None}
    assert caps == {"M": 2, "S": 2, "T": 2, "W": 1, "A": 1}


@pytest.mark.parametrize("pack", PACKS)
def test_every_pack_declares_weapons_progression_economy_categories(load: Load, pack: str) -> None:
    ruleset = load(pack)
    columns = [(c.code, c.kind.value) for c in ruleset.weapon_statline]
    assert columns == [
        ("rng_s", "range"), ("rng_l", "range"), ("acc_s", "accuracy"), ("acc_l", "accuracy"),
        ("str", "strength"), ("ap", "ap"), ("d", "damage"), ("am", "ammo"),
    ]  # fmt: skip
    assert ruleset.weapon_statline[4].relative_to == "S"
    assert ruleset.progression.kind == "spend_xp"
    assert [c.code for c in ruleset.economy.currencies] == ["credits"]
    assert ruleset.economy.availability == "rarity"
    assert ruleset.categories.per_fighter == 1


def test_every_fighter_type_and_addition_names_its_statline(load: Load) -> None:
    ruleset = load("n23")
    kinds = [*(t for h in ruleset.houses for t in h.fighter_types), *ruleset.gang_additions]
    assert len(kinds) > 100
    for kind in kinds:
        assert kind.statline == "fighter", kind.name
        assert tuple(kind.profile.values) == CODES, kind.name
        assert kind.profile.table == ruleset.table, kind.name


def test_a_second_statline_keys_its_fighter_type(write_pack: WritePack, user_dir: Path) -> None:
    write_pack(
        "two-shapes",
        pack=HEAD.format(id="two-shapes"),
        statlines=_row("drone", "Spd", "inches", 12, 1) + _row("drone", "Arm", "d6_target", 2, 6),
        gang_additions=(
            '[[gang_additions]]\nname = "Drone"\ncategory = "hanger_on"\ncost = 20\n'
            'statline = "drone"\nprofile = \'9" 4+\'\n'
        ),
    )
    ruleset = load_ruleset("two-shapes", [user_dir, builtin_rulesets_dir()])
    # n23's fighter and vehicle are inherited
    assert list(ruleset.statlines) == ["fighter", "vehicle", "drone"]
    drone = next(t for t in ruleset.gang_additions if t.name == "Drone")
    assert drone.statline == "drone"
    assert drone.profile.values == {"Spd": 9, "Arm": 4}
    assert drone.profile.printed() == {"Spd": '9"', "Arm": "4+"}
    assert ruleset.table_for(drone.profile) == ruleset.statline("drone")


@pytest.mark.parametrize(
    ("files", "expected"),
    [
        (
            {"statlines": _row("drone", "Spd", "furlongs")},
            "statlines.toml: statline 'drone', characteristic \"Spd\": kind: unknown kind"
            " 'furlongs' (expected one of: inches, value, d6_target, 2d6_target)",
        ),
        (
            {"statlines": _row("drone", "Spd") + _row("drone", "spd")},
            "statlines.toml: statline 'drone', characteristic \"spd\": the code is listed twice",
        ),
        (
            {
                "statlines": _row("drone", "Spd") + _row("drone", "Arm"),
                "gang_additions": '[[gang_additions]]\nname = "Drone"\ncategory = "hanger_on"\n'
                'cost = 20\nstatline = "drone"\nprofile = { Spd = 3, BS = "4+" }\n',
            },
            "gang_additions.toml: gang addition \"Drone\": profile: 'BS' is no characteristic"
            " of the statline 'drone' (Spd, Arm)",
        ),
        (
            {
                "gang_additions": '[[gang_additions]]\nname = "Drone"\ncategory = "hanger_on"\n'
                "cost = 20\nstatline = \"drone\"\nprofile = '3 4'\n"
            },
            "gang_additions.toml: gang addition \"Drone\": statline: no statline 'drone'"
            " (the pack's: fighter, vehicle)",
        ),
        (
            {
                "statlines": _row("drone", "Spd") + _row("drone", "Arm"),
                "houses": '[[houses]]\nid = "orlock"\nname = "O"\n[[houses.fighter_types]]\n'
                'name = "Boss"\ncategory = "leader"\ncost = 10\nstatline = "drone"\n'
                "profile = '5\" 3+ 3+'\n",
            },
            'houses.toml: house "orlock", fighter type "Boss": profile: a profile line has 2'
            " values (Spd Arm), got 3",
        ),
        (
            {"statlines": '[[weapon_statline]]\ncode = "lethality"\nname = "L"\nkind = "damage"\n'},
            "statlines.toml: weapon column \"lethality\": code: no weapon column 'lethality'",
        ),
        (
            {"statlines": '[[weapon_statline]]\ncode = "d"\nname = "D"\nkind = "wounds"\n'},
            "statlines.toml: weapon column \"d\": kind: unknown kind 'wounds'",
        ),
        (
            {
                "statlines": '[[weapon_statline]]\ncode = "d"\nname = "D"\nkind = "damage"\n'
                '[[weapon_statline]]\ncode = "d"\nname = "D"\nkind = "damage"\n'
            },
            'statlines.toml: weapon column "d": the code is listed twice',
        ),
        (
            {"statlines": '[[weapon_statline]]\ncode = "d"\nname = "Damage"\nkind = "damage"\n'},
            'armoury.toml: weapon "Autogun", profile 1: rng_s: not a column of the pack\'s'
            " weapon_statline",
        ),
    ],
)
def test_broken_shapes_are_refused_naming_the_file(
    write_pack: WritePack, user_dir: Path, files: dict[str, str], expected: str
) -> None:
    write_pack("broken", pack=HEAD.format(id="broken"), **files)
    message = _error("broken", user_dir)
    assert expected in message


def test_an_unknown_progression_kind_is_refused(write_pack: WritePack, user_dir: Path) -> None:
    write_pack("broken", pack=HEAD.format(id="broken") + '[progression]\nkind = "tiers"\n')
    message = _error("broken", user_dir)
    assert message.endswith(
        "broken/pack.toml: progression: unknown kind 'tiers' (expected one of: spend_xp, ranks)"
    )


def test_a_child_replaces_one_statline_and_keeps_the_others(
    write_pack: WritePack, user_dir: Path
) -> None:
    write_pack(
        "child",
        pack=HEAD.format(id="child") + '[economy]\navailability = "none"\n',
        statlines=_row("drone", "Spd"),
    )
    ruleset = load_ruleset("child", [user_dir, builtin_rulesets_dir()])
    assert [r.code for r in ruleset.statlines["fighter"]] == list(CODES)
    assert [r.code for r in ruleset.statlines["drone"]] == ["Spd"]
    assert ruleset.economy.availability == "none"
    assert [c.code for c in ruleset.economy.currencies] == ["credits"]  # the model's default
