"""`campaign show --json` and the report's data are a contract for players' scripts:
on a populated campaign their text is the same, key for key, as it was before the
window moved to typed rows (the expected files were written by the code of then).

The times a run stamps (log lines, history points, the end, the report's own) and
today's date (a log line not brought by a battle carries the day it was written)
are masked, and so is the web page's style sheet; everything else is compared byte
for byte.
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime
from pathlib import Path

import pytest

from gangmanager.cli import main

EXPECTED = Path(__file__).with_name("campaign_contract")
RIDERS, SECOND, THIRD = "The Rust Riders", "The Rust Riders (2)", "The Rust Riders (3)"
_TIME = re.compile(r"\d{4}-\d\d-\d\d[T ]\d\d:\d\d(:\d\d(\.\d+)?)?(\+00:00|Z)?")
# The page's style sheet is the web page's look, not the report's data.
_STYLE = re.compile(r"<style[^>]*>.*?</style>", re.S)


def _masked(text: str) -> str:
    text = _STYLE.sub("<style><page style></style>", _TIME.sub("<time>", text))
    for today in {date.today().isoformat(), datetime.now(UTC).date().isoformat()}:
        text = text.replace(today, "<today>")
    return text


def _ok(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert (code, err) == (0, ""), err
    return out


def outputs(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> dict[str, str]:
    """A campaign with every kind of row (battles with and without a territory, a draw,
    income, an assignment, cycles, a gang that left, the end), shown every way."""
    db = ("--db", str(tmp_path / "gm.sqlite"))
    for _ in range(4):
        _ok(capsys, "demo", *db)
    _ok(capsys, "campaign", "new", "Ash Wars", "--type", "dominion", "--start", "2026-03-03",
        "--end", "2026-06-30", "--notes", "Sector 13, the old sumps", *db)  # fmt: skip
    fourth = "The Rust Riders (4)"
    for gang in (RIDERS, SECOND, fourth):
        _ok(capsys, "campaign", "add", "Ash Wars", gang, *db)
    _ok(capsys, "campaign", "add", "Ash Wars", THIRD, "--outlaw", *db)
    _ok(capsys, "campaign", "battle", "Ash Wars", "--gangs", RIDERS, SECOND, "--winner", RIDERS,
        "--scenario", "Stand-off", "--territory", "Old Ruins", "--date", "2026-03-04",
        "--out-of-action", f"{RIDERS}=3", f"{SECOND}=1", *db)  # fmt: skip
    _ok(capsys, "campaign", "income", RIDERS, "--battle", "1", "--rolled", "5", "6", *db)
    _ok(capsys, "campaign", "battle", "Ash Wars", "--gangs", THIRD, SECOND, "--date",
        "2026-03-09", "--scenario", "Ambush", *db)  # fmt: skip
    _ok(capsys, "campaign", "remove", "Ash Wars", fourth, *db)
    for _ in range(4):
        _ok(capsys, "campaign", "next-cycle", "Ash Wars", *db)
    _ok(capsys, "campaign", "battle", "Ash Wars", "--gangs", SECOND, RIDERS, "--winner", SECOND,
        "--territory", "old ruins", "--attacker", SECOND, "--defender", RIDERS, "--date",
        "2026-04-20", "--out-of-action", f"{SECOND}=2", *db)  # fmt: skip
    _ok(capsys, "campaign", "income", SECOND, "--battle", "3", "--rolled", "3", "4", *db)
    _ok(capsys, "campaign", "assign", "Ash Wars", "Tunnels", THIRD, *db)
    shown = {"running.json": _ok(capsys, "campaign", "show", "Ash Wars", "--json", *db)}
    for name in ("running-report.json", "running-report.html"):
        _ok(capsys, "campaign", "report", "Ash Wars", "-o", str(tmp_path / name), *db)
        shown[name] = (tmp_path / name).read_text("utf-8")
    _ok(capsys, "campaign", "end", "Ash Wars", *db)
    shown["ended.json"] = _ok(capsys, "campaign", "show", "Ash Wars", "--json", *db)
    _ok(capsys, "campaign", "report", "Ash Wars", "-o", str(tmp_path / "ended.html"), *db)
    shown["ended-report.html"] = (tmp_path / "ended.html").read_text("utf-8")
    return {name: _masked(text) for name, text in shown.items()}


def test_the_campaign_json_and_report_are_as_before(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    shown = outputs(capsys, tmp_path)
    expected = {name: (EXPECTED / name).read_text("utf-8") for name in shown}
    for name, text in shown.items():
        assert text == expected[name], name
