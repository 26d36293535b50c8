"""Load ruleset packs (folders of TOML files) into the `Ruleset` model.

A pack is a folder `<id>/` holding `pack.toml` and any of the optional files
in `PACK_FILES`. `extends = "<id>"` in `pack.toml` inherits another pack:

* lists of named entries (traits, weapons, wargear, houses by id, skill sets,
  advancements by id) merge by name: a child entry replaces the parent's
  entry of the same name in place, new entries are appended;
* whole tables (characteristics, weapon statline, injuries, ganger advancements,
  post-battle steps) are replaced when the child gives them, and so are the
  progression, economy and categories tables;
* objects (statlines, blaze, ammo, attack, end_phase, post_battle_rules,
  post_battle, rules_text, rename_traits) merge key by key, deeply;
  a list inside them (`blaze.actions`, a statline) is replaced wholesale.

No Qt, no SQLAlchemy: this module only reads files and builds models.
"""

from __future__ import annotations

import functools
import pickle
import tomllib
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from gangmanager.content import pack_cache
from gangmanager.content.added_types import fold_fighter_types
from gangmanager.content.errors import RulesetError, entry_label, validation_error
from gangmanager.content.paths import default_search_path
from gangmanager.content.statline_checks import (
    check_characteristic,
    check_progression,
    check_statlines,
    check_weapon_column,
    check_weapon_columns,
    check_weapon_statline,
    read_profiles,
)
from gangmanager.rules.limits import quoted
from gangmanager.rules.ruleset import Ruleset
from gangmanager.rules.weapons import parse_trait, trait_key

PACK_FILE = "pack.toml"

# Which top-level keys each file may hold (the keys are Ruleset field names).
PACK_FILES: dict[str, tuple[str, ...]] = {
    PACK_FILE: (
        "id",
        "name",
        "extends",
        "summary",
        "founding_credits",
        "blaze",
        "ammo",
        "attack",
        "end_phase",
        "rules_text",
        "rename_traits",
        "progression",
        "economy",
        "categories",
        "specialisations",
        "promotions",
        "dropped",
        "gang_tactics",
        "post_cycle",
    ),
    "statlines.toml": ("statlines", "weapon_statline"),
    # The older form of the fighter statline (the twelve n23 codes, in order).
    "characteristics.toml": ("characteristics",),
    "traits.toml": ("traits",),
    "armoury.toml": ("weapons", "wargear"),
    # A user pack's fighter types, each naming the house whose list it joins.
    "fighter_types.toml": ("fighter_types",),
    "houses.toml": ("houses",),
    "gang_additions.toml": ("gang_additions",),
    "vehicles.toml": ("vehicles", "vehicle_crews", "vehicle_house_lists"),
    "skills.toml": ("skill_sets",),
    "injuries.toml": ("injuries",),
    "advancements.toml": ("advancements", "ganger_advancements"),
    "post_battle.toml": ("post_battle_steps", "post_battle_rules", "post_battle"),
    "campaigns.toml": ("campaign_types",),
    "vehicle_rules.toml": ("vehicle_rules",),
    "carry_over.toml": ("carry_over",),
}

# Lists that merge by name: the key naming an entry, and how names compare.
NAMED_LISTS: dict[str, str] = {
    "traits": "name",
    "weapons": "name",
    "wargear": "name",
    "houses": "id",
    "gang_additions": "name",
    "vehicles": "name",
    "vehicle_crews": "name",
    "vehicle_house_lists": "house",
    "skill_sets": "name",
    "advancements": "id",
    "campaign_types": "id",
    "fighter_types": "name",
}
# Tables replaced as a whole when a child pack gives them.
WHOLE_TABLES: tuple[str, ...] = (
    "characteristics",
    "weapon_statline",
    "injuries",
    "ganger_advancements",
    "post_battle_steps",
    "specialisations",
    "promotions",
    "gang_tactics",
)
# Objects merged key by key.
DEEP_OBJECTS: tuple[str, ...] = (
    "statlines",
    "blaze",
    "ammo",
    "attack",
    "end_phase",
    "post_battle_rules",
    "post_battle",
    "rules_text",
    "rename_traits",
    "vehicle_rules",
    "carry_over",
)

