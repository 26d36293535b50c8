"""Broken packs give one clear line naming the file, the entry and the problem."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from gangmanager.content import RulesetError, builtin_rulesets_dir, load_ruleset

WritePack = Callable[..., Path]

HEAD = 'id = "{id}"\nname = "Broken"\nextends = "n23"\n'


def _load_error(pack_id: str, user_dir: Path) -> RulesetError:
    with pytest.raises(RulesetError) as info:
        load_ruleset(pack_id, [user_dir, builtin_rulesets_dir()])
    message = str(info.value)
    assert "\n" not in message
    assert message.strip() == message
    return info.value


def test_toml_syntax_error_names_file_and_line(write_pack: WritePack, user_dir: Path) -> None:
    write_pack(
        "bad-syntax",
        pack=HEAD.format(id="bad-syntax"),
        traits='[[traits]]\nname = "A"\nsummary = \n',
    )
    error = _load_error("bad-syntax", user_dir)
    assert str(error).startswith(str(user_dir / "bad-syntax" / "traits.toml"))
    assert "TOML syntax error" in str(error)
    assert "line 3" in str(error)
    assert error.path == user_dir / "bad-syntax" / "traits.toml"


def test_unknown_key(write_pack: WritePack, user_dir: Path) -> None:
    write_pack(
        "bad-key",
        pack=HEAD.format(id="bad-key"),
        traits='[[traits]]\nname = "Blaze"\ncolour = "red"\n',
    )
    message = str(_load_error("bad-key", user_dir))
    assert "bad-key/traits.toml: " in message
    assert 'trait "Blaze"' in message
    assert "unknown key 'colour'" in message
    assert "summary" in message  # the keys that are allowed


def test_unknown_mechanic(write_pack: WritePack, user_dir: Path) -> None:
    write_pack(
        "bad-mechanic",
        pack=HEAD.format(id="bad-mechanic"),
        traits='[[traits]]\nname = "Blaze"\nmechanics = ["blazing"]\n',
    )
    message = str(_load_error("bad-mechanic", user_dir))
    assert message.endswith(
        "bad-mechanic/traits.toml: trait \"Blaze\": unknown mechanic 'blazing' (expected one of "
        "'limited', 'scarce', 'plentiful', 'single_shot', 'rapid_fire', 'combi', 'blaze', "
        "'template', 'blast', 'unwieldy', 'pistol', 'sidearm', 'melee', 'knockback', "
        "'accurate', 'rupture', 'toxin', 'silent', 'grenade', 'toxin_before_damage', "
        "'knockback_distance', 'gas', 'rending', 'power', 'melta', 'shock', 'sever', 'shred', "
        "'scattershot', 'seismic', 'concussion', 'web', 'phase', 'graviton', 'no_wound', "
        "'no_pin', 'fear', 'pulverise', 'rad_phage', 'unstable', 'shield_breaker', 'paired' or 'digi')"
    )


WEAPON = """
[[weapons]]
name = "Lasgun"
cost = 15

[[weapons.profiles]]
str = "3"
am = "2+"

