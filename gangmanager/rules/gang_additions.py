"""Brutes, Hangers-on, Hired Guns and Exotic Beasts where they change the roster.

- How many may join (`limit.max`, an Exotic Beast's `per_owner`), who may take
  them (`houses`), and that a beast joins with an owner who may have one.
- Hangers-on and Hired Guns gain no XP (`xp_refusal`).
- A Hanger-on leaves after a Lasting Injury that changes their card
  (`after_lasting_injury`): they go the way of the dead, off the roster.
- Brutes advance as Specialists, Exotic Beasts as Gangers (`advancement_category`).

The rules read the fighter type from the ruleset by the fighter's `type`; a
fighter of no known type (custom) is left alone.
"""

from __future__ import annotations

from dataclasses import dataclass

from gangmanager.rules.fighter_refs import fighter_with_id, owner_of
from gangmanager.rules.gang import Category, Fighter, FighterStatus
from gangmanager.rules.ruleset import FighterType, Ruleset
from gangmanager.rules.vehicles import house_refusal
from gangmanager.rules.weapons import trait_key


@dataclass(frozen=True)
class RecruitVerdict:
    allowed: bool
    reason: str = ""


def _counted(fighters: list[Fighter]) -> list[Fighter]:
    return [f for f in fighters if f.status.counts_for_rating]


def _of_type(fighters: list[Fighter], fighter_type: FighterType) -> list[Fighter]:
    key = trait_key(fighter_type.name)
    return [f for f in fighters if trait_key(f.type) == key]


def may_own(fighter_type: FighterType, owner: Fighter) -> bool:
    """Is `owner` (by category or type name) among those who may own the beast?"""
    wanted = {trait_key(w) for w in fighter_type.owners()}
    return bool(wanted & {trait_key(owner.category.value), trait_key(owner.type)})


def owner_candidates(fighter_type: FighterType, fighters: list[Fighter]) -> list[Fighter]:
    """The gang's fighters who may own a beast of this type (none for other kinds)."""
    if fighter_type.category is not Category.EXOTIC_BEAST:
        return []
    return [
        f
        for f in _counted(fighters)
        if f.category is not Category.EXOTIC_BEAST and may_own(fighter_type, f)
    ]


def _house_label(ruleset: Ruleset, ids: list[str]) -> str:
    names = [(h.name if (h := ruleset.house(i)) else i) for i in ids]
    return " or ".join(names)


def check_recruit(
    ruleset: Ruleset,
    house_id: str | None,
    fighters: list[Fighter],
    fighter_type: FighterType,
    owner_id: int | None = None,
    *,
    owner_needed: bool = True,
) -> RecruitVerdict:
    """May a gang of `house_id` with `fighters` take one more of `fighter_type`?
    `owner_needed` False: a beast whose owner is not (or no longer) in the gang
    passes on its house and limit alone."""
    name = fighter_type.name
    house = ruleset.house(house_id) if house_id else None
    if not fighter_type.open_to(house):
        return RecruitVerdict(
            False, f"{name} is for {_house_label(ruleset, fighter_type.houses)} only"
        )
    counted = _counted(fighters)
    have = len(_of_type(counted, fighter_type))
    limit = fighter_type.limit
    if limit.max is not None and have + 1 > limit.max:
        return RecruitVerdict(False, f"at most {limit.max} {name} may join; the gang has {have}")
    if fighter_type.category is not Category.EXOTIC_BEAST:
        return RecruitVerdict(True)
    who = ", ".join(fighter_type.owners())
    found = fighter_with_id(counted, owner_id) if owner_id is not None else None
    if found is None and not owner_needed:
        return RecruitVerdict(True)
    if owner_id is None:
        return RecruitVerdict(False, f"{name} is an Exotic Beast: choose its owner ({who})")
    if found is None:
        return RecruitVerdict(False, f"{name}'s owner is not in the gang")
    if not may_own(fighter_type, found):
        return RecruitVerdict(False, f"{found.name} may not own {name} (owners: {who})")
    if limit.per_owner is not None:
        owned = [f for f in _of_type(counted, fighter_type) if f.owner_id == found.id]
        if len(owned) + 1 > limit.per_owner:
            return RecruitVerdict(
                False,
                f"{found.name} already owns {len(owned)} {name}; at most {limit.per_owner} each",
            )
    return RecruitVerdict(True)


