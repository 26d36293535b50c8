"""Campaign commands: `gangmanager campaign new|add|battle|show|report|...`."""

from __future__ import annotations

import argparse
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gangmanager.cli.context import Context, print_json
from gangmanager.cli.lazy import lazy_import
from gangmanager.rules.campaign import Alignment
from gangmanager.rules.default_ruleset import DEFAULT_RULESET
from gangmanager.rules.dice import FixedDice
from gangmanager.rules.limits import MAX_COUNT, MAX_ID, quoted
from gangmanager.services.errors import ServiceError

if TYPE_CHECKING:
    from gangmanager.services import battle as battle_service
    from gangmanager.services import campaign as service
else:
    battle_service = lazy_import("gangmanager.services.battle")
    service = lazy_import("gangmanager.services.campaign")


def _date(text: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{quoted(text, 60)} is not a date such as 2026-03-14"
        ) from None


def _count(text: str) -> tuple[str, int]:
    gang, sep, number = text.rpartition("=")
    if not sep or not gang.strip() or not _whole(number.strip(), MAX_COUNT):
        raise argparse.ArgumentTypeError(
            f"{quoted(text, 60)} is not GANG=N (enemies taken Out of Action, 0 to {MAX_COUNT})"
        )
    return gang.strip(), int(number)


def _id(text: str) -> int:
    """A battle id: digits within what a database row id can be."""
    if not _whole(text, MAX_ID) or int(text) == 0:
        raise argparse.ArgumentTypeError(f"{quoted(text, 60)} is not a battle id (1, 2, ...)")
    return int(text)


def _whole(text: str, largest: int) -> bool:
    # isascii: int() also reads other scripts' digits; len: no 5,000-digit int() at all.
    return text.isascii() and text.isdigit() and len(text) <= 12 and int(text) <= largest


def _d6(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 6:
        raise argparse.ArgumentTypeError(f"a D6 shows 1 to 6, not {quoted(text, 20)}")
    return int(text)


def register(sub: Any, common: argparse.ArgumentParser) -> None:
    campaign = sub.add_parser("campaign", help="campaigns: gangs, battles, territories, standings")
    commands = campaign.add_subparsers(
        dest="campaign_command", metavar="CAMPAIGN_COMMAND", required=True
    )

    _add_setup_commands(commands, common)
    _add_battle_command(commands, common)
    _add_view_commands(commands, common)
    _add_cycle_commands(commands, common)
    _add_file_commands(commands, common)
    p = commands.add_parser("end", parents=[common], help="end the campaign: award the Triumphs")
    p.add_argument("name", help="campaign name or id")
    p.set_defaults(handler=cmd_end)


def _add_setup_commands(commands: Any, common: argparse.ArgumentParser) -> None:
    """New, add and remove: a campaign and the gangs in it."""
    p = commands.add_parser("new", parents=[common], help="set up a campaign")
    p.add_argument("name")
    p.add_argument("--type", default="dominion", help="campaign type in the ruleset (dominion)")
    p.add_argument(
        "--ruleset", default=DEFAULT_RULESET, help=f"ruleset pack id (default {DEFAULT_RULESET})"
    )
    p.add_argument("--start", type=_date, metavar="YYYY-MM-DD")
    p.add_argument("--end", type=_date, metavar="YYYY-MM-DD")
    p.add_argument("--notes", default="", help="the arbitrator's notes")
    p.set_defaults(handler=cmd_new)

    p = commands.add_parser("add", parents=[common], help="enter a gang in a campaign")
    p.add_argument("name", help="campaign name or id")
    p.add_argument("gang", help="gang name or id")
    p.add_argument("--outlaw", action="store_true", help="the gang is an Outlaw gang")
    p.set_defaults(handler=cmd_add)

    p = commands.add_parser("remove", parents=[common], help="take a gang out of a campaign")
    p.add_argument("name", help="campaign name or id")
    p.add_argument("gang", help="gang name or id")
    p.set_defaults(handler=cmd_remove)


def _add_battle_command(commands: Any, common: argparse.ArgumentParser) -> None:
    """Battle: a battle's result, the territory at stake and the counts."""
    p = commands.add_parser(
        "battle",
        parents=[common],
        help="record a battle; the territory at stake goes to the winner",
    )
    p.add_argument("name", help="campaign name or id")
    p.add_argument(
        "--gangs",
        nargs="+",
        default=None,
        metavar="GANG",
        help="the gangs that fought (not with --from-battle)",
    )
    p.add_argument(
        "--from-battle",
        type=int,
        default=None,
        metavar="ID",
        help="a tracked two-gang battle: its gangs, scenario and Out of Action counts",
    )
    p.add_argument("--winner", metavar="GANG", help="the winner (leave out for a draw)")
    p.add_argument("--scenario", default="")
    p.add_argument("--territory", metavar="T", help="the territory at stake")
    p.add_argument("--attacker", metavar="GANG")
    p.add_argument("--defender", metavar="GANG")
    p.add_argument("--date", type=_date, metavar="YYYY-MM-DD", help="default: today")
    p.add_argument(
        "--out-of-action",
        type=_count,
        nargs="+",
        default=[],
        metavar="GANG=N",
        help="enemies each gang took Out of Action",
    )
    p.add_argument(
        "--income",
        action="store_true",
        help="each gang also collects its territory income now (rolled for you)",
    )
    p.add_argument("--battle-id", type=_id, help="the battle tracker's battle to link")
    p.set_defaults(handler=cmd_battle)


def _add_view_commands(commands: Any, common: argparse.ArgumentParser) -> None:
    """Show, report and list: what the campaign stands at."""
    p = commands.add_parser("show", parents=[common], help="standings, territories, battles")
    p.add_argument("name", help="campaign name or id")
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=cmd_show)

    p = commands.add_parser(
        "report", parents=[common], help="write the report (PDF, JSON or a web page)"
    )
    p.add_argument("name", help="campaign name or id")
    p.add_argument(
        "-o",
        "--output",
        type=Path,
        required=True,
        metavar="FILE",
        help="a .pdf, .json or .html file",
    )
    p.add_argument(
        "--html",
        action="store_true",
        help="one self-contained web page: standings, territories, history charts, the log",
    )
    p.set_defaults(handler=cmd_report)

    p = commands.add_parser("list", parents=[common], help="list the campaigns")
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=cmd_list)


