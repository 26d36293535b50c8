"""Entries a player adds to their own pack, shared by the user pack tests."""

from __future__ import annotations

from typing import Any

N23_PROFILE = {
    "M": '5"',
    "WS": "3+",
    "BS": "4+",
    "S": "3",
    "T": "3",
    "W": "2",
    "I": "3+",
    "A": "2",
    "Ld": "7+",
    "Cl": "6+",
    "Wil": "5+",
    "Int": "6+",
}


def witch(**update: Any) -> dict[str, Any]:
    entry = {
        "house": "escher",
        "name": "Wyld Witch",
        "category": "champion",
        "cost": 110,
        "profile": dict(N23_PROFILE),
    }
    return {**entry, **update}


def club_gun(traits: list[str] | None = None) -> dict[str, Any]:
    profile: dict[str, Any] = {
        "rng_s": '8"',
        "rng_l": '16"',
        "acc_s": "+1",
        "acc_l": "-",
        "str": "3",
    }
    profile |= {"ap": "-", "d": "1", "am": "5+", "traits": traits or ["Rapid Fire (1)"]}
    return {"name": "Club gun", "cost": 20, "kind": "basic", "profiles": [profile]}
