"""Advancements bought with XP: costs with escalation, caps, the Ganger 2D6 table, promotions.

    cost = table XP + escalation x earlier advances of the same characteristic
           (no escalation for Juves and Prospects)

Gangers and Exotic Beasts do not choose from the table: they roll 2D6 on the
Ganger table (FACTS.md section 7) and pay a fixed 6 XP; a 2 or 12 promotes
a Ganger to Specialist. A Specialist may buy promotion to Champion.
"""

from __future__ import annotations

from dataclasses import dataclass

from gangmanager.rules.gang import Category, Fighter
from gangmanager.rules.gang_additions import earns_xp
from gangmanager.rules.limits import quoted
from gangmanager.rules.modifiers import (
    AdvancementCapError,
    Modifier,
    ModifierKind,
    check_advancement,
)
from gangmanager.rules.ruleset import Advancement, GangerResult, Ruleset, Skill
from gangmanager.rules.skill_access import skill_access
from gangmanager.rules.weapons import trait_key

# Who rolls on the Ganger table instead of buying from the advancement table.
ROLLS_ON_GANGER_TABLE = frozenset({Category.GANGER, Category.EXOTIC_BEAST})
# No escalation for these (FACTS.md section 7).
NO_ESCALATION = frozenset({Category.JUVE, Category.PROSPECT})
# The Ganger table option that promotes a Ganger.
SPECIALIST = "specialist"


class AdvancementProblem(ValueError):
    """An advancement the fighter cannot take; the message says why."""


def earlier_advances(fighter: Fighter, code: str) -> int:
    """How many advancements already raised this characteristic."""
    return sum(
        1
        for m in fighter.modifiers
        if m.kind is ModifierKind.ADVANCEMENT and m.changes.get(code, 0) > 0
    )


def xp_cost(fighter: Fighter, advancement: Advancement) -> int:
    if advancement.characteristic is None or fighter.category in NO_ESCALATION:
        return advancement.xp
    code = advancement.characteristic
    return advancement.xp + advancement.escalation * earlier_advances(fighter, code)


def ganger_result(ruleset: Ruleset, roll: int) -> GangerResult:
    if not 2 <= roll <= 12:
        raise AdvancementProblem(f"the Ganger table is rolled on 2D6 (2-12), not {roll}")
    for row in ruleset.ganger_advancements:
        low, _, high = row.roll.partition("-")
        if int(low) <= roll <= int(high or low):
            return row
    raise AdvancementProblem(f"roll {roll} is on no row of the {ruleset.id} Ganger table")


def advancement_label(ruleset: Ruleset, fighter: Fighter, advancement_id: str) -> str:
    """The name players read on the card ("Movement +1"), never the pack's id ("m")."""
    if fighter.category in ROLLS_ON_GANGER_TABLE and ruleset.ganger_advancements:
        return "Ganger table"
    if advancement_id.strip().casefold() == SPECIALIST:
        return "Promoted to Specialist"
    found = ruleset.advancement(advancement_id)
    return found.name if found is not None else advancement_id


@dataclass(frozen=True)
class Bought:
    """One advancement applied: the new fighter, the XP paid and a line for the report."""

    fighter: Fighter
    xp: int
    credits: int
    text: str


def characteristic_modifier(
    ruleset: Ruleset, fighter: Fighter, advancement: Advancement, credits: int
) -> Modifier:
    assert advancement.characteristic is not None
    table = ruleset.table_for(fighter.profile)
    try:
        code = table.lookup(advancement.characteristic).code
    except KeyError:
        raise AdvancementProblem(
            f"{fighter.name}'s profile has no {advancement.characteristic}"
            f" to advance ({advancement.name})"
        ) from None
    modifier = Modifier.read(
        {
            "source": f"Advancement: {advancement.name}",
            "kind": ModifierKind.ADVANCEMENT,
            "changes": {code: 1},
            "cost": credits,
        },
        table,
    )
    try:
        check_advancement(fighter.profile, fighter.modifiers, modifier, table)
    except AdvancementCapError as exc:
        raise AdvancementProblem(str(exc)) from None
    return modifier


