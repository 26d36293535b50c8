"""The gang's web page as written: escaped, self-contained, the printed card's content."""

from __future__ import annotations

import base64
from datetime import UTC, datetime
from pathlib import Path

import pytest

from gangmanager.cli import main
from gangmanager.content import load_ruleset
from gangmanager.printing import web_page
from gangmanager.printing.card import footnote_lines, glossary_entries
from gangmanager.printing.web_page import PageError, PageImages, gang_page
from gangmanager.rules.gang import Gang
from gangmanager.services.demo import demo_gang

from ..printing.stress import STRESS_NAME, STRESS_SUMMARY, stress_ruleset, with_stress_fighter
from .conftest import HOSTILE, hostile_gang
from .page_checks import PageReader, assert_self_contained

WHEN = datetime(2026, 5, 1, 12, 0, tzinfo=UTC)
# A 1x1 PNG, as a portrait would be given.
PIXEL = (
    "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8"
    "z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="
)


@pytest.fixture
def ruleset():
    return stress_ruleset(load_ruleset("n23"))


@pytest.fixture
def gang(ruleset) -> Gang:
    return with_stress_fighter(demo_gang(ruleset), ruleset)


def test_a_fighter_named_as_html_shows_as_text(ruleset) -> None:
    html = gang_page(hostile_gang(ruleset), ruleset, WHEN)
    page = assert_self_contained(html)
    # No tag came from player text: the only images would be portraits, and there are none.
    assert page.named("img") == [] and page.named("svg") == [] and page.named("i") == []
    assert page.named("style") == [{}]  # ours, in the head
    assert page.handlers() == []
    assert "&lt;img src=x onerror=alert(1)&gt;" in html
    for text in (
        HOSTILE,
        "</article><script>alert(2)</script>",
        "<b>bold</b> gun",
        '"><svg onload=alert(3)>',
        "<i>Riders</i> & Co",
        "<style>body{display:none}</style>",
        "<a href=http://example.com>x</a>",
    ):
        assert text in page.text, text
    # Roster and card: the name is shown twice, both times as text.
    assert page.text.count(HOSTILE) == 2


def test_the_templates_escape_by_default() -> None:
    assert web_page._environment().autoescape is True


def test_the_page_holds_every_card_as_printed(gang, ruleset) -> None:
    page = assert_self_contained(gang_page(gang, ruleset, WHEN))
    text = page.text
    assert text.count(STRESS_NAME) == 2
    assert STRESS_SUMMARY in text
    for fighter in gang.fighters:
        assert f"{fighter.type} · {fighter.category.label}" in text
        for weapon in fighter.weapons:
            assert weapon.name in text
            for profile in weapon.profiles:
                traits = ", ".join(str(t) for t in profile.traits) or "-"
                assert traits in text, (fighter.name, weapon.name, profile.name)
        for name, note in footnote_lines(fighter.effective(ruleset.table)):
            assert f"{name}: {note}" in text
        for name, entry in glossary_entries(fighter, ruleset):
            assert f"{name}: {entry}" in text, name
        for item in (*fighter.skills, *fighter.injuries, *(w.name for w in fighter.wargear)):
            assert item in text
    # One card per fighter, each profile line of each weapon a row of its own.
    cards = [a for a in page.named("article") if "data-fighter" in a]
    assert len(cards) == len(gang.fighters)
    rows = [a for a in page.named("tr") if "data-weapon-profile" in a]
    assert len(rows) == sum(len(w.profiles) for f in gang.fighters for w in f.weapons)


def test_thirty_fighters_stay_under_two_megabytes(ruleset) -> None:
    demo = with_stress_fighter(demo_gang(ruleset), ruleset)
    fighters = [
        f.model_copy(update={"name": f"{f.name} {n}"}) for n in range(5) for f in demo.fighters
    ][:30]
    gang = demo.model_copy(update={"fighters": fighters})
    html = gang_page(gang, ruleset, WHEN)
    assert len(PageReader(html).named("article")) == 30
    assert len(html.encode("utf-8")) < 2_000_000


def test_portrait_slots_take_data_uris_only(gang, ruleset) -> None:
    first = gang.fighters[0].name
    html = gang_page(gang, ruleset, WHEN, PageImages(gang=PIXEL, fighters={first: PIXEL}))
    images = assert_self_contained(html).named("img")
    assert [(i["src"], i["alt"]) for i in images] == [(PIXEL, gang.name), (PIXEL, first)]
    for address in ("http://example.com/face.png", "data:text/html;base64,PGI+", "x.png"):
        with pytest.raises(PageError, match="inline PNG, JPEG or WebP"):
            gang_page(gang, ruleset, WHEN, PageImages(fighters={first: address}))


# -- `gangmanager export GANG --html -o FILE.html` ------------------------------------


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_export_html_writes_the_page(capsys, gang_db: str, out_dir: Path) -> None:
    target = out_dir / "riders.html"
    code, out, err = run(
        capsys, "export", "<i>Riders</i> & Co", "--html", "-o", str(target), "--db", gang_db
    )
    assert (code, out, err) == (0, f"{target}\n", "")
    page = assert_self_contained(target.read_text("utf-8"))
    assert page.text.count(HOSTILE) == 2
    assert [p.name for p in target.parent.iterdir()] == ["riders.html"]


@pytest.mark.parametrize(
    ("name", "gang", "message"),
    [
        ("riders.gang.json", "<i>Riders</i> & Co", "riders.gang.json: a web page is an .html file"),
        ("riders.html", "Nobody", "no gang 'Nobody'"),
        ("missing/riders.html", "<i>Riders</i> & Co", "does not exist"),
    ],
)
def test_export_html_refusals_write_nothing(
    capsys, gang_db: str, out_dir: Path, name: str, gang: str, message: str
) -> None:
    code, out, err = run(
        capsys, "export", gang, "--html", "-o", str(out_dir / name), "--db", gang_db
    )
    assert (code, out) == (2, "")
    assert message in err and len(err.strip().splitlines()) == 1, err
    assert list(out_dir.iterdir()) == []


def test_export_html_never_replaces_the_database(capsys, gang_db: str, out_dir: Path) -> None:
    twin = out_dir / "gm.html"
    twin.write_bytes(Path(gang_db).read_bytes())
    code, _, err = run(capsys, "export", "1", "--html", "-o", str(twin), "--db", gang_db)
    assert code == 2 and "is a database" in err
    assert twin.read_bytes()[:16] == b"SQLite format 3\x00"


def test_the_stored_portraits_are_on_the_page(gang, ruleset) -> None:
    # A portrait set in the card editor or the gang details (issue 30) shows on the
    # page, inlined, without being handed in by the caller.
    png = base64.b64decode(PIXEL.split(",", 1)[1])
    first = gang.fighters[0]
    pictured = gang.model_copy(
        update={
            "portrait": png,
            "fighters": [first.model_copy(update={"portrait": png}), *gang.fighters[1:]],
        }
    )
    images = assert_self_contained(gang_page(pictured, ruleset, WHEN)).named("img")
    assert [(i["src"], i["alt"]) for i in images] == [(PIXEL, gang.name), (PIXEL, first.name)]
    assert assert_self_contained(gang_page(gang, ruleset, WHEN)).named("img") == []
