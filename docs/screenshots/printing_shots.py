"""Regenerate the printing screenshots in docs/screenshots (a developer's helper, not a test).

    QT_QPA_PLATFORM=offscreen .venv/bin/python docs/screenshots/printing_shots.py

PDF pages are rendered with `pdftoppm` (poppler-utils), so the pictures show
the PDF as a viewer shows it; the card preview and the options dialog are
grabbed from the widgets.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtWidgets import QApplication

from gangmanager.content import load_ruleset
from gangmanager.gui.printing.card_preview import CardPreview
from gangmanager.gui.printing.print_options_dialog import PrintOptionsDialog
from gangmanager.printing.card_pages import CardLayout
from gangmanager.printing.document import build_document, card_fighters
from gangmanager.printing.geometry import A4
from gangmanager.printing.painter import QtMeasure, write_pdf
from gangmanager.rules.gang import Fighter, Gang
from gangmanager.rules.ruleset import Ruleset
from gangmanager.rules.weapons import Weapon
from gangmanager.services.demo import demo_gang

DOCS = Path(__file__).resolve().parent  # docs/screenshots, where this script lives
DPI = 110


def veteran(gang: Gang, ruleset: Ruleset) -> Fighter:
    """The demo leader after a long campaign: enough on the card to need a second face."""
    leader = gang.fighters[0]
    extra = ("Plasma pistol", "Grenade launcher", "Combat shotgun", "Power sword")
    weapons = [w for w in ruleset.weapons if w.name in extra]
    return leader.model_copy(
        update={
            "weapons": [
                *leader.weapons,
                *(Weapon(name=w.name, cost=w.cost, profiles=w.profiles) for w in weapons),
            ],
            "skills": ["Nerves of Steel", "Iron Will", "Commanding Presence", "Gunfighter"],
            "injuries": ["Impressive Scars"],
        }
    )


def _pdf_page_png(pdf: Path, page: int, target: Path) -> None:
    stem = target.with_suffix("")
    pages = ["-f", str(page), "-l", str(page)]
    command = ["pdftoppm", "-r", str(DPI), *pages, "-png", "-singlefile", str(pdf), str(stem)]
    subprocess.run(command, check=True)


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    out = Path(args[0]) if args else DOCS
    out.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance() or QApplication([])
    ruleset = load_ruleset("n23")
    gang = demo_gang(ruleset)
    long_card = veteran(gang, ruleset)
    measure = QtMeasure()
    fighters = [long_card, *card_fighters(gang)[1:]]
    with tempfile.TemporaryDirectory() as folder:
        pdf = Path(folder) / "print.pdf"
        for name, kwargs in (
            ("print-classic.png", {"fighters": fighters}),
            ("print-page.png", {"fighters": fighters[1:2], "layout": CardLayout.PAGE}),
            ("print-roster.png", {"roster": True}),
        ):
            write_pdf(build_document(gang, ruleset, measure, paper=A4, **kwargs), pdf)
            _pdf_page_png(pdf, 1, out / name)
    preview = CardPreview()
    preview.set_fighter(long_card, ruleset)
    preview.resize(900, preview.heightForWidth(900))
    preview.grab().save(str(out / "print-card-preview.png"))
    names = [f.name for f in gang.fighters]
    dialog = PrintOptionsDialog(names[1], names[1:3], names)
    dialog.adjustSize()
    dialog.grab().save(str(out / "print-options.png"))
    del app
    return 0


if __name__ == "__main__":
    sys.exit(main())
