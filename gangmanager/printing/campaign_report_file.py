"""The campaign report written to a file, as PDF, JSON or a web page by the file's extension.

The view is plain data (`services.campaign_views.campaign_view(...).as_json()`); the file is
written beside its final name and renamed over it, so it is whole or absent.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import datetime
from pathlib import Path
from typing import Any

REPORT_KINDS = (".pdf", ".json", ".html", ".htm")


def write_campaign_report(view: Mapping[str, Any], path: Path, generated_at: datetime) -> Path:
    """Write `view` to `path` (.pdf, .json or .html); an OSError leaves nothing behind."""
    kind = path.suffix.lower()
    if kind not in REPORT_KINDS:
        raise ValueError(f"{path.name}: a report is a .pdf, .json or .html file")
    tmp = path.with_name(path.name + ".tmp")
    try:
        if kind == ".json":
            report = {
                "report": {
                    "generated_at": generated_at.isoformat(),
                    "format": "gangmanager/campaign-report",
                }
            }
            tmp.write_text(
                json.dumps({**report, **view}, indent=2, ensure_ascii=False) + "\n", "utf-8"
            )
        elif kind in (".html", ".htm"):
            from gangmanager.printing.web_page import campaign_page

            tmp.write_text(campaign_page(view, generated_at), "utf-8")
        else:
            # Qt is loaded only for a PDF, and only here.
            from gangmanager.printing.campaign_report import write_campaign_pdf
            from gangmanager.printing.painter import gui_application

            _app = gui_application()  # alive until the PDF is written
            write_campaign_pdf(dict(view), tmp)
        tmp.replace(path)
    except OSError:
        tmp.unlink(missing_ok=True)
        raise
    return path
