"""The End phase from the command line: `battle show` lists the tests New round asks
for, `battle apply` takes them as events, a bad one is one line and exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gangmanager.cli import main
from gangmanager.persistence.database import open_database, sqlite_url
from gangmanager.services import gangs
from gangmanager.services.demo import demo_gang
from gangmanager.services.rulesets import Rulesets

GANG = "The Rust Riders"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def db(tmp_path: Path, rulesets: Rulesets) -> str:
    path = str(tmp_path / "gm.sqlite")
    rulesets = Rulesets(tmp_path / "data")
    with open_database(sqlite_url(Path(path))) as database:
        gangs.add_gang(database, rulesets, demo_gang(rulesets.get("n23")))
    return path


def apply(capsys, db: str, tmp_path: Path, events: list[dict[str, object]]) -> tuple[int, str, str]:
    path = tmp_path / "events.json"
    path.write_text(json.dumps(events), encoding="utf-8")
    return run(capsys, "battle", "apply", GANG, str(path), "--db", db)


@pytest.mark.parametrize("ruleset_id", ["n23", "house-a", "house-b"])
def test_the_end_phase_from_the_command_line(
    capsys, tmp_path: Path, ruleset_id: str, rulesets: Rulesets
) -> None:
    db = str(tmp_path / "gm.sqlite")
    rulesets = Rulesets(tmp_path / "data")
    gang = demo_gang(rulesets.get(ruleset_id)).model_copy(update={"ruleset": ruleset_id})
    with open_database(sqlite_url(Path(db))) as database:
        gangs.add_gang(database, rulesets, gang)
    assert (
        run(capsys, "battle", "start", GANG, "--crew", "Rook", "Pip", "Dex Hollow", "--db", db)[0]
        == 0
    )
    code, out, err = apply(capsys, db, tmp_path, [
        {"fighter": "Rook", "event": "status", "status": "seriously_injured"},
    ])  # fmt: skip
    assert (code, err) == (0, "")
    code, out, err = run(capsys, "battle", "show", GANG, "--json", "--db", db)
    view = json.loads(out)
    assert [(t["event"], t.get("gang") or t.get("fighter")) for t in view["end_phase"]] == [
        ("bottle_test", GANG), ("recovery_test", "Rook"),
    ]  # fmt: skip
    code, out, err = run(capsys, "battle", "show", GANG, "--db", db)
    assert "end phase (before new_round):\n  bottle_test: " in out
    # A Bottle test of 3 (+1 down = 4, above the crew of 3): bottled out; Pip flees.
    code, out, err = apply(capsys, db, tmp_path, [
        {"event": "bottle_test", "roll": 3},
        {"event": "cool_check", "fighter": "Pip", "roll": [1, 1]},
        {"event": "cool_check", "fighter": "Dex Hollow", "roll": 12},
        {"event": "cool_check", "fighter": "Rook", "roll": 12},
        {"event": "recovery_test", "fighter": "Rook", "roll": "flesh_wound"},
        {"event": "new_round"},
    ])  # fmt: skip
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert "Bottle test 3 + 1 down = 4 against a starting crew of 3: bottled out" in lines[0]
    assert "Pip: Cool check 2 against" in lines[1] and "flees the battlefield" in lines[1]
    view = json.loads(run(capsys, "battle", "show", GANG, "--json", "--db", db)[1])
    fighters = {f["name"]: f for f in view["fighters"]}
    assert fighters["Pip"]["fled"] and fighters["Pip"]["status"] == "out_of_action"
    assert fighters["Rook"]["status"] == "pinned" and fighters["Rook"]["flesh_wounds"] == 1
    assert view["bottled"] == [GANG] and view["round"] == 2
    # Bottled out: the next End phase asks everyone still on the table to stay.
    assert [t["event"] for t in view["end_phase"]] == ["cool_check", "cool_check"]
    # Each test is its own event: undo takes back the new round only.
    assert run(capsys, "battle", "undo", GANG, "--db", db)[0] == 0
    assert json.loads(run(capsys, "battle", "show", GANG, "--json", "--db", db)[1])["round"] == 1


@pytest.mark.parametrize(
    ("event", "said"),
    [
        ({"event": "recovery_test", "fighter": "Rook", "roll": 7}, "roll 7 is not an Injury dice"),
        ({"event": "bottle_test", "roll": 2}, "has nobody down: no Bottle test"),
        ({"event": "cool_check", "fighter": "Rook", "roll": 5}, "has not bottled out"),
        ({"event": "rally_test", "fighter": "Rook", "roll": 13}, "roll 13 is not a 2D6 total"),
        ({"event": "recovery_test", "fighter": "Rook", "lucky": True}, "unknown key 'lucky'"),
    ],
)
def test_a_bad_end_phase_event_is_one_line_and_nothing_is_written(
    capsys, db: str, tmp_path: Path, event: dict[str, object], said: str
) -> None:
    assert run(capsys, "battle", "start", GANG, "--db", db)[0] == 0
    code, out, err = apply(capsys, db, tmp_path, [event])
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and said in err
    view = json.loads(run(capsys, "battle", "show", GANG, "--json", "--db", db)[1])
    assert view["events"] == []
