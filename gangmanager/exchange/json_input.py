"""Reading untrusted JSON files: size, encoding, syntax and shape limits.

Only `json.loads` ever parses a file (never eval, never pickle). Every
problem becomes an `ImportFileError` naming the file and the place.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

from gangmanager.exchange.errors import ImportFileError, describe_value, json_path
from gangmanager.rules.limits import MAX_AMOUNT, past_bound

__all__ = [
    "MAX_DEPTH",
    "MAX_FILE_BYTES",
    "MAX_NUMBER",
    "check_json_tree",
    "parse_json_bytes",
    "read_json_document",
    "read_json_file",
]

MAX_FILE_BYTES = 10 * 1024 * 1024
# A gang file nests about ten levels; YakTribe's about six.
MAX_DEPTH = 32
# No count, price or rating in the game comes near this; bigger numbers are damage.
# The same bound as the models' (rules.limits), so what a file holds can be stored.
MAX_NUMBER = MAX_AMOUNT


class _LongNumber(ValueError):
    """A number of more digits than any bound: refused before Python converts it."""


def _whole_number(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > _MAX_DIGITS:
        raise _LongNumber(
            past_bound(
                -1 if text.startswith("-") else 1, MAX_NUMBER, f"a number of {digits} digits"
            )
        )
    return int(text)


_MAX_DIGITS = 40  # far past MAX_NUMBER, far below Python's 4300


def _refuse_constant(name: str) -> float:
    raise ValueError(f"{name} is not a number JSON allows")


def _no_twins(pairs: list[tuple[str, object]]) -> dict[str, object]:
    """An object; a key given twice is refused (JSON would silently keep the last)."""
    data = dict(pairs)
    if len(data) < len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise ValueError(f"the key {describe_value(key)} is given twice in one object")
            seen.add(key)
    return data


def read_json_file(path: Path) -> object:
    """Read and parse a JSON file of at most MAX_FILE_BYTES."""
    source = path.name
    try:
        with path.open("rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise ImportFileError(source, "", f"cannot be read ({exc.strerror or exc})") from None
    return parse_json_bytes(raw, source)


def read_json_document(path: Path) -> object:
    """A JSON file of our own that is not a gang file (battle events, post-battle
    drafts), under the gang file's guards: size, UTF-8, syntax, nesting, numbers
    (at most MAX_NUMBER, so nothing overflows a database column). ImportFileError
    names the file and the place; it never quotes SQL."""
    data = read_json_file(path)
    check_json_tree(data, path.name)
    return data


def parse_json_bytes(raw: bytes, source: str) -> object:
    if len(raw) > MAX_FILE_BYTES:
        raise ImportFileError(
            source, "", f"the file is larger than {MAX_FILE_BYTES // (1024 * 1024)} MB"
        )
    try:
        text = raw.decode("utf-8-sig")  # a BOM from Windows editors is fine
    except UnicodeDecodeError as exc:
        raise ImportFileError(
            source, "", f"not UTF-8 text (byte 0x{raw[exc.start]:02x} at offset {exc.start})"
        ) from None
    if not text.strip():
        raise ImportFileError(source, "", "the file is empty")
    try:
        return json.loads(
            text,
            parse_constant=_refuse_constant,
            parse_int=_whole_number,
            object_pairs_hook=_no_twins,
        )
    except json.JSONDecodeError as exc:
        # An unterminated string runs to the end of the file, too.
        cut_short = exc.pos >= len(text.rstrip()) or exc.msg.startswith("Unterminated string")
        hint = " (the file ends too early: was it cut short?)" if cut_short else ""
        raise ImportFileError(
            source, f"line {exc.lineno}, column {exc.colno}", f"malformed JSON: {exc.msg}{hint}"
        ) from None
    except RecursionError:
        raise ImportFileError(source, "", "malformed JSON: nested too deeply") from None
    except _LongNumber as exc:
        raise ImportFileError(source, "", str(exc)) from None
    except ValueError as exc:  # NaN/Infinity
        raise ImportFileError(source, "", f"malformed JSON: {exc}") from None


def check_json_tree(data: object, source: str, *, limit_numbers: bool = True) -> None:
    """Refuse what no importer should see: deep nesting, non-JSON values,
    numbers that are not finite (or, with `limit_numbers`, beyond MAX_NUMBER),
    and text with lone surrogates (it could not be written back as UTF-8).

    Iterative, so hostile nesting cannot exhaust the Python stack.
    """
    stack: list[tuple[object, tuple[str | int, ...]]] = [(data, ())]
    while stack:
        value, where = stack.pop()
        if len(where) > MAX_DEPTH:
            raise ImportFileError(
                source, json_path(where), f"nested deeper than {MAX_DEPTH} levels"
            )
        if value is None or isinstance(value, bool):
            continue
        if isinstance(value, int | float):
            if isinstance(value, float) and not math.isfinite(value):
                raise ImportFileError(source, json_path(where), "the number is not finite")
            if limit_numbers and abs(value) > MAX_NUMBER:
                raise ImportFileError(
                    source,
                    json_path(where),
                    past_bound(int(value), MAX_NUMBER, describe_value(value)),
                )
            continue
        if isinstance(value, str):
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                raise ImportFileError(
                    source,
                    json_path(where),
                    "the text holds an invalid character (a lone surrogate)",
                ) from None
            continue
        if isinstance(value, list):
            stack.extend(
                (item, (*where, index)) for index, item in reversed(list(enumerate(value)))
            )
            continue
        if isinstance(value, dict):
            children: list[tuple[object, tuple[str | int, ...]]] = []
            for key, item in value.items():
                if not isinstance(key, str):
                    raise ImportFileError(
                        source, json_path(where), f"object key {describe_value(key)} is not text"
                    )
                try:
                    key.encode("utf-8")
                except UnicodeEncodeError:
                    raise ImportFileError(
                        source,
                        json_path(where),
                        "a key holds an invalid character (a lone surrogate)",
                    ) from None
                children.append((item, (*where, key)))
            stack.extend(reversed(children))
            continue
        raise ImportFileError(source, json_path(where), f"{type(value).__name__} is not JSON data")
