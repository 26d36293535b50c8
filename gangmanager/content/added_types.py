"""A user pack's own fighter types (`fighter_types.toml`) joined to their houses' lists.

A house merges as a whole (`houses` by id), so a pack that only wants one more type
in House Escher's list would have to copy the whole house, and an update of the
official house would then be hidden behind that copy. Instead each added type names
its house (`house = "escher"`) and joins that house's `fighter_types` once the packs
are merged: a type of the same name replaces the house's own, any other is added
after them. What the official pack says of the house otherwise still comes through.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gangmanager.content.errors import RulesetError, entry_label
from gangmanager.content.statline_checks import read_added_profiles
from gangmanager.rules.limits import quoted
from gangmanager.rules.weapons import trait_key

if TYPE_CHECKING:
    from gangmanager.content.loader import _Raw

HOUSE_KEY = "house"


def fold_fighter_types(raw: _Raw) -> None:
    """Move `fighter_types` into the houses they name, profiles read and range-checked."""
    added: list[dict[str, Any]] = raw.data.pop("fighter_types", None) or []
    origins = raw.origins.pop("fighter_types", None) or []
    if not added:
        return
    houses: list[Any] = raw.data.get("houses") or []
    by_id = {trait_key(h["id"]): h for h in houses if isinstance(h, dict) and "id" in h}
    house_keys: list[str] = []
    for index, entry in enumerate(added):
        house_id = entry.pop(HOUSE_KEY, None)
        path = origins[index] if index < len(origins) else raw.pack_file
        house = by_id.get(trait_key(house_id)) if isinstance(house_id, str) else None
        if house is None:
            known = ", ".join(sorted(h["id"] for h in by_id.values())) or "none"
            raise RulesetError(
                path,
                f"house: {quoted(house_id)} is no house of this pack (its houses: {known})",
                entry_label("fighter_types", index, entry),
            )
        house_keys.append(trait_key(house_id))
    read_added_profiles(raw, added, origins)
    for entry, house_key in zip(added, house_keys, strict=True):
        house = by_id[house_key]
        types = [t for t in house.get("fighter_types") or [] if isinstance(t, dict)]
        names = [trait_key(t.get("name", "")) for t in types]
        name = trait_key(entry["name"])
        if name in names:
            types[names.index(name)] = entry
        else:
            types.append(entry)
        house["fighter_types"] = types
