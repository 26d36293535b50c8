"""Roster edits: one transaction per user action, returning what changed and its undo.

Every edit is a plain-data command (a frozen dataclass). `apply(db, command)`
runs it in one unit of work and returns an `Outcome`: the `Changes` the
window refreshes from, and the inverse command. Edits are pure functions of
the gang (`rules.roster_ops`); the inverse is a `Restore` holding the rows
the edit replaced, exactly as stored. Applying a `Restore` puts those rows
back (same ids, same version) and returns, in its turn, a `Restore` of the
rows it replaced: so undo is `apply(outcome.inverse)` and redo is applying
the inverse of that. One generic QUndoCommand wraps any of them
(`gui/common/undo.py`); the orange3 paint-data widget works the same way.

A `Restore` first checks that the rows are still those the edit left
(a fingerprint): an undo never overwrites what another window or player
changed since; it is refused with a message instead.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from gangmanager.errors import DamagedGangError, RestoreError
from gangmanager.persistence.database import Database
from gangmanager.rules import gang_additions
from gangmanager.rules.characteristics import (
    CharacteristicTable,
    Value,
)
from gangmanager.rules.fighter_refs import renumbered
from gangmanager.rules.gang import Fighter, Gang
from gangmanager.rules.limits import clean_name, quoted
from gangmanager.rules.modifiers import (
    AdvancementCapError,
    Modifier,
)
from gangmanager.rules.roster_ops import RosterError
from gangmanager.rules.ruleset import Ruleset
from gangmanager.rules.weapons import Item, Weapon, WeaponProfile
from gangmanager.services import operations
from gangmanager.services.errors import ServiceError
from gangmanager.services.operations import Action, Context, Outcome, perform

# The write and undo step of an edit; others import `Edited`, `_edit` and `_step` here.
from gangmanager.services.rank_edits import take_advancement
from gangmanager.services.roster_edits import (
    INJURY_PREFIX as INJURY_PREFIX,
)
from gangmanager.services.roster_edits import (
    _add_fighter,
    _add_injury,
    _add_modifier,
    _add_profile,
    _add_skill,
    _buy_for_stash,
    _buy_wargear,
    _buy_weapon,
    _edit_fighter,
    _edit_gang,
    _give_from_stash,
    _prepared,
    _remove_fighter,
    _remove_injury,
    _remove_modifier,
    _remove_profile,
    _remove_skill,
    _remove_wargear,
    _remove_weapon,
    _sell_from_stash,
    _set_characteristic,
    _set_portrait,
    _take_to_stash,
)
from gangmanager.services.roster_edits import (
    sale_value as sale_value,
)
from gangmanager.services.roster_steps import Edited as Edited
from gangmanager.services.roster_steps import (
    _create,
    _delete_gang,
    _load,
    _rename_damaged,
    _restore,
)
from gangmanager.services.roster_steps import _edit as _edit
from gangmanager.services.roster_steps import _step as _step
from gangmanager.services.rulesets import Rulesets

if TYPE_CHECKING:
    # The store's SQLAlchemy side is imported by the handlers that use it, not with
    # this module: the window's start reads without it (docs/performance.md).
    from gangmanager.persistence.snapshots import RowSnapshot
    from gangmanager.persistence.unit_of_work import UnitOfWork

R = TypeVar("R")


# -- commands: plain data -------------------------------------------------------------


class RosterEdit(Action[None]):
    """A roster command: its handler is the roster's one dispatch on the command's type."""

    __slots__ = ()

    def run(self, ctx: Context) -> Outcome[None]:
        return _guarded(lambda: _dispatch(ctx, self))


@dataclass(frozen=True)
class Versioned(RosterEdit):
    """An edit of a stored gang, made against the version the player was shown.

    When the gang has moved on since (another window, the command line or another
    player saved it), the edit is refused with "changed by someone else — reload"
    and writes nothing. None means "whatever is stored now" (scripts, tests).
    """

    gang_id: int
    version: int | None = field(default=None, kw_only=True)


@dataclass(frozen=True)
class FighterEdit(Versioned):
    """An edit of one fighter of a stored gang: `gang_id`, then `fighter_id`."""

    fighter_id: int


@dataclass(frozen=True)
class CreateGang(Action[Gang]):
    """A new gang (wizard, import): a taken name becomes `Name (2)`; hands it back stored."""

    gang: Gang
    verb: str = "New gang"

    def run(self, ctx: Context) -> Outcome[Gang]:
        return _guarded(lambda: _create(ctx.uow, self.gang, self.verb))


@dataclass(frozen=True)
class DuplicateGang(Action[Gang]):
    gang_id: int

    def run(self, ctx: Context) -> Outcome[Gang]:
        gang = _load(ctx.uow, self.gang_id)
        # New fighters, by provisional ids: a beast of the copy is owned in the copy.
        fighters = renumbered(
            gang.fighters, {f.id: -1 - i for i, f in enumerate(gang.fighters) if f.id is not None}
        )
        copy = gang.model_copy(update={"id": None, "version": None, "fighters": fighters})
        return _guarded(lambda: _create(ctx.uow, copy, "Duplicate"))


@dataclass(frozen=True)
class DeleteGang(Versioned):
    """The gang and everything it owns (fighters, stash, battles, drafts)."""

    gang_id: int


@dataclass(frozen=True)
class EditGang(Versioned):
    """Name, house, credits, reputation, notes, house_rules_ignore_restrictions
    (never the committed Gang Rating)."""

    gang_id: int
    fields: Mapping[str, Any]


@dataclass(frozen=True)
class AddFighter(Versioned):
    """Recruit or add a fighter at the end of the roster; `pay` spends its cost."""

    gang_id: int
    fighter: Fighter
    pay: bool = False


@dataclass(frozen=True)
class RemoveFighter(FighterEdit):
    refund: int = 0


@dataclass(frozen=True)
class EditFighter(FighterEdit):
    """Name, type, category, cost, xp, status, notes, profile (never the committed rating)."""

    fields: Mapping[str, Any]


@dataclass(frozen=True)
class SetCharacteristic(FighterEdit):
    """One base profile value; refused outside the characteristic's best..worst."""

    code: str
    value: Value


