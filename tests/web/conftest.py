"""Databases for the web page tests: a gang whose text is HTML, a campaign with history."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from gangmanager.content import load_ruleset
from gangmanager.persistence.database import open_database
from gangmanager.rules.gang import Gang
from gangmanager.rules.weapons import Weapon
from gangmanager.services import campaign, gangs
from gangmanager.services.demo import demo_gang
from gangmanager.services.rulesets import Rulesets

HOSTILE = "<img src=x onerror=alert(1)>"
CAMPAIGN = "Ash <b>Wars</b>"
# Three gangs; the first two fight twice.
CAMPAIGN_GANGS = (
    ("<i>Rust</i> & Riders", "orlock"),
    ("Iron Brothers", "goliath"),
    (HOSTILE, "escher"),
)


def hostile_gang(ruleset) -> Gang:
    """Player text that is HTML everywhere it can be: names, notes, a weapon, the stash."""
    gang = demo_gang(ruleset)
    first = gang.fighters[0]
    weapon = first.weapons[0].model_copy(update={"name": "<b>bold</b> gun"})
    first = first.model_copy(
        update={
            "name": HOSTILE,
            "notes": "</article><script>alert(2)</script>",
            "weapons": [weapon, *first.weapons[1:]],
            "skills": [*first.skills, '"><svg onload=alert(3)>'],
        }
    )
    return gang.model_copy(
        update={
            "name": "<i>Riders</i> & Co",
            "notes": "<style>body{display:none}</style>",
            "stash": [Weapon(name="<a href=http://example.com>x</a>", cost=5)],
            "fighters": [first, *gang.fighters[1:]],
        }
    )


@pytest.fixture
def out_dir(tmp_path: Path) -> Path:
    """Where pages are written: a folder of their own, so a refusal's 'nothing' is seen."""
    folder = tmp_path / "out"
    folder.mkdir()
    return folder


@pytest.fixture
def gang_db(tmp_path: Path) -> str:
    """A database holding the hostile gang (the demo gang with HTML for text)."""
    (tmp_path / "db").mkdir()
    return make_gang_db(
        tmp_path / "db" / "gm.sqlite",
        hostile_gang(load_ruleset("n23")),
        Rulesets(tmp_path / "data"),
    )


@pytest.fixture
def campaign_db(tmp_path: Path, rulesets: Rulesets) -> str:
    (tmp_path / "cdb").mkdir()
    return make_campaign_db(tmp_path / "cdb" / "gm.sqlite", rulesets)


def make_gang_db(file: Path, gang: Gang, rulesets: Rulesets) -> str:
    path = str(file)
    database = open_database(f"sqlite:///{path}")
    try:
        gangs.add_gang(database, rulesets, gang)
    finally:
        database.close()
    return path


def make_campaign_db(
    file: Path,
    rulesets: Rulesets,
    name: str = CAMPAIGN,
    members: tuple[tuple[str, str], ...] = CAMPAIGN_GANGS,
    notes: str = "<marquee>hi",
    log_line: str = "<script>alert(4)</script> said the scribe",
) -> str:
    """A Dominion campaign of three gangs, two battles four cycles apart, a territory taken."""
    path = str(file)
    n23 = rulesets.get("n23")
    database = open_database(f"sqlite:///{path}")
    try:
        for gang, house in members:
            gangs.add_gang(
                database, rulesets, demo_gang(n23, house).model_copy(update={"name": gang})
            )
        campaign.create_campaign(database, rulesets, name, starts_on=date(2026, 3, 3), notes=notes)
        for gang, _ in members:
            campaign.add_gang(database, rulesets, name, gang)
        first, second = members[0][0], members[1][0]
        campaign.record_battle(
            database, rulesets, name, [first, second], winner=first,
            scenario="Stand-off", territory="Old Ruins", fought_on=date(2026, 3, 4),
            out_of_action={first: 3, second: 1},
        )  # fmt: skip
        for _ in range(4):  # to the Takeover phase, where a held territory is at stake
            campaign.next_cycle(database, rulesets, name)
        campaign.record_battle(
            database, rulesets, name, [second, first], winner=second,
            territory="Old Ruins", attacker=second, defender=first, fought_on=date(2026, 3, 11),
            collect_income=True,
        )  # fmt: skip
        campaign.add_log_entry(database, rulesets, name, log_line)
    finally:
        database.close()
    return path
