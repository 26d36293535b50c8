"""A player's own pack: a small folder in the user's rulesets folder that extends an
official pack and adds the fighter types, weapons and wargear their book has.

`copy_pack` makes it (`pack.toml` with `extends`, no entries); `add_entry` writes one
entry into the pack's files (`fighter_types.toml`, `armoury.toml`) and loads the pack
again, so an entry the pack's checks refuse is never left on disk. The entries live
in their own files, never in a copy of the official data: an update of the official
pack still comes through everything the player did not add or change.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gangmanager.content import toml_writer
from gangmanager.content.added_types import HOUSE_KEY
from gangmanager.content.errors import RulesetError
from gangmanager.content.loader import PACK_FILE, available_rulesets, clear_cache, load_ruleset
from gangmanager.rules.limits import quoted
from gangmanager.rules.ruleset import Ruleset
from gangmanager.rules.weapons import parse_trait, trait_key

# A pack id is a folder name on every system: lower-case letters, digits, - and _.
PACK_ID = re.compile(r"^[a-z0-9][a-z0-9_-]*$")
MAX_ID_LENGTH = 32

# What a player may add: (file, the key of its list).
ENTRY_KINDS: dict[str, tuple[str, str]] = {
    "fighter_type": ("fighter_types.toml", "fighter_types"),
    "weapon": ("armoury.toml", "weapons"),
    "wargear": ("armoury.toml", "wargear"),
}
_HEADER = "Your own entries (Rules > My pack... or `gangmanager rules copy`). Added to {base}."


class UserPackError(ValueError):
    """A refused pack name or entry; `str()` is one line."""


@dataclass(frozen=True)
class UserPack:
    id: str
    base: str
    folder: Path


def check_pack_id(name: str) -> str:
    name = name.strip()
    if not name or len(name) > MAX_ID_LENGTH or not PACK_ID.match(name):
        raise UserPackError(
            f"{quoted(name)} is not a pack name: 1 to {MAX_ID_LENGTH} lower-case letters,"
            " digits, - or _, starting with a letter or digit"
        )
    return name


def copy_pack(base: str, name: str, packs_dir: Path, search_path: list[Path]) -> UserPack:
    """A new pack `name` in `packs_dir` that extends `base` and adds nothing yet."""
    name = check_pack_id(name)
    if name in {entry[0] for entry in available_rulesets(search_path)}:
        raise UserPackError(f"a pack {quoted(name)} exists already; choose another name")
    base_ruleset = load_ruleset(base, search_path)  # unknown or broken: RulesetError
    folder = packs_dir / name
    folder.mkdir(parents=True, exist_ok=False)
    header = {
        "id": name,
        "name": name,
        "extends": base_ruleset.id,
        "summary": f"{base_ruleset.name}, with my own entries.",
    }
    (folder / PACK_FILE).write_text(
        toml_writer.dumps(header, _HEADER.format(base=base_ruleset.id)), encoding="utf-8"
    )
    clear_cache()
    return UserPack(name, base_ruleset.id, folder)


def user_pack(pack_id: str, packs_dir: Path) -> UserPack:
    """The player's pack `pack_id` (in `packs_dir`, extending another); else refused."""
    folder = packs_dir / pack_id
    try:
        with (folder / PACK_FILE).open("rb") as handle:
            header = tomllib.load(handle)
    except (OSError, tomllib.TOMLDecodeError):
        raise UserPackError(
            f"{quoted(pack_id)} is not one of your packs (make one: rules copy BASE NAME)"
        ) from None
    base = header.get("extends")
    if not isinstance(base, str) or not base.strip():
        raise UserPackError(f"{quoted(pack_id)} extends no pack, so it has no base to add to")
    return UserPack(pack_id, base.strip(), folder)


def user_packs(packs_dir: Path) -> list[UserPack]:
    """The player's packs that extend another, by id."""
    found = []
    for folder in sorted(packs_dir.iterdir()) if packs_dir.is_dir() else []:
        try:
            found.append(user_pack(folder.name, packs_dir))
        except UserPackError:
            continue
    return found


def _read(path: Path) -> dict[str, Any]:
    if not path.is_file():
        return {}
    with path.open("rb") as handle:
        return tomllib.load(handle)


def own_entries(pack: UserPack) -> dict[str, list[dict[str, Any]]]:
    """The entries the pack's own files hold, by kind (`fighter_type`, `weapon`, `wargear`)."""
    return {
        kind: list(_read(pack.folder / file).get(key, []))
        for kind, (file, key) in ENTRY_KINDS.items()
    }


def _same(kind: str, one: dict[str, Any], other: dict[str, Any]) -> bool:
    if trait_key(str(one.get("name", ""))) != trait_key(str(other.get("name", ""))):
        return False
    if kind == "fighter_type":
        return trait_key(str(one.get(HOUSE_KEY, ""))) == trait_key(str(other.get(HOUSE_KEY, "")))
    return True


def check_traits(entry: dict[str, Any], ruleset: Ruleset) -> None:
    """Every trait of a weapon's profiles is one the pack knows (its traits.toml)."""
    known = {trait_key(t.name) for t in ruleset.traits}
    for profile in entry.get("profiles", []):
        for text in profile.get("traits", []):
            if parse_trait(text).key not in known:
                raise UserPackError(
                    f"trait {quoted(text)} is not one the pack {ruleset.id} knows"
                    " (pick one of its traits)"
                )


def add_entries(
    pack: UserPack, kind: str, entries: Iterable[dict[str, Any]], search_path: list[Path]
) -> Ruleset:
    """Write `entries` (replacing the pack's own of the same name) and load the pack.

    Refused (the file put back as it was) when the loaded pack's checks fail: a
    characteristic out of its statline's range, a trait the pack does not know, a
    house it has not, a value of the wrong kind.
    """
    file, key = ENTRY_KINDS[kind]
    path = pack.folder / file
    before = path.read_text(encoding="utf-8") if path.is_file() else None
    document = _read(path)
    listed: list[dict[str, Any]] = list(document.get(key, []))
    new = list(entries)
    base = load_ruleset(pack.base, search_path)
    for entry in new:
        if kind == "weapon":
            check_traits(entry, base)
        listed = [e for e in listed if not _same(kind, e, entry)] + [entry]
    document[key] = listed
    path.write_text(toml_writer.dumps(document, _HEADER.format(base=pack.base)), encoding="utf-8")
    clear_cache()
    try:
        return load_ruleset(pack.id, search_path)
    except RulesetError as exc:
        if before is None:
            path.unlink(missing_ok=True)
        else:
            path.write_text(before, encoding="utf-8")
        clear_cache()
        raise UserPackError(
            exc.detail if exc.entry == "" else f"{exc.entry}: {exc.detail}"
        ) from None
