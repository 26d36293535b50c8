"""A gang, or a campaign, as one self-contained web page (no Qt, no network).

The page is written from the Jinja2 templates in `resources/web/` with
autoescape on: every name and note is player text, so none of it is ever
joined into HTML by hand. A fighter's card is made from the printed card's own
data (`printing/card.py`: the profile and what modified it, the weapon rows,
the glossary), so the page and the PDF cannot disagree.

Nothing on the page is fetched: the style sheet is inline and allowed by its
hash in a Content-Security-Policy that forbids every other source, there is
no script, and an image is only ever a `data:` URI (`PageImages`).
"""

from __future__ import annotations

import base64
import hashlib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from functools import cache
from typing import Any

import jinja2
from markupsafe import Markup

from gangmanager import __version__
from gangmanager.printing.campaign_history import MEASURES, axis_range, gang_colour, history_series
from gangmanager.printing.card import (
    box_rows,
    footnote_lines,
    glossary_entries,
    header_lines,
    modified_codes,
    statline_of,
    weapon_headers,
    weapon_rows,
)
from gangmanager.resources import resource_dir
from gangmanager.rules import ranks, ratings
from gangmanager.rules.gang import Fighter, Gang
from gangmanager.rules.portrait import portrait_data_uri
from gangmanager.rules.ruleset import Ruleset
from gangmanager.rules.statline_layout import printed_lines

# The only images a page may hold: inlined, in a format every browser reads.
_DATA_URI = re.compile(r"data:image/(?:png|jpeg|webp);base64,[A-Za-z0-9+/]+={0,2}")


class PageError(ValueError):
    """What the page cannot be written with (an image that is not an inline one)."""


@dataclass(frozen=True)
class PageImages:
    """Pictures for the page, each a `data:image/...;base64,...` URI.

    `gang` fills the header's `gang_image` slot; `fighters` (by fighter name)
    fills each card's `image` slot. Nothing is shown where there is none.
    """

    gang: str | None = None
    fighters: Mapping[str, str] = field(default_factory=dict)

    def checked(self) -> PageImages:
        for uri in (self.gang, *self.fighters.values()):
            if uri is not None and not _DATA_URI.fullmatch(uri):
                raise PageError("a picture on the page must be an inline PNG, JPEG or WebP")
        return self


def portraits(gang: Gang) -> PageImages:
    """The gang's and its fighters' stored portraits, inlined for the page."""
    return PageImages(
        gang=portrait_data_uri(gang.portrait) if gang.portrait else None,
        fighters={f.name: portrait_data_uri(f.portrait) for f in gang.fighters if f.portrait},
    )


@cache
def _environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(resource_dir("web")),
        # Every value is escaped unless the template says otherwise (only our CSS does).
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )


@cache
def _style() -> tuple[Markup, str]:
    """The page's style sheet and its CSP hash (the one inline source allowed)."""
    css = (resource_dir("web") / "page.css").read_text(encoding="utf-8")
    digest = base64.b64encode(hashlib.sha256(css.encode("utf-8")).digest()).decode("ascii")
    return Markup(css), f"'sha256-{digest}'"


def _render(template: str, **context: Any) -> str:
    css, style_hash = _style()
    return (
        _environment()
        .get_template(template)
        .render(css=css, style_hash=style_hash, version=__version__, **context)
    )


# -- the gang page --------------------------------------------------------------------


def _weapon_lines(fighter: Fighter, ruleset: Ruleset) -> list[dict[str, Any]]:
    """The card's weapon table in the printed card's rows: headings and profile lines."""
    weapons: list[dict[str, Any]] = []
    headers = weapon_headers(ruleset)
    for row, stats in weapon_rows(fighter, ruleset.weapon_statline):
        cells = [str(cell) for cell in row.cells]
        if row.span:
            weapons.append({"heading": cells[0]})
        else:
            weapons.append(
                {
                    "heading": None,
                    "name": cells[0],
                    "stats": list(zip(headers, stats, strict=True)),
                    "traits": cells[-1],
                    "indent": row.indent > 0,
                }
            )
    return weapons


def fighter_card(
    fighter: Fighter, ruleset: Ruleset, number: int = 1, image: str | None = None
) -> dict[str, Any]:
    """Card `number`'s content, in the printed card's order and from its functions."""
    effective = fighter.effective(statline_of(fighter, ruleset))
    printed = effective.printed()
    modified = set(modified_codes(effective))
    lines = printed_lines(effective.table)
    weapons = _weapon_lines(fighter, ruleset)
    standing = ranks.standing(ruleset, "", fighter)
    profile: dict[str, dict[str, Any]] = {
        row.code: {
            "code": row.code,
            "name": row.name,
            "value": printed[row.code],
            "modified": row.code in modified,
        }
        for row in effective.table
    }
    return {
        "number": number,
        "name": fighter.name,
        "kind": header_lines(fighter, ruleset)[0],
        # A ranks pack's rank and owed advancements (empty in n23).
        "standing": standing.text if standing is not None else "",
        "rating": ratings.committed_fighter_rating(fighter),
        "xp": fighter.xp,
        "cost": fighter.cost,
        "status": fighter.status.label,
        "profile": list(profile.values()),
        # The printed card's lines (a vehicle: its own, then its crew's), each named
        # when there are several.
        "profile_lines": [
            {
                "group": (line.group or "").capitalize() if len(lines) > 1 else "",
                "stats": [profile[row.code] for row in line.rows],
            }
            for line in lines
        ],
        "boxes": box_rows(effective.values),
        "summary": (effective.summary() or "no net change") if modified else "",
        "footnotes": footnote_lines(effective),
        "weapons": weapons,
        "wargear": [item.name for item in fighter.wargear],
        "skills": list(fighter.skills),
        "injuries": list(fighter.injuries),
        "notes": fighter.notes.strip(),
        "glossary": glossary_entries(fighter, ruleset),
        "image": image,
    }


