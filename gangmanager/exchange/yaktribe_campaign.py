"""A YakTribe gang's campaign and territories, kept in the gang's notes.

YakTribe gangs belong to a campaign of its site and hold territories there.
A gang of this database joins a campaign of its own (the Campaign window), so
neither can become a campaign record: both are written into the gang's notes
and the import report says so. Read tolerantly: a campaign is text or an
object with a name; territories are a list of names or of objects with a
name, or comma-separated text. Nothing here refuses a file.
"""

from __future__ import annotations

import html
from collections.abc import Mapping

from gangmanager.rules.limits import quoted

__all__ = ["campaign_notes"]

_CAMPAIGN_KEYS = ("campaign", "campaign_name")
_TERRITORY_KEYS = ("territories", "gang_territories", "territory")
_NAME_KEYS = ("name", "campaign_name", "territory_name", "title")
# Enough for any campaign; a hostile file's thousands stop here.
MAX_TERRITORIES = 50
MAX_CHARS = 100


def _text(value: object) -> str:
    if isinstance(value, Mapping):
        value = next((value[k] for k in _NAME_KEYS if isinstance(value.get(k), str)), "")
    if not isinstance(value, str):
        return ""
    text = " ".join(html.unescape(value).split())
    return text if len(text) <= MAX_CHARS else text[: MAX_CHARS - 1] + "…"


def _names(value: object) -> list[str]:
    if isinstance(value, str):
        return [t for t in (_text(part) for part in value.split(",")) if t]
    if isinstance(value, list):
        return [t for t in (_text(item) for item in value[:MAX_TERRITORIES]) if t]
    return []


def campaign_notes(raw: Mapping[str, object], report: list[str]) -> list[str]:
    """The lines for the gang's notes; a line for the report about each."""
    lines: list[str] = []
    campaign = next((t for t in (_text(raw.get(k)) for k in _CAMPAIGN_KEYS) if t), "")
    if campaign:
        lines.append(f"YakTribe campaign: {campaign}.")
        report.append(
            f"campaign {quoted(campaign)} kept in the gang's notes"
            " (add the gang to a campaign of this database in the Campaign window)"
        )
    territories = next((n for n in (_names(raw.get(k)) for k in _TERRITORY_KEYS) if n), [])
    if territories:
        lines.append(f"Territories on YakTribe: {', '.join(territories)}.")
        report.append(
            f"{len(territories)} territor{'y' if len(territories) == 1 else 'ies'}"
            f" kept in the gang's notes: {', '.join(territories)}"
        )
    return lines
