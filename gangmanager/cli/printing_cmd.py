"""`gangmanager print`: fighter cards and the roster sheet as a PDF, without a window.

Drawing needs a QGuiApplication (fonts, the PDF writer) but never widgets:
`painter.gui_application` makes one, offscreen when there is no display. Qt is
imported only when the command runs, so the other commands start without it.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gangmanager.cli.context import Context
from gangmanager.cli.lazy import lazy_import
from gangmanager.printing.card_pages import CardLayout
from gangmanager.printing.document import PrintError, build_document, card_fighters
from gangmanager.printing.flow import LayoutError
from gangmanager.printing.geometry import PAPERS
from gangmanager.rules.default_ruleset import DEFAULT_RULESET
from gangmanager.services.errors import ServiceError

if TYPE_CHECKING:
    from gangmanager.services import campaign, gangs, post_battle
else:
    campaign = lazy_import("gangmanager.services.campaign")
    gangs = lazy_import("gangmanager.services.gangs")
    post_battle = lazy_import("gangmanager.services.post_battle")


def register(sub: Any, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser(
        "print",
        parents=[common],
        help="write fighter cards and/or the roster sheet to a PDF",
        description=(
            "Without --fighter or --roster: a card for every fighter on the roster. "
            "--roster alone: the roster sheet only; with --fighter or --cards the cards follow it."
        ),
    )
    _add_what_to_print(p)
    _add_page_options(p)
    _add_other_sheets(p)
    _add_glossary_choice(p)
    p.set_defaults(handler=cmd_print)


def _add_what_to_print(p: argparse.ArgumentParser) -> None:
    """The gang, the file, and which cards and sheets go in it."""
    p.add_argument("gang", nargs="?", help="gang name or id (optional with --blank)")
    p.add_argument(
        "-o", "--output", type=Path, required=True, metavar="FILE.pdf", help="the PDF to write"
    )
    p.add_argument(
        "--fighter",
        action="extend",
        nargs="+",
        default=[],
        metavar="NAME",
        help="print this fighter's card (several names, or the option repeated)",
    )
    p.add_argument("--roster", action="store_true", help="print the gang's roster sheet first")
    p.add_argument(
        "--cards", action="store_true", help="with --roster: also a card for every fighter"
    )


def _add_page_options(p: argparse.ArgumentParser) -> None:
    """How the cards are laid out on the paper."""
    p.add_argument(
        "--layout",
        choices=[layout.value for layout in CardLayout],
        default=CardLayout.CLASSIC.value,
        help="classic: three cards a page with cut lines; page: one card a page (default classic)",
    )
    p.add_argument("--paper", choices=sorted(PAPERS), default="a4", help="default a4")
    p.add_argument(
        "--no-footnotes",
        action="store_true",
        help="leave out the base value and source of each modified characteristic",
    )


def _add_other_sheets(p: argparse.ArgumentParser) -> None:
    """Blank cards and the what-changed sheet, which need no cards of the gang."""
    p.add_argument(
        "--blank",
        type=int,
        metavar="N",
        help="N empty cards in the pack's statline, to fill in by hand"
        " (the gang's pack, else --ruleset)",
    )
    p.add_argument(
        "--changes",
        action="store_true",
        help="the 'what changed' sheet of the gang's last post-battle Finish",
    )
    p.add_argument(
        "--ruleset",
        metavar="ID",
        help=f"with --blank and no gang: the pack (default {DEFAULT_RULESET})",
    )


def _add_glossary_choice(p: argparse.ArgumentParser) -> None:
    """One shared rules glossary page, or one on each card."""
    glossary = p.add_mutually_exclusive_group()
    glossary.add_argument(
        "--shared-glossary",
        dest="shared_glossary",
        action="store_const",
        const=True,
        help="one rules glossary page after the cards, none on them"
        " (the default for every fighter's cards)",
    )
    glossary.add_argument(
        "--glossary-on-cards",
        dest="shared_glossary",
        action="store_const",
        const=False,
        help="each card its own rules glossary (the default with --fighter)",
    )


def cmd_print(args: argparse.Namespace, context: Context) -> None:
    if args.blank is not None:
        _print_blank(args, context)
        return
    if args.gang is None:
        raise ServiceError("name the gang to print, or give --blank N for empty cards")
    if args.changes:
        _print_changes(args, context)
        return
    with context.database() as db:
        gang = gangs.load_gang(db, args.gang)
        # The roster sheet lists what the gang holds in its running campaign.
        holdings = (
            campaign.held_territories(db, context.rulesets, str(gang.id)) if args.roster else None
        )
    ruleset = context.rulesets.get(gang.ruleset)
    try:
        wants_cards = bool(args.fighter) or args.cards or not args.roster
        fighters = card_fighters(gang, args.fighter) if wants_cards else []
        from gangmanager.printing.painter import QtMeasure, gui_application, write_pdf

        _app = gui_application()  # alive until the PDF is written
        document = build_document(
            gang,
            ruleset,
            QtMeasure(),
            fighters=fighters,
            roster=args.roster,
            layout=CardLayout(args.layout),
            paper=PAPERS[args.paper],
            footnotes=not args.no_footnotes,
            holdings=holdings,
            shared_glossary=_shared_glossary(args),
        )
        path = write_pdf(document, args.output)
    except (PrintError, LayoutError) as exc:
        raise ServiceError(str(exc)) from None
    pages = len(document.pages)
    print(f"{path} ({pages} page{'s' if pages != 1 else ''})")


def _shared_glossary(args: argparse.Namespace) -> bool:
    """On by default for a roster's cards, off for the fighters named."""
    if args.shared_glossary is not None:
        return bool(args.shared_glossary)
    return not args.fighter


