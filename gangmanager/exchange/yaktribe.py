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
- The house and each fighter's type are the pack's (`yaktribe_types`, with
  YakTribe's own names in the one table of `yaktribe_names`); the category
  comes from the type or its words, never from cost or profile.
- Equipment is matched to the ruleset's armoury (`yaktribe_equipment`: ammo
  lines, beast markers, spellings); every item that does not match is kept as
  custom wargear with its price.
- Two fighters of one name are told apart ("Name (2)"); the campaign and
  territories go into the gang's notes; a `gang_rating` the fighters do not
  add up to, and what the roster breaks (two Leaders), are reported.
- Skills and injuries are kept by name; no modifier is applied (the stats
  already hold them).
- Numbers may be text ("45"). Wrong structure (a list where an object belongs,
  text that is no number) is an ImportFileError naming the JSON path.
"""

from __future__ import annotations

import re
from dataclasses import replace

from pydantic import ValidationError

from gangmanager.exchange.errors import ImportFileError, json_path
from gangmanager.exchange.json_input import check_json_tree
from gangmanager.exchange.yaktribe_additions import attach_additions
from gangmanager.exchange.yaktribe_campaign import campaign_notes
from gangmanager.exchange.yaktribe_equipment import Kit, Line, Owner
from gangmanager.exchange.yaktribe_images import ReadImage, read_image
from gangmanager.exchange.yaktribe_reader import Where, _Reader
from gangmanager.exchange.yaktribe_report import FighterReport, ImportReport
from gangmanager.exchange.yaktribe_types import find_house, find_type
from gangmanager.rules.characteristics import Characteristic, CharacteristicTable, Value
from gangmanager.rules.gang import Category, Fighter, FighterStatus, Gang
from gangmanager.rules.limits import (
    MAX_FIGHTER_NAME_CHARS,
    name_error,
    quoted,
)
from gangmanager.rules.profile import Profile
from gangmanager.rules.ratings import committed_fighter_rating, fill_missing_ratings
from gangmanager.rules.restrictions import roster_warnings
from gangmanager.rules.ruleset import FighterType, House, Ruleset
from gangmanager.rules.weapons import trait_key

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
# -- categories and statuses --------------------------------------------------


def known_type(
    type_text: str, ruleset: Ruleset | None, house: House | None = None
) -> FighterType | None:
    """The ruleset's fighter type a YakTribe type names ("Road Captain (Leader)")."""
    return find_type(type_text, ruleset, house).fighter_type


def guess_category(
    type_text: str, ruleset: Ruleset | None = None, house: House | None = None
) -> Category | None:
    """Category from a fighter type's text; None when nothing points to one.

    The ruleset's fighter types win ("Road Captain" in an Orlock pack); then
    category words anywhere in the text ("Arms Master (Champion)"). Never a
    guess from cost or profile.
    """
    return find_type(type_text, ruleset, house).category


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


def _report(owner: Owner) -> FighterReport:
    return FighterReport(
        owner.name, tuple(owner.matched), tuple(owner.unmatched), tuple(owner.notes)
    )


def _read_lines(r: _Reader, value: object, where: Where, owner: Owner) -> list[Line]:
    lines: list[Line] = []
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
        lines.append(Line(name, qty, cost))
    return lines


def _unit_costs(lines: list[Line], total: int | None, owner: Owner) -> list[list[int]]:
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


# -- fighters -----------------------------------------------------------------


