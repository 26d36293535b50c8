"""Backup commands: `gangmanager backup list|create|restore`.

They work on the database file without opening it, so a database too damaged
to open can still be restored.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gangmanager.cli.context import Context, print_json
from gangmanager.cli.lazy import lazy_import
from gangmanager.services.databases import database_to_open

if TYPE_CHECKING:
    from gangmanager.services import backups
else:
    backups = lazy_import("gangmanager.services.backups")


def register(sub: Any, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser(
        "backup",
        parents=[common],
        help="list, take or restore backups of the database",
        description="A backup is taken when the database is opened and the last one is a day "
        f"old; the newest {backups.KEEP} are kept in <database>.backups/ beside it.",
    )
    actions = p.add_subparsers(dest="backup_command", metavar="ACTION", required=True)
    q = actions.add_parser("list", parents=[common], help="list the backups, newest first")
    q.add_argument("--json", action="store_true")
    q.set_defaults(handler=cmd_list)
    q = actions.add_parser("create", parents=[common], help="take a backup now")
    q.set_defaults(handler=cmd_create)
    q = actions.add_parser(
        "restore",
        parents=[common],
        help="replace the database with a backup (the current one is backed up first)",
    )
    q.add_argument("file", help="a backup file, or a name that `backup list` shows")
    q.set_defaults(handler=cmd_restore)


def database_path(context: Context) -> Path:
    return backups.database_file(database_to_open(context.db_target, os.environ))


def cmd_list(args: argparse.Namespace, context: Context) -> None:
    path = database_path(context)
    found = backups.list_backups(path)
    if args.json:
        print_json(
            [
                {
                    "name": b.name,
                    "path": str(b.path),
                    "created": b.created.isoformat(),
                    "size": b.size,
                    "before_restore": b.before_restore,
                }
                for b in found
            ]
        )
        return
    if not found:
        print(f"no backups of {path} yet", file=sys.stderr)
    for b in found:
        note = "\tbefore restore" if b.before_restore else ""
        print(f"{b.name}\t{b.created:%Y-%m-%d %H:%M:%S}\t{b.size}{note}")


def cmd_create(args: argparse.Namespace, context: Context) -> None:
    print(backups.create_backup(database_path(context)).path)


def cmd_restore(args: argparse.Namespace, context: Context) -> None:
    path = database_path(context)
    restored = backups.restore_backup(path, backups.find_backup(path, args.file))
    print(f"restored {path} from {restored.source.name}")
    if restored.saved_as is not None:
        print(f"the database as it was: {restored.saved_as.path}")
    if restored.damaged_copy is not None:
        print(f"the damaged database was copied to {restored.damaged_copy}")
