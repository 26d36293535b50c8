"""One fighter in battle: status, wounds, markers, weapons, and the buttons that make events.

A change of one fighter repaints only what changed on its tile (issue 17: a
status change reset 456 style sheets and repainted every tile). `update_from`
returns at once when the fighter's track shows nothing new; a style sheet is
set only when its text changes (each set re-polishes the widget and its
children); the tile's coloured border is painted, not styled, and plain text
colours come from the palette.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QRectF, Qt, Signal
from PySide6.QtGui import (
    QAction,
    QColor,
    QFont,
    QKeySequence,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
    QShortcut,
)
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QMenu,
    QPushButton,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from gangmanager.gui.battle.box_row import BoxRow
from gangmanager.gui.battle.requests import AttackRequest, TileRequest
from gangmanager.gui.common.portrait_box import PortraitLabel
from gangmanager.rules.battle_events import (
    ActivateEvent,
    Activation,
    AmmoTestEvent,
    BattleStatus,
    BlazeEvent,
    EndActivationEvent,
    ExtinguishEvent,
    FleshWoundEvent,
    Marker,
    MarkerEvent,
    ProfileState,
    ReloadEvent,
    StatusEvent,
    VehicleStatusEvent,
    WoundEvent,
)
from gangmanager.rules.battle_state import FighterTrack, ProfileTrack
from gangmanager.rules.ruleset import Mechanic
from gangmanager.rules.statline_layout import FLESH_WOUNDS, tally_count

# Background and text colour of each status word.
STATUS_COLOURS: dict[BattleStatus, tuple[str, str]] = {
    BattleStatus.ACTIVE: ("#2e7d32", "#ffffff"),
    BattleStatus.ENGAGED: ("#e65100", "#ffffff"),
    BattleStatus.PINNED: ("#f9a825", "#000000"),
    BattleStatus.SERIOUSLY_INJURED: ("#c62828", "#ffffff"),
    BattleStatus.OUT_OF_ACTION: ("#616161", "#ffffff"),
}
MARKER_COLOURS: dict[Marker, str] = {
    Marker.BLAZE: "#d84315",
    Marker.BROKEN: "#6a1b9a",
    Marker.HIDDEN: "#37474f",
    Marker.REVEALED: "#0277bd",
}
STATE_COLOURS: dict[ProfileState, str] = {
    ProfileState.READY: "#2e7d32",
    ProfileState.OUT_OF_AMMO: "#e65100",
    ProfileState.JAMMED: "#c62828",
    ProfileState.SPENT: "#757575",
    ProfileState.DELETED: "#757575",
}
_STATUSES = list(BattleStatus)
HIRED_COLOUR = "#5d4037"


def _chip(colour: str) -> str:
    return (
        "QToolButton { border: 1px solid #9e9e9e; border-radius: 4px; padding: 1px 4px;"
        " color: #616161; background: transparent; }"
        f" QToolButton:checked {{ background: {colour}; color: #ffffff; border-color: {colour};"
        " font-weight: bold; }"
    )


def _set_sheet(widget: QWidget, sheet: str) -> None:
    """Only a new style sheet: setting even the same text re-polishes the widget."""
    if widget.styleSheet() != sheet:
        widget.setStyleSheet(sheet)


def _set_colour(label: QLabel, colour: str | None) -> None:
    """The label's text colour from its palette (None: the inherited one)."""
    own = label.testAttribute(Qt.WidgetAttribute.WA_SetPalette)
    if colour is None:
        if own:
            label.setPalette(QPalette())  # An empty palette: inherit again.
        return
    wanted = QColor(colour)
    palette = label.palette()
    if not own or palette.color(QPalette.ColorRole.WindowText) != wanted:
        palette.setColor(QPalette.ColorRole.WindowText, wanted)
        label.setPalette(palette)


def _set_font(label: QLabel, *, bold: bool | None = None, strike: bool | None = None) -> None:
    font = label.font()
    if (bold is None or font.bold() == bold) and (strike is None or font.strikeOut() == strike):
        return
    font = QFont(font)
    if bold is not None:
        font.setBold(bold)
    if strike is not None:
        font.setStrikeOut(strike)
    label.setFont(font)


def _track_key(track: FighterTrack) -> tuple[object, ...]:
    """Everything of a track the tile shows, but the fighter's card (compared by identity)."""
    return (
        track.status,
        track.activation,
        track.wounds,
        track.max_wounds,
        track.flesh_wounds,
        frozenset(track.markers),
        frozenset(track.vehicle_statuses),
        tuple(p.state for w in track.weapons for p in w.profiles),
    )


