"""Both gangs of a two-gang battle run their post-battle sequence from it, in either order.

The battle is the starter's row; the second gang's Finish reads the same battle
(its own side: XP, Limited profiles struck off, who took part) and marks only its
own side done. Each Finish is one undo step, taken back in any order.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gangmanager.cli import main
from gangmanager.persistence.battle_repository import DONE, ENDED, battles
from gangmanager.persistence.database import open_database, sqlite_url
from gangmanager.rules.post_battle_draft import OldWoundEntry
from gangmanager.services import battle, gangs, post_battle
from gangmanager.services.demo import demo_gang
from gangmanager.services.rulesets import Rulesets

from ..db_rows import all_rows
from ..undo_steps import undo_finish

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
    # The same roster under another name; Brann of the Wolves has an Old Battle Wound.
    fighters = [
        f.model_copy(update={"injuries": ["Old Battle Wound"]}) if f.name == "Brann" else f
        for f in riders.fighters
    ]
    wolves = riders.model_copy(update={"name": WOLVES, "fighters": fighters})
    with open_database(sqlite_url(Path(path))) as database:
        gangs.add_gang(database, rulesets, riders)
        gangs.add_gang(database, rulesets, wolves)
    return path


def write(tmp_path: Path, name: str, data: object) -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def fight(capsys: pytest.CaptureFixture[str], db: str, tmp_path: Path) -> None:
    """Riders (Mags, Rook) against Wolves (Rook, Dex): the Wolves' Dex spends his Limited
    executioner ammo, the Riders' Mags puts the Wolves' Rook Out of Action."""
    code, _, err = run(
        capsys, "battle", "start", RIDERS, "--crew", "Mags Varga", "Rook",
        "--against", WOLVES, "--against-crew", "Rook", "Dex Hollow", "--db", db,
    )  # fmt: skip
    assert (code, err) == (0, "")
    events = [
        {"event": "ammo_test", "fighter": f"{WOLVES}/Dex Hollow", "weapon": "Shotgun",
         "profile": "executioner ammo", "roll": 2},
        {"event": "status", "fighter": f"{WOLVES}/Rook", "status": "out_of_action",
         "by": f"{RIDERS}/Mags Varga"},
    ]  # fmt: skip
    code, _, err = run(capsys, "battle", "apply", WOLVES, write(tmp_path, "ev.json", events),
                       "--db", db)  # fmt: skip
    assert (code, err) == (0, "")
    assert run(capsys, "battle", "end", RIDERS, "--db", db)[0] == 0


WOLVES_DRAFT = {
    "result": "loss",
    "injuries": [{"fighter": "Rook", "roll": 31}],
    "old_wounds": [{"fighter": "Brann", "took_part": False}],
    "xp": {"Dex Hollow": 1},
}
RIDERS_DRAFT = {"result": "win", "xp": {"Mags Varga": 3}}


def executioner(db: str, gang: str) -> bool:
    with open_database(sqlite_url(Path(db))) as database:
        dex = gangs.load_gang(database, gang).fighter("Dex Hollow")
    assert dex is not None
    shotgun = dex.weapon("Shotgun")
    assert shotgun is not None
    return any(p.name == "executioner ammo" for p in shotgun.profiles)


def stored_battle(db: str) -> tuple[str, bool]:
    with open_database(sqlite_url(Path(db))) as database, database.unit_of_work() as uow:
        found = battles(uow).get(1)
    return found.status, found.against_done


@pytest.mark.parametrize("first", [WOLVES, RIDERS])
def test_each_gang_runs_its_post_battle_from_the_shared_battle(
    capsys: pytest.CaptureFixture[str], db: str, tmp_path: Path, first: str
) -> None:
    fight(capsys, db, tmp_path)
    drafts = {
        WOLVES: write(tmp_path, "wolves.json", WOLVES_DRAFT),
        RIDERS: write(tmp_path, "riders.json", RIDERS_DRAFT),
    }
    order = [first, RIDERS if first == WOLVES else WOLVES]
    # The dry run and the Finish agree: the second gang's battle is attached.
    code, out, err = run(capsys, "post-battle", WOLVES, drafts[WOLVES], "--dry-run", "--db", db)
    assert (code, err) == (0, "") and "Would attach battle 1" in out
    assert "Shotgun: executioner ammo (Limited) removed for good" in out
    for gang in order:
        code, out, err = run(capsys, "post-battle", gang, drafts[gang], "--db", db)
        assert (code, err) == (0, ""), err
        assert "Attached battle 1" in out and "Battle 1 is done." in out
        # Each Finish closes its own side only.
        finished = order[: order.index(gang) + 1]
        assert stored_battle(db) == (DONE if RIDERS in finished else ENDED, WOLVES in finished)
    assert stored_battle(db) == (DONE, True)
    # The Wolves' Dex lost his executioner ammo for good; the Riders' Dex never fought.
    assert not executioner(db, WOLVES) and executioner(db, RIDERS)
    # A second run finds no battle waiting for either gang: nothing is attached twice.
    code, out, err = run(capsys, "post-battle", WOLVES, drafts[WOLVES], "--dry-run", "--db", db)
    assert code == 0 and "attach" not in out


def test_a_battle_of_two_other_gangs_is_refused(
    capsys: pytest.CaptureFixture[str], db: str, tmp_path: Path, rulesets: Rulesets
) -> None:
    fight(capsys, db, tmp_path)
    rulesets = Rulesets(tmp_path / "data")
    with open_database(sqlite_url(Path(db))) as database:
        third = gangs.add_gang(
            database, rulesets, demo_gang(rulesets.get("n23")).model_copy(update={"name": "Third"})
        ).gang
    draft = write(tmp_path, "third.json", {"result": "win", "battle_id": 1})
    code, out, err = run(capsys, "post-battle", "Third", draft, "--db", db)
    assert code == 2 and out == ""
    assert "no battle 1 of this gang" in err
    assert third.id is not None


@pytest.mark.parametrize("undo_first", [WOLVES, RIDERS])
def test_each_finish_is_one_undo_in_either_order(
    capsys: pytest.CaptureFixture[str], db: str, tmp_path: Path, undo_first: str, rulesets: Rulesets
) -> None:
    fight(capsys, db, tmp_path)
    before = all_rows(Path(db))
    rulesets = Rulesets(tmp_path / "data")
    done: dict[str, post_battle.FinishResult] = {}
    with open_database(sqlite_url(Path(db))) as database:
        ids = {g.name: g.id for g in gangs.list_gangs(database)}
        for name in (WOLVES, RIDERS):
            gang_id = ids[name]
            assert gang_id is not None
            record = battle.ended_battle(database, gang_id, rulesets)
            assert record is not None and record.battle_id == 1
            draft = post_battle.draft_from_battle(record)
            # XP and the Limited profile come from this gang's own side of the battle.
            if name == WOLVES:
                assert draft.xp == {"Rook": 1, "Dex Hollow": 1}
                assert [d.fighter for d in draft.limited_deleted] == ["Dex Hollow"]
                assert [e.fighter for e in draft.injuries] == ["Rook"]
                brann = OldWoundEntry(fighter="Brann", took_part=False)
                draft = draft.model_copy(
                    update={"result": "loss", "injuries": [], "old_wounds": [brann]}
                )
            else:
                assert draft.xp == {"Mags Varga": 3, "Rook": 1}
                assert draft.limited_deleted == [] and draft.injuries == []
                draft = draft.model_copy(update={"result": "win"})
            done[name] = post_battle.finish(database, rulesets, gang_id, draft)
        assert not any(battle.ended_battle(database, i, rulesets) for i in ids.values() if i)
        undo_second = RIDERS if undo_first == WOLVES else WOLVES
        undo_finish(database, rulesets, done[undo_first])
        # The other gang's Finish stands; this gang's battle waits for it again.
        waiting = battle.ended_battle(database, ids[undo_first], rulesets)
        assert waiting is not None and waiting.battle_id == 1
        assert battle.ended_battle(database, ids[undo_second], rulesets) is None
        undo_finish(database, rulesets, done[undo_second])
    after = all_rows(Path(db))
    after.pop("post_battle_drafts", None)
    before.pop("post_battle_drafts", None)
    assert after == before
    assert stored_battle(db) == (ENDED, False)