@dataclass(frozen=True)
class AddModifier(FighterEdit):
    """A modifier source; an advancement may spend XP, an injury is also listed by name."""

    modifier: Modifier
    spend_xp: int = 0
    injury: str | None = None
    skill: str | None = None


@dataclass(frozen=True)
class TakeAdvancement(FighterEdit):
    """An advancement a ranks pack (n26) owes the fighter, taken: no XP is spent. A skill
    advancement names the skill, or a set and its D6 (`skill_set`, `skill_roll`)."""

    advancement: str
    skill: str | None = None
    skill_set: str | None = None
    skill_roll: int | None = None


@dataclass(frozen=True)
class RemoveModifier(FighterEdit):
    index: int


@dataclass(frozen=True)
class BuyWeapon(FighterEdit):
    weapon: Weapon
    pay: bool = True


@dataclass(frozen=True)
class RemoveWeapon(FighterEdit):
    index: int
    refund: int = 0


@dataclass(frozen=True)
class AddWeaponProfile(FighterEdit):
    """A paid profile (special ammo) for a weapon the fighter carries."""

    weapon_index: int
    profile: WeaponProfile
    pay: bool = True


@dataclass(frozen=True)
class RemoveWeaponProfile(FighterEdit):
    weapon_index: int
    profile_index: int
    refund: int = 0


@dataclass(frozen=True)
class BuyWargear(FighterEdit):
    item: Item
    pay: bool = True


@dataclass(frozen=True)
class RemoveWargear(FighterEdit):
    index: int
    refund: int = 0


@dataclass(frozen=True)
class AddSkill(FighterEdit):
    name: str


@dataclass(frozen=True)
class RemoveSkill(FighterEdit):
    index: int


@dataclass(frozen=True)
class AddInjury(FighterEdit):
    """A Lasting Injury by name only; its profile change is a modifier (AddModifier)."""

    name: str


@dataclass(frozen=True)
class RemoveInjury(FighterEdit):
    """The name only; a matching modifier stays (RemoveModifier takes both)."""

    index: int


