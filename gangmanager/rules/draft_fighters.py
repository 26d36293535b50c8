"""The fighters a post-battle draft names, and those names kept to their fighters.

A draft names fighters as players type them (docs/post-battle.md). Stored, it also
keeps which fighter each name meant (`fighter_ids`: the name, case ignored, to the
fighter's id), so a fighter renamed before Finish is still the one the draft means:
`current_names` gives the draft back with each name as that fighter is called now.
Pure functions of the draft's JSON (`PostBattleDraft.to_json`), nothing stored here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from gangmanager.rules.fighter_refs import ids_by_name, name_key
from gangmanager.rules.post_battle_draft import STASH

# Lists of entries whose keys name a fighter of the gang ("stash" where it may be one).
_ENTRY_KEYS: dict[str, tuple[str, ...]] = {
    "succumb": ("fighter",),
    "injuries": ("fighter",),
    "escapes": ("fighter",),
    "old_wounds": ("fighter",),
    "medical_escorts": ("fighter", "escort"),
    "limited_deleted": ("fighter",),
    "sales": ("fighter",),
    "purchases": ("fighter",),
    "boons_taken": ("fighter",),
    "moves": ("from", "to"),
    "advancements": ("fighter",),
}
# One entry whose key names a fighter.
_SINGLE_KEYS: dict[str, tuple[str, ...]] = {"capture": ("fighter",)}
# Maps keyed by fighter name.
_NAME_KEYED = ("xp",)


def _is_fighter(value: object) -> bool:
    return isinstance(value, str) and bool(value.strip()) and name_key(value) != STASH


def _renamed_entry(entry: object, keys: tuple[str, ...], rename: Callable[[str], str]) -> object:
    if not isinstance(entry, dict):
        return entry
    return {
        k: rename(v) if k in keys and isinstance(v, str) and _is_fighter(v) else v
        for k, v in entry.items()
    }


def renamed(draft: Mapping[str, Any], rename: Callable[[str], str]) -> dict[str, Any]:
    """A copy of the draft with every name of a fighter passed through `rename`."""
    result = dict(draft)
    for field, keys in _ENTRY_KEYS.items():
        if isinstance(draft.get(field), list):
            result[field] = [_renamed_entry(e, keys, rename) for e in draft[field]]
    for field, keys in _SINGLE_KEYS.items():
        if field in draft:
            result[field] = _renamed_entry(draft[field], keys, rename)
    for field in _NAME_KEYED:
        if isinstance(draft.get(field), dict):
            result[field] = {
                (rename(k) if _is_fighter(k) else k): v for k, v in draft[field].items()
            }
    return result


def named(draft: Mapping[str, Any]) -> list[str]:
    """Every name of a fighter the draft uses, once each, in order."""
    names: list[str] = []

    def seen(name: str) -> str:
        names.append(name)
        return name

    renamed(draft, seen)
    return list(dict.fromkeys(names))


def fighter_ids(draft: Mapping[str, Any], fighters: Iterable[tuple[int, str]]) -> dict[str, int]:
    """The fighter each name of the draft means, by id: `fighters` are (id, name) of
    the gang; a name of no fighter (a typo Finish reports) or of two is left out."""
    by_name = ids_by_name(fighters)
    keys = [name_key(name) for name in named(draft)]
    return {key: by_name[key] for key in keys if key in by_name}


def current_names(
    draft: Mapping[str, Any], ids: Mapping[str, int], fighters: Iterable[tuple[int, str]]
) -> dict[str, Any]:
    """The draft with each name it keeps an id for (`ids`, from `fighter_ids`) as that
    fighter is called now (`fighters`: (id, name) of the gang); a name whose fighter
    is gone, or that it keeps no id for, stays as written."""
    names = dict(fighters)

    def now(name: str) -> str:
        fighter_id = ids.get(name_key(name))
        return names.get(fighter_id, name) if fighter_id is not None else name

    return renamed(draft, now)
