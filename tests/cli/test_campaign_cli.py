"""`gangmanager campaign ...` end to end, on SQLite and (when configured) PostgreSQL via --db."""

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
    assert (code, err) == (0, ""), err
    return out


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1, err
    return err


def usage_error(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """argparse refuses the arguments themselves: exit 2 and its message."""
    with pytest.raises(SystemExit) as exited:
        main(list(argv))
    assert exited.value.code == 2
    return capsys.readouterr().err


def test_a_campaign_from_the_command_line(
    capsys: pytest.CaptureFixture[str], database_url: str, tmp_path: Path, qapp: object
) -> None:
    # `qapp`: the PDF needs a Qt application; made here as pytest-qt's QApplication, the
    # command's own would be a QGuiApplication, on which later widget tests would abort.
    db = ("--db", database_url)
    for _ in range(3):
        ok(capsys, "demo", *db)
    out = ok(capsys, "campaign", "new", "Ash Wars", "--type", "dominion", "--start", "2026-03-03",
             *db)  # fmt: skip
    assert (
        out == "Dominion campaign 'Ash Wars' set up with 26 territories (Necromunda (2023 core)).\n"
    )
    ok(capsys, "campaign", "add", "Ash Wars", RIDERS, *db)
    ok(capsys, "campaign", "add", "ash wars", SECOND, *db)
    out = ok(capsys, "campaign", "add", "Ash Wars", THIRD, "--outlaw", *db)
    assert out.splitlines()[-1] == f"{THIRD} Reputation +1 while it holds its hideout."

    out = ok(
        capsys, "campaign", "battle", "Ash Wars", "--gangs", RIDERS, SECOND, "--winner", RIDERS,
        "--scenario", "Stand-off", "--territory", "Old Ruins", "--date", "2026-03-04",
        "--out-of-action", f"{RIDERS}=3", f"{SECOND}=1", *db,
    )  # fmt: skip
    assert out.splitlines() == [
        f"{RIDERS} beat {SECOND} in Stand-off, with Old Ruins at stake; enemies taken Out of"
        f" Action: {RIDERS} 3, {SECOND} 1.",
        f"{RIDERS} claims Old Ruins.",
        "campaign battle 1",
    ]
    # Income the player rolled: Settlement (hideout) 5, then Old Ruins' D3 from a 6.
    out = ok(capsys, "campaign", "income", RIDERS, "--battle", "1", "--rolled", "5", "6", *db)
    assert "Total: 80 credits" in out
    assert (
        out.splitlines()[-1]
        == f"{RIDERS} collects 80 credits of income (Settlement 50, Old Ruins 30)."
    )
    err = refused(capsys, "campaign", "income", RIDERS, "--battle", "1", *db)
    assert err == f"gangmanager: {RIDERS} already collected income after this battle (80)\n"
    assert "Settlement: D6x10 rolled 2 = 20" in ok(
        capsys, "campaign", "income", THIRD, "--preview", "--rolled", "2", *db
    )
    assert "a D6 shows 1 to 6, not '9'" in usage_error(
        capsys, "campaign", "income", THIRD, "--rolled", "9", *db
    )

    for _ in range(4):
        out = ok(capsys, "campaign", "next-cycle", "Ash Wars", *db)
    assert out.startswith("Cycle 5 begins: the Takeover phase.")
    out = ok(
        capsys, "campaign", "battle", "Ash Wars", "--gangs", SECOND, RIDERS, "--winner", SECOND,
        "--territory", "old ruins", "--attacker", SECOND, "--defender", RIDERS, "--income", *db,
    )  # fmt: skip
    assert f"{SECOND} takes Old Ruins from {RIDERS}." in out.splitlines()
    assert sum(line.startswith(("The Rust Riders collects", f"{SECOND} collects"))
               for line in out.splitlines()) == 2  # fmt: skip

    view = json.loads(ok(capsys, "campaign", "show", "Ash Wars", "--json", *db))
    assert view["phase"]["id"] == "takeover" and view["cycle"] == 5
    assert [(s["gang"], s["territories"], s["battles"], s["wins"], s["out_of_action"])
            for s in view["standings"]] == [
        (SECOND, 1, 2, 1, 1),
        (RIDERS, 0, 2, 1, 3),
        (THIRD, 0, 0, 0, 0),
    ]  # fmt: skip
    assert [g["alignment"] for g in view["gangs"]] == ["law_abiding", "law_abiding", "outlaw"]
    assert view["battles"][1]["gangs"][0]["role"] == "attacker"
    text = ok(capsys, "campaign", "show", "Ash Wars", *db)
    assert "Old Ruins: The Rust Riders (2)" in text
    listed = json.loads(ok(capsys, "campaign", "list", "--json", *db))
    assert listed == [
        {"id": view["id"], "name": "Ash Wars", "type": "dominion", "ruleset": "n23",
         "cycle": 5, "gangs": 3, "running": True}
    ]  # fmt: skip

    assert ok(capsys, "campaign", "assign", "Ash Wars", "Tunnels", THIRD, *db) == (
        f"{THIRD} claims Tunnels ({THIRD} Reputation +1).\n"  # Orlock: Enhanced Boon
    )
    pdf, report = tmp_path / "ash.pdf", tmp_path / "ash.json"
    assert ok(capsys, "campaign", "report", "Ash Wars", "-o", str(pdf), *db) == f"{pdf}\n"
    assert pdf.read_bytes().startswith(b"%PDF")
    ok(capsys, "campaign", "report", "Ash Wars", "-o", str(report), *db)
    written = json.loads(report.read_text("utf-8"))
    assert written["report"]["format"] == "gangmanager/campaign-report"
    assert written["standings"][0]["gang"] in (SECOND, THIRD)

    out = ok(capsys, "campaign", "end", "Ash Wars", *db)
    assert out.splitlines()[0] == "The campaign ends."
    assert f"Slaughterer: {RIDERS} (Enemies Out of Action 3)." in out.splitlines()
    err = refused(capsys, "campaign", "battle", "Ash Wars", "--gangs", RIDERS, SECOND, *db)
    assert err == "gangmanager: campaign 'Ash Wars' has ended\n"


def test_refusals_are_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = ("--db", str(tmp_path / "gm.sqlite"))
    ok(capsys, "demo", *db)
    ok(capsys, "campaign", "new", "Ash Wars", *db)
    assert refused(capsys, "campaign", "show", "Nope", *db) == (
        "gangmanager: no campaign 'Nope'; campaigns in this database: 'Ash Wars'\n"
    )
    assert refused(capsys, "campaign", "new", "X", "--type", "uprising", *db) == (
        "gangmanager: ruleset 'n23' has no campaign type 'uprising' (available: dominion)\n"
    )
    assert refused(capsys, "campaign", "add", "Ash Wars", "Nobody", *db).startswith(
        "gangmanager: no gang 'Nobody'"
    )
    assert refused(
        capsys, "campaign", "report", "Ash Wars", "-o", str(tmp_path / "r.txt"), *db
    ) == ("gangmanager: r.txt: a report is a .pdf, .json or .html file\n")
    assert not (tmp_path / "r.txt").exists()
    err = usage_error(capsys, "campaign", "new", "Y", "--start", "March", *db)
    assert "'March' is not a date such as 2026-03-14" in err
    err = usage_error(
        capsys, "campaign", "battle", "Ash Wars", "--gangs", "A", "B", "--out-of-action", "A3", *db
    )
    assert "'A3' is not GANG=N" in err


def test_campaign_remove_takes_a_gang_out_or_refuses_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = ("--db", str(tmp_path / "gm.sqlite"))
    ok(capsys, "demo", *db)
    ok(capsys, "campaign", "new", "Ash Wars", *db)
    ok(capsys, "campaign", "add", "Ash Wars", RIDERS, *db)
    out = ok(capsys, "campaign", "remove", "Ash Wars", RIDERS, *db)
    assert out.splitlines()[0] == f"{RIDERS} leaves the campaign."
    err = refused(capsys, "campaign", "remove", "Ash Wars", RIDERS, *db)
    assert f"'{RIDERS}' does not take part in 'Ash Wars'" in err