@dataclass(frozen=True)
class BuyForStash(Versioned):
    """Buy an armoury item into the gang's stash at the Trading Post price (paid)."""

    gang_id: int
    item: str


@dataclass(frozen=True)
class GiveFromStash(Versioned):
    """Give a stash item to a fighter; their house list and weapon slots apply
    (unless the gang's house rules ignore them)."""

    gang_id: int
    index: int
    fighter_id: int


@dataclass(frozen=True)
class TakeToStash(FighterEdit):
    """Put a fighter's weapon (`kind` "weapon") or wargear ("wargear") in the stash."""

    kind: str
    index: int


@dataclass(frozen=True)
class SellFromStash(Versioned):
    """Sell a stash item for half the price paid (rounded down), as the Trading Post does."""

    gang_id: int
    index: int


@dataclass(frozen=True)
class SetPortrait(Versioned):
    """Set or clear the portrait of the gang (`fighter_id` None) or of one fighter.

    `image` is the picked file's bytes (PNG, JPEG or WebP); it is checked, cropped
    and scaled here (exchange.portrait_image), so a bomb or a truncated file is
    refused with one line and nothing is written. None clears the portrait.
    """

    gang_id: int
    fighter_id: int | None
    image: bytes | None


@dataclass(frozen=True)
class Restore(RosterEdit):
    """Put a gang's stored rows back (undo and redo of any command above)."""

    snapshot: RowSnapshot
    # Fingerprint of the rows this replaces, without the gang row's version and time
    # of saving; anything else means a row the step touched changed since.
    expect: str
    label: str
    # The full fingerprint: when it matches too, the rows go back exactly (same version).
    exact: str = ""


Command = (
    CreateGang
    | DuplicateGang
    | DeleteGang
    | EditGang
    | AddFighter
    | RemoveFighter
    | EditFighter
    | SetCharacteristic
    | AddModifier
    | RemoveModifier
    | BuyWeapon
    | RemoveWeapon
    | AddWeaponProfile
    | RemoveWeaponProfile
    | BuyWargear
    | RemoveWargear
    | AddSkill
    | RemoveSkill
    | AddInjury
    | RemoveInjury
    | BuyForStash
    | GiveFromStash
    | TakeToStash
    | SellFromStash
    | SetPortrait
    | Restore
)


def apply(db: Database, command: Action[R], rulesets: Rulesets) -> Outcome[R]:
    """Run one command in one transaction; ServiceError (nothing written) when refused."""
    return perform(db, command, rulesets)


def undo(db: Database, outcome: Outcome[object], rulesets: Rulesets) -> Outcome[object]:
    """Undo what `outcome` did; the returned outcome's inverse redoes it."""
    return operations.undo(db, outcome, rulesets)


def _guarded(run: Callable[[], Outcome[R]]) -> Outcome[R]:
    """A roster edit's refusals as one-line ServiceErrors."""
    try:
        return run()
    except (RosterError, AdvancementCapError, RestoreError) as exc:
        raise ServiceError(str(exc)) from None
    except IndexError:
        raise ServiceError("that item is no longer on the roster: reload the gang") from None


def _dispatch(ctx: Context, command: RosterEdit) -> Outcome[None]:
    uow, rulesets = ctx.uow, ctx.rulesets
    if isinstance(command, Restore):
        return _restore(uow, command)
    if isinstance(command, DeleteGang):
        return _delete_gang(uow, command.gang_id, command.version)
    if isinstance(command, EditGang) and "name" in command.fields:
        name = _check_name_free(uow, command.gang_id, str(command.fields["name"]))
        if set(command.fields) == {"name"}:
            try:
                return _edit(
                    uow,
                    command.gang_id,
                    lambda gang: _edit_gang(gang, command, None),
                    command.version,
                )
            except DamagedGangError:
                # A gang that does not load can still be renamed (or deleted).
                return _rename_damaged(uow, command.gang_id, name)
    if isinstance(command, (BuyForStash, GiveFromStash, TakeAdvancement)):
        ruleset_edit = _RULESET_EDITS[type(command)]
        return _edit(
            uow,
            command.gang_id,
            lambda gang: ruleset_edit(gang, command, rulesets.get(gang.ruleset)),
            command.version,
        )
    if isinstance(command, SetPortrait):
        portrait = _prepared(command.image)
        return _edit(
            uow,
            command.gang_id,
            lambda gang: _set_portrait(gang, command.fighter_id, portrait),
            command.version,
        )
    assert isinstance(command, Versioned)  # every other command is one
    edit = _EDITS[type(command)]

    def edited(gang: Gang) -> Edited:
        if isinstance(command, AddFighter):
            _check_addition(gang, command.fighter, rulesets)
        return edit(gang, command, _table(gang, command, rulesets))

    return _edit(uow, command.gang_id, edited, command.version)


