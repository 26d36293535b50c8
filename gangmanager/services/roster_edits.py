"""Roster edits as pure functions of the gang: (gang, command, table or ruleset) -> Edited.

Each takes the gang as stored and the command (services/roster.py), and returns the
edited gang, the undo text, the fighter to show and the status bar's messages; the
roster's dispatch saves the result and makes the undo step.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gangmanager.rules import post_battle_trading as trading
from gangmanager.rules import ratings, roster_ops
from gangmanager.rules.characteristics import (
    CharacteristicError,
    CharacteristicTable,
)
from gangmanager.rules.gang import FighterStatus, Gang
from gangmanager.rules.limits import quoted
from gangmanager.rules.modifiers import (
    ModifierKind,
    check_modifier_range,
)
from gangmanager.rules.post_battle_draft import STASH, PurchaseEntry
from gangmanager.rules.restrictions import armoury_lookup, check_item_for_gang
from gangmanager.rules.roster_ops import RosterError
from gangmanager.rules.ruleset import Ruleset
from gangmanager.rules.weapons import Item, Weapon
from gangmanager.services.errors import ServiceError

if TYPE_CHECKING:
    from gangmanager.services.roster import (
        AddFighter,
        AddInjury,
        AddModifier,
        AddSkill,
        AddWeaponProfile,
        BuyForStash,
        BuyWargear,
        BuyWeapon,
        Edited,
        EditFighter,
        EditGang,
        GiveFromStash,
        RemoveFighter,
        RemoveInjury,
        RemoveModifier,
        RemoveSkill,
        RemoveWargear,
        RemoveWeapon,
        RemoveWeaponProfile,
        SellFromStash,
        SetCharacteristic,
        TakeToStash,
    )

# The source of a modifier added from the Lasting Injury table starts with this.
INJURY_PREFIX = "Lasting Injury: "


# -- the edits: pure functions of the gang ----------------------------------------------


def _paid(gang: Gang, pay: bool, price: int, what: str) -> tuple[Gang, tuple[str, ...]]:
    if not pay or price == 0:
        return gang, ()
    return roster_ops.spend(gang, price, what), (f"paid {price} credits for {what}",)


def _refunded(gang: Gang, amount: int, what: str) -> tuple[Gang, tuple[str, ...]]:
    if amount == 0:
        return gang, ()
    return roster_ops.refund(gang, amount), (f"refunded {amount} credits for {what}",)


def _edit_gang(gang: Gang, c: EditGang, _: CharacteristicTable | None) -> Edited:
    edited = roster_ops.edit_gang(gang, **dict(c.fields))
    if set(c.fields) == {"name"}:
        return edited, f"Rename gang {gang.name} to {edited.name}", None, ()
    if set(c.fields) == {"house_rules_ignore_restrictions"}:
        state = "on" if edited.house_rules_ignore_restrictions else "off"
        return edited, f"Turn house rules {state} for {gang.name}", None, ()
    return edited, f"Edit gang {gang.name}", None, ()


def _check_name_unique(gang: Gang, name: str, index: int | None = None) -> None:
    """Fighters are named in drafts, scripts and on cards: two of one name are refused."""
    wanted = name.casefold()
    if any(f.name.casefold() == wanted for i, f in enumerate(gang.fighters) if i != index):
        raise RosterError(f"{gang.name} already has a fighter named {quoted(name, 80)}")


def _add_fighter(gang: Gang, c: AddFighter, _: CharacteristicTable) -> Edited:
    fighter = c.fighter.model_copy(update={"id": None})
    _check_name_unique(gang, fighter.name)
    edited, messages = _paid(gang, c.pay, ratings.fighter_cost(fighter), fighter.name)
    edited = roster_ops.add_fighter(edited, fighter)
    return edited, f"Add fighter {fighter.name}", len(edited.fighters) - 1, messages


def _remove_fighter(gang: Gang, c: RemoveFighter, _: CharacteristicTable) -> Edited:
    index = roster_ops.fighter_index(gang, c.fighter_id)
    name = gang.fighters[index].name
    edited, messages = _refunded(roster_ops.remove_fighter(gang, index), c.refund, name)
    return edited, f"Remove fighter {name}", None, messages


def _edit_fighter(gang: Gang, c: EditFighter, _: CharacteristicTable) -> Edited:
    index = roster_ops.fighter_index(gang, c.fighter_id)
    old = gang.fighters[index]
    edited = roster_ops.edit_fighter(gang, index, **dict(c.fields))
    new = edited.fighters[index]
    if new.name != old.name:
        _check_name_unique(gang, new.name, index)
    if set(c.fields) == {"name"}:
        label = f"Rename {old.name} to {new.name}"
    else:
        label = f"Edit {', '.join(sorted(c.fields))} of {new.name}"
    return edited, label, index, ()


def _set_characteristic(gang: Gang, c: SetCharacteristic, table: CharacteristicTable) -> Edited:
    index = roster_ops.fighter_index(gang, c.fighter_id)
    edited = roster_ops.set_characteristic(gang, index, c.code, c.value, table)
    row = table.lookup(c.code)
    name = gang.fighters[index].name
    return edited, f"Set {name}'s {row.code} to {row.print(c.value)}", index, ()


def _add_modifier(gang: Gang, c: AddModifier, table: CharacteristicTable) -> Edited:
    index = roster_ops.fighter_index(gang, c.fighter_id)
    try:
        check_modifier_range(c.modifier, table)
    except CharacteristicError as exc:
        raise RosterError(str(exc)) from None
    fighter = gang.fighters[index]
    if c.spend_xp < 0:
        raise RosterError("XP spent cannot be negative")
    if c.spend_xp > fighter.xp:
        raise RosterError(
            f"{c.modifier.source} costs {c.spend_xp} XP; {fighter.name} has only {fighter.xp}"
        )
    edited = roster_ops.add_modifier(gang, index, c.modifier)
    fields: dict[str, object] = {}
    if c.spend_xp:
        fields["xp"] = fighter.xp - c.spend_xp
    if c.injury:
        fields["injuries"] = [*fighter.injuries, c.injury]
    if fields:
        edited = roster_ops.edit_fighter(edited, index, **fields)
    if c.skill and not any(s.casefold() == c.skill.casefold() for s in fighter.skills):
        edited = roster_ops.add_skill(edited, index, c.skill)
    messages = (f"spent {c.spend_xp} XP",) if c.spend_xp else ()
    return edited, f"Add {c.modifier.source} to {fighter.name}", index, messages


def _remove_modifier(gang: Gang, c: RemoveModifier, _: CharacteristicTable) -> Edited:
    index = roster_ops.fighter_index(gang, c.fighter_id)
    fighter = gang.fighters[index]
    modifier = fighter.modifiers[c.index]
    edited = roster_ops.remove_modifier(gang, index, c.index)
    if modifier.kind is ModifierKind.INJURY:
        name = modifier.source.removeprefix(INJURY_PREFIX)
        if name in fighter.injuries:
            injuries = list(fighter.injuries)
            injuries.remove(name)
            edited = roster_ops.edit_fighter(edited, index, injuries=injuries)
    return edited, f"Remove {modifier.source} from {fighter.name}", index, ()


def _buy_weapon(gang: Gang, c: BuyWeapon, _: CharacteristicTable) -> Edited:
    index = roster_ops.fighter_index(gang, c.fighter_id)
    edited, messages = _paid(gang, c.pay, c.weapon.total_cost, c.weapon.name)
    edited = roster_ops.add_weapon(edited, index, c.weapon)
    verb = "Buy" if c.pay else "Add"
    return edited, f"{verb} {c.weapon.name} for {gang.fighters[index].name}", index, messages


def _remove_weapon(gang: Gang, c: RemoveWeapon, _: CharacteristicTable) -> Edited:
    index = roster_ops.fighter_index(gang, c.fighter_id)
    fighter = gang.fighters[index]
    weapon = fighter.weapons[c.index]
    edited, messages = _refunded(
        roster_ops.remove_weapon(gang, index, c.index), c.refund, weapon.name
    )
    return edited, f"Remove {weapon.name} from {fighter.name}", index, messages


def _add_profile(gang: Gang, c: AddWeaponProfile, _: CharacteristicTable) -> Edited:
    index = roster_ops.fighter_index(gang, c.fighter_id)
    weapon = gang.fighters[index].weapons[c.weapon_index]
    what = f"{weapon.name}: {c.profile.name or 'profile'}"
    edited, messages = _paid(gang, c.pay, c.profile.cost, what)
    edited = roster_ops.add_profile(edited, index, c.weapon_index, c.profile)
    return edited, f"Add {what}", index, messages


def _remove_profile(gang: Gang, c: RemoveWeaponProfile, _: CharacteristicTable) -> Edited:
    index = roster_ops.fighter_index(gang, c.fighter_id)
    weapon = gang.fighters[index].weapons[c.weapon_index]
    what = f"{weapon.name}: {weapon.profiles[c.profile_index].name or 'profile'}"
    edited = roster_ops.remove_profile_at(gang, index, c.weapon_index, c.profile_index)
    edited, messages = _refunded(edited, c.refund, what)
    return edited, f"Remove {what}", index, messages


def _buy_wargear(gang: Gang, c: BuyWargear, _: CharacteristicTable) -> Edited:
    index = roster_ops.fighter_index(gang, c.fighter_id)
    edited, messages = _paid(gang, c.pay, c.item.cost, c.item.name)
    edited = roster_ops.add_wargear(edited, index, c.item)
    verb = "Buy" if c.pay else "Add"
    return edited, f"{verb} {c.item.name} for {gang.fighters[index].name}", index, messages


def _remove_wargear(gang: Gang, c: RemoveWargear, _: CharacteristicTable) -> Edited:
    index = roster_ops.fighter_index(gang, c.fighter_id)
    fighter = gang.fighters[index]
    item = fighter.wargear[c.index]
    edited, messages = _refunded(
        roster_ops.remove_wargear(gang, index, c.index), c.refund, item.name
    )
    return edited, f"Remove {item.name} from {fighter.name}", index, messages


def _add_skill(gang: Gang, c: AddSkill, _: CharacteristicTable) -> Edited:
    index = roster_ops.fighter_index(gang, c.fighter_id)
    edited = roster_ops.add_skill(gang, index, c.name)
    skill = edited.fighters[index].skills[-1]
    return edited, f"Add skill {skill} to {gang.fighters[index].name}", index, ()


def _remove_skill(gang: Gang, c: RemoveSkill, _: CharacteristicTable) -> Edited:
    index = roster_ops.fighter_index(gang, c.fighter_id)
    fighter = gang.fighters[index]
    skill = fighter.skills[c.index]
    edited = roster_ops.remove_skill(gang, index, c.index)
    return edited, f"Remove skill {skill} from {fighter.name}", index, ()


def _add_injury(gang: Gang, c: AddInjury, _: CharacteristicTable) -> Edited:
    index = roster_ops.fighter_index(gang, c.fighter_id)
    edited = roster_ops.add_injury(gang, index, c.name)
    injury = edited.fighters[index].injuries[-1]
    return edited, f"Add injury {injury} to {gang.fighters[index].name}", index, ()


def _remove_injury(gang: Gang, c: RemoveInjury, _: CharacteristicTable) -> Edited:
    index = roster_ops.fighter_index(gang, c.fighter_id)
    fighter = gang.fighters[index]
    injury = fighter.injuries[c.index]
    edited = roster_ops.remove_injury(gang, index, c.index)
    return edited, f"Remove injury {injury} from {fighter.name}", index, ()


# -- the stash ---------------------------------------------------------------------------


def _stash_item(gang: Gang, index: int) -> Weapon:
    if not 0 <= index < len(gang.stash):
        raise RosterError("that item is no longer in the stash: reload the gang")
    return gang.stash[index]


def _without_stash_item(gang: Gang, index: int) -> Gang:
    return gang.model_copy(update={"stash": [s for i, s in enumerate(gang.stash) if i != index]})


def _buy_for_stash(gang: Gang, c: BuyForStash, ruleset: Ruleset) -> Edited:
    try:
        bought, cost, _text = trading.purchase(
            ruleset, gang, PurchaseEntry(fighter=STASH, item=c.item)
        )
    except trading.TradeProblem as exc:
        raise RosterError(str(exc)) from None
    item = bought.stash[-1]
    edited, messages = _paid(bought, True, cost, item.name)
    return edited, f"Buy {item.name} for the stash", None, messages


def _give_from_stash(gang: Gang, c: GiveFromStash, ruleset: Ruleset) -> Edited:
    item = _stash_item(gang, c.index)
    index = roster_ops.fighter_index(gang, c.fighter_id)
    fighter = gang.fighters[index]
    if fighter.status in (FighterStatus.DEAD, FighterStatus.CAPTURED):
        raise RosterError(f"{fighter.name} is {fighter.status.label.lower()}: nothing is given")
    entry = armoury_lookup(ruleset, item.name)
    if entry is not None:
        # Already owned: its rarity does not matter, only who may carry it.
        verdict = check_item_for_gang(ruleset, gang, fighter, entry, trading_post=True)
        if not verdict.allowed:
            raise RosterError(f"{verdict.reason}: {item.name} stays in the stash")
    edited = _without_stash_item(gang, c.index)
    if item.profiles:
        edited = roster_ops.add_weapon(edited, index, item)
    else:
        edited = roster_ops.add_wargear(edited, index, Item(name=item.name, cost=item.cost))
    return edited, f"Give {item.name} from the stash to {fighter.name}", index, ()


def _take_to_stash(gang: Gang, c: TakeToStash, _: CharacteristicTable) -> Edited:
    index = roster_ops.fighter_index(gang, c.fighter_id)
    fighter = gang.fighters[index]
    if c.kind == "weapon":
        item = fighter.weapons[c.index]
        edited = roster_ops.remove_weapon(gang, index, c.index)
    elif c.kind == "wargear":
        item = trading.as_stash_item(fighter.wargear[c.index])
        edited = roster_ops.remove_wargear(gang, index, c.index)
    else:
        raise RosterError(f"{quoted(c.kind)} is not weapon or wargear")
    edited = edited.model_copy(update={"stash": [*edited.stash, item]})
    return edited, f"Take {item.name} from {fighter.name} to the stash", index, ()


def _sell_from_stash(gang: Gang, c: SellFromStash, _: CharacteristicTable) -> Edited:
    item = _stash_item(gang, c.index)
    value = sale_value(item)
    edited = roster_ops.refund(_without_stash_item(gang, c.index), value)
    return edited, f"Sell {item.name} from the stash", None, (f"sold for {value} credits",)


def sale_value(item: Weapon) -> int:
    """What selling brings: half the price paid, rounded down (rules/post_battle_trading)."""
    return item.total_cost // 2


def _prepared(image: bytes | None) -> bytes | None:
    if image is None:
        return None
    from gangmanager.exchange.portrait_image import PortraitError, prepare_portrait

    try:
        return prepare_portrait(image)
    except PortraitError as exc:
        raise ServiceError(f"picture refused: {exc}") from None


def _set_portrait(gang: Gang, fighter_id: int | None, portrait: bytes | None) -> Edited:
    verb = "Set" if portrait is not None else "Clear"
    if fighter_id is None:
        edited = gang.model_copy(update={"portrait": portrait})
        return edited, f"{verb} the portrait of {gang.name}", None, ()
    index = roster_ops.fighter_index(gang, fighter_id)
    fighter = gang.fighters[index].model_copy(update={"portrait": portrait})
    fighters = list(gang.fighters)
    fighters[index] = fighter
    edited = gang.model_copy(update={"fighters": fighters})
    return edited, f"{verb} the portrait of {fighter.name}", index, ()
