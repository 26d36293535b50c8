"""A fighter's card as pieces of content, ready to flow onto card faces.

Front to back: name, type, Fighter Rating and XP; the effective profile
(modified values shaded) with wound, flesh wound and XP boxes and the status;
the modifier summary; the weapons table, one row per profile; wargear, skills,
injuries; optional footnotes (base value and sources of each modified
characteristic); the rules glossary of every trait and skill on the card.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields, replace

from gangmanager.printing.blocks import (
    CELL_PAD_X,
    CELL_PAD_Y,
    Cell,
    Column,
    Row,
    column_width,
    heading,
    paragraph,
    rows_piece,
    side_by_side,
    table,
    text_box,
    tick_boxes,
)
from gangmanager.printing.elements import (
    Align,
    Drawing,
    FontSpec,
    Frame,
    ImageBox,
    Measure,
    Rule,
)
from gangmanager.printing.flow import LayoutError, Piece, single
from gangmanager.printing.geometry import Rect
from gangmanager.printing.text import wrap
from gangmanager.rules import ranks, ratings
from gangmanager.rules.characteristics import CharacteristicTable, Value
from gangmanager.rules.gang import Fighter
from gangmanager.rules.modifiers import EffectiveProfile
from gangmanager.rules.ruleset import Ruleset
from gangmanager.rules.shapes import N23_WEAPON_STATLINE, WeaponColumn
from gangmanager.rules.statline_layout import PrintedLine, printed_lines, tallies
from gangmanager.rules.weapons import parse_trait, trait_key

# Gray level of a profile cell whose value a modifier changed.
MODIFIED_FILL = 0.78
HEADER_FILL = 0.86
# n23's weapon columns as printed: the blank card's, and a pack's that declares none.
WEAPON_COLUMNS = tuple(c.header for c in N23_WEAPON_STATLINE)
NEW_XP_BOXES = 10

# Card fonts at classic size (module constants: dataclass defaults must not be calls).
_NAME = FontSpec(11.0, bold=True)
_SUBTITLE = FontSpec(7.0)
_SUBTITLE_BOLD = FontSpec(7.0, bold=True)
_LABEL = FontSpec(5.5, condensed=True)
_VALUE = FontSpec(9.5, bold=True)
_BODY = FontSpec(6.5, condensed=True)
_BODY_BOLD = FontSpec(6.5, bold=True, condensed=True)
_SMALL = FontSpec(5.5, condensed=True)
_SMALL_BOLD = FontSpec(5.5, bold=True, condensed=True)
_HEADING = FontSpec(6.5, bold=True)
# The modified characteristics' footnotes: read at the table, so never below 7 pt.
_FOOTNOTE = FontSpec(7.0, condensed=True)
_FOOTNOTE_BOLD = FontSpec(7.0, bold=True, condensed=True)


@dataclass(frozen=True)
class CardStyle:
    """Fonts and sizes of a card; the one-card-per-page layout scales them up."""

    name: FontSpec = _NAME
    subtitle: FontSpec = _SUBTITLE
    subtitle_bold: FontSpec = _SUBTITLE_BOLD
    label: FontSpec = _LABEL
    value: FontSpec = _VALUE
    body: FontSpec = _BODY
    body_bold: FontSpec = _BODY_BOLD
    small: FontSpec = _SMALL
    small_bold: FontSpec = _SMALL_BOLD
    heading: FontSpec = _HEADING
    footnote: FontSpec = _FOOTNOTE
    footnote_bold: FontSpec = _FOOTNOTE_BOLD
    gap: float = 1.2
    box: float = 2.4
    # Preferred width of one profile cell; narrower when the card is narrow.
    profile_cell: float = 9.0
    # Narrowest stat column of the weapons table, so the numbers do not run together.
    stat_column: float = 6.0
    # A portrait's width beside the name and profile (3:4, so 20 mm tall).
    portrait_width: float = 15.0

    def scaled(self, factor: float) -> CardStyle:
        changes: dict[str, object] = {}
        for item in fields(self):
            value = getattr(self, item.name)
            changes[item.name] = (
                value.scaled(factor) if isinstance(value, FontSpec) else value * factor
            )
        return replace(self, **changes)  # type: ignore[arg-type]


NO_TEXT = "(no rules text in this ruleset)"


def glossary_entries(fighter: Fighter, ruleset: Ruleset) -> list[tuple[str, str]]:
    """Every trait and skill on the card once, sorted by name, with its rules text.

    The player's imported text for the name wins (looked up with the first
    parameter seen on the card, so text written for "Rapid Fire (1)" is found).
    Otherwise the pack's summary: a name that is both a weapon trait and one of
    the fighter's skills (Parry, Backstab) gets both summaries, as they differ.
    """
    traits: dict[str, tuple[str, str]] = {}
    for weapon in fighter.weapons:
        for profile in weapon.profiles:
            for trait in profile.traits:
                traits.setdefault(trait.key, (trait.name, str(trait)))
    skills = {trait_key(skill): skill.strip() for skill in reversed(fighter.skills)}
    imported = {parse_trait(name).key for name in ruleset.rules_text if name.strip()}
    entries: list[tuple[str, str]] = []
    for key in dict.fromkeys([*traits, *skills]):
        name, lookup = traits.get(key) or (skills[key], skills[key])
        if key in imported:
            entries.append((name, ruleset.rules_text_for(lookup) or NO_TEXT))
            continue
        trait_def = ruleset.trait_def(parse_trait(lookup)) if key in traits else None
        skill = _skill_summary(ruleset, key) if key in skills else ""
        texts = [text for text in (trait_def.summary if trait_def else "", skill) if text]
        if len(texts) == 2 and texts[0] != texts[1]:
            entries.append((name, f"Weapon trait: {texts[0]} Skill: {texts[1]}"))
        else:
            entries.append((name, texts[0] if texts else NO_TEXT))
    return sorted(entries, key=lambda entry: entry[0].casefold())


def _skill_summary(ruleset: Ruleset, key: str) -> str:
    for skill_set in ruleset.skill_sets:
        for skill in skill_set.skills:
            if trait_key(skill.name) == key:
                return skill.summary
    return ""


def modified_codes(effective: EffectiveProfile) -> list[str]:
    return [row.code for row in effective.table if effective.modified(row.code)]


def footnote_lines(effective: EffectiveProfile) -> list[tuple[str, str]]:
    """(characteristic name, `5+ (base 6+): Advancement: Cool (+1)`) per modified value."""
    lines = []
    for code in modified_codes(effective):
        row = effective.table[code]
        sources = "; ".join(change.describe for change in effective.sources[code])
        now, base = row.print(effective.values[code]), row.print(effective.base[code])
        lines.append((row.name, f"{now} (base {base}): {sources}"))
    return lines


def card_pieces(
    fighter: Fighter,
    ruleset: Ruleset,
    width: float,
    measure: Measure,
    style: CardStyle,
    *,
    footnotes: bool = True,
    label_reserve: float = 0.0,
    glossary: bool = True,
    compact: bool = False,
) -> list[Piece]:
    """The card's content for a face `width` mm wide, in reading order.

    `glossary` False leaves the rules glossary out (it is printed once for all the
    cards, `glossary_page.py`); `compact` runs the footnotes on after the modifier
    summary, so a card one heading too long still fits one face.

    `label_reserve` keeps room at the top right of the first line for the
    "Card 3 · 1/2" label drawn once the number of faces is known.
    """
    effective = fighter.effective(statline_of(fighter, ruleset))
    pieces = _top(fighter, ruleset, effective, width, measure, style, label_reserve)
    # Compact: the footnotes run on after the summary, without a heading of their own.
    merged = compact and footnotes and bool(modified_codes(effective))
    if modified_codes(effective):
        pieces.append(_modifiers(effective, merged, width, measure, style))
    pieces += _weapons(fighter, ruleset.weapon_statline, width, measure, style)
    pieces += _lists(fighter, width, measure, style)
    if fighter.notes.strip():
        pieces.append(
            _labelled(fighter.notes.strip(), "Notes:", width, measure, style, style.gap / 2)
        )
    if footnotes and modified_codes(effective) and not merged:
        pieces += _footnotes(effective, width, measure, style)
    if glossary:
        pieces += _glossary(fighter, ruleset, width, measure, style)
    return pieces


def _modifiers(
    effective: EffectiveProfile,
    merged: bool,
    width: float,
    measure: Measure,
    style: CardStyle,
) -> Piece:
    """The summary of the modifiers the profile shows applied; `merged`: with the
    footnotes run on after it."""
    text = effective.summary() or "no net change"
    if merged:
        notes = "; ".join(f"{name}: {line}" for name, line in footnote_lines(effective))
        text = f"{text}. {notes}"
    return _labelled(
        text,
        "Modifiers already applied to the profile (shaded):",
        width,
        measure,
        style,
        style.gap / 2,
    )


def _footnotes(
    effective: EffectiveProfile, width: float, measure: Measure, style: CardStyle
) -> list[Piece]:
    """Each modified characteristic's base value and sources, under a heading."""
    pieces = [heading("Modified characteristics", width, style.footnote_bold, measure, style.gap)]
    for name, text in footnote_lines(effective):
        pieces.append(
            paragraph(
                text,
                width,
                style.footnote,
                measure,
                label=f"{name}:",
                label_font=style.footnote_bold,
            )
        )
    return pieces


