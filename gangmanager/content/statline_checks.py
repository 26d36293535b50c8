"""The shapes a pack declares, checked as they are read: its statlines (each
characteristic's keys and kind, no code twice), its weapon statline and its
progression; then, once a pack and its parent are merged, every fighter type's
and gang addition's profile read against the statline it names. Each failure is
one `RulesetError` line naming the file."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from gangmanager.content.errors import RulesetError, entry_label
from gangmanager.rules.characteristics import (
    CORE_TABLE,
    Characteristic,
    CharacteristicError,
    CharacteristicKind,
    CharacteristicTable,
)
from gangmanager.rules.limits import quoted
from gangmanager.rules.profile import Profile
from gangmanager.rules.ruleset import FIGHTER_STATLINE
from gangmanager.rules.shapes import (
    N23_WEAPON_STATLINE,
    PROGRESSION_KINDS,
    WEAPON_FIELDS,
    WeaponColumn,
    WeaponColumnKind,
)
from gangmanager.rules.vehicles import CREW_GROUP, VEHICLE_STATLINE

if TYPE_CHECKING:
    from gangmanager.content.loader import _Raw

_CHARACTERISTIC_KEYS = tuple(Characteristic.model_fields)
_COLUMN_KEYS = tuple(WeaponColumn.model_fields)


def _unknown_keys(path: Path, label: str, row: dict[str, Any], keys: tuple[str, ...]) -> None:
    for key in row:
        if key not in keys:
            raise RulesetError(
                path, f"unknown key {quoted(key)} (expected one of: {', '.join(keys)})", label
            )


def check_characteristic(path: Path, label: str, row: dict[str, Any]) -> None:
    """A characteristic row: known keys, a known kind."""
    _unknown_keys(path, label, row, _CHARACTERISTIC_KEYS)
    kind = row.get("kind")
    kinds = [k.value for k in CharacteristicKind]
    if kind is not None and kind not in kinds:
        raise RulesetError(
            path, f"kind: unknown kind {quoted(kind)} (expected one of: {', '.join(kinds)})", label
        )


def _check_codes_once(path: Path, where: str, rows: list[Any]) -> None:
    seen: set[str] = set()
    for index, row in enumerate(rows):
        code = row.get("code") if isinstance(row, dict) else None
        if isinstance(code, str):
            if code.strip().casefold() in seen:
                label = f"{where}, {entry_label('characteristics', index, row)}"
                raise RulesetError(path, "the code is listed twice", label)
            seen.add(code.strip().casefold())


def check_statlines(path: Path, value: object) -> None:
    """`[[statlines.<name>]]` rows: arrays of characteristic tables, codes once each."""
    if not isinstance(value, dict):
        raise RulesetError(path, "'statlines' must be a table of statlines ([[statlines.fighter]])")
    for name, rows in value.items():
        where = f"statline {quoted(name)}"
        if not isinstance(rows, list) or not rows or not all(isinstance(r, dict) for r in rows):
            raise RulesetError(
                path, f"must be a non-empty array of tables ([[statlines.{name}]])", where
            )
        for index, row in enumerate(rows):
            check_characteristic(
                path, f"{where}, {entry_label('characteristics', index, row)}", row
            )
        _check_codes_once(path, where, rows)


def check_weapon_column(path: Path, label: str, row: dict[str, Any]) -> None:
    """A weapon statline column: known keys and kind; the field it is held in (its
    `field`, else its code) one of the weapon profile's."""
    _unknown_keys(path, label, row, _COLUMN_KEYS)
    kind = row.get("kind")
    kinds = [k.value for k in WeaponColumnKind]
    if kind is not None and kind not in kinds:
        raise RulesetError(
            path, f"kind: unknown kind {quoted(kind)} (expected one of: {', '.join(kinds)})", label
        )
    field = row.get("field")
    if field is not None and field not in WEAPON_FIELDS:
        raise RulesetError(
            path,
            f"field: no weapon field {quoted(field)} (expected one of: {', '.join(WEAPON_FIELDS)})",
            label,
        )
    code = row.get("code")
    if field is None and code is not None and code not in WEAPON_FIELDS:
        raise RulesetError(
            path,
            f"code: no weapon column {quoted(code)} (expected one of: {', '.join(WEAPON_FIELDS)};"
            " or give the field it is held in)",
            label,
        )


