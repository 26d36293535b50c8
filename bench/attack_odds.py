"""The odds of one attack: how long the walk takes for each weapon of the demo gangs.

    python -m bench.attack_odds

For every profile the demo fighters carry, against the other gang's Rook (one
Wound, flak armour), prints the paths walked and the time, and the time as a
ratio of one attack applied the ordinary way (`apply_event` on a copy of the
battle): a figure that means the same on a fast and a slow machine. Not a
test, and not in `python -m bench`'s table (it stands alone).
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from gangmanager.rules.attack_odds import odds_walk
from gangmanager.rules.battle import Opponent, apply_event, new_state
from gangmanager.rules.battle_events import AttackEvent, BattleError
from gangmanager.rules.battle_state import BattleState
from gangmanager.rules.dice import RandomDice
from gangmanager.rules.ruleset import Ruleset
from gangmanager.services.demo import demo_gang
from gangmanager.services.rulesets import Rulesets

RUNS = 5


def main() -> None:
    rulesets = Rulesets(Path(tempfile.mkdtemp()) / "data")
    rules = rulesets.get("n23")
    riders = demo_gang(rules)
    wolves = riders.model_copy(update={"name": "The Ash Wolves"})
    state = new_state(rules, riders, [], against=Opponent(wolves))
    print(f"{'fighter':12} {'profile':28} {'range':8} {'paths':>6} {'ms':>8} {'x attack':>9}")
    for fighter in state.fighters[: len(riders.fighters)]:
        for weapon in fighter.weapons:
            for profile in weapon.profiles:
                for band in ("short", "engaged"):
                    event = AttackEvent(
                        fighter=fighter.qualified_name,
                        target="The Ash Wolves/Rook",
                        weapon=weapon.name,
                        profile=profile.name,
                        range=band,
                    )
                    try:
                        best, runs, exact = _walk(rules, state, event)
                    except BattleError:
                        continue
                    one = _one_attack(rules, state, event)
                    label = f"{weapon.name} ({profile.name})" if profile.name else weapon.name
                    print(
                        f"{fighter.name:12} {label:28} {band:8} {runs:6}{'' if exact else '~'}"
                        f" {1000 * best:8.1f} {best / one:9.0f}"
                    )


def _walk(rules: Ruleset, state: BattleState, event: AttackEvent) -> tuple[float, int, bool]:
    best = float("inf")
    for _ in range(RUNS):
        start = time.perf_counter()
        walk = odds_walk(rules, state, event)
        while True:
            try:
                next(walk)
            except StopIteration as done:
                odds = done.value
                break
        best = min(best, time.perf_counter() - start)
    return best, odds.runs, odds.exact


def _one_attack(rules: Ruleset, state: BattleState, event: AttackEvent) -> float:
    best = float("inf")
    dice = RandomDice(1)
    for _ in range(20):
        trial = state.working_copy()
        start = time.perf_counter()
        apply_event(rules, trial, event, dice)
        best = min(best, time.perf_counter() - start)
    return best


if __name__ == "__main__":
    main()