def _glossary(
    fighter: Fighter, ruleset: Ruleset, width: float, measure: Measure, style: CardStyle
) -> list[Piece]:
    """The card's own rules glossary; none when nothing on the card has rules text."""
    entries = glossary_entries(fighter, ruleset)
    if not entries:
        return []
    pieces = [heading("Rules glossary", width, style.heading, measure, style.gap)]
    # A glossary continued on the next face says so at the top.
    continued = heading("Rules glossary (continued)", width, style.heading, measure)
    for name, text in entries:
        entry = _labelled(text, f"{name}:", width, measure, style, 0.4)
        entry.header = continued
        pieces.append(entry)
    return pieces


def _top(
    fighter: Fighter,
    ruleset: Ruleset,
    effective: EffectiveProfile,
    width: float,
    measure: Measure,
    style: CardStyle,
    reserve: float,
) -> list[Piece]:
    """The name and the profile; with a portrait, the picture at their left."""
    if fighter.portrait is None:
        return [
            _header(fighter, ruleset, width, measure, style, reserve),
            _profile_block(fighter, effective, width, measure, style),
        ]
    picture = style.portrait_width
    rest = width - picture - 2 * style.gap
    text = rows_piece(
        [
            _header(fighter, ruleset, rest, measure, style, reserve),
            _profile_block(fighter, effective, rest, measure, style),
        ]
    )
    drawing = Drawing()
    box = Rect(0.0, 0.0, picture, picture * 4 / 3)
    drawing.images.append(ImageBox(box, fighter.portrait))
    drawing.frames.append(Frame(box, 0.2))
    image = single(box.h, drawing)
    return [side_by_side([(0.0, image), (picture + 2 * style.gap, text)])]