def _check_name_free(uow: UnitOfWork, gang_id: int, name: str) -> str:
    """The name as it will be stored; refused when empty, too long or taken."""
    try:
        wanted = clean_name(name, gang=True)
    except ValueError as exc:
        raise ServiceError(str(exc)) from None
    if any(s.name.casefold() == wanted.casefold() and s.id != gang_id for s in uow.gangs.list()):
        raise ServiceError(f"a gang named {quoted(wanted)} already exists: choose another name")
    return wanted


def _check_addition(gang: Gang, fighter: Fighter, rulesets: Rulesets) -> None:
    """A Brute, Hanger-on, Hired Gun or Exotic Beast joins within its limits, for a
    house that may take it, a beast with an owner who may have one; a vehicle for a
    house that may take it (unless the gang plays by house rules)."""
    if gang.house_rules_ignore_restrictions:
        return
    refusal = gang_additions.joining_refusal(
        rulesets.get(gang.ruleset), gang.house or None, list(gang.fighters), fighter
    )
    if refusal is not None:
        raise ServiceError(f"{refusal}: {fighter.name} not added")


def check_joined(
    gang: Gang, rulesets: Rulesets, joining: set[str] | None = None, undone: str = "not imported"
) -> None:
    """A gang read whole (an import) holds no fighter AddFighter would refuse: refused
    in one line naming the first (unless the gang plays by house rules). `joining`:
    only these fighters' names (casefolded) are new to the gang."""
    if gang.house_rules_ignore_restrictions:
        return
    refusal = gang_additions.gang_refusal(
        rulesets.get(gang.ruleset), gang.house or None, list(gang.fighters), joining
    )
    if refusal is not None:
        raise ServiceError(f"{gang.name} {undone}: {refusal}")


def _table(gang: Gang, command: object, rulesets: Rulesets) -> CharacteristicTable:
    """The statline an edit reads its values against: the edited fighter's own (a
    vehicle's, an invented pack's), else the pack's fighter statline."""
    fighter_id = getattr(command, "fighter_id", None)
    fighter = next((f for f in gang.fighters if f.id == fighter_id), None)
    if fighter_id is not None and fighter is not None:
        return fighter.profile.table
    return rulesets.get(gang.ruleset).table


_RULESET_EDITS: dict[type, Callable[[Gang, Any, Ruleset], Edited]] = {
    BuyForStash: _buy_for_stash,
    GiveFromStash: _give_from_stash,
    TakeAdvancement: take_advancement,
}


_EDITS: dict[type, Callable[[Gang, Any, CharacteristicTable], Edited]] = {
    EditGang: _edit_gang,
    AddFighter: _add_fighter,
    RemoveFighter: _remove_fighter,
    EditFighter: _edit_fighter,
    SetCharacteristic: _set_characteristic,
    AddModifier: _add_modifier,
    RemoveModifier: _remove_modifier,
    BuyWeapon: _buy_weapon,
    RemoveWeapon: _remove_weapon,
    AddWeaponProfile: _add_profile,
    RemoveWeaponProfile: _remove_profile,
    BuyWargear: _buy_wargear,
    RemoveWargear: _remove_wargear,
    AddSkill: _add_skill,
    RemoveSkill: _remove_skill,
    AddInjury: _add_injury,
    RemoveInjury: _remove_injury,
    TakeToStash: _take_to_stash,
    SellFromStash: _sell_from_stash,
}
