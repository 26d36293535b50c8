"""What a pack adds to or changes in the pack it extends (`gangmanager rules diff`).

Both packs are compared as loaded (merged and validated), so the answer is what a
player sees in the window: a fighter type, weapon or wargear item the base lacks is
"added", one the base has but with other values is "changed" (with the fields that
differ). Entries the two share unchanged are not listed.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from pydantic import BaseModel

from gangmanager.rules.ruleset import Ruleset
from gangmanager.rules.weapons import trait_key


@dataclass(frozen=True)
class DiffRow:
    kind: str  # fighter_type | weapon | wargear
    name: str
    change: str  # added | changed
    cost: int
    house: str = ""  # a fighter type's house id
    fields: tuple[str, ...] = ()  # a changed entry's fields that differ

    def as_json(self) -> dict[str, object]:
        row: dict[str, object] = {"kind": self.kind, "name": self.name, "change": self.change}
        if self.kind == "fighter_type":
            row["house"] = self.house
        row["cost"] = self.cost
        if self.change == "changed":
            row["fields"] = list(self.fields)
        return row

    def as_text(self) -> str:
        what = self.kind.replace("_", " ")
        where = f" ({self.house})" if self.house else ""
        fields = f": {', '.join(self.fields)}" if self.fields else ""
        return f"{self.change}\t{what}\t{self.name}{where}\t{self.cost}{fields}"


def _differing(one: BaseModel, other: BaseModel) -> tuple[str, ...]:
    mine, theirs = one.model_dump(), other.model_dump()
    return tuple(key for key in mine if mine[key] != theirs.get(key))


def _rows(
    kind: str, mine: Sequence[BaseModel], theirs: Iterable[BaseModel], house: str = ""
) -> list[DiffRow]:
    base = {trait_key(getattr(e, "name", "")): e for e in theirs}
    rows = []
    for entry in mine:
        name, cost = str(getattr(entry, "name", "")), int(getattr(entry, "cost", 0))
        old = base.get(trait_key(name))
        if old is None:
            rows.append(DiffRow(kind, name, "added", cost, house))
        elif old != entry:
            rows.append(DiffRow(kind, name, "changed", cost, house, _differing(entry, old)))
    return rows


def pack_diff(pack: Ruleset, base: Ruleset) -> list[DiffRow]:
    """Fighter types (house by house), then weapons, then wargear."""
    rows: list[DiffRow] = []
    base_houses = {trait_key(h.id): h for h in base.houses}
    for house in pack.houses:
        old = base_houses.get(trait_key(house.id))
        theirs = old.fighter_types if old is not None else []
        rows += _rows("fighter_type", house.fighter_types, theirs, house.id)
    rows += _rows("weapon", pack.weapons, base.weapons)
    rows += _rows("wargear", pack.wargear, base.wargear)
    return rows
