"""Grab the campaign view and the history chart at 1280x800 for the docs.

    QT_QPA_PLATFORM=offscreen python docs/screenshots/campaign_shots.py docs/screenshots

Builds a throwaway database in a temporary folder with a three-gang Dominion
campaign played over all its cycles (the player's own database is never
touched), and saves campaign-view.png and campaign-history.png into the
folder given. `--report FILE.pdf` also writes that campaign's report.
It also grabs the overview at the laptop size, 1366x768, of the bench's
campaigns of 5 gangs / 50 battles and 50 gangs / 500 battles
(campaign-view-1366x768-5-gangs.png, campaign-view-1366x768-50-gangs.png).
"""

from __future__ import annotations

import os
import sys
import tempfile
from datetime import date, timedelta
from pathlib import Path

from gangmanager.rules import ratings
from gangmanager.rules.dice import RandomDice
from gangmanager.rules.gang import Gang
from gangmanager.services import campaign as service
from gangmanager.services import gangs
from gangmanager.services.databases import Database, open_url, sqlite_url
from gangmanager.services.demo import demo_gang
from gangmanager.services.rulesets import Rulesets

SIZE = (1280, 800)
LAPTOP = (1366, 768)
# (gangs, battles) of the laptop-size grabs: the bench's two campaign sizes.
LAPTOP_CAMPAIGNS = ((5, 50), (50, 500))
START = date(2026, 3, 3)

# (cycle, attacker, defender, winner, territory, scenario, out of action by attacker/defender)
BATTLES: tuple[tuple[int, str, str, str | None, str | None, str, tuple[int, int]], ...] = (
    (1, "Iron Brothers", "The Rust Riders", "Iron Brothers", "Fighting Pit", "Stand-off", (3, 1)),
    (1, "Night Veils", "Iron Brothers", "Night Veils", "Narco Den", "Ambush", (2, 2)),
    (2, "The Rust Riders", "Night Veils", "The Rust Riders", "Mine Workings", "Sabotage", (2, 0)),
    (2, "Iron Brothers", "Night Veils", "Iron Brothers", "Slag Furnace", "Stand-off", (4, 1)),
    (3, "The Rust Riders", "Iron Brothers", None, "Toll Crossing", "Looters", (1, 1)),
    (3, "Night Veils", "The Rust Riders", "Night Veils", "Synth Still", "Ambush", (3, 2)),
    (5, "The Rust Riders", "Iron Brothers", "The Rust Riders", "Fighting Pit", "Stand-off", (2, 3)),
    (6, "Iron Brothers", "Night Veils", "Iron Brothers", "Narco Den", "Sabotage", (3, 1)),
    (7, "Night Veils", "The Rust Riders", "Night Veils", "Mine Workings", "Ambush", (2, 2)),
)


def _recruit(db: Database, name: str, number: int) -> None:
    """A post-battle in brief: hire a copy of the last ganger, then Update Roster."""
    gang = gangs.load_gang(db, name)
    model = gang.fighters[-2]
    cost = ratings.fighter_cost(model)
    if gang.credits < cost:
        return
    recruit = model.model_copy(update={"id": None, "name": f"{model.name} {number}", "xp": 0})
    updated: Gang = gang.model_copy(
        update={"fighters": [*gang.fighters, recruit], "credits": gang.credits - cost}
    )
    with db.unit_of_work() as uow:
        uow.gangs.replace(ratings.update_roster(updated))
        uow.commit()


