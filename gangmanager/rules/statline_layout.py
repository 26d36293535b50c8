"""How statlines are laid out where they are shown: a card's printed lines, the
characteristic columns of a table of fighters of several statlines, and the boxes a
card and a battle tile keep beside the profile.

The screens and printouts read these instead of naming characteristic codes: a pack
with another statline (a vehicle's, the 2026 edition's thirteen, an invented one)
is shown by the same code.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from gangmanager.rules.characteristics import Characteristic, CharacteristicTable, Value
from gangmanager.rules.gang import Fighter
from gangmanager.rules.ruleset import Ruleset


@dataclass(frozen=True)
class PrintedLine:
    """One printed line of a profile: its group's name (None: the statline's only line)
    and its characteristics in profile order."""

    group: str | None
    rows: tuple[Characteristic, ...]


def printed_lines(table: CharacteristicTable) -> list[PrintedLine]:
    """The statline in lines, one per `group` in the order the groups first appear (a
    vehicle: its own line, then the crew's); one line when no characteristic names one."""
    groups: dict[str | None, list[Characteristic]] = {}
    for row in table:
        groups.setdefault(row.group, []).append(row)
    return [PrintedLine(group, tuple(rows)) for group, rows in groups.items()]


@dataclass(frozen=True)
class StatColumn:
    """A characteristic column of a table of fighters: its code, and the names it has in
    the statlines that hold it (one name, but for two statlines naming a code apart)."""

    code: str
    names: tuple[str, ...]

    @property
    def tooltip(self) -> str:
        return " / ".join(self.names)


def stat_columns(tables: Iterable[CharacteristicTable]) -> tuple[StatColumn, ...]:
    """The columns for fighters of these statlines, the first (the gang's main) in full
    and in order, then each other's codes it lacks: a code two statlines share (a
    vehicle's M, BS, Ld) is one column, and a fighter's cell under a code its statline
    lacks is empty."""
    names: dict[str, list[str]] = {}
    for table in dict.fromkeys(tables):
        for row in table:
            held = names.setdefault(row.code, [])
            if row.name not in held:
                held.append(row.name)
    return tuple(StatColumn(code, tuple(held)) for code, held in names.items())


def gang_statlines(fighters: Iterable[Fighter], ruleset: Ruleset) -> list[CharacteristicTable]:
    """The statlines of these fighters in the order the pack declares them (n23: the
    fighter's, then the vehicle's), a profile's own after; the pack's fighter statline
    for no fighters. What a roster's characteristic columns are made from."""
    held = dict.fromkeys(ruleset.table_for(f.profile) for f in fighters)
    if not held:
        return [ruleset.table]
    declared = [ruleset.statline(name) for name in ruleset.statlines]
    return [t for t in declared if t in held] + [t for t in held if t not in declared]


@dataclass(frozen=True)
class Tally:
    """A row of boxes kept beside the profile: as many as a characteristic's value."""

    label: str
    code: str


# What a card and a battle tile count in boxes, where the statline has the code: the
# n23 fighter's Wounds and Flesh Wounds (a fighter whose Flesh Wounds reach their
# Toughness goes Out of Action), and a vehicle's Hull Points.
WOUNDS = Tally("Wounds", "W")
FLESH_WOUNDS = Tally("Flesh wounds", "T")
HULL_POINTS = Tally("Hull points", "HP")
TALLIES: tuple[Tally, ...] = (WOUNDS, FLESH_WOUNDS, HULL_POINTS)


def tally_count(tally: Tally, values: Mapping[str, Value]) -> int:
    """The boxes of `tally` for a profile's values (0 when the statline lacks it)."""
    return values.get(tally.code) or 0


def tallies(values: Mapping[str, Value]) -> list[tuple[str, int]]:
    """(label, boxes) for each tally the profile's statline holds, in TALLIES order."""
    return [(t.label, tally_count(t, values)) for t in TALLIES if t.code in values]
