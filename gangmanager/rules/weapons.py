"""Weapons with several profiles, and traits with their parameters."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Annotated

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PlainSerializer,
    WithJsonSchema,
)

from gangmanager.rules.limits import Amount, quoted


class Trait(BaseModel):
    """`Rapid Fire (1)` is Trait(name="Rapid Fire", param="1")."""

    model_config = ConfigDict(frozen=True)

    name: str
    param: str | None = None

    def __str__(self) -> str:
        return f"{self.name} ({self.param})" if self.param is not None else self.name

    @property
    def key(self) -> str:
        """Lookup key in a trait registry: the name, case-folded."""
        return trait_key(self.name)


# Cached: the rules compare names through it hundreds of thousands of times per
# post-battle preview of a large gang (house and gang-addition lookups per fighter).
@lru_cache(maxsize=8192)
def trait_key(name: str) -> str:
    return re.sub(r"\s+", " ", name.strip()).casefold()


# Inch marks as written in books and glossaries: 3", 3'', 3”, 3″.
_INCH = re.compile(r"""(\d)\s*(?:''|"|”|″|“)""")
_TRAIT = re.compile(r"^(?P<name>[^()]+?)\s*(?:\((?P<param>[^()]*)\))?\s*$")


# Cached: every weapon profile's stats pass through it on each load of a gang,
# and they are a few hundred distinct strings.
@lru_cache(maxsize=4096)
def normalise_param(param: str) -> str:
    return _INCH.sub(r'\1"', param.strip())


def parse_trait(text: str | Trait) -> Trait:
    """Parse one trait; anything unusual is kept as written rather than dropped."""
    if isinstance(text, Trait):
        return text
    if not isinstance(text, str) or not text.strip():
        raise ValueError(f"a trait is a non-empty string, got {quoted(text)}")
    cleaned = " ".join(text.split())
    match = _TRAIT.match(cleaned)
    if not match:
        return Trait(name=cleaned)
    param = match.group("param")
    return Trait(name=match.group("name").strip(), param=normalise_param(param) if param else None)


def parse_traits(text: str) -> list[Trait]:
    """Split a comma-separated trait list, keeping commas inside brackets."""
    parts: list[str] = []
    depth, start = 0, 0
    for index, char in enumerate(text):
        if char == "(":
            depth += 1
        elif char == ")":
            depth = max(0, depth - 1)
        elif char == "," and depth == 0:
            parts.append(text[start:index])
            start = index + 1
    parts.append(text[start:])
    return [parse_trait(p) for p in parts if p.strip()]


TraitField = Annotated[
    Trait,
    BeforeValidator(parse_trait),
    PlainSerializer(str, return_type=str),
    WithJsonSchema({"type": "string", "examples": ["Rapid Fire (1)", 'Blast (3")']}),
]

Stat = Annotated[str, BeforeValidator(lambda v: normalise_param(str(v)) if v is not None else "-")]


def profile_attribute(field: str) -> str:
    """The WeaponProfile attribute a weapon field is held in: Strength is `strength`,
    named `str` as the packs and gang files name it."""
    return "strength" if field == "str" else field


class WeaponProfile(BaseModel):
    """One line of a weapon's profile table. Values are text as printed."""

    model_config = ConfigDict(frozen=True, populate_by_name=True)

    name: str = ""
    rng_s: Stat = "-"
    rng_l: Stat = "-"
    acc_s: Stat = "-"
    acc_l: Stat = "-"
    strength: Stat = Field(default="-", alias="str")
    ap: Stat = "-"
    d: Stat = "-"
    am: Stat = "-"
    # Lethality: the 2026 edition's column (rules/shapes.py LATER_WEAPON_FIELDS). Left
    # out of a dump when it has none, so every 2023 profile is dumped as it always was.
    l: Stat = Field(default="-", exclude_if=lambda value: value == "-")  # noqa: E741
    traits: list[TraitField] = Field(default_factory=list)
    # Price paid for this profile on top of the weapon (special ammo); 0 for the standard one.
    cost: Amount = 0

    def has_trait(self, name: str) -> bool:
        key = trait_key(name)
        return any(t.key == key for t in self.traits)

    def value(self, field: str) -> str:
        """The text of a column held in `field` (rules/shapes.py WEAPON_FIELDS)."""
        return str(getattr(self, profile_attribute(field)))

    def trait(self, name: str) -> Trait | None:
        key = trait_key(name)
        return next((t for t in self.traits if t.key == key), None)

    @property
    def ammo_target(self) -> int | None:
        """The Am value as a D6 target (`4+` -> 4), None when there is none."""
        match = re.match(r"^\s*(\d)\+?\s*$", self.am)
        return int(match.group(1)) if match else None


class Weapon(BaseModel):
    """A weapon as carried: its price paid and all its profiles."""

    model_config = ConfigDict(frozen=True)

    name: str = Field(min_length=1)
    # Price paid for the weapon with its standard profile.
    cost: Amount = 0
    profiles: list[WeaponProfile] = Field(default_factory=list)

    @property
    def total_cost(self) -> int:
        return self.cost + sum(p.cost for p in self.profiles)

    def profile(self, name: str) -> WeaponProfile | None:
        wanted = name.strip().casefold()
        return next((p for p in self.profiles if p.name.strip().casefold() == wanted), None)

    def without_profile(self, name: str) -> Weapon:
        wanted = name.strip().casefold()
        return self.model_copy(
            update={"profiles": [p for p in self.profiles if p.name.strip().casefold() != wanted]}
        )


class Item(BaseModel):
    """Wargear or any priced item (price paid)."""

    model_config = ConfigDict(frozen=True)

    name: str = Field(min_length=1)
    cost: Amount = 0
