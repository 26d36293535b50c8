"""What a gang file carries of a player's own pack, and that pack made again from it.

A gang of a player's pack may use a fighter type, weapon or wargear the official pack
lacks; another machine has the official pack but not the player's. The file carries
the pack's id, its base and the player's own entries the gang uses (docs/file-formats.md,
`pack_entries`); importing it where that pack is missing makes the pack again (the
same id, extending the same base, those entries), checked as any entry the form adds.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gangmanager.content.added_types import HOUSE_KEY
from gangmanager.content.user_packs import (
    ENTRY_KINDS,
    UserPack,
    UserPackError,
    add_entries,
    check_pack_id,
    copy_pack,
    own_entries,
)
from gangmanager.rules.gang import Gang
from gangmanager.rules.limits import quoted
from gangmanager.rules.weapons import trait_key


@dataclass(frozen=True)
class CarriedPack:
    """The `pack_entries` of a gang file: entries by kind, as the pack's files give them."""

    pack: str
    extends: str
    entries: dict[str, list[dict[str, Any]]] = field(default_factory=dict)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> CarriedPack:
        """From a file's `pack_entries` (its shape checked by exchange/gang_file_pack.py)."""
        by_key = {key: kind for kind, (_, key) in ENTRY_KINDS.items()}
        entries = {by_key[k]: [dict(r) for r in v] for k, v in data.items() if k in by_key}
        return cls(str(data["pack"]).strip(), str(data["extends"]).strip(), entries)

    def as_json(self) -> dict[str, Any]:
        return {
            "pack": self.pack,
            "extends": self.extends,
            **{ENTRY_KINDS[kind][1]: list(rows) for kind, rows in self.entries.items() if rows},
        }


def _gang_names(gang: Gang) -> tuple[set[str], set[str], set[str]]:
    types = {trait_key(f.type) for f in gang.fighters if f.type}
    weapons = {trait_key(w.name) for f in gang.fighters for w in f.weapons}
    weapons |= {trait_key(w.name) for w in gang.stash}
    wargear = {trait_key(i.name) for f in gang.fighters for i in f.wargear}
    return types, weapons, wargear | {trait_key(w.name) for w in gang.stash}


def used_entries(pack: UserPack, gang: Gang) -> CarriedPack | None:
    """The player's own entries `gang` uses; None when it uses none."""
    types, weapons, wargear = _gang_names(gang)
    house = trait_key(gang.house)
    wanted = {"fighter_type": types, "weapon": weapons, "wargear": wargear}
    used: dict[str, list[dict[str, Any]]] = {}
    for kind, rows in own_entries(pack).items():
        used[kind] = [
            row
            for row in rows
            if trait_key(str(row.get("name", ""))) in wanted[kind]
            and (kind != "fighter_type" or trait_key(str(row.get(HOUSE_KEY, ""))) == house)
        ]
    if not any(used.values()):
        return None
    return CarriedPack(pack.id, pack.base, {kind: rows for kind, rows in used.items() if rows})


def recreate_pack(carried: CarriedPack, packs_dir: Path, search_path: list[Path]) -> UserPack:
    """Make the carried pack in `packs_dir` (it must be missing there); refused whole.

    A base this machine lacks, or an entry its base refuses, is one line and leaves
    no folder behind.
    """
    check_pack_id(carried.pack)
    try:
        pack = copy_pack(carried.extends, carried.pack, packs_dir, search_path)
    except UserPackError:
        raise
    except ValueError as exc:  # RulesetError: the base is not here
        raise UserPackError(
            f"the gang's pack {quoted(carried.pack)} extends {quoted(carried.extends)},"
            f" which is not here ({exc})"
        ) from None
    try:
        for kind, rows in carried.entries.items():
            if rows:
                add_entries(pack, kind, rows, search_path)
    except UserPackError as exc:
        shutil.rmtree(pack.folder, ignore_errors=True)
        raise UserPackError(f"the gang's pack {quoted(carried.pack)}: {exc}") from None
    return pack
