"""Checks of a loaded pack across its entries: every D66 and 2D6 roll on one row,
characteristic codes as printed, house lists against the armoury, the post-battle
sequence's step names. Each failure is one `RulesetError` line naming the file."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from gangmanager.content.additions_check import check_gang_additions
from gangmanager.content.errors import RulesetError, entry_label
from gangmanager.content.vehicle_checks import check_vehicle_rules
from gangmanager.content.vehicles_check import check_vehicles
from gangmanager.content.weapons_check import check_weapon_profiles
from gangmanager.rules.characteristics import Characteristic
from gangmanager.rules.gang import Category
from gangmanager.rules.limits import quoted
from gangmanager.rules.post_battle_steps import STEPS, unknown_steps
from gangmanager.rules.ruleset import ArmouryItem, InjuryResult, Ruleset
from gangmanager.rules.weapons import trait_key

if TYPE_CHECKING:
    from gangmanager.content.loader import _Raw

_RANGE = re.compile(r"^\s*(\d+)\s*(?:-\s*(\d+))?\s*$")


def _d66_rolls() -> list[int]:
    return [tens * 10 + units for tens in range(1, 7) for units in range(1, 7)]


def _origin_of(raw: _Raw, key: str, index: int = 0) -> Path:
    source = raw.origins.get(key, raw.pack_file)
    if isinstance(source, list):
        return source[index] if index < len(source) else raw.pack_file
    return source


@dataclass(frozen=True)
class _Codes:
    """Every code of the pack's statlines, case-folded (a change may be meant for any),
    and each as its statline prints it (the vehicle's HP beside an invented Hp)."""

    folded: dict[str, Characteristic]
    exact: frozenset[str]


def _codes_of(ruleset: Ruleset) -> _Codes:
    folded: dict[str, Characteristic] = {}
    for rows in ruleset.statlines.values():
        for row in rows:
            folded.setdefault(row.code.casefold(), row)
    exact = frozenset(row.code for rows in ruleset.statlines.values() for row in rows)
    return _Codes(folded, exact)


def _check_codes(
    raw: _Raw,
    key: str,
    index: int,
    changes: dict[str, int],
    label: str,
    codes: _Codes,
) -> None:
    """`changes` keys must be characteristic codes as printed (`BS`, `Wil`)."""
    for code in changes:
        if code in codes.exact:
            continue
        row = codes.folded.get(code.strip().casefold())
        if row is None:
            expected = ", ".join(r.code for r in codes.folded.values())
            raise RulesetError(
                _origin_of(raw, key, index),
                f"unknown characteristic {quoted(code)} (expected one of: {expected})",
                label,
            )
        if row.code != code:
            raise RulesetError(
                _origin_of(raw, key, index),
                f"write the characteristic as {quoted(row.code)}, not {quoted(code)}",
                label,
            )


def _check_tables(ruleset: Ruleset, raw: _Raw) -> None:
    """Every D66 roll hits exactly one injury; the Ganger table is 2D6 and names real ids."""
    if ruleset.injuries:
        path = _origin_of(raw, "injuries")
        for roll in _d66_rolls():
            rows = [i for i in ruleset.injuries if i.covers(roll)]
            if not rows:
                raise RulesetError(path, f"injuries: D66 roll {roll} is on no row")
            if len(rows) > 1:
                names = " and ".join(f'"{r.roll} {r.name}"' for r in rows)
                raise RulesetError(path, f"injuries: D66 roll {roll} is on two rows: {names}")
    codes = _codes_of(ruleset)
    changing: tuple[tuple[str, Sequence[InjuryResult | ArmouryItem]], ...] = (
        ("injuries", ruleset.injuries),
        ("wargear", ruleset.wargear),
    )
    for key, entries in changing:
        for index, entry in enumerate(entries):
            _check_codes(
                raw, key, index, entry.changes, entry_label(key, index, {"name": entry.name}), codes
            )
    for index, skill_set in enumerate(ruleset.skill_sets):
        for skill in skill_set.skills:
            label = f'{entry_label("skill_sets", index, {"name": skill_set.name})}, skill "{skill.name}"'
            _check_codes(raw, "skill_sets", index, skill.changes, label, codes)
    for index, advancement in enumerate(ruleset.advancements):
        if advancement.characteristic is not None:
            label = entry_label("advancements", index, {"id": advancement.id})
            _check_codes(raw, "advancements", index, {advancement.characteristic: 1}, label, codes)
    _check_houses(ruleset, raw)
    check_vehicle_rules(ruleset, _origin_of(raw, "vehicle_rules"))
    check_gang_additions(ruleset, lambda index: _origin_of(raw, "gang_additions", index))
    check_vehicles(ruleset, lambda key, index: _origin_of(raw, key, index))
    check_weapon_profiles(ruleset, lambda index: _origin_of(raw, "weapons", index))
    if ruleset.ganger_advancements:
        path = _origin_of(raw, "ganger_advancements")
        ids = {a.id.casefold() for a in ruleset.advancements}
        covered: dict[int, str] = {}
        for index, row in enumerate(ruleset.ganger_advancements):
            label = entry_label("ganger_advancements", index, {"roll": row.roll})
            match = _RANGE.match(row.roll)
            if not match:
                raise RulesetError(path, f"roll {quoted(row.roll)} is not N or N-M", label)
            low, high = int(match.group(1)), int(match.group(2) or match.group(1))
            for roll in range(low, high + 1):
                if not 2 <= roll <= 12 or roll in covered:
                    raise RulesetError(
                        path, f"2D6 roll {roll} is outside 2-12 or on two rows", label
                    )
                covered[roll] = row.roll
            for option in row.options:
                if option.casefold() != "specialist" and option.casefold() not in ids:
                    raise RulesetError(
                        path,
                        f"unknown option {quoted(option)} (expected an advancement id or 'specialist')",
                        label,
                    )
        missing = [r for r in range(2, 13) if r not in covered]
        if missing:
            raise RulesetError(path, f"ganger_advancements: 2D6 rolls {missing} are on no row")


def _check_houses(ruleset: Ruleset, raw: _Raw) -> None:
    """Equipment lists, kit and skill access name things the pack defines."""
    items = {trait_key(w.name) for w in ruleset.weapons} | {
        trait_key(w.name) for w in ruleset.wargear
    }
    skill_sets = {trait_key(s.name) for s in ruleset.skill_sets}
    for index, house in enumerate(ruleset.houses):
        path = _origin_of(raw, "houses", index)
        label = entry_label("houses", index, {"id": house.id})
        types = {trait_key(t.name) for t in house.fighter_types}
        # Any category: a Specialist is a Ganger promoted, not a type of the list.
        categories = {c.value for c in Category}
        for name in house.skill_sets:
            if trait_key(name) not in skill_sets:
                raise RulesetError(
                    path, f"skill_sets: no skill set {quoted(name)} in this pack", label
                )
        for entry in house.equipment_list:
            where = f'{label}, equipment list "{entry.name}"'
            if trait_key(entry.name) not in items:
                raise RulesetError(path, "not in the armoury (weapons or wargear)", where)
            for who in entry.restricted_to:
                if who not in categories and trait_key(who) not in types:
                    raise RulesetError(
                        path,
                        f"restricted_to: {quoted(who)} is no category nor fighter type of the house",
                        where,
                    )
        for fighter_type in house.fighter_types:
            where = f'{label}, fighter type "{fighter_type.name}"'
            for name in fighter_type.equipment:
                if trait_key(name) not in items:
                    raise RulesetError(
                        path, f"equipment: {quoted(name)} is not in the armoury", where
                    )
            for name in fighter_type.skill_sets_primary + fighter_type.skill_sets_secondary:
                if trait_key(name) not in skill_sets:
                    raise RulesetError(
                        path, f"skill access: no skill set {quoted(name)} in this pack", where
                    )


def _check_post_battle_sequence(ruleset: Ruleset, raw: _Raw) -> None:
    """Every name of `[post_battle] sequence` is a step the logic has, once."""
    sequence = ruleset.post_battle.sequence or []
    path = _origin_of(raw, "post_battle")
    if unknown := unknown_steps(sequence):
        known = ", ".join(STEPS)
        raise RulesetError(
            path, f"post_battle.sequence: no step {quoted(unknown[0])} (the steps: {known})"
        )
    if twice := next((n for i, n in enumerate(sequence) if n in sequence[:i]), None):
        raise RulesetError(path, f"post_battle.sequence: {quoted(twice)} is named twice")
