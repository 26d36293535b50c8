"""Fixtures for the store: a fresh SQLite file per test and gangs that use every field."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from gangmanager.persistence.database import Database, open_database
from gangmanager.rules.gang import Category, Fighter, FighterStatus, Gang
from gangmanager.rules.modifiers import Modifier, ModifierKind
from gangmanager.rules.profile import Profile
from gangmanager.rules.weapons import Item, Weapon, WeaponProfile

GANGER = '4" 4+ 4+ 3 3 1 4+ 1 7+ 7+ 8+ 8+'
# Portrait bytes as the store sees them: a signature and payload (decoding is exchange's).
GANG_PORTRAIT = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4
FIGHTER_PORTRAIT = b"\xff\xd8\xff\xe0" + bytes(range(255, -1, -1)) * 4


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "gangs.sqlite"


@pytest.fixture
def db(database_url: str) -> Iterator[Database]:
    """An open database: the SQLite file at `db_path`, then (if configured) PostgreSQL."""
    database = open_database(database_url)
    yield database
    database.close()


def combi_weapon() -> Weapon:
    """Two profiles, traits with parameters, a paid special-ammo profile."""
    return Weapon(
        name="Combi-weapon (bolter/melta)",
        cost=65,
        profiles=[
            WeaponProfile(
                name="bolter",
                rng_s='8"',
                rng_l='24"',
                acc_s="+1",
                acc_l="-",
                strength="4",
                ap="-1",
                d="2",
                am="4+",
                traits=["Combi", "Rapid Fire (1)"],
            ),
            WeaponProfile(
                name="melta",
                rng_s='6"',
                rng_l='12"',
                acc_s="+1",
                acc_l="-",
                strength="8",
                ap="-4",
                d="3",
                am="4+",
                traits=["Combi", "Melta", "Scarce"],
                cost=15,
            ),
        ],
    )


def full_gang() -> Gang:
    """A gang touching every stored field, lists deliberately not in alphabetical order."""
    leader = Fighter(
        name="Vorn Kell",
        type="Goliath Forge Tyrant",
        category=Category.LEADER,
        cost=135,
        xp=12,
        status=FighterStatus.ACTIVE,
        rating=230,
        profile=Profile.from_line('5" 3+ 4+ 4 4 2 4+ 2 5+ 5+ 6+ 7+'),
        modifiers=[
            Modifier(
                source="Advancement: BS", kind=ModifierKind.ADVANCEMENT, changes={"BS": 1}, cost=20
            ),
            Modifier(source="Spinal Injury", kind=ModifierKind.INJURY, changes={"S": -1}),
            Modifier(
                source="Bionic arm",
                kind=ModifierKind.EQUIPMENT,
                set_to={"S": 5, "A": None},
                cost=5,
            ),
        ],
        weapons=[
            combi_weapon(),
            Weapon(
                name="Renderizer",
                cost=50,
                profiles=[
                    WeaponProfile(
                        rng_s="E",
                        rng_l="-",
                        strength="S+2",
                        ap="-1",
                        d="2",
                        traits=["Melee", "Pulverise", 'Blast (3")'],
                    )
                ],
            ),
        ],
        wargear=[Item(name="Mesh armour", cost=15), Item(name="Bio-booster", cost=35)],
        skills=["Nerves of Steel", "Fearsome"],
        injuries=["Spinal Injury"],
        notes="Founder.\nSecond line of notes.",
        portrait=FIGHTER_PORTRAIT,
    )
    ganger = Fighter(
        name="Abel Trask",
        type="Forge Born",
        category=Category.GANGER,
        cost=55,
        status=FighterStatus.IN_RECOVERY,
        rating=None,
        profile=Profile.from_line(GANGER),
        weapons=[Weapon(name="Autogun", cost=15)],
    )
    beast = Fighter(
        name="Mauler",
        type="Cyber-mastiff",
        category=Category.EXOTIC_BEAST,
        cost=50,
        status=FighterStatus.DEAD,
        rating=50,
        # "-" for the characteristics a beast does not have.
        profile=Profile.model_validate(
            {"M": 6, "WS": 4, "BS": None, "S": 4, "T": 4, "W": 1, "I": 3, "A": 2}
            | {"Ld": None, "Cl": None, "Wil": None, "Int": None}
        ),
    )
    return Gang(
        name="Iron Brothers",
        house="Goliath",
        ruleset="n23",
        credits=115,
        reputation=7,
        rating=None,
        stash=[
            combi_weapon(),
            Weapon(name="Frag grenades", cost=30),
            Weapon(name="Armoured undersuit"),
        ],
        fighters=[leader, ganger, beast],
        notes="Campaign: Uprising",
        portrait=GANG_PORTRAIT,
    )


def simple_fighter(n: int) -> Fighter:
    """A fighter with one of everything, for counting statements."""
    return Fighter(
        name=f"Ganger {n}",
        cost=50,
        rating=60 if n % 2 else None,
        profile=Profile.from_line(GANGER),
        modifiers=[
            Modifier(source="Advancement", kind=ModifierKind.ADVANCEMENT, changes={"WS": 1})
        ],
        weapons=[combi_weapon(), Weapon(name="Stub gun", cost=5)],
        wargear=[Item(name="Flak armour", cost=10)],
        skills=["Fearsome"],
    )


@pytest.fixture
def gang_of() -> Callable[[int], Gang]:
    def make(fighters: int) -> Gang:
        return Gang(
            name=f"{fighters} strong",
            stash=[combi_weapon()],
            fighters=[simple_fighter(n) for n in range(fighters)],
        )

    return make


@pytest.fixture
def gang() -> Gang:
    return full_gang()
