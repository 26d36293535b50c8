"""`gangmanager battle ...` end to end, in every built-in ruleset, and across processes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from gangmanager.cli import main
from gangmanager.persistence.database import open_database, sqlite_url
from gangmanager.services import gangs
from gangmanager.services.demo import demo_gang
from gangmanager.services.rulesets import Rulesets

ROOT = Path(__file__).resolve().parents[2]
GANG = "The Rust Riders"
FIGHTER_KEYS = {
    "name", "fighter_id", "status", "ready", "activation", "wounds", "max_wounds",
    "flesh_wounds", "markers", "profile", "weapons", "hired_for",
    "gang", "caused", "xp_suggested", "fled", "burnt_out",
}  # fmt: skip


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def db(tmp_path: Path) -> str:
    return str(tmp_path / "gm.sqlite")


def add_gang(db: str, ruleset_id: str, data: Path) -> None:
    rulesets = Rulesets(data)
    gang = demo_gang(rulesets.get(ruleset_id)).model_copy(update={"ruleset": ruleset_id})
    with open_database(sqlite_url(Path(db))) as database:
        gangs.add_gang(database, rulesets, gang)


def write(tmp_path: Path, name: str, events: object) -> str:
    path = tmp_path / name
    path.write_text(json.dumps(events), encoding="utf-8")
    return str(path)


def show_json(capsys: pytest.CaptureFixture[str], db: str, *argv: str) -> dict:
    code, out, err = run(capsys, *argv, "--db", db)
    assert (code, err) == (0, "")
    return json.loads(out)


# Self action and catch-fire roll of each ruleset.
CATCH = {"n23": 4, "house-a": 1, "house-b": 6}


@pytest.mark.parametrize("ruleset_id", ["n23", "house-a", "house-b"])
def test_a_scripted_battle(capsys, db: str, tmp_path: Path, ruleset_id: str) -> None:
    add_gang(db, ruleset_id, tmp_path / "data")
    before = show_json(capsys, db, "show", GANG, "--json")
    code, out, err = run(
        capsys, "battle", "start", GANG, "--scenario", "Border Dispute",
        "--crew", "Dex Hollow", "Rook", "--crew", "Pip", "--db", db,
    )  # fmt: skip
    assert (code, err) == (0, "")
    assert "battle started (Border Dispute) with Dex Hollow, Rook, Pip" in out

    events = [
        {"fighter": "Dex Hollow", "event": "AMMO TEST", "weapon": "shotgun",
         "profile": "Executioner Ammo", "roll": 5},
        {"fighter": "Rook", "event": "Blaze", "roll": CATCH[ruleset_id]},
        {"fighter": "Pip", "event": "Status", "status": "Seriously Injured"},
        {"fighter": "Pip", "event": "Marker", "marker": "Webbed", "on": True},
        {"fighter": "Rook", "event": "Flesh-Wound"},
        {"fighter": "Rook", "event": "End Activation"},
    ]  # fmt: skip
    code, out, err = run(capsys, "battle", "apply", GANG, write(tmp_path, "e.json", events),
                         "--db", db)  # fmt: skip
    assert (code, err) == (0, "")
    assert len(out.splitlines()) == len(events)
    assert "Limited: the profile is struck off the card" in out

    view = show_json(capsys, db, "battle", "show", GANG, "--json")
    assert view["status"] == "open" and view["ruleset"] == ruleset_id
    assert view["scenario"] == "Border Dispute" and view["round"] == 1
    fighters = {f["name"]: f for f in view["fighters"]}
    assert list(fighters) == ["Dex Hollow", "Rook", "Pip"]
    assert set(fighters["Rook"]) == FIGHTER_KEYS
    assert fighters["Rook"]["markers"] == ["blaze"]
    assert fighters["Rook"]["flesh_wounds"] == 1 and fighters["Rook"]["profile"]["T"] == "2"
    assert fighters["Rook"]["activation"] == "activated" and not fighters["Rook"]["ready"]
    assert fighters["Pip"]["status"] == "seriously_injured"
    assert fighters["Pip"]["markers"] == ["webbed"]
    shotgun = fighters["Dex Hollow"]["weapons"][0]
    assert [(p["name"], p["state"]) for p in shotgun["profiles"]] == [
        ("solid ammo", "ready"), ("scatter ammo", "ready"), ("executioner ammo", "deleted")
    ]  # fmt: skip
    assert [e["event"] for e in view["events"]] == [
        "ammo_test", "blaze", "status", "marker", "flesh_wound", "end_activation"
    ]  # fmt: skip
    assert view["events"][2]["status"] == "seriously_injured"
    # house-a burns at the end of the activation; the others when activated.
    prompts = [(p["kind"], p["fighter"]) for p in view["prompts"]]
    assert prompts == ([("blaze_hit", "Rook")] if ruleset_id == "house-a" else [])

    # The gang: profile gone, committed rating unchanged, pending lower by its price.
    after = show_json(capsys, db, "show", GANG, "--json")
    dex_before = next(f for f in before["fighters"] if f["name"] == "Dex Hollow")
    dex_after = next(f for f in after["fighters"] if f["name"] == "Dex Hollow")
    assert [p["name"] for p in dex_after["weapons"][0]["profiles"]] == [
        "solid ammo", "scatter ammo"
    ]  # fmt: skip
    assert dex_after["rating"] == dex_before["rating"]
    assert dex_after["pending_rating"] == dex_before["pending_rating"] - 20
    assert after["rating"] == before["rating"]
    assert after["pending_rating"] == before["pending_rating"] - 20

    # Undo back to the deletion, and the profile is back.
    for _ in events:
        assert run(capsys, "battle", "undo", GANG, "--db", db)[0] == 0
    assert show_json(capsys, db, "show", GANG, "--json") == before
    code, _, err = run(capsys, "battle", "undo", GANG, "--db", db)
    assert code == 2 and "no event to undo" in err

    code, out, _ = run(capsys, "battle", "end", GANG, "--db", db)
    assert code == 0 and "battle 1 ended after round 1; run the post-battle sequence" in out
    code, out, err = run(capsys, "battle", "show", GANG, "--db", db)
    assert (code, out) == (2, "")
    assert (
        err
        == f"gangmanager: {GANG} has no battle going on; start one with 'gangmanager battle start'\n"
    )


@pytest.mark.parametrize(
    ("event", "culprit"),
    [
        ({"fighter": "Bob", "event": "wound"}, "no fighter 'Bob' in this battle"),
        ({"fighter": "Rook", "event": "ammo_test", "weapon": "Plasma gun", "roll": 3},
         "Rook has no weapon 'Plasma gun'"),
        ({"fighter": "Dex Hollow", "event": "reload", "weapon": "Shotgun",
          "profile": "dragon's breath", "roll": 3},
         "Dex Hollow's Shotgun has no profile \"dragon's breath\""),
        ({"fighter": "Rook", "event": "extinguish", "by": "Pip", "roll": 6},
         "Rook is not burning"),
        ({"fighter": "Rook", "event": "teleport"}, "unknown event kind 'teleport'"),
        ({"fighter": "Rook", "event": "status", "status": "dead"}, "status 'dead' is not one of"),
    ],
)  # fmt: skip
def test_a_refused_file_applies_nothing(
    capsys, db: str, tmp_path: Path, event: dict[str, object], culprit: str
) -> None:
    add_gang(db, "n23", tmp_path / "data")
    assert run(capsys, "battle", "start", GANG, "--db", db)[0] == 0
    path = write(tmp_path, "bad.json", [{"fighter": "Pip", "event": "wound"}, event])
    code, out, err = run(capsys, "battle", "apply", GANG, path, "--db", db)
    assert (code, out) == (2, "")
    assert err.startswith(f"gangmanager: {path}: event 2")
    assert culprit in err and "nothing was applied" in err
    assert len(err.splitlines()) == 1
    view = show_json(capsys, db, "battle", "show", GANG, "--json")
    assert view["events"] == []


def test_an_event_the_ruleset_does_not_allow_is_refused(capsys, db: str, tmp_path: Path) -> None:
    add_gang(db, "n23", tmp_path / "data")
    run(capsys, "battle", "start", GANG, "--db", db)
    path = write(
        tmp_path,
        "friend.json",
        [
            {"fighter": "Rook", "event": "blaze", "roll": 6},
            {"fighter": "Rook", "event": "extinguish", "by": "Pip", "roll": 6, "helpers": 0},
        ],
    )
    code, _, err = run(capsys, "battle", "apply", GANG, path, "--db", db)
    assert code == 2
    assert "event 2 (extinguish): Necromunda (2023 core) has no action for a friend" in err


def test_seeded_dice_roll_what_is_left_out(capsys, db: str, tmp_path: Path) -> None:
    add_gang(db, "n23", tmp_path / "data")
    path = write(tmp_path, "rolls.json", [{"fighter": "Rook", "event": "blaze"}])
    rolls = []
    for _ in range(2):
        run(capsys, "battle", "start", GANG, "--db", db)
        assert run(capsys, "battle", "apply", GANG, path, "--seed", "11", "--db", db)[0] == 0
        view = show_json(capsys, db, "battle", "show", GANG, "--json")
        rolls.append(view["events"][0]["roll"])
        run(capsys, "battle", "end", GANG, "--db", db)
    assert rolls[0] == rolls[1]


def test_show_without_json_prints_the_same_words(capsys, db: str, tmp_path: Path) -> None:
    add_gang(db, "house-a", tmp_path / "data")
    run(capsys, "battle", "start", GANG, "--crew", "Rook", "--db", db)
    path = write(
        tmp_path,
        "e.json",
        [
            {"fighter": "Rook", "event": "blaze", "roll": 2},
            {"fighter": "Rook", "event": "status", "status": "Out of Action"},
        ],
    )
    run(capsys, "battle", "apply", GANG, path, "--db", db)
    code, out, _ = run(capsys, "battle", "show", GANG, "--db", db)
    assert code == 0
    assert "Rook: out_of_action, ready, wounds 1/1, flesh_wounds 0" in out
    assert "Lasgun: standard ready" in out


def _cli(db: str, *argv: str) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
    }
    return subprocess.run(
        [sys.executable, "-m", "gangmanager", *argv, "--db", db],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=120,
    )


def test_a_battle_resumes_in_a_new_process(capsys, db: str, tmp_path: Path) -> None:
    """Two real processes (the start, a later show); the steps between run `main()`
    in this one, which never saw the battle start: all state is in the database."""
    assert run(capsys, "demo", "--db", db) == (0, f"{GANG}\n", "")
    started = _cli(db, "battle", "start", GANG, "--scenario", "Night raid")
    assert started.returncode == 0, started.stderr
    assert started.stderr == ""
    path = write(
        tmp_path,
        "e.json",
        [
            {"fighter": "Dex Hollow", "event": "ammo_test", "weapon": "Shotgun",
             "profile": "executioner ammo", "roll": 1},
            {"fighter": "Rook", "event": "end_activation"},
            {"event": "new_round"},
            {"fighter": "Pip", "event": "marker", "marker": "hidden"},
        ],
    )  # fmt: skip
    code, out, err = run(capsys, "battle", "apply", GANG, path, "--db", db)
    assert (code, err) == (0, "") and len(out.splitlines()) == 4
    shown = _cli(db, "battle", "show", GANG, "--json")
    assert shown.returncode == 0, shown.stderr
    view = json.loads(shown.stdout)
    assert view["scenario"] == "Night raid" and view["round"] == 2
    assert len(view["events"]) == 4
    fighters = {f["name"]: f for f in view["fighters"]}
    assert fighters["Pip"]["markers"] == ["hidden"]
    assert fighters["Rook"]["ready"]
    assert fighters["Dex Hollow"]["weapons"][0]["profiles"][2]["state"] == "deleted"
    # Undo after the other process puts the profile back on the card.
    for _ in range(4):
        code, out, err = run(capsys, "battle", "undo", GANG, "--db", db)
        assert (code, err) == (0, "") and out.startswith("Undone: ")
    gang = show_json(capsys, db, "show", GANG, "--json")
    dex = next(f for f in gang["fighters"] if f["name"] == "Dex Hollow")
    assert [p["name"] for p in dex["weapons"][0]["profiles"]][-1] == "executioner ammo"
    assert dex["rating"] == dex["pending_rating"]


def test_gang_show_reports_the_ammo_state_while_a_battle_is_open(
    capsys, db: str, tmp_path: Path
) -> None:
    add_gang(db, "n23", tmp_path / "data")
    assert run(capsys, "battle", "start", GANG, "--db", db)[0] == 0
    events = [{"fighter": "Tess Calder", "event": "ammo_test", "weapon": "Autogun", "profile": "",
               "roll": 1}]  # fmt: skip
    assert (
        run(capsys, "battle", "apply", GANG, write(tmp_path, "e.json", events), "--db", db)[0] == 0
    )
    gang = show_json(capsys, db, "show", GANG, "--json")
    tess = next(f for f in gang["fighters"] if f["name"] == "Tess Calder")
    assert tess["weapons"][0]["profiles"][0]["state"] == "out_of_ammo"
    assert run(capsys, "battle", "end", GANG, "--db", db)[0] == 0
    gang = show_json(capsys, db, "show", GANG, "--json")
    tess = next(f for f in gang["fighters"] if f["name"] == "Tess Calder")
    assert tess["weapons"][0]["profiles"][0]["state"] == "ready"


def test_a_hired_gun_the_fighting_pit_grants(capsys, db: str, tmp_path: Path) -> None:
    add_gang(db, "n23", tmp_path / "data")
    hire = {"event": "hire", "fighter_type": "Hive Scum", "territory": "Fighting Pit"}
    path = write(tmp_path, "hire.json", [hire])
    run(capsys, "battle", "start", GANG, "--crew", "Rook", "--db", db)
    # Not in a campaign: refused in one line, nothing stored.
    code, out, err = run(capsys, "battle", "apply", GANG, path, "--db", db)
    assert (code, out) == (2, "") and len(err.splitlines()) == 1
    assert err == (
        f"gangmanager: {path}: event 1 (hire): {GANG} takes part in no running campaign:"
        " no territory grants it Hired Guns; nothing was applied\n"
    )
    for argv in (
        ("campaign", "new", "Ash Wars"),
        ("campaign", "add", "Ash Wars", GANG),
        ("campaign", "assign", "Ash Wars", "Fighting Pit", GANG),
    ):
        assert run(capsys, *argv, "--db", db)[0] == 0, argv

    both = write(tmp_path, "both.json", [hire, {**hire, "name": "Grub"}])
    code, out, err = run(capsys, "battle", "apply", GANG, both, "--db", db)
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        "Round 1: Hive Scum 1 joins the crew for this battle (Fighting Pit).",
        "Round 1: Grub joins the crew for this battle (Fighting Pit).",
    ]
    view = show_json(capsys, db, "battle", "show", GANG, "--json")
    assert [(f["name"], f["hired_for"]) for f in view["fighters"]] == [
        ("Rook", None), ("Hive Scum 1", "Fighting Pit"), ("Grub", "Fighting Pit")
    ]  # fmt: skip
    assert view["events"][1] == {**hire, "name": "Grub"}
    code, out, _ = run(capsys, "battle", "show", GANG, "--db", db)
    assert (
        "Grub: active, ready, wounds 1/1, flesh_wounds 0, hired for this battle (Fighting Pit)"
        in out
    )

    # A third is refused; undo sends Grub away again.
    code, out, err = run(capsys, "battle", "apply", GANG, path, "--db", db)
    assert (code, out) == (2, "") and len(err.splitlines()) == 1
    assert "Fighting Pit grants 2 Hive Scum per battle: all of them are hired already" in err
    assert len(show_json(capsys, db, "battle", "show", GANG, "--json")["events"]) == 2
    code, out, _ = run(capsys, "battle", "undo", GANG, "--db", db)
    assert (code, out) == (0, "Undone: hire (Grub).\n")
    names = [f["name"] for f in show_json(capsys, db, "battle", "show", GANG, "--json")["fighters"]]
    assert names == ["Rook", "Hive Scum 1"]