def _badge(background: str, foreground: str = "#ffffff") -> str:
    return (
        f"background: {background}; color: {foreground}; border-radius: 4px;"
        " padding: 1px 6px; font-weight: bold;"
    )


class _Chips(dict[Marker, QToolButton]):
    """Marker -> its chip, made on first use (`chips[marker]`); `get` never makes one."""

    def __init__(self, make: Callable[[Marker], QToolButton]) -> None:
        super().__init__()
        self._make = make

    def __missing__(self, marker: Marker) -> QToolButton:
        chip = self._make(marker)
        self[marker] = chip
        return chip


@dataclass
class ProfileRow:
    weapon: str
    profile: str
    name_label: QLabel
    state_label: QLabel
    test_button: QToolButton
    reload_button: QToolButton


class FighterTile(QFrame):
    """Emits `sig_event_requested` with a typed event (rolls left out) or an
    `AttackRequest`; the window completes it."""

    # A TileRequest.
    sig_event_requested = Signal(object)

    def __init__(
        self,
        track: FighterTrack,
        ammo_term: str,
        parent: QWidget | None = None,
        *,
        event_name: str | None = None,
        vehicle_statuses: Sequence[str] = (),
    ) -> None:
        super().__init__(parent)
        self.setObjectName("fighter_tile")
        # A vehicle's statuses as the pack's vehicle rules name them, offered in the menu.
        self._vehicle_statuses = tuple(vehicle_statuses) if track.vehicle else ()
        # The border is painted in the status colour (paintEvent), no style sheet.
        self.setFrameShape(QFrame.Shape.NoFrame)
        self._border = QColor(STATUS_COLOURS[track.status][0])
        self._shown: tuple[object, ...] | None = None
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        # How events name the fighter: `GANG/FIGHTER` in a two-gang battle.
        self.name = event_name or track.name

        head = self._build_head(track)
        controls = self._build_status(track)
        wounds = self._build_wounds(track)
        self._build_profile_grid(track)
        self._build_markers(controls)
        self._build_weapons(track, ammo_term)
        actions = self._build_actions()
        self._lay_out(track, head, controls, wounds, actions)
        self._connect()
        self._track = track
        self.update_from(track)

    def _build_head(self, track: FighterTrack) -> QHBoxLayout:
        """The name, a Hired Gun's badge, the activation and the status."""
        self.name_label = QLabel(track.name)
        font = QFont(self.name_label.font())
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.2)
        self.name_label.setFont(font)
        self.status_label = QLabel()
        self.activation_label = QLabel()
        # A Hired Gun for this battle only says so, and where it comes from.
        self.hired_label = QLabel()
        if track.hired_for is not None:
            self.hired_label.setText(f"Hired Gun: {track.hired_for}")
            self.hired_label.setStyleSheet(_badge(HIRED_COLOUR))
            self.hired_label.setToolTip(
                f"{track.fighter.type} hired for this battle only ({track.hired_for} grants it):"
                " not on the roster, left out of the post-battle sequence"
            )
        self.hired_label.setVisible(track.hired_for is not None)
        head = QHBoxLayout()
        head.addWidget(self.name_label)
        head.addWidget(self.hired_label)
        head.addStretch(1)
        head.addWidget(self.activation_label)
        head.addWidget(self.status_label)
        return head

    def _build_status(self, track: FighterTrack) -> QHBoxLayout:
        """The status chooser and the activation buttons, first of the controls row."""
        self.status_combo = QComboBox()
        self.status_combo.setAccessibleName(f"Status of {track.name}")
        self.status_combo.addItems([status.label for status in _STATUSES])
        self.activate_button = QPushButton("Activate")
        self.end_activation_button = QPushButton("End activation")
        controls = QHBoxLayout()
        controls.addWidget(self.status_combo)
        return controls

    def _build_wounds(self, track: FighterTrack) -> QHBoxLayout:
        """Wounds lost and Flesh Wounds as boxes, and their buttons; a vehicle's Hull Points
        lost and its statuses (the pack's vehicle rules name them)."""
        self.wound_boxes = BoxRow("#c62828")
        self.flesh_boxes = BoxRow("#ef6c00")
        self.wound_button = QPushButton("Wound")
        self.wound_button.setToolTip("The fighter loses a wound")
        self.flesh_wound_button = QPushButton("Flesh wound")
        self.flesh_wound_button.setToolTip(
            "Toughness -1 for the rest of the battle; at 0, Out of Action"
        )
        wounds = QHBoxLayout()
        wounds.addWidget(QLabel("Hull Points lost" if track.vehicle else "Wounds lost"))
        wounds.addWidget(self.wound_boxes)
        wounds.addSpacing(16)
        # A vehicle has no Flesh Wounds: its statuses stand there instead.
        self.vehicle_label = QLabel()
        self.vehicle_label.setAccessibleName(f"Vehicle statuses of {track.name}")
        if track.vehicle:
            self.wound_button.setToolTip("The vehicle loses a Hull Point; at 0, Wrecked")
            wounds.addWidget(self.vehicle_label)
        else:
            wounds.addWidget(QLabel("Flesh wounds"))
            wounds.addWidget(self.flesh_boxes)
        self.flesh_wound_button.setVisible(not track.vehicle)
        wounds.addStretch(1)
        return wounds

    def _build_profile_grid(self, track: FighterTrack) -> None:
        # The live profile: a code above each value, Toughness lowered by Flesh Wounds.
        self.profile_grid = QGridLayout()
        self.profile_grid.setHorizontalSpacing(10)
        self.profile_grid.setVerticalSpacing(0)
        self.profile_values: dict[str, QLabel] = {}
        small = QFont(self.font())
        small.setPointSizeF(small.pointSizeF() * 0.85)
        for column, row in enumerate(track.table):
            code = QLabel(row.code)
            code.setFont(small)
            _set_colour(code, "#616161")
            value = QLabel()
            for label in (code, value):
                label.setAlignment(Qt.AlignmentFlag.AlignCenter)
            self.profile_grid.addWidget(code, 0, column)
            self.profile_grid.addWidget(value, 1, column)
            self.profile_values[row.code] = value
        self.profile_grid.setColumnStretch(len(self.profile_values), 1)

    def _build_markers(self, controls: QHBoxLayout) -> None:
        # Markers in one row, to keep the tile short (six tiles on a laptop screen): a
        # menu to set any of them, and a coloured chip for each one set (a click removes it).
        self.markers_button = QToolButton()
        self.markers_button.setText("Markers")
        self.markers_button.setToolTip("Set or remove a marker (Blaze, Broken, Hidden...)")
        self.markers_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        menu = QMenu(self.markers_button)
        self.marker_actions: dict[Marker, QAction] = {}
        controls.addWidget(self.markers_button)
        for marker in Marker:
            action = menu.addAction(marker.label)
            action.setCheckable(True)
            action.setData(marker.value)
            self.marker_actions[marker] = action
        self.vehicle_actions: dict[str, QAction] = {}
        if self._vehicle_statuses:
            menu.addSection("Vehicle")
            for status in self._vehicle_statuses:
                action = menu.addAction(status)
                action.setCheckable(True)
                action.setData(f"vehicle:{status}")
                self.vehicle_actions[status] = action
        menu.triggered.connect(self._on_markers_menu_triggered)
        self.markers_button.setMenu(menu)
        # A chip is made the first time it is asked for (most never are: a tile made ten
        # hidden buttons for nothing); it sits after the menu button in Marker order.
        self._controls = controls
        self.marker_buttons = _Chips(self._make_chip)
        controls.addStretch(1)
        controls.addWidget(self.activate_button)
        controls.addWidget(self.end_activation_button)

    def _build_weapons(self, track: FighterTrack, ammo_term: str) -> None:
        self.weapon_grid = QGridLayout()
        self.weapon_grid.setColumnStretch(0, 1)
        self.profile_rows: list[ProfileRow] = []
        for weapon in track.weapons:
            for profile in weapon.profiles:
                self._add_profile_row(profile, ammo_term)

    def _build_actions(self) -> QHBoxLayout:
        """Attack, Wound, Flesh wound, and the fire's buttons."""
        self.blaze_button = QPushButton("Blaze roll")
        self.blaze_button.setToolTip(
            "Hit by a Blaze attack: roll to see if the fighter catches fire"
        )
        self.extinguish_button = QPushButton("Put out fire...")
        self.attack_button = QPushButton("&Attack...")
        self.attack_button.setToolTip("Resolve an attack by this fighter (A)")
        # A while the focus is on this tile; the button's own mnemonic is Alt+A.
        self.attack_shortcut = QShortcut(QKeySequence("A"), self)
        self.attack_shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.attack_shortcut.activated.connect(self.attack_button.click)
        actions = QHBoxLayout()
        actions.addWidget(self.attack_button)
        actions.addWidget(self.wound_button)
        actions.addWidget(self.flesh_wound_button)
        actions.addStretch(1)
        actions.addWidget(self.blaze_button)
        actions.addWidget(self.extinguish_button)
        return actions

    def _lay_out(
        self,
        track: FighterTrack,
        head: QHBoxLayout,
        controls: QHBoxLayout,
        wounds: QHBoxLayout,
        actions: QHBoxLayout,
    ) -> None:
        layout = QVBoxLayout(self)
        top = QVBoxLayout()
        for part in (head, controls, wounds):
            top.addLayout(part)
        # The fighter's portrait, when there is one, beside the first three rows.
        self.portrait: PortraitLabel | None = None
        if track.fighter.portrait is not None:
            self.portrait = PortraitLabel(60)
            self.portrait.set_portrait(track.fighter.portrait)
            beside = QHBoxLayout()
            beside.addWidget(self.portrait, 0, Qt.AlignmentFlag.AlignTop)
            beside.addLayout(top, 1)
            layout.addLayout(beside)
        else:
            layout.addLayout(top)
        layout.addLayout(self.profile_grid)
        layout.addLayout(self.weapon_grid)
        layout.addLayout(actions)

    def _connect(self) -> None:
        self.status_combo.activated.connect(self._on_status_combo_activated)
        name = self.name
        self.activate_button.clicked.connect(lambda: self._request(ActivateEvent(fighter=name)))
        self.end_activation_button.clicked.connect(
            lambda: self._request(EndActivationEvent(fighter=name))
        )
        self.wound_button.clicked.connect(lambda: self._request(WoundEvent(fighter=name)))
        self.flesh_wound_button.clicked.connect(
            lambda: self._request(FleshWoundEvent(fighter=name))
        )
        self.blaze_button.clicked.connect(lambda: self._request(BlazeEvent(fighter=name)))
        self.attack_button.clicked.connect(lambda: self._request(AttackRequest(name)))
        # The burning fighter acting on themself; the window asks who acts.
        self.extinguish_button.clicked.connect(
            lambda: self._request(ExtinguishEvent(fighter=name, by=name))
        )

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(self._border, 2))
        painter.drawRoundedRect(QRectF(self.rect()).adjusted(1, 1, -1, -1), 6, 6)
        painter.end()

    def _add_profile_row(self, profile: ProfileTrack, ammo_term: str) -> None:
        row = len(self.profile_rows)
        name = QLabel(profile.label)
        # Long names wrap rather than widen the tile.
        name.setWordWrap(True)
        name.setMinimumWidth(90)
        name.setToolTip(", ".join(str(t) for t in profile.profile.traits) or "no traits")
        am = QLabel(f"Am {profile.profile.am}")
        state = QLabel()
        test = QToolButton()
        test.setText(ammo_term)
        test.setAccessibleName(f"{ammo_term}: {profile.label}")
        reload = QToolButton()
        reload.setText("Reload")
        reload.setAccessibleName(f"Reload: {profile.label}")
        for column, widget in enumerate((name, am, state, test, reload)):
            self.weapon_grid.addWidget(widget, row, column)
        weapon, profile_name = profile.weapon, profile.name
        test.clicked.connect(
            lambda: self._request(
                AmmoTestEvent(fighter=self.name, weapon=weapon, profile=profile_name)
            )
        )
        reload.clicked.connect(
            lambda: self._request(
                ReloadEvent(fighter=self.name, weapon=weapon, profile=profile_name)
            )
        )
        self.profile_rows.append(ProfileRow(weapon, profile_name, name, state, test, reload))

    # -- refresh -------------------------------------------------------------

    def update_from(self, track: FighterTrack) -> None:
        """Show the track; nothing is touched when it shows nothing new."""
        key = _track_key(track)
        if key == self._shown and track.fighter is self._track.fighter:
            self._track = track
            return
        self._shown = key
        self._track = track
        out = track.out_of_action
        background, foreground = STATUS_COLOURS[track.status]
        self.status_label.setText(track.status.label)
        _set_sheet(self.status_label, _badge(background, foreground))
        activation = "Out" if out else track.activation.value.capitalize()
        self.activation_label.setText(activation)
        if self._border != QColor(background):
            self._border = QColor(background)
            self.update()
        self.status_combo.setCurrentIndex(_STATUSES.index(track.status))
        self.status_combo.setEnabled(not out)
        self.activate_button.setEnabled(track.activation is Activation.READY and not out)
        self.end_activation_button.setEnabled(
            track.activation is not Activation.ACTIVATED and not out
        )

        self.wound_boxes.set_boxes(track.max_wounds, track.max_wounds - track.wounds)
        effective = track.fighter.effective(track.table).values
        toughness = tally_count(FLESH_WOUNDS, effective)
        self.flesh_boxes.set_boxes(max(toughness, track.flesh_wounds), track.flesh_wounds)
        self.wound_button.setEnabled(track.wounds > 0 and not out)
        self.flesh_wound_button.setEnabled(not out and not track.vehicle)
        if track.vehicle:
            statuses = " · ".join(sorted(track.vehicle_statuses))
            self.vehicle_label.setText(f"Statuses: {statuses or 'none'}")
            for status, action in self.vehicle_actions.items():
                action.setChecked(status in track.vehicle_statuses)
        live = track.live_values()
        for stat in track.table:
            label = self.profile_values[stat.code]
            label.setText(stat.print(live[stat.code]))
            # Lowered in this battle (Flesh Wounds on Toughness): red and bold.
            lowered = live[stat.code] != effective[stat.code]
            _set_colour(label, "#c62828" if lowered else None)
            _set_font(label, bold=lowered)

        self._update_markers(track, out)

        profiles = [p for w in track.weapons for p in w.profiles]
        for row, profile in zip(self.profile_rows, profiles, strict=True):
            self._update_profile_row(row, profile, out)
        self.blaze_button.setEnabled(not out and not track.burning)
        self.attack_button.setEnabled(not out)
        self.extinguish_button.setEnabled(not out and track.burning)

    def _update_markers(self, track: FighterTrack, out: bool) -> None:
        """The marker chips and menu: a chip shows while its marker is on."""
        for marker in Marker:
            on = marker in track.markers
            chip = self.marker_buttons[marker] if on else self.marker_buttons.get(marker)
            self.marker_actions[marker].setChecked(on)
            if chip is None:
                continue
            if chip.isChecked() != on:
                if on:
                    # Styled when first shown: most chips never are (a sheet each is costly).
                    _set_sheet(chip, _chip(MARKER_COLOURS.get(marker, "#455a64")))
                chip.setChecked(on)
                chip.setVisible(on)
                chip.setToolTip(f"{marker.label} marker on: click to remove")
            chip.setEnabled(not out)
        self.markers_button.setEnabled(not out)

    def _update_profile_row(self, row: ProfileRow, profile: ProfileTrack, out: bool) -> None:
        state = profile.state
        row.state_label.setText(state.label)
        _set_colour(row.state_label, STATE_COLOURS[state])
        _set_font(row.state_label, bold=True)
        _set_font(row.name_label, strike=state is ProfileState.DELETED)
        has_am = profile.profile.ammo_target is not None
        row.test_button.setEnabled(not out and has_am and state is ProfileState.READY)
        reloadable = not (profile.has(Mechanic.SCARCE) or profile.has(Mechanic.GRENADE))
        row.reload_button.setEnabled(not out and reloadable and state is ProfileState.OUT_OF_AMMO)

    # -- requests ------------------------------------------------------------

    def _request(self, request: TileRequest) -> None:
        self.sig_event_requested.emit(request)

    def _on_status_combo_activated(self, index: int) -> None:
        status = _STATUSES[index]
        if status is self._track.status:
            return
        self._request(StatusEvent(fighter=self.name, status=status))

    def _make_chip(self, marker: Marker) -> QToolButton:
        chip = QToolButton()
        chip.setText(marker.label)
        chip.setCheckable(True)
        chip.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        chip.clicked.connect(lambda _=False: self._on_marker_chip_clicked(marker))
        chip.setVisible(False)
        order = list(Marker)
        before = sum(1 for m in self.marker_buttons if order.index(m) < order.index(marker))
        self._controls.insertWidget(self._controls.indexOf(self.markers_button) + 1 + before, chip)
        return chip

    def _on_markers_menu_triggered(self, action: QAction) -> None:
        data = str(action.data())
        if data.startswith("vehicle:"):
            status = data.removeprefix("vehicle:")
            on = status in self._track.vehicle_statuses
            action.setChecked(on)  # the refresh shows the stored state
            self._request(VehicleStatusEvent(fighter=self.name, status=status, on=not on))
            return
        self._on_marker_chip_clicked(Marker(data))

    def _on_marker_chip_clicked(self, marker: Marker) -> None:
        # Chip and menu show the stored state, not the click: the refresh sets them.
        on = marker in self._track.markers
        self.marker_buttons[marker].setChecked(on)
        self.marker_actions[marker].setChecked(on)
        self._request(MarkerEvent(fighter=self.name, marker=marker, on=not on))
