"""The pages in a real headless browser (Debian's chromium) at a phone's and a laptop's size.

Each size: the page lays out within the screen's width (no sideways scrolling),
makes no request but its own file, keeps its style (the CSP's hash matches),
shows player text as text, reads with scripts off, prints, and shows the
numbers `show --json` gives. Skipped, saying why, where chromium is absent;
`.ci/run` installs it.
"""

from __future__ import annotations

import base64
import io
import json
from collections.abc import Iterator
from pathlib import Path

import pypdf
import pytest

from gangmanager.cli import main
from gangmanager.content import load_ruleset
from gangmanager.services.rulesets import Rulesets

from ..printing.stress import STRESS_NAME, stress_ruleset, with_stress_fighter
from .conftest import CAMPAIGN, HOSTILE, hostile_gang, make_gang_db
from .headless_browser import (
    DESKTOP,
    PHONE,
    Browser,
    chromium_binary,
    measure_layout,
    page_requests_in_net_log,
)

SIZES = pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["390x844", "1366x768"])
GANG = "<i>Riders</i> & Co"

# What the gang page shows, read from its DOM: the header, the stash, each card.
READ_GANG = """(() => {
  const field = (root, name) => root.querySelector(`[data-field="${name}"]`)?.textContent ?? null;
  const header = document.querySelector('header.gang');
  return {
    gang: Object.fromEntries(['name', 'rating', 'pending_rating', 'wealth', 'credits',
      'reputation'].map((k) => [k, field(header, k)])),
    stash: [...document.querySelectorAll('[data-stash]')].map((li) => [field(li, 'name'),
      field(li, 'cost')]),
    roster: [...document.querySelectorAll('[data-roster]')].map((tr) => [field(tr, 'name'),
      field(tr, 'xp'), field(tr, 'rating')]),
    cards: [...document.querySelectorAll('article[data-fighter]')].map((card) => ({
      name: field(card, 'name'), rating: field(card, 'rating'), xp: field(card, 'xp'),
      cost: field(card, 'cost'), status: field(card, 'status'),
      summary: field(card, 'modifier_summary'),
      profile: Object.fromEntries([...card.querySelectorAll('[data-stat]')].map(
        (td) => [td.dataset.stat, td.textContent])),
      weapons: [...card.querySelectorAll('[data-weapon-profile]')].map(
        (tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)),
    })),
    images: document.images.length,
    scripts: document.scripts.length,
    cardBorder: getComputedStyle(document.querySelector('article.card')).borderTopStyle,
  };
})()"""

READ_CAMPAIGN = """(() => {
  const field = (root, name) => root.querySelector(`[data-field="${name}"]`)?.textContent ?? null;
  const keys = ['gang', 'rating', 'wealth', 'reputation', 'credits', 'territories', 'battles',
    'wins', 'out_of_action'];
  return {
    name: field(document, 'name'),
    standings: [...document.querySelectorAll('[data-standing]')].map(
      (tr) => keys.map((k) => field(tr, k))),
    charts: [...document.querySelectorAll('figure[data-chart] > svg')].map((svg) => {
      const box = svg.getBoundingClientRect();
      return [svg.closest('figure').dataset.chart, Math.round(box.width),
        svg.querySelectorAll('polyline').length];
    }),
    images: document.images.length,
    scripts: document.scripts.length,
  };
})()"""


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    binary = chromium_binary()
    if binary is None:
        pytest.skip("chromium is not installed (apt-get install chromium; .ci/run installs it)")
    chromium = Browser(binary)
    yield chromium
    chromium.close()


def run(capsys, *argv: str) -> str:
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert (code, err) == (0, ""), err
    return out