def _labelled(
    text: str, label: str, width: float, measure: Measure, style: CardStyle, gap_before: float = 0.0
) -> Piece:
    """Body text after a bold label: `Skills: Dodge, Sprint`."""
    return paragraph(
        text,
        width,
        style.body,
        measure,
        label=label,
        label_font=style.body_bold,
        gap_before=gap_before,
    )


def header_lines(fighter: Fighter, ruleset: Ruleset) -> tuple[str, str]:
    """The card's kind ('Gang Queen · Leader': the type's subtypes where the pack has
    them, else its category) and its rating line (with the rank, on a ranks pack)."""
    subtypes = ranks.subtypes(ruleset, "", fighter)
    kind = " · ".join(
        part for part in (fighter.type, *(subtypes or [fighter.category.label])) if part
    )
    rating = f"Fighter Rating {ratings.committed_fighter_rating(fighter)}   XP {fighter.xp}"
    standing = ranks.standing(ruleset, "", fighter)
    return kind, rating + (f"   {standing.text}" if standing is not None else "")


def _header(
    fighter: Fighter,
    ruleset: Ruleset,
    width: float,
    measure: Measure,
    style: CardStyle,
    reserve: float,
) -> Piece:
    drawing = Drawing()
    y = 0.0
    for line in wrap(fighter.name, width - reserve, style.name, measure):
        drawing.texts.append(text_box(line, 0.0, y, measure(line, style.name), style.name))
        y += style.name.line_height
    kind, rating = header_lines(fighter, ruleset)
    line_height = max(style.subtitle.line_height, style.subtitle_bold.line_height)
    kind_width = measure(kind, style.subtitle)
    rating_width = measure(rating, style.subtitle_bold)
    if kind_width + rating_width + 3.0 <= width:
        drawing.texts.append(text_box(kind, 0.0, y, kind_width, style.subtitle))
        drawing.texts.append(
            text_box(
                rating, width - rating_width, y, rating_width, style.subtitle_bold, Align.RIGHT
            )
        )
        y += line_height
    else:
        for line in wrap(kind, width, style.subtitle, measure):
            drawing.texts.append(
                text_box(line, 0.0, y, measure(line, style.subtitle), style.subtitle)
            )
            y += line_height
        for line in wrap(rating, width, style.subtitle_bold, measure):
            drawing.texts.append(
                text_box(line, 0.0, y, measure(line, style.subtitle_bold), style.subtitle_bold)
            )
            y += line_height
    drawing.rules.append(Rule(0.0, y + 0.4, width, y + 0.4, width=0.4))
    return single(y + 0.8, drawing)


