"""Printed cards of other statlines than n23's fighter, rendered as a viewer shows them.

Writes statline-print-walker.png (a statline printed in two lines by `group`, its
own line and its crew's, as n23's vehicle), statline-print-thirteen.png (thirteen
characteristics, as the 2026 edition has), statline-print-nine.png (the invented
nine) and statline-print-roster.png (a roster sheet with a table per statline) into
OUT_DIR (default: this folder), from the test pack `shapes` (tests/invented_pack.py).
PDF pages go through `pdftoppm` (poppler-utils). With Debian's `chromium` it also
writes statline-web-1366x768.png and statline-web-390x844.png: the gang page's
cards of the walker and the thirteen, whole pages.

    QT_QPA_PLATFORM=offscreen .venv/bin/python docs/screenshots/statline_shots.py [OUT_DIR]

The window's pictures of the invented statline (statline-main-*.png,
statline-battle-tile.png) come from tests/gui/test_invented_statline_screens.py.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from datetime import datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from PySide6.QtWidgets import QApplication  # noqa: E402

from gangmanager.content import load_ruleset  # noqa: E402
from gangmanager.printing.document import build_document  # noqa: E402
from gangmanager.printing.painter import QtMeasure, write_pdf  # noqa: E402
from gangmanager.printing.web_page import gang_page  # noqa: E402
from gangmanager.rules import roster_ops  # noqa: E402
from gangmanager.rules.gang import Gang  # noqa: E402
from gangmanager.rules.ruleset import Ruleset  # noqa: E402
from tests.invented_pack import write_shapes_pack  # noqa: E402
from tests.web.headless_browser import Browser, chromium_binary  # noqa: E402

DPI = 110
CARDS = (("walker", "Sump Strider"), ("thirteen", "Sump Elder"), ("nine", "Sump Boss"))


def _png(pdf: Path, target: Path) -> None:
    stem = target.with_suffix("")
    command = ["pdftoppm", "-r", str(DPI), "-f", "1", "-l", "1", "-png", "-singlefile"]
    subprocess.run([*command, str(pdf), str(stem)], check=True)
    print(target)


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else Path(__file__).parent
    out.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance() or QApplication([])
    assert app is not None
    measure = QtMeasure()
    with tempfile.TemporaryDirectory() as folder:
        packs = Path(folder) / "packs"
        write_shapes_pack(packs)
        ruleset = load_ruleset("shapes", [packs])
        fighters = []
        for tag, type_name in CARDS:
            kind = ruleset.fighter_type("sump", type_name)
            assert kind is not None
            fighter = roster_ops.recruit(kind, f"{type_name} Vell", ruleset, house="sump")
            fighters.append(fighter)
            gang = Gang(name="Sump Rats", house="sump", ruleset="shapes", fighters=[fighter])
            pdf = write_pdf(
                build_document(gang, ruleset, measure, fighters=[fighter]),
                Path(folder) / f"{tag}.pdf",
            )
            _png(pdf, out / f"statline-print-{tag}.png")
        hired = next(t for t in ruleset.gang_additions if t.statline == "fighter")
        fighters.append(roster_ops.recruit(hired, "Hired Vell", ruleset, house="sump"))
        gang = Gang(name="Sump Rats", house="sump", ruleset="shapes", fighters=fighters)
        pdf = write_pdf(
            build_document(gang, ruleset, measure, roster=True), Path(folder) / "roster.pdf"
        )
        _png(pdf, out / "statline-print-roster.png")
        _web(
            Gang(name="Sump Rats", house="sump", ruleset="shapes", fighters=fighters[:2]),
            ruleset,
            Path(folder),
            out,
        )
    return 0


def _web(gang: Gang, ruleset: Ruleset, folder: Path, out: Path) -> None:
    binary = chromium_binary()
    if binary is None:
        print("no chromium: the web pictures are left out")
        return
    page = folder / "page.html"
    page.write_text(gang_page(gang, ruleset, datetime(2026, 12, 2)), encoding="utf-8")
    browser = Browser(binary)
    try:
        for size in ((1366, 768), (390, 844)):
            browser.open(page, size, scripts=False)
            target = out / f"statline-web-{size[0]}x{size[1]}.png"
            browser.screenshot(target, full_page=True)
            print(target)
    finally:
        browser.close()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
