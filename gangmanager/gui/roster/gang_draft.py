"""The gang being founded in the new-gang wizard: a draft in memory, nothing written.

Every recruit and purchase is checked against the starting credits; the
wizard's pages (new_gang_wizard.py) edit one draft, and Finish founds it.
"""

from __future__ import annotations

from gangmanager.rules import gang_additions, ratings, restrictions, roster_ops, skill_access
from gangmanager.rules.default_ruleset import DEFAULT_RULESET
from gangmanager.rules.fighter_refs import next_provisional_id
from gangmanager.rules.gang import Fighter, Gang
from gangmanager.rules.restrictions import Offer
from gangmanager.rules.roster_ops import RosterError
from gangmanager.rules.ruleset import ArmouryItem, ArmouryWeapon, FighterType, Ruleset
from gangmanager.rules.vehicles import VehicleError, vehicle_fighter
from gangmanager.rules.weapons import Item


class GangDraft:
    """The gang being founded, in memory; every purchase checked against the credits."""

    def __init__(self) -> None:
        self.name = ""
        self.house = ""
        self.ruleset: Ruleset | None = None
        self.starting_credits = 1000
        self.fighters: list[Fighter] = []

    @property
    def spent(self) -> int:
        return sum(ratings.fighter_cost(f) for f in self.fighters)

    @property
    def credits_left(self) -> int:
        return self.starting_credits - self.spent

    def gang(self) -> Gang:
        ruleset_id = self.ruleset.id if self.ruleset else DEFAULT_RULESET
        return Gang(
            name=self.name or "New gang",
            house=self.house,
            ruleset=ruleset_id,
            credits=self.credits_left,
            fighters=list(self.fighters),
        )

    def _afford(self, price: int, what: str) -> None:
        if price > self.credits_left:
            raise RosterError(
                f"{what} costs {price} credits; only {self.credits_left} are left: not bought"
            )

    def recruit(self, kind: FighterType, name: str, owner_id: int | None = None) -> Fighter:
        """A Brute, Hanger-on, Hired Gun or Exotic Beast must be within its limits;
        a beast joins with `owner_id` (a recruit's id) who may have one. A recruit
        gets a provisional id (rules/fighter_refs.py) for a beast to point at."""
        if kind.kind and self.ruleset is not None:
            verdict = gang_additions.check_recruit(
                self.ruleset, self.house or None, self.fighters, kind, owner_id
            )
            if not verdict.allowed:
                raise RosterError(f"{verdict.reason}: not recruited")
        fighter = roster_ops.recruit(
            kind, name, self.ruleset, house=self.house or None, owner_id=owner_id
        ).model_copy(update={"id": next_provisional_id(self.fighters)})
        self._afford(fighter.cost, fighter.name)
        self.fighters.append(fighter)
        return fighter

    def recruit_vehicle(self, vehicle: str, crew: str | None, name: str) -> Fighter:
        """A vehicle of the pack the house may take, driven by `crew` (None: the house's
        first crew for it), at the vehicle's and the crew's cost; an empty name is the
        vehicle's."""
        assert self.ruleset is not None
        try:
            fighter = vehicle_fighter(
                self.ruleset, self.house or None, vehicle, name.strip() or vehicle, crew
            )
        except VehicleError as exc:
            raise RosterError(f"{exc}: not recruited") from None
        fighter = fighter.model_copy(update={"id": next_provisional_id(self.fighters)})
        self._afford(fighter.cost, fighter.name)
        self.fighters.append(fighter)
        return fighter

    def offers(self, index: int) -> list[Offer]:
        """What the fighter may buy at founding: the house list at list price, then the
        Trading Post's items that need no availability roll, at its price; then what
        they may not take, kept (greyed, with the reason) so the player sees why."""
        if self.ruleset is None:
            return []
        fighter = self.fighters[index]
        lines = [
            o
            for kind in ("weapons", "wargear")
            for o in restrictions.offers(self.ruleset, self.house or None, fighter, kind)
        ]
        listed = [o for o in lines if o.verdict.allowed and o.verdict.source == "list"]
        rest = sorted(
            (o for o in lines if o not in listed),
            key=lambda o: (not o.verdict.allowed, *restrictions.by_kind(o.entry)),
        )
        return listed + rest

    def buy(self, index: int, entry: ArmouryWeapon | ArmouryItem) -> None:
        """Buy at the price the restrictions give; a refused item raises RosterError."""
        fighter = self.fighters[index]
        assert self.ruleset is not None
        verdict = restrictions.check_item(self.ruleset, self.house or None, fighter, entry)
        if not verdict.allowed:
            raise RosterError(f"{verdict.reason}: not bought")
        update: dict[str, object]
        if isinstance(entry, ArmouryWeapon):
            weapon = roster_ops.armoury_weapon(entry).model_copy(update={"cost": verdict.price})
            self._afford(weapon.total_cost, weapon.name)
            update = {"weapons": [*fighter.weapons, weapon]}
        else:
            item = Item(name=entry.name, cost=verdict.price)
            self._afford(item.cost, item.name)
            update = {"wargear": [*fighter.wargear, item]}
        self.fighters[index] = fighter.model_copy(update=update)

    def take_skill(self, index: int, skill: str) -> None:
        """A recruit's Primary skill (free): refused past what the type takes or off its sets."""
        assert self.ruleset is not None
        fighter = self.fighters[index]
        house = self.house or None
        if not skill_access.recruit_skills_owed(self.ruleset, house, fighter):
            raise RosterError(f"{fighter.name} has no recruit's skill left to choose")
        verdict = skill_access.check_skill(self.ruleset, house, fighter, skill)
        if verdict.access != "primary":
            reason = verdict.reason or f"{skill} is not in {fighter.name}'s Primary sets"
            raise RosterError(f"{reason}: not taken")
        self.fighters[index] = fighter.model_copy(update={"skills": [*fighter.skills, skill]})

    def drop_skill(self, index: int, skill_index: int) -> None:
        fighter = self.fighters[index]
        skills = [s for i, s in enumerate(fighter.skills) if i != skill_index]
        self.fighters[index] = fighter.model_copy(update={"skills": skills})

    def unequip(self, index: int, gear_index: int) -> None:
        """Take back a purchase (nothing is committed yet: the credits return)."""
        fighter = self.fighters[index]
        weapons, wargear = list(fighter.weapons), list(fighter.wargear)
        if gear_index < len(weapons):
            del weapons[gear_index]
        else:
            del wargear[gear_index - len(weapons)]
        self.fighters[index] = fighter.model_copy(update={"weapons": weapons, "wargear": wargear})

    def warnings(self) -> list[str]:
        warnings = roster_ops.composition_warnings(self.gang())
        if self.ruleset is not None:
            warnings += restrictions.limit_warnings(self.ruleset, self.house or None, self.fighters)
            warnings += gang_additions.ownerless_beasts(self.fighters)
            warnings += skill_access.recruit_skill_warnings(
                self.ruleset, self.house or None, self.fighters
            )
            warnings += [
                w for f in self.fighters if (w := roster_ops.slot_warning(f, self.ruleset))
            ]
        return warnings
