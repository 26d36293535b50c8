"""Every action of the main window declared once, and the menus as lists of them.

As MusicBrainz Picard keeps its actions: each is one `ActionSpec` (the window's
attribute it becomes, its text, keys, tip, icon, when it is enabled and what it
calls); `MainWindowActions` makes the `QAction`s from `ACTIONS` and the menu bar
from `MENUS`. A new action of the main window is one line here, its handler a
method of the room of its job (gui/main/), and its place in `MENUS`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

from PySide6.QtGui import QKeySequence

if TYPE_CHECKING:
    from gangmanager.gui.main.host import MainWindowHost

Key = QKeySequence.StandardKey


class Needs(Enum):
    """When an action is enabled (the gang list and the roster apply it as they change)."""

    NOTHING = "always"
    GANG = "a gang shown"
    FIGHTER = "a fighter selected"


@dataclass(frozen=True)
class ActionSpec:
    name: str  # the window's attribute: `window.import_action`
    text: str
    handler: Callable[[MainWindowHost], object]
    keys: tuple[str | QKeySequence.StandardKey, ...] = ()
    tip: str = ""  # the status bar's and the tooltip's text
    icon: str = ""  # a theme icon's name; the window shows text only today
    needs: Needs = Needs.NOTHING


ACTIONS: tuple[ActionSpec, ...] = (
    # File
    ActionSpec("new_database_action", "&New database...", lambda w: w._on_new_database_triggered()),
    ActionSpec(
        "open_database_action",
        "&Open database...",
        lambda w: w._on_open_database_triggered(),
        (Key.Open,),
    ),
    ActionSpec(
        "import_action",
        "&Import gang...",
        lambda w: w._on_import_triggered(),
        ("Ctrl+I",),
        tip="A gang file or YakTribe JSON",
    ),
    ActionSpec(
        "update_from_file_action",
        "&Update gang from file...",
        lambda w: w._on_update_from_file_triggered(),
        tip="A gang file exported from a gang of this database, changed elsewhere",
    ),
    ActionSpec(
        "export_action",
        "&Export gang...",
        lambda w: w._on_export_triggered(),
        ("Ctrl+E",),
        tip="Save the gang as a gang file",
        needs=Needs.GANG,
    ),
    ActionSpec(
        "export_page_action",
        "Export as &web page...",
        lambda w: w._on_export_page_triggered(),
        tip="One page anyone can open in a browser: the roster and every card",
        needs=Needs.GANG,
    ),
    ActionSpec(
        "restore_backup_action",
        "Restore &backup...",
        lambda w: w._on_restore_backup_triggered(),
        tip="Put back one of the automatic daily copies of this database",
    ),
    ActionSpec("quit_action", "&Quit", lambda w: w.close(), (Key.Quit,)),
    # Edit (Undo and Redo are the undo stack's own actions: MainWindowActions)
    ActionSpec("rename_action", "Re&name", lambda w: w._on_rename_triggered(), ("F2",)),
    ActionSpec(
        "delete_action",
        "&Delete",
        lambda w: w._on_delete_triggered(),
        (Key.Delete,),
        tip="Delete what is selected",
    ),
    # Gang (Delete gang also deletes a gang that does not load: GangList._show_gang)
    ActionSpec(
        "new_gang_action",
        "&New gang...",
        lambda w: w._on_new_gang_triggered(),
        ("Ctrl+Shift+N",),
        tip="Found a new gang",
    ),
    ActionSpec(
        "duplicate_action",
        "D&uplicate gang",
        lambda w: w._on_duplicate_triggered(),
        ("Ctrl+D",),
        needs=Needs.GANG,
    ),
    ActionSpec(
        "carry_over_action",
        "&Carry over to the 2026 edition...",
        lambda w: w._on_carry_over_triggered(),
        needs=Needs.GANG,
        tip="Make a 2026 gang from this 2023 gang (this one stays as it is)",
    ),
    ActionSpec("delete_gang_action", "De&lete gang...", lambda w: w._on_delete_gang_triggered()),
    ActionSpec(
        "details_action",
        "Gang &details...",
        lambda w: w._on_header_details_clicked(),
        ("Ctrl+G",),
        needs=Needs.GANG,
    ),
    ActionSpec(
        "rating_action",
        "Gang &Rating breakdown",
        lambda w: w._on_header_rating_clicked(),
        ("Ctrl+R",),
        needs=Needs.GANG,
    ),
    ActionSpec(
        "wealth_action",
        "&Wealth breakdown",
        lambda w: w._on_header_wealth_clicked(),
        needs=Needs.GANG,
    ),
    # Fighter (the card's own Add injury joins the menu when the card is built)
    ActionSpec(
        "new_fighter_action",
        "&New fighter...",
        lambda w: w._on_new_fighter_triggered(),
        (Key.New,),
        tip="Recruit a fighter",
        needs=Needs.GANG,
    ),
    ActionSpec(
        "add_vehicle_action",
        "Add &vehicle...",
        lambda w: w._on_add_vehicle_triggered(),
        ("Ctrl+Shift+V",),
        tip="Add a vehicle and its crew (the house's vehicles)",
        needs=Needs.GANG,
    ),
    ActionSpec(
        "remove_fighter_action",
        "&Remove fighter...",
        lambda w: w._on_remove_fighter_triggered(),
        needs=Needs.FIGHTER,
    ),
    ActionSpec(
        "fighter_rating_action",
        "Fighter Rating &breakdown",
        lambda w: w._on_fighter_rating_triggered(),
        ("Ctrl+Shift+R",),
        needs=Needs.FIGHTER,
    ),
    ActionSpec(
        "add_modifier_action",
        "Add &modifier...",
        lambda w: w.editor.add_modifier.click(),
        ("Ctrl+M",),
        needs=Needs.FIGHTER,
    ),
    ActionSpec(
        "buy_weapon_action",
        "Buy &weapon...",
        lambda w: w.editor.buy_weapon.click(),
        ("Ctrl+B",),
        needs=Needs.FIGHTER,
    ),
    ActionSpec(
        "buy_wargear_action",
        "Buy w&argear...",
        lambda w: w.editor.buy_wargear.click(),
        ("Ctrl+Shift+B",),
        needs=Needs.FIGHTER,
    ),
    ActionSpec(
        "add_skill_action",
        "Add s&kill...",
        lambda w: w.editor.add_skill.click(),
        ("Ctrl+K",),
        needs=Needs.FIGHTER,
    ),
    ActionSpec(
        "take_advancement_action",
        "&Take advancement...",
        lambda w: w.editor.take_advancement(),
        ("Ctrl+Shift+K",),
        tip="An advancement owed at a rank (a ranks pack such as n26): no XP is spent",
        needs=Needs.FIGHTER,
    ),
    # View
    ActionSpec("focus_gangs_action", "&Gangs", lambda w: w.gang_view.setFocus(), ("Alt+1",)),
    ActionSpec("focus_roster_action", "&Roster", lambda w: w.roster_view.setFocus(), ("Alt+2",)),
    ActionSpec("focus_card_action", "Fighter &card", lambda w: w.editor.focus_name(), ("Alt+3",)),
    # Help
    ActionSpec("about_action", "&About Gang Manager", lambda w: w._on_about_triggered()),
    # Rules
    ActionSpec(
        "my_pack_action",
        "&My pack...",
        lambda w: w._on_my_pack_triggered(),
        tip="Add a fighter type, weapon or wargear your book has and the pack lacks",
    ),
    # Campaign
    ActionSpec(
        "new_campaign_action",
        "&New campaign...",
        lambda w: w._on_new_campaign_triggered(),
        tip="Set up a campaign: name, ruleset, type",
    ),
    ActionSpec(
        "campaign_action",
        "&Open campaign...",
        lambda w: w._on_campaign_triggered(),
        ("Ctrl+Shift+C",),
        tip="Territories, standings, battles and history of a campaign",
    ),
)

# A menu's entries: the window's attribute of an action, or one of these.
SEPARATOR = "---"
RECENT = "<recent databases>"  # the submenu, filled as it opens
PRINTING = "<print actions>"  # PrintActions.actions()
PLAY = "<battle actions>"  # PlayActions.actions()
# Besides ACTIONS, a menu may name undo_action and redo_action (the undo stack's)
# and card_action (the card dock's own toggle).
MENUS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "&File",
        (
            "new_database_action",
            "open_database_action",
            RECENT,
            SEPARATOR,
            "import_action",
            "update_from_file_action",
            "export_action",
            "export_page_action",
            SEPARATOR,
            PRINTING,
            SEPARATOR,
            "restore_backup_action",
            SEPARATOR,
            "quit_action",
        ),
    ),
    ("&Edit", ("undo_action", "redo_action", SEPARATOR, "rename_action", "delete_action")),
    (
        "&Gang",
        (
            "new_gang_action",
            "duplicate_action",
            "carry_over_action",
            "delete_gang_action",
            SEPARATOR,
            "details_action",
            "rating_action",
            "wealth_action",
        ),
    ),
    (
        "F&ighter",
        (
            "new_fighter_action",
            "add_vehicle_action",
            "remove_fighter_action",
            SEPARATOR,
            "add_modifier_action",
            "buy_weapon_action",
            "buy_wargear_action",
            "add_skill_action",
            "take_advancement_action",
            SEPARATOR,  # the card's Add injury goes before this one
            "fighter_rating_action",
        ),
    ),
    ("&Battle", (PLAY,)),
    ("&Campaign", ("new_campaign_action", "campaign_action")),
    ("&Rules", ("my_pack_action",)),
    (
        "&View",
        (
            "focus_gangs_action",
            "focus_roster_action",
            "focus_card_action",
            SEPARATOR,
            "card_action",
        ),
    ),
    ("&Help", ("about_action",)),
)
