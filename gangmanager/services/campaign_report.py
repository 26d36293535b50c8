"""The campaign report written to a file: the view from the database, the file by
`printing/campaign_report_file.py`."""

from __future__ import annotations

from pathlib import Path

from gangmanager.persistence.database import Database
from gangmanager.printing.campaign_report_file import REPORT_KINDS, write_campaign_report
from gangmanager.services.campaign_context import now
from gangmanager.services.campaign_queries import campaign_state
from gangmanager.services.campaign_views import campaign_view
from gangmanager.services.errors import ServiceError, write_failure
from gangmanager.services.rulesets import Rulesets


def write_report(
    db: Database, rulesets: Rulesets, ref: str, path: Path, *, html: bool = False
) -> Path:
    """The campaign report as PDF, JSON or a web page, by the file's extension (`html`:
    it must be a page); written whole or not at all."""
    kind = path.suffix.lower()
    if html and kind not in (".html", ".htm"):
        raise ServiceError(f"{path.name}: a web page is an .html file")
    if kind not in REPORT_KINDS:
        raise ServiceError(f"{path.name}: a report is a .pdf, .json or .html file")
    if not path.parent.is_dir():
        raise ServiceError(f"{path}: the folder {path.parent} does not exist")
    view = campaign_view(campaign_state(db, rulesets, ref)).as_json()
    try:
        return write_campaign_report(view, path, now())
    except OSError as exc:
        raise ServiceError(f"{path}: cannot write ({write_failure(exc)})") from None
