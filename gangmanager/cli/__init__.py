"""Headless commands (`gangmanager demo|import|export|list|show|rules ...`). Never imports gui.

Each feature registers its subcommands from its own module in this package,
so features can be added without touching the others.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import typing
from collections.abc import Sequence

from gangmanager import __version__
from gangmanager.cli import (
    backups,
    battle,
    campaign,
    carry_over,
    gangs,
    post_battle,
    printing_cmd,
    rules,
    undo,
    vehicles,
)
from gangmanager.cli.context import EXIT_REFUSED, USER_ERRORS, Context
from gangmanager.cli.output import escape_controls, escaped_output
from gangmanager.rules.limits import MAX_QUOTED_CHARS, quoted
from gangmanager.services import databases

# Modules with `register(subparsers, common)`; their parsers set `handler`.
FEATURES = (
    gangs,
    rules,
    backups,
    post_battle,
    battle,
    printing_cmd,
    campaign,
    undo,
    vehicles,
    carry_over,
)


class OneLineParser(argparse.ArgumentParser):
    """Argument errors in one line and exit 2, as every other refusal: the usage
    block is what `--help` is for, not a reply to a typo."""

    def error(self, message: str) -> typing.NoReturn:
        # argparse quotes the bad value whole ('invalid int value: ...'): cut it.
        text = _LONG_QUOTE.sub(lambda m: quoted(m.group(1)), " ".join(message.split()))
        self.exit(EXIT_REFUSED, escape_controls(f"{self.prog}: {text} (see {self.prog} --help)\n"))


_LONG_QUOTE = re.compile(rf"'([^']{{{MAX_QUOTED_CHARS + 1},}})'")


def db_option(parser: argparse.ArgumentParser, default: object = None) -> None:
    parser.add_argument(
        "--db",
        default=default,
        metavar="PATH_OR_URL",
        help="database file or SQLAlchemy URL (default: $GANGMANAGER_DB or the user data folder)",
    )


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog="gangmanager",
        description="Offline Necromunda roster manager. Without a command it opens the window.",
    )
    parser.add_argument("--version", action="version", version=f"gangmanager {__version__}")
    db_option(parser)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    # `--db` is accepted after the command too; SUPPRESS keeps an earlier one.
    common = argparse.ArgumentParser(add_help=False)
    db_option(common, default=argparse.SUPPRESS)
    for feature in FEATURES:
        feature.register(sub, common)
    return parser


def run(args: argparse.Namespace, context: Context | None = None) -> int:
    """Run a parsed subcommand; a refused input prints one line and returns 2."""
    with escaped_output():
        return _run(args, context)


def _run(args: argparse.Namespace, context: Context | None) -> int:
    try:
        args.handler(args, context or Context(args.db))
    except USER_ERRORS as exc:
        print(f"gangmanager: {exc}", file=sys.stderr)
        return EXIT_REFUSED
    except databases.driver_errors() as exc:
        # The last guard, for a check the commands lack (a full disk while opening says
        # so as an action does): one line, and the transaction was rolled back.
        print(f"gangmanager: {databases.refusal_line(exc)}", file=sys.stderr)
        return EXIT_REFUSED
    except BrokenPipeError:
        # The reader went away (`| head`): stop quietly like other command-line tools,
        # and keep Python from complaining again when it flushes stdout at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Headless entry: a command is required (the launcher opens the window without one)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        print("gangmanager: give a command (see gangmanager --help)", file=sys.stderr)
        return EXIT_REFUSED
    return run(args)
