"""A club moves its campaign laptop -> server -> laptop by files, without losing a line:
`campaign export CAMPAIGN -o FILE`, `campaign import FILE [--update]` (two SQLite files)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gangmanager.cli import main

RIDERS, SECOND, THIRD = "The Rust Riders", "The Rust Riders (2)", "The Rust Riders (3)"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def ok(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code, out, err = run(capsys, *argv)
    assert code == 0, err
    return out


def battle(capsys, db: str, winner: str, loser: str, territory: str) -> None:
    ok(capsys, "campaign", "battle", "Ash Wars", "--gangs", winner, loser, "--winner", winner,
       "--territory", territory, "--out-of-action", f"{winner}=2", "--db", db)  # fmt: skip


@pytest.fixture
def laptop(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    db = str(tmp_path / "laptop.sqlite")
    for _ in range(3):
        ok(capsys, "demo", "--db", db)
    ok(capsys, "campaign", "new", "Ash Wars", "--start", "2026-03-03", "--db", db)
    for gang in (RIDERS, SECOND, THIRD):
        ok(capsys, "campaign", "add", "Ash Wars", gang, "--db", db)
    battle(capsys, db, RIDERS, SECOND, "Old Ruins")
    ok(capsys, "campaign", "income", RIDERS, "--battle", "1", "--rolled", "5", "6", "--db", db)
    ok(capsys, "campaign", "next-cycle", "Ash Wars", "--db", db)
    return db


def export(capsys, db: str, path: Path) -> dict:
    ok(capsys, "campaign", "export", "Ash Wars", "-o", str(path), "--db", db)
    return json.loads(path.read_text(encoding="utf-8"))


def content(document: dict) -> dict:
    """What must survive a move: everything but the databases' own version numbers."""
    plain = {k: v for k, v in document.items() if k != "origin"}
    plain["gangs"] = [{k: v for k, v in g.items() if k != "origin"} for g in plain["gangs"]]
    return plain


def views(capsys, db: str) -> dict:
    return json.loads(ok(capsys, "campaign", "show", "Ash Wars", "--json", "--db", db))


def test_laptop_to_server_and_back(capsys, laptop: str, tmp_path: Path) -> None:
    server = str(tmp_path / "server.sqlite")
    moved = export(capsys, laptop, tmp_path / "to-server.campaign.json")
    assert len(moved["gangs"]) == 3 and moved["battles"] and moved["log"] and moved["history"]
    out = ok(capsys, "campaign", "import", str(tmp_path / "to-server.campaign.json"),
             "--db", server)  # fmt: skip
    assert out.startswith("Imported campaign 'Ash Wars': 3 gangs, 1 battles")
    on_server = export(capsys, server, tmp_path / "on-server.campaign.json")
    assert content(on_server) == content(moved)  # not a line lost
    assert views(capsys, server) == views(capsys, laptop)

    # The club plays on at the server, then takes the campaign home to the laptop.
    battle(capsys, server, THIRD, RIDERS, "Slag Furnace")
    ok(capsys, "campaign", "next-cycle", "Ash Wars", "--db", server)
    back = export(capsys, server, tmp_path / "back.campaign.json")
    out = ok(capsys, "campaign", "import", str(tmp_path / "back.campaign.json"), "--update",
             "--db", laptop)  # fmt: skip
    assert out.startswith("Updated campaign Ash Wars from back.campaign.json:")
    assert "battles 1 → 2" in out
    assert content(export(capsys, laptop, tmp_path / "home.campaign.json")) == content(back)
    assert views(capsys, laptop) == views(capsys, server)
    gangs = json.loads(ok(capsys, "list", "--json", "--db", laptop))
    assert len(gangs) == 3  # updated in place, no copies


def test_both_sides_changed_nothing_is_written(capsys, laptop: str, tmp_path: Path) -> None:
    server = str(tmp_path / "server.sqlite")
    export(capsys, laptop, tmp_path / "to-server.campaign.json")
    ok(capsys, "campaign", "import", str(tmp_path / "to-server.campaign.json"), "--db", server)
    battle(capsys, server, THIRD, RIDERS, "Slag Furnace")
    export(capsys, server, tmp_path / "back.campaign.json")
    ok(capsys, "campaign", "next-cycle", "Ash Wars", "--db", laptop)  # the laptop went on too
    before = Path(laptop).read_bytes()
    code, out, err = run(capsys, "campaign", "import", str(tmp_path / "back.campaign.json"),
                         "--update", "--db", laptop)  # fmt: skip
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "was changed here since the file was exported" in err and "battles" in err
    assert Path(laptop).read_bytes() == before


def test_refused_in_one_line(capsys, laptop: str, tmp_path: Path) -> None:
    path = tmp_path / "c.campaign.json"
    document = export(capsys, laptop, path)
    # Into the same database as new: it is already there.
    code, _, err = run(capsys, "campaign", "import", str(path), "--db", laptop)
    assert code == 2 and "already in this database" in err and err.count("\n") == 1
    other = {**document, "origin": {**document["origin"], "campaign": "0" * 32}}
    (tmp_path / "other.campaign.json").write_text(json.dumps(other), encoding="utf-8")
    code, _, err = run(capsys, "campaign", "import", str(tmp_path / "other.campaign.json"),
                       "--update", "--db", laptop)  # fmt: skip
    assert code == 2 and "a file of another campaign" in err and err.count("\n") == 1
    bad = {**document, "log": [{**document["log"][0], "gang": 99}]}
    (tmp_path / "bad.campaign.json").write_text(json.dumps(bad), encoding="utf-8")
    code, _, err = run(capsys, "campaign", "import", str(tmp_path / "bad.campaign.json"),
                       "--db", str(tmp_path / "x.sqlite"))  # fmt: skip
    assert code == 2 and "log[0].gang: 99 is past the end" in err and err.count("\n") == 1


def test_committed_campaign_schema_is_the_generated_one() -> None:
    from gangmanager.services.campaign_files import schema_text

    committed = Path(__file__).resolve().parents[2] / "docs" / "campaign.schema.json"
    assert committed.read_text(encoding="utf-8") == schema_text(), (
        "regenerate: python -m gangmanager.services.campaign_files > docs/campaign.schema.json"
    )


def test_an_exported_file_follows_the_schema(capsys, laptop: str, tmp_path: Path) -> None:
    from gangmanager.services.campaign_files import CampaignFile

    document = export(capsys, laptop, tmp_path / "c.campaign.json")
    CampaignFile.model_validate(document)  # the model the schema is generated from