def gang_page(
    gang: Gang,
    ruleset: Ruleset,
    generated_at: datetime,
    images: PageImages | None = None,
) -> str:
    """The gang page: header, stash, roster, then every fighter's card."""
    images = (images or portraits(gang)).checked()
    pending = ratings.pending_gang_rating(gang)
    return _render(
        "gang_page.html.j2",
        gang={
            "name": gang.name,
            "house": gang.house,
            "ruleset": gang.ruleset,
            "ruleset_name": ruleset.name,
            "rating": ratings.committed_gang_rating(gang),
            "pending_rating": pending,
            "wealth": ratings.wealth(gang),
            "credits": gang.credits,
            "reputation": gang.reputation,
            "notes": gang.notes.strip(),
            "house_rules": gang.house_rules_ignore_restrictions,
            "stash": [
                {"name": item.name, "cost": item.cost, "profiles": len(item.profiles)}
                for item in gang.stash
            ],
        },
        gang_image=images.gang,
        fighters=[
            fighter_card(fighter, ruleset, number, images.fighters.get(fighter.name))
            for number, fighter in enumerate(gang.fighters, start=1)
        ],
        weapon_columns=weapon_headers(ruleset),
        generated=generated_at.strftime("%Y-%m-%d %H:%M"),
    )


# -- the campaign page ----------------------------------------------------------------

# The chart's drawing area in SVG units, about its width on a phone and in one of a
# desktop's three columns, so its 12-unit labels read at about 12 px on both.
CHART_WIDTH = 380.0
CHART_HEIGHT = 230.0
_PLOT_LEFT, _PLOT_RIGHT, _PLOT_TOP, _PLOT_BOTTOM = 42.0, 10.0, 10.0, 26.0


def history_chart(view: Mapping[str, Any], key: str, title: str) -> dict[str, Any]:
    """One measure's lines in SVG coordinates, with the grid, the ticks and the key."""
    series, labels = history_series(dict(view), key)
    order = {gang["name"]: index for index, gang in enumerate(view["gangs"])}
    values = [value for points in series.values() for _, value in points]
    low, high, step = axis_range(min(values, default=0), max(values, default=1))
    count = max(len(labels) - 1, 1)
    left, top = _PLOT_LEFT, _PLOT_TOP
    width = CHART_WIDTH - _PLOT_LEFT - _PLOT_RIGHT
    height = CHART_HEIGHT - _PLOT_TOP - _PLOT_BOTTOM

    def x_of(seq: int) -> float:
        return round(left + width * seq / count, 2)

    def y_of(value: float) -> float:
        return round(top + height - height * (value - low) / (high - low), 2)

    grid: list[dict[str, Any]] = []
    tick = low
    while tick <= high + step / 2:
        grid.append({"y": y_of(tick), "label": f"{tick:g}"})
        tick += step
    every = max(1, -(-len(labels) // 12))
    lines = []
    for name, points in series.items():
        colour = gang_colour(order.get(name, len(order)))
        coords = [(x_of(seq), y_of(value)) for seq, value in points]
        lines.append(
            {
                "gang": name,
                "colour": colour,
                "points": " ".join(f"{x},{y}" for x, y in coords),
                "dots": coords,
                "last": points[-1][1] if points else None,
            }
        )
    return {
        "key": key,
        "title": title,
        "width": CHART_WIDTH,
        "height": CHART_HEIGHT,
        "plot": {"left": left, "top": top, "width": width, "height": height},
        "grid": grid,
        "ticks": [{"x": x_of(seq), "label": str(seq)} for seq in range(0, len(labels), every)],
        "lines": lines,
    }


# The standings' number columns: (view key, the label a phone shows above each).
STANDING_COLUMNS = (
    ("rating", "Rating"),
    ("wealth", "Wealth"),
    ("reputation", "Rep."),
    ("credits", "Credits"),
    ("territories", "Terr."),
    ("battles", "Battles"),
    ("wins", "Wins"),
    ("out_of_action", "OOA"),
)


def campaign_page(view: Mapping[str, Any], generated_at: datetime) -> str:
    """The campaign page from `campaign show --json`'s view: standings to log."""
    charts: Sequence[dict[str, Any]] = (
        [history_chart(view, key, title) for key, title in MEASURES] if view["history"] else []
    )
    _, labels = history_series(dict(view), "rating") if view["history"] else (None, [])
    held = [t for t in view["territories"] if t["holder"] and not t["hideout"]]
    status = "running" if view["running"] else f"ended {str(view['finished_at'])[:10]}"
    return _render(
        "campaign_page.html.j2",
        campaign=view,
        status=status,
        held=held,
        charts=charts,
        points=list(enumerate(labels)),
        standing_columns=STANDING_COLUMNS,
        generated=generated_at.strftime("%Y-%m-%d %H:%M"),
    )
