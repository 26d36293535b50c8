"""A vehicle repaired after a battle: bought in the Trading Post like any item.

A purchase whose item names one of the pack's repairs (`vehicle_rules.toml`
`[[vehicle_rules.repairs]]`) and whose fighter is a vehicle pays the repair's
share of the vehicle's value (its cost and its upgrades; weapons left out),
rounded up, and takes off every Lasting Damage result: its name, its modifier, and
the In Repair a Write-off left.
"""

from __future__ import annotations

from gangmanager.rules.gang import Fighter, FighterStatus
from gangmanager.rules.limits import quoted
from gangmanager.rules.modifiers import ModifierKind
from gangmanager.rules.ruleset import Ruleset
from gangmanager.rules.weapons import trait_key


class RepairProblem(ValueError):
    """A repair that cannot be bought; the message says why."""


def is_repair(ruleset: Ruleset, item: str) -> bool:
    rules = ruleset.vehicle_rules
    return rules is not None and rules.repair(item) is not None


def value(fighter: Fighter) -> int:
    """What a repair is a share of: the vehicle's cost and its upgrades, not its weapons."""
    return fighter.cost + sum(item.cost for item in fighter.wargear)


def repair(
    ruleset: Ruleset, fighter: Fighter, item: str, cost: int | None = None
) -> tuple[Fighter, int, str]:
    """The vehicle repaired, the credits it costs (`cost` when the player gives one), and
    what was bought."""
    rules = ruleset.vehicle_rules_for(fighter.profile)
    found = ruleset.vehicle_rules.repair(item) if ruleset.vehicle_rules else None
    if found is None:
        raise RepairProblem(f"no repair {quoted(item)} in {ruleset.id}")
    if rules is None:
        raise RepairProblem(f"{fighter.name} is no vehicle: {found.name} repairs vehicles")
    damage = {trait_key(r.name) for r in rules.lasting_damage.table}
    lasting = [name for name in fighter.injuries if trait_key(name) in damage]
    if not lasting:
        raise RepairProblem(f"{fighter.name} has no Lasting Damage to repair")
    written_off = any(
        r.status is not None and trait_key(r.name) in {trait_key(n) for n in lasting}
        for r in rules.lasting_damage.table
    )
    update: dict[str, object] = {
        "injuries": [n for n in fighter.injuries if trait_key(n) not in damage],
        "modifiers": [
            m
            for m in fighter.modifiers
            if not (m.kind is ModifierKind.INJURY and trait_key(m.source) in damage)
        ],
    }
    if written_off and fighter.status is FighterStatus.IN_RECOVERY:
        update["status"] = FighterStatus.ACTIVE
    paid = found.cost(value(fighter)) if cost is None else cost
    text = f"{found.name} for {fighter.name}: {', '.join(lasting)} repaired"
    return fighter.model_copy(update=update), paid, text
