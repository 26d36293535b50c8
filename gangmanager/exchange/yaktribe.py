"""Import YakTribe's public gang JSON (FACTS.md §10) into a Gang, with a report.

What YakTribe gives and what we make of it (docs/file-formats.md says the same):

- Stats are final values with every modifier baked in. They become the base
  profile and the fighter's notes say so. Target stats come as bare numbers
  (4 means 4+); 0 means the fighter has none (`-`). A value outside the
  characteristic's best..worst is brought to the limit, with a report line.
- `cost` is the fighter's total: it becomes the committed Fighter Rating.
  Equipment keeps the prices in the file and the base cost is what remains
  (never below 0). YakTribe gives no breakdown of advancement credits, so they
  stay in the base cost.
- `qty` N gives N items, each at `cost` (cost is per item). If that would make
  the equipment cost more than the fighter's total while reading `cost` as the
  line's total would not, the line total is used instead and the report says so.
- Equipment is matched to the ruleset's armoury (see `armoury_match`); every
  item that does not match is kept as custom wargear with its price.
- Skills and injuries are kept by name; no modifier is applied (the stats
  already hold them).
- Numbers may be text ("45"). Wrong structure (a list where an object belongs,
  text that is no number) is an ImportFileError naming the JSON path.
"""

from __future__ import annotations

import html
import math
import re
from dataclasses import dataclass, field, replace
from typing import NoReturn

from pydantic import ValidationError

from gangmanager.exchange.armoury_match import (
    ArmouryIndex,
    name_tokens,
    split_qualifier,
    weapon_from_armoury,
)
from gangmanager.exchange.errors import ImportFileError, describe_value, json_path
from gangmanager.exchange.json_input import check_json_tree
from gangmanager.exchange.yaktribe_additions import attach_additions
from gangmanager.rules.characteristics import Characteristic, Value
from gangmanager.rules.gang import Category, Fighter, FighterStatus, Gang
from gangmanager.rules.limits import clean_name, name_error, past_bound, quoted
from gangmanager.rules.profile import Profile
from gangmanager.rules.ratings import fill_missing_ratings
from gangmanager.rules.ruleset import ArmouryWeapon, FighterType, House, Ruleset
from gangmanager.rules.weapons import Item, Weapon

__all__ = [
    "PROFILE_NOTE",
    "FighterReport",
    "ImportReport",
    "guess_category",
    "import_yaktribe",
    "is_bare_gang",
    "map_status",
]

PROFILE_NOTE = "Imported from YakTribe: profile includes all modifiers."
MAX_QTY = 20
# No price, count or rating in the game reaches a million; sums of such
# values then stay far below the gang file's own limit.
MAX_NUMBER = 1_000_000
_STAT_KEYS = {
    "M": ("m",),
    "WS": ("ws",),
    "BS": ("bs",),
    "S": ("s",),
    "T": ("t",),
    "W": ("w",),
    "I": ("i",),
    "A": ("a",),
    "Ld": ("ld",),
    "Cl": ("cl",),
    "Wil": ("wil",),
    "Int": ("int", "intelligence"),
}
Where = tuple[str | int, ...]


# -- report -------------------------------------------------------------------


@dataclass(frozen=True)
class FighterReport:
    """What happened to one fighter's items (or to the stash, named "(stash)")."""

    fighter: str
    # (name in the file, armoury name), one per equipment line.
    matched: tuple[tuple[str, str], ...] = ()
    # (name in the file, credits), kept as custom wargear.
    unmatched: tuple[tuple[str, int], ...] = ()
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class ImportReport:
    source: str
    gang: str
    fighters: tuple[FighterReport, ...] = ()
    stash: FighterReport | None = None
    notes: tuple[str, ...] = ()

    @property
    def matched_count(self) -> int:
        return sum(len(r.matched) for r in self._all())

    @property
    def unmatched_count(self) -> int:
        return sum(len(r.unmatched) for r in self._all())

    def _all(self) -> list[FighterReport]:
        return [*self.fighters, *([self.stash] if self.stash else [])]

    def text(self) -> str:
        """A short printable report: renamed matches, custom items and notes."""
        lines = [
            f'YakTribe import of "{self.gang}" from {self.source}',
            f"{len(self.fighters)} fighter{'s' if len(self.fighters) != 1 else ''};"
            f" {self.matched_count} equipment line{'s' if self.matched_count != 1 else ''}"
            f" matched to the armoury, {self.unmatched_count} kept as custom items.",
        ]
        if self.notes:
            lines.append("Gang:")
            lines += [f"  - {note}" for note in self.notes]
        for report in self._all():
            details = [
                f"  - {name} -> {armoury}"
                for name, armoury in report.matched
                if name.casefold() != armoury.casefold()
            ]
            details += [
                f"  - custom item: {name} ({cost} credits)" for name, cost in report.unmatched
            ]
            details += [f"  - {note}" for note in report.notes]
            if details:
                lines.append(f"{report.fighter}:")
                lines += details
        return "\n".join(lines)


