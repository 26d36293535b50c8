"""`gangmanager post-battle GANG DRAFT.json [--dry-run]`: apply a post-battle draft file."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from gangmanager.cli.context import Context
from gangmanager.cli.lazy import lazy_import
from gangmanager.exchange.json_input import read_json_document
from gangmanager.rules.limits import quoted
from gangmanager.rules.post_battle_draft import PostBattleDraft

if TYPE_CHECKING:
    from gangmanager.services import post_battle
else:
    post_battle = lazy_import("gangmanager.services.post_battle")


def register(sub: Any, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser(
        "post-battle",
        parents=[common],
        help="apply a post-battle draft (injuries, XP, credits, purchases, advancements)",
        description="Apply the whole post-battle sequence from a draft file (docs/post-battle.md)"
        " in one transaction, then Update Roster: every rating is recalculated. For a gang in a"
        " running campaign the same transaction moves the territory named in the draft, collects"
        " the territories' income with the draft's dice and writes the campaign's log and"
        " history. Every problem is reported at once and then nothing is applied.",
    )
    p.add_argument("gang", help="gang name or id")
    p.add_argument("draft", type=Path, metavar="DRAFT.json", help="the draft file")
    p.add_argument("--dry-run", action="store_true", help="print every change and write nothing")
    p.set_defaults(handler=cmd_post_battle)


def cmd_post_battle(args: argparse.Namespace, context: Context) -> None:
    draft = _read_draft(args.draft)
    with context.database() as db:
        # No `battle_id` key: the gang's ended battle is attached, as the wizard does.
        draft, attached = post_battle.attach_ended_battle(db, context.rulesets, args.gang, draft)
        if args.dry_run:
            report = post_battle.dry_run(db, context.rulesets, args.gang, draft)
        else:
            report = post_battle.finish(db, context.rulesets, args.gang, draft).report
    if attached is not None:
        verb = "Would attach" if args.dry_run else "Attached"
        print(f"{verb} battle {attached} (ended, waiting for its post-battle sequence).\n")
    print(report.text())
    if args.dry_run:
        print("\nDry run: nothing was written.")
        return
    if attached is not None:
        print(f"\nBattle {attached} is done.")
    if report.campaign is not None:
        name = report.campaign.campaign.name
        print(f"\nCampaign {quoted(name)}: logged, with a point on its history chart.")


def _read_draft(path: Path) -> PostBattleDraft:
    """The gang file's guards at the file boundary (encoding, nesting, numbers), and
    its strictness: `true` where a number goes, or "45", is refused, not read as 1 or 45."""
    data = read_json_document(path)
    try:
        PostBattleDraft.model_validate_json(json.dumps(data), strict=True)
    except ValidationError as exc:
        raise post_battle.PostBattleError(
            [f"{'.'.join(map(str, e['loc'])) or 'draft'}: {e['msg']}" for e in exc.errors()]
        ) from None
    return post_battle.parse_draft(data)
