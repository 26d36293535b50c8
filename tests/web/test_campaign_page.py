"""`gangmanager campaign report CAMPAIGN --html`: standings, territories, charts, log."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gangmanager.cli import main

from .conftest import CAMPAIGN, CAMPAIGN_GANGS, HOSTILE
from .page_checks import PageReader, assert_self_contained


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def written(capsys, campaign_db: str, target: Path, *flags: str) -> PageReader:
    code, out, err = run(
        capsys, "campaign", "report", CAMPAIGN, *flags, "-o", str(target), "--db", campaign_db
    )
    assert (code, out, err) == (0, f"{target}\n", "")
    return assert_self_contained(target.read_text("utf-8"))


def test_the_campaign_page_shows_the_report(capsys, campaign_db: str, out_dir: Path) -> None:
    page = written(capsys, campaign_db, out_dir / "ash.html", "--html")
    _, shown, _ = run(capsys, "campaign", "show", CAMPAIGN, "--json", "--db", campaign_db)
    view = json.loads(shown)
    text = page.text
    # Names and notes are player text: shown, never made tags.
    assert page.named("b") == [] and page.named("i") == [] and page.named("marquee") == []
    assert page.named("img") == [] and page.handlers() == []
    for name, _ in CAMPAIGN_GANGS:
        assert name in text
    assert CAMPAIGN in text and "<marquee>hi" in text
    assert "<script>alert(4)</script> said the scribe" in text
    # Standings, in the view's order; territories held; every log line and battle.
    rows = [a for a in page.named("tr") if "data-standing" in a]
    assert len(rows) == len(view["standings"]) == 3
    held = [t for t in view["territories"] if t["holder"] and not t["hideout"]]
    assert f"Territories held ({len(held)})" in text and "Old Ruins" in text
    for entry in view["log"]:
        assert entry["text"] in text
    for battle in view["battles"]:
        assert battle["text"] in text
    # The history: three inline SVG charts, a line per gang that has points.
    charts = [a for a in page.named("figure") if "data-chart" in a]
    assert [c["data-chart"] for c in charts] == ["rating", "wealth", "reputation"]
    gangs_with_history = {point["gang"] for point in view["history"]}
    assert len(page.named("polyline")) == 3 * len(gangs_with_history) > 0
    assert [g["data-gang"] for g in page.named("g")][: len(gangs_with_history)] == sorted(
        gangs_with_history, key=[p["gang"] for p in view["history"]].index
    )


def test_an_html_name_is_a_page_without_the_flag(capsys, campaign_db, out_dir: Path) -> None:
    page = written(capsys, campaign_db, out_dir / "ash.htm")
    assert HOSTILE in page.text


@pytest.mark.parametrize(
    ("name", "campaign", "flags", "message"),
    [
        ("ash.pdf", CAMPAIGN, ("--html",), "ash.pdf: a web page is an .html file"),
        ("ash.txt", CAMPAIGN, (), "ash.txt: a report is a .pdf, .json or .html file"),
        ("ash.html", "Nowhere", ("--html",), "Nowhere"),
        ("gone/ash.html", CAMPAIGN, ("--html",), "does not exist"),
    ],
)
def test_refusals_write_nothing(
    capsys, campaign_db: str, out_dir: Path, name: str, campaign: str, flags, message: str
) -> None:
    code, out, err = run(
        capsys, "campaign", "report", campaign, *flags, "-o", str(out_dir / name),
        "--db", campaign_db,
    )  # fmt: skip
    assert (code, out) == (2, "")
    assert message in err and len(err.strip().splitlines()) == 1, err
    assert list(out_dir.iterdir()) == []
