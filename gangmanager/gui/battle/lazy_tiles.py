"""The tiles of a two-gang battle, made as they are scrolled into sight.

A tile is about forty widgets; 300 + 30 fighters made 13,000 widgets before the
window could paint (3.5 s). The window makes the first tiles of each side at
once; the others wait until the tile area is scrolled near them, so nothing is made, laid out or painted for fighters out
of sight. (Made on the event loop a slice at a time, as before, each slice
relaid and repainted the window: the open was not over until every tile was.)
A spacer under each side keeps the room of its waiting tiles, so the scroll bar
spans the whole battle. The mapping holds every key from the start; asking for
a tile not made yet makes the tiles before it there and then, so callers (and
tests) see a complete mapping. A tile made late comes last in the window's Tab
order (as the tiles made in slices did).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping

from PySide6.QtWidgets import QBoxLayout, QScrollArea, QSizePolicy, QSpacerItem

from gangmanager.gui.battle.fighter_tile import FighterTile
from gangmanager.rules.battle_state import FighterTrack

# Tiles made at once in each side: more than a laptop screen shows (about five).
IN_SIGHT = 6
# Tiles made beyond the last one in sight (so a scroll finds them made).
AHEAD = 2

Make = Callable[[str, FighterTrack], FighterTile]


class _Side:
    """One side's layout, its tiles made in order, and the room kept for those waiting."""

    def __init__(self, layout: QBoxLayout) -> None:
        self.layout = layout
        self.made: list[FighterTile] = []
        self.waiting: list[str] = []
        self.below = QSpacerItem(0, 0, QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Fixed)
        layout.addItem(self.below)


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

    def add(self, key: str, track: FighterTrack, layout: QBoxLayout, *, now: bool) -> None:
        side = self._sides.get(id(layout))
        if side is None:
            side = self._sides[id(layout)] = _Side(layout)
        self._order.append(key)
        if now:
            self._put(key, track, side)
        else:
            self._waiting[key] = (track, side)
            side.waiting.append(key)

    def start(self, scroll: QScrollArea) -> None:
        """Make the waiting tiles as `scroll` brings them near sight."""
        self._scroll = scroll
        bar = scroll.verticalScrollBar()
        bar.valueChanged.connect(self.fill_sight)
        bar.rangeChanged.connect(self.fill_sight)
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
        side.made.append(tile)
        self._made[key] = tile

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
