"""Gangs and fighters as the rules core sees them (no storage, no Qt).

Field names are the keys of the gang file (`docs/file-formats.md`).
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

from gangmanager.rules.characteristics import CharacteristicTable
from gangmanager.rules.default_ruleset import DEFAULT_RULESET
from gangmanager.rules.limits import Amount, FighterName, GangName, Reputation
from gangmanager.rules.modifiers import EffectiveProfile, Modifier, effective_profile
from gangmanager.rules.portrait import PortraitBytes
from gangmanager.rules.profile import Profile
from gangmanager.rules.weapons import Item, Weapon


class Category(StrEnum):
    LEADER = "leader"
    CHAMPION = "champion"
    GANGER = "ganger"
    JUVE = "juve"
    PROSPECT = "prospect"
    SPECIALIST = "specialist"
    CREW = "crew"
    BRUTE = "brute"
    HANGER_ON = "hanger_on"
    EXOTIC_BEAST = "exotic_beast"
    HIRED_GUN = "hired_gun"

    @property
    def label(self) -> str:
        if self is Category.HANGER_ON:
            return "Hanger-on"
        return self.value.replace("_", " ").title()


class FighterStatus(StrEnum):
    ACTIVE = "active"
    IN_RECOVERY = "in_recovery"
    CONVALESCENCE = "convalescence"
    CRITICAL = "critical"
    CAPTURED = "captured"
    DEAD = "dead"
    RETIRED = "retired"
    SOLD = "sold"

    @property
    def label(self) -> str:
        return self.value.replace("_", " ").capitalize()

    @property
    def counts_for_rating(self) -> bool:
        """Gang Rating counts fighters who are not dead, retired, sold or captured."""
        return self not in _NOT_COUNTED


_NOT_COUNTED = frozenset(
    {FighterStatus.DEAD, FighterStatus.RETIRED, FighterStatus.SOLD, FighterStatus.CAPTURED}
)


class Fighter(BaseModel):
    model_config = ConfigDict(frozen=True)

    id: int | None = Field(default=None, exclude=True)
    name: FighterName
    type: str = ""
    category: Category = Category.GANGER
    # Base cost of the fighter type, as paid when recruited.
    cost: Amount = 0
    xp: Amount = 0
    status: FighterStatus = FighterStatus.ACTIVE
    # Committed Fighter Rating; None until founding or Update Roster computes it.
    rating: Amount | None = None
    profile: Profile
    modifiers: list[Modifier] = Field(default_factory=list)
    weapons: list[Weapon] = Field(default_factory=list)
    wargear: list[Item] = Field(default_factory=list)
    skills: list[str] = Field(default_factory=list)
    injuries: list[str] = Field(default_factory=list)
    notes: str = ""
    # An Exotic Beast's owner: the id of the gang's fighter it belongs to (never a
    # name, which may change; rules/fighter_refs.py). None: no owner. Not a file key:
    # a gang file names the owner (`owner`), exchange/gang_file.py turns one into the other.
    owner_id: int | None = Field(default=None, exclude=True)
    # The fighter's picture, already scaled (rules/portrait.py); None: none.
    portrait: PortraitBytes | None = None

    def effective(self, table: CharacteristicTable | None = None) -> EffectiveProfile:
        """The profile with its modifiers applied, by default on the profile's statline."""
        return effective_profile(self.profile, self.modifiers, table)

    def weapon(self, name: str) -> Weapon | None:
        wanted = name.strip().casefold()
        return next((w for w in self.weapons if w.name.strip().casefold() == wanted), None)


class Gang(BaseModel):
    model_config = ConfigDict(frozen=True)

    id: int | None = Field(default=None, exclude=True)
    # The stored version this gang was loaded at; a save over a newer one is refused.
    version: int | None = Field(default=None, exclude=True)
    name: GangName
    house: str = ""
    ruleset: str = DEFAULT_RULESET
    credits: Amount = 0
    reputation: Reputation = 1
    # Committed Gang Rating; None until founding computes it.
    rating: Amount | None = None
    stash: list[Weapon] = Field(default_factory=list)
    fighters: list[Fighter] = Field(default_factory=list)
    notes: str = ""
    # House rule: the house equipment list and skill access limits are not enforced.
    house_rules_ignore_restrictions: bool = Field(
        default=False,
        description="House rule: the house equipment list, weapon slots, availability"
        " and skill access are not enforced.",
    )
    # The gang's picture, already scaled (rules/portrait.py); None: none.
    portrait: PortraitBytes | None = None

    def fighter(self, name: str) -> Fighter | None:
        wanted = name.strip().casefold()
        return next((f for f in self.fighters if f.name.strip().casefold() == wanted), None)
