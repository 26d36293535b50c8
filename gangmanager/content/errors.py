"""One-line error messages for broken ruleset packs.

Every message names the file, the entry and what is wrong, e.g.

    resources/rulesets/my-house/armoury.toml: weapon "Lasgun", profile 1, cost: ...
    .../traits.toml: trait "Blaze": unknown mechanic 'blazing' (expected one of ...)

pydantic's error locations (`('weapons', 3, 'profiles', 0, 'cost')`) are mapped
back to the entry's name and to the file the entry came from.
"""

from __future__ import annotations

import types
import typing
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails

from gangmanager.rules.limits import quoted
from gangmanager.rules.ruleset import Ruleset


class RulesetError(ValueError):
    """A ruleset pack that cannot be loaded; `str()` is one clear line."""

    def __init__(self, path: Path | None, detail: str, entry: str = "") -> None:
        self.path = path
        self.entry = entry
        self.detail = detail
        parts = [show_path(path)] if path is not None else []
        parts += [entry] if entry else []
        parts.append(detail)
        super().__init__(": ".join(parts))


def show_path(path: Path) -> str:
    """Relative to the working folder when inside it (shorter), else absolute."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


# Labels for the lists whose entries have a name; the key that names an entry.
LABELS: dict[str, str] = {
    "traits": "trait",
    "weapons": "weapon",
    "wargear": "wargear",
    "houses": "house",
    "fighter_types": "fighter type",
    "gang_additions": "gang addition",
    "vehicles": "vehicle",
    "vehicle_crews": "vehicle crew",
    "vehicle_house_lists": "vehicle list",
    "skill_sets": "skill set",
    "skills": "skill",
    "injuries": "injury",
    "advancements": "advancement",
    "ganger_advancements": "ganger advancement",
    "post_battle_steps": "post-battle step",
    "substeps": "substep",
    "characteristics": "characteristic",
    "weapon_statline": "weapon column",
    "profiles": "profile",
    "actions": "action",
}
_IDENT_KEYS = ("name", "id", "code", "roll")
# Where another key names an entry better: the one files merge by, or look up.
_IDENT_FIRST: dict[str, tuple[str, ...]] = {
    "houses": ("id",),
    "vehicle_house_lists": ("house",),
    "advancements": ("id",),
    "characteristics": ("code",),
    "weapon_statline": ("code",),
    "ganger_advancements": ("roll",),
    "post_battle_steps": ("id",),
    "substeps": ("id",),
}


def entry_label(list_key: str, index: int, entry: object) -> str:
    """`weapon "Lasgun"`, `profile 2 "maximal"`, `injury "44"`; by position when unnamed."""
    label = LABELS.get(list_key, list_key)
    ident = ""
    if isinstance(entry, dict):
        for key in (*_IDENT_FIRST.get(list_key, ()), *_IDENT_KEYS):
            value = entry.get(key)
            if isinstance(value, str | int) and not isinstance(value, bool) and str(value):
                ident = str(value)
                break
    if list_key == "profiles":
        return f'profile {index + 1} "{ident}"' if ident else f"profile {index + 1}"
    return f'{label} "{ident}"' if ident else f"{label} {index + 1}"


def _inner_model(annotation: Any) -> type[BaseModel] | None:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    origin = typing.get_origin(annotation)
    if origin in (list, tuple, set, typing.Union, types.UnionType, typing.Annotated):
        for arg in typing.get_args(annotation):
            found = _inner_model(arg)
            if found is not None:
                return found
    return None


def _model_at(loc: tuple[int | str, ...]) -> type[BaseModel] | None:
    """The model class that validates the object at `loc` (None when not a model)."""
    model: type[BaseModel] | None = Ruleset
    for key in loc:
        if isinstance(key, int):
            continue
        if model is None:
            return None
        field = model.model_fields.get(key)
        if field is None:
            field = next((f for f in model.model_fields.values() if f.alias == key), None)
        if field is None:
            return None
        model = _inner_model(field.annotation)
    return model


def _keys_of(model: type[BaseModel] | None) -> str:
    if model is None:
        return ""
    return ", ".join(f.alias or name for name, f in model.model_fields.items())


def _singular(word: str) -> str:
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


def describe_error(
    error: ErrorDetails, data: dict[str, Any], origins: dict[str, Any], pack_file: Path
) -> RulesetError:
    """Turn one pydantic error on the merged data into a RulesetError."""
    loc = tuple(error["loc"])
    path = _origin(loc, origins, pack_file)
    entries: list[str] = []
    keys: list[str] = []
    node: Any = data
    index = 0
    while index < len(loc):
        key = loc[index]
        nxt = loc[index + 1] if index + 1 < len(loc) else None
        if isinstance(key, str) and key in LABELS and isinstance(nxt, int):
            items = node.get(key) if isinstance(node, dict) else None
            entry = items[nxt] if isinstance(items, list) and 0 <= nxt < len(items) else None
            label = entry_label(key, nxt, entry)
            # Keep the path to a nested list: `blaze action "Extinguish Blaze"`.
            entries.append(f"{'.'.join(keys)} {label}" if keys else label)
            keys = []
            node = entry
            index += 2
            continue
        if isinstance(key, str):
            keys.append(key)
            node = node.get(key) if isinstance(node, dict) else None
        else:
            keys.append(f"[{key}]")
            node = node[key] if isinstance(node, list) and 0 <= key < len(node) else None
        index += 1

    kind = error["type"]
    message = error["msg"].removeprefix("Value error, ")
    field_names = [k for k in keys if not k.startswith("[")]
    if kind in ("enum", "literal_error") and field_names:
        expected = error.get("ctx", {}).get("expected", "")
        detail = f"unknown {_singular(field_names[-1])} {quoted(error['input'])}"
        if expected:
            detail += f" (expected one of {expected})"
        key_text = ".".join(field_names[:-1])
        detail = f"{key_text}: {detail}" if key_text else detail
    elif kind == "extra_forbidden" and field_names:
        allowed = _keys_of(_model_at(loc[:-1]))
        detail = f"unknown key {quoted(field_names[-1])}"
        if allowed:
            detail += f" (expected one of: {allowed})"
        key_text = ".".join(field_names[:-1])
        detail = f"{key_text}: {detail}" if key_text else detail
    elif kind == "missing" and field_names:
        key_text = ".".join(field_names[:-1])
        detail = f"missing key {quoted(field_names[-1])}"
        detail = f"{key_text}: {detail}" if key_text else detail
    else:
        key_text = "".join(k if k.startswith("[") else f".{k}" for k in keys).lstrip(".")
        detail = f"{key_text}: {message}" if key_text else message
    return RulesetError(path, detail, ", ".join(entries))


def _origin(loc: tuple[int | str, ...], origins: dict[str, Any], pack_file: Path) -> Path:
    if not loc:
        return pack_file
    source = origins.get(str(loc[0]))
    if isinstance(source, list):
        if len(loc) > 1 and isinstance(loc[1], int) and 0 <= loc[1] < len(source):
            return source[loc[1]]
        return source[0] if source else pack_file
    return source if isinstance(source, Path) else pack_file


def validation_error(
    exc: ValidationError, data: dict[str, Any], origins: dict[str, Any], pack_file: Path
) -> RulesetError:
    """The first error as a RulesetError; the count of the others appended."""
    errors = exc.errors()
    first = errors[0]
    if not first["loc"] and "characteristic table" in first["msg"]:
        # A model-level check on the characteristic table: blame that file.
        first = {**first, "loc": ("characteristics",)}
    described = describe_error(first, data, origins, pack_file)
    if len(errors) > 1:
        more = len(errors) - 1
        return RulesetError(
            described.path,
            f"{described.detail} (and {more} more error{'s' if more > 1 else ''})",
            described.entry,
        )
    return described
