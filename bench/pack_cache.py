"""(p) The n23 pack for a player whose own rulesets folder holds no pack, once
the built-in packs are loaded, against a cold load of the pack.
Target: at most 0.1x (an empty or missing user folder shares the loaded pack)."""

from __future__ import annotations

import itertools

from bench.common import Bench, Row, best_of_each, ms
from gangmanager.content import clear_cache
from gangmanager.services.rulesets import Rulesets

TARGET = 0.1


def measure_pack_cache(bench: Bench) -> Row:
    folders = itertools.count()

    def new_player() -> None:
        # A new provider and a folder never seen before: only the shared cache can help.
        Rulesets(bench.work / f"player-{next(folders)}").get("n23")

    def cold() -> None:
        clear_cache()
        Rulesets(bench.work / "cold").get("n23")

    best = best_of_each({"new player": new_player, "cold": cold}, bench.repeat)
    # Leave the cache warm for the measures after this one.
    Rulesets(bench.work / "cold").get("n23")
    ratio = best["new player"] / best["cold"]
    return Row(
        "n23 pack, new player folder",
        ms(best["new player"]),
        f"{ms(best['cold'])} (cold load)",
        ratio,
        f"<= {TARGET}x",
        ratio <= TARGET,
    )
