"""`gangmanager convert GANG --to n26`: a 2023 gang carried over to the 2026 edition
as a new gang (one undo step), the 2023 gang left as it is. Each line says what
became of a part; a line with no clear mapping takes the nearest choice and says so
(`--choose KEY=OPTION` picks another). `--dry-run` writes nothing."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from gangmanager.cli.context import Context, print_json
from gangmanager.cli.lazy import lazy_import
from gangmanager.rules.limits import quoted
from gangmanager.services.errors import ServiceError

if TYPE_CHECKING:
    from gangmanager.rules.carry_over import CarryOver
    from gangmanager.services import carry_over
else:
    carry_over = lazy_import("gangmanager.services.carry_over")


def register(sub: Any, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser(
        "convert",
        parents=[common],
        help="carry a 2023 gang over to the 2026 edition (a new gang; the old one stays)",
        description="Build a new gang in the 2026 pack from a 2023 gang and print what"
        " happens to each fighter, item, skill and injury. The 2023 gang is not changed.",
    )
    p.add_argument("gang", help="gang name or id")
    p.add_argument("--to", default="n26", metavar="RULESET", help="the pack to carry it to (n26)")
    p.add_argument("--name", default="", help="the new gang's name (default: NAME (n26))")
    p.add_argument(
        "--choose",
        action="append",
        default=[],
        metavar="KEY=OPTION",
        help="answer a 'choose' line (its key and one of its options, as --json lists them)",
    )
    p.add_argument("--dry-run", action="store_true", help="show the lines, write nothing")
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=cmd_convert)


def _choices(given: list[str]) -> dict[str, str]:
    choices: dict[str, str] = {}
    for item in given:
        key, sep, option = item.partition("=")
        if not sep or not key.strip() or not option.strip():
            raise ServiceError(f"--choose takes KEY=OPTION, not {quoted(item)}")
        choices[key.strip()] = option.strip()
    return choices


def cmd_convert(args: argparse.Namespace, context: Context) -> None:
    choices = _choices(args.choose)
    with context.database() as db:
        gang, plan = carry_over.preview(
            db, context.rulesets, args.gang, args.to, args.name, choices
        )
        if not args.dry_run:
            assert gang.id is not None  # a stored gang
            done = carry_over.carry_over_gang(
                db, context.rulesets, gang.id, args.to, args.name, choices
            )
            plan = done.plan
    if args.json:
        print_json(plan.as_json())
        return
    _print_lines(plan, args.dry_run)


def _print_lines(plan: CarryOver, dry_run: bool) -> None:
    for line in plan.lines:
        who = f"{line.fighter}: " if line.fighter else ""
        target = line.target or "-"
        print(f"{line.status:<8} {line.kind:<11} {who}{line.source} -> {target} ({line.why})")
        if line.status == "choose":
            print(f"{'':<20} --choose {line.key}=... : {' | '.join(line.options)}")
    verb = "would be created (dry run: nothing written)" if dry_run else "created"
    print(f"{plan.gang.name} ({plan.gang.ruleset}) {verb}")
