"""An undo step's action as JSON text, and back: how the one undo history keeps steps
in the database, so the command line (another process) undoes what a window did.

A step is a frozen dataclass (`roster.Restore`, `SwapPostBattle`, `SwapCampaignRows`,
`SwapFileRows`) holding row snapshots. Each dataclass is written as its fields under
its class's qualified name (`{"$dc": "gangmanager.services.roster:Restore", "f": {...}}`),
read back by importing that class: nothing here knows which handler runs it. The
values of stored rows keep their Python types (a tuple key, a time, bytes of a
portrait), which plain JSON, or a pydantic TypeAdapter reading `Any` fields, would
turn into lists and strings, and the restored rows would no longer match.
"""

from __future__ import annotations

import base64
import dataclasses
import enum
import importlib
import json
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from gangmanager.errors import ServiceError
from gangmanager.persistence.older_rows import current_row

# Only classes of ours are built back from a stored step.
_OURS = "gangmanager."


class UnreadableStep(ServiceError):
    """A stored step this version cannot read (written by another version, or damaged)."""


def class_name(cls: type) -> str:
    """`module:qualname`: the key a stored step names its action's class by."""
    return f"{cls.__module__}:{cls.__qualname__}"


def dumps(value: object) -> str:
    return json.dumps(_encode(value), ensure_ascii=False, separators=(",", ":"))


def loads(text: str) -> object:
    try:
        return _decode(json.loads(text))
    except (ValueError, TypeError, KeyError, AttributeError, ImportError) as exc:
        raise UnreadableStep(f"the undo step cannot be read ({exc})") from None


# Values stored as they are, by their exact type (an enum's type is its class).
_AS_THEY_ARE = frozenset({str, int, float, bool, type(None)})
# A dataclass's name and fields, once per class: every action records its undo step.
_DATACLASSES: dict[type, tuple[str, tuple[str, ...]] | None] = {}


def _dataclass(kind: type) -> tuple[str, tuple[str, ...]] | None:
    if kind not in _DATACLASSES:
        _DATACLASSES[kind] = (
            (class_name(kind), tuple(f.name for f in dataclasses.fields(kind)))
            if dataclasses.is_dataclass(kind)
            else None
        )
    return _DATACLASSES[kind]


def _encode(value: object) -> Any:
    kind = type(value)
    if kind in _AS_THEY_ARE or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, enum.Enum):
        return {"$enum": class_name(type(value)), "v": _encode(value.value)}
    known = _dataclass(kind)
    if known is not None:
        name, names = known
        return {"$dc": name, "f": {n: _encode(getattr(value, n)) for n in names}}
    if isinstance(value, tuple):
        return {"$t": [_encode(v) for v in value]}
    if isinstance(value, list):
        return [_encode(v) for v in value]
    if isinstance(value, frozenset | set):
        return {"$set": [_encode(v) for v in value]}
    if isinstance(value, datetime):
        return {"$dt": value.isoformat()}
    if isinstance(value, date):
        return {"$date": value.isoformat()}
    if isinstance(value, Decimal):
        return {"$dec": str(value)}
    if isinstance(value, bytes | bytearray | memoryview):
        return {"$b": base64.b64encode(bytes(value)).decode("ascii")}
    if isinstance(value, dict) or hasattr(value, "items"):
        items = list(value.items())
        if all(isinstance(k, str) and not k.startswith("$") for k, _ in items):
            return {k: _encode(v) for k, v in items}
        return {"$d": [[_encode(k), _encode(v)] for k, v in items]}
    raise TypeError(f"an undo step cannot hold a {type(value).__name__}")


def _decode(value: Any) -> Any:
    if isinstance(value, list):
        return [_decode(v) for v in value]
    if not isinstance(value, dict):
        return value
    if "$dc" in value:
        cls = _our_class(value["$dc"])
        if not dataclasses.is_dataclass(cls):
            raise TypeError(f"{value['$dc']} is not a step's data")
        build: Any = cls
        return build(**{k: _decode(v) for k, v in value["f"].items()})
    if "$t" in value:
        return tuple(_decode(v) for v in value["$t"])
    if "$d" in value:
        return {_decode(k): _decode(v) for k, v in value["$d"]}
    if "$set" in value:
        return frozenset(_decode(v) for v in value["$set"])
    if "$dt" in value:
        return datetime.fromisoformat(value["$dt"])
    if "$date" in value:
        return date.fromisoformat(value["$date"])
    if "$dec" in value:
        return Decimal(value["$dec"])
    if "$b" in value:
        return base64.b64decode(value["$b"])
    if "$enum" in value:
        return _our_class(value["$enum"])(_decode(value["v"]))
    # A stored row of an older schema reads as the current one (persistence/older_rows.py).
    return current_row({k: _decode(v) for k, v in value.items()})


def _our_class(name: str) -> Any:
    module, _, qualname = name.partition(":")
    if not module.startswith(_OURS):
        raise TypeError(f"{name} is not one of Gang Manager's")
    found: Any = importlib.import_module(module)
    for part in qualname.split("."):
        found = getattr(found, part)
    if not isinstance(found, type):
        raise TypeError(f"{name} is not a class")
    return found