def statline_of(fighter: Fighter, ruleset: Ruleset) -> CharacteristicTable:
    """The pack's statline the fighter's profile is keyed by (a vehicle's, a pack's own)."""
    return ruleset.table_for(fighter.profile)


def box_rows(values: Mapping[str, Value]) -> list[tuple[str, int]]:
    """The boxes beside the profile: the tallies its statline holds (Wounds and Flesh
    wounds for an n23 fighter), then the New XP boxes."""
    return [*tallies(values), ("New XP", NEW_XP_BOXES)]


def _group_label(line: PrintedLine) -> str:
    return (line.group or "").capitalize()


def _profile_block(
    fighter: Fighter,
    effective: EffectiveProfile,
    width: float,
    measure: Measure,
    style: CardStyle,
) -> Piece:
    """The profile, one table a printed line (a vehicle: its own line, then its crew's),
    and beside it (or under it when narrow) the boxes and the status."""
    lines = printed_lines(effective.table)
    printed = effective.printed()
    # A statline in several lines names each at its left ("Vehicle", "Crew").
    named = len(lines) > 1
    lead = (
        max(measure(_group_label(line), style.small_bold) for line in lines) + 2 * CELL_PAD_X
        if named
        else 0.0
    )
    table_rows = list(effective.table)
    cells = max(len(line.rows) for line in lines)
    need = max(
        max(column_width([row.code], style.label, measure) for row in table_rows),
        max(column_width([printed[row.code]], style.value, measure) for row in table_rows),
    )
    if lead + need * cells > width:
        raise LayoutError(f"a card {width:.0f} mm wide is too narrow for the profile")
    boxes = box_rows(effective.values)
    label_width = max(measure(label, style.body_bold) for label, _ in boxes) + 2 * style.gap
    # The boxes go beside the profile when there is room for them, else below it
    # (and the profile takes the whole width).
    side_need = label_width + 6 * style.box * 1.6 + 2 * style.gap
    cell = max(need, min(style.profile_cell, (width - lead) / cells))
    if lead + cell * cells + side_need > width:
        cell = (width - lead) / cells
    profile_width = lead + cell * cells
    tables = [_profile_table(effective, line, cell, lead, measure, style, named) for line in lines]
    profile = rows_piece(tables, gap=style.gap / 2) if named else tables[0]
    side_width = width - profile_width - 2 * style.gap

    def side(block_width: float) -> Piece:
        rows = [
            tick_boxes(label, count, block_width, label_width, style.body_bold, measure, style.box)
            for label, count in boxes
        ]
        status = _labelled(fighter.status.label, "Status:", block_width, measure, style)
        return rows_piece([*rows, status], gap=0.3)

    if profile_width + side_need <= width:
        return side_by_side(
            [(0.0, profile), (profile_width + 2 * style.gap, side(side_width))], style.gap / 2
        )
    return rows_piece([profile, side(width)], gap=style.gap)


def _profile_table(
    effective: EffectiveProfile,
    line: PrintedLine,
    cell: float,
    lead: float,
    measure: Measure,
    style: CardStyle,
    named: bool,
) -> Piece:
    """One printed line: the characteristics' codes over their printed values, `cell` mm
    a column after `lead` mm for the line's name, the modified values shaded."""
    table_rows = list(line.rows)
    printed = effective.printed()
    profile_width = lead + cell * len(table_rows)
    label_height = style.label.line_height + 2 * CELL_PAD_Y
    value_height = style.value.line_height + 2 * CELL_PAD_Y
    drawing = Drawing()
    drawing.frames.append(
        Frame(Rect(lead, 0.0, profile_width - lead, label_height), 0.0, HEADER_FILL)
    )
    for index, row in enumerate(table_rows):
        if effective.modified(row.code):
            drawing.frames.append(
                Frame(
                    Rect(lead + index * cell, label_height, cell, value_height),
                    0.0,
                    MODIFIED_FILL,
                )
            )
    drawing.frames.append(Frame(Rect(0.0, 0.0, profile_width, label_height + value_height), 0.25))
    for index in range(0 if named else 1, len(table_rows)):
        x = lead + index * cell
        drawing.rules.append(Rule(x, 0.0, x, label_height + value_height, width=0.1, gray=0.55))
    if named:
        # The line's name, bold and centred on its two rows.
        name, font = _group_label(line), style.small_bold
        y = (label_height + value_height - font.line_height) / 2
        drawing.texts.append(text_box(name, CELL_PAD_X, y, measure(name, font), font))
    for y, texts, font in (
        (0.0, [row.code for row in table_rows], style.label),
        (label_height, [printed[row.code] for row in table_rows], style.value),
    ):
        for index, text in enumerate(texts):
            text_width = measure(text, font)
            x = lead + index * cell + (cell - text_width) / 2
            drawing.texts.append(text_box(text, x, y + CELL_PAD_Y, text_width, font, Align.CENTER))
    return single(label_height + value_height, drawing)


