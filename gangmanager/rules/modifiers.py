"""Profile modifiers with their sources, and the effective profile.

Order of application (fixed, documented in docs/rulesets.md):

1. every "set to" value, in the order the modifiers are listed;
2. every relative change, in the order the modifiers are listed (the order
   they were gained), one modifier at a time.

Each step is kept between the characteristic's best and worst value: an
improvement stops at the best value, a reduction at the worst (an injury
that would pass the worst value is not applied). Advancements may not raise
a characteristic more steps above the base profile than its `advance_cap`;
the part beyond the cap is not applied. Every characteristic records which
sources changed it and by how much.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator

from gangmanager.rules.characteristics import (
    CORE_TABLE,
    CharacteristicError,
    CharacteristicTable,
    Value,
)
from gangmanager.rules.limits import Amount, quoted
from gangmanager.rules.profile import STATLINE, Profile


def _statline(info: ValidationInfo) -> CharacteristicTable:
    """The statline a modifier is read against: the validation context's, else n23's."""
    table = info.context.get(STATLINE) if isinstance(info.context, dict) else None
    return table if isinstance(table, CharacteristicTable) else CORE_TABLE


class ModifierKind(StrEnum):
    ADVANCEMENT = "advancement"
    INJURY = "injury"
    SKILL = "skill"
    EQUIPMENT = "equipment"
    CONDITION = "condition"
    MANUAL = "manual"


def _normalise_codes(
    raw: object, what: str, table: CharacteristicTable = CORE_TABLE
) -> dict[str, object]:
    if not isinstance(raw, dict):
        raise ValueError(f"{what} must be an object keyed by characteristic")
    out: dict[str, object] = {}
    for key, value in raw.items():
        try:
            code = table.lookup(str(key)).code
        except KeyError:
            raise ValueError(f"unknown characteristic {quoted(key)}") from None
        out[code] = value
    return out


class Modifier(BaseModel):
    """A named source of profile changes (and of credits added to the cost)."""

    model_config = ConfigDict(frozen=True)

    source: str = Field(min_length=1)
    kind: ModifierKind = ModifierKind.MANUAL
    # Steps better (+) or worse (-), the game's "+1 = one step better".
    changes: dict[str, int] = Field(default_factory=dict)
    # Absolute values ("set to"), printed or bare: {"S": 5}.
    set_to: dict[str, Value] = Field(default_factory=dict)
    # Credits this source adds to the fighter's cost (advancements); never negative.
    cost: Amount = 0

    @field_validator("changes", mode="before")
    @classmethod
    def _codes(cls, raw: object, info: ValidationInfo) -> object:
        return _normalise_codes(raw, "changes", _statline(info))

    @field_validator("set_to", mode="before")
    @classmethod
    def _set_codes(cls, raw: object, info: ValidationInfo) -> object:
        table = _statline(info)
        out = _normalise_codes(raw, "set_to", table)
        try:
            return {code: table[code].parse(v) for code, v in out.items()}  # type: ignore[arg-type]
        except CharacteristicError as exc:
            raise ValueError(str(exc)) from None

    @classmethod
    def read(cls, data: object, table: CharacteristicTable) -> Modifier:
        """A modifier whose changes are keyed by `table`'s codes."""
        return cls.model_validate(data, context={STATLINE: table})

    @classmethod
    def of_pack(
        cls, source: str, kind: ModifierKind, changes: dict[str, int], table: CharacteristicTable
    ) -> Modifier:
        """The changes of a pack's injury, item or skill for a fighter of `table`: the
        pack checked each code against its statlines; those the fighter's lacks (a BS
        change for a statline without BS) change nothing and are left out."""
        kept = {code: steps for code, steps in changes.items() if _has(table, code)}
        return cls.read({"source": source, "kind": kind, "changes": kept}, table)

    def summary(self, table: CharacteristicTable = CORE_TABLE) -> str:
        parts = [
            f"{row.code}: ={row.print(self.set_to[row.code])}"
            for row in table
            if row.code in self.set_to
        ]
        return ", ".join(parts + [p for p in _change_parts(self.changes, table)])


