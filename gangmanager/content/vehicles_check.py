"""Load-time checks of the vehicles, their crews and the houses' vehicle lists: the
houses and crews they name, the weapons of their lists (armoury weapons) and the
crews' skill access. A typo would otherwise hide a vehicle from every gang or offer
a weapon no gang can buy, silently."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from gangmanager.content.errors import RulesetError, entry_label
from gangmanager.rules.limits import quoted
from gangmanager.rules.ruleset import Ruleset, Vehicle
from gangmanager.rules.vehicles import CREW_GROUP, VehicleOption
from gangmanager.rules.weapons import trait_key

Origin = Callable[[str, int], Path]


def check_vehicles(ruleset: Ruleset, origin: Origin) -> None:
    """`origin(key, index)` is the file the index-th entry of `key` came from."""
    houses = {trait_key(h.id) for h in ruleset.houses}
    known_houses = ", ".join(sorted(houses))
    skill_sets = {trait_key(s.name) for s in ruleset.skill_sets}
    crews = {trait_key(c.name) for c in ruleset.vehicle_crews}

    def check_houses(names: list[str], fail: Callable[[str], None]) -> None:
        for house in names:
            if trait_key(house) not in houses:
                fail(f"houses: no house {quoted(house)} in this pack (house ids: {known_houses})")

    def check_weapons(options: list[VehicleOption], fail: Callable[[str], None]) -> None:
        for option in options:
            if ruleset.weapon_entry(option.name) is None:
                fail(f"weapons: {quoted(option.name)} is no weapon of the armoury")

    for index, crew in enumerate(ruleset.vehicle_crews):
        fail = _failing(
            origin("vehicle_crews", index), entry_label("vehicle_crews", index, {"name": crew.name})
        )
        check_houses(crew.houses, fail)
        for name in crew.skill_sets_primary + crew.skill_sets_secondary:
            if trait_key(name) not in skill_sets:
                fail(f"skill access: no skill set {quoted(name)} in this pack")
    for index, vehicle in enumerate(ruleset.vehicles):
        fail = _failing(
            origin("vehicles", index), entry_label("vehicles", index, {"name": vehicle.name})
        )
        check_houses([*vehicle.houses, *vehicle.house_costs], fail)
        for name in vehicle.crew:
            if trait_key(name) not in crews:
                fail(f"crew: no vehicle crew {quoted(name)} in this pack")
        if vehicle.crew:
            _check_crew_line(ruleset, vehicle, fail)
        check_weapons(vehicle.weapons, fail)
        for name in vehicle.skill_sets_primary + vehicle.skill_sets_secondary:
            if trait_key(name) not in skill_sets:
                fail(f"skill access: no skill set {quoted(name)} in this pack")
    for index, listed in enumerate(ruleset.vehicle_house_lists):
        fail = _failing(
            origin("vehicle_house_lists", index),
            entry_label("vehicle_house_lists", index, {"house": listed.house}),
        )
        check_houses([listed.house], fail)
        check_weapons(listed.weapons, fail)


def _check_crew_line(ruleset: Ruleset, vehicle: Vehicle, fail: Callable[[str], None]) -> None:
    """A vehicle's profile carries its first crew's line, as its card prints it."""
    first = trait_key(vehicle.crew[0])
    crew = next(c for c in ruleset.vehicle_crews if trait_key(c.name) == first)
    rows = [r for r in ruleset.statline(vehicle.statline) if r.group == CREW_GROUP]
    mine = " ".join(r.print(vehicle.profile[r.code]) for r in rows)
    theirs = " ".join(r.print(crew.profile[r.code]) for r in rows)
    if mine != theirs:
        fail(
            f"profile: its crew line ({mine}) is not that of its first crew, {crew.name} ({theirs})"
        )


def _failing(path: Path, where: str) -> Callable[[str], None]:
    def fail(message: str) -> None:
        raise RulesetError(path, message, where)

    return fail
