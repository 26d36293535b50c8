"""A ruleset pack as players see it: what `gangmanager rules show` prints (a contract
for players' scripts, like `gang_view`). Profile and weapon-profile notation is that of
`gangmanager show --json` ('5"', "3+", "-", "S", "E")."""

from __future__ import annotations

from typing import Any

from gangmanager.rules.availability import rarity_label
from gangmanager.rules.characteristics import Characteristic
from gangmanager.rules.ruleset import (
    ArmouryItem,
    ArmouryWeapon,
    EquipmentListEntry,
    FighterType,
    House,
    Ruleset,
    Vehicle,
)
from gangmanager.rules.shapes import WeaponColumn
from gangmanager.rules.vehicles import CREW_GROUP, VehicleCrew

# The weapon-profile keys of n23's view, in printed column order (a pack's own weapon
# statline gives its columns' codes instead).
PROFILE_KEYS = ("name", "rng_s", "rng_l", "acc_s", "acc_l", "str", "ap", "d", "am", "traits")


def _fighter_type(fighter_type: FighterType, ruleset: Ruleset) -> dict[str, Any]:
    return {
        "name": fighter_type.name,
        "category": fighter_type.category.value,
        "cost": fighter_type.cost,
        # The pack's statline the profile is keyed by (`statlines` of the view).
        "statline": fighter_type.statline,
        "profile": fighter_type.profile.printed(ruleset.statline(fighter_type.statline)),
        "skills": {
            "primary": list(fighter_type.skill_sets_primary),
            "secondary": list(fighter_type.skill_sets_secondary),
        },
        "equipment": list(fighter_type.equipment),
        # The 2026 edition's: the XP it is recruited with (null: the pack has none)
        # and its subtypes.
        "starting_xp": fighter_type.starting_xp,
        "subtypes": list(fighter_type.subtypes),
    }


def _limit(fighter_type: FighterType) -> dict[str, Any]:
    """The type's limit: only the bounds the pack gives ({"max": 2} is "0-2")."""
    return fighter_type.limit.model_dump(exclude_none=True)


def _addition(fighter_type: FighterType, ruleset: Ruleset) -> dict[str, Any]:
    """A gang addition: the fighter-type keys plus `kind` and `limit` (the issue's
    contract), then who may take it, its house prices, owners and rules."""
    return {
        **_fighter_type(fighter_type, ruleset),
        "kind": fighter_type.kind,
        "limit": _limit(fighter_type),
        "houses": list(fighter_type.houses),
        "house_costs": dict(fighter_type.house_costs),
        "owner": fighter_type.owners(),
        "gains_xp": fighter_type.earns_xp,
        "leaves_on_lasting_injury": fighter_type.leaves_after_injury,
        "advances_as": fighter_type.advancement_category.value,
        "summary": fighter_type.summary,
    }


def _vehicle(vehicle: Vehicle, ruleset: Ruleset) -> dict[str, Any]:
    """A vehicle: the fighter-type keys (`statline` "vehicle", its `profile` keyed by
    the vehicle codes, the crew line its first crew's) and what it mounts and takes."""
    return {
        **_fighter_type(vehicle, ruleset),
        "houses": list(vehicle.houses),
        "house_costs": dict(vehicle.house_costs),
        "crew": list(vehicle.crew),
        "locomotion": vehicle.locomotion,
        "hardpoints": [h.model_dump(mode="json") for h in vehicle.hardpoints],
        "upgrade_slots": vehicle.upgrade_slots.model_dump(mode="json"),
        "weapons": [w.model_dump(mode="json") for w in vehicle.weapons],
        "upgrades": [u.model_dump(mode="json") for u in vehicle.upgrades],
        "wargear": [w.model_dump(mode="json") for w in vehicle.wargear],
        "summary": vehicle.summary,
    }


def _crew(crew: VehicleCrew, ruleset: Ruleset) -> dict[str, Any]:
    """A vehicle crew: its price, houses and its line of the vehicle statline."""
    table = ruleset.statline("vehicle")
    printed = crew.profile.printed(table)
    return {
        "name": crew.name,
        "cost": crew.cost,
        "houses": list(crew.houses),
        "statline": "vehicle",
        "profile": {r.code: printed[r.code] for r in table if r.group == CREW_GROUP},
        "skills": {
            "primary": list(crew.skill_sets_primary),
            "secondary": list(crew.skill_sets_secondary),
        },
        "summary": crew.summary,
    }


def _list_entry(entry: EquipmentListEntry, ruleset: Ruleset) -> dict[str, Any]:
    weapon = ruleset.weapon_entry(entry.name)
    return {
        "name": weapon.name if weapon is not None else entry.name,
        "cost": entry.cost,
        "kind": "weapon" if weapon is not None else "wargear",
        "restricted_to": list(entry.restricted_to),
    }