[[weapons.profiles]]
name = "hotshot"
{line}
"""


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        (
            'cost = "free"',
            'weapon "Lasgun", profile 2 "hotshot": cost: Input should be a valid integer',
        ),
        ("str = [4]", 'weapon "Lasgun", profile 2 "hotshot": str: expected text'),
        (
            'traits = "Rapid Fire (1)"',
            'weapon "Lasgun", profile 2 "hotshot": traits: Input should be a valid list',
        ),
        ('strenght = "4"', 'weapon "Lasgun", profile 2 "hotshot": unknown key \'strenght\''),
    ],
)
def test_wrong_type_in_a_weapon_profile(
    write_pack: WritePack, user_dir: Path, line: str, expected: str
) -> None:
    write_pack("bad-weapon", pack=HEAD.format(id="bad-weapon"), armoury=WEAPON.format(line=line))
    message = str(_load_error("bad-weapon", user_dir))
    assert f"bad-weapon/armoury.toml: {expected}" in message


def test_error_in_inherited_entry_names_the_parent_file(
    write_pack: WritePack, user_dir: Path
) -> None:
    write_pack(
        "parent",
        pack='id = "parent"\nname = "P"\nextends = "n23"\n',
        traits='[[traits]]\nname = "Shock"\nparam = "numbr"\n',
    )
    write_pack("child", pack='id = "child"\nname = "C"\nextends = "parent"\n')
    message = str(_load_error("child", user_dir))
    assert "parent/traits.toml: trait \"Shock\": unknown param 'numbr'" in message


def test_missing_extends_target(write_pack: WritePack, user_dir: Path) -> None:
    write_pack("orphan", pack='id = "orphan"\nname = "O"\nextends = "n99"\n')
    message = str(_load_error("orphan", user_dir))
    assert "orphan/pack.toml: extends 'n99': no pack with that id" in message
    assert "n23" in message and "house-a" in message


def test_extends_cycle(write_pack: WritePack, user_dir: Path) -> None:
    write_pack("cycle-a", pack='id = "cycle-a"\nname = "A"\nextends = "cycle-b"\n')
    write_pack("cycle-b", pack='id = "cycle-b"\nname = "B"\nextends = "cycle-a"\n')
    message = str(_load_error("cycle-a", user_dir))
    assert "cycle-b/pack.toml: extends cycle: cycle-a -> cycle-b -> cycle-a" in message


def test_self_extension_without_a_builtin(write_pack: WritePack, user_dir: Path) -> None:
    write_pack("loop", pack='id = "loop"\nname = "L"\nextends = "loop"\n')
    assert "extends itself" in str(_load_error("loop", user_dir))


def test_unknown_pack_id_lists_the_available_ones(user_dir: Path) -> None:
    message = str(_load_error("no-such-pack", user_dir))
    assert message.startswith("no ruleset 'no-such-pack' (available: ")
    assert "house-a, house-b, n23" in message


@pytest.mark.parametrize(
    ("files", "expected"),
    [
        ({"armory": ""}, "armory.toml: unknown file 'armory.toml'"),
        (
            {"armoury": "[[weapon]]\nname = 'x'\n"},
            "armoury.toml: unknown key 'weapon' (expected one of: weapons, wargear)",
        ),
        (
            {"traits": '[[traits]]\nname = "A"\n[[traits]]\nname = "a"\n'},
            'traits.toml: trait "a": is listed twice',
        ),
        (
            {"traits": '[[traits]]\nsummary = "no name"\n'},
            "traits.toml: trait 1: missing key 'name'",
        ),
        ({"traits": 'traits = "Blaze"\n'}, "traits.toml: 'traits' must be an array of tables"),
        (
            {"injuries": '[[injuries]]\nroll = "11-65"\nname = "Almost"\n'},
            "injuries.toml: injuries: D66 roll 66 is on no row",
        ),
        (
            {"injuries": '[[injuries]]\nroll = "11-66"\nname = "All"\nchanges = { bs = -1 }\n'},
            "injuries.toml: injury \"All\": write the characteristic as 'BS', not 'bs'",
        ),
        (
            {
                "advancements": '[[ganger_advancements]]\nroll = "2-12"\nname = "x"\noptions = ["wss"]\ncredits = 5\n'
            },
            "advancements.toml: ganger advancement \"2-12\": unknown option 'wss'",
        ),
        (
            {
                "characteristics": '[[characteristics]]\ncode = "M"\nname = "Movement"\nkind = "inches"\nbest = 8\nwrost = 1\n'
            },
            "characteristics.toml: characteristic \"M\": unknown key 'wrost'",
        ),
        (
            {
                "characteristics": '[[characteristics]]\ncode = "M"\nname = "Movement"\nkind = "inches"\nbest = 8\nworst = 1\n'
            },
            "characteristics.toml: characteristics: characteristic table must list",
        ),
        (
            {
                "houses": '[[houses]]\nid = "orlock"\nname = "O"\n[[houses.fighter_types]]\n'
                'name = "Boss"\ncategory = "leader"\ncost = 10\nprofile = \'5" 3+ 3+ 3 3 3\'\n'
            },
            'houses.toml: house "orlock", fighter type "Boss": profile: a profile line has 12 values',
        ),
        (
            {
                "houses": '[[houses]]\nid = "orlock"\nname = "O"\n[[houses.fighter_types]]\n'
                'name = "Boss"\ncategory = "boss"\ncost = 10\nprofile = \'5" 3+ 3+ 3 3 3 4+ 2 4+ 5+ 5+ 5+\'\n'
            },
            'houses.toml: house "orlock", fighter type "Boss": unknown category \'boss\'',
        ),
        (
            {
                "gang_additions": '[[gang_additions]]\nname = "Doc"\ncategory = "hanger_on"\n'
                "cost = 50\nprofile = '5\" 5+ 5+'\n"
            },
            'gang_additions.toml: gang addition "Doc": profile: a profile line has 12 values',
        ),
        (
            {
                "gang_additions": '[[gang_additions]]\nname = "Doc"\ncategory = "hanger_on"\n'
                "cost = 50\nprofile = '5\" 5+ 5+ 2 3 1 4+ 1 9+ 8+ 7+ 5+'\nkit = []\n"
            },
            "gang_additions.toml: gang addition \"Doc\": unknown key 'kit'",
        ),
    ],
)
def test_file_level_errors(
    write_pack: WritePack, user_dir: Path, files: dict[str, str], expected: str
) -> None:
    write_pack("broken", pack=HEAD.format(id="broken"), **files)
    message = str(_load_error("broken", user_dir))
    assert f"broken/{expected}" in message


@pytest.mark.parametrize(
    ("pack", "expected"),
    [
        (
            'id = "broken"\nname = "B"\nextends = "n23"\n[blaze.hit]\ntiming = "later"\n',
            "pack.toml: blaze.hit: unknown timing 'later'",
        ),
        (
            'id = "broken"\nname = "B"\nextends = "n23"\n[[blaze.actions]]\nid = "x"\nname = "Douse"\nactor = "self"\naction_type = "none"\n',
            "pack.toml: blaze action \"Douse\": missing key 'target'",
        ),
        ('id = "broken"\nname = "B"\n', "pack.toml: missing key 'blaze'"),
        (
            'id = "other"\nname = "B"\n',
            "pack.toml: id 'other' does not match the folder name 'broken'",
        ),
        ('name = "B"\n', "pack.toml: 'id' must be given as non-empty text"),
        (
            'id = "broken"\nname = "B"\nextends = "n23"\ncolour = "red"\n',
            "pack.toml: unknown key 'colour'",
        ),
        (
            'id = "broken"\nname = "B"\nextends = "n23"\nfounding_credits = -5\n',
            "pack.toml: founding_credits: Input should be greater than or equal to 0",
        ),
    ],
)
def test_pack_file_errors(write_pack: WritePack, user_dir: Path, pack: str, expected: str) -> None:
    write_pack("broken", pack=pack)
    message = str(_load_error("broken", user_dir))
    assert f"broken/{expected}" in message


def test_error_message_is_relative_inside_the_working_folder(
    write_pack: WritePack, user_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_pack(
        "bad-key",
        pack=HEAD.format(id="bad-key"),
        traits='[[traits]]\nname = "Blaze"\ncolour = "red"\n',
    )
    monkeypatch.chdir(user_dir.parent)
    message = str(_load_error("bad-key", user_dir))
    assert message.startswith(str(Path("user-rulesets") / "bad-key" / "traits.toml") + ": ")


def test_ruleset_error_is_a_value_error() -> None:
    assert issubclass(RulesetError, ValueError)


def test_a_file_may_be_split_into_parts(write_pack: WritePack, user_dir: Path) -> None:
    """`traits-extra.toml` joins `traits.toml`'s list; parts load after it in name order."""
    write_pack(
        "split",
        pack=HEAD.format(id="split"),
        traits='[[traits]]\nname = "Alpha"\nsummary = "a"\n',
        **{
            "traits-zeta": '[[traits]]\nname = "Zeta"\nsummary = "z"\n',
            "traits-beta": '[[traits]]\nname = "Beta"\nsummary = "b"\n',
        },
    )
    ruleset = load_ruleset("split", [user_dir, builtin_rulesets_dir()])
    own = [t.name for t in ruleset.traits][-3:]
    assert own == ["Alpha", "Beta", "Zeta"]


