"""Hypothesis strategies for rules-core objects."""

from __future__ import annotations

from hypothesis import strategies as st

from gangmanager.rules.characteristics import CODES, CORE_TABLE
from gangmanager.rules.gang import Category, Fighter, FighterStatus, Gang
from gangmanager.rules.modifiers import Modifier, ModifierKind
from gangmanager.rules.profile import Profile
from gangmanager.rules.weapons import Item, Weapon, WeaponProfile

names = st.text(
    alphabet=st.characters(categories=("Lu", "Ll", "Nd"), include_characters=" -'"),
    min_size=1,
    max_size=20,
).filter(lambda s: s.strip() == s and s != "")


@st.composite
def in_range_values(draw: st.DrawFn, code: str) -> int | None:
    row = CORE_TABLE[code]
    low, high = sorted((row.best, row.worst))
    return (
        draw(st.one_of(st.none(), st.integers(low, high)))
        if code != "M"
        else draw(st.integers(low, high))
    )


@st.composite
def profiles(draw: st.DrawFn) -> Profile:
    return Profile(values={code: draw(in_range_values(code)) for code in CODES})


changes = st.dictionaries(st.sampled_from(CODES), st.integers(-3, 3).filter(bool), max_size=4)

modifiers = st.builds(
    Modifier,
    source=names,
    kind=st.sampled_from(list(ModifierKind)),
    changes=changes,
    cost=st.integers(0, 50),
)

weapon_profiles = st.builds(
    WeaponProfile,
    name=names,
    am=st.sampled_from(["-", "4+", "5+", "6+"]),
    traits=st.lists(st.sampled_from(["Limited", "Rapid Fire (1)", 'Blast (3")', "Knockback"])),
    cost=st.integers(0, 40),
)

weapons = st.builds(
    Weapon, name=names, cost=st.integers(0, 200), profiles=st.lists(weapon_profiles, max_size=3)
)

fighters = st.builds(
    Fighter,
    name=names,
    type=names,
    category=st.sampled_from(list(Category)),
    cost=st.integers(0, 250),
    xp=st.integers(0, 40),
    status=st.sampled_from(list(FighterStatus)),
    profile=profiles(),
    modifiers=st.lists(modifiers, max_size=3),
    weapons=st.lists(weapons, max_size=3),
    wargear=st.lists(st.builds(Item, name=names, cost=st.integers(0, 60)), max_size=2),
)

gangs = st.builds(
    Gang,
    name=names,
    house=names,
    credits=st.integers(0, 2000),
    reputation=st.integers(1, 20),
    fighters=st.lists(fighters, max_size=6),
)