def _house(house: House, ruleset: Ruleset) -> dict[str, Any]:
    return {
        "id": house.id,
        "name": house.name,
        "fighter_types": [
            {**_fighter_type(t, ruleset), "limit": _limit(t)} for t in house.fighter_types
        ],
        "equipment_list": [_list_entry(e, ruleset) for e in house.equipment_list],
        "skill_sets": list(house.skill_sets),
    }


def _weapon(weapon: ArmouryWeapon, ruleset: Ruleset) -> dict[str, Any]:
    profiles = []
    for profile in weapon.profiles:
        dumped = profile.model_dump(mode="json", by_alias=True)
        view: dict[str, Any] = {"name": dumped["name"]}
        for column in ruleset.weapon_statline:
            # Strength is held in `strength`, dumped by its alias `str`.
            view[column.code] = dumped.get(column.stored_in, "-")
        view["traits"] = dumped["traits"]
        view["cost"] = profile.cost  # a paid profile's extra price (special ammo); 0: standard
        profiles.append(view)
    return {
        "name": weapon.name,
        "cost": weapon.cost,
        # The Trading Post's second price (the 2026 edition); null where the pack has none.
        "trade_points": weapon.trade_points,
        "rarity": _rarity(weapon.availability, ruleset),
        "kind": weapon.kind,
        "profiles": profiles,
    }


def _rarity(availability: str, ruleset: Ruleset) -> str | None:
    """Common or Rare (N) where the pack limits the Trading Post by rarity; else none
    (the 2026 edition's Trade Points replaced it)."""
    return rarity_label(availability) if ruleset.economy.availability == "rarity" else None


def _wargear(item: ArmouryItem, ruleset: Ruleset) -> dict[str, Any]:
    return {
        "name": item.name,
        "cost": item.cost,
        "trade_points": item.trade_points,
        "rarity": _rarity(item.availability, ruleset),
        "kind": item.kind,
    }


def _characteristic(row: Characteristic) -> dict[str, Any]:
    """A statline's characteristic: its numbers as stored (`best` 2 of a `d6_target` is
    printed 2+), and both printed as a card shows them."""
    return {
        "code": row.code,
        "name": row.name,
        "kind": row.kind.value,
        "best": row.best,
        "worst": row.worst,
        "advance_cap": row.advance_cap,
        "printed_best": row.print(row.best),
        "printed_worst": row.print(row.worst),
        # The printed line it belongs to (a vehicle's "vehicle" and "crew"); None: one line.
        "group": row.group,
    }


def _column(column: WeaponColumn) -> dict[str, Any]:
    """A weapon statline column; `field` only where it is held under another name."""
    view = column.model_dump(mode="json")
    if view.get("field") is None:
        view.pop("field", None)
    return view


def _progression(ruleset: Ruleset) -> dict[str, Any]:
    """How fighters advance; a ladder only for `ranks` (n23's view as it was)."""
    view = ruleset.progression.model_dump(mode="json")
    if ruleset.progression.kind != "ranks":
        view.pop("ranks", None)
    return view


def shapes_view(ruleset: Ruleset) -> dict[str, Any]:
    """The pack's shapes: statlines, weapon statline, progression, economy, categories."""
    return {
        "statlines": {
            name: [_characteristic(row) for row in ruleset.statline(name)]
            for name in ruleset.statlines
        },
        "weapon_statline": [_column(c) for c in ruleset.weapon_statline],
        "progression": _progression(ruleset),
        "economy": ruleset.economy.model_dump(mode="json"),
        "categories": ruleset.categories.model_dump(mode="json"),
        "specialisations": [s.model_dump(mode="json") for s in ruleset.specialisations],
        "promotions": [p.model_dump(mode="json") for p in ruleset.promotions],
        "dropped": list(ruleset.dropped),
        "gang_tactics": [t.model_dump(mode="json") for t in ruleset.gang_tactics],
        "post_cycle": list(ruleset.post_cycle),
    }


def ruleset_view(ruleset: Ruleset) -> dict[str, Any]:
    return {
        "name": ruleset.id,
        "title": ruleset.name,
        "summary": ruleset.summary,
        "founding_credits": ruleset.founding_credits,
        **shapes_view(ruleset),
        "houses": [_house(h, ruleset) for h in ruleset.houses],
        "gang_additions": [_addition(t, ruleset) for t in ruleset.gang_additions],
        "vehicles": [_vehicle(v, ruleset) for v in ruleset.vehicles],
        "vehicle_crews": [_crew(c, ruleset) for c in ruleset.vehicle_crews],
        "vehicle_house_lists": [h.model_dump(mode="json") for h in ruleset.vehicle_house_lists],
        "weapons": [_weapon(w, ruleset) for w in ruleset.weapons],
        "wargear": [_wargear(w, ruleset) for w in ruleset.wargear],
        "skill_sets": [
            {"name": s.name, "house": s.house, "skills": [k.name for k in s.skills]}
            for s in ruleset.skill_sets
        ],
    }


def _restricted(entry: dict[str, Any]) -> str:
    return f" ({', '.join(entry['restricted_to'])} only)" if entry["restricted_to"] else ""