def find_skill(
    ruleset: Ruleset, name: str | None, skill_set: str | None, roll: int | None
) -> tuple[str, Skill]:
    """The skill by name (in `skill_set` if given), or the `roll`th of the set (a D6)."""
    sets = ruleset.skill_sets
    if skill_set is not None:
        sets = [s for s in sets if trait_key(s.name) == trait_key(skill_set)]
        if not sets:
            known = ", ".join(s.name for s in ruleset.skill_sets)
            raise AdvancementProblem(f"no skill set {quoted(skill_set)} (known: {known})")
    if name is None:
        if skill_set is None or roll is None:
            raise AdvancementProblem("name the skill gained (skill), or give skill_set and roll")
        skills = sets[0].skills
        if not 1 <= roll <= len(skills):
            raise AdvancementProblem(
                f"a random {sets[0].name} skill is rolled on 1-{len(skills)}, not {roll}"
            )
        return sets[0].name, skills[roll - 1]
    for found_set in sets:
        for skill in found_set.skills:
            if trait_key(skill.name) == trait_key(name):
                return found_set.name, skill
    where = f" in {sets[0].name}" if skill_set is not None else ""
    raise AdvancementProblem(f"no skill {quoted(name)}{where}")


def allowed_sets(ruleset: Ruleset, house: str, fighter: Fighter, kind: str) -> list[str]:
    """The fighter type's primary or secondary sets; AdvancementProblem when the pack has
    none to give (an unknown type, or a type listed without that access)."""
    override = "or turn on the gang's house rules to ignore skill access"
    fighter_type, unknown = skill_access(ruleset, house or None, fighter)
    if fighter_type is None:
        raise AdvancementProblem(f"{unknown}: fix the pack, {override}")
    primary = kind.startswith("primary")
    sets = fighter_type.skill_sets_primary if primary else fighter_type.skill_sets_secondary
    if not sets:
        which = "primary" if primary else "secondary"
        raise AdvancementProblem(
            f"the {ruleset.id} pack lists no {which} skill sets for a {fighter_type.name}"
            f" (an error of the pack): fix the pack, {override}"
        )
    return sets


def gain_skill(
    ruleset: Ruleset,
    house: str,
    fighter: Fighter,
    advancement: Advancement,
    *,
    skill: str | None,
    skill_set: str | None,
    roll: int | None,
    credits: int,
    ignore_access: bool = False,
) -> tuple[Fighter, str]:
    assert advancement.skill is not None
    return _take_skill(
        ruleset, house, fighter, advancement.skill, advancement.name.lower(),
        skill=skill, skill_set=skill_set, roll=roll, credits=credits,
        ignore_access=ignore_access,
    )  # fmt: skip


def _take_skill(
    ruleset: Ruleset,
    house: str,
    fighter: Fighter,
    access: str,
    what: str,
    *,
    skill: str | None,
    skill_set: str | None,
    roll: int | None,
    credits: int,
    ignore_access: bool,
) -> tuple[Fighter, str]:
    """Add one skill from the sets `access` ("primary..."/"secondary...") allows."""
    if skill_set is None and skill is None and not ignore_access:
        # A random skill from the only set the fighter may roll on.
        sets = allowed_sets(ruleset, house, fighter, access)
        skill_set = sets[0] if len(sets) == 1 else None
    set_name, found = find_skill(ruleset, skill, skill_set, roll)
    if not ignore_access:
        allowed = allowed_sets(ruleset, house, fighter, access)
        if trait_key(set_name) not in {trait_key(s) for s in allowed}:
            raise AdvancementProblem(
                f"{found.name} is in the {set_name} set; a {fighter.type} takes"
                f" {what} from {', '.join(allowed)}"
            )
    if any(trait_key(s) == trait_key(found.name) for s in fighter.skills):
        raise AdvancementProblem(f"{fighter.name} already has {found.name}")
    modifiers = [
        *fighter.modifiers,
        Modifier(source=f"Advancement: {found.name}", kind=ModifierKind.ADVANCEMENT, cost=credits),
    ]
    if found.changes:
        modifiers.append(
            Modifier.of_pack(
                found.name, ModifierKind.SKILL, found.changes, ruleset.table_for(fighter.profile)
            )
        )
    updated = fighter.model_copy(
        update={"skills": [*fighter.skills, found.name], "modifiers": modifiers}
    )
    return updated, f"{found.name} ({set_name})"


