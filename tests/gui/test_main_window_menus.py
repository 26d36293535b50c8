"""The main window's menus and keys: every item, in order, with its shortcuts and tip.

Written against the window before it was split into modules by job, so the split
(and the registry the menus are built from) keeps every menu item and every key.
"""

from __future__ import annotations

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu

from gangmanager.gui.main.action_registry import ACTIONS, Needs
from gangmanager.gui.main.action_registry import MENUS as REGISTERED_MENUS
from gangmanager.gui.main_window import MainWindow
from gangmanager.persistence.database import open_database, sqlite_url

from .qt_narrowing import action_menu

Key = QKeySequence.StandardKey
SEP = "---"

# (text, shortcuts, status tip); SEP for a separator; (text, "submenu") for a submenu.
MENUS: dict[str, list[object]] = {
    "&File": [
        ("&New database...", [], ""),
        ("&Open database...", [Key.Open], ""),
        ("&Recent databases", "submenu"),
        SEP,
        ("&Import gang...", ["Ctrl+I"], "A gang file or YakTribe JSON"),
        (
            "&Update gang from file...",
            [],
            "A gang file exported from a gang of this database, changed elsewhere",
        ),
        ("&Export gang...", ["Ctrl+E"], "Save the gang as a gang file"),
        (
            "Export as &web page...",
            [],
            "One page anyone can open in a browser: the roster and every card",
        ),
        SEP,
        ("Print Pre&view...", ["Ctrl+Shift+P"], ""),
        ("&Print...", ["Ctrl+P"], ""),
        ("Export P&DF...", ["Ctrl+Shift+E"], ""),
        ("Print &blank cards...", [], ""),
        SEP,
        (
            "Restore &backup...",
            [],
            "Put back one of the automatic daily copies of this database",
        ),
        SEP,
        ("&Quit", [Key.Quit], ""),
    ],
    "&Edit": [
        ("&Undo", [Key.Undo], ""),
        ("&Redo", ["Ctrl+Shift+Z", "Ctrl+Y"], ""),
        SEP,
        ("Re&name", ["F2"], ""),
        ("&Delete", [Key.Delete], "Delete what is selected"),
    ],
    "&Gang": [
        ("&New gang...", ["Ctrl+Shift+N"], "Found a new gang"),
        ("D&uplicate gang", ["Ctrl+D"], ""),
        (
            "&Carry over to the 2026 edition...",
            [],
            "Make a 2026 gang from this 2023 gang (this one stays as it is)",
        ),
        ("De&lete gang...", [], ""),
        SEP,
        ("Gang &details...", ["Ctrl+G"], ""),
        ("Gang &Rating breakdown", ["Ctrl+R"], ""),
        ("&Wealth breakdown", [], ""),
    ],
    "F&ighter": [
        ("&New fighter...", [Key.New], "Recruit a fighter"),
        ("Add &vehicle...", ["Ctrl+Shift+V"], "Add a vehicle and its crew (the house's vehicles)"),
        ("&Remove fighter...", [], ""),
        SEP,
        ("Add &modifier...", ["Ctrl+M"], ""),
        ("Buy &weapon...", ["Ctrl+B"], ""),
        ("Buy w&argear...", ["Ctrl+Shift+B"], ""),
        ("Add s&kill...", ["Ctrl+K"], ""),
        (
            "&Take advancement...",
            ["Ctrl+Shift+K"],
            "An advancement owed at a rank (a ranks pack such as n26): no XP is spent",
        ),
        ("Add in&jury...", ["Ctrl+J"], ""),
        SEP,
        ("Fighter Rating &breakdown", ["Ctrl+Shift+R"], ""),
    ],
    "&Battle": [
        (
            "&Track battle...",
            ["Ctrl+T"],
            "The battle tracker for this gang; starts a battle if none",
        ),
        (
            "&Post-battle sequence...",
            ["Ctrl+Shift+T"],
            "Injuries, rewards, advancements and Update Roster",
        ),
    ],
    "&Campaign": [
        ("&New campaign...", [], "Set up a campaign: name, ruleset, type"),
        (
            "&Open campaign...",
            ["Ctrl+Shift+C"],
            "Territories, standings, battles and history of a campaign",
        ),
    ],
    "&Rules": [
        (
            "&My pack...",
            [],
            "Add a fighter type, weapon or wargear your book has and the pack lacks",
        ),
    ],
    "&View": [
        ("&Gangs", ["Alt+1"], ""),
        ("&Roster", ["Alt+2"], ""),
        ("Fighter &card", ["Alt+3"], ""),
        SEP,
        ("Card &preview", ["F4"], ""),
    ],
    "&Help": [
        ("&About Gang Manager", [], ""),
    ],
}


