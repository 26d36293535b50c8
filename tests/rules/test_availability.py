"""Availability ("C", "R8", "I9") and the post-battle Trading Post's availability roll."""

from __future__ import annotations

import pytest

from gangmanager.rules.availability import (
    availability_rollers,
    parse_availability,
    rarity_label,
)
from gangmanager.rules.gang import Category, Fighter, FighterStatus
from gangmanager.rules.profile import Profile

PROFILE = Profile.from_line('5" 4+ 4+ 3 3 1 4+ 1 7+ 7+ 7+ 7+')


@pytest.mark.parametrize(
    ("text", "label", "needs_roll"),
    [
        ("C", "Common", False),
        ("R8", "Rare (8)", True),
        ("R (10)", "Rare (10)", True),
        ("I9", "Illegal (9)", True),
        ("i12", "Illegal (12)", True),
        ("", "", False),
        ("?", "", False),
    ],
)
def test_parse_and_label(text: str, label: str, needs_roll: bool) -> None:
    assert rarity_label(text) == label
    assert parse_availability(text).needs_roll is needs_roll


def fighter(name: str, category: Category, status: FighterStatus = FighterStatus.ACTIVE) -> Fighter:
    return Fighter(name=name, category=category, status=status, profile=PROFILE)


def test_who_rolls_and_the_rolls() -> None:
    gang = [
        fighter("Boss", Category.LEADER),
        fighter("Sarge", Category.CHAMPION),
        fighter("Hurt", Category.CHAMPION, FighterStatus.IN_RECOVERY),
        fighter("Grunt", Category.GANGER),
    ]
    rollers = availability_rollers(gang)
    assert [f.name for f in rollers] == ["Boss", "Sarge"]
