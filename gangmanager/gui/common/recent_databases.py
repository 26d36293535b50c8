"""The recent databases list and the last database, kept in QSettings.

URLs are stored without any password (it comes from the server's own means).
"""

from __future__ import annotations

from PySide6.QtCore import QSettings

from gangmanager.services.databases import storable_url

RECENT_KEY = "databases/recent"
LAST_KEY = "databases/last"
KEEP = 8


def without_password(url: str) -> str:
    """scheme://user:password@host... -> scheme://user@host... (one rule for the whole app)."""
    return storable_url(url)


def recent(settings: QSettings) -> list[str]:
    value = settings.value(RECENT_KEY, [])
    if isinstance(value, str):  # QSettings returns a lone entry as a string
        return [value]
    return [str(v) for v in value] if isinstance(value, list) else []


def remember(settings: QSettings, url: str) -> None:
    """Put `url` first in the recent list and make it the last database."""
    url = without_password(url)
    urls = [url, *(u for u in recent(settings) if u != url)][:KEEP]
    settings.setValue(RECENT_KEY, urls)
    settings.setValue(LAST_KEY, url)


def last(settings: QSettings) -> str | None:
    value = settings.value(LAST_KEY)
    return str(value) if value else None