def _add_cycle_commands(commands: Any, common: argparse.ArgumentParser) -> None:
    """Next-cycle, assign and income: the arbitrator's turn of the cycle."""
    p = commands.add_parser("next-cycle", parents=[common], help="close the current cycle")
    p.add_argument("name", help="campaign name or id")
    p.set_defaults(handler=cmd_next_cycle)

    p = commands.add_parser(
        "assign", parents=[common], help="give a territory to a gang (the arbitrator's tool)"
    )
    p.add_argument("name", help="campaign name or id")
    p.add_argument("territory")
    p.add_argument("gang", nargs="?", help="the new holder; leave out to free the territory")
    p.set_defaults(handler=cmd_assign)

    p = commands.add_parser("income", parents=[common], help="collect a gang's territory income")
    p.add_argument("gang", help="gang name or id")
    p.add_argument("--battle", type=_id, metavar="ID", help="the campaign battle it follows")
    p.add_argument(
        "--rolled", type=_d6, nargs="+", metavar="N", help="the dice you rolled, in order"
    )
    p.add_argument("--preview", action="store_true", help="show the income, store nothing")
    p.set_defaults(handler=cmd_income)


def _add_file_commands(commands: Any, common: argparse.ArgumentParser) -> None:
    """Export and import: the campaign file."""
    p = commands.add_parser(
        "export", parents=[common], help="write the whole campaign to a campaign file"
    )
    p.add_argument("name", help="campaign name or id")
    p.add_argument("-o", "--output", type=Path, required=True)
    p.set_defaults(handler=cmd_export)
    p = commands.add_parser(
        "import", parents=[common], help="read a campaign file: a new campaign, or --update"
    )
    p.add_argument("file", type=Path)
    p.add_argument(
        "--update",
        action="store_true",
        help="update the campaign the file was exported from instead of adding it",
    )
    p.set_defaults(handler=cmd_import)


def _print(changes: tuple[str, ...]) -> None:
    for message in changes:
        print(message)


def cmd_new(args: argparse.Namespace, context: Context) -> None:
    with context.database() as db:
        result = service.create_campaign(
            db,
            context.rulesets,
            args.name,
            type_id=args.type,
            ruleset_id=args.ruleset,
            starts_on=args.start,
            ends_on=args.end,
            notes=args.notes,
        )
    _print(result.changes.messages)


def cmd_add(args: argparse.Namespace, context: Context) -> None:
    alignment = Alignment.OUTLAW if args.outlaw else Alignment.LAW_ABIDING
    with context.database() as db:
        result = service.add_gang(db, context.rulesets, args.name, args.gang, alignment=alignment)
    _print(result.changes.messages)


def cmd_remove(args: argparse.Namespace, context: Context) -> None:
    with context.database() as db:
        result = service.remove_gang(db, context.rulesets, args.name, args.gang)
    _print(result.changes.messages)