def joining_refusal(
    ruleset: Ruleset,
    house_id: str | None,
    others: list[Fighter],
    fighter: Fighter,
    *,
    owner_needed: bool = True,
) -> str | None:
    """Why `fighter` may not join a gang of `house_id` beside `others`, in one line
    (None: it may): a vehicle its house may not take, a Brute, Hanger-on, Hired Gun
    or Exotic Beast outside its house or its limits. The one check of every way a
    fighter joins (AddFighter, AddVehicle, an imported gang); `owner_needed` False
    lets a beast whose owner is gone stay (a campaign's gang, read from a file)."""
    if not fighter.type:
        return None
    house = ruleset.house(house_id) if house_id else None
    vehicle = ruleset.vehicle(fighter.type)
    if vehicle is not None:
        return house_refusal(ruleset, vehicle, house)
    key = trait_key(fighter.type)
    fighter_type = ruleset.fighter_type(house_id, fighter.type) or next(
        (t for t in ruleset.gang_additions if trait_key(t.name) == key), None
    )
    if fighter_type is None or not fighter_type.kind:
        return None
    verdict = check_recruit(
        ruleset, house_id, others, fighter_type, fighter.owner_id, owner_needed=owner_needed
    )
    return None if verdict.allowed else verdict.reason


def gang_refusal(
    ruleset: Ruleset,
    house_id: str | None,
    fighters: list[Fighter],
    joining: set[str] | None = None,
) -> str | None:
    """The first fighter of a whole roster (an imported gang) who could not join it as
    AddFighter would refuse them, in one line naming them; None: all may. `joining`:
    the names (casefolded) of those to check, the rest being in the gang already."""
    for index, fighter in enumerate(fighters):
        if not fighter.status.counts_for_rating:
            continue  # the dead and the gone are history, not recruits
        if joining is not None and fighter.name.casefold() not in joining:
            continue
        others = fighters[:index] + fighters[index + 1 :]
        reason = joining_refusal(ruleset, house_id, others, fighter, owner_needed=False)
        if reason is not None:
            return f"{reason} ({fighter.name})"
    return None


def ownerless_beasts(fighters: list[Fighter]) -> list[str]:
    """Warnings for beasts whose owner is missing, dead or gone."""
    counted = _counted(fighters)
    owners = [f for f in counted if f.category is not Category.EXOTIC_BEAST]
    warnings: list[str] = []
    for beast in counted:
        if beast.category is not Category.EXOTIC_BEAST or owner_of(beast, owners) is not None:
            continue
        gone = owner_of(beast, fighters)  # still on the roster, but dead, sold...
        warnings.append(
            f"{beast.name} ({beast.type or 'Exotic Beast'}) has no owner in the gang"
            + (f" ({gone.name} is gone)" if gone is not None else "")
        )
    return warnings


def _type_of(ruleset: Ruleset, house_id: str | None, fighter: Fighter) -> FighterType | None:
    return ruleset.fighter_type(house_id, fighter.type) if fighter.type else None


def earns_xp(ruleset: Ruleset, house_id: str | None, fighter: Fighter) -> bool:
    fighter_type = _type_of(ruleset, house_id, fighter)
    if fighter_type is not None:
        return fighter_type.earns_xp
    return fighter.category not in (Category.HANGER_ON, Category.HIRED_GUN)


def xp_refusal(ruleset: Ruleset, house_id: str | None, fighter: Fighter, amount: int) -> str:
    """Why `fighter` may not gain `amount` XP ("" when they may)."""
    if amount <= 0 or earns_xp(ruleset, house_id, fighter):
        return ""
    label = fighter.category.label
    return f"{fighter.name}: a {label} gains no XP (refused {amount})"


def advancement_category(ruleset: Ruleset, house_id: str | None, fighter: Fighter) -> Category:
    """The category whose advancements the fighter takes: a Brute's are a Specialist's."""
    fighter_type = _type_of(ruleset, house_id, fighter)
    if fighter_type is not None:
        return fighter_type.advancement_category
    return {Category.BRUTE: Category.SPECIALIST, Category.EXOTIC_BEAST: Category.GANGER}.get(
        fighter.category, fighter.category
    )


def _card(fighter: Fighter) -> tuple[object, ...]:
    return (fighter.profile, tuple(fighter.modifiers), tuple(fighter.skills))


def after_lasting_injury(
    ruleset: Ruleset, house_id: str | None, before: Fighter, after: Fighter
) -> tuple[Fighter, str]:
    """A Hanger-on whose card the injury changed leaves the gang (status Retired,
    off the roster like the dead); returns the fighter and the note to write ("" if
    nothing more happens)."""
    fighter_type = _type_of(ruleset, house_id, after)
    leaves = (
        fighter_type.leaves_after_injury
        if fighter_type is not None
        else after.category is Category.HANGER_ON
    )
    if not leaves or after.status is FighterStatus.DEAD or _card(before) == _card(after):
        return after, ""
    gone = after.model_copy(update={"status": FighterStatus.RETIRED})
    return gone, f"{after.category.label}: the injury changes their card, so they leave the gang"