# A weapon profile's keys that are no column of the weapon statline.
_NOT_STATS = frozenset(("name", "traits", "cost"))


def _key(list_name: str, value: str) -> str:
    return value.strip().casefold() if list_name == "advancements" else trait_key(value)


def _entry_key(list_name: str, entry: dict[str, Any]) -> str:
    """An added fighter type is one of its house: two houses may each have a "Champion"."""
    name = _key(list_name, entry[NAMED_LISTS[list_name]])
    if list_name == "fighter_types":
        house = entry.get("house")
        return f"{trait_key(house) if isinstance(house, str) else ''}\0{name}"
    return name


# -- reading one folder ------------------------------------------------------------


class _Raw:
    """A pack's data before validation, and the file each part came from."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.pack_file = folder / PACK_FILE
        self.data: dict[str, Any] = {}
        # field -> Path, or list[Path] parallel to the entries of a list field.
        self.origins: dict[str, Any] = {}


# Each TOML file parsed once while it stays the same on disk (path, inode, size,
# modification time): a pack that extends n23 re-parses only its own files, not
# n23's fifty. Kept pickled so that every load gets its own copy to edit (merging
# and `rename_traits` change the data in place); unpickling is ~50x faster than
# parsing. Emptied by `clear_cache`.
_parsed_files: dict[tuple[Path, int, int, int], bytes] = {}


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        stat = path.stat()
        key = (path.resolve(), stat.st_ino, stat.st_size, stat.st_mtime_ns)
        parsed = _parsed_files.get(key)
        if parsed is None:
            with path.open("rb") as handle:
                parsed = pickle.dumps(tomllib.load(handle))
            _parsed_files[key] = parsed
        content: dict[str, Any] = pickle.loads(parsed)
        return content
    except tomllib.TOMLDecodeError as exc:
        raise RulesetError(path, f"TOML syntax error: {exc}") from None
    except UnicodeDecodeError:
        raise RulesetError(path, "not UTF-8 text") from None
    except OSError as exc:
        raise RulesetError(path, f"cannot read: {exc.strerror or exc}") from None


def _base_file(path: Path) -> str | None:
    """`houses-escher.toml` is part of `houses.toml`: large lists may be split by topic."""
    if path.name in PACK_FILES:
        return path.name
    stem, dash, _part = path.stem.partition("-")
    base = f"{stem}.toml"
    if dash and _part and base in PACK_FILES and base != PACK_FILE:
        return base
    return None


def _read_folder(folder: Path) -> _Raw:
    raw = _Raw(folder)
    if not raw.pack_file.is_file():
        raise RulesetError(folder, f"no {PACK_FILE} in this folder")
    parts: dict[str, list[Path]] = {name: [] for name in PACK_FILES}
    for path in sorted(p for p in folder.iterdir() if p.suffix == ".toml"):
        base = _base_file(path)
        if base is None:
            expected = ", ".join(PACK_FILES)
            raise RulesetError(
                path,
                f"unknown file {quoted(path.name)} (expected one of: {expected}; "
                "or a part such as houses-escher.toml)",
            )
        parts[base].append(path)
    # pack.toml first so its id is known; the rest in the documented order, a
    # file's parts after it in name order, their lists joined.
    for name, paths in parts.items():
        for path in sorted(paths, key=lambda p: (p.name != name, p.name)):
            _read_part(raw, path, PACK_FILES[name])
    for key, origins in raw.origins.items():
        if isinstance(origins, list) and key in NAMED_LISTS and len(set(origins)) > 1:
            _check_names(origins[0], key, raw.data[key], origins)
    _check_pack_header(raw)
    return raw


def _read_part(raw: _Raw, path: Path, allowed: tuple[str, ...]) -> None:
    content = _read_toml(path)
    for key, value in content.items():
        if key not in allowed:
            raise RulesetError(
                path, f"unknown key {quoted(key)} (expected one of: {', '.join(allowed)})"
            )
        _check_top_level(path, key, value)
        earlier = raw.data.get(key)
        if isinstance(value, list) and isinstance(earlier, list):
            raw.data[key] = earlier + value
            raw.origins[key] = [*raw.origins[key], *([path] * len(value))]
            continue
        if earlier is not None:
            raise RulesetError(path, f"{quoted(key)} is given in another file of this pack too")
        raw.data[key] = value
        raw.origins[key] = [path] * len(value) if isinstance(value, list) else path


def _check_pack_header(raw: _Raw) -> None:
    for key in ("id", "name"):
        value = raw.data.get(key)
        if not isinstance(value, str) or not value.strip():
            raise RulesetError(raw.pack_file, f"{quoted(key)} must be given as non-empty text")
    if raw.data["id"] != raw.folder.name:
        raise RulesetError(
            raw.pack_file,
            f"id {quoted(raw.data['id'])} does not match the folder name {quoted(raw.folder.name)}",
        )
    extends = raw.data.get("extends")
    if extends is not None and (not isinstance(extends, str) or not extends.strip()):
        raise RulesetError(raw.pack_file, "'extends' must be the id of another pack")
    renames = raw.data.get("rename_traits", {})
    if any(not isinstance(v, str) or not v.strip() for v in renames.values()):
        raise RulesetError(raw.pack_file, "rename_traits: each new name must be text")


def _check_top_level(path: Path, key: str, value: object) -> None:
    if key in NAMED_LISTS or key in WHOLE_TABLES:
        if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
            raise RulesetError(path, f"{quoted(key)} must be an array of tables ([[{key}]])")
        if key in NAMED_LISTS:
            _check_names(path, key, value)
        checker = _ENTRY_CHECKS.get(key)
        if checker is not None:
            for index, entry in enumerate(value):
                checker(path, entry_label(key, index, entry), entry)
    elif key in DEEP_OBJECTS and not isinstance(value, dict):
        raise RulesetError(path, f"{quoted(key)} must be a table ([{key}])")
    if key == "statlines":
        check_statlines(path, value)
    elif key == "weapon_statline":
        check_weapon_statline(path, value)
    elif key == "progression":
        check_progression(path, value)


def _check_names(
    path: Path, key: str, entries: list[dict[str, Any]], origins: list[Path] | None = None
) -> None:
    name_key = NAMED_LISTS[key]
    seen: dict[str, Path] = {}
    for index, entry in enumerate(entries):
        name = entry.get(name_key)
        where = origins[index] if origins else path
        if not isinstance(name, str) or not name.strip():
            label = entry_label(key, index, None)
            raise RulesetError(where, f"missing key {quoted(name_key)}", label)
        norm = _entry_key(key, entry)
        if norm in seen:
            first = seen[norm]
            message = (
                "is listed twice in this file"
                if first == where
                else f"is listed in {first.name} too"
            )
            raise RulesetError(where, message, entry_label(key, index, entry))
        seen[norm] = where


def _check_weapon(path: Path, label: str, weapon: dict[str, Any]) -> None:
    """WeaponProfile stringifies anything: be strict here. Which keys a profile may
    give is the merged pack's weapon statline (`check_weapon_columns`)."""
    profiles = weapon.get("profiles", [])
    if not isinstance(profiles, list):
        return  # pydantic says "should be a valid list"
    for index, profile in enumerate(profiles):
        if not isinstance(profile, dict):
            continue
        where = f"{label}, {entry_label('profiles', index, profile)}"
        for key, value in profile.items():
            if key in _NOT_STATS:
                continue
            if isinstance(value, bool) or not isinstance(value, str | int):
                raise RulesetError(
                    path,
                    f'{key}: expected text such as "4", "S+1" or "-", got {quoted(value)}',
                    where,
                )


