"""What a pack says about carrying a gang over from the edition before it (the n26
pack's `carry_over.toml`): the names that changed and how a target number becomes a
plain one. Everything else maps by name, house and category (rules/carry_over.py), so
a fighter type or an item added to the pack later carries over without a line here."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from gangmanager.rules.gang import Category
from gangmanager.rules.weapons import trait_key


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class TypeRename(_Strict):
    """A fighter type the new edition calls otherwise (`house` empty: any house)."""

    house: str = ""
    from_type: str = Field(alias="from", min_length=1)
    to: str = Field(min_length=1)


class CarryOverMap(_Strict):
    # The pack a gang is carried over from.
    from_ruleset: str = Field(alias="from", min_length=1)
    # A 2023 category the new edition no longer has, and the one it becomes.
    categories: dict[Category, Category] = Field(default_factory=dict)
    # A target number "t+" becomes the plain number (this less t), by the kind of dice:
    # {"d6_target": 7, "2d6_target": 13}; clamped to the new characteristic's range.
    plain_from_target: dict[str, int] = Field(default_factory=dict)
    types: list[TypeRename] = Field(default_factory=list)
    # Weapons and wargear, skills, Lasting Injuries: old name -> new name.
    items: dict[str, str] = Field(default_factory=dict)
    skills: dict[str, str] = Field(default_factory=dict)
    injuries: dict[str, str] = Field(default_factory=dict)

    def type_name(self, house_id: str, name: str) -> str | None:
        key = trait_key(name)
        for rename in self.types:
            if trait_key(rename.from_type) == key and rename.house in ("", house_id):
                return rename.to
        return None

    @staticmethod
    def renamed(table: dict[str, str], name: str) -> str | None:
        key = trait_key(name)
        return next((new for old, new in table.items() if trait_key(old) == key), None)