# -- reading values -----------------------------------------------------------

_NUMBER_TEXT = re.compile(r"^[+-]?\d{1,12}(?:\.0*)?$")


class _Reader:
    """Typed access to untrusted values; every refusal names the JSON path."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, where: Where, message: str) -> NoReturn:
        raise ImportFileError(self.source, json_path(where), message)

    def obj(self, value: object, where: Where, what: str = "an object") -> dict[str, object]:
        if not isinstance(value, dict):
            self.fail(where, f"expected {what}, got {describe_value(value)}")
        return value

    def items(self, value: object, where: Where) -> list[object]:
        if value is None:
            return []
        if not isinstance(value, list):
            self.fail(where, f"expected a list, got {describe_value(value)}")
        return value

    def text(self, value: object, where: Where) -> str:
        if value is None:
            return ""
        if isinstance(value, str):
            # YakTribe writes some text HTML-escaped (&rsquo;, &ldquo;, &quot;, &amp;).
            return html.unescape(value).strip()
        if isinstance(value, int | float) and not isinstance(value, bool):
            if isinstance(value, float) and value.is_integer():
                value = int(value)
            text = str(value)  # a name or note written as a number
            if len(text) > 40:
                self.fail(where, f"expected text, got {describe_value(value)}")
            return text
        self.fail(where, f"expected text, got {describe_value(value)}")

    def name(self, value: object, where: Where, *, gang: bool = False) -> str:
        """A gang's or fighter's name, normalised; "" when absent or blank."""
        text = self.text(value, where)
        if not text.strip():
            return ""
        try:
            return clean_name(text, gang=gang)
        except ValueError as exc:
            self.fail(where, str(exc))

    def number(self, value: object, where: Where) -> int | None:
        """A whole number, given as a number or as text ("45"); None when absent."""
        if value is None or (isinstance(value, str) and value.strip() in ("", "-")):
            return None
        if isinstance(value, bool):
            self.fail(where, f"expected a number, got {describe_value(value)}")
        if isinstance(value, str):
            stripped = value.strip()
            if not _NUMBER_TEXT.match(stripped):
                self.fail(where, f"expected a number, got {describe_value(value)}")
            value = int(stripped.split(".")[0])
        if isinstance(value, float):
            if not math.isfinite(value) or value != int(value):
                self.fail(where, f"expected a whole number, got {describe_value(value)}")
            value = int(value)
        if not isinstance(value, int):
            self.fail(where, f"expected a number, got {describe_value(value)}")
        if abs(value) > MAX_NUMBER:
            self.fail(where, past_bound(value, MAX_NUMBER, describe_value(value)))
        return value

    def count(self, value: object, where: Where) -> int | None:
        """A number that may not be negative (cost, xp)."""
        number = self.number(value, where)
        if number is not None and number < 0:
            self.fail(where, f"{number} is negative")
        return number

    def names(self, value: object, where: Where) -> tuple[list[str], int]:
        """Skills or injuries: a list of names or of objects with a name, or a
        comma-separated text. Returns the names and how many had none."""
        if isinstance(value, str):
            return [part.strip() for part in value.split(",") if part.strip()], 0
        out: list[str] = []
        nameless = 0
        for index, item in enumerate(self.items(value, where)):
            at = (*where, index)
            if isinstance(item, dict):
                name = self.text(item.get("name"), (*at, "name"))
            elif isinstance(item, str | int | float) and not isinstance(item, bool):
                name = self.text(item, at)
            else:
                self.fail(at, f"expected a name, got {describe_value(item)}")
            if name:
                out.append(name)
            else:
                nameless += 1
        return out, nameless


# -- categories and statuses --------------------------------------------------

# Words in a fighter type, by priority: "Juve (Ganger)" is a Juve.
_CATEGORY_WORDS: tuple[tuple[tuple[str, ...], Category], ...] = (
    (("hanger", "on"), Category.HANGER_ON),
    (("hired", "gun"), Category.HIRED_GUN),
    (("bounty", "hunter"), Category.HIRED_GUN),
    (("hive", "scum"), Category.HIRED_GUN),
    (("exotic", "beast"), Category.EXOTIC_BEAST),
    (("brute",), Category.BRUTE),
    (("crew",), Category.CREW),
    (("prospect",), Category.PROSPECT),
    (("juve",), Category.JUVE),
    (("leader",), Category.LEADER),
    (("champion",), Category.CHAMPION),
    (("specialist",), Category.SPECIALIST),
    (("ganger",), Category.GANGER),
    # Orlock type names (FACTS.md §1) for files that give only the name.
    (("road", "captain"), Category.LEADER),
    (("greenhorn",), Category.JUVE),
    (("gunner",), Category.GANGER),
)


def _contains(tokens: tuple[str, ...], words: tuple[str, ...]) -> bool:
    size = len(words)
    return any(tokens[i : i + size] == words for i in range(len(tokens) - size + 1))


def known_type(
    type_text: str, ruleset: Ruleset | None, house: House | None = None
) -> FighterType | None:
    """The ruleset's fighter type a YakTribe type names ("Road Captain (Leader)"):
    the gang's own house first, then any house, then the gang additions."""
    tokens = name_tokens(type_text)
    if not tokens or ruleset is None:
        return None
    wanted = {tokens, name_tokens(split_qualifier(type_text)[0])}
    own = list(house.fighter_types) if house is not None else []
    types = [t for h in ruleset.houses for t in h.fighter_types]
    for fighter_type in [*own, *types, *ruleset.gang_additions]:
        if name_tokens(fighter_type.name) in wanted:
            return fighter_type
    return None


