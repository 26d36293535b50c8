"""Our own gang file (`.gang.json`): documented in docs/file-formats.md.

The keys are the field names of `rules.gang.Gang` and its parts, behind
`"format": "gangmanager/gang"` and `"version": 1`. Prices are prices paid
and are kept as written; nothing is re-priced from a ruleset. Export, import
and export again gives the same text.
"""

from __future__ import annotations

import json
import re
import types
import typing
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from gangmanager.exchange.errors import ImportFileError, describe_value, json_path
from gangmanager.exchange.gang_file_pack import (
    PACK_ENTRIES_KEY,
    PACK_ENTRIES_SCHEMA,
    read_pack_entries,
)
from gangmanager.exchange.gang_file_statlines import (
    STATLINE_KEY,
    FileStatlines,
    fighter_statlines,
    with_statline_keys,
)
from gangmanager.exchange.json_input import check_json_tree, read_json_file
from gangmanager.rules.characteristics import CharacteristicError
from gangmanager.rules.fighter_refs import (
    owner_name,
    owners_by_name,
    provisional_ids,
    settled,
)
from gangmanager.rules.gang import Fighter, Gang
from gangmanager.rules.limits import quoted
from gangmanager.rules.modifiers import check_modifier_range
from gangmanager.rules.profile import Profile
from gangmanager.rules.ratings import fill_missing_ratings
from gangmanager.rules.ruleset import Ruleset
from gangmanager.rules.weapons import WeaponProfile

__all__ = [
    "FORMAT",
    "VERSION",
    "Origin",
    "dump_gang_file",
    "gang_file_schema",
    "load_gang_document",
    "load_gang_file",
    "read_gang_file",
    "schema_text",
]

FORMAT = "gangmanager/gang"
VERSION = 1
# A fighter's key naming the fighter an Exotic Beast belongs to.
OWNER_KEY = "owner"
_OWNER_SCHEMA: dict[str, Any] = {
    "default": "",
    "description": "An Exotic Beast's owner: the name of a fighter of the gang.",
    "title": "Owner",
    "type": "string",
}
_OVERRIDE_KEY = "house_rules_ignore_restrictions"


# -- the file's origin: which stored gang, at which version (import --update) --------

ORIGIN_KEY = "origin"
_HEADER_KEYS = ("format", "version", ORIGIN_KEY)
_UID = re.compile(r"^[0-9a-f]{32}$")


@dataclass(frozen=True)
class Origin:
    """The gang a file was exported from (its identity in every database) and the
    version of that gang the file holds; files without it import as new gangs."""

    gang: str
    version: int

    def as_json(self) -> dict[str, object]:
        return {"gang": self.gang, "version": self.version}


def _read_origin(data: dict[str, Any], source: str) -> Origin | None:
    if ORIGIN_KEY not in data:
        return None
    raw = data[ORIGIN_KEY]
    if not isinstance(raw, dict) or set(raw) != {"gang", "version"}:
        raise ImportFileError(
            source, ORIGIN_KEY, 'expected {"gang": "<32 hex digits>", "version": <number>}'
        )
    gang, version = raw["gang"], raw["version"]
    if not isinstance(gang, str) or not _UID.match(gang):
        raise ImportFileError(
            source, "origin.gang", f"{describe_value(gang)} is not a gang identity (32 hex digits)"
        )
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise ImportFileError(
            source, "origin.version", f"{describe_value(version)} is not a version (1, 2, ...)"
        )
    return Origin(gang, version)


# -- export -------------------------------------------------------------------


