"""Battle commands: start, apply a file of events, show, undo, end (see docs/scripting.md)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gangmanager.cli.context import Context, print_json
from gangmanager.cli.lazy import lazy_import
from gangmanager.rules.battle_end_phase import waiting
from gangmanager.rules.dice import RandomDice
from gangmanager.services.errors import ServiceError

if TYPE_CHECKING:
    from gangmanager.services import battle, battle_odds
else:
    battle = lazy_import("gangmanager.services.battle")
    battle_odds = lazy_import("gangmanager.services.battle_odds")


def _add_start_command(commands: Any, common: argparse.ArgumentParser) -> None:
    """start: one gang's battle, or both gangs' with --against."""
    p = commands.add_parser("start", parents=[common], help="start a battle for a gang")
    p.add_argument("gang", help="gang name or id")
    p.add_argument("--scenario", default="", metavar="NAME")
    p.add_argument(
        "--crew",
        nargs="+",
        action="extend",
        default=[],
        metavar="NAME",
        help="fighters taking part (default: everyone who can fight)",
    )
    p.add_argument(
        "--against", default=None, metavar="OTHER", help="the second gang: one battle for both"
    )
    p.add_argument(
        "--against-crew",
        nargs="+",
        action="extend",
        default=[],
        metavar="NAME",
        help="the second gang's fighters taking part (default: everyone who can fight)",
    )
    p.add_argument(
        "--accept-ruleset",
        action="store_true",
        help="let a second gang on another ruleset play by the first gang's",
    )
    p.set_defaults(handler=cmd_start)


def _add_event_commands(commands: Any, common: argparse.ArgumentParser) -> None:
    """apply, show, undo and end: the battle going on, event by event."""
    p = commands.add_parser("apply", parents=[common], help="apply a JSON list of events")
    p.add_argument("gang", help="gang name or id")
    p.add_argument("events", type=Path, metavar="EVENTS.json")
    p.add_argument(
        "--seed", type=int, default=None, help="seed the dice that roll where a roll is left out"
    )
    p.set_defaults(handler=cmd_apply)

    p = commands.add_parser("show", parents=[common], help="show the battle going on")
    p.add_argument("gang", help="gang name or id")
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=cmd_show)

    p = commands.add_parser("undo", parents=[common], help="remove the last event")
    p.add_argument("gang", help="gang name or id")
    p.set_defaults(handler=cmd_undo)

    p = commands.add_parser("end", parents=[common], help="end the battle (to the post-battle)")
    p.add_argument("gang", help="gang name or id")
    p.set_defaults(handler=cmd_end)


def register(sub: Any, common: argparse.ArgumentParser) -> None:
    parser = sub.add_parser("battle", help="track a battle: statuses, markers, ammo, Blaze")
    commands = parser.add_subparsers(dest="battle_command", metavar="BATTLE_COMMAND", required=True)

    _add_start_command(commands, common)
    _add_event_commands(commands, common)

    p = commands.add_parser(
        "odds", parents=[common], help="the chance of each outcome of an attack, before rolling"
    )
    p.add_argument("gang", help="gang name or id")
    p.add_argument("--fighter", required=True, metavar="A", help="the attacker")
    p.add_argument("--weapon", required=True, metavar="W")
    p.add_argument("--profile", default="", metavar="P", help="the weapon's profile, if several")
    p.add_argument("--target", required=True, metavar="T")
    p.add_argument("--range", required=True, choices=("short", "long", "engaged"))
    p.add_argument(
        "--modifier", type=int, default=0, metavar="N", help="other hit modifiers (+1 is easier)"
    )
    p.add_argument(
        "--arc", choices=("front", "side", "rear"), help="a vehicle target: the facing hit"
    )
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=cmd_odds)


def _print_lines(lines: tuple[str, ...]) -> None:
    for line in lines:
        print(line)


def cmd_start(args: argparse.Namespace, context: Context) -> None:
    with context.database() as db:
        result = battle.start_battle(
            db,
            context.rulesets,
            args.gang,
            scenario=args.scenario,
            crew=args.crew,
            against=args.against,
            against_crew=args.against_crew,
            accept_ruleset=args.accept_ruleset,
        )
    _print_lines(result.lines)


def cmd_apply(args: argparse.Namespace, context: Context) -> None:
    events = battle.read_events_file(args.events)
    with context.database() as db:
        try:
            result = battle.apply_events(
                db, context.rulesets, args.gang, events, RandomDice(args.seed)
            )
        except battle.EventRefused as exc:
            raise ServiceError(f"{args.events}: {exc}") from None
    _print_lines(result.lines)


def cmd_show(args: argparse.Namespace, context: Context) -> None:
    with context.database() as db:
        record = battle.show_battle(db, context.rulesets, args.gang)
    # The End phase tests still to take before `new_round`, in the pack's order.
    tests = waiting(context.rulesets.get(record.ruleset), record.state)
    if args.json:
        view = record.view()
        view["end_phase"] = [{**t.event(), "text": t.text} for t in tests]
        print_json(view)
    else:
        text = battle_text(record)
        if tests:
            text += "\n\nend phase (before new_round):\n" + "\n".join(
                f"  {t.kind}: {t.text}" for t in tests
            )
        print(text)


def cmd_undo(args: argparse.Namespace, context: Context) -> None:
    with context.database() as db:
        result = battle.undo_last(db, context.rulesets, args.gang)
    _print_lines(result.lines)


def cmd_end(args: argparse.Namespace, context: Context) -> None:
    with context.database() as db:
        result = battle.end_battle(db, context.rulesets, args.gang)
    _print_lines(result.lines)


_ODDS_LINES = (
    ("hit", "hit"),
    ("wound", "wound"),
    ("unsaved", "unsaved (a wound goes through)"),
    ("flesh_wound", "Flesh Wound (worst result)"),
    ("seriously_injured", "Seriously Injured"),
    ("out_of_action", "Out of Action"),
    ("ammo_test", "Ammo test"),
    ("out_of_ammo", "weapon runs out (Out of Ammo, jammed, struck off)"),
)


def cmd_odds(args: argparse.Namespace, context: Context) -> None:
    attack = {
        "fighter": args.fighter,
        "weapon": args.weapon,
        "profile": args.profile,
        "target": args.target,
        "range": args.range,
        "modifier": args.modifier,
    }
    if args.arc is not None:
        attack["arc"] = args.arc
    with context.database() as db:
        event, odds = battle_odds.battle_attack_odds(db, context.rulesets, args.gang, attack)
    if args.json:
        print_json(odds.as_dict())
        return
    weapon = f"{event.weapon} ({event.profile})" if event.profile else event.weapon
    print(
        f"{event.fighter} attacks {event.target} with {weapon}, {event.range}"
        f", modifier {event.modifier:+d} (exact: {odds.runs} steps run):"
    )
    values = odds.as_dict()
    for key, label in _ODDS_LINES:
        print(f"  {label:<52} {100 * values[key]:5.1f}%")


def battle_text(record: battle.BattleRecord) -> str:
    """The battle in a few lines per fighter, words as in `--json`."""
    view = record.view()
    title = f"{view['gang']}: battle {view['battle']}"
    if view["against"]:
        title = f"{view['gang']} against {view['against']}: battle {view['battle']}"
    if view["scenario"]:
        title += f" ({view['scenario']})"
    lines = [f"{title}, round {view['round']}, ruleset {view['ruleset']}", ""]
    two_gangs = bool(view["against"])
    for fighter in view["fighters"]:
        name = f"{fighter['gang']}/{fighter['name']}" if two_gangs else fighter["name"]
        head = (
            f"{name}: {fighter['status']}, {fighter['activation']},"
            f" wounds {fighter['wounds']}/{fighter['max_wounds']},"
            f" flesh_wounds {fighter['flesh_wounds']}"
        )
        if fighter.get("vehicle"):
            # A vehicle's wounds are its Hull Points.
            head = head.replace(" wounds ", " hull points ", 1)
            if fighter["vehicle_statuses"]:
                head += ", " + " ".join(fighter["vehicle_statuses"])
        if fighter["markers"]:
            head += ", markers " + " ".join(fighter["markers"])
        if fighter["hired_for"]:
            head += f", hired for this battle ({fighter['hired_for']})"
        caused = fighter["caused"]
        if any(caused.values()):
            head += (
                f", caused {caused['seriously_injured']} seriously injured"
                f" {caused['out_of_action']} out of action, xp_suggested {fighter['xp_suggested']}"
            )
        lines.append(head)
        lines.append("  " + " ".join(fighter["profile"].values()))
        for weapon in fighter["weapons"]:
            states = ", ".join(
                f"{p['name'] or 'standard'} {p['state']}" for p in weapon["profiles"]
            )
            lines.append(f"  {weapon['name']}: {states}")
    if view["prompts"]:
        lines += ["", "waiting:"] + [f"  {p['kind']}: {p['text']}" for p in view["prompts"]]
    return "\n".join(lines)
