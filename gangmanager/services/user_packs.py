"""The player's own packs for the window and the command line (content/user_packs.py).

These write pack files in the player's rulesets folder, not the database, so they are
not undoable actions: an entry is saved at once and the pack loaded again, and each
refusal is one `ServiceError` line. `Rulesets` forgets the pack so the next use reads it.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from gangmanager.content.errors import RulesetError
from gangmanager.content.loader import clear_cache, load_ruleset
from gangmanager.content.pack_diff import DiffRow, pack_diff
from gangmanager.content.pack_entries import CarriedPack, recreate_pack, used_entries
from gangmanager.content.user_packs import (
    UserPack,
    UserPackError,
    add_entries,
    copy_pack,
    user_pack,
    user_packs,
)
from gangmanager.rules.gang import Gang
from gangmanager.rules.ruleset import Ruleset
from gangmanager.services.errors import ServiceError
from gangmanager.services.rulesets import Rulesets


def my_packs(rulesets: Rulesets) -> list[UserPack]:
    return user_packs(rulesets.packs_dir)


def find_pack(rulesets: Rulesets, pack_id: str) -> UserPack:
    try:
        return user_pack(pack_id.strip(), rulesets.packs_dir)
    except UserPackError as exc:
        raise ServiceError(str(exc)) from None


def copy_user_pack(rulesets: Rulesets, base: str, name: str) -> UserPack:
    """`rules copy BASE NAME`: a new pack of the player's that extends `base`."""
    try:
        pack = copy_pack(base.strip(), name, rulesets.packs_dir, rulesets.search_path)
    except (UserPackError, RulesetError) as exc:
        raise ServiceError(str(exc)) from None
    rulesets.forget()
    return pack


def add_entry(rulesets: Rulesets, pack_id: str, kind: str, entry: dict[str, Any]) -> Ruleset:
    """Save one fighter type, weapon or wargear item into the player's pack, checked."""
    pack = find_pack(rulesets, pack_id)
    try:
        add_entries(pack, kind, [entry], rulesets.search_path)
    except (UserPackError, RulesetError) as exc:
        raise ServiceError(str(exc)) from None
    finally:
        rulesets.forget(pack.id)
    return rulesets.get(pack.id)


def diff(rulesets: Rulesets, pack_id: str) -> list[DiffRow]:
    """`rules diff NAME`: what the pack adds or changes against the pack it extends."""
    pack = find_pack(rulesets, pack_id)
    try:
        mine = load_ruleset(pack.id, rulesets.search_path)
        base = load_ruleset(pack.base, rulesets.search_path)
    except RulesetError as exc:
        raise ServiceError(str(exc)) from None
    return pack_diff(mine, base)


def carried_pack(rulesets: Rulesets, gang: Gang) -> CarriedPack | None:
    """What a file of `gang` carries of its pack: None for a gang of an official pack."""
    try:
        pack = user_pack(gang.ruleset, rulesets.packs_dir)
    except UserPackError:
        return None
    return used_entries(pack, gang)


def provide_pack(rulesets: Rulesets, carried: CarriedPack | None) -> UserPack | None:
    """Make a gang file's pack where this machine lacks it; the pack made, else None."""
    if carried is None or carried.pack in rulesets.ids():
        return None
    try:
        pack = recreate_pack(carried, rulesets.packs_dir, rulesets.search_path)
    except UserPackError as exc:
        raise ServiceError(str(exc)) from None
    rulesets.forget()
    return pack


def pack_from_file(path: Path, rulesets: Rulesets) -> UserPack | None:
    """Before a gang file is read: make the player's pack it carries, if missing here.

    A file that cannot be read, or is no gang file, makes nothing (reading it after
    says what is wrong with it)."""
    from gangmanager.exchange.detect import detect_format
    from gangmanager.exchange.errors import ImportFileError
    from gangmanager.exchange.gang_file_pack import read_pack_entries
    from gangmanager.exchange.json_input import read_json_file

    try:
        data = read_json_file(path)
        if not isinstance(data, dict) or detect_format(data, path.name) != "gangmanager":
            return None
        carried = read_pack_entries(data, path.name)
    except ImportFileError:
        return None
    if carried is None:
        return None
    return provide_pack(rulesets, CarriedPack.from_json(carried))


def forget_made_pack(rulesets: Rulesets, pack: UserPack | None) -> None:
    """Take away a pack `pack_from_file` made for a file that was then refused."""
    if pack is not None:
        shutil.rmtree(pack.folder, ignore_errors=True)
        clear_cache()
        rulesets.forget()