def build_sample_campaign(db: Database, rulesets: Rulesets) -> int:
    """The 'Ash Wars' campaign: three gangs, nine battles, ended; returns its id."""
    n23 = rulesets.get("n23")
    made = {
        "The Rust Riders": demo_gang(n23, "orlock"),
        "Iron Brothers": demo_gang(n23, "goliath"),
        "Night Veils": demo_gang(n23, "orlock").model_copy(update={"house": "Escher"}),
    }
    for name, gang in made.items():
        gangs.add_gang(db, rulesets, gang.model_copy(update={"name": name}))
    created = service.create_campaign(
        db,
        rulesets,
        "Ash Wars",
        starts_on=START,
        ends_on=START + timedelta(weeks=7),
        notes="Sector 13 of the Badzones, Tuesday nights at the club. Downtime in week 4.",
    )
    for name in made:
        service.add_gang(db, rulesets, "Ash Wars", name)
    dice = RandomDice(seed=13)
    cycle = 1
    for number, (when, attacker, defender, winner, territory, scenario, ooa) in enumerate(
        BATTLES, start=1
    ):
        while cycle < when:
            service.next_cycle(db, rulesets, "Ash Wars")
            cycle += 1
        service.record_battle(
            db,
            rulesets,
            "Ash Wars",
            [attacker, defender],
            winner=winner,
            attacker=attacker,
            defender=defender,
            scenario=scenario,
            territory=territory,
            fought_on=START + timedelta(weeks=when - 1, days=number % 3),
            out_of_action={attacker: ooa[0], defender: ooa[1]},
            collect_income=True,
            dice=dice,
        )
        if number % 2 == 0:
            _recruit(db, winner or attacker, number)
            service.record_snapshot(db, rulesets, "Ash Wars", f"Update Roster {number}")
    service.end_campaign(db, rulesets, "Ash Wars")
    assert created.campaign.id is not None
    return created.campaign.id


def main(argv: list[str]) -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from gangmanager.gui.campaign.campaign_window import CampaignWindow

    args = list(argv)
    report: Path | None = None
    if "--report" in args:
        at = args.index("--report")
        report = Path(args[at + 1])
        del args[at : at + 2]
    out = Path(args[0] if args else "docs/screenshots")
    out.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance() or QApplication(sys.argv[:1])
    with tempfile.TemporaryDirectory() as tmp:
        rulesets = Rulesets(Path(tmp) / "data")
        with open_url(sqlite_url(Path(tmp) / "campaign.sqlite")) as db:
            campaign_id = build_sample_campaign(db, rulesets)
            if report is not None:
                print(service.write_report(db, rulesets, str(campaign_id), report))
            window = CampaignWindow(db, rulesets, campaign_id)
            window.resize(*SIZE)
            window.show()
            for _ in range(5):
                app.processEvents()
            for index, name in ((0, "campaign-view.png"), (1, "campaign-history.png")):
                window.tabs.setCurrentIndex(index)
                for _ in range(5):
                    app.processEvents()
                path = out / name
                if not window.grab().save(str(path)):
                    raise OSError(f"cannot write {path}")
                print(path)
            window.close()
        for gangs, battles in LAPTOP_CAMPAIGNS:
            print(grab_big_campaign(Path(tmp), out, gangs, battles))
    return 0


def grab_big_campaign(tmp: Path, out: Path, gangs: int, battles: int) -> Path:
    """The overview of a campaign of `gangs` gangs and `battles` battles at 1366x768."""
    from PySide6.QtWidgets import QApplication

    # The bench's campaign builder lives at the repository root, beside the package.
    root = str(Path(__file__).resolve().parents[2])
    if root not in sys.path:
        sys.path.insert(0, root)
    from bench.campaign_data import make_campaign_db
    from bench.common import Bench
    from gangmanager.gui.campaign.campaign_window import CampaignWindow

    bench = Bench(tmp)
    database = tmp / f"big-{gangs}.sqlite"
    campaign_id = make_campaign_db(bench, database, gangs=gangs, battles=battles)
    with open_url(sqlite_url(database)) as db:
        window = CampaignWindow(db, bench.rulesets, campaign_id)
        window.resize(*LAPTOP)
        window.show()
        for _ in range(5):
            QApplication.processEvents()
        path = out / f"campaign-view-{LAPTOP[0]}x{LAPTOP[1]}-{gangs}-gangs.png"
        if not window.grab().save(str(path)):
            raise OSError(f"cannot write {path}")
        window.close()
    return path


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
