"""A gang comes home and goes back: `import FILE --update` updates the gang the
file came from instead of adding a copy; both sides changed: nothing is written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gangmanager.cli import main
from gangmanager.persistence.database import open_database, sqlite_url
from gangmanager.services import gangs, roster
from gangmanager.services.operations import perform
from gangmanager.services.rulesets import Rulesets

GANG = "The Rust Riders"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def ok(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code, out, err = run(capsys, *argv)
    assert code == 0, err
    return out


@pytest.fixture
def club(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, str]:
    """The arbitrator's laptop with the gang, and the player's database at home."""
    paths = {"laptop": str(tmp_path / "laptop.sqlite"), "home": str(tmp_path / "home.sqlite"),
             "dir": str(tmp_path)}  # fmt: skip
    ok(capsys, "--db", paths["laptop"], "demo")
    ok(capsys, "--db", paths["laptop"], "export", GANG, "-o", f"{tmp_path}/out.gang.json")
    ok(capsys, "--db", paths["home"], "import", f"{tmp_path}/out.gang.json")
    return paths


def edit(db: str, *, credits: int | None = None, skill: str | None = None) -> None:
    """A roster edit as the window makes it (one action)."""
    rulesets = Rulesets(Path(db).parent / "data")
    with open_database(sqlite_url(Path(db))) as database:
        gang = gangs.load_gang(database, GANG)
        assert gang.id is not None
        if credits is not None:
            perform(database, roster.EditGang(gang.id, {"credits": credits}), rulesets)
        if skill is not None:
            rook = gang.fighter("Rook")
            assert rook is not None and rook.id is not None
            perform(database, roster.AddSkill(gang.id, rook.id, skill), rulesets)


def export(capsys: pytest.CaptureFixture[str], db: str, path: str) -> dict:
    ok(capsys, "--db", db, "export", GANG, "-o", path)
    return json.loads(Path(path).read_text(encoding="utf-8"))


def gang_list(capsys: pytest.CaptureFixture[str], db: str) -> list[dict]:
    return json.loads(ok(capsys, "--db", db, "list", "--json"))


def test_a_gang_updated_at_home_goes_back_over_itself(capsys, club: dict[str, str]) -> None:
    laptop, home, folder = club["laptop"], club["home"], club["dir"]
    edit(home, credits=505, skill="Nerves of Steel")
    back = export(capsys, home, f"{folder}/back.gang.json")
    assert back["origin"]["version"] == 1  # the laptop's version it left at

    out = ok(capsys, "--db", laptop, "import", f"{folder}/back.gang.json", "--update")
    assert out.splitlines() == [
        f"Updated {GANG} from back.gang.json:",
        "  gang: credits 430 → 505",
        "  'Rook': skills + Nerves of Steel",
    ]
    assert len(gang_list(capsys, laptop)) == 1  # no copy
    now = export(capsys, laptop, f"{folder}/now.gang.json")
    assert {k: v for k, v in now.items() if k != "origin"} == {
        k: v for k, v in back.items() if k != "origin"
    }

    # The next trip: home takes the laptop's file over its copy, which already holds it.
    out = ok(capsys, "--db", home, "import", f"{folder}/now.gang.json", "--update")
    assert "nothing to change" in out
    edit(home, credits=600)
    ok(capsys, "--db", home, "export", GANG, "-o", f"{folder}/again.gang.json")
    out = ok(capsys, "--db", laptop, "import", f"{folder}/again.gang.json", "--update")
    assert "credits 505 → 600" in out


def test_the_update_is_one_undo_step(capsys, club: dict[str, str], rulesets: Rulesets) -> None:
    laptop, home, folder = club["laptop"], club["home"], club["dir"]
    before = export(capsys, laptop, f"{folder}/before.gang.json")
    edit(home, credits=505, skill="Nerves of Steel")
    export(capsys, home, f"{folder}/back.gang.json")
    with open_database(sqlite_url(Path(laptop))) as database:
        from gangmanager.exchange.detect import read_any_with_origin
        from gangmanager.services.gang_files import UpdateGangFromFile
        from gangmanager.services.rulesets import Rulesets

        gang, _, origin = read_any_with_origin(Path(f"{folder}/back.gang.json"), Rulesets().get)
        assert origin is not None
        outcome = perform(database, UpdateGangFromFile(gang, origin, "back.gang.json"), rulesets)
        assert outcome.inverse is not None
        perform(database, outcome.inverse, rulesets)
    assert export(capsys, laptop, f"{folder}/undone.gang.json") == before


def test_both_sides_changed_nothing_is_written(capsys, club: dict[str, str]) -> None:
    laptop, home, folder = club["laptop"], club["home"], club["dir"]
    edit(home, credits=505, skill="Nerves of Steel")
    export(capsys, home, f"{folder}/back.gang.json")
    edit(laptop, credits=999)  # the arbitrator changed it meanwhile
    before = export(capsys, laptop, f"{folder}/before.gang.json")

    code, out, err = run(capsys, "--db", laptop, "import", f"{folder}/back.gang.json", "--update")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "was changed here since the file was exported" in err
    assert "(credits, Rook.skills)" in err
    assert "without --update to keep both" in err
    assert export(capsys, laptop, f"{folder}/after.gang.json") == before
    # The player may take the file as a new gang instead.
    ok(capsys, "--db", laptop, "import", f"{folder}/back.gang.json")
    assert sorted(g["name"] for g in gang_list(capsys, laptop)) == [GANG, f"{GANG} (2)"]


def test_a_file_of_another_gang_or_ruleset_is_refused_in_one_line(
    capsys, club: dict[str, str]
) -> None:
    laptop, folder = club["laptop"], club["dir"]
    back = export(capsys, laptop, f"{folder}/mine.gang.json")
    other = {**back, "origin": {**back["origin"], "gang": "0" * 32}}
    Path(f"{folder}/other.gang.json").write_text(json.dumps(other), encoding="utf-8")
    ruleset = {**back, "ruleset": "house-a"}
    Path(f"{folder}/ruleset.gang.json").write_text(json.dumps(ruleset), encoding="utf-8")
    plain = {k: v for k, v in back.items() if k != "origin"}
    Path(f"{folder}/plain.gang.json").write_text(json.dumps(plain), encoding="utf-8")
    for name, said in [
        ("other", "a file of another gang"),
        ("ruleset", "follows the 'house-a' ruleset"),
        ("plain", "does not say which gang it was exported from"),
    ]:
        code, out, err = run(
            capsys, "--db", laptop, "import", f"{folder}/{name}.gang.json", "--update"
        )
        assert code == 2 and out == "" and err.count("\n") == 1, err
        assert said in err, err
    assert len(gang_list(capsys, laptop)) == 1


def test_a_file_without_origin_still_imports_unchanged(capsys, club: dict[str, str]) -> None:
    laptop, folder = club["laptop"], club["dir"]
    back = export(capsys, laptop, f"{folder}/mine.gang.json")
    plain = {k: v for k, v in back.items() if k != "origin"}
    Path(f"{folder}/plain.gang.json").write_text(json.dumps(plain), encoding="utf-8")
    home = f"{folder}/third.sqlite"
    ok(capsys, "--db", home, "import", f"{folder}/plain.gang.json")
    again = export(capsys, home, f"{folder}/again.gang.json")
    assert {k: v for k, v in again.items() if k != "origin"} == plain
    assert again["origin"]["gang"] != back["origin"]["gang"]  # a gang of its own now


def test_an_undone_update_at_home_takes_the_same_file_again(
    capsys, club: dict[str, str], rulesets: Rulesets
) -> None:
    # The copy at home remembers the laptop's version it took: undoing an update puts
    # that back too, so the same file is taken again without a conflict.
    laptop, home, folder = club["laptop"], club["home"], club["dir"]
    edit(laptop, credits=480)
    export(capsys, laptop, f"{folder}/news.gang.json")
    before = export(capsys, home, f"{folder}/home-before.gang.json")
    with open_database(sqlite_url(Path(home))) as database:
        from gangmanager.exchange.detect import read_any_with_origin
        from gangmanager.services.gang_files import UpdateGangFromFile
        from gangmanager.services.rulesets import Rulesets

        gang, _, origin = read_any_with_origin(Path(f"{folder}/news.gang.json"), Rulesets().get)
        assert origin is not None
        outcome = perform(database, UpdateGangFromFile(gang, origin, "news.gang.json"), rulesets)
        assert outcome.inverse is not None
        perform(database, outcome.inverse, rulesets)
    assert export(capsys, home, f"{folder}/home-undone.gang.json") == before
    out = ok(capsys, "--db", home, "import", f"{folder}/news.gang.json", "--update")
    assert "credits 430 → 480" in out
