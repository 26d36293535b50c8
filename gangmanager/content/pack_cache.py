"""The validated ruleset kept on disk between runs, so a start does not re-read every pack.

Reading and validating the n23 pack (57 TOML files) is about a quarter of a
cold start; unpickling the validated `Ruleset` takes a few milliseconds. The
file is named after a fingerprint of everything the result depends on: every
pack file on the search path (path, size, modification time), the source of the
modules that read and model a pack, and the versions of Python and pydantic.
Any change gives a new name, so a stale copy is never read; a copy that cannot
be read or written is ignored (the pack is loaded as if there were no cache).
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
import uuid
from collections.abc import Callable, Iterable
from pathlib import Path

import platformdirs
import pydantic

from gangmanager.rules.ruleset import Ruleset

APP_NAME = "gangmanager"
# The modules whose code decides what a pack turns into.
_CODE = (Path(__file__).resolve().parent, Path(__file__).resolve().parent.parent / "rules")


def cache_dir() -> Path:
    return Path(platformdirs.user_cache_dir(APP_NAME)) / "rulesets"


def _stats(folders: Iterable[Path], pattern: str) -> list[str]:
    lines = []
    for folder in folders:
        if not folder.is_dir():
            continue
        for file in sorted(folder.rglob(pattern)):
            try:
                stat = file.stat()
            except OSError:
                continue
            lines.append(f"{file}\0{stat.st_size}\0{stat.st_mtime_ns}")
    return lines


def fingerprint(ruleset_id: str, search_path: Iterable[Path]) -> str:
    parts = [
        ruleset_id,
        sys.version,
        pydantic.VERSION,
        *_stats(search_path, "*"),
        *_stats(_CODE, "*.py"),
    ]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:32]


def cached(ruleset_id: str, search_path: tuple[Path, ...], load: Callable[[], Ruleset]) -> Ruleset:
    """The ruleset from the disk cache if its inputs are unchanged, else `load()` (then kept)."""
    try:
        path = cache_dir() / f"{ruleset_id}-{fingerprint(ruleset_id, search_path)}.pickle"
    except OSError:
        return load()
    try:
        with path.open("rb") as file:
            found = pickle.load(file)
        if isinstance(found, Ruleset):
            return found
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError, TypeError):
        pass  # No copy yet, or one we cannot use: load the pack.
    ruleset = load()
    _keep(path, ruleset_id, ruleset)
    return ruleset


def _keep(path: Path, ruleset_id: str, ruleset: Ruleset) -> None:
    """Write the copy under a temporary name, then rename: a reader never sees half a file."""
    temporary = path.with_name(f".{path.name}.{uuid.uuid4().hex[:8]}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        for old in path.parent.glob("*.pickle"):
            # This pack's copies for files as they were before (not another pack's:
            # the fingerprint after the last dash has none).
            if old.stem.rpartition("-")[0] == ruleset_id:
                old.unlink(missing_ok=True)
        with temporary.open("wb") as file:
            pickle.dump(ruleset, file, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(temporary, path)
    except (OSError, pickle.PicklingError):
        temporary.unlink(missing_ok=True)
