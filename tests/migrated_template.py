"""One SQLite file migrated by Alembic per test session, copied for every new database.

Running the migrations costs about 0.4 s a file and hundreds of tests open a
fresh one; copying a migrated file costs a fraction of that. The copy stands
in for Alembic only where `open_database` would create a schema in a new,
empty file: an existing or older file is upgraded by Alembic as in the app,
and tests marked `real_migrations` (the migration tests) always run Alembic.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

from sqlalchemy import URL, Engine

from gangmanager.persistence import database

Upgrade = Callable[[Engine, URL, Path | None], None]

# The original, kept before any test replaces it.
REAL_UPGRADE: Upgrade = database._upgrade


class MigratedTemplate:
    """Made on first use (tests that open no database pay nothing), then copied."""

    def __init__(self, folder: Path) -> None:
        self._path = folder / "template.sqlite"
        self._made = False

    def path(self) -> Path:
        if not self._made:
            database.open_database(database.sqlite_url(self._path)).close()
            # Closing the last connection checkpoints the write-ahead log into the file.
            assert not self._path.with_name(self._path.name + "-wal").exists()
            self._made = True
        return self._path

    def upgrade(self, engine: Engine, url: URL, path: Path | None) -> None:
        """`database._upgrade`, copying the template into a new empty SQLite file."""
        if path is None or path == self._path or not _new_and_alone(path):
            REAL_UPGRADE(engine, url, path)
            return
        shutil.copyfile(self.path(), path)


def _new_and_alone(path: Path) -> bool:
    """Missing or empty, with no journal beside it: nothing a copy could overwrite."""
    if path.exists() and path.stat().st_size > 0:
        return False
    return not any(path.with_name(path.name + side).exists() for side in ("-wal", "-journal"))
