"""The next battle's crew list marks who is resting or held: a Convalescent fighter may
fight but starts unticked, a Captured one is greyed out; both say why."""

from __future__ import annotations

from PySide6.QtCore import Qt

from gangmanager.gui.battle.start_page import StartPage
from gangmanager.rules.gang import Category, Fighter, FighterStatus, Gang
from gangmanager.rules.profile import Profile

PROFILE = '5" 4+ 4+ 3 3 1 4+ 1 7+ 7+ 7+ 7+'


def _fighter(name: str, status: FighterStatus) -> Fighter:
    return Fighter(
        name=name,
        type="Gunner",
        category=Category.GANGER,
        status=status,
        profile=Profile.from_line(PROFILE),
    )


def test_convalescent_and_captured_are_marked_and_unticked(qtbot) -> None:
    gang = Gang(
        name="Iron Dogs",
        house="orlock",
        fighters=[
            _fighter("Rook", FighterStatus.ACTIVE),
            _fighter("Mags", FighterStatus.CONVALESCENCE),
            _fighter("Tam", FighterStatus.CAPTURED),
        ],
    )
    page = StartPage()
    qtbot.addWidget(page)
    page.set_gang(gang)
    rows = {page.crew_list.item(r).data(Qt.ItemDataRole.UserRole): page.crew_list.item(r)
            for r in range(page.crew_list.count())}  # fmt: skip
    assert rows["Rook"].checkState() == Qt.CheckState.Checked
    mags, tam = rows["Mags"], rows["Tam"]
    assert mags.checkState() == Qt.CheckState.Unchecked and "Convalescence" in mags.text()
    assert mags.flags() & Qt.ItemFlag.ItemIsUserCheckable  # may still fight: one click
    assert tam.checkState() != Qt.CheckState.Checked and "Captured" in tam.text()
    assert not tam.flags() & Qt.ItemFlag.ItemIsEnabled
    assert page.crew() == ["Rook"]
    mags.setCheckState(Qt.CheckState.Checked)
    assert page.crew() == ["Rook", "Mags"]