def dump_gang_file(
    gang: Gang, origin: Origin | None = None, pack_entries: dict[str, Any] | None = None
) -> str:
    """The gang as file text: indent 2, UTF-8 characters kept, model key order.

    Absent ratings are filled in with the same rule the import uses, so that
    export -> import -> export gives the same text. `origin`, when given, is
    written after the header; `pack_entries` (gang_file_pack.py) last.
    """
    body = fill_missing_ratings(gang).model_dump(mode="json", by_alias=True)
    # The file names a beast's owner (the model points at the owner's id), after `notes`,
    # and the statline of a profile keyed by another than the fighter's, before it.
    body["fighters"] = with_statline_keys(
        gang.fighters,
        [
            _after_notes(written, owner_name(fighter, gang.fighters))
            for fighter, written in zip(gang.fighters, body.get("fighters", []), strict=True)
        ],
    )
    # An optional key, written only when on: files of gangs without it stay as they were.
    if not body.get(_OVERRIDE_KEY):
        body.pop(_OVERRIDE_KEY, None)
    if body.get("portrait") is None:  # likewise a portrait
        body.pop("portrait", None)
    for fighter in body.get("fighters", []):  # likewise a fighter's owner (beasts only)
        if not fighter.get("owner"):
            fighter.pop("owner", None)
        if fighter.get("portrait") is None:
            fighter.pop("portrait", None)
    header: dict[str, Any] = {"format": FORMAT, "version": VERSION}
    if origin is not None:
        header[ORIGIN_KEY] = origin.as_json()
    document = {**header, **body}
    if pack_entries:
        document[PACK_ENTRIES_KEY] = pack_entries
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


# -- import -------------------------------------------------------------------


def read_gang_file(path: Path, ruleset_for: Callable[[str], Ruleset] | None = None) -> Gang:
    return load_gang_file(read_json_file(path), path.name, ruleset_for=ruleset_for)


def load_gang_file(
    data: object, source: str, *, ruleset_for: Callable[[str], Ruleset] | None = None
) -> Gang:
    """Validate parsed JSON as a gang file; raise ImportFileError on any problem.

    `ruleset_for` gives the gang's pack: each fighter's statline (its `statline`, else
    its type's, else the fighter's), which keys its profile and bounds its values;
    without it (or a pack not at hand) profiles are read with the rules' default.
    """
    return load_gang_document(data, source, ruleset_for=ruleset_for)[0]


def load_gang_document(
    data: object, source: str, *, ruleset_for: Callable[[str], Ruleset] | None = None
) -> tuple[Gang, Origin | None]:
    """`load_gang_file` with the file's `origin` (None in a file without one)."""
    check_json_tree(data, source)
    if not isinstance(data, dict):
        raise ImportFileError(
            source, "", f"a gang file is a JSON object, not {describe_value(data)}"
        )
    _check_header(data, source)
    origin = _read_origin(data, source)
    read_pack_entries(data, source)  # its shape; services make the pack it names
    body = {
        key: value
        for key, value in data.items()
        if key not in _HEADER_KEYS and key != PACK_ENTRIES_KEY
    }
    _check_keys(body, Gang, (), source)
    owners = _owner_names(body, source)
    statlines = fighter_statlines(body, source, ruleset_for)
    gang = _with_owners(_validated(body, statlines, source), owners)
    _check_ranges(gang, source)
    return fill_missing_ratings(_checked_portraits(gang, source)), origin


def _validated(body: dict[str, Any], statlines: FileStatlines, source: str) -> Gang:
    """The gang, each fighter read against its statline. Strict: a number written as
    text ("45") or a true for a count is refused, so what we read is exactly what the
    file says."""
    try:
        if not statlines.mixed:
            # One statline for every fighter (every n23 gang): one reading, as ever.
            return Gang.model_validate_json(
                json.dumps(body), strict=True, context=statlines.context(statlines.shared)
            )
        entries = body.pop("fighters")
        gang = Gang.model_validate_json(json.dumps(body), strict=True)
    except ValidationError as exc:
        raise _from_validation(exc, source) from None
    fighters = []
    for index, (entry, table) in enumerate(zip(entries, statlines.tables, strict=True)):
        try:
            fighters.append(
                Fighter.model_validate_json(
                    json.dumps(entry), strict=True, context=statlines.context(table)
                )
            )
        except ValidationError as exc:
            raise _from_validation(exc, source, ("fighters", index)) from None
    return gang.model_copy(update={"fighters": fighters})


def _after_notes(fighter: dict[str, Any], owner: str) -> dict[str, Any]:
    written: dict[str, Any] = {}
    for key, value in fighter.items():
        written[key] = value
        if key == "notes":
            written[OWNER_KEY] = owner
    return written


