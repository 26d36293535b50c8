"""Adding a vehicle to a gang: a fighter whose type names the vehicle statline, built
from the vehicle's listing and its crew (rules/vehicles.py) and added like any
fighter, in one transaction and one undo step (`AddVehicle`)."""

from __future__ import annotations

from dataclasses import dataclass

from gangmanager.rules.gang import Gang
from gangmanager.rules.roster_ops import RosterError
from gangmanager.rules.vehicles import VehicleError, vehicle_fighter
from gangmanager.services.operations import Action, Context, Outcome
from gangmanager.services.roster import AddFighter, _edit, _guarded
from gangmanager.services.roster_edits import _add_fighter
from gangmanager.services.roster_steps import Edited


@dataclass(frozen=True)
class AddVehicle(Action[None]):
    """Add the pack's vehicle `vehicle` named `name`, driven by `crew` (None: the first
    crew of the gang's house who may drive it); `pay` spends the vehicle's and the
    crew's cost. Refused in one line for a house that may not take it."""

    gang_id: int
    vehicle: str
    name: str
    crew: str | None = None
    pay: bool = False
    version: int | None = None

    def run(self, ctx: Context) -> Outcome[None]:
        def edited(gang: Gang) -> Edited:
            ruleset = ctx.rulesets.get(gang.ruleset)
            try:
                fighter = vehicle_fighter(
                    ruleset,
                    gang.house or None,
                    self.vehicle,
                    self.name,
                    self.crew,
                    any_house=gang.house_rules_ignore_restrictions,
                )
            except VehicleError as exc:
                raise RosterError(f"{exc}: {self.name} not added") from None
            command = AddFighter(self.gang_id, fighter, pay=self.pay)
            return _add_fighter(gang, command, fighter.profile.table)

        return _guarded(lambda: _edit(ctx.uow, self.gang_id, edited, self.version))
