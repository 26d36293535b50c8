"""Ruleset commands: list the packs, show one as players see it, attach your own rules text."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from gangmanager.cli.context import Context, print_json
from gangmanager.content.rules_text import save_rules_text
from gangmanager.exchange.glossary import read_glossary
from gangmanager.services import user_packs
from gangmanager.services.errors import ServiceError
from gangmanager.services.ruleset_view import ruleset_text, ruleset_view


def register(sub: Any, common: argparse.ArgumentParser) -> None:
    rules = sub.add_parser("rules", help="rulesets and your imported rules text")
    rules_sub = rules.add_subparsers(dest="rules_command", metavar="RULES_COMMAND", required=True)
    p = rules_sub.add_parser("list", help="list the rulesets")
    p.set_defaults(handler=cmd_list)
    p = rules_sub.add_parser(
        "show", help="the pack as players see it: houses, lists, Trading Post, skills"
    )
    p.add_argument("ruleset")
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=cmd_show)
    p = rules_sub.add_parser(
        "import-text", help="attach your own rules text (a 'Name: text' glossary) to a ruleset"
    )
    p.add_argument("ruleset")
    p.add_argument("file", type=Path)
    p.set_defaults(handler=cmd_import_text)
    p = rules_sub.add_parser(
        "copy", help="make your own pack NAME that extends BASE (to add what BASE lacks)"
    )
    p.add_argument("base", metavar="BASE")
    p.add_argument("name", metavar="NAME")
    p.set_defaults(handler=cmd_copy)
    p = rules_sub.add_parser(
        "diff", help="the fighter types, weapons and wargear your pack adds or changes"
    )
    p.add_argument("name", metavar="NAME")
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=cmd_diff)


def cmd_list(args: argparse.Namespace, context: Context) -> None:
    for ruleset_id in context.rulesets.ids():
        print(f"{ruleset_id}\t{context.rulesets.get(ruleset_id).name}")


def cmd_show(args: argparse.Namespace, context: Context) -> None:
    ruleset = context.rulesets.get(args.ruleset)  # unknown: one line, exit 2
    if args.json:
        print_json(ruleset_view(ruleset))
    else:
        print(ruleset_text(ruleset))


def cmd_import_text(args: argparse.Namespace, context: Context) -> None:
    context.rulesets.get(args.ruleset)  # an unknown id is refused before anything is written
    try:
        glossary = read_glossary(args.file)
    except OSError as exc:
        raise ServiceError(f"{args.file}: cannot read ({exc.strerror or exc})") from None
    texts = glossary.as_rules_text()
    if texts:
        save_rules_text(context.rulesets.rules_text_dir, args.ruleset, texts)
        context.rulesets.forget(args.ruleset)
    print(glossary.report())


def cmd_copy(args: argparse.Namespace, context: Context) -> None:
    pack = user_packs.copy_user_pack(context.rulesets, args.base, args.name)
    print(f"made {pack.id} (extends {pack.base}) in {pack.folder}")


def cmd_diff(args: argparse.Namespace, context: Context) -> None:
    rows = user_packs.diff(context.rulesets, args.name)
    if args.json:
        print_json([row.as_json() for row in rows])
    elif rows:
        print("\n".join(row.as_text() for row in rows))
    else:
        print(f"{args.name.strip()} adds and changes nothing yet")
