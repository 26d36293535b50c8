"""The recent databases list and the last database, kept in QSettings.

URLs are stored without any password (it comes from the server's own means).
"""

from __future__ import annotations

import re

from PySide6.QtCore import QSettings

RECENT_KEY = "databases/recent"
LAST_KEY = "databases/last"
KEEP = 8


# scheme://user:password@host... -> scheme://user@host...
_PASSWORD = re.compile(r"^(?P<head>[A-Za-z][\w+.-]*://[^:/@]*):[^@/]*@")


def without_password(url: str) -> str:
    return _PASSWORD.sub(r"\g<head>@", url)


def recent(settings: QSettings) -> list[str]:
    value = settings.value(RECENT_KEY, [])
    if isinstance(value, str):  # QSettings returns a lone entry as a string
        value = [value]
    return [str(v) for v in value or []]


def remember(settings: QSettings, url: str) -> None:
    """Put `url` first in the recent list and make it the last database."""
    url = without_password(url)
    urls = [url, *(u for u in recent(settings) if u != url)][:KEEP]
    settings.setValue(RECENT_KEY, urls)
    settings.setValue(LAST_KEY, url)


def last(settings: QSettings) -> str | None:
    value = settings.value(LAST_KEY)
    return str(value) if value else None
