"""What every command needs: the database it names, the rulesets, the error contract."""

from __future__ import annotations

import getpass
import json
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager

from gangmanager.content import RulesetError
from gangmanager.exchange.errors import ImportFileError
from gangmanager.exchange.glossary import GlossaryError
from gangmanager.services.databases import Database, database_to_open, open_url
from gangmanager.services.errors import DatabaseError, ServiceError
from gangmanager.services.rulesets import Rulesets

# Every refused input exits with this code and one line on stderr.
EXIT_REFUSED = 2
USER_ERRORS: tuple[type[Exception], ...] = (
    ServiceError,
    ImportFileError,
    DatabaseError,
    RulesetError,
    GlossaryError,
)


class Context:
    def __init__(self, db: str | None, rulesets: Rulesets | None = None) -> None:
        self.db_target = db
        self.rulesets = rulesets or Rulesets()

    @contextmanager
    def database(self) -> Iterator[Database]:
        # A server that wants a password gets one from PGPASSWORD, ~/.pgpass or a prompt.
        ask = getpass.getpass if sys.stdin is not None and sys.stdin.isatty() else None
        db = open_url(database_to_open(self.db_target, os.environ), ask, self.rulesets)
        try:
            yield db
        finally:
            db.close()


def print_json(data: object) -> None:
    print(json.dumps(data, indent=2, ensure_ascii=False))