def _owner_names(body: dict[str, Any], source: str) -> list[str]:
    """Take each fighter's `owner` (a name; "" when left out) out of the body: the
    model holds the owner's id, given once every fighter has one (`_with_owners`)."""
    fighters = body.get("fighters")
    if not isinstance(fighters, list):
        return []
    names: list[str] = []
    for index, fighter in enumerate(fighters):
        owner = fighter.pop(OWNER_KEY, "") if isinstance(fighter, dict) else ""
        if not isinstance(owner, str):
            raise ImportFileError(
                source,
                json_path(("fighters", index, OWNER_KEY)),
                f"expected the owner's name, got {describe_value(owner)}",
            )
        names.append(owner)
    return names


def _with_owners(gang: Gang, names: list[str]) -> Gang:
    """The gang's fighters with provisional ids (they are not stored yet) and each
    beast pointing at the fighter its file names; a name matching no fighter of the
    file, or two, leaves the beast without an owner (a file of version 1 may name one
    renamed since). A file naming no owner is read without ids, as before."""
    if not any(name.strip() for name in names):
        return gang
    fighters = settled(owners_by_name(provisional_ids(gang.fighters), names))
    return gang.model_copy(update={"fighters": fighters})


def _checked_portraits(gang: Gang, source: str) -> Gang:
    """Every portrait decoded in full (a truncated or bomb image is refused); one
    larger than a portrait is scaled, one already a portrait kept byte for byte."""

    def checked(data: bytes | None, where: tuple[str | int, ...]) -> bytes | None:
        if data is None:
            return None
        # Pillow is loaded only for a file that carries a picture.
        from gangmanager.exchange.portrait_image import PortraitError, check_portrait

        try:
            return check_portrait(data)
        except PortraitError as exc:
            raise ImportFileError(source, json_path(where), str(exc)) from None

    fighters = [
        f.model_copy(update={"portrait": checked(f.portrait, ("fighters", i, "portrait"))})
        for i, f in enumerate(gang.fighters)
    ]
    return gang.model_copy(
        update={"portrait": checked(gang.portrait, ("portrait",)), "fighters": fighters}
    )


def _check_header(data: dict[str, Any], source: str) -> None:
    if "format" not in data:
        raise ImportFileError(
            source, "format", f'missing: a gang file starts with "format": "{FORMAT}"'
        )
    if data["format"] != FORMAT:
        raise ImportFileError(
            source,
            "format",
            f"{describe_value(data['format'])} is not a Gang Manager gang file"
            f' (expected "{FORMAT}")',
        )
    version = data.get("version")
    if "version" not in data:
        raise ImportFileError(source, "version", f'missing: a gang file says "version": {VERSION}')
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise ImportFileError(
            source, "version", f"{describe_value(version)} is not a version number (1, 2, ...)"
        )
    if version > VERSION:
        raise ImportFileError(
            source,
            "version",
            f"version {version} is newer than this Gang Manager reads ({VERSION});"
            " update Gang Manager to open it",
        )


def _nested_model(annotation: object) -> type[BaseModel] | None:
    """The model inside `Model` or `list[Model]`, if the field holds one."""
    args = typing.get_args(annotation) if typing.get_origin(annotation) is list else ()
    inner = args[0] if args else annotation
    if isinstance(inner, types.GenericAlias) or not isinstance(inner, type):
        return None
    return inner if issubclass(inner, BaseModel) else None


def _allowed_keys(model: type[BaseModel]) -> dict[str, type[BaseModel] | None]:
    keys: dict[str, type[BaseModel] | None] = {}
    for name, field in model.model_fields.items():
        if field.exclude:
            continue  # database ids are not part of the file
        if model is Fighter and name == "profile":
            keys[STATLINE_KEY] = None  # the statline the profile is keyed by, by name
        keys[field.alias or name] = _nested_model(field.annotation)
        if model is Fighter and name == "notes":
            keys[OWNER_KEY] = None  # the owner by name, where the model has its id
    return keys


