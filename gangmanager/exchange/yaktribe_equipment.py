"""A YakTribe fighter's equipment lines made into weapons and wargear.

Per line, in this order:

1. the armoury by the whole name, the other tools' spellings of
   `yaktribe_names` included ("Choke Grenade", "Jaws (Giant Rat)");
2. a beast marker ("Cyber-mastiff (Exotic Beast)", "Psychic Familiar"): it
   only says who owns the beast, so it becomes no item;
3. a separate ammo line ("Shotgun - Executioner", "Hotshot Lasgun Pack"):
   that profile of the fighter's weapon, at the line's price. Ammo lines are
   taken after every other line, so the weapon may come later in the file. A
   fighter without the weapon keeps the line as a custom item (reported),
   unless the line costs at least the weapon itself: then it is the weapon
   bought with that ammo. Ammo the weapon lacks but a variant of it has (the
   penetrator rounds of the Enforcer boltgun, on a Boltgun) is that profile;
4. the armoury by the part before a qualifier ("Shotgun w/ inferno ammo");
5. else a custom item with its price.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gangmanager.exchange.armoury_match import (
    AmmoLine,
    ArmouryIndex,
    ArmouryMatch,
    ammo_of,
    name_tokens,
    split_qualifier,
    weapon_from_armoury,
)
from gangmanager.exchange.yaktribe_names import rows
from gangmanager.rules.gang import Category
from gangmanager.rules.ruleset import ArmouryWeapon, Ruleset
from gangmanager.rules.weapons import Item, Weapon

__all__ = ["Kit", "Line", "Owner"]


@dataclass
class Line:
    name: str
    qty: int
    cost: int


@dataclass
class Owner:
    """Items and report lines being built for one fighter (or the stash)."""

    name: str
    weapons: list[Weapon] = field(default_factory=list)
    wargear: list[Item] = field(default_factory=list)
    matched: list[tuple[str, str]] = field(default_factory=list)
    unmatched: list[tuple[str, int]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    # Beast types whose marker is on the card (the fighter owns one of each).
    marks: list[str] = field(default_factory=list)
    # Whether the fighter's type is one of the pack's.
    on_pack_type: bool = False


def _shown(line: Line) -> str:
    return line.name if line.qty == 1 else f"{line.name} (x{line.qty})"


class Kit:
    """What one import knows about names: the armoury, its spellings, the beasts."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.index = ArmouryIndex(ruleset, rows("item"), [name for name, _ in rows("custom")])
        beasts = [
            t
            for t in [
                *(t for h in ruleset.houses for t in h.fighter_types),
                *ruleset.gang_additions,
            ]
            if t.category is Category.EXOTIC_BEAST
        ]
        self._beasts = {name_tokens(t.name): t.name for t in beasts}
        names = {name_tokens(t.name) for t in beasts}
        for theirs, ours in rows("marker"):
            if name_tokens(ours) in names:
                self._beasts[name_tokens(theirs)] = self._beasts[name_tokens(ours)]

    def beast_marked(self, name: str) -> str:
        """The beast type an item names ("Cyber-mastiff (Exotic Beast)"); "" if none."""
        for text in (name, split_qualifier(name)[0]):
            found = self._beasts.get(name_tokens(text))
            if found:
                return found
        return ""

    def add(self, lines: list[Line], costs: list[list[int]], owner: Owner, *, stash: bool) -> None:
        """Every line becomes items of `owner`, matched or custom, and a report line."""
        ammo: list[tuple[Line, list[int], AmmoLine]] = []
        for line, unit_costs in zip(lines, costs, strict=True):
            whole = self.index.match(line.name)
            if whole is not None and not whole.by_qualifier:
                self._put(line, unit_costs, whole, owner, stash=stash)
                continue
            beast = "" if stash else self.beast_marked(line.name)
            if beast:
                owner.marks.extend([beast] * line.qty)
                owner.matched.append((_shown(line), f"{beast} (marks its owner)"))
                if sum(unit_costs):
                    owner.notes.append(
                        f"{line.name} ({sum(unit_costs)} credits) only marks the owner of a"
                        f" {beast}: its price stays in the fighter's cost"
                    )
                continue
            found = None if stash else self.index.ammo(line.name)
            if found is not None:
                ammo.append((line, unit_costs, found))
                continue
            self._put(line, unit_costs, whole, owner, stash=stash)
        for line, unit_costs, found in ammo:
            self._ammo(line, unit_costs, found, owner)

    def _put(
        self,
        line: Line,
        unit_costs: list[int],
        match: ArmouryMatch | None,
        owner: Owner,
        *,
        stash: bool,
    ) -> None:
        if match is None:
            owner.unmatched.append((_shown(line), sum(unit_costs)))
        else:
            owner.matched.append((_shown(line), match.entry.name))
        for cost in unit_costs:
            if match is not None and isinstance(match.entry, ArmouryWeapon):
                owner.weapons.append(weapon_from_armoury(match.entry, cost, line.name))
            elif stash:  # the stash holds Weapon entries (rules.gang.Gang.stash)
                name = match.entry.name if match is not None else line.name
                owner.weapons.append(Weapon(name=name, cost=cost))
            else:
                name = match.entry.name if match is not None else line.name
                owner.wargear.append(Item(name=name, cost=cost))

    def _ammo(self, line: Line, unit_costs: list[int], found: AmmoLine, owner: Owner) -> None:
        weapon_name = found.weapon.name
        price = sum(unit_costs)
        at = next((i for i, w in enumerate(owner.weapons) if w.name == weapon_name), None)
        if at is None:  # "Penetrator Rounds-Boltgun" on an Enforcer boltgun
            own = set(name_tokens(weapon_name))
            at = next(
                (i for i, w in enumerate(owner.weapons) if own <= set(name_tokens(w.name))), None
            )
            carried = self.index.match(owner.weapons[at].name) if at is not None else None
            if carried is not None and isinstance(carried.entry, ArmouryWeapon):
                weapon_name = carried.entry.name
                found = ammo_of(carried.entry, list(found.words)) or AmmoLine(
                    carried.entry, None, found.words
                )
        ammo = " ".join(found.words)
        if at is None:
            match = self.index.match(line.name)
            if price >= found.weapon.cost and match is not None:
                self._put(line, unit_costs, match, owner, stash=False)  # the weapon, with ammo
                return
            self._put(line, unit_costs, None, owner, stash=False)
            owner.notes.append(
                f"{line.name}: {ammo} ammo for a {weapon_name} the fighter does not carry:"
                " kept as a custom item"
            )
            return
        variant = None
        if found.profile is None:
            variant = self.index.variant_ammo(found.weapon, found.words)
            if variant is not None:
                found = AmmoLine(found.weapon, variant.profile, found.words)
        if found.profile is None:
            self._put(line, unit_costs, None, owner, stash=False)
            owner.notes.append(
                f"{line.name}: the {weapon_name} has no {ammo} profile in the pack:"
                " kept as a custom item"
            )
            return
        weapon = owner.weapons[at]
        names = [p.name for p in weapon.profiles]
        if found.profile.name in names:
            # Already there (a free profile, or named on the weapon's line): the price only.
            profiles = list(weapon.profiles)
            index = names.index(found.profile.name)
            profiles[index] = profiles[index].model_copy(
                update={"cost": profiles[index].cost + price}
            )
        else:
            profiles = [*weapon.profiles, found.profile.model_copy(update={"cost": price})]
        owner.weapons[at] = weapon.model_copy(update={"profiles": profiles})
        owner.matched.append((_shown(line), f"{weapon_name}: {found.profile.name}"))
        if variant is not None:
            owner.notes.append(
                f"{line.name}: the {weapon_name} has no {found.profile.name} profile in the"
                f" pack; the {variant.weapon.name}'s is used"
            )
