"""How the battle window lays its fighter tiles out: one gang in one or two columns,
as the room allows; two gangs side by side in boxes of their colours, or as tabs on a
narrow window."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QMargins, QRect, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import (
    QGroupBox,
    QMainWindow,
    QTabBar,
    QVBoxLayout,
)

from gangmanager.gui.battle.fighter_tile import FighterTile
from gangmanager.gui.battle.lazy_tiles import LazyTiles, made_tiles
from gangmanager.rules.battle_state import FighterTrack
from gangmanager.services import battle

_TILE_COLUMNS = 2
# The two sides of a two-gang battle: the gang that started it, then its opponent.
SIDE_COLOURS = ("#1565c0", "#b71c1c")
# Narrower than this, the two sides of a battle become two tabs.
SIDE_BY_SIDE_MIN_WIDTH = 1100


if TYPE_CHECKING:
    from PySide6.QtWidgets import QGridLayout, QScrollArea

    from gangmanager.gui.battle.requests import TileRequest
    from gangmanager.rules.ruleset import Ruleset
    from gangmanager.services.rulesets import Rulesets

    # The battle window it is part of (a mixin): its widgets and state, for the checker.
    _Base = QMainWindow
else:
    _Base = object


class SideBox(QGroupBox):
    """One gang's box, its border and title painted in the gang's colour.

    Painted, not styled: a style sheet on the box made every widget of every tile
    in it polish and paint through the style-sheet style (about a third of the
    two-gang window's open, docs/performance.md)."""

    def __init__(self, title: str, colour: str) -> None:
        super().__init__(title)
        self.setObjectName("battle_side")
        self._colour = QColor(colour)
        self._title_font = QFont(self.font())
        self._title_font.setBold(True)

    def margins(self) -> QMargins:
        """Room inside the border (the box's style keeps the title's line above it)."""
        return QMargins(9, 6, 9, 9)

    def paintEvent(self, event: QPaintEvent) -> None:
        metrics = QFontMetrics(self._title_font)
        top = metrics.height() // 2 + 2
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(self._colour, 3))
        painter.drawRoundedRect(QRectF(self.rect()).adjusted(1.5, top, -1.5, -1.5), 8, 8)
        title = QRect(14, 0, metrics.horizontalAdvance(self.title()) + 8, metrics.height() + 4)
        painter.fillRect(title, self.palette().color(QPalette.ColorRole.Window))
        painter.setFont(self._title_font)
        painter.setPen(self._colour)
        painter.drawText(title, Qt.AlignmentFlag.AlignCenter, self.title())
        painter.end()