def _has(table: CharacteristicTable, code: str) -> bool:
    try:
        table.lookup(code)
    except KeyError:
        return False
    return True


def _change_parts(changes: dict[str, int], table: CharacteristicTable) -> list[str]:
    return [f"{row.code}: {changes[row.code]:+d}" for row in table if changes.get(row.code)]


_LINE_ITEM = re.compile(r"^\s*(?P<code>[A-Za-z]+)\s*[:=]?\s*(?P<value>[=+-]?\s*\S+)\s*$")


def parse_modifier_line(
    line: str, table: CharacteristicTable = CORE_TABLE
) -> tuple[dict[str, int], dict[str, Value]]:
    """Parse `M: +1, BS: +1, Cl: +1, Wil: +1` (and `S: =5`) into changes and set-to values."""
    changes: dict[str, int] = {}
    set_to: dict[str, Value] = {}
    items = [part for part in re.split(r"[,;]", line) if part.strip()]
    if not items:
        raise CharacteristicError("empty modifier line")
    for item in items:
        match = _LINE_ITEM.match(item)
        if not match:
            raise CharacteristicError(f"cannot read {quoted(item.strip())}: expected like 'BS: +1'")
        try:
            row = table.lookup(match.group("code"))
        except KeyError:
            raise CharacteristicError(
                f"unknown characteristic {quoted(match.group('code'))}"
            ) from None
        value = match.group("value").replace(" ", "")
        if value.startswith("="):
            set_to[row.code] = row.parse(value[1:])
        elif value[0] in "+-" and value[1:].isdigit():
            changes[row.code] = changes.get(row.code, 0) + int(value)
        else:
            raise CharacteristicError(f"{row.code}: {quoted(value)} is not +N, -N or =value")
    return changes, set_to


@dataclass(frozen=True)
class AppliedChange:
    """What one source did to one characteristic."""

    source: str
    kind: ModifierKind
    requested: int  # steps asked for (0 for a set-to)
    applied: int  # steps actually applied after limits and caps
    set_to: Value | None = None
    is_set: bool = False

    @property
    def describe(self) -> str:
        if self.is_set:
            return f"{self.source}: set"
        text = f"{self.source} ({self.applied:+d})"
        if self.applied != self.requested:
            text += f", {self.requested:+d} asked, limit reached"
        return text


@dataclass(frozen=True)
class EffectiveProfile:
    base: Profile
    values: dict[str, Value]
    sources: dict[str, tuple[AppliedChange, ...]] = field(default_factory=dict)
    table: CharacteristicTable = CORE_TABLE

    @property
    def profile(self) -> Profile:
        return Profile.read(dict(self.values), self.table)

    def modified(self, code: str) -> bool:
        return bool(self.sources.get(code))

    def net_steps(self, code: str) -> int:
        base, now = self.base[code], self.values[code]
        if base is None or now is None:
            return 0
        return self.table[code].steps_between(base, now)

    def summary(self) -> str:
        """`M: +1, BS: +1, Cl: +1, Wil: +1`: net steps against the base profile."""
        return ", ".join(
            f"{row.code}: {self.net_steps(row.code):+d}"
            for row in self.table
            if self.net_steps(row.code)
        )

    def printed(self) -> dict[str, str]:
        return {row.code: row.print(self.values[row.code]) for row in self.table}

    def line(self) -> str:
        return " ".join(self.printed().values())

    def direction(self, code: str) -> int:
        """+1 better than the base profile, -1 worse, 0 the same (or set to a value)."""
        steps = self.net_steps(code)
        return (steps > 0) - (steps < 0)

    def tooltip(self, code: str) -> str:
        row = self.table[code]
        steps = self.net_steps(code)
        lines = []
        if steps:
            word = "Better" if steps > 0 else "Worse"
            lines.append(f"{word} than base: {steps:+d} step{'s' if abs(steps) != 1 else ''}")
        lines.append(f"Base {row.print(self.base[code])}")
        lines += [change.describe for change in self.sources.get(code, ())]
        return "\n".join(lines)