def ruleset_text(ruleset: Ruleset) -> str:
    """A readable summary: houses with their types and lists, then the Trading Post."""
    view = ruleset_view(ruleset)
    lines = [f"{view['title']} ({view['name']})"]
    if view["summary"]:
        lines.append(view["summary"])
    lines.append(f"Founding credits: {view['founding_credits']}")
    for house in view["houses"]:
        lines += ["", house["name"]]
        for kind in house["fighter_types"]:
            skills = kind["skills"]
            access = (
                f"primary {', '.join(skills['primary']) or '-'};"
                f" secondary {', '.join(skills['secondary']) or '-'}"
            )
            bounds = _bounds(kind["limit"])
            lines.append(
                f"  {kind['name']} ({kind['category'].replace('_', ' ')}), {kind['cost']}"
                + (f", {bounds}" if bounds else "")
                + f":  {' '.join(kind['profile'].values())}"
            )
            lines.append(f"      skills {access}")
            if kind["subtypes"] or kind["starting_xp"] is not None:
                lines.append(
                    f"      subtypes {', '.join(kind['subtypes']) or '-'};"
                    f" starting XP {kind['starting_xp'] if kind['starting_xp'] is not None else '-'}"
                )
            if kind["equipment"]:
                lines.append(f"      comes with {', '.join(kind['equipment'])}")
        if house["equipment_list"]:
            lines.append("  Equipment list:")
            lines += [
                f"    {e['name']} {e['cost']}{_restricted(e)}" for e in house["equipment_list"]
            ]
        if house["skill_sets"]:
            lines.append(f"  House skill sets: {', '.join(house['skill_sets'])}")
    if view["gang_additions"]:
        lines += ["", "Gang additions (Brutes, Exotic Beasts, Hangers-on, Hired Guns):"]
        lines += [_addition_line(a) for a in view["gang_additions"]]
    if view["vehicles"]:
        lines += ["", "Vehicles (with their crew's line):"]
        lines += [_vehicle_line(v) for v in view["vehicles"]]
        lines += ["  Crews:"]
        lines += [
            f"    {c['name']}{_only(c['houses'])}, {c['cost']}:  {' '.join(c['profile'].values())}"
            for c in view["vehicle_crews"]
        ]
    lines += ["", f"Trading Post: {len(view['weapons'])} weapons, {len(view['wargear'])} wargear"]
    for entry in [*view["weapons"], *view["wargear"]]:
        rarity = f", {entry['rarity']}" if entry["rarity"] else ""
        points = f", {entry['trade_points']} TP" if entry["trade_points"] is not None else ""
        lines.append(f"  {entry['name']}: {entry['cost']}{points}{rarity}")
    lines += ["", "Skill sets:"]
    for skill_set in view["skill_sets"]:
        owner = f" (house {skill_set['house']})" if skill_set["house"] else ""
        lines.append(f"  {skill_set['name']}{owner}: {', '.join(skill_set['skills'])}")
    return "\n".join(lines)


def _bounds(limit: dict[str, Any]) -> str:
    """'0-2', 'at least 2', 'at most 50% of the gang', '1 per owner' from a `limit`."""
    low = limit.get("min", 0)
    if "max" in limit:
        bounds = [f"exactly {low}" if low == limit["max"] else f"{low}-{limit['max']}"]
    else:
        bounds = []
    bounds += [f"at least {limit['min']}"] if "min" in limit and "max" not in limit else []
    bounds += [f"at most {limit['max_share']:.0%} of the gang"] if "max_share" in limit else []
    bounds += [f"{limit['per_owner']} per owner"] if "per_owner" in limit else []
    return ", ".join(bounds)


def _addition_line(addition: dict[str, Any]) -> str:
    bounds = _bounds(addition["limit"])
    prices = ", ".join(f"{h} {c}" for h, c in addition["house_costs"].items())
    houses = f" ({', '.join(addition['houses'])} only)" if addition["houses"] else ""
    owner = f", owned by {' or '.join(addition['owner'])}" if addition["owner"] else ""
    return (
        f"  {addition['name']} ({addition['kind'].replace('_', ' ')}{houses}),"
        f" {addition['cost']}{f' ({prices})' if prices else ''}"
        f"{', ' + bounds if bounds else ''}{owner}:"
        f"  {' '.join(addition['profile'].values())}"
    )


def _only(houses: list[str]) -> str:
    """'(goliath only)'; nothing for the generic ones most houses may take."""
    return f" ({', '.join(houses)} only)" if 0 < len(houses) < 3 else ""


def _vehicle_line(vehicle: dict[str, Any]) -> str:
    crew = f", crew {' or '.join(vehicle['crew'])}" if vehicle["crew"] else ""
    mounts = len(vehicle["hardpoints"])
    return (
        f"  {vehicle['name']}{_only(vehicle['houses'])}, {vehicle['cost']}{crew},"
        f" {mounts} {'hardpoint' if mounts == 1 else 'hardpoints'}:"
        f"  {' '.join(vehicle['profile'].values())}"
    )
