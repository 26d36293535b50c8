"""Gang commands: demo, import, export, list, show."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gangmanager.cli.context import Context, print_json
from gangmanager.cli.lazy import lazy_import
from gangmanager.rules.default_ruleset import DEFAULT_RULESET
from gangmanager.rules.limits import quoted
from gangmanager.services.demo import demo_gang
from gangmanager.services.errors import ServiceError
from gangmanager.services.gang_view import gang_text, gang_view

if TYPE_CHECKING:
    from gangmanager.exchange.gang_file import Origin
    from gangmanager.rules.gang import Gang
    from gangmanager.services import battle, gang_files, gangs
else:
    battle = lazy_import("gangmanager.services.battle")
    gangs = lazy_import("gangmanager.services.gangs")
    gang_files = lazy_import("gangmanager.services.gang_files")


def register(sub: Any, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser("demo", parents=[common], help="add the demo gang")
    p.set_defaults(handler=cmd_demo)
    p = sub.add_parser("import", parents=[common], help="import a gang file or YakTribe JSON")
    p.add_argument("file", type=Path)
    p.add_argument(
        "--update",
        action="store_true",
        help="update the gang the file was exported from instead of adding a copy",
    )
    p.set_defaults(handler=cmd_import)
    p = sub.add_parser(
        "export",
        parents=[common],
        help="write a gang to a .gang.json file, or as a web page (--html)",
    )
    p.add_argument("gang", help="gang name or id")
    p.add_argument("-o", "--output", type=Path, required=True)
    p.add_argument(
        "--html",
        action="store_true",
        help="write one self-contained .html page (header, roster, every card) instead",
    )
    p.set_defaults(handler=cmd_export)
    p = sub.add_parser("list", parents=[common], help="list the gangs")
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=cmd_list)
    p = sub.add_parser("show", parents=[common], help="show a gang")
    p.add_argument("gang", help="gang name or id")
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=cmd_show)


def cmd_demo(args: argparse.Namespace, context: Context) -> None:
    gang = demo_gang(context.rulesets.get(DEFAULT_RULESET))
    with context.database() as db:
        result = gangs.add_gang(db, context.rulesets, gang)
    print(result.gang.name)


def cmd_import(args: argparse.Namespace, context: Context) -> None:
    gang, report, origin = gangs.read_import_with_origin(args.file, context.rulesets)
    if args.update:
        _update(args.file, gang, origin, context)
        return
    with context.database() as db:
        stored = gang_files.import_gang(db, context.rulesets, gang, origin)
    if report is not None:
        print(report.text(), file=sys.stderr)
    if stored.name != gang.name:
        print(
            f"the name {quoted(gang.name)} was taken: imported as {quoted(stored.name)}",
            file=sys.stderr,
        )
    print(stored.name)


def _update(path: Path, gang: Gang, origin: Origin | None, context: Context) -> None:
    if origin is None:
        raise ServiceError(
            f"{path.name}: the file does not say which gang it was exported from"
            " (a YakTribe file or an older gang file); import it without --update"
        )
    with context.database() as db:
        result = gang_files.update_gang(db, context.rulesets, gang, origin, path.name)
    if not result.lines:
        print(f"{result.gang.name}: already as the file has it; nothing to change")
        return
    print(f"Updated {result.gang.name} from {path.name}:")
    for line in result.lines:
        print(f"  {line}")


def cmd_export(args: argparse.Namespace, context: Context) -> None:
    with context.database() as db:
        if args.html:
            path = gangs.export_gang_page(db, context.rulesets, args.gang, args.output)
        else:
            path = gangs.export_gang(db, context.rulesets, args.gang, args.output)
    print(path)


def cmd_list(args: argparse.Namespace, context: Context) -> None:
    with context.database() as db:
        summaries = gangs.list_gangs(db)
    if args.json:
        print_json(
            [
                {
                    "id": s.id,
                    "name": s.name,
                    "house": s.house,
                    "ruleset": s.ruleset,
                    "rating": s.rating,
                    "credits": s.credits,
                    "reputation": s.reputation,
                    "fighters": s.fighter_count,
                }
                for s in summaries
            ]
        )
        return
    for s in summaries:
        print(f"{s.id}\t{s.name}\t{s.house}\t{s.rating if s.rating is not None else '-'}")


def cmd_show(args: argparse.Namespace, context: Context) -> None:
    with context.database() as db:
        gang = gangs.load_gang(db, args.gang)
        # While a battle is going on, each profile's `state` is its ammo state there.
        states = battle.profile_states(db, context.rulesets, gang.id or gang.name)
    ruleset = context.rulesets.get(gang.ruleset)
    if args.json:
        print_json(gang_view(gang, ruleset, states))
    else:
        print(gang_text(gang, ruleset))
