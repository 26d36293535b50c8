"""A fighter name (or a gang name) may hold "/" and still be written `GANG/FIGHTER`:
the text is split at the first "/" that leaves a gang of the battle."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gangmanager.cli import main
from gangmanager.persistence.database import open_database, sqlite_url
from gangmanager.rules.gang import Gang
from gangmanager.services import gangs
from gangmanager.services.demo import demo_gang
from gangmanager.services.rulesets import Rulesets

RIDERS = "The Rust Riders"
WOLVES = "The Ash/Wolves"  # a "/" in the gang's name too
KID = "Dex/Kid"  # Dex Hollow, renamed with a "/"


def _renamed(gang: Gang, name: str) -> Gang:
    fighters = [f.model_copy(update={"name": KID}) if f.name == "Dex Hollow" else f
                for f in gang.fighters]  # fmt: skip
    return gang.model_copy(update={"name": name, "fighters": fighters})


@pytest.fixture
def db(tmp_path: Path, capsys: pytest.CaptureFixture[str], rulesets: Rulesets) -> str:
    path = str(tmp_path / "gm.sqlite")
    riders = demo_gang(Rulesets(tmp_path / "data").get("n23"))
    with open_database(sqlite_url(Path(path))) as database:
        gangs.add_gang(database, rulesets, _renamed(riders, RIDERS))
        gangs.add_gang(database, rulesets, _renamed(riders, WOLVES))
    assert main(["battle", "start", RIDERS, "--crew", "Mags Varga", KID, "--against", WOLVES,
                 "--against-crew", KID, "Rook", "--db", path]) == 0  # fmt: skip
    capsys.readouterr()
    return path


def _apply(capsys, db: str, tmp_path: Path, gang: str, events: list[dict]) -> tuple[int, str]:
    path = tmp_path / "events.json"
    path.write_text(json.dumps(events), encoding="utf-8")
    code = main(["battle", "apply", gang, str(path), "--db", db])
    out, err = capsys.readouterr()
    return code, out + err


def _fighter(capsys, db: str, gang: str, name: str) -> dict:
    assert main(["battle", "show", gang, "--json", "--db", db]) == 0
    shown = json.loads(capsys.readouterr().out)
    (found,) = [f for f in shown["fighters"] if f["name"] == name and f["gang"] == gang]
    return found


def test_gang_slash_fighter_with_slashes_in_both(capsys, db: str, tmp_path: Path) -> None:
    code, text = _apply(capsys, db, tmp_path, WOLVES, [
        {"fighter": f"{WOLVES}/{KID}", "event": "flesh_wound"},
        {"fighter": f"{RIDERS}/{KID}", "event": "status", "status": "Seriously Injured"},
    ])  # fmt: skip
    assert code == 0, text
    assert _fighter(capsys, db, WOLVES, KID)["flesh_wounds"] == 1
    assert _fighter(capsys, db, RIDERS, KID)["flesh_wounds"] == 0
    assert (
        _fighter(capsys, db, RIDERS, KID)["status"] != _fighter(capsys, db, WOLVES, KID)["status"]
    )


def test_a_bare_name_with_a_slash_both_gangs_have_is_ambiguous(
    capsys, db: str, tmp_path: Path
) -> None:
    code, text = _apply(capsys, db, tmp_path, WOLVES, [{"fighter": KID, "event": "flesh_wound"}])
    assert code == 2
    assert f"'{RIDERS}/{KID}' or '{WOLVES}/{KID}'" in text


def test_a_limited_profile_struck_off_comes_back_to_the_right_fighter(
    capsys, db: str, tmp_path: Path
) -> None:
    def shotgun(gang: str) -> list[str]:
        assert main(["show", gang, "--json", "--db", db]) == 0
        shown = json.loads(capsys.readouterr().out)
        (kid,) = [f for f in shown["fighters"] if f["name"] == KID]
        return [p["name"] for p in kid["weapons"][0]["profiles"]]

    before = shotgun(WOLVES)
    code, text = _apply(capsys, db, tmp_path, WOLVES, [
        {"fighter": f"{WOLVES}/{KID}", "event": "ammo_test", "weapon": "Shotgun",
         "profile": "executioner ammo", "roll": 5},
    ])  # fmt: skip
    assert code == 0 and "struck off the card" in text, text
    assert "executioner ammo" not in shotgun(WOLVES) and shotgun(RIDERS) == before
    assert main(["battle", "undo", WOLVES, "--db", db]) == 0
    capsys.readouterr()
    assert shotgun(WOLVES) == before and shotgun(RIDERS) == before
