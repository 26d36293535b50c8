"""YakTribe import and format detection under arbitrary JSON: a Gang or one ImportFileError."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gangmanager.exchange.detect import detect_format
from gangmanager.exchange.errors import ImportFileError
from gangmanager.exchange.gang_file import dump_gang_file, load_gang_file
from gangmanager.exchange.yaktribe import ImportReport, import_yaktribe
from gangmanager.rules.gang import Gang
from gangmanager.rules.ruleset import ArmouryItem, ArmouryWeapon, BlazeHit, BlazeRules, Ruleset
from gangmanager.rules.weapons import WeaponProfile

RULESET = Ruleset(
    id="fuzz",
    name="Fuzz rules",
    blaze=BlazeRules(
        catch_fire_on=[1, 2, 3], hit=BlazeHit(strength=4, damage=1, timing="end_of_activation")
    ),
    weapons=[
        ArmouryWeapon(
            name="Shotgun",
            cost=30,
            profiles=[
                WeaponProfile(name="Solid ammo"),
                WeaponProfile(name="Inferno ammo", cost=15),
            ],
        ),
        ArmouryWeapon(name="Stub gun", cost=5, profiles=[WeaponProfile()], aliases=["Stubgun"]),
    ],
    wargear=[ArmouryItem(name="Flak armour", cost=10)],
)

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children, max_size=4)
    ),
    max_leaves=20,
)
small_json = st.recursive(
    st.none() | st.booleans() | st.integers(-99, 99) | st.floats(-1e3, 1e3) | st.text(max_size=6),
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=4), children, max_size=3)
    ),
    max_leaves=8,
)


def mostly(valid: st.SearchStrategy) -> st.SearchStrategy:
    """Plausible values seven times in eight, so the fuzz reaches the deeper code."""
    return st.integers(0, 7).flatmap(lambda pick: small_json if pick == 0 else valid)


numbers = st.one_of(
    st.integers(-5, 400),
    st.integers(-5, 400).map(str),
    st.sampled_from(["", " 45 ", "4+", '5"', "-", "1e3", "12.0", "2000000", "0"]),
)
stat = st.one_of(
    st.integers(-2, 14), st.integers(-2, 14).map(str), st.sampled_from(["4+", '5"', "-", "", "x"])
)
item_names = st.sampled_from(
    ["Shotgun w/ inferno ammo", "Stubgun", "Flak Armour", "Frag grenades", "", "Lucky charm"]
) | st.text(max_size=8)
equipment = st.one_of(
    st.fixed_dictionaries(
        {},
        optional={
            "name": mostly(item_names),
            "qty": mostly(numbers | st.integers(-2, 30)),
            "cost": mostly(numbers),
            "equipment_name": mostly(item_names),
        },
    ),
    item_names,
)
names_list = st.lists(st.text(max_size=6) | st.fixed_dictionaries({"name": st.text(max_size=6)}))
ganger = st.fixed_dictionaries(
    {},
    optional={
        "name": mostly(st.text(max_size=6)),
        "type": mostly(st.sampled_from(["Leader", "Juve", "Hanger-on", "Wrecker", ""])),
        **{key: mostly(stat) for key in ("m", "ws", "bs", "s", "t", "w", "i", "a", "ld", "cl")},
        "wil": mostly(stat),
        "int": mostly(stat),
        "intelligence": mostly(stat),
        "cost": mostly(numbers),
        "xp": mostly(numbers),
        "kills": mostly(numbers),
        "advance_count": mostly(numbers),
        "equipment": mostly(st.lists(equipment, max_size=4)),
        "skills": mostly(names_list | st.text(max_size=10)),
        "injuries": mostly(names_list),
        "status": mostly(st.sampled_from(["Alive", "Dead", "In Recovery", "Captured", "?"])),
        "notes": mostly(st.text(max_size=6)),
        "ganger_id": json_values,
    },
)
yaktribe_shaped = st.fixed_dictionaries(
    {
        "gang": mostly(
            st.fixed_dictionaries(
                {},
                optional={
                    "gang_id": json_values,
                    "gang_name": mostly(st.text(max_size=6)),
                    "gang_type": mostly(st.sampled_from(["Orlock", "Escher", ""])),
                    "gang_rating": mostly(numbers),
                    "credits": mostly(numbers),
                    "reputation": mostly(numbers),
                    "wealth": json_values,
                    "alignment": json_values,
                    "gang_notes": mostly(st.text(max_size=6)),
                    "gangers": mostly(st.lists(ganger, max_size=4)),
                    "stash": mostly(st.lists(equipment, max_size=3)),
                },
            )
        )
    }
)


def _gang_or_error(data: object) -> None:
    try:
        gang, report = import_yaktribe(data, "fuzz.json", RULESET)
    except ImportFileError as error:
        assert "\n" not in str(error) and str(error).startswith("fuzz.json: ")
        return
    assert isinstance(gang, Gang) and isinstance(report, ImportReport)
    assert isinstance(report.text(), str)
    # A valid Gang: our own file format takes it and gives it back unchanged.
    text = dump_gang_file(gang)
    assert dump_gang_file(load_gang_file(json.loads(text), "again.gang.json")) == text


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(json_values)
def test_yaktribe_arbitrary_json(data: object):
    _gang_or_error(data)
    _gang_or_error({"gang": data})


@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow])
@given(yaktribe_shaped)
def test_yaktribe_shaped_json(data: dict):
    _gang_or_error(data)


@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow])
@given(json_values)
def test_yaktribe_detect_format_only_raises_import_errors(data: object):
    try:
        kind = detect_format(data, "fuzz.json")
    except ImportFileError as error:
        assert "\n" not in str(error)
        return
    assert kind in ("gangmanager", "yaktribe")