def cmd_battle(args: argparse.Namespace, context: Context) -> None:
    counts: dict[str, int] = {}
    for gang, number in args.out_of_action:
        counts[gang] = counts.get(gang, 0) + number
    fought = args.gangs
    scenario = args.scenario
    battle_id = args.battle_id
    with context.database() as db:
        if args.from_battle is not None:
            if args.gangs or counts or args.battle_id is not None:
                raise ServiceError(
                    "--from-battle takes the gangs, Out of Action counts and battle id from the"
                    " tracked battle: leave out --gangs, --out-of-action and --battle-id"
                )
            facts = battle_service.campaign_facts(db, context.rulesets, args.from_battle)
            fought, counts = list(facts.gangs), facts.out_of_action
            scenario = scenario or facts.scenario
            battle_id = args.from_battle
        elif not fought:
            raise ServiceError(
                "name the gangs that fought (--gangs) or a tracked battle (--from-battle)"
            )
        result = service.record_battle(
            db,
            context.rulesets,
            args.name,
            fought,
            winner=args.winner,
            scenario=scenario,
            territory=args.territory,
            attacker=args.attacker,
            defender=args.defender,
            fought_on=args.date,
            out_of_action=counts,
            battle_id=battle_id,
            collect_income=args.income,
        )
    _print(result.changes.messages)
    print(f"campaign battle {result.battle.id}")


def cmd_show(args: argparse.Namespace, context: Context) -> None:
    with context.database() as db:
        state = service.campaign_state(db, context.rulesets, args.name)
    if args.json:
        print_json(service.campaign_view(state).as_json())
    else:
        print(service.campaign_text(state))


def cmd_report(args: argparse.Namespace, context: Context) -> None:
    with context.database() as db:
        path = service.write_report(db, context.rulesets, args.name, args.output, html=args.html)
    print(path)


def cmd_list(args: argparse.Namespace, context: Context) -> None:
    with context.database() as db:
        rows = service.list_campaigns(db)
    if args.json:
        print_json(
            [
                {
                    "id": r.id,
                    "name": r.name,
                    "type": r.type_id,
                    "ruleset": r.ruleset,
                    "cycle": r.cycle,
                    "gangs": r.gangs,
                    "running": r.running,
                }
                for r in rows
            ]
        )
        return
    for r in rows:
        status = "running" if r.running else "ended"
        print(f"{r.id}\t{r.name}\t{r.type_id}\tcycle {r.cycle}\t{r.gangs} gangs\t{status}")


def cmd_next_cycle(args: argparse.Namespace, context: Context) -> None:
    with context.database() as db:
        result = service.next_cycle(db, context.rulesets, args.name)
    _print(result.changes.messages)


def cmd_assign(args: argparse.Namespace, context: Context) -> None:
    with context.database() as db:
        result = service.assign_territory(
            db, context.rulesets, args.name, args.territory, args.gang
        )
    _print(result.changes.messages)


def cmd_income(args: argparse.Namespace, context: Context) -> None:
    dice = FixedDice(args.rolled) if args.rolled else None
    with context.database() as db:
        try:
            if args.preview:
                print(service.income_for(db, context.rulesets, args.gang, dice=dice).text())
                return
            result = service.collect_income(
                db, context.rulesets, args.gang, campaign_battle_id=args.battle, dice=dice
            )
        except ValueError as exc:
            if isinstance(exc, ServiceError):
                raise
            raise ServiceError(f"--rolled: {exc}") from None  # not enough typed-in dice
    print(result.report.text())
    _print(result.changes.messages)


def cmd_end(args: argparse.Namespace, context: Context) -> None:
    with context.database() as db:
        result = service.end_campaign(db, context.rulesets, args.name)
    _print(result.changes.messages)


def cmd_export(args: argparse.Namespace, context: Context) -> None:
    from gangmanager.services import campaign_files

    with context.database() as db:
        print(campaign_files.export_campaign(db, context.rulesets, args.name, args.output))


def cmd_import(args: argparse.Namespace, context: Context) -> None:
    from gangmanager.services import campaign_files

    read = campaign_files.read_campaign_file(args.file, context.rulesets)
    with context.database() as db:
        result = campaign_files.import_campaign(db, context.rulesets, read, update=args.update)
    if args.update and not result.lines:
        print(f"{result.name}: already as the file has it; nothing to change")
        return
    if args.update:
        print(f"Updated campaign {result.name} from {args.file.name}:")
        for line in result.lines:
            print(f"  {line}")
        return
    for line in result.lines:
        print(line)