def _given(args: argparse.Namespace, *options: str) -> list[str]:
    """Which of these options the command line gave (`--fighter` is a list, the rest flags)."""
    return [o for o in options if getattr(args, o.removeprefix("--").replace("-", "_"))]


def _print_blank(args: argparse.Namespace, context: Context) -> None:
    """`print [GANG] --blank N`: empty cards in the pack's statline."""
    others = _given(args, "--fighter", "--roster", "--cards", "--changes")
    if others:
        raise ServiceError(f"--blank prints empty cards only: leave out {', '.join(others)}")
    if args.gang is not None and args.ruleset is not None:
        raise ServiceError("--ruleset is for blank cards without a gang: the gang's pack is used")
    if args.gang is not None:
        with context.database() as db:
            ruleset_id = gangs.load_gang(db, args.gang).ruleset
    else:
        ruleset_id = args.ruleset or DEFAULT_RULESET
    ruleset = context.rulesets.get(ruleset_id)
    from gangmanager.printing.blank_card import blank_document
    from gangmanager.printing.painter import QtMeasure, gui_application, write_pdf

    _app = gui_application()  # alive until the PDF is written
    try:
        document = blank_document(
            args.blank, ruleset, QtMeasure(), PAPERS[args.paper], CardLayout(args.layout)
        )
        path = write_pdf(document, args.output)
    except (PrintError, LayoutError, ValueError) as exc:
        raise ServiceError(str(exc)) from None
    pages = len(document.pages)
    print(f"{path} ({pages} page{'s' if pages != 1 else ''})")


def _print_changes(args: argparse.Namespace, context: Context) -> None:
    """`print GANG --changes`: what the last Finish changed, to keep with the cards."""
    others = _given(args, "--fighter", "--roster", "--cards")
    if others:
        raise ServiceError(f"--changes prints the change sheet only: leave out {', '.join(others)}")
    with context.database() as db:
        sheet = post_battle.last_change_sheet(db, args.gang)
    from gangmanager.printing.change_sheet import change_sheet_document
    from gangmanager.printing.painter import QtMeasure, gui_application, write_pdf

    _app = gui_application()  # alive until the PDF is written
    try:
        document = change_sheet_document(sheet, QtMeasure(), PAPERS[args.paper])
        path = write_pdf(document, args.output)
    except (PrintError, LayoutError) as exc:
        raise ServiceError(str(exc)) from None
    pages = len(document.pages)
    print(f"{path} ({pages} page{'s' if pages != 1 else ''})")
