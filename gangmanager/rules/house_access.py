"""Who may take a listing that names houses (a vehicle, a crew)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gangmanager.rules.weapons import trait_key

if TYPE_CHECKING:
    from gangmanager.rules.ruleset_houses import House


def open_to(houses: list[str], house: House | None) -> bool:
    """Whether a gang of `house` may take a listing of `houses` (empty: open to all),
    each named by the house's id or name."""
    if not houses:
        return True
    if house is None:
        return False
    keys = {trait_key(house.id), trait_key(house.name)}
    return any(trait_key(h) in keys for h in houses)