def _keys(keys: list[str | QKeySequence.StandardKey]) -> list[str]:
    """Key names as this platform spells them (a standard key's first binding; none here
    when the platform has none, as Quit offscreen)."""
    names = [QKeySequence(key).toString() for key in keys]
    return [name for name in names if name]


def _expected(items: list[object]) -> list[object]:
    shown: list[object] = []
    for item in items:
        if item == SEP or (isinstance(item, tuple) and item[1] == "submenu"):
            shown.append(item)
        else:
            assert isinstance(item, tuple)
            text, keys, tip = item
            shown.append((text, _keys(keys), tip))
    return shown


def _shown(menu: QMenu) -> list[object]:
    items: list[object] = []
    for action in menu.actions():
        if action.isSeparator():
            items.append(SEP)
        elif action.menu() is not None:
            items.append((action.text(), "submenu"))
        else:
            keys = [k.toString() for k in action.shortcuts() if not k.isEmpty()]
            items.append((action.text(), keys, action.statusTip()))
    return items


def _menus(window: MainWindow) -> dict[str, list[object]]:
    menus: dict[str, list[object]] = {}
    for top in window.menuBar().actions():
        menu = top.menu()
        assert isinstance(menu, QMenu)
        menus[top.text()] = _shown(menu)
    return menus


def test_the_menus_hold_every_item_and_shortcut_in_order(window: MainWindow) -> None:
    # The card's Add injury joins the Fighter menu when the card is built.
    assert window.editor is not None
    assert list(_menus(window)) == list(MENUS)
    for title, items in MENUS.items():
        assert _menus(window)[title] == _expected(items), title


def test_every_menu_shortcut_works_from_anywhere_in_the_window(window: MainWindow) -> None:
    """The keys belong to the window, not only to the menus: each item is one of its actions."""
    editor = window.editor
    own = set(window.actions())
    missing = [
        action.text()
        for top in window.menuBar().actions()
        for action in action_menu(top).actions()
        if not action.isSeparator()
        and action.menu() is None
        and action.shortcuts()
        and action not in own
        and action is not editor.add_injury_action  # the card's own key
    ]
    assert missing == []


def test_no_two_actions_share_a_shortcut(window: MainWindow) -> None:
    editor = window.editor
    actions: list[QAction] = [
        *window.actions(),
        editor.add_injury_action,
    ]
    seen: dict[str, str] = {}
    clashes = []
    for action in actions:
        for key in action.shortcuts():
            name = key.toString()
            if name and name in seen and seen[name] != action.text():
                clashes.append((name, seen[name], action.text()))
            seen.setdefault(name, action.text())
    assert clashes == []


def test_every_registered_action_has_its_place_in_a_menu() -> None:
    names = [spec.name for spec in ACTIONS]
    assert len(names) == len(set(names))
    listed = {entry for _, entries in REGISTERED_MENUS for entry in entries}
    assert [name for name in names if name not in listed] == []


def test_actions_are_greyed_by_what_they_need(
    qtbot, tmp_path, rulesets, settings, window: MainWindow
) -> None:
    """With a gang and a fighter shown everything is enabled; on an empty database what
    needs a gang or a fighter is greyed, the rest is not."""
    enabled = {spec.name: getattr(window, spec.name).isEnabled() for spec in ACTIONS}
    assert all(enabled.values()), enabled
    empty = open_database(sqlite_url(tmp_path / "empty.sqlite"))
    other = MainWindow(empty, rulesets, settings)
    qtbot.addWidget(other)
    greyed = sorted(spec.name for spec in ACTIONS if not getattr(other, spec.name).isEnabled())
    # Delete gang also deletes a gang that does not load: greyed only when none is selected.
    needing = [spec.name for spec in ACTIONS if spec.needs is not Needs.NOTHING]
    assert greyed == sorted([*needing, "delete_gang_action"])
    # As the window greyed them before the registry said so.
    assert greyed == sorted(
        [
            *("duplicate_action", "delete_gang_action", "details_action", "rating_action"),
            *("wealth_action", "export_action", "export_page_action", "new_fighter_action"),
            *("remove_fighter_action", "fighter_rating_action", "add_modifier_action"),
            *("buy_weapon_action", "buy_wargear_action", "add_skill_action"),
            *("add_vehicle_action", "take_advancement_action", "carry_over_action"),
        ]
    )
    other.close()
    empty.close()
