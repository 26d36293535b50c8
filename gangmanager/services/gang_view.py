"""The gang as `gangmanager show --json` prints it (a contract for players' scripts)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gangmanager.rules import ranks, ratings
from gangmanager.rules.gang import Fighter, Gang
from gangmanager.rules.restrictions import roster_warnings
from gangmanager.rules.ruleset import Ruleset

# (fighter, weapon, profile) -> battle state of the profile, while a battle is going on.
ProfileStates = Mapping[tuple[str, str, str], str]


def _fighter_view(
    fighter: Fighter, ruleset: Ruleset, house: str, states: ProfileStates | None = None
) -> dict[str, Any]:
    statline = ruleset.statline_of(house, fighter.type, fighter.profile)
    table = ruleset.statline(statline)
    effective = fighter.effective(table)
    states = states or {}
    return {
        "name": fighter.name,
        "type": fighter.type,
        "category": fighter.category.value,
        "status": fighter.status.value,
        "xp": fighter.xp,
        "cost": fighter.cost,
        "rating": ratings.committed_fighter_rating(fighter),
        "pending_rating": ratings.pending_fighter_rating(fighter),
        # The pack's statline the profiles are keyed by (`rules show --json` lists it).
        "statline": statline,
        "base_profile": fighter.profile.printed(table),
        "profile": effective.printed(),
        "modifier_summary": effective.summary(),
        "modifiers": [m.model_dump(mode="json") for m in fighter.modifiers],
        "weapons": [
            {
                "name": weapon.name,
                "cost": weapon.cost,
                "profiles": [
                    {
                        **p.model_dump(mode="json", by_alias=True),
                        "state": states.get((fighter.name, weapon.name, p.name), "ready"),
                    }
                    for p in weapon.profiles
                ],
            }
            for weapon in fighter.weapons
        ],
        "wargear": [{"name": item.name, "cost": item.cost} for item in fighter.wargear],
        "skills": list(fighter.skills),
        "injuries": list(fighter.injuries),
        "notes": fighter.notes,
        **_rank_view(fighter, ruleset, house),
    }


def _rank_view(fighter: Fighter, ruleset: Ruleset, house: str) -> dict[str, Any]:
    """A ranks pack's (n26) rank and the advancements owed at it: one per rank begun
    above the type's Starting XP, less the advancements already on the fighter."""
    found = ranks.standing(ruleset, house, fighter)
    if found is None:
        return {}
    return {"rank": found.rank, "advancements_owed": found.owed}


def gang_view(
    gang: Gang, ruleset: Ruleset, profile_states: ProfileStates | None = None
) -> dict[str, Any]:
    """`profile_states` (from `services.battle.profile_states`) gives each profile's
    battle state while a battle is going on; otherwise every profile is `ready`."""
    return {
        "id": gang.id,
        "name": gang.name,
        "house": gang.house,
        "ruleset": gang.ruleset,
        "credits": gang.credits,
        "reputation": gang.reputation,
        "rating": ratings.committed_gang_rating(gang),
        "pending_rating": ratings.pending_gang_rating(gang),
        "wealth": ratings.wealth(gang),
        # The house rule that lifts list, slot, availability and skill-access limits.
        "house_rules_ignore_restrictions": gang.house_rules_ignore_restrictions,
        # What the roster breaks (two Leaders, a list's limits): an imported gang may.
        "warnings": roster_warnings(gang, ruleset),
        "stash": [
            {"name": item.name, "cost": item.cost, "profiles": len(item.profiles)}
            for item in gang.stash
        ],
        "fighters": [_fighter_view(f, ruleset, gang.house, profile_states) for f in gang.fighters],
    }


def gang_text(gang: Gang, ruleset: Ruleset) -> str:
    """A short plain-text roster for `gangmanager show`."""
    view = gang_view(gang, ruleset)
    lines = [
        f"{gang.name} ({gang.house or 'no house'}, ruleset {gang.ruleset})",
        f"Gang Rating {view['rating']} (pending {view['pending_rating']}), wealth {view['wealth']},"
        f" credits {gang.credits}, reputation {gang.reputation}",
    ]
    if gang.house_rules_ignore_restrictions:
        lines.append("House rules: no list or access restrictions")
    lines += [f"Warning: {warning}" for warning in view["warnings"]]
    lines.append("")
    for fighter in view["fighters"]:
        lines.append(
            f"{fighter['name']} - {fighter['type']} ({fighter['category']}, {fighter['status']}),"
            f" XP {fighter['xp']}, rating {fighter['rating']}"
            + (
                f" (pending {fighter['pending_rating']})"
                if fighter["pending_rating"] != fighter["rating"]
                else ""
            )
        )
        lines.append("  " + " ".join(fighter["profile"].values()))
        if fighter["modifier_summary"]:
            lines.append(f"  modifiers: {fighter['modifier_summary']}")
        for weapon in fighter["weapons"]:
            names = ", ".join(p["name"] for p in weapon["profiles"] if p["name"])
            lines.append(f"  {weapon['name']}" + (f" [{names}]" if names else ""))
        if fighter["wargear"]:
            lines.append("  wargear: " + ", ".join(w["name"] for w in fighter["wargear"]))
        if fighter["skills"]:
            lines.append("  skills: " + ", ".join(fighter["skills"]))
        if fighter["injuries"]:
            lines.append("  injuries: " + ", ".join(fighter["injuries"]))
    return "\n".join(lines)
