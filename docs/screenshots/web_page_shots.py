"""The gang and campaign web pages photographed by headless chromium at both sizes.

Writes gang-page-390x844.png, gang-page-390x844-card.png, gang-page-1366x768.png,
gang-page-1366x768-cards.png, campaign-page-390x844.png,
campaign-page-390x844-history.png, campaign-page-1366x768.png and
campaign-page-1366x768-history.png into OUT_DIR (default: this folder). The
pages are written by the commands players run (`export --html`, `campaign
report --html`) from throwaway databases; the browser driver is the one the
tests use (tests/web/headless_browser.py). Needs Debian's `chromium`.

    .venv/bin/python docs/screenshots/web_page_shots.py [OUT_DIR]
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from gangmanager.cli import main as cli  # noqa: E402
from gangmanager.services.demo import demo_gang  # noqa: E402
from gangmanager.services.rulesets import Rulesets  # noqa: E402
from tests.printing.stress import stress_ruleset, with_stress_fighter  # noqa: E402
from tests.web.conftest import make_campaign_db, make_gang_db  # noqa: E402
from tests.web.headless_browser import (  # noqa: E402
    DESKTOP,
    PHONE,
    Browser,
    chromium_binary,
    measure_layout,
)

GANG = "The Rust Riders"
CAMPAIGN = "Ash Wars"
MEMBERS = (("The Rust Riders", "orlock"), ("Iron Brothers", "goliath"), ("Cinder Queens", "escher"))


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else Path(__file__).resolve().parent
    binary = chromium_binary()
    if binary is None:
        print("chromium is not installed (apt-get install chromium)", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        rulesets = Rulesets(tmp / "data")
        ruleset = stress_ruleset(rulesets.get("n23"))
        db = make_gang_db(tmp / "gang.sqlite", with_stress_fighter(demo_gang(ruleset), ruleset))
        gang_page = tmp / "gang.html"
        cli(["export", GANG, "--html", "-o", str(gang_page), "--db", db])
        cdb = make_campaign_db(
            tmp / "campaign.sqlite",
            rulesets,
            CAMPAIGN,
            MEMBERS,
            "Old Ruins is the prize of the first cycle.",
            "The arbitrator rules the tunnel collapse a draw.",
        )
        campaign_page = tmp / "campaign.html"
        cli(["campaign", "report", CAMPAIGN, "--html", "-o", str(campaign_page), "--db", cdb])
        browser = Browser(binary)
        try:
            for size in (PHONE, DESKTOP):
                label = f"{size[0]}x{size[1]}"
                for page, stem, anchor, suffix in (
                    (gang_page, "gang-page", "fighter-1" if size == PHONE else "cards", "card"),
                    (campaign_page, "campaign-page", "history", "history"),
                ):
                    browser.open(page, size)
                    print(stem, label, measure_layout(browser, size[0]))
                    browser.screenshot(out / f"{stem}-{label}.png")
                    browser.evaluate(f"document.getElementById('{anchor}').scrollIntoView()")
                    extra = f"{suffix}s" if stem == "gang-page" and size == DESKTOP else suffix
                    browser.screenshot(out / f"{stem}-{label}-{extra}.png")
        finally:
            browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
