"""`gangmanager undo` and `gangmanager redo`: the database's one undo history, the same
the windows' Edit menus show (docs/scripting.md)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from gangmanager.cli.context import Context, print_json
from gangmanager.cli.lazy import lazy_import
from gangmanager.services.errors import ServiceError

if TYPE_CHECKING:
    from gangmanager.services import undo_history
else:
    undo_history = lazy_import("gangmanager.services.undo_history")


def register(sub: Any, common: argparse.ArgumentParser) -> None:
    for name, what in (("undo", "undo the newest step"), ("redo", "redo the step undone last")):
        p = sub.add_parser(
            name,
            parents=[common],
            help=f"{what} of the undo history (the windows' Edit menu)",
            description=f"{what.capitalize()}: the history is the database's, shared with "
            "every window; a step whose rows changed since is refused and dropped.",
        )
        p.add_argument("--json", action="store_true")
        p.set_defaults(handler=cmd_step, undoing=name == "undo")


def cmd_step(args: argparse.Namespace, context: Context) -> None:
    step = undo_history.undo if args.undoing else undo_history.redo
    with context.database() as db:
        try:
            done = step(db, context.rulesets)
        except undo_history.StepRefused as exc:
            raise ServiceError(f"{exc}. {undo_history.DROPPED}") from None
    if args.json:
        print_json(
            {
                "action": "undo" if done.undone else "redo",
                "label": done.label,
                "gang_id": done.gang_id,
                "step": done.step_id,
                "messages": list(done.outcome.changes.messages),
            }
        )
        return
    print(f"{'Undid' if done.undone else 'Redid'}: {done.label}")