def check_weapon_statline(path: Path, rows: object) -> None:
    """No column or field twice (the loader has checked it is an array of tables)."""
    seen: set[object] = set()
    held: set[object] = set()
    for index, row in enumerate(rows if isinstance(rows, list) else []):
        label = entry_label("weapon_statline", index, row)
        field = row.get("field") or row.get("code")
        if row.get("code") in seen or field in held:
            raise RulesetError(path, "the code is listed twice", label)
        seen.add(row.get("code"))
        held.add(field)


def check_progression(path: Path, value: object) -> None:
    kind = value.get("kind") if isinstance(value, dict) else None
    if kind is not None and kind not in PROGRESSION_KINDS:
        raise RulesetError(
            path,
            f"progression: unknown kind {quoted(kind)} (expected one of: {', '.join(PROGRESSION_KINDS)})",
        )


# -- after the merge: profiles read against their statline ---------------------------


def _origin(raw: _Raw, key: str, index: int = 0) -> Path:
    source = raw.origins.get(key, raw.pack_file)
    if isinstance(source, list):
        return source[index] if index < len(source) else raw.pack_file
    return source if isinstance(source, Path) else raw.pack_file


def _older_fighter_table(raw: _Raw) -> CharacteristicTable:
    """The fighter statline of a pack that gives the older `characteristics` table (the
    model refuses one that is not the twelve), else n23's."""
    rows = raw.data.get("characteristics")
    try:
        table = CharacteristicTable([Characteristic.model_validate(r) for r in rows or []])
    except (ValidationError, ValueError, TypeError):
        return CORE_TABLE
    return table if table.codes == CORE_TABLE.codes else CORE_TABLE


def _tables(raw: _Raw) -> dict[str, CharacteristicTable]:
    """The merged statlines as tables; a row pydantic refuses is one line naming the file."""
    tables: dict[str, CharacteristicTable] = {FIGHTER_STATLINE: _older_fighter_table(raw)}
    statlines = raw.data.get("statlines") or {}
    path = _origin(raw, "statlines")
    for name, rows in statlines.items():
        if name == FIGHTER_STATLINE and "characteristics" in raw.data:
            continue  # The older table, where a pack gives it, is its fighter statline.
        parsed: list[Characteristic] = []
        for index, row in enumerate(rows):
            label = f"statline {quoted(name)}, {entry_label('characteristics', index, row)}"
            try:
                parsed.append(Characteristic.model_validate(row))
            except ValidationError as exc:
                error = exc.errors()[0]
                field = ".".join(str(p) for p in error["loc"])
                raise RulesetError(path, f"{field}: {error['msg']}", label) from None
        tables[name] = CharacteristicTable(parsed, name)
    return tables


def read_profiles(raw: _Raw) -> None:
    """Read each fighter type's and gang addition's profile (a table, or one line of
    values in statline order) against the statline it names, in place."""
    tables = _tables(raw)
    for index, house in enumerate(raw.data.get("houses", [])):
        types = house.get("fighter_types", []) if isinstance(house, dict) else []
        label = entry_label("houses", index, house)
        for position, kind in enumerate(types if isinstance(types, list) else []):
            where = f"{label}, {entry_label('fighter_types', position, kind)}"
            _read_profile(_origin(raw, "houses", index), where, kind, tables)
    for index, addition in enumerate(raw.data.get("gang_additions", [])):
        where = entry_label("gang_additions", index, addition)
        _read_profile(_origin(raw, "gang_additions", index), where, addition, tables)
    for key in ("vehicles", "vehicle_crews"):
        for index, entry in enumerate(raw.data.get(key, [])):
            path, where = _origin(raw, key, index), entry_label(key, index, entry)
            crew = key == "vehicle_crews"
            _read_profile(path, where, entry, tables, VEHICLE_STATLINE, crew_only=crew)
            _check_ranges(path, where, entry, tables)


def read_added_profiles(raw: _Raw, entries: list[Any], origins: list[Path]) -> None:
    """A user pack's added fighter types (`fighter_types.toml`): each profile read against
    its statline and, as a vehicle's is, held within that statline's best..worst."""
    tables = _tables(raw)
    for index, entry in enumerate(entries):
        path = origins[index] if index < len(origins) else raw.pack_file
        where = entry_label("fighter_types", index, entry)
        _read_profile(path, where, entry, tables)
        _check_ranges(path, where, entry, tables)