def _stat(r: _Reader, raw: object, row: Characteristic, where: Where, owner: Owner) -> Value:
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
    kit: Kit,
    house: House | None = None,
) -> tuple[Fighter, Owner]:
    raw = r.obj(raw_value, where)
    name = r.name(raw.get("name"), (*where, "name"))
    owner = Owner(name or f"Fighter {number}")
    if not name:
        owner.notes.append(f"no name in the file: named {quoted(owner.name)}")

    type_text = r.text(raw.get("type"), (*where, "type"))
    # The statline of the fighter's type where the pack has it (a vehicle's), else the fighter's.
    kind = known_type(type_text, ruleset, house)
    table = ruleset.statline(kind.statline) if kind is not None else ruleset.table
    values = _profile_values(r, raw, where, table, owner)

    total = r.count(raw.get("cost"), (*where, "cost"))
    known, category = _type_of(type_text, ruleset, house, owner)

    xp = r.count(raw.get("xp"), (*where, "xp")) or 0
    status = _status(r, raw, where, owner)

    lines = _read_lines(r, raw.get("equipment"), (*where, "equipment"), owner)
    kit.add(lines, _unit_costs(lines, total, owner), owner, stash=False)
    equipment = sum(w.total_cost for w in owner.weapons) + sum(i.cost for i in owner.wargear)
    base = _base_cost(total, equipment, owner)

    skills, no_skill = r.names(raw.get("skills"), (*where, "skills"))
    injuries, no_injury = r.names(raw.get("injuries"), (*where, "injuries"))
    if no_skill or no_injury:
        owner.notes.append(f"{no_skill + no_injury} skill or injury entries without a name skipped")

    notes, image = _notes_and_image(r, raw, where, owner)

    fighter = Fighter(
        name=owner.name,
        # The ruleset's own spelling ("Road Captain", not "Road Captain (Leader)").
        type=known.name if known is not None else type_text,
        category=category,
        cost=base,
        xp=xp,
        status=status,
        rating=total,
        profile=Profile.read(values, table),
        weapons=owner.weapons,
        wargear=owner.wargear,
        skills=skills,
        injuries=injuries,
        notes=notes,
        portrait=image.portrait,
    )
    return fighter, owner


def _stat_keys(row: Characteristic) -> tuple[str, str]:
    """YakTribe's keys of a characteristic: its code in lower case (`ws`, `int`), or its
    name (`intelligence`, seen in some exports)."""
    return row.code.casefold(), row.name.casefold()


def _profile_values(
    r: _Reader, raw: dict[str, object], where: Where, table: CharacteristicTable, owner: Owner
) -> dict[str, Value]:
    values: dict[str, Value] = {}
    for row in table:
        keys = _stat_keys(row)
        key = next((k for k in keys if k in raw), keys[0])
        values[row.code] = _stat(r, raw.get(key), row, (*where, key), owner)
    return values


def _status(r: _Reader, raw: dict[str, object], where: Where, owner: Owner) -> FighterStatus:
    status_text = r.text(raw.get("status"), (*where, "status"))
    status = map_status(status_text) if status_text else FighterStatus.ACTIVE
    if status is None:
        owner.notes.append(f"status {quoted(status_text)} not known: set to Active")
        status = FighterStatus.ACTIVE
    return status


def _notes_and_image(
    r: _Reader, raw: dict[str, object], where: Where, owner: Owner
) -> tuple[str, ReadImage]:
    """The fighter's notes (the file's, the profile note, kills and advancements) and
    their portrait as read."""
    notes = [r.text(raw.get("notes"), (*where, "notes")), PROFILE_NOTE]
    kills = r.number(raw.get("kills"), (*where, "kills"))
    advances = r.number(raw.get("advance_count"), (*where, "advance_count"))
    tally = [f"{kills} kills" if kills else "", f"{advances} advancements" if advances else ""]
    if any(tally):
        notes.append(f"YakTribe: {', '.join(t for t in tally if t)}.")
    image = read_image(raw.get("image"), (*where, "image"), r.source)
    notes.append(image.note)
    if image.report:
        owner.notes.append(image.report)
    return "\n".join(n for n in notes if n), image


def _type_of(
    type_text: str, ruleset: Ruleset, house: House | None, owner: Owner
) -> tuple[FighterType | None, Category]:
    """The pack's fighter type the file names (None: kept as written) and its category,
    with a note for every guess."""
    choice = find_type(type_text, ruleset, house)
    known, category = choice.fighter_type, choice.category
    owner.on_pack_type = known is not None
    shown = f"type {quoted(type_text)}" if type_text else "no type given"
    if known is not None and choice.found_in:
        owner.notes.append(f"{shown}: found in the {choice.found_in} list as {known.name}")
    if choice.specialist and known is not None:
        owner.notes.append(f"{shown}: a Specialist of type {known.name}")
    if known is None and type_text:
        told = f" ({category.label}, as its name tells)" if category is not None else ""
        owner.notes.append(f"{shown} is not in the {ruleset.id} pack: kept as written{told}")
    if category is None:
        category = Category.GANGER
        owner.notes.append(f"{shown}: category set to Ganger (nothing in it tells one)")
    return known, category


