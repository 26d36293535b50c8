"""The tiles of a two-gang battle, those in sight first and the rest a slice at a time.

A tile is about forty widgets; 300 + 30 fighters made 13,000 widgets before the
window could paint (3.5 s). The window makes the first tiles of each side at
once and the others on the event loop, a slice of at most `SLICE_MS` at a
time, so the window paints and answers input while they come. The mapping
holds every key from the start; asking for a tile not made yet makes the tiles
before it there and then, so callers (and tests) see a complete mapping.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QBoxLayout

from gangmanager.gui.battle.fighter_tile import FighterTile
from gangmanager.rules.battle_state import FighterTrack

# Tiles made at once in each side: more than a laptop screen shows (about five).
IN_SIGHT = 6
# The longest a slice of tile-making keeps the event loop from input.
SLICE_MS = 25.0

Make = Callable[[str, FighterTrack], FighterTile]


class LazyTiles(Mapping[str, FighterTile]):
    """Tiles by key, in battle order; each waiting one is made into its side's layout."""

    def __init__(self, owner: QObject, make: Make) -> None:
        self._owner = owner
        self._make = make
        self._made: dict[str, FighterTile] = {}
        # Key -> (latest track, the side's layout): kept up to date until the tile is made.
        self._waiting: dict[str, tuple[FighterTrack, QBoxLayout]] = {}
        self._order: list[str] = []
        self._timer: QTimer | None = None

    def add(self, key: str, track: FighterTrack, layout: QBoxLayout, *, now: bool) -> None:
        self._order.append(key)
        if now:
            self._put(key, track, layout)
        else:
            self._waiting[key] = (track, layout)

    def start(self) -> None:
        """Make the waiting tiles on the event loop, a slice at a time."""
        if self._waiting and self._timer is None:
            self._timer = QTimer(self._owner)
            self._timer.setInterval(0)
            self._timer.timeout.connect(self._slice)
            self._timer.start()

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
        if self._timer is not None:
            self._timer.stop()
            self._timer.deleteLater()
            self._timer = None
        self._waiting.clear()

    @property
    def complete(self) -> bool:
        return not self._waiting

    # ---------------------------------------------------------------- the mapping

    def __getitem__(self, key: str) -> FighterTile:
        if key not in self._made and key in self._waiting:
            # Made in order up to it: each side's layout keeps the battle's order.
            for waiting in list(self._waiting):
                self._put(waiting, *self._waiting.pop(waiting))
                if waiting == key:
                    break
        return self._made[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._order)

    def __len__(self) -> int:
        return len(self._order)

    def __contains__(self, key: object) -> bool:
        return key in self._made or key in self._waiting

    # ---------------------------------------------------------------- making

    def _put(self, key: str, track: FighterTrack, layout: QBoxLayout) -> None:
        tile = self._make(key, track)
        layout.addWidget(tile)
        self._made[key] = tile

    def _slice(self) -> None:
        started = time.perf_counter()
        while self._waiting and (time.perf_counter() - started) * 1000 < SLICE_MS:
            key = next(iter(self._waiting))
            self._put(key, *self._waiting.pop(key))
        if not self._waiting:
            self.stop()


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
