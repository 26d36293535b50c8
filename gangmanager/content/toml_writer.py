"""Write the few TOML shapes a user pack holds (tomllib only reads).

A document is top-level scalars, then arrays of tables (`[[weapons]]`) whose
values are scalars, lists of scalars, inline tables of scalars, or one more level
of arrays of tables (`[[weapons.profiles]]`). Nothing else is needed by
`user_packs`, so nothing else is written: any other value is a `TypeError`, never
a file that reads back differently.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence

from gangmanager.rules.limits import quoted

_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")
_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\t": "\\t", "\r": "\\r", "\b": "\\b"}


def _key(key: str) -> str:
    return key if _BARE_KEY.match(key) else _string(key)


def _string(text: str) -> str:
    out = []
    for char in text:
        if char in _ESCAPES:
            out.append(_ESCAPES[char])
        elif ord(char) < 0x20 or ord(char) == 0x7F:
            out.append(f"\\u{ord(char):04x}")
        else:
            out.append(char)
    return '"' + "".join(out) + '"'


def _scalar(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise TypeError(f"cannot write {quoted(value)} to a pack")
        return repr(value)
    if isinstance(value, str):
        return _string(value)
    raise TypeError(f"cannot write {type(value).__name__} to a pack")


def _value(value: object) -> str:
    if isinstance(value, Mapping):
        inner = ", ".join(f"{_key(k)} = {_scalar(v)}" for k, v in value.items())
        return "{ " + inner + " }" if inner else "{}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_scalar(item) for item in value) + "]"
    return _scalar(value)


def _is_table_array(value: object) -> bool:
    return (
        isinstance(value, list) and bool(value) and all(isinstance(item, Mapping) for item in value)
    )


def _tables(lines: list[str], path: str, tables: Sequence[Mapping[str, object]]) -> None:
    for table in tables:
        lines.extend(["", f"[[{path}]]"])
        nested = []
        for key, value in table.items():
            if _is_table_array(value):
                nested.append((key, value))
            else:
                lines.append(f"{_key(key)} = {_value(value)}")
        for key, value in nested:
            if "." in path:
                raise TypeError("a pack file nests arrays of tables one level deep")
            assert isinstance(value, list)
            _tables(lines, f"{path}.{_key(key)}", value)


def dumps(document: Mapping[str, object], header: str = "") -> str:
    """The document as TOML text; `header` (plain lines) as comments first."""
    lines = [f"# {line}".rstrip() for line in header.splitlines()]
    arrays = []
    for key, value in document.items():
        if _is_table_array(value):
            arrays.append((key, value))
        else:
            lines.append(f"{_key(key)} = {_value(value)}")
    for key, value in arrays:
        assert isinstance(value, list)
        _tables(lines, _key(key), value)
    return "\n".join(lines).lstrip("\n") + "\n"
