"""A real-shaped YakTribe gang through the command line: two Leaders are imported and
`show` warns; fighters of one name are told apart, so the gang exports and imports again."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gangmanager.cli import main

from ..exchange.yaktribe_shapes import ganger, yaktribe_file


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_two_leaders_and_two_names_import_show_export_and_import_again(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = str(tmp_path / "gm.sqlite")
    source = tmp_path / "yaktribe.json"
    data = yaktribe_file(
        "Orlock (HoI)",
        ganger("Brakka", "Road Captain (Leader)", 120),
        ganger("Brakka", "Road Captain (Leader)", 120),
        ganger("Gun", "Gunner (Ganger)", 60),
    )
    source.write_text(json.dumps(data), encoding="utf-8")
    code, out, err = run(capsys, "import", str(source), "--db", db)
    assert (code, out) == (0, "Test Gang\n")
    assert "two fighters are named 'Brakka': the second imported as 'Brakka (2)'" in err
    assert "warning: The gang has 2 Leaders: it may have only one." in err

    code, out, _ = run(capsys, "show", "Test Gang", "--db", db)
    assert code == 0 and "Warning: The gang has 2 Leaders: it may have only one." in out
    code, out, _ = run(capsys, "show", "Test Gang", "--json", "--db", db)
    shown = json.loads(out)
    assert "The gang has 2 Leaders: it may have only one." in shown["warnings"]
    assert [f["name"] for f in shown["fighters"]] == ["Brakka", "Brakka (2)", "Gun"]

    exported = tmp_path / "test.gang.json"
    assert run(capsys, "export", "Test Gang", "-o", str(exported), "--db", db)[0] == 0
    code, out, _ = run(capsys, "import", str(exported), "--db", db)
    assert (code, out) == (0, "Test Gang (2)\n")


def test_a_legal_gang_shows_no_warning(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = str(tmp_path / "gm.sqlite")
    assert run(capsys, "demo", "--db", db)[0] == 0
    code, out, _ = run(capsys, "show", "The Rust Riders", "--json", "--db", db)
    assert code == 0 and json.loads(out)["warnings"] == []
    assert "Warning" not in run(capsys, "show", "The Rust Riders", "--db", db)[1]
