"""What a printed page is made of: text boxes, rules and frames inside named regions.

Everything is plain data in millimetres. The layout code builds it; the one
QPainter routine in `painter.py` draws it; tests inspect it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from enum import StrEnum

from gangmanager.printing.geometry import MM_PER_PT, Paper, Rect

# A line of text is this many times the font size tall. DejaVu's own line
# spacing (ascent + descent) is 1.164 em; the rest is air between lines.
LINE_SPACING = 1.22


@dataclass(frozen=True)
class FontSpec:
    size_pt: float
    bold: bool = False
    condensed: bool = False

    @property
    def line_height(self) -> float:
        return self.size_pt * MM_PER_PT * LINE_SPACING

    def scaled(self, factor: float) -> FontSpec:
        return replace(self, size_pt=self.size_pt * factor)


# Width of a text in millimetres, measured with the real font metrics.
Measure = Callable[[str, FontSpec], float]


class Align(StrEnum):
    LEFT = "left"
    CENTER = "center"
    RIGHT = "right"


@dataclass(frozen=True)
class TextBox:
    """One line of text; it is laid out so that it fits its rectangle."""

    rect: Rect
    text: str
    font: FontSpec
    align: Align = Align.LEFT
    # Name of the page region the box belongs to (set when placed on a page).
    region: str = ""


@dataclass(frozen=True)
class Rule:
    """A straight line: table rules, underlines, cut lines (dashed)."""

    x1: float
    y1: float
    x2: float
    y2: float
    width: float = 0.2
    gray: float = 0.0  # 0 black .. 1 white
    dashed: bool = False


@dataclass(frozen=True)
class Frame:
    """A rectangle: card borders, shaded cells, tick boxes."""

    rect: Rect
    stroke: float = 0.2  # line width; 0 for none
    fill: float | None = None  # gray level, None for no fill


@dataclass(frozen=True)
class ImageBox:
    """A picture (a portrait's PNG, JPEG or WebP bytes) scaled into its rectangle."""

    rect: Rect
    data: bytes


@dataclass(frozen=True)
class Region:
    """A named area of a page that its text must stay inside (a card face, a sheet)."""

    name: str
    rect: Rect


@dataclass
class Drawing:
    """Elements in drawing order; text order is reading order (PDF text follows it)."""

    frames: list[Frame] = field(default_factory=list)
    rules: list[Rule] = field(default_factory=list)
    texts: list[TextBox] = field(default_factory=list)
    images: list[ImageBox] = field(default_factory=list)

    def moved(self, dx: float, dy: float, region: str | None = None) -> Drawing:
        return Drawing(
            frames=[replace(f, rect=f.rect.moved(dx, dy)) for f in self.frames],
            rules=[
                replace(r, x1=r.x1 + dx, y1=r.y1 + dy, x2=r.x2 + dx, y2=r.y2 + dy)
                for r in self.rules
            ],
            texts=[
                replace(t, rect=t.rect.moved(dx, dy), region=t.region if region is None else region)
                for t in self.texts
            ],
            images=[replace(i, rect=i.rect.moved(dx, dy)) for i in self.images],
        )

    @property
    def bottom(self) -> float:
        """The lowest edge of anything drawn (0 for an empty drawing)."""
        return max(
            [f.rect.bottom for f in self.frames]
            + [max(r.y1, r.y2) for r in self.rules]
            + [t.rect.bottom for t in self.texts]
            + [i.rect.bottom for i in self.images],
            default=0.0,
        )

    def extend(self, other: Drawing) -> None:
        self.frames += other.frames
        self.rules += other.rules
        self.texts += other.texts
        self.images += other.images


@dataclass
class Page:
    paper: Paper
    regions: list[Region] = field(default_factory=list)
    drawing: Drawing = field(default_factory=Drawing)

    def region(self, name: str) -> Region:
        return next(r for r in self.regions if r.name == name)

    def place(self, drawing: Drawing, region: Region) -> None:
        """Add a drawing made relative to (0, 0) at the region's top-left corner."""
        if region not in self.regions:
            self.regions.append(region)
        self.drawing.extend(drawing.moved(region.rect.x, region.rect.y, region.name))


@dataclass
class Document:
    title: str
    paper: Paper
    pages: list[Page] = field(default_factory=list)
