from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gangmanager.rules.weapons import Trait, Weapon, WeaponProfile, parse_trait, parse_traits

from ..narrowing import present


@pytest.mark.parametrize(
    ("text", "name", "param"),
    [
        ("Rapid Fire (1)", "Rapid Fire", "1"),
        ('Blast (3")', "Blast", '3"'),
        ("Blast (3'')", "Blast", '3"'),
        ("Blast (5”)", "Blast", '5"'),
        ("Knockback", "Knockback", None),
        ("  Limited ", "Limited", None),
        ("Combi", "Combi", None),
        ("Template", "Template", None),
        ("Unwieldy", "Unwieldy", None),
        ("Sidearm", "Sidearm", None),
    ],
)
def test_traits_parse_with_their_parameter(text: str, name: str, param: str | None) -> None:
    assert parse_trait(text) == Trait(name=name, param=param)


def test_unknown_and_odd_traits_are_kept() -> None:
    assert parse_trait("Glowing Brightly (very)") == Trait(name="Glowing Brightly", param="very")
    assert str(parse_trait("Weird (a) (b)")) == "Weird (a) (b)"


def test_trait_list_splits_outside_brackets() -> None:
    traits = parse_traits("Rapid Fire (1), Blast (3''), Knockback, Odd (1, 2)")
    assert [str(t) for t in traits] == ["Rapid Fire (1)", 'Blast (3")', "Knockback", "Odd (1, 2)"]


@given(
    st.text(alphabet="ABCDEFGHIJ abcdefghij-", min_size=1, max_size=15).filter(str.strip),
    st.one_of(st.none(), st.integers(1, 9).map(str), st.integers(1, 9).map(lambda n: f'{n}"')),
)
def test_trait_text_round_trips(name: str, param: str | None) -> None:
    trait = Trait(name=" ".join(name.split()), param=param)
    assert parse_trait(str(trait)) == trait


def test_weapon_profiles_and_costs() -> None:
    shotgun = Weapon.model_validate(
        {
            "name": "Shotgun",
            "cost": 30,
            "profiles": [
                {"name": "Solid", "rng_s": '8"', "rng_l": "16''", "str": 4, "am": "4+"},
                {"name": "Scatter", "str": "2", "traits": ["Scattershot", "Knockback"]},
                {"name": "Executioner", "str": 4, "traits": ["Knockback", "Limited"], "cost": 15},
            ],
        }
    )
    assert shotgun.total_cost == 45
    assert shotgun.profiles[0].rng_l == '16"'
    assert shotgun.profiles[0].ammo_target == 4
    assert shotgun.profiles[1].ammo_target is None
    assert present(shotgun.profile("executioner")).has_trait("limited")
    assert shotgun.without_profile("Executioner").total_cost == 30
    dumped = shotgun.model_dump(by_alias=True)
    assert dumped["profiles"][2]["traits"] == ["Knockback", "Limited"]
    assert dumped["profiles"][0]["str"] == "4"
    assert Weapon.model_validate(dumped) == shotgun


def test_negative_profile_cost_refused() -> None:
    with pytest.raises(ValueError):
        WeaponProfile(cost=-5)
