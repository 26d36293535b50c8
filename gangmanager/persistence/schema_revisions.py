"""Which schema revisions this app knows, read from the migration files.

Whether a file is at head is decided from the revision ids written in the
migration files (`known_revisions`), without importing Alembic (with Mako and
Pygments, a few hundred milliseconds at start-up); a test checks this reading
against Alembic's own.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from alembic.config import Config
    from alembic.script import ScriptDirectory

MIGRATIONS = Path(__file__).resolve().parent / "migrations"


def alembic_config() -> Config:
    """Alembic configured from the package folder; no alembic.ini needed."""
    from alembic.config import Config

    config = Config()
    # ConfigParser interpolates %, so a path containing one must be escaped.
    config.set_main_option("script_location", str(MIGRATIONS).replace("%", "%%"))
    return config


@dataclass(frozen=True)
class Revisions:
    """The schema revisions this app knows: all of them, and the heads to upgrade to."""

    known: frozenset[str]
    heads: frozenset[str]

    @classmethod
    def of(cls, script: ScriptDirectory) -> Revisions:
        """As Alembic reads them (it imports every migration module)."""
        known = frozenset(revision.revision for revision in script.walk_revisions())
        return cls(known, frozenset(script.get_heads()))


# A module-level `name = literal` line of a migration file (`name: type = literal` too).
_HEADER_LINE = re.compile(
    r"^(?P<name>revision|down_revision|branch_labels|depends_on)\b[^=\n]*=\s*(?P<value>.+?)\s*$",
    re.MULTILINE,
)
# Alembic's own rule for which files of the versions folder are revisions.
_REVISION_FILE = re.compile(r"^(?!\.\#|__init__).*\.py$")


def known_revisions() -> Revisions:
    """The revisions of `migrations/versions`, read without importing Alembic.

    Each file's `revision` and `down_revision` are taken from their literal
    values; a file this reading is not sure of (a value that is not a plain
    literal, a name set twice, branch labels or dependencies) hands the whole
    question to Alembic instead, so the answer is always Alembic's.
    """
    return _known_revisions(MIGRATIONS / "versions")


@cache
def _known_revisions(versions: Path) -> Revisions:
    parsed = _parse_revision_files(versions)
    if parsed is None:
        from alembic.script import ScriptDirectory

        return Revisions.of(ScriptDirectory.from_config(alembic_config()))
    known = frozenset(parsed)
    below = {down for downs in parsed.values() for down in downs}
    return Revisions(known, known - below)


def _parse_revision_files(versions: Path) -> dict[str, tuple[str, ...]] | None:
    """revision -> its down revisions, from every revision file; None when unsure."""
    graph: dict[str, tuple[str, ...]] = {}
    try:
        files = [f for f in versions.iterdir() if _REVISION_FILE.match(f.name) and f.is_file()]
        texts = [f.read_text(encoding="utf-8") for f in files]
    except (OSError, UnicodeDecodeError):
        return None
    for text in texts:
        values: dict[str, list[object]] = {}
        for match in _HEADER_LINE.finditer(text):
            try:
                value = ast.literal_eval(match.group("value"))
            except (ValueError, SyntaxError):
                return None
            values.setdefault(match.group("name"), []).append(value)
        if any(len(found) > 1 for found in values.values()):
            return None
        revision = values.get("revision", [None])[0]
        down = values.get("down_revision", [...])[0]
        extras = [values.get(name, [None])[0] for name in ("branch_labels", "depends_on")]
        if not isinstance(revision, str) or revision in graph or any(extras):
            return None
        if down is None:
            downs: tuple[str, ...] = ()
        elif isinstance(down, str):
            downs = (down,)
        elif isinstance(down, tuple | list) and all(isinstance(d, str) for d in down):
            downs = tuple(down)
        else:
            return None
        graph[revision] = downs
    return graph