def _base_cost(total: int | None, equipment: int, owner: Owner) -> int:
    """The fighter's own cost: their total in the file less what they carry (never below 0)."""
    if total is None:
        owner.notes.append("no cost in the file: rating computed from the equipment")
        return 0
    if equipment > total:
        owner.notes.append(
            f"equipment ({equipment}) costs more than the fighter's total ({total}): base cost 0"
        )
        return 0
    return total - equipment


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
    raw, where = _gang_object(r, data)
    notes: list[str] = []

    name = r.name(raw.get("gang_name"), (*where, "gang_name"), gang=True)
    if not name:
        name = "Imported gang"
        notes.append(f"no gang name in the file: named {quoted(name)}")
    gang_type = r.text(raw.get("gang_type"), (*where, "gang_type"))
    house = _house_of(gang_type, ruleset, notes)
    credits = r.number(raw.get("credits"), (*where, "credits")) or 0
    reputation = _reputation(r.number(raw.get("reputation"), (*where, "reputation")), notes)
    rating = r.count(raw.get("gang_rating"), (*where, "gang_rating"))

    kit = Kit(ruleset)
    fighters, owners, reports = _fighters(r, raw, where, ruleset, kit, house, notes)

    stash_owner = _stash(r, raw, where, kit)
    gang_notes, gang_image = _gang_notes(r, raw, where, notes)

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
            notes=gang_notes,
            portrait=gang_image.portrait,
        )
    except ValidationError as exc:  # a safety net: every value above is checked
        first = exc.errors(include_url=False)[0]
        message = name_error(first) if first["loc"][-1:] == ("name",) else first["msg"]
        raise ImportFileError(source, json_path((*where, *first["loc"])), message) from None
    gang = fill_missing_ratings(gang)
    if rating is not None:
        own = sum(committed_fighter_rating(f) for f in gang.fighters if f.status.counts_for_rating)
        if own != rating:
            notes.append(
                f"gang_rating {rating} in the file, {own} from its fighters:"
                f" the file's {rating} is kept as the committed Gang Rating"
            )
    notes += [f"warning: {w}" for w in roster_warnings(gang, ruleset)]
    report = ImportReport(
        source=source,
        gang=name,
        fighters=tuple(reports),
        stash=_report(stash_owner) if stash_owner else None,
        notes=tuple(notes),
        on_pack_type=sum(1 for o in owners if o.on_pack_type),
    )
    return gang, report


def _fighters(
    r: _Reader,
    raw: dict[str, object],
    where: Where,
    ruleset: Ruleset,
    kit: Kit,
    house: House | None,
    notes: list[str],
) -> tuple[list[Fighter], list[Owner], list[FighterReport]]:
    """The gang's fighters (names made distinct, Brutes' and beasts' kit attached), who
    owns what, and each one's report."""
    fighters: list[Fighter] = []
    owners: list[Owner] = []
    if raw.get("gangers") is None:
        notes.append("no gangers in the file")
    for number, ganger in enumerate(r.items(raw.get("gangers"), (*where, "gangers")), start=1):
        fighter, owner = _fighter(
            r, ganger, (*where, "gangers", number - 1), number, ruleset, kit, house
        )
        fighters.append(fighter)
        owners.append(owner)
    fighters = _distinct_names(fighters, owners, notes)

    # Brutes and beasts: the rest of their kit, a beast's owner.
    marks = {f.name: o.marks for f, o in zip(fighters, owners, strict=True)}
    fighters, added = attach_additions(fighters, ruleset, house, marks)
    reports = [
        replace(_report(o), notes=(*o.notes, *added.get(f.name, ())))
        for f, o in zip(fighters, owners, strict=True)
    ]
    return fighters, owners, reports