def guess_category(
    type_text: str, ruleset: Ruleset | None = None, house: House | None = None
) -> Category | None:
    """Category from a fighter type's text; None when nothing points to one.

    The ruleset's fighter types win ("Road Captain" in an Orlock pack); then
    category words anywhere in the text ("Arms Master (Champion)").
    """
    tokens = name_tokens(type_text)
    if not tokens:
        return None
    fighter_type = known_type(type_text, ruleset, house)
    if fighter_type is not None:
        return fighter_type.category
    for words, category in _CATEGORY_WORDS:
        if _contains(tokens, words):
            return category
    return None


def nearest_type(
    cost: int | None, values: dict[str, Value], ruleset: Ruleset, house: House | None = None
) -> FighterType | None:
    """The pack's fighter type closest in cost and profile: the last resort for the
    category of a type the pack does not know and whose name says nothing."""
    candidates = list(house.fighter_types) if house is not None and house.fighter_types else []
    candidates = candidates or [t for h in ruleset.houses for t in h.fighter_types]
    if len({t.category for t in candidates}) < 2:
        return None  # nothing to tell apart

    def distance(fighter_type: FighterType) -> float:
        apart = abs((cost or 0) - fighter_type.cost) / 10 if cost is not None else 0.0
        for code, value in values.items():
            theirs = fighter_type.profile.values.get(code)
            if isinstance(value, int) and isinstance(theirs, int):
                apart += abs(value - theirs)
        return apart

    return min(candidates, key=distance)


_STATUSES = {
    "alive": FighterStatus.ACTIVE,
    "active": FighterStatus.ACTIVE,
    "dead": FighterStatus.DEAD,
    "captured": FighterStatus.CAPTURED,
    "retired": FighterStatus.RETIRED,
    "in recovery": FighterStatus.IN_RECOVERY,
    "recovery": FighterStatus.IN_RECOVERY,
    "convalescence": FighterStatus.CONVALESCENCE,
    "critical": FighterStatus.CRITICAL,
    "sold": FighterStatus.SOLD,
}