def weapon_headers(ruleset: Ruleset) -> tuple[str, ...]:
    """The headings of the pack's weapon columns, in its order."""
    return tuple(column.header for column in ruleset.weapon_statline)


def weapon_rows(fighter: Fighter, columns: Sequence[WeaponColumn]) -> list[tuple[Row, list[str]]]:
    """Table rows (and the texts of their stat columns, for sizing): one stat column
    for each of the pack's weapon `columns`, in its order."""
    rows: list[tuple[Row, list[str]]] = []
    for weapon in fighter.weapons:
        if not weapon.profiles:
            rows.append(
                (Row([f"{weapon.name}: no profiles left"], span=True, group_start=True), [])
            )
            continue
        if len(weapon.profiles) > 1:
            rows.append((Row([weapon.name], span=True, keep_with_next=True, group_start=True), []))
        for profile in weapon.profiles:
            stats = [profile.value(column.stored_in) for column in columns]
            traits = ", ".join(str(t) for t in profile.traits) or "-"
            if len(weapon.profiles) == 1:
                label = f"{weapon.name} ({profile.name})" if profile.name else weapon.name
                row = Row([label, *stats, traits], group_start=True)
            else:
                label = profile.name or "standard"
                row = Row([label, *stats, traits], indent=1.5, group_start=False)
            rows.append((row, stats))
    return rows


def _weapons(
    fighter: Fighter,
    weapon_statline: Sequence[WeaponColumn],
    width: float,
    measure: Measure,
    style: CardStyle,
) -> list[Piece]:
    rows = weapon_rows(fighter, weapon_statline)
    headers = [column.header for column in weapon_statline]
    if not rows:
        return [_labelled("none", "Weapons:", width, measure, style, style.gap)]
    # One width for every stat column, so cards line up with each other.
    stat_width = max(
        style.stat_column,
        column_width(headers, style.label, measure),
        column_width([text for _, stats in rows for text in stats], style.body, measure),
    )
    stat_widths = [stat_width] * len(headers)
    names = [str(row.cells[0]) for row, stats in rows if stats]
    name_width = min(max(column_width(names, style.body, measure), width * 0.16), width * 0.3)
    traits_width = width - name_width - sum(stat_widths)
    if traits_width < width * 0.18:
        name_width = max(width * 0.16, name_width - (width * 0.18 - traits_width))
        traits_width = width - name_width - sum(stat_widths)
    if traits_width < CELL_PAD_X * 2 + 5.0:
        raise LayoutError(f"a card {width:.0f} mm wide is too narrow for the weapons table")
    columns = [
        Column("Weapon", name_width),
        *(Column(t, w, Align.CENTER) for t, w in zip(headers, stat_widths, strict=True)),
        Column("Traits", traits_width),
    ]
    bold_rows = [
        replace(row, cells=[Cell(str(row.cells[0]), style.body_bold)]) if row.span else row
        for row, _ in rows
    ]
    return table(columns, bold_rows, style.label, style.body, measure, gap_before=style.gap)


# Wargear, skills and injuries share one row while each fits in this many lines.
LIST_COLUMN_LINES = 3


def _lists(fighter: Fighter, width: float, measure: Measure, style: CardStyle) -> list[Piece]:
    """Wargear, skills and injuries: side by side when short, one under the other when long."""
    lists = (
        ("Wargear:", [item.name for item in fighter.wargear]),
        ("Skills:", fighter.skills),
        ("Injuries:", fighter.injuries),
    )

    def block(label: str, items: list[str], block_width: float) -> Piece:
        return _labelled(
            ", ".join(items) or "none", label, block_width, measure, style, style.gap / 2
        )

    spacing = 3 * style.gap
    column = (width - spacing * (len(lists) - 1)) / len(lists)
    narrow = [block(label, items, column) for label, items in lists]
    if all(len(piece.slices) <= LIST_COLUMN_LINES for piece in narrow):
        placed = [(i * (column + spacing), piece) for i, piece in enumerate(narrow)]
        return [side_by_side(placed, style.gap / 2)]
    return [block(label, items, width) for label, items in lists]