def _gang_object(r: _Reader, data: object) -> tuple[dict[str, object], Where]:
    """The gang object of the export, and where it is: under "gang", or the file itself."""
    top = r.obj(data, (), 'a YakTribe export (an object holding a "gang" object)')
    if "gang" in top:
        return r.obj(top["gang"], ("gang",)), ("gang",)
    if is_bare_gang(top):
        return top, ()  # the gang object itself, not wrapped in {"gang": ...}
    r.fail(("gang",), 'missing: a YakTribe export holds a "gang" object')


def _house_of(gang_type: str, ruleset: Ruleset, notes: list[str]) -> House | None:
    house = find_house(gang_type, ruleset)
    if house is None:
        shown = f"gang type {quoted(gang_type)}" if gang_type else "no gang type in the file"
        notes.append(
            f"{shown} is no house of the {ruleset.id} pack: kept as written;"
            " fighter types looked up in every list"
        )
    elif trait_key(gang_type) not in (trait_key(house.name), trait_key(house.id)):
        notes.append(f"gang type {quoted(gang_type)} -> {house.name}")
    return house


def _reputation(reputation: int | None, notes: list[str]) -> int:
    if reputation is None:
        return 1
    if reputation < 1:
        notes.append(f"reputation {reputation} is below 1: set to 1")
        return 1
    return reputation


def _stash(r: _Reader, raw: dict[str, object], where: Where, kit: Kit) -> Owner | None:
    """The gang's stash as an owner of its own (None: the file has none)."""
    stash_key = next((k for k in ("stash", "gang_stash") if raw.get(k) is not None), "")
    if not stash_key:
        return None
    stash_owner = Owner("(stash)")
    if isinstance(raw[stash_key], list):
        lines = _read_lines(r, raw[stash_key], (*where, stash_key), stash_owner)
        kit.add(lines, _unit_costs(lines, None, stash_owner), stash_owner, stash=True)
    else:
        stash_owner.notes.append(f"{stash_key} is not a list: not imported")
    return stash_owner


def _gang_notes(
    r: _Reader, raw: dict[str, object], where: Where, notes: list[str]
) -> tuple[str, ReadImage]:
    """The gang's notes (the file's, where it came from, alignment, the campaign) and
    its picture as read."""
    gang_id = _id_text(raw.get("gang_id"))
    gang_notes = [r.text(raw.get("gang_notes"), (*where, "gang_notes"))]
    gang_notes.append(f"Imported from YakTribe{f' (gang {gang_id})' if gang_id else ''}.")
    for key in ("alignment", "allegiance"):
        value = raw.get(key)
        if isinstance(value, str) and value.strip():
            gang_notes.append(f"{key.capitalize()}: {value.strip()}.")
    gang_notes += campaign_notes(raw, notes)
    gang_image = read_image(raw.get("gang_image"), (*where, "gang_image"), r.source)
    gang_notes.append(gang_image.note)
    if gang_image.report:
        notes.append(gang_image.report)
    return "\n".join(n for n in gang_notes if n), gang_image


def _distinct_names(
    fighters: list[Fighter], owners: list[Owner], notes: list[str]
) -> list[Fighter]:
    """A second fighter of a name becomes "Name (2)": a gang file allows one of each."""
    taken = {trait_key(f.name) for f in fighters}
    seen: set[str] = set()
    result: list[Fighter] = []
    for fighter, owner in zip(fighters, owners, strict=True):
        key = trait_key(fighter.name)
        if key not in seen:
            seen.add(key)
            result.append(fighter)
            continue
        number = 2
        while True:
            suffix = f" ({number})"
            new = fighter.name[: MAX_FIGHTER_NAME_CHARS - len(suffix)].rstrip() + suffix
            if trait_key(new) not in taken:
                break
            number += 1
        taken.add(trait_key(new))
        seen.add(trait_key(new))
        notes.append(
            f"two fighters are named {quoted(fighter.name)}: the second imported as {quoted(new)}"
        )
        owner.notes.append(f"renamed from {quoted(fighter.name)}: another fighter has that name")
        owner.name = new
        result.append(fighter.model_copy(update={"name": new}))
    return result