_ENTRY_CHECKS: dict[str, Callable[[Path, str, dict[str, Any]], None]] = {
    "weapons": _check_weapon,
    "characteristics": check_characteristic,
    "weapon_statline": check_weapon_column,
}


# -- inheritance -------------------------------------------------------------------


def _deep_merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    merged = dict(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = _deep_merge(merged[key], value)
        else:
            merged[key] = value  # scalars and lists (blaze.actions) replace
    return merged


def _merge(parent: _Raw, child: _Raw) -> _Raw:
    merged = _Raw(child.folder)
    merged.data = dict(parent.data)
    merged.origins = dict(parent.origins)
    merged.data.pop("extends", None)
    for key, value in child.data.items():
        source = child.origins[key]
        if key in NAMED_LISTS:
            entries = list(parent.data.get(key, []))
            origins = list(parent.origins.get(key, []))
            position = {_entry_key(key, e): i for i, e in enumerate(entries)}
            for entry, origin in zip(value, source, strict=True):
                norm = _entry_key(key, entry)
                if norm in position:
                    entries[position[norm]] = entry
                    origins[position[norm]] = origin
                else:
                    position[norm] = len(entries)
                    entries.append(entry)
                    origins.append(origin)
            merged.data[key] = entries
            merged.origins[key] = origins
        elif key in DEEP_OBJECTS:
            merged.data[key] = _deep_merge(parent.data.get(key, {}), value)
            merged.origins[key] = source
        else:
            merged.data[key] = value
            merged.origins[key] = source
    return merged


def _find_folder(
    ruleset_id: str, search_path: Iterable[Path], after: Path | None = None
) -> Path | None:
    """The first `<dir>/<id>/pack.toml`; with `after`, only in dirs after that folder's."""
    dirs = list(search_path)
    if after is not None:
        parent = after.parent.resolve()
        matches = [i for i, d in enumerate(dirs) if d.resolve() == parent]
        dirs = dirs[matches[0] + 1 :] if matches else []
    for directory in dirs:
        folder = directory / ruleset_id
        if (folder / PACK_FILE).is_file():
            return folder
    return None


def _load_raw(folder: Path, search_path: tuple[Path, ...], chain: tuple[Path, ...]) -> _Raw:
    raw = _read_folder(folder)
    extends = raw.data.get("extends")
    if extends is None:
        return raw
    extends = extends.strip()
    # A user's copy of a pack may extend the pack of the same id it replaces.
    after = folder if extends == raw.data["id"] else None
    parent_folder = _find_folder(extends, search_path, after)
    if parent_folder is None:
        if after is not None:
            raise RulesetError(
                raw.pack_file,
                f"extends itself ({quoted(extends)}): only a pack of the same id further down "
                "the search path (the built-in one) can be extended",
            )
        available = ", ".join(i for i, _, _ in available_rulesets(list(search_path))) or "none"
        raise RulesetError(
            raw.pack_file,
            f"extends {quoted(extends)}: no pack with that id (available: {available})",
        )
    resolved = parent_folder.resolve()
    if resolved in chain:
        loop = [p.name for p in chain[chain.index(resolved) :]] + [resolved.name]
        raise RulesetError(raw.pack_file, f"extends cycle: {' -> '.join(loop)}")
    parent = _load_raw(parent_folder, search_path, (*chain, resolved))
    return _merge(parent, raw)


def _rename_traits(data: dict[str, Any]) -> None:
    """Apply `rename_traits = { Pistol = "Sidearm" }` to every weapon profile and trait."""
    renames = {trait_key(old): new.strip() for old, new in data.pop("rename_traits", {}).items()}
    if not renames:
        return
    for weapon in data.get("weapons", []):
        for profile in weapon.get("profiles", []) if isinstance(weapon, dict) else []:
            traits = profile.get("traits") if isinstance(profile, dict) else None
            if not isinstance(traits, list):
                continue
            renamed: list[Any] = []
            for text in traits:
                if not isinstance(text, str) or not text.strip():
                    renamed.append(text)
                    continue
                trait = parse_trait(text)
                new = renames.get(trait.key)
                if new is None:
                    renamed.append(text)
                else:
                    renamed.append(f"{new} ({trait.param})" if trait.param is not None else new)
            profile["traits"] = renamed
    traits = data.get("traits", [])
    names = {trait_key(t["name"]) for t in traits}
    for trait in traits:
        new = renames.get(trait_key(trait["name"]))
        if new is not None and trait_key(new) not in names:
            trait["name"] = new
            names.add(trait_key(new))


# -- public API --------------------------------------------------------------------


def _search_path(search_path: Iterable[Path | str] | None) -> tuple[Path, ...]:
    paths = default_search_path() if search_path is None else search_path
    return tuple(Path(p) for p in paths)


@functools.lru_cache(maxsize=32)
def _load_cached(ruleset_id: str, search_path: tuple[Path, ...]) -> Ruleset:
    # Validated once, then read back from the disk cache while its files are unchanged.
    return pack_cache.cached(ruleset_id, search_path, lambda: _load(ruleset_id, search_path))


def _load(ruleset_id: str, search_path: tuple[Path, ...]) -> Ruleset:
    folder = _find_folder(ruleset_id, search_path)
    if folder is None:
        available = ", ".join(i for i, _, _ in available_rulesets(list(search_path))) or "none"
        raise RulesetError(None, f"no ruleset {quoted(ruleset_id)} (available: {available})")
    # The pack's cross-checks name every post-battle step (rules.post_battle_steps and
    # all it imports, ~35 ms): only a pack being validated needs them, not a start that
    # reads the validated pack from the disk cache (docs/performance.md).
    from gangmanager.content.pack_checks import _check_post_battle_sequence, _check_tables

    raw = _load_raw(folder, search_path, (folder.resolve(),))
    data = raw.data
    _rename_traits(data)
    fold_fighter_types(raw)
    read_profiles(raw)
    check_weapon_columns(raw)
    try:
        ruleset = Ruleset.model_validate(data)
    except ValidationError as exc:
        raise validation_error(exc, data, raw.origins, raw.pack_file) from None
    _check_tables(ruleset, raw)
    _check_post_battle_sequence(ruleset, raw)
    return ruleset


def _holding_packs(search_path: tuple[Path, ...]) -> tuple[Path, ...]:
    """The folders that hold at least one pack: a missing or empty one cannot change
    what is loaded, so it must not make a cache entry of its own (a player, or a
    test, with no packs of their own shares the loaded built-in packs)."""

    def holds_a_pack(directory: Path) -> bool:
        try:
            return any((child / PACK_FILE).is_file() for child in directory.iterdir())
        except FileNotFoundError:
            return False
        except OSError:
            return True  # Unreadable: kept, so that loading reports it.

    return tuple(directory for directory in search_path if holds_a_pack(directory))


def load_ruleset(ruleset_id: str, search_path: list[Path] | None = None) -> Ruleset:
    """Load, merge and validate the pack `ruleset_id`; cached (see `clear_cache`).

    `search_path` defaults to the user's rulesets folder, then the built-in one.
    Raises `RulesetError` with a one-line message naming the file and entry.
    """
    return _load_cached(ruleset_id.strip(), _holding_packs(_search_path(search_path)))


def clear_cache() -> None:
    """Forget loaded rulesets (after a pack file changed on disk)."""
    _load_cached.cache_clear()
    _parsed_files.clear()


def available_rulesets(search_path: list[Path] | None = None) -> list[tuple[str, str, Path]]:
    """`(id, name, folder)` of every pack on the search path, sorted by id.

    When two folders hold the same id, the earlier one in the search path wins
    (a user's copy overrides the built-in pack). A pack whose `pack.toml`
    cannot be read is listed with its id as name; loading it reports the error.
    """
    found: dict[str, tuple[str, str, Path]] = {}
    for directory in _search_path(search_path):
        if not directory.is_dir():
            continue
        for folder in sorted(directory.iterdir()):
            pack_file = folder / PACK_FILE
            if folder.name in found or not pack_file.is_file():
                continue
            try:
                name = _read_toml(pack_file).get("name")
            except RulesetError:
                name = None
            found[folder.name] = (
                folder.name,
                name if isinstance(name, str) else folder.name,
                folder,
            )
    return [found[key] for key in sorted(found)]
