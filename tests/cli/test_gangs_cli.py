"""The headless commands end to end: demo, import, export, list, show, and every refusal."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from gangmanager.cli import main
from gangmanager.rules.characteristics import CODES

from ..narrowing import present

FIXTURES = Path(__file__).resolve().parents[1] / "exchange" / "fixtures"

FIGHTER_KEYS = {
    "name", "type", "category", "status", "xp", "rating", "pending_rating", "base_profile",
    "profile", "modifier_summary", "weapons", "wargear", "skills", "injuries",
}  # fmt: skip
GANG_KEYS = {
    "name", "house", "ruleset", "credits", "reputation", "rating", "pending_rating", "wealth",
    "fighters",
}  # fmt: skip
PROFILE_KEYS = {
    "name",
    "rng_s",
    "rng_l",
    "acc_s",
    "acc_l",
    "str",
    "ap",
    "d",
    "am",
    "traits",
    "state",
}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def db(tmp_path: Path) -> str:
    return str(tmp_path / "gm.sqlite")


def test_demo_list_and_show_json_contract(capsys, db: str) -> None:
    assert run(capsys, "demo", "--db", db) == (0, "The Rust Riders\n", "")
    code, out, _ = run(capsys, "list", "--json", "--db", db)
    assert code == 0
    (listed,) = json.loads(out)
    assert listed["name"] == "The Rust Riders" and listed["fighters"] == 6

    code, out, _ = run(capsys, "--db", db, "show", "the rust riders", "--json")
    assert code == 0
    gang = json.loads(out)
    assert set(gang) >= GANG_KEYS
    assert all(isinstance(gang[k], int) for k in ("credits", "reputation", "rating", "wealth"))
    assert gang["wealth"] == gang["rating"] + gang["credits"]
    leader = gang["fighters"][0]
    assert set(leader) >= FIGHTER_KEYS
    assert set(leader["profile"]) == set(CODES) == set(leader["base_profile"])
    assert leader["base_profile"]["M"] == '5"' and leader["base_profile"]["Cl"] == "5+"
    assert leader["profile"]["Cl"] == "4+"
    assert leader["modifier_summary"] == "Cl: +1"
    assert isinstance(leader["rating"], int) and isinstance(leader["pending_rating"], int)
    shotgun = gang["fighters"][1]["weapons"][0]
    assert shotgun["name"] == "Shotgun"
    assert len(shotgun["profiles"]) == 3
    assert all(set(p) >= PROFILE_KEYS for p in shotgun["profiles"])
    assert "Limited" in shotgun["profiles"][2]["traits"]
    # The same gang by id.
    code, out, _ = run(capsys, "--db", db, "show", str(listed["id"]), "--json")
    assert json.loads(out)["name"] == "The Rust Riders"


def test_export_import_keeps_both_and_round_trips(capsys, db: str, tmp_path: Path) -> None:
    run(capsys, "demo", "--db", db)
    first = tmp_path / "riders.gang.json"
    assert run(capsys, "export", "The Rust Riders", "-o", str(first), "--db", db)[0] == 0
    code, out, err = run(capsys, "import", str(first), "--db", db)
    assert (code, out) == (0, "The Rust Riders (2)\n")
    assert "'The Rust Riders' was taken" in err
    second = tmp_path / "copy.gang.json"
    run(capsys, "export", "The Rust Riders (2)", "-o", str(second), "--db", db)
    a, b = json.loads(first.read_text()), json.loads(second.read_text())
    assert b.pop("name") == "The Rust Riders (2)"
    a.pop("name")
    # A copy in the same database is a gang of its own (import --update tells them apart).
    assert a.pop("origin")["gang"] != b.pop("origin")["gang"]
    assert a == b


def test_yaktribe_import_prints_name_and_report(capsys, db: str) -> None:
    code, out, err = run(capsys, "import", str(FIXTURES / "yaktribe_orlocks.json"), "--db", db)
    assert code == 0
    name = out.strip()
    assert name and "\n" not in name
    assert "kept as custom items" in err and "custom item: Medicae bag (30 credits)" in err
    code, out, _ = run(capsys, "show", name, "--json", "--db", db)
    shown = json.loads(out)
    assert len(shown["fighters"]) >= 5
    assert all("YakTribe" in f["notes"] for f in shown["fighters"])


def _bytes(path: Path) -> bytes:
    return path.read_bytes()


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ('{"format": "gangmanager/gang", "version": 1, "name": "X", "fighters": [', "line"),
        ('{"format": "gangmanager/gang", "version": 1, "name": "X", "credits": "lots"}', "credits"),
        ('{"format": "gangmanager/gang", "version": 9, "name": "X"}', "version"),
        ('{"format": "gangmanager/gang", "version": 1, "name": "X", "ruleset": "nope"}', "nope"),
        (
            '{"format": "gangmanager/gang", "version": 1, "name": "X", "fighters": '
            '[{"name": "A", "profile": {"BS": "9+"}}]}',
            "fighters[0].profile",
        ),
        ("[1, 2, 3]", "bad.json"),
        ("", "bad.json"),
    ],
)
def test_refused_files_exit_2_with_one_line_and_leave_the_database(
    capsys, db: str, tmp_path: Path, content: str, expected: str
) -> None:
    run(capsys, "demo", "--db", db)
    before = _bytes(Path(db))
    bad = tmp_path / "bad.json"
    bad.write_text(content, encoding="utf-8")
    code, out, err = run(capsys, "import", str(bad), "--db", db)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "bad.json" in err and expected in err
    assert _bytes(Path(db)) == before
    assert json.loads(run(capsys, "list", "--json", "--db", db)[1])[0]["name"] == "The Rust Riders"


def test_unknown_gang_lists_the_names(capsys, db: str, tmp_path: Path) -> None:
    run(capsys, "demo", "--db", db)
    for argv in (["show", "Nobody"], ["export", "Nobody", "-o", str(tmp_path / "x.json")]):
        code, out, err = run(capsys, *argv, "--db", db)
        assert code == 2 and out == ""
        assert "'Nobody'" in err and "'The Rust Riders'" in err
    assert not (tmp_path / "x.json").exists()


@pytest.mark.parametrize(
    "content", [b"hello, not a database\n", b"SQLite format 3\x00" + b"\x07" * 600]
)
def test_foreign_or_corrupt_database_is_refused_unchanged(
    capsys, tmp_path: Path, content: bytes
) -> None:
    path = tmp_path / "other.sqlite"
    path.write_bytes(content)
    code, out, err = run(capsys, "list", "--db", str(path))
    assert code == 2 and out == "" and err.count("\n") == 1 and str(path) in err
    assert path.read_bytes() == content


def test_missing_import_file_is_one_line(capsys, db: str, tmp_path: Path) -> None:
    code, _, err = run(capsys, "import", str(tmp_path / "absent.json"), "--db", db)
    assert code == 2 and "absent.json" in err and err.count("\n") == 1


def test_rules_list_and_import_text(capsys, tmp_path: Path) -> None:
    code, out, _ = run(capsys, "rules", "list")
    assert code == 0
    assert {line.split("\t")[0] for line in out.splitlines()} >= {"n23", "house-a", "house-b"}
    code, out, _ = run(
        capsys, "rules", "import-text", "house-b", str(FIXTURES / "glossary_our_words.txt")
    )
    assert code == 0 and "Knockback" in out
    from gangmanager.services.rulesets import Rulesets

    ruleset = Rulesets().get("house-b")
    assert ruleset.rules_text_for("Knockback") != present(ruleset.trait_def("Knockback")).summary
    assert (
        run(capsys, "rules", "import-text", "nope", str(FIXTURES / "glossary_our_words.txt"))[0]
        == 2
    )


def _program(env: dict[str, str], *argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "gangmanager", *argv],
        capture_output=True,
        text=True,
        env={**os.environ, **env},
        timeout=120,
        check=False,
    )


def test_program_uses_db_option_over_environment(
    capsys, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two real processes (an action and a refusal, exit codes as the shell sees
    them); the other steps run `main()` here with the same environment."""
    env_db, opt_db = tmp_path / "env.sqlite", tmp_path / "opt.sqlite"
    env = {"GANGMANAGER_DB": str(env_db)}
    added = _program(env, "demo")
    assert (added.returncode, added.stderr) == (0, "")
    monkeypatch.setenv("GANGMANAGER_DB", str(env_db))
    assert run(capsys, "demo", "--db", str(opt_db)) == (0, "The Rust Riders\n", "")
    code, out, err = run(capsys, "list", "--json")
    assert (code, err) == (0, "")
    assert [g["name"] for g in json.loads(out)] == ["The Rust Riders"]
    assert env_db.exists() and opt_db.exists()
    with pytest.raises(SystemExit) as version:
        main(["--version"])
    out, err = capsys.readouterr()
    assert version.value.code == 0 and out.startswith("gangmanager ") and err == ""
    refused = _program(env, "show", "nobody")
    assert refused.returncode == 2 and refused.stderr.startswith("gangmanager: ")
    assert refused.stderr.count("\n") == 1 and refused.stdout == ""


def test_newer_schema_is_refused_unchanged(capsys, db: str) -> None:
    import sqlite3

    run(capsys, "demo", "--db", db)
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE alembic_version SET version_num = '9999'")
    conn.close()
    before = Path(db).read_bytes()
    code, out, err = run(capsys, "show", "The Rust Riders", "--db", db)
    assert code == 2 and out == ""
    assert "newer Gang Manager" in err and err.count("\n") == 1
    assert Path(db).read_bytes() == before


def test_output_piped_into_head_stops_quietly(
    capsys, db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    run(capsys, "demo", "--db", db)
    spare = os.open(os.devnull, os.O_WRONLY)

    class GoneReader(io.StringIO):
        """stdout whose reader (`| head`) has gone away."""

        def write(self, text: str) -> int:
            raise BrokenPipeError(32, "Broken pipe")

        def fileno(self) -> int:
            return spare

    monkeypatch.setattr(sys, "stdout", GoneReader())
    try:
        assert main(["show", "The Rust Riders", "--json", "--db", db]) == 1
    finally:
        os.close(spare)
    assert "Traceback" not in capsys.readouterr().err