@pytest.fixture
def gang_page(capsys, tmp_path: Path, out_dir: Path) -> tuple[Path, dict]:
    """The hostile gang with the stress fighter, written by `export --html`; its `show --json`."""
    ruleset = stress_ruleset(load_ruleset("n23"))
    (tmp_path / "db").mkdir()
    db = make_gang_db(
        tmp_path / "db" / "gm.sqlite",
        with_stress_fighter(hostile_gang(ruleset), ruleset),
        Rulesets(tmp_path / "data"),
    )
    target = out_dir / "gang.html"
    run(capsys, "export", GANG, "--html", "-o", str(target), "--db", db)
    return target, json.loads(run(capsys, "show", GANG, "--json", "--db", db))


def assert_quiet(browser: Browser, page_file: Path, loaded) -> None:
    """Only the file itself was requested, and the browser refused nothing."""
    assert loaded.requests == [page_file.resolve().as_uri()] and loaded.blocked == []
    assert [entry for entry in loaded.log if entry["level"] in ("error", "warning")] == []


def assert_fits(browser: Browser, size: tuple[int, int]) -> None:
    layout = measure_layout(browser, size[0])
    assert layout["overflowing"] == []
    assert layout["scrollWidth"] <= layout["innerWidth"] == size[0], layout


@SIZES
def test_gang_page_fits_and_equals_show_json(browser: Browser, gang_page, size) -> None:
    page_file, shown = gang_page
    loaded = browser.open(page_file, size)
    assert_quiet(browser, page_file, loaded)
    assert_fits(browser, size)
    seen = browser.evaluate(READ_GANG)
    assert (seen["images"], seen["scripts"], seen["cardBorder"]) == (0, 0, "solid")
    header = {k: shown[k] for k in ("rating", "wealth", "credits", "reputation")}
    header["name"] = shown["name"]
    if shown["pending_rating"] != shown["rating"]:
        header["pending_rating"] = shown["pending_rating"]
    assert {k: v for k, v in seen["gang"].items() if v is not None} == {
        k: str(v) for k, v in header.items()
    }
    assert seen["stash"] == [[item["name"], str(item["cost"])] for item in shown["stash"]]
    fighters = shown["fighters"]
    assert seen["roster"] == [[f["name"], str(f["xp"]), str(f["rating"])] for f in fighters]
    assert [c["name"] for c in seen["cards"]] == [f["name"] for f in fighters]
    assert (
        HOSTILE in [c["name"] for c in seen["cards"]] and STRESS_NAME in seen["cards"][-1]["name"]
    )
    for card, fighter in zip(seen["cards"], fighters, strict=True):
        assert (card["rating"], card["xp"], card["cost"]) == tuple(
            str(fighter[k]) for k in ("rating", "xp", "cost")
        )
        assert card["profile"] == fighter["profile"]
        assert (card["summary"] or "") == fighter["modifier_summary"]
        assert card["weapons"] == [
            [*(p[k] for k in ("rng_s", "rng_l", "acc_s", "acc_l", "str", "ap", "d", "am")),
             ", ".join(p["traits"]) or "-"]
            for weapon in fighter["weapons"]
            for p in weapon["profiles"]
        ]  # fmt: skip


def test_gang_page_reads_with_scripts_off(browser: Browser, gang_page) -> None:
    page_file, shown = gang_page
    browser.open(page_file, PHONE, scripts=False)
    text = browser.evaluate("document.body.innerText")
    for fighter in shown["fighters"]:
        assert fighter["name"] in text
    assert "Rules glossary" in text


def test_gang_page_prints_from_the_browser(browser: Browser, gang_page) -> None:
    page_file, shown = gang_page
    browser.open(page_file, DESKTOP)
    browser.call("Emulation.setEmulatedMedia", media="print")
    try:
        assert (
            browser.evaluate("getComputedStyle(document.querySelector('article.card')).breakInside")
            == "avoid"
        )
        pdf = browser.call("Page.printToPDF", preferCSSPageSize=True, printBackground=False)
    finally:
        browser.call("Emulation.setEmulatedMedia", media="")
    reader = pypdf.PdfReader(io.BytesIO(base64.b64decode(pdf["data"])))
    text = " ".join(" ".join(page.extract_text() for page in reader.pages).split())
    assert len(reader.pages) > 1
    for fighter in shown["fighters"][:-1]:
        assert fighter["name"] in text


