"""How records point at a gang's fighters: by id, never by name.

A name is what players type and read, and it may change; an id does not. A
stored fighter's id is its row's; a fighter not stored yet (a gang being founded,
a file being read, a copy) gets a provisional negative one (`provisional_ids`),
which the store turns into the real one when it saves the gang. An Exotic Beast's
`owner_id` is such an id; a reference to no fighter of the gang means no owner.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from gangmanager.rules.gang import Fighter


def next_provisional_id(fighters: Sequence[Fighter]) -> int:
    """A negative id no fighter of `fighters` has."""
    return min((f.id for f in fighters if f.id is not None and f.id < 0), default=0) - 1


def provisional_ids(fighters: Sequence[Fighter]) -> list[Fighter]:
    """`fighters` with every one without an id given a provisional (negative) one."""
    result: list[Fighter] = []
    free = next_provisional_id(fighters)
    for fighter in fighters:
        if fighter.id is None:
            fighter = fighter.model_copy(update={"id": free})
            free -= 1
        result.append(fighter)
    return result


def settled(fighters: Sequence[Fighter]) -> list[Fighter]:
    """`fighters` without their provisional ids when nothing points at any of them: a
    gang read from a file or an import is then as it was before it had owners."""
    if any(f.owner_id is not None for f in fighters):
        return list(fighters)
    return [
        f.model_copy(update={"id": None}) if f.id is not None and f.id < 0 else f for f in fighters
    ]


def fighter_with_id(fighters: Sequence[Fighter], fighter_id: int | None) -> Fighter | None:
    if fighter_id is None:
        return None
    return next((f for f in fighters if f.id == fighter_id), None)


def owner_of(beast: Fighter, fighters: Sequence[Fighter]) -> Fighter | None:
    """The fighter of `fighters` the beast belongs to; None when it has none there."""
    found = fighter_with_id(fighters, beast.owner_id)
    return found if found is not beast else None


def owner_name(beast: Fighter, fighters: Sequence[Fighter]) -> str:
    """The owner's name as players read it ("" without an owner)."""
    found = owner_of(beast, fighters)
    return found.name if found is not None else ""


def name_key(name: str) -> str:
    """A fighter's name as records match it: case and surrounding spaces ignored."""
    return name.strip().casefold()


def ids_by_name(fighters: Iterable[tuple[int, str]]) -> dict[str, int]:
    """Each name (its `name_key`) that means exactly one of `fighters` ((id, name)
    pairs), to that fighter's id; a name two fighters share means none."""
    found: dict[str, list[int]] = {}
    for fighter_id, name in fighters:
        found.setdefault(name_key(name), []).append(fighter_id)
    return {key: ids[0] for key, ids in found.items() if len(ids) == 1}


def owners_by_name(fighters: Sequence[Fighter], names: Sequence[str]) -> list[Fighter]:
    """`fighters` (all with ids) with each one's owner set from `names` (the owner's
    name, case ignored, "" for none, one per fighter). A name matching no fighter or
    two leaves that fighter without an owner."""
    by_name = ids_by_name((f.id, f.name) for f in fighters if f.id is not None)
    result: list[Fighter] = []
    for fighter, name in zip(fighters, names, strict=True):
        owner = by_name.get(name_key(name)) if name.strip() else None
        if owner == fighter.id:
            owner = None  # a beast does not own itself
        if owner != fighter.owner_id:
            fighter = fighter.model_copy(update={"owner_id": owner})
        result.append(fighter)
    return result


def renumbered(fighters: Sequence[Fighter], ids: Mapping[int, int]) -> list[Fighter]:
    """`fighters` with their ids changed as `ids` says (old -> new), every owner
    following its fighter; an id `ids` does not name stays as it is."""
    result: list[Fighter] = []
    for fighter in fighters:
        update: dict[str, int | None] = {}
        if fighter.id is not None and fighter.id in ids:
            update["id"] = ids[fighter.id]
        if fighter.owner_id is not None and fighter.owner_id in ids:
            update["owner_id"] = ids[fighter.owner_id]
        result.append(fighter.model_copy(update=update) if update else fighter)
    return result


def released(fighters: Sequence[Fighter], removed: Fighter) -> list[Fighter]:
    """`fighters` after `removed` left: the beasts it owned are left without an owner
    (a later fighter must not inherit them through a reused id)."""
    if removed.id is None:
        return list(fighters)
    return [
        f.model_copy(update={"owner_id": None}) if f.owner_id == removed.id else f for f in fighters
    ]
