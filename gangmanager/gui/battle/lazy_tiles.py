"""The tiles of a two-gang battle, made as they come into sight.

A tile is about sixty widgets; 300 + 30 fighters made 13,000 widgets before the
window could paint (3.5 s), and six a side (twelve tiles, 780 widgets) were still
made when the window shows three or four. Now a side shown makes the tiles that
fill the window's height (and one more) before the first paint; a side not shown
(the other tab on a narrow window) none; the others wait until they are scrolled,
tabbed or switched into sight. A spacer under each side keeps the room of its
waiting tiles, so the scroll bar spans the whole battle. The mapping holds every
key from the start; asking for a tile not made yet makes the tiles before it
there and then, so callers (and tests) see a complete mapping.

Tab reaches every tile: each side ends with a focus gate, an empty widget in the
Tab order after the side's last tile made; Tab into it makes the next tile and
moves the focus on into it. A tile made late is put in the Tab order before its
side's gate, so the order is the battle's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping

from PySide6.QtCore import Qt
from PySide6.QtGui import QFocusEvent
from PySide6.QtWidgets import QBoxLayout, QScrollArea, QSizePolicy, QSpacerItem, QWidget

from gangmanager.gui.battle.fighter_tile import FighterTile
from gangmanager.rules.battle_state import FighterTrack

# Tiles made beyond the last one in sight (so a scroll finds them made).
AHEAD = 1

Make = Callable[[str, FighterTrack], FighterTile]


class _Gate(QWidget):
    """The end of a side's Tab order while tiles wait: Tab into it makes the next one."""

    def __init__(self, parent: QWidget | None, reached: Callable[[], None]) -> None:
        super().__init__(parent)
        self._reached = reached
        self.setFixedSize(0, 0)
        self.setFocusPolicy(Qt.FocusPolicy.TabFocus)

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        if event.reason() is Qt.FocusReason.BacktabFocusReason:
            self.focusNextPrevChild(False)  # going back: on to the tile before
        else:
            self._reached()


class _Side:
    """One side's layout, its tiles made in order, and the room kept for those waiting."""

    def __init__(self, layout: QBoxLayout, reached: Callable[[_Side], None]) -> None:
        self.layout = layout
        self.made: list[FighterTile] = []
        self.waiting: list[str] = []
        self.below = QSpacerItem(0, 0, QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Fixed)
        layout.addItem(self.below)
        self.gate = _Gate(layout.parentWidget(), lambda: reached(self))

    @property
    def shown(self) -> bool:
        """Not hidden (the other tab of a narrow window), even before the window is shown."""
        box = self.layout.parentWidget()
        return box is None or not box.isHidden()


