"""`gangmanager battle odds`: the chance of each outcome of an attack, before rolling."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gangmanager.cli import main

from .test_battle_two_gangs_cli import RIDERS, WOLVES, db, run, start  # noqa: F401

KEYS = {"hit", "wound", "unsaved", "flesh_wound", "seriously_injured", "out_of_action"}
ODDS = (
    "battle", "odds", RIDERS, "--fighter", "Mags Varga", "--weapon", "Boltgun",
    "--target", f"{WOLVES}/Rook", "--range", "short",
)  # fmt: skip


def test_odds_as_json(capsys: pytest.CaptureFixture[str], db: str) -> None:  # noqa: F811
    start(capsys, db)
    code, out, err = run(capsys, *ODDS, "--json", "--db", db)
    assert (code, err) == (0, "")
    odds = json.loads(out)
    assert set(odds) >= KEYS
    assert all(0 <= odds[k] <= 1 for k in KEYS)
    assert odds["out_of_action"] < odds["unsaved"] <= odds["wound"] <= odds["hit"]
    assert odds["exact"] is True
    # Every way the attack can end, added up.
    assert odds["total"] == pytest.approx(1.0)
    # A harder shot: -2 to hit.
    code, out, _ = run(capsys, *ODDS, "--modifier", "-2", "--json", "--db", db)
    assert code == 0 and json.loads(out)["hit"] < odds["hit"]


def test_odds_in_words(capsys: pytest.CaptureFixture[str], db: str) -> None:  # noqa: F811
    start(capsys, db)
    code, out, _ = run(capsys, *ODDS, "--db", db)
    assert code == 0
    assert out.splitlines()[0].startswith(f"Mags Varga attacks {WOLVES}/Rook with Boltgun, short")
    assert any(
        line.split()[:2] == ["Out", "of"] and line.endswith("%") for line in out.splitlines()
    )


def test_odds_of_an_attack_the_rules_refuse(
    capsys: pytest.CaptureFixture[str],
    db: str,  # noqa: F811
) -> None:
    start(capsys, db)
    code, out, err = run(capsys, *ODDS[:-2], "--range", "engaged", "--db", db)
    assert code == 2 and out == ""
    assert err.startswith("gangmanager: no odds: ") and "close combat" in err
    assert len(err.splitlines()) == 1
    code, _, err = run(capsys, *ODDS[:4], "Nobody", *ODDS[5:], "--db", db)
    assert code == 2 and "no fighter 'Nobody'" in err


def test_odds_need_a_battle(capsys: pytest.CaptureFixture[str], db: str) -> None:  # noqa: F811
    code, _, err = run(capsys, *ODDS, "--db", db)
    assert code == 2 and "no battle going on" in err
    assert main is not None


def test_an_arc_is_only_for_a_vehicle(
    capsys: pytest.CaptureFixture[str],
    db: str,  # noqa: F811
    tmp_path: Path,
) -> None:
    """`--arc` (the odds) and an event's `arc` key (a script) against a fighter: one line."""
    start(capsys, db)
    code, out, err = run(capsys, *ODDS, "--arc", "rear", "--db", db)
    assert (code, out) == (2, "")
    assert (
        err
        == "gangmanager: no odds: Rook is no vehicle: 'arc' is only for an attack on a vehicle\n"
    )
    events = tmp_path / "events.json"
    attack = {"event": "attack", "fighter": "Mags Varga", "weapon": "Boltgun",
              "target": f"{WOLVES}/Rook", "range": "short", "arc": "front"}  # fmt: skip
    events.write_text(json.dumps([attack]), encoding="utf-8")
    code, out, err = run(capsys, "battle", "apply", RIDERS, str(events), "--db", db)
    assert code == 2 and len(err.splitlines()) == 1
    assert "Rook is no vehicle: 'arc' is only for an attack on a vehicle" in err
    events.write_text(json.dumps([attack | {"arc": "top"}]), encoding="utf-8")
    code, out, err = run(capsys, "battle", "apply", RIDERS, str(events), "--db", db)
    assert code == 2 and len(err.splitlines()) == 1 and "arc" in err
