"""Rules text a player imported, stored per ruleset in a user folder.

One JSON file per ruleset, `<folder>/<ruleset_id>.rules-text.json`::

    {"format": "gangmanager.rules-text", "version": 1, "ruleset": "house-a",
     "texts": {"Rapid Fire (1)": "First paragraph.\\n\\nSecond paragraph."}}

Names are stored normalised (`Blast (3'')` -> `Blast (3")`) and matched
case-insensitively, so importing a name again replaces its text. An empty
text removes the name. The text is the player's and never ships with the app.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import tempfile
from collections.abc import Mapping
from pathlib import Path

import platformdirs

from gangmanager.rules.limits import quoted
from gangmanager.rules.ruleset import Ruleset
from gangmanager.rules.weapons import parse_trait, trait_key

__all__ = [
    "FILE_SUFFIX",
    "RulesTextError",
    "attach_rules_text",
    "default_rules_text_folder",
    "load_rules_text",
    "merge_rules_text",
    "rules_text_path",
    "save_rules_text",
]

FILE_SUFFIX = ".rules-text.json"
_FORMAT = "gangmanager.rules-text"
_VERSION = 1
_RULESET_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*$")


def default_rules_text_folder() -> Path:
    return Path(platformdirs.user_data_dir("gangmanager")) / "rules-text"


def rules_text_path(folder: Path, ruleset_id: str) -> Path:
    """Where the text of a ruleset lives; the id must be a plain file-name stem."""
    if not _RULESET_ID.match(ruleset_id) or ".." in ruleset_id:
        raise ValueError(f"ruleset id {quoted(ruleset_id)} cannot be used as a file name")
    return Path(folder) / f"{ruleset_id}{FILE_SUFFIX}"


def _normalised_name(name: str) -> str:
    if not isinstance(name, str) or not name.strip():
        raise ValueError(f"a rules-text name is a non-empty string, got {quoted(name)}")
    return str(parse_trait(name))


def merge_rules_text(base: Mapping[str, str], new: Mapping[str, str]) -> dict[str, str]:
    """`base` updated by `new`: same name (any case, any inch mark) is replaced in place,
    other names are appended, an empty or blank text removes the name."""
    merged: dict[str, tuple[str, str]] = {}  # key -> (name, text); a key keeps its place
    for name, text in (*base.items(), *new.items()):
        if not isinstance(text, str):
            raise ValueError(f"the rules text for {quoted(name)} is not a string: {quoted(text)}")
        normalised = _normalised_name(name)
        key = trait_key(normalised)
        if text.strip():
            merged[key] = (normalised, text)
        else:
            merged.pop(key, None)
    return dict(merged.values())


def load_rules_text(folder: Path, ruleset_id: str) -> dict[str, str]:
    """The stored text of a ruleset; {} when there is none.

    Raises ValueError naming the file when it is not a rules-text file we can read.
    """
    path = rules_text_path(folder, ruleset_id)
    try:
        raw = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    except UnicodeDecodeError as error:
        raise _corrupt(path, f"not UTF-8 text: {error.reason}") from None
    except OSError as error:  # a folder in its place, no permission...
        raise _corrupt(path, f"cannot be read: {error.strerror or error}") from None
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as error:
        raise _corrupt(path, f"not valid JSON: {error}") from None
    except RecursionError:
        raise _corrupt(path, "not valid JSON: nested too deeply") from None
    except ValueError:  # an integer of thousands of digits
        raise _corrupt(path, "not valid JSON: a number of thousands of digits") from None
    if not isinstance(data, dict) or data.get("format") != _FORMAT:
        raise _corrupt(path, f"not a {_FORMAT} file")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise _corrupt(path, "no format version")
    if version > _VERSION:
        raise _corrupt(path, f"format version {version} is newer than this Gang Manager reads")
    texts = data.get("texts")
    if not isinstance(texts, dict):
        raise _corrupt(path, "'texts' is not an object of name -> text")
    bad = [name for name, text in texts.items() if not name.strip() or not isinstance(text, str)]
    if bad:
        raise _corrupt(path, f"'texts' has entries that are not name -> text: {bad[:5]}")
    try:
        return merge_rules_text({}, texts)
    except ValueError as error:
        raise _corrupt(path, str(error)) from None


class RulesTextError(ValueError):
    """A stored rules-text file that cannot be read; one line naming the file."""


def _corrupt(path: Path, detail: str) -> RulesTextError:
    detail = " ".join(detail.split())[:200]
    return RulesTextError(
        f"the rules-text file {path} is corrupt ({detail}); fix it or delete it and import again"
    )


def save_rules_text(folder: Path, ruleset_id: str, texts: Mapping[str, str]) -> Path:
    """Merge `texts` into the stored text of the ruleset; returns the file written.

    The file is replaced atomically (temporary file + os.replace): a crash
    leaves the old file or the new one, never half of one. A corrupt existing
    file raises ValueError rather than being overwritten.
    """
    path = rules_text_path(folder, ruleset_id)
    merged = merge_rules_text(load_rules_text(folder, ruleset_id), texts)
    payload = json.dumps(
        {"format": _FORMAT, "version": _VERSION, "ruleset": ruleset_id, "texts": merged},
        ensure_ascii=False,
        indent=2,
    )
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as stream:
            stream.write(payload + "\n")
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)
        raise
    return path


def attach_rules_text(ruleset: Ruleset, texts: Mapping[str, str]) -> Ruleset:
    """A copy of the ruleset with `texts` merged into its `rules_text`."""
    return ruleset.model_copy(update={"rules_text": merge_rules_text(ruleset.rules_text, texts)})