def map_status(text: str) -> FighterStatus | None:
    """YakTribe's status text ("Alive", "In Recovery") to ours; None if unknown."""
    key = " ".join(re.split(r"[\s_-]+", text.strip().casefold())).strip()
    return _STATUSES.get(key)


# -- equipment ----------------------------------------------------------------


@dataclass
class _Line:
    name: str
    qty: int
    cost: int


@dataclass
class _Owner:
    """Items and report lines being built for one fighter (or the stash)."""

    name: str
    weapons: list[Weapon] = field(default_factory=list)
    wargear: list[Item] = field(default_factory=list)
    matched: list[tuple[str, str]] = field(default_factory=list)
    unmatched: list[tuple[str, int]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def report(self) -> FighterReport:
        return FighterReport(
            self.name, tuple(self.matched), tuple(self.unmatched), tuple(self.notes)
        )


def _read_lines(r: _Reader, value: object, where: Where, owner: _Owner) -> list[_Line]:
    lines: list[_Line] = []
    for index, raw in enumerate(r.items(value, where)):
        at = (*where, index)
        if isinstance(raw, str):
            name, qty, cost = raw.strip(), 1, 0
        else:
            item = r.obj(raw, at, "an object with name, qty and cost")
            key = "name" if "name" in item else "equipment_name"
            name = r.text(item.get(key), (*at, key))
            qty_read = r.number(item.get("qty"), (*at, "qty"))
            qty = 1 if qty_read is None else qty_read
            cost = r.count(item.get("cost"), (*at, "cost")) or 0
            if qty > MAX_QTY:
                r.fail((*at, "qty"), f"{qty} is more than {MAX_QTY} of one item")
            if qty < 1:
                owner.notes.append(f"{name or 'an item'}: qty {qty} read as 1")
                qty = 1
        if not name:
            name = "Unnamed item"
            owner.notes.append(f"item {index + 1} has no name: kept as {quoted(name)}")
        lines.append(_Line(name, qty, cost))
    return lines


def _unit_costs(lines: list[_Line], total: int | None, owner: _Owner) -> list[list[int]]:
    """Price of each unit of each line: `cost` per item unless that cannot be."""
    per_item = sum(line.qty * line.cost for line in lines)
    per_line = sum(line.cost for line in lines)
    if total is not None and per_item > total >= per_line:
        owner.notes.append(
            "equipment costs read as the price of the whole line"
            " (qty × cost would exceed the fighter's cost)"
        )
        return [
            [
                line.cost // line.qty + (line.cost % line.qty if unit == 0 else 0)
                for unit in range(line.qty)
            ]
            for line in lines
        ]
    return [[line.cost] * line.qty for line in lines]


def _add_items(
    lines: list[_Line], costs: list[list[int]], index: ArmouryIndex, owner: _Owner, *, stash: bool
) -> None:
    for line, unit_costs in zip(lines, costs, strict=True):
        shown = line.name if line.qty == 1 else f"{line.name} (x{line.qty})"
        match = index.match(line.name)
        if match is None:
            owner.unmatched.append((shown, sum(unit_costs)))
        else:
            owner.matched.append((shown, match.entry.name))
        for cost in unit_costs:
            if match is not None and isinstance(match.entry, ArmouryWeapon):
                owner.weapons.append(weapon_from_armoury(match.entry, cost, line.name))
            elif stash:  # the stash holds Weapon entries (rules.gang.Gang.stash)
                name = match.entry.name if match is not None else line.name
                owner.weapons.append(Weapon(name=name, cost=cost))
            else:
                name = match.entry.name if match is not None else line.name
                owner.wargear.append(Item(name=name, cost=cost))


# -- fighters -----------------------------------------------------------------


def _stat(r: _Reader, raw: object, row: Characteristic, where: Where, owner: _Owner) -> Value:
    if isinstance(raw, str):
        raw = raw.strip().rstrip('+"').strip()  # "4+" and '5"' as well as "4"
    value = r.number(raw, where)
    if value is None or value == 0:  # 0 is YakTribe's "none"
        return None
    if not row.in_range(value):
        clamped = row.clamp(value)
        owner.notes.append(
            f"{row.code} {row.print(value)} is outside {row.print(row.best)}"
            f" to {row.print(row.worst)}: set to {row.print(clamped)}"
        )
        return clamped
    return value


def _fighter(
    r: _Reader,
    raw_value: object,
    where: Where,
    number: int,
    ruleset: Ruleset,
    index: ArmouryIndex,
    house: House | None = None,
) -> tuple[Fighter, FighterReport]:
    raw = r.obj(raw_value, where)
    name = r.name(raw.get("name"), (*where, "name"))
    owner = _Owner(name or f"Fighter {number}")
    if not name:
        owner.notes.append(f"no name in the file: named {quoted(owner.name)}")

    type_text = r.text(raw.get("type"), (*where, "type"))
    values: dict[str, Value] = {}
    for row in ruleset.table:
        key = next((k for k in _STAT_KEYS[row.code] if k in raw), _STAT_KEYS[row.code][0])
        values[row.code] = _stat(r, raw.get(key), row, (*where, key), owner)

    total = r.count(raw.get("cost"), (*where, "cost"))
    known = known_type(type_text, ruleset, house)
    category = guess_category(type_text, ruleset, house)
    shown = f"type {quoted(type_text)}" if type_text else "no type given"
    if known is None and type_text:
        owner.notes.append(f"{shown} is not in the {ruleset.id} pack: kept as written")
    if category is None:
        nearest = nearest_type(total, values, ruleset, house)
        if nearest is not None:
            category = nearest.category
            owner.notes.append(
                f"{shown}: category {category.label} guessed from its cost and profile"
                f" (closest: {nearest.name})"
            )
        else:
            category = Category.GANGER
            owner.notes.append(f"{shown}: category set to Ganger")

    xp = r.count(raw.get("xp"), (*where, "xp")) or 0

    status_text = r.text(raw.get("status"), (*where, "status"))
    status = map_status(status_text) if status_text else FighterStatus.ACTIVE
    if status is None:
        owner.notes.append(f"status {quoted(status_text)} not known: set to Active")
        status = FighterStatus.ACTIVE

    lines = _read_lines(r, raw.get("equipment"), (*where, "equipment"), owner)
    _add_items(lines, _unit_costs(lines, total, owner), index, owner, stash=False)
    equipment = sum(w.total_cost for w in owner.weapons) + sum(i.cost for i in owner.wargear)
    if total is None:
        base = 0
        owner.notes.append("no cost in the file: rating computed from the equipment")
    elif equipment > total:
        base = 0
        owner.notes.append(
            f"equipment ({equipment}) costs more than the fighter's total ({total}): base cost 0"
        )
    else:
        base = total - equipment

    skills, no_skill = r.names(raw.get("skills"), (*where, "skills"))
    injuries, no_injury = r.names(raw.get("injuries"), (*where, "injuries"))
    if no_skill or no_injury:
        owner.notes.append(f"{no_skill + no_injury} skill or injury entries without a name skipped")

    notes = [r.text(raw.get("notes"), (*where, "notes")), PROFILE_NOTE]
    kills = r.number(raw.get("kills"), (*where, "kills"))
    advances = r.number(raw.get("advance_count"), (*where, "advance_count"))
    tally = [f"{kills} kills" if kills else "", f"{advances} advancements" if advances else ""]
    if any(tally):
        notes.append(f"YakTribe: {', '.join(t for t in tally if t)}.")

    fighter = Fighter(
        name=owner.name,
        # The ruleset's own spelling ("Road Captain", not "Road Captain (Leader)").
        type=known.name if known is not None else type_text,
        category=category,
        cost=base,
        xp=xp,
        status=status,
        rating=total,
        profile=Profile(values=values),
        weapons=owner.weapons,
        wargear=owner.wargear,
        skills=skills,
        injuries=injuries,
        notes="\n".join(n for n in notes if n),
    )
    return fighter, owner.report()


# -- the gang -----------------------------------------------------------------


def _id_text(value: object) -> str:
    """YakTribe's id, only for the notes: never refused, whatever it is."""
    if isinstance(value, str):
        return value.strip()[:40]
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) < 10**18:
        return str(value)
    return ""