class TileLayout(_Base):
    # The window's, set in its __init__.
    # Two gangs: the tiles out of sight are made after the first paint (lazy_tiles.py).
    tiles: dict[str, FighterTile] | LazyTiles
    side_boxes: list[QGroupBox]
    side_tabs: QTabBar | None
    tile_grid: QGridLayout
    tile_scroll: QScrollArea
    _tile_columns: int
    _tile_need: int | None
    _ruleset: Ruleset | None
    _rulesets: Rulesets

    if TYPE_CHECKING:

        def _on_tile_sig_event_requested(self, request: TileRequest) -> None: ...

    @staticmethod
    def _tile_key(record: battle.BattleRecord, fighter: FighterTrack) -> str:
        """A tile per fighter: `GANG/FIGHTER` once two gangs share the battle."""
        return fighter.qualified_name if len(record.state.gangs) > 1 else fighter.name

    def _build_tiles(self, record: battle.BattleRecord) -> None:
        self._ruleset = self._rulesets.get(record.ruleset)
        for tile in made_tiles(self.tiles):
            self.tile_grid.removeWidget(tile)
            tile.deleteLater()
        for box in self.side_boxes:
            self.tile_grid.removeWidget(box)
            box.deleteLater()
        if self.side_tabs is not None:
            self.tile_grid.removeWidget(self.side_tabs)
            self.side_tabs.deleteLater()
            self.side_tabs = None
        self.tiles = {}
        self.side_boxes = []
        gangs = record.state.gangs
        if len(gangs) > 1:
            self._build_sides(record)
            return
        tiles: dict[str, FighterTile] = {}
        for fighter in record.state.fighters:
            tile = FighterTile(
                fighter, self._ruleset.ammo.term, vehicle_statuses=self._vehicle_statuses()
            )
            tile.sig_event_requested.connect(self._on_tile_sig_event_requested)
            tiles[fighter.name] = tile
        self.tiles = tiles
        self._tile_columns = 0
        self._tile_need = None
        self._place_tiles()

    def _place_tiles(self) -> None:
        """One gang: two columns of tiles where two fit side by side, else one (a laptop
        screen never scrolls sideways)."""
        if self.side_boxes or not self.tiles:
            return
        tiles = list(self.tiles.values())
        if self._tile_need is None:
            # Measured once per set of tiles: every resize asked each tile again.
            spacing = self.tile_grid.horizontalSpacing() + 4
            self._tile_need = max(t.minimumSizeHint().width() for t in tiles) + spacing
        need = self._tile_need
        width = self.tile_scroll.viewport().width()
        columns = max(1, min(_TILE_COLUMNS, width // max(1, need)))
        if columns == self._tile_columns:
            return
        self._tile_columns = columns
        for tile in tiles:
            self.tile_grid.removeWidget(tile)
        for index, tile in enumerate(tiles):
            self.tile_grid.addWidget(
                tile, index // columns, index % columns, Qt.AlignmentFlag.AlignTop
            )

    def _build_sides(self, record: battle.BattleRecord) -> None:
        """Two gangs: side by side, each in a box of its gang's colour."""
        assert self._ruleset is not None
        lazy = LazyTiles(self._make_side_tile)
        for column, gang in enumerate(record.state.gangs):
            colour = SIDE_COLOURS[column % len(SIDE_COLOURS)]
            box = SideBox(gang, colour)
            column_layout = QVBoxLayout(box)
            column_layout.setContentsMargins(box.margins())
            column_layout.setAlignment(Qt.AlignmentFlag.AlignTop)
            side = [f for f in record.state.fighters if f.gang == gang]
            for fighter in side:
                lazy.add(key=self._tile_key(record, fighter), track=fighter, layout=column_layout)
            self.side_boxes.append(box)
        self.tiles = lazy
        self._place_sides()
        # Not laid out yet: the window's height is more than the tiles' view will have.
        lazy.start(self.tile_scroll, self.height())

    def _vehicle_statuses(self) -> tuple[str, ...]:
        """The statuses a vehicle's tile offers: the pack's vehicle rules'."""
        rules = self._ruleset.vehicle_rules if self._ruleset is not None else None
        return tuple(rules.statuses) if rules is not None else ()

    def _make_side_tile(self, key: str, fighter: FighterTrack) -> FighterTile:
        assert self._ruleset is not None
        tile = FighterTile(
            fighter,
            self._ruleset.ammo.term,
            event_name=key,
            vehicle_statuses=self._vehicle_statuses(),
        )
        tile.sig_event_requested.connect(self._on_tile_sig_event_requested)
        return tile

    def _place_sides(self) -> None:
        """Side by side on a wide window; on a narrow one a tab bar shows one gang at a time."""
        if not self.side_boxes:
            return
        tabbed = self.width() < SIDE_BY_SIDE_MIN_WIDTH
        placed = self.side_tabs is not None or self.tile_grid.indexOf(self.side_boxes[0]) >= 0
        if placed and tabbed == (self.side_tabs is not None):
            return
        if self.side_tabs is not None:
            self.tile_grid.removeWidget(self.side_tabs)
            self.side_tabs.deleteLater()
            self.side_tabs = None
        for box in self.side_boxes:
            self.tile_grid.removeWidget(box)
        if tabbed:
            # A bare tab bar above the boxes (not a QTabWidget, which would squeeze the
            # tiles into the scroll area's height): the tiles keep their natural size.
            self.side_tabs = QTabBar()
            for index, box in enumerate(self.side_boxes):
                self.side_tabs.addTab(box.title())
                self.side_tabs.setTabTextColor(
                    index, QColor(SIDE_COLOURS[index % len(SIDE_COLOURS)])
                )
            self.tile_grid.addWidget(self.side_tabs, 0, 0, 1, 2)
            for box in self.side_boxes:
                self.tile_grid.addWidget(box, 1, 0, 1, 2, Qt.AlignmentFlag.AlignTop)
            self.side_tabs.currentChanged.connect(self._on_side_tabs_current_changed)
            self._on_side_tabs_current_changed(0)
        else:
            for column, box in enumerate(self.side_boxes):
                self.tile_grid.addWidget(box, 0, column, Qt.AlignmentFlag.AlignTop)
                box.show()
            if isinstance(self.tiles, LazyTiles):
                self.tiles.fill_sight()  # a side hidden in a tab until now has none made

    def _on_side_tabs_current_changed(self, index: int) -> None:
        for number, box in enumerate(self.side_boxes):
            box.setVisible(number == index)
        if isinstance(self.tiles, LazyTiles):
            self.tiles.fill_sight()  # the side shown now may have no tile made yet
