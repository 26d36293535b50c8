"""Gang file: round trips, every error as one line, fuzzing, the committed schema."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gangmanager.exchange.errors import ImportFileError, json_path
from gangmanager.exchange.gang_file import (
    FORMAT,
    dump_gang_file,
    gang_file_schema,
    load_gang_file,
    read_gang_file,
    schema_text,
)
from gangmanager.exchange.json_input import MAX_FILE_BYTES
from gangmanager.rules.characteristics import CODES, CORE_TABLE
from gangmanager.rules.gang import Category, Fighter, FighterStatus, Gang
from gangmanager.rules.modifiers import Modifier, ModifierKind
from gangmanager.rules.profile import Profile
from gangmanager.rules.ratings import fill_missing_ratings
from gangmanager.rules.weapons import Item, Weapon, WeaponProfile

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).parent / "fixtures"
CINDER = FIXTURES / "cinder_wardens.gang.json"
MINIMAL = FIXTURES / "minimal.gang.json"


def roundtrip(gang: Gang) -> tuple[str, Gang]:
    text = dump_gang_file(gang)
    return text, load_gang_file(json.loads(text), "test.gang.json")


# -- round trips --------------------------------------------------------------


def test_fixture_file_reads_and_writes_back_identically():
    text = CINDER.read_text(encoding="utf-8")
    gang = read_gang_file(CINDER)
    assert dump_gang_file(gang) == text
    assert gang.name == "The Cinder Wardens" and len(gang.fighters) == 3
    leader = gang.fighters[0]
    assert leader.category is Category.LEADER and leader.modifiers[0].changes == {"BS": 1}
    shotgun = leader.weapon("Shotgun")
    assert shotgun is not None and shotgun.profile("Inferno ammo") is not None
    assert str(shotgun.profiles[1].traits[0]) == "Blaze"
    assert gang.stash[0].profiles[0].traits[0].param == '3"'


def test_minimal_file_gets_defaults_and_computed_ratings():
    gang = read_gang_file(MINIMAL)
    assert (gang.house, gang.ruleset, gang.credits, gang.reputation) == ("", "n23", 0, 1)
    skiv, nib = gang.fighters
    assert skiv.category is Category.GANGER and skiv.status is FighterStatus.ACTIVE
    assert skiv.profile.line() == '5" 4+ 4+ 3 3 1 4+ 1 7+ 7+ 7+ 7+'
    assert nib.profile.line() == '6" 5+ 5+ 3 3 1 - - - - - -'  # missing -> "-"
    assert (skiv.rating, nib.rating, gang.rating) == (60, 25, 85)
    text, again = roundtrip(gang)
    assert again == gang and dump_gang_file(again) == text


def test_dump_layout():
    gang = Gang(name="Ünderhive Sœurs", fighters=[])
    text = dump_gang_file(gang)
    assert text.endswith("}\n") and not text.endswith("\n\n")
    assert text.startswith('{\n  "format": "gangmanager/gang",\n  "version": 1,\n  "name": ')
    assert "Ünderhive Sœurs" in text  # not \u-escaped
    assert list(json.loads(text)) == [
        "format",
        "version",
        "name",
        "house",
        "ruleset",
        "credits",
        "reputation",
        "rating",
        "stash",
        "fighters",
        "notes",
    ]


def test_prices_paid_are_kept_and_ratings_not_recomputed():
    fighter = Fighter(
        name="Vex",
        cost=40,
        rating=999,  # committed: kept even though the pending figure differs
        profile=Profile.from_line('5" 4+ 4+ 3 3 1 4+ 1 7+ 7+ 7+ 7+'),
        weapons=[Weapon(name="Autogun", cost=7)],  # a discount, not the list price
    )
    gang = Gang(name="G", rating=5, fighters=[fighter])
    _, again = roundtrip(gang)
    assert again.fighters[0].weapons[0].cost == 7
    assert (again.fighters[0].rating, again.rating) == (999, 5)


def test_database_ids_are_not_written():
    fighter = Fighter(id=3, name="Vex", profile=Profile.from_line("5 4 4 3 3 1 4 1 7 7 7 7"))
    text, again = roundtrip(Gang(id=9, name="G", fighters=[fighter]))
    assert '"id"' not in text
    assert again.id is None and again.fighters[0].id is None


# -- hypothesis: generated gangs ------------------------------------------------------

texts = st.text(max_size=12)
names = st.text(min_size=1, max_size=12)
# Gang and fighter names: no control characters, something visible (rules.limits).
person_names = st.text(
    st.characters(exclude_categories=("Cc", "Cs", "Cf")), min_size=1, max_size=12
).filter(lambda s: bool(s.split()))
stats = st.one_of(
    st.sampled_from(["-", "E", "T", "S", "S+1", "+1", "-1", "D3", "4+", "Sx2", '8"', '3"']),
    st.text(alphabet="0123456789SDETx+- ", max_size=6).map(str.strip),
)
trait_texts = st.one_of(
    st.sampled_from(["Limited", "Rapid Fire (1)", 'Blast (3")', "Knockback", "Combi"]),
    st.builds(
        lambda n, p: f"{n} ({p})" if p else n,
        st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", min_size=1),
        st.text(alphabet="0123456789D", max_size=3),
    ),
)


@st.composite
def profiles(draw: st.DrawFn) -> Profile:
    values = {}
    for code in CODES:
        row = CORE_TABLE[code]
        low, high = sorted((row.best, row.worst))
        values[code] = draw(st.none() | st.integers(low, high))
    return Profile(values=values)


weapon_profiles = st.builds(
    lambda name, s, traits, cost: WeaponProfile.model_validate(
        {
            "name": name,
            "rng_s": s[0],
            "rng_l": s[1],
            "str": s[2],
            "ap": s[3],
            "am": s[4],
            "traits": traits,
            "cost": cost,
        }
    ),
    texts,
    st.tuples(stats, stats, stats, stats, stats),
    st.lists(trait_texts, max_size=3),
    st.integers(0, 500),
)
weapons = st.builds(
    Weapon, name=names, cost=st.integers(0, 500), profiles=st.lists(weapon_profiles, max_size=3)
)
modifiers = st.builds(
    Modifier,
    source=names,
    kind=st.sampled_from(list(ModifierKind)),
    changes=st.dictionaries(st.sampled_from(CODES), st.integers(-3, 3), max_size=3),
    set_to=st.dictionaries(st.sampled_from(CODES), st.none() | st.integers(3, 6), max_size=2),
    cost=st.integers(0, 500),
)
fighters = st.builds(
    Fighter,
    name=person_names,
    type=texts,
    category=st.sampled_from(list(Category)),
    cost=st.integers(0, 500),
    xp=st.integers(0, 200),
    status=st.sampled_from(list(FighterStatus)),
    rating=st.none() | st.integers(0, 5000),
    profile=profiles(),
    modifiers=st.lists(modifiers, max_size=2),
    weapons=st.lists(weapons, max_size=3),
    wargear=st.lists(st.builds(Item, name=names, cost=st.integers(0, 500)), max_size=2),
    skills=st.lists(texts, max_size=2),
    injuries=st.lists(texts, max_size=2),
    notes=texts,
)
gangs = st.builds(
    Gang,
    name=person_names,
    house=texts,
    ruleset=st.sampled_from(["n23", "house-a"]),
    credits=st.integers(0, 100_000),
    reputation=st.integers(1, 100),
    rating=st.none() | st.integers(0, 50_000),
    stash=st.lists(weapons, max_size=2),
    fighters=st.lists(fighters, max_size=4, unique_by=lambda f: f.name.casefold()),
    notes=texts,
)


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(gangs)
def test_export_import_export_is_identical(gang: Gang):
    text, again = roundtrip(gang)
    assert dump_gang_file(again) == text
    assert again == fill_missing_ratings(gang)


# -- errors: one line, file name and JSON path ------------------------------------------


def _expect(error: ImportFileError, source: str, path: str, words: str) -> None:
    text = str(error)
    assert "\n" not in text and len(text.splitlines()) == 1, text
    assert text.startswith(f"{source}: "), text
    if path:
        assert f"{source}: {path}: " in text, text
    assert words in text, text


def _valid() -> dict:
    return json.loads(CINDER.read_text(encoding="utf-8"))


def _set(data: dict, path: tuple, value: object) -> dict:
    target = data
    for part in path[:-1]:
        target = target[part]
    target[path[-1]] = value
    return data


@pytest.mark.parametrize(
    ("path", "value", "shown", "words"),
    [
        (
            ("fighters", 2, "profile", "BS"),
            "9+",
            "fighters[2].profile.BS",
            "'9+' is outside 2+ (best) to 6+ (worst)",
        ),
        (("fighters", 0, "profile", "M"), 12, "fighters[0].profile.M", 'outside 8" (best)'),
        (("fighters", 1, "profile", "WS"), '4"', "fighters[1].profile.WS", "not a valid"),
        (("fighters", 1, "profile", "Foo"), 3, "fighters[1].profile", "unknown characteristic"),
        (("fighters", 0, "profile"), [1, 2], "fighters[0].profile", "a profile is an object"),
        (("credits",), "45", "credits", "expected a whole number, got '45'"),
        (("credits",), 12.5, "credits", "expected a whole number"),
        (("credits",), True, "credits", "expected a whole number, got true"),
        (("credits",), 10**12, "credits", "too large"),
        (("reputation",), 0, "reputation", "below the minimum 1"),
        (("fighters",), {"name": "x"}, "fighters", "expected a list"),
        (("fighters", 1), [], "fighters[1]", "expected an object"),
        (("fighters", 1, "category"), "boss", "fighters[1].category", "'boss' is not one of"),
        (("fighters", 1, "status"), None, "fighters[1].status", "not one of"),
        (("fighters", 0, "name"), "", "fighters[0].name", "must not be empty"),
        (("fighters", 0, "weapons", 0, "cost"), -5, "fighters[0].weapons[0].cost", "minimum 0"),
        (
            ("fighters", 0, "weapons", 0, "profiles", 1, "traits"),
            "Blaze",
            "fighters[0].weapons[0].profiles[1].traits",
            "expected a list",
        ),
        (("fighters", 0, "xpp"), 3, "fighters[0].xpp", "unknown key"),
        (
            ("fighters", 0, "modifiers", 0, "changes"),
            {"Luck": 1},
            "fighters[0].modifiers[0].changes",
            "unknown characteristic 'Luck'",
        ),
        (
            ("stash", 0, "profiles", 0, "strength"),
            "4",
            "stash[0].profiles[0].strength",
            "unknown key",
        ),
        (("id",), 4, "id", "unknown key"),
        (("format",), "yaktribe", "format", "is not a Gang Manager gang file"),
        (("version",), 2, "version", "newer than this Gang Manager reads (1)"),
        (("version",), "1", "version", "is not a version number"),
        (("version",), 0, "version", "is not a version number"),
    ],
)
def test_invalid_values(path, value, shown, words):
    data = _set(_valid(), path, value)
    with pytest.raises(ImportFileError) as info:
        load_gang_file(data, "roster.gang.json")
    _expect(info.value, "roster.gang.json", shown, words)


def test_missing_required_keys():
    data = _valid()
    del data["fighters"][1]["profile"]
    with pytest.raises(ImportFileError) as info:
        load_gang_file(data, "r.gang.json")
    _expect(info.value, "r.gang.json", "fighters[1].profile", "missing (required)")

    for key, words in (("format", "missing"), ("version", "missing"), ("name", "missing")):
        data = _valid()
        del data[key]
        with pytest.raises(ImportFileError) as info:
            load_gang_file(data, "r.gang.json")
        _expect(info.value, "r.gang.json", key, words)


def test_several_problems_are_counted_on_the_one_line():
    data = _set(_set(_valid(), ("credits",), "x"), ("fighters", 0, "xp"), "y")
    with pytest.raises(ImportFileError) as info:
        load_gang_file(data, "r.gang.json")
    _expect(info.value, "r.gang.json", "credits", "(and 1 more problem)")


def test_top_level_must_be_an_object():
    data: object
    for data in ([], "gang", 3, None):
        with pytest.raises(ImportFileError) as info:
            load_gang_file(data, "r.gang.json")
        _expect(info.value, "r.gang.json", "", "a gang file is a JSON object")


def _read(tmp_path: Path, content: bytes, name: str = "roster.gang.json") -> ImportFileError:
    path = tmp_path / name
    path.write_bytes(content)
    with pytest.raises(ImportFileError) as info:
        read_gang_file(path)
    return info.value


def test_malformed_json_gives_line_and_column(tmp_path: Path):
    error = _read(tmp_path, b'{\n  "format": "gangmanager/gang",\n  "version" 1\n}\n')
    _expect(error, "roster.gang.json", "line 3, column 13", "malformed JSON")


def test_truncated_file(tmp_path: Path):
    text = CINDER.read_bytes()
    for cut in (len(text) // 2, len(text) - 3, 40):
        error = _read(tmp_path, text[:cut])
        _expect(error, "roster.gang.json", "", "cut short")
        assert re.match(r"^roster\.gang\.json: line \d+, column \d+: malformed JSON", str(error))


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"", "the file is empty"),
        (b"  \n\t ", "the file is empty"),
        (b'{"name": "\xff\xfe"}', "not UTF-8 text (byte 0xff at offset 10)"),
        (b"[" * 100_000, "nested too deeply"),
        (b'{"credits": NaN}', "NaN is not a number JSON allows"),
        (b'{"credits": ' + b"9" * 5000 + b"}", "a number of 5000 digits is too large"),
    ],
)
def test_unreadable_files(tmp_path: Path, content: bytes, words: str):
    _expect(_read(tmp_path, content), "roster.gang.json", "", words)


def test_nesting_and_huge_numbers_name_the_path(tmp_path: Path):
    deep = b'{"format": "gangmanager/gang", "version": 1, "name": "x", "notes": ' + (
        b"[" * 40 + b"]" * 40 + b"}"
    )
    _expect(_read(tmp_path, deep), "roster.gang.json", "notes" + "[0]" * 32, "nested deeper")
    inf = b'{"format": "gangmanager/gang", "version": 1, "name": "x", "credits": 1e999}'
    _expect(_read(tmp_path, inf), "roster.gang.json", "credits", "not finite")


def test_file_larger_than_the_limit(tmp_path: Path):
    error = _read(tmp_path, b" " * (MAX_FILE_BYTES + 1))
    _expect(error, "roster.gang.json", "", "larger than 10 MB")


def test_unreadable_path(tmp_path: Path):
    with pytest.raises(ImportFileError) as info:
        read_gang_file(tmp_path / "absent.gang.json")
    _expect(info.value, "absent.gang.json", "", "cannot be read")


def test_a_bom_is_accepted(tmp_path: Path):
    path = tmp_path / "bom.gang.json"
    path.write_bytes(b"\xef\xbb\xbf" + CINDER.read_bytes())
    assert read_gang_file(path).name == "The Cinder Wardens"


def test_messages_stay_on_one_line_whatever_the_keys():
    data = _set(_valid(), ("fighters", 0, "bad\nkey\u2028" + "x" * 500), 1)
    with pytest.raises(ImportFileError) as info:
        load_gang_file(data, "a\nb.gang.json")
    text = str(info.value)
    assert len(text.splitlines()) == 1 and "\n" not in text and len(text) < 700


def test_json_path_formatting():
    assert json_path(("fighters", 2, "profile", "BS")) == "fighters[2].profile.BS"
    assert json_path(("changes", "a b")) == "changes['a b']"
    assert json_path(()) == ""


# -- hypothesis: arbitrary JSON --------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children, max_size=4)
    ),
    max_leaves=20,
)
small_json = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-1000, 1000)
    | st.floats(-1e3, 1e3)
    | st.text(max_size=6),
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=4), children, max_size=3)
    ),
    max_leaves=8,
)


def mostly(valid: st.SearchStrategy) -> st.SearchStrategy:
    """Valid-looking values seven times in eight, so the fuzz gets past the header."""
    return st.integers(0, 7).flatmap(lambda pick: small_json if pick == 0 else valid)


profile_values = mostly(
    st.integers(-2, 12) | st.sampled_from(["4+", '5"', "-", "3", "", "x", "11+"])
)
weapon_profile_shaped = st.fixed_dictionaries(
    {},
    optional={
        "name": mostly(st.text(max_size=4)),
        "str": mostly(st.sampled_from(["S", "3", "+1", "-"]) | st.integers(-3, 9)),
        "rng_s": mostly(st.sampled_from(['8"', "-", "E"])),
        "traits": mostly(st.lists(st.sampled_from(["Blaze", "Rapid Fire (2)", "(", "x (y"]))),
        "cost": mostly(st.integers(-5, 60)),
    },
)
weapon_shaped = st.fixed_dictionaries(
    {"name": mostly(st.text(max_size=5))},
    optional={
        "cost": mostly(st.integers(-5, 99)),
        "profiles": mostly(st.lists(weapon_profile_shaped, max_size=2)),
    },
)
fighter_shaped = st.fixed_dictionaries(
    {
        "name": mostly(st.text(max_size=5)),
        "profile": mostly(
            st.dictionaries(st.sampled_from([*CODES, "bs", "int", "Luck"]), profile_values)
        ),
    },
    optional={
        "category": mostly(st.sampled_from([c.value for c in Category])),
        "status": mostly(st.sampled_from([s.value for s in FighterStatus])),
        "cost": mostly(st.integers(-5, 300)),
        "xp": mostly(st.integers(-1, 30)),
        "rating": mostly(st.none() | st.integers(-5, 300)),
        "weapons": mostly(st.lists(weapon_shaped, max_size=2)),
        "wargear": mostly(
            st.lists(st.fixed_dictionaries({"name": st.text(max_size=4)}), max_size=2)
        ),
        "modifiers": mostly(
            st.lists(
                st.fixed_dictionaries(
                    {"source": mostly(st.text(min_size=1, max_size=4))},
                    optional={
                        "kind": mostly(st.sampled_from([k.value for k in ModifierKind])),
                        "changes": mostly(
                            st.dictionaries(st.sampled_from([*CODES, "x"]), st.integers(-9, 9))
                        ),
                        "set_to": mostly(st.dictionaries(st.sampled_from(CODES), profile_values)),
                        "cost": mostly(st.integers(-9, 99)),
                    },
                ),
                max_size=2,
            )
        ),
        "skills": mostly(st.lists(st.text(max_size=5), max_size=2)),
        "notes": mostly(st.text(max_size=5)),
    },
)
gang_shaped = st.fixed_dictionaries(
    {
        "format": mostly(st.just(FORMAT)),
        "version": mostly(st.just(1)),
        "name": mostly(st.text(min_size=1, max_size=5)),
    },
    optional={
        "credits": mostly(st.integers(-(10**10), 10**10)),
        "reputation": mostly(st.integers(-1, 5)),
        "rating": mostly(st.none() | st.integers(-1, 500)),
        "fighters": mostly(st.lists(fighter_shaped, max_size=3)),
        "stash": mostly(st.lists(weapon_shaped, max_size=2)),
        "notes": mostly(st.text(max_size=5)),
    },
)


def _only_import_errors(data: object) -> None:
    try:
        gang = load_gang_file(data, "fuzz.gang.json")
    except ImportFileError as error:
        assert "\n" not in str(error) and str(error).startswith("fuzz.gang.json: ")
        return
    assert isinstance(gang, Gang)
    text = dump_gang_file(gang)
    assert dump_gang_file(load_gang_file(json.loads(text), "again.gang.json")) == text


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(json_values)
def test_arbitrary_json_gives_a_gang_or_one_import_error(data: object):
    _only_import_errors(data)


@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow])
@given(gang_shaped)
def test_gang_shaped_json_gives_a_gang_or_one_import_error(data: dict):
    _only_import_errors(data)


# -- JSON Schema ----------------------------------------------------------------------------


def test_committed_schema_is_the_generated_one():
    committed = (ROOT / "docs" / "gang.schema.json").read_text(encoding="utf-8")
    assert committed == schema_text(), (
        "run: python -m gangmanager.exchange.gang_file > docs/gang.schema.json"
    )


def test_schema_describes_the_contract():
    schema = gang_file_schema()
    assert schema["required"] == ["format", "version", "name"]
    assert schema["properties"]["format"] == {"const": FORMAT}
    fighter = schema["$defs"]["Fighter"]
    assert set(fighter["properties"]) == {
        "name",
        "type",
        "category",
        "cost",
        "xp",
        "status",
        "rating",
        "statline",
        "profile",
        "modifiers",
        "weapons",
        "wargear",
        "skills",
        "injuries",
        "notes",
        "owner",
        "portrait",
    }
    assert fighter["additionalProperties"] is False
    assert "str" in schema["$defs"]["WeaponProfile"]["properties"]
    # Keyed by the codes of the fighter's statline, whichever the pack declares.
    profile = schema["$defs"]["Profile"]
    assert "properties" not in profile and profile["additionalProperties"]["anyOf"]
    # Every key the fixture uses is one the schema names.
    data = _valid()
    assert set(data) <= set(schema["properties"])
    assert set(data["fighters"][0]) <= set(fighter["properties"])


def test_gang_file_examples_in_the_docs_load():
    doc = (ROOT / "docs" / "file-formats.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```json\n(.*?)```", doc, flags=re.DOTALL)
    assert len(blocks) == 2
    full, smallest = (load_gang_file(json.loads(b), "docs.gang.json") for b in blocks)
    assert full.rating == 100 and full.fighters[0].rating == 100  # as the example says
    assert smallest.name == "Two Rats" and smallest.rating == 0


def test_the_house_rules_key_is_optional_and_round_trips() -> None:
    gang = Gang(name="Iron Saints", house="orlock")
    text = dump_gang_file(gang)
    assert "house_rules_ignore_restrictions" not in text  # off: not written, old files unchanged
    assert not load_gang_file(json.loads(text), "x").house_rules_ignore_restrictions
    on = gang.model_copy(update={"house_rules_ignore_restrictions": True})
    text = dump_gang_file(on)
    assert '"house_rules_ignore_restrictions": true' in text
    loaded = load_gang_file(json.loads(text), "x")
    assert loaded.house_rules_ignore_restrictions
    assert dump_gang_file(loaded) == text
