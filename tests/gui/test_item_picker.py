"""The Trading Post item picker: filters as you type, grouped by kind, with each row's
price and availability; Enter picks without pressing the wizard's Next."""

from __future__ import annotations

from PySide6.QtCore import Qt

from gangmanager.gui.common.item_picker import ItemPicker
from gangmanager.gui.roster.armoury_dialog import ArmouryDialog
from gangmanager.rules.restrictions import KIND_ORDER
from gangmanager.services.rulesets import Rulesets


def _groups(picker: ItemPicker) -> list[str]:
    return [picker.proxy.index(r, 0).data() for r in range(picker.proxy.rowCount())]


def test_grouped_by_kind_with_price_and_availability(
    qtbot, rulesets: Rulesets, qtmodeltester
) -> None:
    n23 = rulesets.get("n23")
    picker = ItemPicker([*n23.weapons, *n23.wargear])
    qtbot.addWidget(picker)
    qtmodeltester.check(picker.model)
    qtmodeltester.check(picker.proxy)
    assert _groups(picker)[:6] == [
        "Pistols",
        "Basic weapons",
        "Special weapons",
        "Heavy weapons",
        "Close combat weapons",
        "Grenades",
    ]
    pistols = picker.proxy.index(0, 0)
    first = [
        picker.proxy.index(r, 0, pistols).data() for r in range(picker.proxy.rowCount(pistols))
    ]
    entries = sorted(
        (w for w in n23.weapons if w.kind == "pistol"), key=lambda w: w.name.casefold()
    )
    assert first == [w.name for w in entries]
    assert picker.select_name("Lasgun") and picker.current_name() == "Lasgun"
    row = picker.view.currentIndex()
    assert row.siblingAtColumn(1).data() == "15" and row.siblingAtColumn(2).data() == "Common"


def test_the_filter_narrows_as_you_type_and_enter_picks(qtbot, rulesets: Rulesets) -> None:
    n23 = rulesets.get("n23")
    picker = ItemPicker([*n23.weapons, *n23.wargear])
    qtbot.addWidget(picker)
    picked: list[str] = []
    picker.sig_current_changed.connect(picked.append)
    qtbot.keyClicks(picker.filter, "las")
    some = picker.visible_names()
    qtbot.keyClicks(picker.filter, "gun")
    narrowed = picker.visible_names()
    assert "Lasgun" in narrowed and len(narrowed) < len(some)
    assert all("lasgun" in name.casefold() for name in narrowed)
    assert "Armour" not in _groups(picker)  # a group with no match is hidden
    qtbot.keyClick(picker.filter, Qt.Key.Key_Return)
    assert picker.current_name() == "Lasgun" and picked[-1] == "Lasgun"
    picker.filter.clear()
    assert picker.select_name("flak ARMOUR") and picker.current_name() == "Flak armour"


def test_the_buy_dialog_groups_the_trading_post_by_kind(qtbot, rulesets: Rulesets) -> None:
    dialog = ArmouryDialog(rulesets.get("n23"), "weapons", 500, "Rook")
    qtbot.addWidget(dialog)
    kinds = [dialog.model.offer(r).entry.kind for r in range(dialog.model.rowCount())]
    ranks = [KIND_ORDER.index(k) for k in kinds]
    assert ranks == sorted(ranks) and len(set(kinds)) > 3


def test_another_gangs_kit_is_greyed_with_why(qtbot, rulesets: Rulesets) -> None:
    n23 = rulesets.get("n23")
    picker = ItemPicker(
        [*n23.weapons, *n23.wargear],
        refusal=lambda e: "not sold here" if e.name == "Armoured bodyglove" else "",
    )
    qtbot.addWidget(picker)
    assert picker.select_name("Armoured bodyglove")
    row = picker.view.currentIndex()
    assert row.data(Qt.ItemDataRole.ForegroundRole) is not None
    assert "not sold here" in row.data(Qt.ItemDataRole.ToolTipRole)
    assert row.siblingAtColumn(1).data() == "-"
    assert picker.select_name("Flak armour")
    assert picker.view.currentIndex().data(Qt.ItemDataRole.ForegroundRole) is None
