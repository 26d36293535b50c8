"""`gangmanager post-battle GANG DRAFT.json [--dry-run]` end to end."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path

import pytest

from gangmanager.cli import main
from gangmanager.content import load_ruleset
from gangmanager.persistence.battle_repository import battles
from gangmanager.persistence.database import open_database, sqlite_url
from gangmanager.services import gangs
from gangmanager.services.demo import demo_gang
from gangmanager.services.rulesets import Rulesets

from ..db_rows import all_rows


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def db(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "gm.sqlite"
    assert run(capsys, "demo", "--db", str(path))[0] == 0
    return path


def write(tmp_path: Path, draft: Mapping[str, object]) -> str:
    path = tmp_path / "draft.json"
    path.write_text(json.dumps(draft), encoding="utf-8")
    return str(path)


GOOD = {
    "result": "win",
    "injuries": [{"fighter": "Rook", "roll": 44}],
    "xp": {"Mags Varga": 6},
    "credits": 40,
    "reputation": 1,
    "purchases": [{"fighter": "Pip", "item": "Stub gun", "profile": "Dum-dum rounds"}],
    "advancements": [{"fighter": "Mags Varga", "advancement": "bs"}],
}


def test_dry_run_prints_every_change_and_writes_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, db: Path
) -> None:
    before = all_rows(db)
    code, out, err = run(capsys, "post-battle", "The Rust Riders", write(tmp_path, GOOD),
                         "--dry-run", "--db", str(db))  # fmt: skip
    assert (code, err) == (0, "")
    assert "Gang Rating 580 -> 610" in out
    assert "Credits 430 -> 460" in out
    assert "Mags Varga (Active), Fighter Rating 205 -> 225" in out
    assert "Rook (Active -> In recovery), Fighter Rating 60 -> 60" in out
    assert "Eye Injury (44): BS 4+ -> 5+, In recovery" in out
    assert "Pip (Active), Fighter Rating 45 -> 55" in out
    assert "bought Stub gun with dum-dum rounds (-10 credits)" in out
    assert out.rstrip().endswith("Dry run: nothing was written.")
    assert all_rows(db) == before


def test_applying_a_draft_commits_it_and_show_sees_the_new_ratings(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, db: Path
) -> None:
    code, out, _ = run(
        capsys, "post-battle", "the rust riders", write(tmp_path, GOOD), "--db", str(db)
    )
    assert code == 0 and "Gang Rating 580 -> 610" in out
    assert "Dry run" not in out
    code, out, _ = run(capsys, "show", "The Rust Riders", "--json", "--db", str(db))
    shown = json.loads(out)
    assert shown["rating"] == shown["pending_rating"] == 610
    assert shown["credits"] == 460 and shown["reputation"] == 2
    rook = next(f for f in shown["fighters"] if f["name"] == "Rook")
    assert rook["status"] == "in_recovery" and rook["profile"]["BS"] == "5+"


def test_errors_are_reported_together_exit_2_and_nothing_is_applied(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, db: Path
) -> None:
    before = all_rows(db)
    bad = {
        "result": "loss",
        "injuries": [{"fighter": "Nobody", "roll": 44}, {"fighter": "Rook", "roll": 67}],
        "purchases": [{"fighter": "Mags Varga", "item": "Meltagun", "cost": 900}],
        "advancements": [{"fighter": "Pip", "advancement": "bs"}],
    }
    code, out, err = run(
        capsys, "post-battle", "The Rust Riders", write(tmp_path, bad), "--db", str(db)
    )
    assert (code, out) == (2, "")
    assert err.count("\n") == 1
    assert err.startswith("gangmanager: the post-battle draft was not applied (4 problems): ")
    for problem in (
        "no fighter 'Nobody' on the roster",
        "Rook: 67 is not a D66 roll",
        "not enough credits (costs 900, 430 left)",
        "not enough XP for Ballistic Skill +1: costs 6, Pip has 0",
    ):
        assert problem in err
    assert all_rows(db) == before


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{", "malformed JSON"),
        (json.dumps({"credits": 5}), "result: Field required"),
        (json.dumps({"result": "win", "xp": {"Rook": "lots"}}), "xp.Rook:"),
    ],
)
def test_a_bad_draft_file_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, db: Path, content: str, message: str
) -> None:
    path = tmp_path / "draft.json"
    path.write_text(content, encoding="utf-8")
    code, out, err = run(capsys, "post-battle", "The Rust Riders", str(path), "--db", str(db))
    assert (code, out) == (2, "")
    assert message in err and err.count("\n") == 1


def test_an_unknown_gang_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, db: Path
) -> None:
    code, _, err = run(
        capsys, "post-battle", "Nobody's Gang", write(tmp_path, GOOD), "--db", str(db)
    )
    assert code == 2 and "no gang" in err


def test_the_documented_example_draft_applies(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, db: Path
) -> None:
    text = (Path(__file__).resolve().parents[2] / "docs" / "post-battle.md").read_text("utf-8")
    example = text.split("```json\n", 1)[1].split("```", 1)[0]
    path = tmp_path / "example.json"
    path.write_text(example, encoding="utf-8")
    code, out, err = run(
        capsys, "post-battle", "The Rust Riders", str(path), "--dry-run", "--db", str(db)
    )
    assert (code, err) == (0, "")
    assert "Nerves of Steel" in out and "Hobbled" in out


def test_a_campaign_gang_moves_a_territory_and_collects_its_income(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, db: Path, rulesets: Rulesets
) -> None:
    database = open_database(sqlite_url(db))
    try:
        goliaths = demo_gang(load_ruleset("n23"), "goliath")
        gangs.add_gang(database, rulesets, goliaths.model_copy(update={"name": "Iron Brothers"}))
    finally:
        database.close()
    where = ("--db", str(db))
    for argv in (
        ("campaign", "new", "Ash Wars"),
        ("campaign", "add", "Ash Wars", "The Rust Riders"),
        ("campaign", "add", "Ash Wars", "Iron Brothers"),
        ("campaign", "assign", "Ash Wars", "Slag Furnace", "Iron Brothers"),
        ("campaign", "battle", "Ash Wars", "--gangs", "The Rust Riders", "Iron Brothers",
         "--winner", "The Rust Riders"),
    ):  # fmt: skip
        assert run(capsys, *argv, *where)[0] == 0, argv
    draft = {
        "result": "win",
        "campaign_battle_id": 1,
        "territory": "Slag Furnace",
        "territory_income": {"rolls": {"Settlement": [5], "Slag Furnace": [2]}},
        "xp": {"Mags Varga": 2},
    }
    before = all_rows(db)
    code, out, err = run(capsys, "post-battle", "The Rust Riders", write(tmp_path, draft),
                         "--dry-run", *where)  # fmt: skip
    assert (code, err) == (0, "")
    assert "Campaign Ash Wars, after campaign battle 1" in out
    assert all_rows(db) == before

    code, out, err = run(capsys, "post-battle", "The Rust Riders", write(tmp_path, draft), *where)
    assert (code, err) == (0, "")
    assert "Assign territory: The Rust Riders takes Slag Furnace from Iron Brothers" in out
    assert "Collect income: Slag Furnace: D6x5 rolled 2 = 10 credits" in out
    assert "Credits 430 -> 490" in out
    assert out.rstrip().endswith("Campaign 'Ash Wars': logged, with a point on its history chart.")
    code, out, _ = run(capsys, "campaign", "show", "Ash Wars", "--json", *where)
    view = json.loads(out)
    furnace = next(t for t in view["territories"] if t["name"] == "Slag Furnace")
    assert furnace["holder"] == "The Rust Riders"
    riders = next(g for g in view["battles"][0]["gangs"] if g["name"] == "The Rust Riders")
    assert riders["income"] == 60
    assert [e["kind"] for e in view["log"][-3:]] == ["territory", "income", "post_battle"]
    brothers = next(s for s in view["standings"] if s["gang"] == "Iron Brothers")
    assert brothers["reputation"] == 2  # the Goliaths' +2 went with the Slag Furnace

    # The same draft again: the income after battle 1 was collected; nothing is written.
    again = all_rows(db)
    code, _, err = run(capsys, "post-battle", "The Rust Riders", write(tmp_path, draft), *where)
    assert code == 2
    assert "collected its income after campaign battle 1 already (60 credits)" in err
    assert len(err.strip().splitlines()) == 1
    assert all_rows(db) == again


def test_a_tracked_battle_is_attached_and_done_at_finish(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, db: Path
) -> None:
    gang, base = "The Rust Riders", ("--db", str(db))
    before = json.loads(run(capsys, "show", gang, "--json", *base)[1])
    assert run(capsys, "battle", "start", gang, "--scenario", "Ambush", *base)[0] == 0
    events = tmp_path / "events.json"
    limited = {"fighter": "Dex Hollow", "event": "ammo_test", "weapon": "Shotgun",
               "profile": "Executioner ammo", "roll": 5}  # fmt: skip
    events.write_text(json.dumps([limited, {"fighter": "Rook", "event": "new_round"}]))
    assert run(capsys, "battle", "apply", gang, str(events), *base)[0] == 0
    code, out, _ = run(capsys, "battle", "end", gang, *base)
    assert code == 0 and "battle 1 ended after round 2; run the post-battle sequence" in out
    middle = json.loads(run(capsys, "show", gang, "--json", *base)[1])
    assert middle["rating"] == before["rating"]
    pending = middle["pending_rating"]
    assert pending == before["pending_rating"] - 20

    draft = write(tmp_path, {"result": "draw"})
    code, out, err = run(capsys, "post-battle", gang, draft, "--dry-run", *base)
    assert (code, err) == (0, "")
    assert out.startswith("Would attach battle 1 ")
    assert "Shotgun: executioner ammo (Limited) removed for good" in out
    assert "Gang Rating 580 -> 560" in out
    assert json.loads(run(capsys, "show", gang, "--json", *base)[1]) == middle

    code, out, err = run(capsys, "post-battle", gang, draft, *base)
    assert (code, err) == (0, "")
    assert out.startswith("Attached battle 1 ") and "Battle 1 is done." in out
    after = json.loads(run(capsys, "show", gang, "--json", *base)[1])
    assert after["rating"] == after["pending_rating"] == pending
    # Done: neither shown as going on nor attached again.
    code, out, _ = run(capsys, "post-battle", gang, draft, "--dry-run", *base)
    assert code == 0 and "attach" not in out.lower()
    database = open_database(sqlite_url(db))
    try:
        with database.unit_of_work() as uow:
            assert battles(uow).get(1).status == "done"
    finally:
        database.close()


def test_a_draft_with_battle_id_null_does_not_attach(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, db: Path
) -> None:
    base = ("--db", str(db))
    assert run(capsys, "battle", "start", "The Rust Riders", *base)[0] == 0
    assert run(capsys, "battle", "end", "The Rust Riders", *base)[0] == 0
    draft = write(tmp_path, {"result": "win", "battle_id": None})
    code, out, _ = run(capsys, "post-battle", "The Rust Riders", draft, *base)
    assert code == 0 and "attach" not in out.lower() and "is done" not in out


def test_a_campaign_gang_takes_a_free_item_its_territory_grants(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, db: Path
) -> None:
    where = ("--db", str(db))
    for argv in (
        ("campaign", "new", "Ash Wars"),
        ("campaign", "add", "Ash Wars", "The Rust Riders"),
        ("campaign", "assign", "Ash Wars", "Promethium Cache", "The Rust Riders"),
    ):
        assert run(capsys, *argv, *where)[0] == 0, argv
    # Sludge Sea grants choke gas grenades, but the Rust Riders do not hold it.
    refused = {
        "result": "win",
        "boons_taken": [
            {"territory": "Promethium Cache", "kind": "equipment", "item": "Incendiary charges"},
            {"territory": "Sludge Sea", "kind": "equipment", "item": "Choke gas grenades"},
        ],
    }
    before = all_rows(db)
    code, out, err = run(capsys, "post-battle", "The Rust Riders", write(tmp_path, refused),
                         *where)  # fmt: skip
    assert (code, out) == (2, "")
    assert len(err.strip().splitlines()) == 1
    assert "Sludge Sea grants no equipment 'Choke gas grenades' to this gang" in err
    assert all_rows(db) == before

    taken = {"result": "win", "boons_taken": refused["boons_taken"][:1]}
    code, out, err = run(capsys, "post-battle", "The Rust Riders", write(tmp_path, taken), *where)
    assert (code, err) == (0, "")
    assert "free from Promethium Cache" in out
    database = open_database(sqlite_url(db))
    try:
        riders = gangs.load_gang(database, "The Rust Riders")
    finally:
        database.close()
    assert [(w.name, w.cost) for w in riders.stash] == [("Incendiary charge", 0)]
    assert riders.credits == 430


def test_the_settlement_roll_and_a_hanger_on_join_from_the_cli(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, db: Path
) -> None:
    where = ("--db", str(db))
    for argv in (
        ("campaign", "new", "Ash Wars"),
        ("campaign", "add", "Ash Wars", "The Rust Riders"),
        ("campaign", "assign", "Ash Wars", "Workshop", "The Rust Riders"),
    ):
        assert run(capsys, *argv, *where)[0] == 0, argv
    settlement = {"territory": "Settlement", "kind": "recruit", "dice": [6, 6], "name": "Brick"}
    workshop = {"territory": "Workshop", "kind": "recruit", "fighter_type": "Ammo-jack"}
    draft = {"result": "win", "boons_taken": [settlement, workshop]}
    before = all_rows(db)
    code, out, err = run(capsys, "post-battle", "The Rust Riders", write(tmp_path, draft), *where,
                         "--dry-run")  # fmt: skip
    assert (code, err) == (0, "") and all_rows(db) == before
    assert "Brick (Gunner) joins free from Settlement (rolled 6, 6)" in out
    assert "Ammo-jack (Ammo-jack) joins free from Workshop" in out

    wrong = {"result": "win", "boons_taken": [{**settlement, "dice": [6, 6, 6]}]}
    code, out, err = run(capsys, "post-battle", "The Rust Riders", write(tmp_path, wrong), *where)
    assert (code, out) == (2, "") and "the roll is 2D6: give 2 dice, got 3" in err
    assert all_rows(db) == before

    code, out, err = run(capsys, "post-battle", "The Rust Riders", write(tmp_path, draft), *where)
    assert (code, err) == (0, "")
    database = open_database(sqlite_url(db))
    try:
        riders = gangs.load_gang(database, "The Rust Riders")
    finally:
        database.close()
    joined = [(f.name, f.type, f.category.value) for f in riders.fighters[-2:]]
    assert joined == [("Brick", "Gunner", "ganger"), ("Ammo-jack", "Ammo-jack", "hanger_on")]


def test_a_hired_gun_out_of_action_is_not_the_post_battles_business(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, db: Path
) -> None:
    where = ("--db", str(db))
    events = tmp_path / "events.json"
    events.write_text(
        json.dumps(
            [
                {"event": "hire", "fighter_type": "Hive Scum", "territory": "Fighting Pit"},
                {"event": "status", "fighter": "Hive Scum 1", "status": "Out of Action"},
            ]
        ),
        encoding="utf-8",
    )
    for argv in (
        ("campaign", "new", "Ash Wars"),
        ("campaign", "add", "Ash Wars", "The Rust Riders"),
        ("campaign", "assign", "Ash Wars", "Fighting Pit", "The Rust Riders"),
        ("battle", "start", "The Rust Riders", "--crew", "Rook"),
        ("battle", "apply", "The Rust Riders", str(events)),
        ("battle", "end", "The Rust Riders"),
    ):
        assert run(capsys, *argv, *where)[0] == 0, argv
    # The Hired Gun never was on the roster: a draft naming it is refused.
    wrong = write(tmp_path, {"result": "win", "injuries": [{"fighter": "Hive Scum 1", "roll": 44}]})
    code, out, err = run(capsys, "post-battle", "The Rust Riders", wrong, *where)
    assert (code, out) == (2, "") and "Hive Scum 1" in err
    draft = write(tmp_path, {"result": "win", "xp": {"Rook": 1}})
    code, out, err = run(capsys, "post-battle", "The Rust Riders", draft, *where)
    assert (code, err) == (0, "")
    assert out.startswith("Attached battle 1 ") and "Battle 1 is done." in out
    assert "Hive Scum" not in out


def test_a_fighter_who_lost_a_limited_profile_then_died_is_not_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, db: Path
) -> None:
    gang, base = "The Rust Riders", ("--db", str(db))
    assert run(capsys, "battle", "start", gang, *base)[0] == 0
    events = tmp_path / "events.json"
    limited = {"fighter": "Dex Hollow", "event": "ammo_test", "weapon": "Shotgun",
               "profile": "Executioner ammo", "roll": 1}  # fmt: skip
    events.write_text(json.dumps([limited]))
    assert run(capsys, "battle", "apply", gang, str(events), *base)[0] == 0
    assert run(capsys, "battle", "end", gang, *base)[0] == 0
    draft = write(tmp_path, {"result": "loss", "injuries": [{"fighter": "Dex Hollow", "roll": 66}]})
    code, out, err = run(capsys, "post-battle", gang, draft, *base)
    assert (code, err) == (0, "")
    assert "Shotgun: executioner ammo (Limited) removed for good" in out
    assert "removed (dead)" in out
    shown = json.loads(run(capsys, "show", gang, "--json", *base)[1])
    assert "Dex Hollow" not in [f["name"] for f in shown["fighters"]]


def test_multiple_injuries_inner_roll_to_re_roll_is_refused_naming_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, db: Path
) -> None:
    base = ("--db", str(db))
    before = all_rows(db)
    draft = write(
        tmp_path,
        {"result": "loss", "injuries": [{"fighter": "Rook", "roll": 54, "rolls": [1, 55]}]},
    )
    code, _, err = run(capsys, "post-battle", "The Rust Riders", draft, *base)
    assert code == 2
    assert "the extra roll 55 is Captured, which is rolled again" in err
    assert all_rows(db) == before
