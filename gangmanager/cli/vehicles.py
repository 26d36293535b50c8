"""`gangmanager vehicle add`: a vehicle joins a gang with its crew, like a fighter
(one undo step; refused in one line for a house that may not take it)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from gangmanager.cli.context import Context, print_json
from gangmanager.cli.lazy import lazy_import
from gangmanager.rules.limits import quoted

if TYPE_CHECKING:
    from gangmanager.services import gangs, roster, vehicles
else:
    gangs = lazy_import("gangmanager.services.gangs")
    roster = lazy_import("gangmanager.services.roster")
    vehicles = lazy_import("gangmanager.services.vehicles")


def register(sub: Any, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser("vehicle", help="add a vehicle and its crew to a gang")
    commands = p.add_subparsers(dest="vehicle_command", metavar="COMMAND", required=True)
    add = commands.add_parser(
        "add",
        parents=[common],
        help="add a vehicle with its crew (its cost: the vehicle's and the crew's)",
        description="Add one of the pack's vehicles (gangmanager rules show RULESET lists"
        " them) with its crew. Refused for a house that may not take it.",
    )
    add.add_argument("gang", help="gang name or id")
    add.add_argument("vehicle", help="the vehicle's name in the pack (Mauler, Wolfquad, ...)")
    add.add_argument("name", help="the name it goes by on the roster")
    add.add_argument("--crew", help="who drives it (default: the house's first crew for it)")
    add.add_argument("--pay", action="store_true", help="spend its cost from the gang's credits")
    add.add_argument("--json", action="store_true")
    add.set_defaults(handler=cmd_add)


def cmd_add(args: argparse.Namespace, context: Context) -> None:
    with context.database() as db:
        gang = gangs.load_gang(db, args.gang)
        assert gang.id is not None  # a stored gang
        action = vehicles.AddVehicle(gang.id, args.vehicle, args.name, args.crew, args.pay)
        outcome = roster.apply(db, action, context.rulesets)
        saved = gangs.load_gang(db, str(gang.id))
    added = saved.fighters[-1]
    if args.json:
        print_json(
            {
                "gang": saved.name,
                "fighter": added.name,
                "type": added.type,
                "cost": added.cost,
                "credits": saved.credits,
                "messages": list(outcome.changes.messages),
            }
        )
        return
    paid = f", {added.cost} credits paid" if args.pay else ""
    print(f"Added {quoted(added.name)} ({added.type}) to {saved.name}{paid}")