@pytest.mark.parametrize(
    ("files", "expected"),
    [
        (
            {
                "traits": '[[traits]]\nname = "Alpha"\n',
                "traits-more": '[[traits]]\nname = "alpha"\n',
            },
            'traits-more.toml: trait "alpha": is listed in traits.toml too',
        ),
        ({"pack-more": 'summary = "x"\n'}, "pack-more.toml: unknown file 'pack-more.toml'"),
        ({"houses-": ""}, "houses-.toml: unknown file 'houses-.toml'"),
    ],
)
def test_split_file_errors(
    write_pack: WritePack, user_dir: Path, files: dict[str, str], expected: str
) -> None:
    write_pack("split-bad", pack=HEAD.format(id="split-bad"), **files)
    assert expected in str(_load_error("split-bad", user_dir))


_HOUSE = """[[houses]]
id = "x"
name = "House X"
skill_sets = {sets}

[[houses.fighter_types]]
name = "Boss"
category = "leader"
cost = 100
profile = '5" 3+ 3+ 3 3 2 4+ 2 6+ 6+ 7+ 7+'
skill_sets_primary = {primary}
equipment = {kit}

[[houses.equipment_list]]
name = {item}
cost = 10
restricted_to = {who}
"""


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        ({"item": '"Ray gun"'}, 'equipment list "Ray gun": not in the armoury'),
        ({"who": '["Juvie"]'}, "restricted_to: 'Juvie' is no category nor fighter type"),
        ({"kit": '["Ray gun"]'}, "equipment: 'Ray gun' is not in the armoury"),
        ({"primary": '["Moonwalk"]'}, "skill access: no skill set 'Moonwalk'"),
        ({"sets": '["Moonwalk"]'}, "skill_sets: no skill set 'Moonwalk'"),
    ],
)
def test_house_names_must_exist(
    write_pack: WritePack, user_dir: Path, fields: dict[str, str], expected: str
) -> None:
    values = {
        "sets": "[]",
        "primary": '["Brawn"]',
        "kit": '["Laspistol"]',
        "item": '"Lasgun"',
        "who": '["leader", "Boss"]',
    } | fields
    write_pack("bad-house", pack=HEAD.format(id="bad-house"), houses=_HOUSE.format(**values))
    message = str(_load_error("bad-house", user_dir))
    assert "bad-house/houses.toml: " in message and expected in message