def _check_keys(
    data: dict[str, Any], model: type[BaseModel], where: tuple[str | int, ...], source: str
) -> None:
    """Refuse keys a version 1 file cannot have: a typo must not lose data silently.

    Wrong types are left to pydantic, which names them.
    """
    allowed = _allowed_keys(model)
    for key, value in data.items():
        if key not in allowed:
            raise ImportFileError(
                source,
                json_path((*where, key)),
                f"unknown key (a version {VERSION} {model.__name__.lower()} has"
                f" {', '.join(allowed)})",
            )
        # Weapon stats turn anything into text (rules.weapons.Stat); a file
        # should hold text or a number there, not a list or an object.
        if model is WeaponProfile and key in _STAT_KEYS and not _is_stat(value):
            raise ImportFileError(
                source,
                json_path((*where, key)),
                f'expected text such as 8" or S+1, got {describe_value(value)}',
            )
        nested = allowed[key]
        if nested is None or nested is Profile:
            continue  # Profile checks its own keys
        if isinstance(value, dict):
            _check_keys(value, nested, (*where, key), source)
        elif isinstance(value, list):
            for index, item in enumerate(value):
                if isinstance(item, dict):
                    _check_keys(item, nested, (*where, key, index), source)


_STAT_KEYS = frozenset({"rng_s", "rng_l", "acc_s", "acc_l", "str", "ap", "d", "am"})


def _is_stat(value: object) -> bool:
    return (
        value is None
        or isinstance(value, str)
        or (isinstance(value, int) and not isinstance(value, bool))
    )


def _check_ranges(gang: Gang, source: str) -> None:
    """Names once each; every value and modifier within its statline's best..worst."""
    seen: set[str] = set()
    for index, fighter in enumerate(gang.fighters):
        # Drafts, battle scripts and cards name fighters: one name, one fighter.
        if fighter.name.casefold() in seen:
            raise ImportFileError(
                source,
                json_path(("fighters", index, "name")),
                f"{describe_value(fighter.name)} names two fighters of this gang",
            )
        seen.add(fighter.name.casefold())
        table = fighter.profile.table
        for number, modifier in enumerate(fighter.modifiers):
            try:
                check_modifier_range(modifier, table)
            except CharacteristicError as exc:
                where = ("fighters", index, "modifiers", number)
                raise ImportFileError(source, json_path(where), str(exc)) from None
        for row in table:
            value = fighter.profile[row.code]
            if not row.in_range(value):
                raise ImportFileError(
                    source,
                    json_path(("fighters", index, "profile", row.code)),
                    f"{quoted(row.print(value))} is outside {row.print(row.best)} (best)"
                    f" to {row.print(row.worst)} (worst)",
                )


# -- pydantic errors as one line ----------------------------------------------

_JSON_TYPES = {
    "int_type": "a whole number",
    "int_from_float": "a whole number",
    "int_parsing": "a whole number",
    "string_type": "text",
    "list_type": "a list",
    "dict_type": "an object",
    "model_type": "an object",
    "model_attributes_type": "an object",
    "bool_type": "true or false",
}
# A characteristic's own complaint starts with its code ("BS: 'x' is not ..."), of
# whichever statline the profile is keyed by.
_CODE_PREFIX = re.compile(r"^(?P<code>[A-Za-z][A-Za-z0-9_]*): ")


def _from_validation(
    exc: ValidationError, source: str, within: tuple[str | int, ...] = ()
) -> ImportFileError:
    errors = exc.errors(include_url=False)
    first = errors[0]
    loc: tuple[str | int, ...] = (*within, *first["loc"])
    message = _message(first)
    # Profile errors read "BS: 'x' is not ...": move the code into the path.
    match = _CODE_PREFIX.match(message)
    if match and loc and loc[-1] == "profile":
        loc = (*loc, match.group("code"))
        message = message[match.end() :]
    more = len(errors) - 1
    if more:
        message += f" (and {more} more problem{'s' if more > 1 else ''})"
    return ImportFileError(source, json_path(loc), message)


