"""Every kind of battle event crosses from the stored JSON to its typed event and back
unchanged: the events the test suite writes, and those a played battle stores."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from gangmanager.persistence.database import Database, open_database, sqlite_url
from gangmanager.rules.battle_events import (
    EVENT_KINDS,
    BattleError,
    event_payload,
    parse_event,
)
from gangmanager.rules.dice import FixedDice
from gangmanager.services import battle, gangs
from gangmanager.services.demo import demo_gang
from gangmanager.services.rulesets import Rulesets

from ..demo_battle import LIMITED

TESTS = Path(__file__).resolve().parent.parent


def written_events() -> list[dict[str, Any]]:
    """Every event the tests write as a literal (`{"event": "wound", ...}`)."""
    found: list[dict[str, Any]] = []
    for path in sorted(TESTS.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Dict):
                continue
            try:
                value = ast.literal_eval(node)
            except ValueError:
                continue  # a name or a call among the values
            if isinstance(value, dict) and value.get("event") in EVENT_KINDS:
                found.append(value)
    return found


# Kinds and keys the other tests leave out, every optional key set.
MORE: list[dict[str, Any]] = [
    {"event": "blaze_hit", "fighter": "Rook", "damaged": True},
    {"event": "nerve_test", "fighter": "Pip", "roll": [3, 4]},
    {"event": "nerve_test", "fighter": "Pip", "roll": 7},
    {"event": "rally_test", "fighter": "Pip", "roll": [6, 5], "friends": 2},
    {"event": "recovery_test", "fighter": "Rook", "roll": ["flesh_wound", 6], "assisted": True},
    {"event": "bottle_test", "gang": "The Rust Riders", "roll": 3, "voluntary": True},
    {"event": "extinguish", "fighter": "Rook", "by": "Pip", "roll": 5, "helpers": 1},
    {"event": "hire", "fighter_type": "Hive Scum", "name": "Scum", "territory": "Fighting Pit"},
    {"event": "attack", "fighter": "A/Mags", "weapon": "Grenade launcher",
     "profile": "frag", "target": "B/Rook", "range": "long", "modifier": -1,
     "firepower": [1, "2"], "hit": [5, 2], "hits": 2, "wound": [4], "save": [2],
     "damage": [1], "injury": ["out_of_action", 3], "toxin": [6], "blaze": 4, "ammo": [6],
     "attacks": 2, "charge": True, "knockback_roll": [3], "scatter": [2], "pulverise": [1],
     "rad_phage": [4, 2], "unstable": 5, "obstructed": True, "knockback_distance": 2,
     "targets": [{"fighter": "B/Pip", "hits": 2, "obstructed": False, "blaze": 3}]},
]  # fmt: skip


def stored_form(raw: dict[str, Any]) -> dict[str, Any] | None:
    """The JSON the service stores for a script's event; None for one it refuses."""
    try:
        return event_payload(parse_event(raw))
    except BattleError:
        return None  # a test of a refusal


def test_every_kind_the_tests_write_round_trips_through_its_typed_event() -> None:
    stored = [s for s in map(stored_form, written_events() + MORE) if s is not None]
    assert all(stored_form(m) is not None for m in MORE)
    assert {s["event"] for s in stored} == set(EVENT_KINDS)
    for payload in stored:
        typed = parse_event(payload)
        assert type(typed).__name__.endswith("Event")
        assert event_payload(typed) == payload
        # The typed event read again is the same event.
        assert parse_event(event_payload(typed)) == typed


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Database]:
    database = open_database(sqlite_url(tmp_path / "gm.sqlite"))
    yield database
    database.close()


def test_what_a_played_battle_stores_round_trips(db: Database, rulesets: Rulesets) -> None:
    gang_id = gangs.add_gang(db, rulesets, demo_gang(rulesets.get("n23"))).gang.id
    assert gang_id is not None
    battle.start_battle(db, rulesets, gang_id)
    # Rolls left out are filled in from the dice: the stored events hold them.
    script: list[dict[str, Any]] = [
        {"event": "activate", "fighter": "Mags Varga"},
        {"event": "attack", "fighter": "Mags Varga", "weapon": "Boltgun",
         "target": "Rook", "range": "short"},
        {"event": "blaze", "fighter": "Pip"},
        LIMITED,
        {"event": "marker", "fighter": "Pip", "marker": "Hidden"},
        {"event": "end_activation", "fighter": "Mags Varga"},
    ]  # fmt: skip
    battle.apply_events(db, rulesets, gang_id, script, FixedDice([2, 4, 3, 1, 5, 4, 4, 4]))
    with db.unit_of_work() as uow:
        payloads = uow.battles.payloads(battle.show_battle(db, rulesets, gang_id).battle_id)
    assert [p["event"] for p in payloads] == [e["event"] for e in script]
    attack = payloads[1]
    assert {"firepower", "hit", "wound"} <= set(attack)  # the rolls, filled in
    assert "removed" in payloads[3]  # the Limited profile struck off
    for payload in payloads:
        assert event_payload(parse_event(payload)) == payload
