"""Slot: PDF export of fighter cards, time per card for 30 cards against one card.
Target: linear (a card takes no longer when there are more). Needs gangmanager/printing."""

from __future__ import annotations

from bench.common import Bench, Row, best_of_each, missing, ms

NAME = "PDF export: time per card, 30 cards"
TARGET = "<= 1.1x (linear)"


def measure_pdf_export(bench: Bench) -> Row:
    try:
        from PySide6.QtGui import QGuiApplication

        from gangmanager.printing.document import build_document
        from gangmanager.printing.painter import QtMeasure, write_pdf
    except ImportError:
        return missing(NAME, "gangmanager/printing", TARGET)
    # Fonts and QPdfWriter need a Qt application; one for the whole run.
    bench.memo("qt-app", lambda: QGuiApplication.instance() or QGuiApplication(["bench"]))
    gang = bench.gang(30)
    ruleset = bench.rulesets.get(gang.ruleset)
    one = [gang.fighters[-1]]  # A ganger, as 24 of the 30 are.

    def export(fighters: list, name: str) -> None:
        document = build_document(gang, ruleset, QtMeasure(), fighters=fighters)
        write_pdf(document, bench.work / name)

    seconds = best_of_each(
        {
            "one": lambda: export(one, "one.pdf"),
            "thirty": lambda: export(gang.fighters, "thirty.pdf"),
        },
        bench.repeat,
    )
    single, thirty = seconds["one"], seconds["thirty"]
    per_card = thirty / len(gang.fighters)
    ratio = per_card / single
    return Row(
        NAME,
        f"{ms(per_card)} per card",
        f"1 card {ms(single)}",
        ratio,
        TARGET,
        ratio <= 1.1,
        f"30 cards in {ms(thirty)}",
    )
