"""Two gangs in one battle through the CLI: start --against, attacks, names, undo, end."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gangmanager.cli import main
from gangmanager.persistence.database import open_database, sqlite_url
from gangmanager.services import battle, gangs, post_battle
from gangmanager.services.demo import demo_gang
from gangmanager.services.rulesets import Rulesets

RIDERS = "The Rust Riders"
WOLVES = "The Ash Wolves"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def db(tmp_path: Path, rulesets: Rulesets) -> str:
    path = str(tmp_path / "gm.sqlite")
    rulesets = Rulesets(tmp_path / "data")
    riders = demo_gang(rulesets.get("n23"))
    # The same roster under another name: both gangs have a Rook, a Mags Varga...
    wolves = riders.model_copy(update={"name": WOLVES, "ruleset": "house-a"})
    with open_database(sqlite_url(Path(path))) as database:
        gangs.add_gang(database, rulesets, riders)
        gangs.add_gang(database, rulesets, wolves)
    return path


def write(tmp_path: Path, events: list[dict[str, object]]) -> str:
    path = tmp_path / "events.json"
    path.write_text(json.dumps(events), encoding="utf-8")
    return str(path)


def start(capsys: pytest.CaptureFixture[str], db: str) -> None:
    code, out, err = run(
        capsys, "battle", "start", RIDERS, "--crew", "Mags Varga", "Rook",
        "--against", WOLVES, "--against-crew", "Rook", "Dex Hollow", "--accept-ruleset",
        "--db", db,
    )  # fmt: skip
    assert (code, err) == (0, "")
    assert f"with Mags Varga, Rook, against {WOLVES} with Dex Hollow, Rook" in out
    assert f"Both gangs play by n23 ({RIDERS}'s ruleset)" in out


SHOT = {
    "event": "attack", "fighter": f"{RIDERS}/Mags Varga", "weapon": "Boltgun",
    "target": f"{WOLVES}/Rook", "range": "short", "firepower": [2], "hit": 4,
    "wound": [3], "injury": ["out_of_action", "seriously_injured"],
}  # fmt: skip


def test_a_second_gang_on_another_ruleset_must_be_accepted(capsys, db: str) -> None:
    code, out, err = run(capsys, "battle", "start", RIDERS, "--against", WOLVES, "--db", db)
    assert code == 2 and out == ""
    assert "the battle would use n23" in err and "--accept-ruleset" in err
    assert len(err.strip().splitlines()) == 1


def test_a_two_gang_battle_through_battle_apply(capsys, db: str, tmp_path: Path) -> None:
    start(capsys, db)
    # Either gang already fights: a second battle is refused for both.
    code, _, err = run(capsys, "battle", "start", WOLVES, "--db", db)
    assert code == 2 and "already has a battle going on" in err

    # A bare name both gangs have is refused, naming both; nothing is stored.
    bare = {**SHOT, "target": "Rook"}
    code, out, err = run(capsys, "battle", "apply", WOLVES, write(tmp_path, [bare]), "--db", db)
    assert code == 2
    assert f"'{RIDERS}/Rook' or '{WOLVES}/Rook'" in err and "nothing was applied" in err

    shot = SHOT
    code, out, err = run(capsys, "battle", "apply", WOLVES, write(tmp_path, [shot]), "--db", db)
    assert (code, err) == (0, "")
    assert "hit 2+ (BS 3+, short +1): rolled 4, hit." in out
    assert "wound 3+ (S4 vs T3): rolled 3, wounds." in out
    assert "Rook: 0 wounds, Injury dice: out of action, seriously injured." in out

    view = json.loads(run(capsys, "battle", "show", RIDERS, "--json", "--db", db)[1])
    assert view["gang"] == RIDERS and view["against"] == WOLVES
    assert [(f["gang"], f["name"]) for f in view["fighters"]] == [
        (RIDERS, "Mags Varga"), (RIDERS, "Rook"), (WOLVES, "Dex Hollow"), (WOLVES, "Rook"),
    ]  # fmt: skip
    mags, their_rook = view["fighters"][0], view["fighters"][3]
    assert their_rook["status"] == "out_of_action"
    assert mags["caused"] == {"seriously_injured": 0, "out_of_action": 1}
    assert mags["xp_suggested"] == 2
    # The stored event keeps GANG/FIGHTER where both gangs have the name.
    assert view["events"][-1]["target"] == f"{WOLVES}/Rook"
    assert view["events"][-1]["fighter"] == "Mags Varga"

    # Undo through the other gang's name removes the whole attack.
    code, out, err = run(capsys, "battle", "undo", WOLVES, "--db", db)
    assert (code, err) == (0, "") and "Undone: attack" in out
    view = json.loads(run(capsys, "battle", "show", WOLVES, "--json", "--db", db)[1])
    assert view["fighters"][3]["status"] == "active" and view["fighters"][0]["xp_suggested"] == 0

    run(capsys, "battle", "apply", RIDERS, write(tmp_path, [shot]), "--db", db)
    code, out, err = run(capsys, "battle", "end", WOLVES, "--db", db)
    assert (code, err) == (0, "")
    assert f"{RIDERS} and {WOLVES}: battle" in out and "of each gang" in out

    # Each gang's post-battle sequence gets its own side of the battle.
    rulesets = Rulesets(tmp_path / "data")
    with open_database(sqlite_url(Path(db))) as database:
        ids = {g.name: g.id for g in gangs.list_gangs(database)}
        riders = battle.ended_battle(database, ids[RIDERS], rulesets)
        wolves = battle.ended_battle(database, ids[WOLVES], rulesets)
    assert riders is not None and wolves is not None
    assert riders.battle_id == wolves.battle_id
    assert [f.name for f in riders.state.fighters] == ["Mags Varga", "Rook"]
    assert wolves.state.out_of_action == ["Rook"] and riders.state.out_of_action == []
    # The rewards start from the XP suggested: +1 for taking part, +2 for Rook.
    assert post_battle.draft_from_battle(riders).xp["Mags Varga"] == 3
    assert post_battle.draft_from_battle(wolves).xp == {"Dex Hollow": 1, "Rook": 1}


def test_a_tracked_battle_recorded_in_the_campaign(capsys, db: str, tmp_path: Path) -> None:
    for argv in (
        ("campaign", "new", "Ash Wars", "--type", "dominion", "--start", "2026-03-03"),
        ("campaign", "add", "Ash Wars", RIDERS),
        ("campaign", "add", "Ash Wars", WOLVES),
    ):
        assert run(capsys, *argv, "--db", db)[0] == 0
    start(capsys, db)
    run(capsys, "battle", "apply", RIDERS, write(tmp_path, [SHOT]), "--db", db)
    battle_id = json.loads(run(capsys, "battle", "show", RIDERS, "--json", "--db", db)[1])["battle"]
    # Still going on: refused.
    code, out, err = run(
        capsys, "campaign", "battle", "Ash Wars", "--from-battle", str(battle_id), "--db", db
    )
    assert code == 2 and "still going on" in err
    run(capsys, "battle", "end", RIDERS, "--db", db)
    # The battle knows the gangs and the counts: giving them too is refused.
    code, out, err = run(
        capsys, "campaign", "battle", "Ash Wars", "--from-battle", str(battle_id),
        "--gangs", RIDERS, WOLVES, "--db", db,
    )  # fmt: skip
    assert code == 2 and "leave out --gangs" in err
    code, out, err = run(
        capsys, "campaign", "battle", "Ash Wars", "--from-battle", str(battle_id),
        "--winner", RIDERS, "--scenario", "Stand-off", "--territory", "Old Ruins", "--db", db,
    )  # fmt: skip
    assert (code, err) == (0, "")
    assert f"enemies taken Out of Action: {RIDERS} 1." in out
    assert f"{RIDERS} claims Old Ruins." in out
    code, out, err = run(capsys, "campaign", "show", "Ash Wars", "--json", "--db", db)
    battles = json.loads(out)["battles"]
    assert battles[-1]["battle_id"] == battle_id


def test_the_stored_attack_holds_both_fighters_ids(capsys, db: str, tmp_path: Path) -> None:
    start(capsys, db)
    code, _, err = run(capsys, "battle", "apply", RIDERS, write(tmp_path, [SHOT]), "--db", db)
    assert (code, err) == (0, "")
    code, out, err = run(capsys, "battle", "show", RIDERS, "--json", "--db", db)
    view = json.loads(out)
    ids = {(f["gang"], f["name"]): f["fighter_id"] for f in view["fighters"]}
    (shot,) = view["events"]
    assert shot["fighter_id"] == ids[(RIDERS, "Mags Varga")]
    assert shot["target_id"] == ids[(WOLVES, "Rook")] != ids[(RIDERS, "Rook")]
    assert shot["target"] == f"{WOLVES}/Rook"
