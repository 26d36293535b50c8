"""Portraits and the prints for the table (a developer's helper, not a test).

    QT_QPA_PLATFORM=offscreen .venv/bin/python docs/screenshots/table_shots.py [OUT_DIR]

Builds a throwaway database with the demo gang, gives its leader a portrait
(a picture drawn here, so nothing is downloaded) and five weapons, and saves:
portrait-card-editor.png (the main window, the card editor showing it),
portrait-battle-tile.png (the battle window), portrait-print-card.png (the
printed classic cards with the shared glossary: the leader is one card),
print-shared-glossary.png (that glossary page), print-blank-cards.png (a page
of blank cards) and print-change-sheet.png (the "what changed" sheet after a
post-battle Finish). PDF pages are rendered with `pdftoppm`.
"""

from __future__ import annotations

import io
import subprocess
import sys
import tempfile
from pathlib import Path

from PIL import Image, ImageDraw

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QWidget

from gangmanager.gui.battle.battle_window import BattleWindow
from gangmanager.gui.main_window import MainWindow
from gangmanager.printing.blank_card import blank_document
from gangmanager.printing.change_sheet import change_sheet_document
from gangmanager.printing.document import build_document
from gangmanager.printing.geometry import A4
from gangmanager.printing.painter import QtMeasure, write_pdf
from gangmanager.rules.dice import RandomDice
from gangmanager.rules.post_battle_draft import PostBattleDraft
from gangmanager.rules.weapons import Weapon
from gangmanager.services import battle, gangs, post_battle, roster
from gangmanager.services.databases import open_url, sqlite_url
from gangmanager.services.demo import demo_gang
from gangmanager.services.rulesets import Rulesets

DOCS = Path(__file__).resolve().parent
DPI = 110


def drawn_portrait() -> bytes:
    """A stand-in picture: a hooded figure on a smoky ground, 600 x 800 pixels."""
    image = Image.new("RGB", (600, 800), (58, 52, 48))
    draw = ImageDraw.Draw(image)
    for y in range(800):  # a dusk gradient
        shade = 40 + y // 12
        draw.line([(0, y), (600, y)], fill=(shade + 30, shade, shade - 10))
    draw.ellipse((190, 150, 410, 400), fill=(214, 170, 130))  # the face
    draw.pieslice((150, 90, 450, 420), 180, 360, fill=(60, 70, 40))  # the hood
    draw.rectangle((150, 250, 200, 420), fill=(60, 70, 40))
    draw.rectangle((400, 250, 450, 420), fill=(60, 70, 40))
    draw.ellipse((240, 240, 280, 270), fill=(30, 30, 30))  # eyes
    draw.ellipse((320, 240, 360, 270), fill=(30, 30, 30))
    draw.rectangle((260, 330, 340, 345), fill=(120, 60, 50))  # mouth
    draw.polygon([(60, 800), (150, 450), (450, 450), (540, 800)], fill=(80, 90, 55))  # coat
    draw.rectangle((120, 600, 480, 630), fill=(110, 80, 40))  # bandolier
    out = io.BytesIO()
    image.save(out, format="JPEG", quality=90)
    return out.getvalue()


def _settle(app: QApplication) -> None:
    for _ in range(5):
        app.processEvents()


def _save(widget: QWidget, path: Path) -> None:
    if not widget.grab().save(str(path)):
        raise OSError(f"cannot write {path}")
    print(path)


def pdf_page_png(pdf: Path, page: int, target: Path) -> None:
    stem = target.with_suffix("")
    pages = ["-f", str(page), "-l", str(page)]
    command = ["pdftoppm", "-r", str(DPI), *pages, "-png", "-singlefile", str(pdf), str(stem)]
    subprocess.run(command, check=True)
    print(target)


def main(argv: list[str]) -> int:
    target = Path(argv[0]) if argv else DOCS
    target.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        rulesets = Rulesets(work / "data")
        n23 = rulesets.get("n23")
        db = open_url(sqlite_url(work / "shots.sqlite"))
        gang = demo_gang(n23)
        extra = [
            Weapon(name=w.name, cost=w.cost, profiles=w.profiles)
            for w in n23.weapons
            if w.name in ("Plasma pistol", "Grenade launcher", "Combat shotgun")
        ]
        veteran = gang.fighters[0].model_copy(
            update={"weapons": [*gang.fighters[0].weapons, *extra]}
        )
        gang = gang.model_copy(update={"fighters": [veteran, *gang.fighters[1:]]})
        stored = gangs.add_gang(db, rulesets, gang).gang
        leader = stored.fighters[0]
        assert stored.id is not None and leader.id is not None
        roster.apply(db, roster.SetPortrait(stored.id, leader.id, drawn_portrait()), rulesets)
        settings = QSettings(str(work / "settings.ini"), QSettings.Format.IniFormat)
        window = MainWindow(db, rulesets, settings)
        window.resize(1280, 800)
        window.show()
        window.select_gang(stored.id, leader.id)
        _settle(app)
        _save(window, target / "portrait-card-editor.png")
        window.close()

        battle.start_battle(db, rulesets, stored.id, scenario="Border Dispute")
        tracker = BattleWindow(db, rulesets, stored.id, dice=RandomDice(3))
        tracker.resize(1280, 800)
        tracker.show()
        _settle(app)
        _save(tracker, target / "portrait-battle-tile.png")
        tracker.close()

        gang = gangs.load_gang(db, str(stored.id))
        measure = QtMeasure()
        document = build_document(gang, n23, measure, fighters=gang.fighters, shared_glossary=True)
        pdf = write_pdf(document, work / "cards.pdf")
        pdf_page_png(pdf, 1, target / "portrait-print-card.png")
        pdf_page_png(pdf, len(document.pages), target / "print-shared-glossary.png")
        pdf = write_pdf(blank_document(3, n23, measure, A4), work / "blank.pdf")
        pdf_page_png(pdf, 1, target / "print-blank-cards.png")

        battle.end_battle(db, rulesets, stored.id)
        draft = PostBattleDraft.model_validate(
            {
                "result": "win",
                "scenario": "Border Dispute",
                "injuries": [{"fighter": "Rook", "roll": 44}],
                "xp": {"Mags Varga": 9, "Pip": 2},
                "credits": 60,
                "reputation": 1,
                "advancements": [{"fighter": "Mags Varga", "advancement": "bs"}],
            }
        )
        result = post_battle.finish(db, rulesets, stored.id, draft)
        sheet = post_battle.last_change_sheet(db, stored.id)
        assert sheet == result.change_sheet
        pdf = write_pdf(change_sheet_document(sheet, measure, A4), work / "changes.pdf")
        pdf_page_png(pdf, 1, target / "print-change-sheet.png")
        db.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