def test_house_fields_load(write_pack: WritePack, user_dir: Path) -> None:
    values = {"sets": "[]", "primary": '["Brawn"]', "kit": '["Laspistol"]'}
    text = _HOUSE.format(**values, item='"Lasgun"', who='["Boss"]')
    text = text.replace("equipment = [", "limit = { max = 1 }\nequipment = [", 1)
    write_pack("good-house", pack=HEAD.format(id="good-house"), houses=text)
    house = load_ruleset("good-house", [user_dir, builtin_rulesets_dir()]).house("x")
    assert house is not None
    assert house.fighter_types[0].limit.max == 1
    assert [(e.name, e.cost, e.restricted_to) for e in house.equipment_list] == [
        ("Lasgun", 10, ["Boss"])
    ]


_ADDITION = (
    '[[gang_additions]]\nname = "Digger"\ncost = 200\n'
    "profile = '4\" 3+ 5+ 5 5 3 5+ 2 8+ 6+ 8+ 9+'\n"
)


@pytest.mark.parametrize(
    ("extra", "expected"),
    [
        ('category = "ganger"\n', "category: a gang addition is one of brute, hanger_on,"),
        (
            'category = "brute"\nhouses = ["orlok"]\n',
            "houses: no house 'orlok' in this pack",
        ),
        (
            'category = "brute"\nhouse_costs = { escherr = 150 }\n',
            "houses: no house 'escherr' in this pack",
        ),
        (
            'category = "exotic_beast"\nowner = ["Beastmastr"]\n',
            "owner: 'Beastmastr' is no category nor fighter type of this pack",
        ),
        ('category = "brute"\nowner = ["leader"]\n', "owner: only an exotic_beast has an owner"),
        (
            'category = "brute"\nlimit = { per_owner = 2 }\n',
            "limit.per_owner: only an exotic_beast has an owner",
        ),
        (
            'category = "brute"\nequipment = ["Digging claw"]\n',
            "equipment: 'Digging claw' is not in the armoury",
        ),
        (
            'category = "brute"\nskill_sets_primary = ["Digging"]\n',
            "skill access: no skill set 'Digging' in this pack",
        ),
    ],
)
def test_a_gang_addition_names_only_what_the_pack_has(
    write_pack: WritePack, user_dir: Path, extra: str, expected: str
) -> None:
    pack = 'id = "broken"\nname = "B"\nextends = "n23"\n'
    write_pack("broken", pack=pack, **{"gang_additions-extra": _ADDITION + extra})
    message = str(_load_error("broken", user_dir))
    assert 'gang_additions-extra.toml: gang addition "Digger": ' + expected in message


_PROFILE = '[[weapons]]\nname = "Odd maul"\ncost = 10\n\n[[weapons.profiles]]\n'


@pytest.mark.parametrize(
    ("profile", "wanted"),
    [
        (
            'rng_s = "E"\nstr = "+1"\ntraits = ["Melee"]\n',
            "str: write 'S+1' (the user's Strength +1), not '+1'",
        ),
        ('rng_s = "E"\nstr = "S plus 1"\ntraits = ["Melee"]\n', "is not a Strength"),
        (
            'rng_s = "-"\nrng_l = "E"\nstr = "S"\ntraits = ["Melee"]\n',
            'a Melee profile has rng_s = "E"',
        ),
        (
            'rng_s = "-"\nrng_l = "T"\nstr = "3"\ntraits = ["Template"]\n',
            'a Template profile has rng_s = "T"',
        ),
        ('rng_s = "T"\nstr = "3"\ntraits = ["Gas"]\n', "has the Template trait"),
    ],
)
def test_a_weapon_profile_has_one_form_of_strength_and_range(
    write_pack: WritePack, user_dir: Path, profile: str, wanted: str
) -> None:
    write_pack("odd-weapon", pack=HEAD.format(id="odd-weapon"), armoury=_PROFILE + profile)
    message = str(_load_error("odd-weapon", user_dir))
    assert "odd-weapon/armoury.toml" in message
    assert 'weapon "Odd maul"' in message
    assert wanted in message