class LazyTiles(Mapping[str, FighterTile]):
    """Tiles by key, in battle order; each waiting one is made into its side's layout."""

    def __init__(self, make: Make) -> None:
        self._make = make
        self._made: dict[str, FighterTile] = {}
        # Key -> (latest track, its side): kept up to date until the tile is made.
        self._waiting: dict[str, tuple[FighterTrack, _Side]] = {}
        self._sides: dict[int, _Side] = {}
        self._order: list[str] = []
        self._scroll: QScrollArea | None = None
        self._tile_height = 0

    def add(self, key: str, track: FighterTrack, layout: QBoxLayout) -> None:
        """A tile waiting in `layout` (its side), made by `start` or when in sight."""
        side = self._sides.get(id(layout))
        if side is None:
            side = self._sides[id(layout)] = _Side(layout, self._gate_reached)
        self._order.append(key)
        self._waiting[key] = (track, side)
        side.waiting.append(key)

    def start(self, scroll: QScrollArea, room: int) -> None:
        """Make the tiles that fill `room` pixels of each side shown (the window is not
        laid out yet: its height), then the others as `scroll` brings them near sight."""
        self._scroll = scroll
        bar = scroll.verticalScrollBar()
        bar.valueChanged.connect(self.fill_sight)
        bar.rangeChanged.connect(self.fill_sight)
        shown = [side for side in self._sides.values() if side.shown]
        for side in shown or list(self._sides.values())[:1]:
            filled = sum(tile.sizeHint().height() for tile in side.made)
            while side.waiting and filled < room:
                self._put_next(side)
                filled += side.made[-1].sizeHint().height()
            for _ in range(min(AHEAD, len(side.waiting))):
                self._put_next(side)
        self._size_below()

    def show(self, key: str, track: FighterTrack) -> None:
        """Show `track` on its tile, or keep it for the tile when it is made."""
        if key in self._made:
            self._made[key].update_from(track)
        elif key in self._waiting:
            self._waiting[key] = (track, self._waiting[key][1])

    def made(self) -> list[FighterTile]:
        """The tiles made so far (to take them down without making the rest)."""
        return list(self._made.values())

    def stop(self) -> None:
        if self._scroll is not None:
            bar = self._scroll.verticalScrollBar()
            bar.valueChanged.disconnect(self.fill_sight)
            bar.rangeChanged.disconnect(self.fill_sight)
            self._scroll = None
        self._waiting.clear()

    @property
    def complete(self) -> bool:
        return not self._waiting

    # ---------------------------------------------------------------- the mapping

    def __getitem__(self, key: str) -> FighterTile:
        if key not in self._made and key in self._waiting:
            # Made in order up to it: each side's layout keeps the battle's order.
            side = self._waiting[key][1]
            while key not in self._made:
                self._put_next(side)
            self._size_below()
        return self._made[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._order)

    def __len__(self) -> int:
        return len(self._order)

    def __contains__(self, key: object) -> bool:
        return key in self._made or key in self._waiting

    # ---------------------------------------------------------------- making

    def fill_sight(self) -> None:
        """Make each side's tiles down to a little below the bottom of the view."""
        if not self._waiting or self._scroll is None:
            return
        bar, view = self._scroll.verticalScrollBar(), self._scroll.viewport()
        height = self._estimated_height()
        wanted = bar.value() + view.height() + AHEAD * height
        for side in self._sides.values():
            if not side.shown:
                continue
            box = side.layout.parentWidget()
            top = box.y() if box is not None else 0
            while side.waiting and top + len(side.made) * height < wanted:
                self._put_next(side)
        self._size_below()

    def _put(self, key: str, track: FighterTrack, side: _Side) -> None:
        tile = self._make(key, track)
        # Before the spacer that keeps the room of the tiles still waiting.
        side.layout.insertWidget(side.layout.count() - 1, tile)
        shown = side.layout.parentWidget()
        if shown is not None and shown.isVisible():
            tile.show()  # now, not when the layout gets to it
        _before_in_tab_order(tile, side.gate)
        side.made.append(tile)
        self._made[key] = tile
        if not side.waiting:
            side.gate.setFocusPolicy(Qt.FocusPolicy.NoFocus)

    def _gate_reached(self, side: _Side) -> None:
        """Tab past the side's last tile made: the next one is made and takes the focus."""
        if not side.waiting:
            side.gate.focusNextPrevChild(True)
            return
        self._put_next(side)
        self._size_below()
        tile = side.made[-1]
        first = next((w for w in _tab_chain(tile) if w is not tile), tile)
        first.setFocus(Qt.FocusReason.TabFocusReason)
        area = self._scroll.widget() if self._scroll is not None else None
        placing = area.layout() if area is not None else None
        if self._scroll is not None and placing is not None:
            placing.activate()  # the new tile placed now, so the view can follow it
            self._scroll.ensureWidgetVisible(first)

    def _put_next(self, side: _Side) -> None:
        key = side.waiting.pop(0)
        track, _ = self._waiting.pop(key)
        self._put(key, track, side)

    def _estimated_height(self) -> int:
        if not self._tile_height:
            first = next((s.made[0] for s in self._sides.values() if s.made), None)
            spacing = max(0, next(iter(self._sides.values())).layout.spacing())
            self._tile_height = (first.sizeHint().height() if first else 200) + spacing
        return self._tile_height

    def _size_below(self) -> None:
        if not self._sides:
            return
        height = self._estimated_height()
        for side in self._sides.values():
            room = len(side.waiting) * height
            if side.below.sizeHint().height() != room:
                side.below.changeSize(0, room, QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Fixed)
                side.layout.invalidate()


def _tab_chain(tile: QWidget) -> list[QWidget]:
    """The tile and the widgets in it that Tab stops at, in their Tab order."""
    chain: list[QWidget] = []
    widget = tile.nextInFocusChain()
    while widget is not None and widget is not tile and tile.isAncestorOf(widget):
        if widget.focusPolicy() & Qt.FocusPolicy.TabFocus:
            chain.append(widget)
        widget = widget.nextInFocusChain()
    return [tile, *chain]


def _before_in_tab_order(tile: QWidget, gate: QWidget) -> None:
    """The tile's widgets put just before `gate` in the Tab order (a widget made late
    comes last in its window's)."""
    previous = gate.previousInFocusChain()
    # Qt orders only widgets that take the focus: the last such one before the gate.
    while previous is not None and previous is not gate:
        if previous.focusPolicy() != Qt.FocusPolicy.NoFocus:
            break
        previous = previous.previousInFocusChain()
    if previous is None:
        return
    for widget in _tab_chain(tile)[1:]:
        if previous is not widget:
            QWidget.setTabOrder(previous, widget)
        previous = widget


def show_track(tiles: Mapping[str, FighterTile], key: str, track: FighterTrack) -> None:
    """The window's update of one fighter: a waiting tile is not made for it."""
    if isinstance(tiles, LazyTiles):
        tiles.show(key, track)
    elif key in tiles:
        tiles[key].update_from(track)


def made_tiles(tiles: Mapping[str, FighterTile]) -> list[FighterTile]:
    """The tiles to take down: a waiting tile is never made for that."""
    if isinstance(tiles, LazyTiles):
        made = tiles.made()
        tiles.stop()
        return made
    return list(tiles.values())