def effective_profile(
    base: Profile,
    modifiers: list[Modifier] | tuple[Modifier, ...],
    table: CharacteristicTable | None = None,
) -> EffectiveProfile:
    """Apply modifiers to the base profile in the documented order (by default with
    the statline the profile is keyed by)."""
    if table is None:
        table = base.table
    values: dict[str, Value] = dict(base.values)
    sources: dict[str, list[AppliedChange]] = {}
    for mod in modifiers:
        for code, target in mod.set_to.items():
            values[code] = target
            sources.setdefault(code, []).append(
                AppliedChange(mod.source, mod.kind, 0, 0, set_to=target, is_set=True)
            )
    advanced: dict[str, int] = {}
    for mod in modifiers:
        for row in table:
            steps = mod.changes.get(row.code, 0)
            current = values[row.code]
            if not steps or current is None:
                continue
            allowed = steps
            if mod.kind is ModifierKind.ADVANCEMENT and steps > 0 and row.advance_cap is not None:
                room = max(0, row.advance_cap - advanced.get(row.code, 0))
                allowed = min(steps, room)
            moved = row.clamp(row.step(current, allowed))
            # An out-of-range base is never pulled back into range by a change
            # that was meant to go the other way.
            if row.steps_between(current, moved) * allowed < 0:
                moved = current
            applied = row.steps_between(current, moved)
            if mod.kind is ModifierKind.ADVANCEMENT and applied > 0:
                advanced[row.code] = advanced.get(row.code, 0) + applied
            values[row.code] = moved
            sources.setdefault(row.code, []).append(
                AppliedChange(mod.source, mod.kind, steps, applied)
            )
    return EffectiveProfile(
        base=base,
        values=values,
        sources={code: tuple(items) for code, items in sources.items()},
        table=table,
    )


def check_modifier_range(modifier: Modifier, table: CharacteristicTable = CORE_TABLE) -> None:
    """A change larger than the characteristic's whole range, or a "set to" value
    outside it, is a typo or damage: CharacteristicError saying which."""
    for code, steps in modifier.changes.items():
        try:
            row = table.lookup(code)
        except KeyError:
            raise CharacteristicError(f"{code}: not a characteristic of this ruleset") from None
        span = abs(row.worst - row.best)
        if abs(steps) > span:
            raise CharacteristicError(
                f"{code}: {steps:+d} is more steps than {row.name} has"
                f" ({row.print(row.best)} best to {row.print(row.worst)} worst)"
            )
    for code, value in modifier.set_to.items():
        table.lookup(code).check_range(value)


class AdvancementCapError(ValueError):
    """An advancement that would pass the characteristic's cap."""


def check_advancement(
    base: Profile,
    modifiers: list[Modifier] | tuple[Modifier, ...],
    new: Modifier,
    table: CharacteristicTable | None = None,
) -> None:
    """Refuse an advancement that would raise a characteristic past its cap or best value."""
    if table is None:
        table = base.table
    if new.kind is not ModifierKind.ADVANCEMENT:
        return
    before = effective_profile(base, modifiers, table)
    for code, steps in new.changes.items():
        row = table[code]
        if steps <= 0:
            continue
        taken = sum(
            c.applied
            for c in before.sources.get(code, ())
            if c.kind is ModifierKind.ADVANCEMENT and c.applied > 0
        )
        if row.advance_cap is not None and taken + steps > row.advance_cap:
            raise AdvancementCapError(
                f"{row.name} may be advanced at most {row.advance_cap} time"
                f"{'s' if row.advance_cap != 1 else ''} above the base profile"
            )
        current = before.values[code]
        if current is None:
            raise AdvancementCapError(f"{row.name} is '-' and cannot be advanced")
        if row.clamp(row.step(current, steps)) == current:
            raise AdvancementCapError(f"{row.name} is already at its best ({row.print(current)})")
