"""Import a player's own rules text from a "Name: text" glossary file.

The format, as players write it::

    Blaze: First paragraph of the Blaze text.

    Second paragraph, still Blaze.

    Rapid Fire (1): First paragraph of the Rapid Fire text.

An entry starts with a paragraph whose beginning, up to the first colon, is a
short Title-Case name with an optional bracketed parameter (`Blast (3'')`).
The text after the colon is the entry's first paragraph; the paragraphs that
follow belong to the same entry until the next such paragraph. A colon later
in a sentence never starts an entry.

Paragraphs are separated by blank lines; a file without any blank line has
one paragraph per line. Nothing is dropped: a paragraph that cannot be
attached to a name (text before the first entry, a profile modifier line such
as `M: +1, BS: +1`, a name with no text) lands in `Glossary.unattached` with a
warning, and an entry replaced by a later one of the same name is kept in
`Glossary.replaced`.

Pure: no Qt, no database. `read_glossary` is the only function that touches a
file, and `GlossaryError` is raised only for input that is not text at all.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from gangmanager.rules.limits import quoted
from gangmanager.rules.weapons import Trait, parse_trait, trait_key

__all__ = [
    "Glossary",
    "GlossaryEntry",
    "GlossaryError",
    "looks_like_modifier_line",
    "parse_glossary",
    "read_glossary",
    "split_paragraphs",
]

# Limits on the name part of `Name: text` (parameter excluded).
MAX_NAME_CHARS = 40
MAX_NAME_WORDS = 5
MAX_PARAM_CHARS = 20
# How many entry names the import report lists before "and N more".
MAX_REPORTED_NAMES = 20

# Lower-case words a Title-Case name may contain ("Nerves of Steel").
_MINOR_WORDS = frozenset(
    {"a", "an", "and", "as", "at", "by", "for", "from", "in", "of", "on", "or", "the", "to", "with"}
)
# Characters allowed inside a word of a name besides letters and digits.
_WORD_EXTRA = frozenset("'’-/")
# Labels that introduce a sentence inside an entry, never an entry of their own.
_LABELS = frozenset(
    trait_key(label)
    for label in (
        "Note",
        "Notes",
        "NB",
        "Example",
        "Examples",
        "Exception",
        "Important",
        "Reminder",
        "Errata",
        "FAQ",
        "Designer's Note",
        "Designer’s Note",
        "Designers Note",
        "See Also",
    )
)

_HEAD = re.compile(r"^(?P<name>[^()\[\]]+?)\s*(?:\((?P<param>[^()]*)\))?$")
# A characteristic's code as statlines write them (M, BS, Wil, Int, HP, Hnd: up to four
# letters, any case, as `_MODIFIER_ITEM`), whichever statline the pack declares.
_CODE = re.compile(r"^[A-Za-z]{1,4}$")
_SIGNED = r"""[+\-−–]\s*\d+\s*(?:"|''|”|″)?"""
_STARTS_SIGNED = re.compile(rf"^{_SIGNED}")
_MODIFIER_ITEM = rf"[A-Za-z]{{1,4}}\s*:\s*{_SIGNED}"
_MODIFIER_LIST = re.compile(rf"^{_MODIFIER_ITEM}(?:\s*[,;]\s*{_MODIFIER_ITEM})+\s*[.,;]?$")

_ELLIPSIS = "…"
_PREVIEW_CHARS = 60


class GlossaryError(ValueError):
    """The input is not text at all (binary or undecodable bytes)."""


@dataclass
class GlossaryEntry:
    """One `Name: text` entry: `Rapid Fire (1)` has name "Rapid Fire", param "1"."""

    name: str
    param: str | None
    # The name part as written in the file, e.g. `Blast (3'')`.
    heading: str
    paragraphs: list[str] = field(default_factory=list)

    @property
    def key(self) -> str:
        """The heading normalised: `Blast (3'')` -> `Blast (3")`."""
        return str(Trait(name=self.name, param=self.param))

    @property
    def text(self) -> str:
        return "\n\n".join(self.paragraphs)


@dataclass
class Glossary:
    entries: list[GlossaryEntry] = field(default_factory=list)
    # Paragraphs that could not be attached to a name, in file order.
    unattached: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    # Earlier entries superseded by a later entry of the same name.
    replaced: list[GlossaryEntry] = field(default_factory=list)

    @property
    def names(self) -> list[str]:
        return [entry.key for entry in self.entries]

    def entry(self, name: str) -> GlossaryEntry | None:
        """The entry for `Rapid Fire (1)`, or for the bare name `Rapid Fire`."""
        if not name.strip():
            return None
        wanted = trait_key(str(parse_trait(name)))
        by_key = next((e for e in self.entries if trait_key(e.key) == wanted), None)
        if by_key is not None:
            return by_key
        return next((e for e in self.entries if trait_key(e.name) == wanted), None)

    def as_rules_text(self) -> dict[str, str]:
        """Name with parameter (normalised) -> paragraphs joined by blank lines."""
        return {entry.key: entry.text for entry in self.entries}

    def report(self) -> str:
        """A summary for the player: entries, unattached paragraphs, warnings."""
        count = len(self.entries)
        lines = [f"{count} {'entry' if count == 1 else 'entries'} imported"]
        if self.entries:
            # A few names, not thousands: the report is read on one screen.
            names = self.names
            shown = ", ".join(names[:MAX_REPORTED_NAMES])
            more = len(names) - MAX_REPORTED_NAMES
            lines[0] += ": " + shown + (f" and {more} more" if more > 0 else "")
        if self.unattached:
            lines.append(
                f"{len(self.unattached)} paragraph{'s' if len(self.unattached) != 1 else ''}"
                " could not be attached to a name:"
            )
            for paragraph in self.unattached:
                note = (
                    "  (looks like a modifier line)" if looks_like_modifier_line(paragraph) else ""
                )
                lines.append(f"  - {_preview(paragraph)}{note}")
        if self.warnings:
            lines.append("Warnings:")
            lines.extend(f"  - {warning}" for warning in self.warnings)
        return "\n".join(lines)


# -- paragraphs --------------------------------------------------------------


def split_paragraphs(text: str) -> list[str]:
    """Non-empty paragraphs, stripped.

    Paragraphs are separated by blank lines; the lines of one paragraph are
    joined by a space (hard-wrapped text), except that a line which starts an
    entry or is a modifier line starts a new paragraph. Text with no blank line
    at all has one paragraph per line. CRLF, a BOM and trailing spaces are fine.
    """
    lines = [line.strip() for line in text.removeprefix("\ufeff").splitlines()]
    while lines and not lines[0]:
        lines.pop(0)
    while lines and not lines[-1]:
        lines.pop()
    if "" not in lines:
        return lines
    paragraphs: list[str] = []
    block: list[str] = []

    def flush() -> None:
        if block:
            paragraphs.append(" ".join(block))
            block.clear()

    for line in lines:
        if not line:
            flush()
        elif block and (_match_heading(line) is not None or looks_like_modifier_line(line)):
            flush()
            block.append(line)
        else:
            block.append(line)
    flush()
    return paragraphs


def looks_like_modifier_line(paragraph: str) -> bool:
    """`M: +1, BS: +1, Cl: +1` (a profile modifier), not a rules entry named "M"."""
    text = paragraph.strip()
    head, colon, rest = text.partition(":")
    if colon and _CODE.match(head.strip()) and _STARTS_SIGNED.match(rest.strip()):
        return True
    return _MODIFIER_LIST.match(text) is not None


@dataclass(frozen=True)
class _Heading:
    heading: str
    name: str
    param: str | None
    rest: str


def _is_name_word(word: str, first: bool) -> bool:
    if word in {"&", "/"} and not first:
        return True
    if not all(char.isalnum() or char in _WORD_EXTRA for char in word):
        return False
    if not word[0].isalnum():
        return False
    if word[0].isupper():
        return True
    return not first and (word[0].isdigit() or word in _MINOR_WORDS)


def _match_heading(paragraph: str) -> _Heading | None:
    """The `Name (param)` part of `Name (param): text`, or None if it is not one."""
    head, colon, rest = paragraph.partition(":")
    if not colon:
        return None
    heading = head.strip()
    match = _HEAD.match(heading)
    if match is None or head != head.lstrip():
        return None
    name = match.group("name")
    param = match.group("param")
    if len(name) > MAX_NAME_CHARS or trait_key(name) in _LABELS:
        return None
    if param is not None and not (param.strip() and len(param) <= MAX_PARAM_CHARS):
        return None
    words = name.split()
    if not 1 <= len(words) <= MAX_NAME_WORDS:
        return None
    if not all(_is_name_word(word, index == 0) for index, word in enumerate(words)):
        return None
    if looks_like_modifier_line(paragraph):
        return None
    trait = parse_trait(heading)
    return _Heading(heading=heading, name=trait.name, param=trait.param, rest=rest.strip())


def _preview(paragraph: str) -> str:
    flat = " ".join(paragraph.split())
    if len(flat) <= _PREVIEW_CHARS:
        return flat
    return flat[:_PREVIEW_CHARS].rstrip() + _ELLIPSIS


# -- parsing -----------------------------------------------------------------


@dataclass
class _Open:
    """An entry being read, with where to put its heading back if it has no text."""

    entry: GlossaryEntry
    source: str
    number: int
    unattached_at: int


def parse_glossary(text: str) -> Glossary:
    """Parse glossary text; never raises on a string (see `Glossary.warnings`)."""
    if not isinstance(text, str):
        raise GlossaryError(
            f"a glossary is text, not {type(text).__name__}; use read_glossary for a file"
        )
    glossary = Glossary()
    paragraphs = split_paragraphs(text)
    if not paragraphs:
        glossary.warnings.append("the text is empty")
        return glossary
    current: _Open | None = None
    first_seen: dict[str, int] = {}
    # Entries in file order by key (a dict keeps insertion order).
    by_key: dict[str, GlossaryEntry] = {}
    unnamed: list[int] = []

    for number, paragraph in enumerate(paragraphs, start=1):
        if looks_like_modifier_line(paragraph):
            glossary.unattached.append(paragraph)
            glossary.warnings.append(
                f"paragraph {number} looks like a modifier line, not a rules entry:"
                f" {quoted(_preview(paragraph))}; not attached"
            )
            continue
        heading = _match_heading(paragraph)
        if heading is not None:
            _close_entry(glossary, current, by_key, first_seen)
            entry = GlossaryEntry(
                name=heading.name,
                param=heading.param,
                heading=heading.heading,
                paragraphs=[heading.rest] if heading.rest else [],
            )
            current = _Open(entry, paragraph, number, len(glossary.unattached))
        elif current is None:
            glossary.unattached.append(paragraph)
            unnamed.append(number)
        else:
            current.entry.paragraphs.append(paragraph)
    _close_entry(glossary, current, by_key, first_seen)
    glossary.entries = list(by_key.values())

    if unnamed:
        _warn_unnamed(glossary, unnamed)
    return glossary


def _close_entry(
    glossary: Glossary,
    open_entry: _Open | None,
    by_key: dict[str, GlossaryEntry],
    first_seen: dict[str, int],
) -> None:
    """File the entry just read under its key (a later one of the same key replaces the
    earlier), or put its heading back among the unattached when it has no text."""
    if open_entry is None:
        return
    entry = open_entry.entry
    if not entry.paragraphs:
        glossary.unattached.insert(open_entry.unattached_at, open_entry.source)
        glossary.warnings.append(
            f"paragraph {open_entry.number}: {quoted(entry.heading)} has no text; not attached"
        )
        return
    key = trait_key(entry.key)
    # A dict, not a scan of the list: 8,000 entries took minutes (quadratic).
    earlier = by_key.pop(key, None)
    if earlier is not None:
        glossary.replaced.append(earlier)
        glossary.warnings.append(
            f"{entry.key} appears more than once (paragraphs {first_seen[key]} and"
            f" {open_entry.number}); keeping the later one"
        )
    first_seen[key] = open_entry.number
    by_key[key] = entry  # a later one goes to the end, as if appended


def _warn_unnamed(glossary: Glossary, unnamed: list[int]) -> None:
    """The warning for paragraphs read before any entry's heading."""
    where = _numbers(unnamed)
    if glossary.entries:
        glossary.warnings.append(
            f"{_count(len(unnamed), 'paragraph')} before the first entry ({where}):"
            " no 'Name: text' heading; not attached"
        )
    else:
        glossary.warnings.append(
            f"no 'Name: text' entries found; {_count(len(unnamed), 'paragraph')}"
            f" ({where}) not attached"
        )


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


def _numbers(numbers: list[int]) -> str:
    label = "paragraph" if len(numbers) == 1 else "paragraphs"
    shown = ", ".join(str(n) for n in numbers[:10])
    return f"{label} {shown}{', …' if len(numbers) > 10 else ''}"


# -- files -------------------------------------------------------------------

_TEXT_CONTROLS = frozenset("\t\n\r\x0b\x0c")


def _decode(data: bytes, path: Path) -> tuple[str, list[str]]:
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return data.decode("utf-16"), []
        except UnicodeDecodeError as error:
            raise GlossaryError(f"{path}: not a text file ({error})") from error
    if b"\x00" in data:
        raise GlossaryError(f"{path}: not a text file (it holds NUL bytes)")
    try:
        return data.decode("utf-8-sig"), []
    except UnicodeDecodeError:
        pass
    try:
        text = data.decode("cp1252")
    except UnicodeDecodeError as error:
        raise GlossaryError(
            f"{path}: not a text file (neither UTF-8 nor Windows-1252: {error.reason}"
            f" at byte {error.start})"
        ) from error
    return text, [f"{path.name} is not UTF-8; read as Windows-1252"]


def read_glossary(path: Path) -> Glossary:
    """Read and parse a glossary file (UTF-8, UTF-16 with BOM, or Windows-1252).

    Raises `GlossaryError`, naming the file, when its bytes are not text;
    `OSError` as usual when it cannot be read.
    """
    path = Path(path)
    text, notes = _decode(path.read_bytes(), path)
    controls = sum(
        1 for char in text if unicodedata.category(char) == "Cc" and char not in _TEXT_CONTROLS
    )
    if text and controls * 20 > len(text):
        raise GlossaryError(f"{path}: not a text file ({controls} control characters)")
    glossary = parse_glossary(text)
    glossary.warnings[:0] = notes
    return glossary
