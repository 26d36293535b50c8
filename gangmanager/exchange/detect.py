"""Open any gang file we know: our own `.gang.json` or a YakTribe export."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Literal

from gangmanager.exchange.errors import ImportFileError, describe_value
from gangmanager.exchange.gang_file import FORMAT, Origin, load_gang_document
from gangmanager.exchange.json_input import read_json_file
from gangmanager.exchange.yaktribe import ImportReport, import_yaktribe, is_bare_gang
from gangmanager.rules.gang import Gang
from gangmanager.rules.ruleset import Ruleset

__all__ = ["DEFAULT_RULESET", "FileKind", "detect_format", "read_any", "read_any_with_origin"]

FileKind = Literal["gangmanager", "yaktribe"]
# YakTribe files do not say which rules they follow.
DEFAULT_RULESET: str = Gang.model_fields["ruleset"].default


def detect_format(data: object, source: str = "<data>") -> FileKind:
    """Ours when the top level has a `format` key, YakTribe's when it holds a
    `gang` object or is one (gang_id, gang_name, gangers at the top); anything
    else is refused naming both."""
    if isinstance(data, dict):
        if "format" in data:
            return "gangmanager"  # load_gang_file names an unknown format clearly
        if isinstance(data.get("gang"), dict):
            return "yaktribe"
        if "gang" in data:
            raise ImportFileError(
                source,
                "gang",
                f"expected an object (a YakTribe export), got {describe_value(data['gang'])}",
            )
        if is_bare_gang(data):
            return "yaktribe"
    raise ImportFileError(
        source,
        "",
        f'not a gang file: expected a Gang Manager gang file ("format": "{FORMAT}")'
        f' or a YakTribe export (a top-level "gang" object), got {describe_value(data)}',
    )


def read_any(
    path: Path,
    ruleset_for: Callable[[str], Ruleset],
    *,
    yaktribe_ruleset: str = DEFAULT_RULESET,
) -> tuple[Gang, ImportReport | None]:
    """Read, parse and import a file of either kind.

    A YakTribe file is matched against `ruleset_for(yaktribe_ruleset)`; our own
    files read each fighter's statline from `ruleset_for(gang.ruleset)` (a ruleset not
    at hand: the rules' default). Errors from `ruleset_for` for YakTribe pass through.
    """
    gang, report, _ = read_any_with_origin(path, ruleset_for, yaktribe_ruleset=yaktribe_ruleset)
    return gang, report


def read_any_with_origin(
    path: Path,
    ruleset_for: Callable[[str], Ruleset],
    *,
    yaktribe_ruleset: str = DEFAULT_RULESET,
) -> tuple[Gang, ImportReport | None, Origin | None]:
    """`read_any` with the gang file's origin (None for YakTribe and older files)."""
    data = read_json_file(path)
    if detect_format(data, path.name) == "gangmanager":
        gang, origin = load_gang_document(data, path.name, ruleset_for=ruleset_for)
        return gang, None, origin
    gang, report = import_yaktribe(data, path.name, ruleset_for(yaktribe_ruleset))
    return gang, report, None