def advance(
    ruleset: Ruleset,
    house: str,
    fighter: Fighter,
    advancement_id: str,
    *,
    roll: int | None = None,
    skill: str | None = None,
    skill_set: str | None = None,
    skill_roll: int | None = None,
    ignore_access: bool = False,
) -> Bought:
    """Buy one advancement; raises AdvancementProblem (fighter unchanged) when it cannot be.

    `ignore_access` is the gang's house rule that lets any skill be taken."""
    if not earns_xp(ruleset, house or None, fighter):
        raise AdvancementProblem(
            f"{fighter.name} is a {fighter.category.label}: they take no advancements"
        )
    if fighter.category in ROLLS_ON_GANGER_TABLE and ruleset.ganger_advancements:
        return _ganger_advance(
            ruleset, house, fighter, advancement_id, roll,
            skill=skill, skill_set=skill_set, skill_roll=skill_roll, ignore_access=ignore_access,
        )  # fmt: skip
    advancement = offered_advancement(ruleset, fighter, advancement_id)
    cost = xp_cost(fighter, advancement)
    if fighter.xp < cost:
        raise AdvancementProblem(
            f"not enough XP for {advancement.name}: costs {cost}, {fighter.name} has {fighter.xp}"
        )
    paid = fighter.model_copy(update={"xp": fighter.xp - cost})
    paid, text = with_advancement(
        ruleset, house, fighter, paid, advancement,
        roll=roll, skill=skill, skill_set=skill_set, skill_roll=skill_roll,
        ignore_access=ignore_access,
    )  # fmt: skip
    if advancement.promotion:
        paid = paid.model_copy(update={"category": Category.CHAMPION})
        text += ", now a Champion"
    return Bought(
        paid,
        cost,
        advancement.credits,
        f"{text}, -{cost} XP, +{advancement.credits} credits to cost",
    )


def offered_advancement(ruleset: Ruleset, fighter: Fighter, advancement_id: str) -> Advancement:
    """The pack's advancement of that id, refused when unknown or not for the fighter."""
    advancement = ruleset.advancement(advancement_id)
    if advancement is None:
        known = ", ".join(a.id for a in ruleset.advancements) or "none"
        raise AdvancementProblem(f"no advancement {quoted(advancement_id)} (known: {known})")
    if advancement.categories and fighter.category not in advancement.categories:
        who = ", ".join(c.label for c in advancement.categories)
        raise AdvancementProblem(f"{advancement.name} is for {who} only")
    return advancement


def with_advancement(
    ruleset: Ruleset,
    house: str,
    fighter: Fighter,
    paid: Fighter,
    advancement: Advancement,
    *,
    roll: int | None,
    skill: str | None,
    skill_set: str | None,
    skill_roll: int | None,
    ignore_access: bool,
) -> tuple[Fighter, str]:
    """The paid fighter with what the advancement gives (a characteristic step, a skill
    or a plain modifier), and its text."""
    if advancement.characteristic is not None:
        modifier = characteristic_modifier(ruleset, fighter, advancement, advancement.credits)
        paid = paid.model_copy(update={"modifiers": [*paid.modifiers, modifier]})
        return paid, f"{advancement.name} ({_step_text(ruleset, fighter, paid, modifier)})"
    if advancement.skill is not None:
        paid, gained = gain_skill(
            ruleset, house, paid, advancement,
            skill=skill, skill_set=skill_set, roll=roll if skill_roll is None else skill_roll,
            credits=advancement.credits, ignore_access=ignore_access,
        )  # fmt: skip
        return paid, f"{advancement.name}: {gained}"
    modifier = Modifier(
        source=f"Advancement: {advancement.name}",
        kind=ModifierKind.ADVANCEMENT,
        cost=advancement.credits,
    )
    return paid.model_copy(update={"modifiers": [*paid.modifiers, modifier]}), advancement.name