# Keys that mark a bare YakTribe gang object (no {"gang": ...} around it).
BARE_GANG_KEYS = ("gang_id", "gang_name", "gangers")


def is_bare_gang(data: dict[str, object]) -> bool:
    return "format" not in data and any(key in data for key in BARE_GANG_KEYS)


def import_yaktribe(data: object, source: str, ruleset: Ruleset) -> tuple[Gang, ImportReport]:
    """Build a Gang from YakTribe's JSON, matched against `ruleset`'s armoury."""
    check_json_tree(data, source, limit_numbers=False)
    r = _Reader(source)
    top = r.obj(data, (), 'a YakTribe export (an object holding a "gang" object)')
    where: Where
    if "gang" in top:
        raw, where = r.obj(top["gang"], ("gang",)), ("gang",)
    elif is_bare_gang(top):
        raw, where = top, ()  # the gang object itself, not wrapped in {"gang": ...}
    else:
        r.fail(("gang",), 'missing: a YakTribe export holds a "gang" object')
    notes: list[str] = []

    name = r.name(raw.get("gang_name"), (*where, "gang_name"), gang=True)
    if not name:
        name = "Imported gang"
        notes.append(f"no gang name in the file: named {quoted(name)}")
    gang_type = r.text(raw.get("gang_type"), (*where, "gang_type"))
    house = ruleset.house(gang_type) if gang_type else None
    credits = r.number(raw.get("credits"), (*where, "credits")) or 0
    reputation = r.number(raw.get("reputation"), (*where, "reputation"))
    if reputation is None:
        reputation = 1
    elif reputation < 1:
        notes.append(f"reputation {reputation} is below 1: set to 1")
        reputation = 1
    rating = r.count(raw.get("gang_rating"), (*where, "gang_rating"))

    index = ArmouryIndex(ruleset)
    fighters: list[Fighter] = []
    reports: list[FighterReport] = []
    if raw.get("gangers") is None:
        notes.append("no gangers in the file")
    for number, ganger in enumerate(r.items(raw.get("gangers"), (*where, "gangers")), start=1):
        fighter, fighter_report = _fighter(
            r, ganger, (*where, "gangers", number - 1), number, ruleset, index, house
        )
        fighters.append(fighter)
        reports.append(fighter_report)

    # Brutes and beasts: their kit when the file lists none, a beast's owner.
    fighters, added = attach_additions(fighters, ruleset, house)
    reports = [
        replace(rep, notes=(*rep.notes, *added.get(f.name, ())))
        for f, rep in zip(fighters, reports, strict=True)
    ]

    stash_owner: _Owner | None = None
    if raw.get("stash") is not None:
        stash_owner = _Owner("(stash)")
        if isinstance(raw["stash"], list):
            lines = _read_lines(r, raw["stash"], (*where, "stash"), stash_owner)
            _add_items(lines, _unit_costs(lines, None, stash_owner), index, stash_owner, stash=True)
        else:
            stash_owner.notes.append("the stash is not a list: not imported")

    gang_id = _id_text(raw.get("gang_id"))
    gang_notes = [r.text(raw.get("gang_notes"), (*where, "gang_notes"))]
    gang_notes.append(f"Imported from YakTribe{f' (gang {gang_id})' if gang_id else ''}.")
    for key in ("alignment", "allegiance"):
        value = raw.get(key)
        if isinstance(value, str) and value.strip():
            gang_notes.append(f"{key.capitalize()}: {value.strip()}.")

    try:
        gang = Gang(
            name=name,
            house=house.name if house is not None else gang_type,
            ruleset=ruleset.id,
            credits=credits,
            reputation=reputation,
            rating=rating,
            stash=stash_owner.weapons if stash_owner else [],
            fighters=fighters,
            notes="\n".join(n for n in gang_notes if n),
        )
    except ValidationError as exc:  # a safety net: every value above is checked
        first = exc.errors(include_url=False)[0]
        message = name_error(first) if first["loc"][-1:] == ("name",) else first["msg"]
        raise ImportFileError(source, json_path((*where, *first["loc"])), message) from None
    report = ImportReport(
        source=source,
        gang=name,
        fighters=tuple(reports),
        stash=stash_owner.report() if stash_owner else None,
        notes=tuple(notes),
    )
    return fill_missing_ratings(gang), report