def _message(error: Any) -> str:
    kind = error["type"]
    value = error.get("input")
    ctx = error.get("ctx") or {}
    if kind == "missing":
        return "missing (required)"
    if kind in _JSON_TYPES:
        return f"expected {_JSON_TYPES[kind]}, got {describe_value(value)}"
    if kind == "enum":
        return f"{describe_value(value)} is not one of {ctx.get('expected', '')}"
    if kind in ("greater_than_equal", "greater_than"):
        bound = ctx.get("ge", ctx.get("gt"))
        return f"{describe_value(value)} is below the minimum {bound}"
    if kind == "string_too_short":
        return "must not be empty"
    if kind == "string_too_long":
        return f"longer than {ctx.get('max_length')} characters"
    if kind == "less_than_equal":
        return f"{describe_value(value)} is above the maximum {ctx.get('le'):,}"
    if kind == "json_invalid":
        return "malformed JSON"
    text = str(error.get("msg", "invalid value"))
    return text.removeprefix("Value error, ")


# -- JSON Schema ----------------------------------------------------------------

_PROFILE_VALUE = {
    "anyOf": [{"type": "string"}, {"type": "integer"}, {"type": "null"}],
    "description": 'Printed form (`5"`, `4+`, `3`, `-`) or a bare number.',
}


_STATLINE_SCHEMA: dict[str, Any] = {
    "default": "fighter",
    "description": "The pack's statline the profile and modifiers are keyed by (`rules"
    " show --json` lists them); left out: the fighter type's, else `fighter`. Written"
    " only for another than `fighter`.",
    "title": "Statline",
    "type": "string",
}

_ORIGIN_SCHEMA = {
    "type": "object",
    "description": "The stored gang this file was exported from and its version there"
    " (`import --update`); absent in files that import as new gangs.",
    "properties": {
        "gang": {"type": "string", "pattern": _UID.pattern},
        "version": {"type": "integer", "minimum": 1},
    },
    "required": ["gang", "version"],
    "additionalProperties": False,
}


def gang_file_schema() -> dict[str, Any]:
    """JSON Schema of the gang file, generated from the models (docs/gang.schema.json)."""
    schema = Gang.model_json_schema(by_alias=True, mode="serialization")
    defs = schema.setdefault("$defs", {})
    defs["Profile"] = {
        "title": "Profile",
        "description": "The characteristics of the fighter's statline by code (the pack's"
        " `statlines`: the fighter's twelve in n23, M ... Int); a missing one is `-`.",
        "type": "object",
        "additionalProperties": dict(_PROFILE_VALUE),
    }
    fighter = defs.get("Fighter", {})
    fighter["properties"] = {
        key: value
        for name, schema_of in fighter.get("properties", {}).items()
        for key, value in (
            [(name, schema_of), (OWNER_KEY, _OWNER_SCHEMA)]
            if name == "notes"
            else [(STATLINE_KEY, _STATLINE_SCHEMA), (name, schema_of)]
            if name == "profile"
            else [(name, schema_of)]
        )
    }
    set_to = defs.get("Modifier", {}).get("properties", {}).get("set_to")
    if set_to is not None:
        set_to["additionalProperties"] = dict(_PROFILE_VALUE)
    for definition in [schema, *defs.values()]:
        if definition.get("type") == "object" and "properties" in definition:
            definition["additionalProperties"] = False
    schema["properties"] = {
        "format": {"const": FORMAT},
        "version": {"const": VERSION},
        ORIGIN_KEY: _ORIGIN_SCHEMA,
        **schema["properties"],
        PACK_ENTRIES_KEY: PACK_ENTRIES_SCHEMA,
    }
    schema["required"] = ["format", "version", *schema.get("required", [])]
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "Gang Manager gang file",
        "description": "A gang with its fighters; see docs/file-formats.md.",
        **{key: value for key, value in schema.items() if key not in ("title", "description")},
    }


def schema_text() -> str:
    """The schema as committed in docs/gang.schema.json."""
    return json.dumps(gang_file_schema(), indent=2, ensure_ascii=False) + "\n"


if __name__ == "__main__":  # python -m gangmanager.exchange.gang_file > docs/gang.schema.json
    print(schema_text(), end="")