def test_the_policy_stops_a_request_that_would_leave(browser: Browser, gang_page, out_dir) -> None:
    """The check can fail: an outside image is requested without the policy, not with it."""
    page_file, _ = gang_page
    html = page_file.read_text("utf-8")
    leak = '<img src="http://127.0.0.1:9/leak.png" alt="">'
    guarded = out_dir / "guarded.html"
    guarded.write_text(html.replace("<main>", "<main>" + leak, 1), "utf-8")
    open_page = out_dir / "open.html"
    start = html.index('<meta http-equiv="Content-Security-Policy"')
    bare = html[:start] + html[html.index(">", start) + 1 :]
    open_page.write_text(bare.replace("<main>", "<main>" + leak, 1), "utf-8")

    loaded = browser.open(open_page, DESKTOP)
    assert loaded.sent == [open_page.resolve().as_uri(), "http://127.0.0.1:9/leak.png"]
    loaded = browser.open(guarded, DESKTOP)
    assert loaded.sent == [guarded.resolve().as_uri()]
    assert loaded.blocked == [("http://127.0.0.1:9/leak.png", "csp")]
    assert any("Content Security Policy" in entry["text"] for entry in loaded.log), loaded.log


@SIZES
def test_campaign_page_fits_and_equals_show_json(
    browser: Browser, capsys, campaign_db: str, out_dir: Path, size
) -> None:
    page_file = out_dir / "campaign.html"
    run(capsys, "campaign", "report", CAMPAIGN, "--html", "-o", str(page_file), "--db", campaign_db)
    shown = json.loads(run(capsys, "campaign", "show", CAMPAIGN, "--json", "--db", campaign_db))
    loaded = browser.open(page_file, size)
    assert_quiet(browser, page_file, loaded)
    assert_fits(browser, size)
    seen = browser.evaluate(READ_CAMPAIGN)
    assert (seen["name"], seen["images"], seen["scripts"]) == (CAMPAIGN, 0, 0)
    keys = ("gang", "rating", "wealth", "reputation", "credits", "territories", "battles",
            "wins", "out_of_action")  # fmt: skip
    assert seen["standings"] == [[str(s[k]) for k in keys] for s in shown["standings"]]
    lines = len({point["gang"] for point in shown["history"]})
    assert [(key, count) for key, _, count in seen["charts"]] == [
        ("rating", lines), ("wealth", lines), ("reputation", lines)
    ]  # fmt: skip
    assert all(0 < width <= size[0] for _, width, _ in seen["charts"])


def test_chromiums_net_log_sees_no_request_from_the_pages(
    browser: Browser, capsys, gang_page, campaign_db: str, out_dir: Path, tmp_path: Path
) -> None:
    """A browser of its own writes its net log: both pages at both sizes ask the network
    for nothing, while a control page with an outside image (and no policy) is seen."""
    page_file, _ = gang_page
    campaign_file = out_dir / "campaign.html"
    run(capsys, "campaign", "report", CAMPAIGN, "--html", "-o", str(campaign_file),
        "--db", campaign_db)  # fmt: skip
    control = out_dir / "control.html"
    control.write_text('<!DOCTYPE html><img src="http://127.0.0.1:9/control.png" alt="">')
    net_log = tmp_path / "net-log.json"
    logged = Browser(chromium_binary() or "chromium", net_log=net_log)
    try:
        for size in (PHONE, DESKTOP):
            for page in (page_file, campaign_file):
                assert logged.open(page, size).requests == [page.resolve().as_uri()]
        logged.open(control, DESKTOP)
    finally:
        logged.close()
    assert page_requests_in_net_log(net_log) == ["http://127.0.0.1:9/control.png"]