def _step_text(ruleset: Ruleset, before: Fighter, after: Fighter, modifier: Modifier) -> str:
    table = ruleset.table_for(before.profile)
    (code,) = modifier.changes
    row = table[code]
    old, new = before.effective(table).values[code], after.effective(table).values[code]
    return f"{code} {row.print(old)} -> {row.print(new)}"


def _ganger_advance(
    ruleset: Ruleset,
    house: str,
    fighter: Fighter,
    choice: str,
    roll: int | None,
    *,
    skill: str | None,
    skill_set: str | None,
    skill_roll: int | None,
    ignore_access: bool,
) -> Bought:
    if roll is None:
        raise AdvancementProblem(
            f"{fighter.category.label}s roll 2D6 on the Ganger table: give the roll"
        )
    row = ganger_result(ruleset, roll)
    options = [o.casefold() for o in row.options]
    wanted = choice.strip().casefold()
    if wanted not in options:
        raise AdvancementProblem(
            f"Ganger table {roll} ({row.name}) offers {' or '.join(row.options)}, not {quoted(choice)}"
        )
    table_xp = ruleset.post_battle_rules.ganger_advance_xp
    if fighter.xp < table_xp:
        raise AdvancementProblem(
            f"not enough XP for the Ganger table: costs {table_xp}, {fighter.name} has {fighter.xp}"
        )
    paid = fighter.model_copy(update={"xp": fighter.xp - table_xp})
    if wanted == SPECIALIST:
        paid, text = _promote_to_specialist(
            ruleset, house, fighter, paid, row, roll,
            skill=skill, skill_set=skill_set, skill_roll=skill_roll, ignore_access=ignore_access,
        )  # fmt: skip
    else:
        paid, text = _ganger_characteristic(ruleset, fighter, paid, row, wanted)
    return Bought(
        paid,
        table_xp,
        row.credits,
        f"Ganger table {roll}: {text}, -{table_xp} XP, +{row.credits} credits to cost",
    )


def _promote_to_specialist(
    ruleset: Ruleset,
    house: str,
    fighter: Fighter,
    paid: Fighter,
    row: GangerResult,
    roll: int,
    *,
    skill: str | None,
    skill_set: str | None,
    skill_roll: int | None,
    ignore_access: bool,
) -> tuple[Fighter, str]:
    """A Ganger becomes a Specialist with one random Primary skill; the fighter and the text."""
    if fighter.category is not Category.GANGER:
        raise AdvancementProblem(f"only a Ganger can be promoted to Specialist (roll {roll})")
    modifier = Modifier(
        source="Advancement: Promoted to Specialist",
        kind=ModifierKind.ADVANCEMENT,
        cost=row.credits,
    )
    paid = paid.model_copy(
        update={"category": Category.SPECIALIST, "modifiers": [*paid.modifiers, modifier]}
    )
    # The promotion brings one random Primary skill (named, or a set and its D6).
    if skill is None and skill_roll is None:
        raise AdvancementProblem(
            f"Promoted to Specialist (roll {roll}) brings one random Primary skill:"
            " give the skill, or skill_roll (a D6) and skill_set"
        )
    paid, gained = _take_skill(
        ruleset, house, paid, "primary", "the promotion's random skill",
        skill=skill, skill_set=skill_set, roll=skill_roll, credits=0,
        ignore_access=ignore_access,
    )  # fmt: skip
    return paid, f"Promoted to Specialist, gains {gained}"


def _ganger_characteristic(
    ruleset: Ruleset, fighter: Fighter, paid: Fighter, row: GangerResult, wanted: str
) -> tuple[Fighter, str]:
    """The characteristic the Ganger table's row offers; the fighter and the text."""
    advancement = ruleset.advancement(wanted)
    if advancement is None or advancement.characteristic is None:
        raise AdvancementProblem(
            f"the Ganger table names {quoted(wanted)}, not in the advancements"
        )
    modifier = characteristic_modifier(ruleset, fighter, advancement, row.credits)
    paid = paid.model_copy(update={"modifiers": [*paid.modifiers, modifier]})
    return paid, f"{advancement.name} ({_step_text(ruleset, fighter, paid, modifier)})"