def _check_ranges(
    path: Path, where: str, kind: object, tables: dict[str, CharacteristicTable]
) -> None:
    """A vehicle's or crew's profile within its statline's best..worst."""
    if not isinstance(kind, dict) or not isinstance(kind.get("profile"), Profile):
        return
    profile: Profile = kind["profile"]
    for row in profile.table:
        if not row.in_range(profile[row.code]):
            raise RulesetError(
                path,
                f"profile: {row.code} {row.print(profile[row.code])} is outside"
                f" {row.print(row.best)} (best) to {row.print(row.worst)} (worst)",
                where,
            )


def _read_profile(
    path: Path,
    where: str,
    kind: object,
    tables: dict[str, CharacteristicTable],
    default: str = FIGHTER_STATLINE,
    *,
    crew_only: bool = False,
) -> None:
    if not isinstance(kind, dict) or "profile" not in kind:
        return  # The model says what is missing.
    name = kind.get("statline", default)
    table = tables.get(name) if isinstance(name, str) else None
    if table is None:
        known = ", ".join(tables)
        raise RulesetError(
            path, f"statline: no statline {quoted(name)} (the pack's: {known})", where
        )
    profile = kind["profile"]
    # A crew gives only the crew line of the statline (BS Ld Cl Wil Int).
    codes = tuple(r.code for r in table if not crew_only or r.group == CREW_GROUP)
    what = "crew characteristic" if crew_only else "characteristic"
    if isinstance(profile, str):
        parts = profile.split()
        if len(parts) != len(codes):
            raise RulesetError(
                path,
                f"profile: a profile line has {len(codes)} values "
                f"({' '.join(codes)}), got {len(parts)}",
                where,
            )
        profile = dict(zip(codes, parts, strict=True))
    if isinstance(profile, dict):
        allowed = {code.casefold() for code in codes}
        for key in profile:
            if not isinstance(key, str) or key.strip().casefold() not in allowed:
                raise RulesetError(
                    path,
                    f"profile: {quoted(key)} is no {what} of the statline {quoted(name)}"
                    f" ({', '.join(codes)})",
                    where,
                )
        try:
            kind["profile"] = Profile.read(profile, table)
        except ValidationError as exc:
            message = str(exc.errors()[0]["msg"]).removeprefix("Value error, ")
            raise RulesetError(path, f"profile: {message}", where) from None
        except CharacteristicError as exc:
            raise RulesetError(path, f"profile: {exc}", where) from None


def check_weapon_columns(raw: _Raw) -> None:
    """Every weapon profile gives only the columns of the pack's weapon statline, by
    their codes; a column held in another field than its code (the 2026 "SR" in
    `rng_s`) is moved there, in place."""
    columns = raw.data.get("weapon_statline")
    if not isinstance(columns, list):
        columns = [c.model_dump() for c in N23_WEAPON_STATLINE]
    fields: dict[str, str] = {}
    for column in columns:
        if isinstance(column, dict) and isinstance(column.get("code"), str):
            fields[column["code"]] = column.get("field") or column["code"]
    # The weapon profile model reads Strength as `str` or `strength`.
    if fields.get("str") == "str":
        fields["strength"] = "str"
    expected = ", ".join([*(c for c in fields if c != "strength"), "name", "traits", "cost"])
    for index, weapon in enumerate(raw.data.get("weapons", [])):
        profiles = weapon.get("profiles", []) if isinstance(weapon, dict) else []
        for position, profile in enumerate(profiles if isinstance(profiles, list) else []):
            if not isinstance(profile, dict):
                continue
            where = (
                f"{entry_label('weapons', index, weapon)}, "
                f"{entry_label('profiles', position, profile)}"
            )
            path = _origin(raw, "weapons", index)
            moved: dict[str, Any] = {}
            for key, value in profile.items():
                if key in ("name", "traits", "cost"):
                    moved[key] = value
                elif key in fields:
                    moved[fields[key]] = value
                elif key in WEAPON_FIELDS:
                    raise RulesetError(
                        path, f"{key}: not a column of the pack's weapon_statline", where
                    )
                else:
                    raise RulesetError(
                        path, f"unknown key {quoted(key)} (expected one of: {expected})", where
                    )
            profile.clear()
            profile.update(moved)
