"""What the window needs that does not use Qt, imported before Qt itself (no Qt here).

PySide6 replaces `__import__` with a hook that reads the source of every module
imported after it, looking for "PySide6" (PYSIDE-2029), and keeps that source
in `linecache`: for SQLAlchemy, pydantic and our own layers that was over
100 ms and 9 MiB at each start. Modules imported before PySide6 are never looked
at; no setting turns the hook off (docs/performance.md).
"""

from __future__ import annotations


def import_before_qt() -> None:
    """Import the services the window's first screen uses (and through them the store)."""
    import gangmanager.services.backups
    import gangmanager.services.demo
    import gangmanager.services.gangs
    import gangmanager.services.roster
    import gangmanager.services.rulesets  # noqa: F401
