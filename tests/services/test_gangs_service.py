from __future__ import annotations

import pytest

from gangmanager.persistence.database import open_database
from gangmanager.rules import ratings, roster_ops
from gangmanager.rules.gang import Category
from gangmanager.services import gangs
from gangmanager.services.demo import demo_gang
from gangmanager.services.errors import ServiceError, UnknownGangError
from gangmanager.services.gang_view import gang_view
from gangmanager.services.rulesets import Rulesets

from ..statements import statements_sent


def test_demo_gang_is_founded_within_budget(rulesets: Rulesets) -> None:
    n23 = rulesets.get("n23")
    gang = demo_gang(n23)
    assert [f.category for f in gang.fighters].count(Category.LEADER) == 1
    # Founding committed every rating; the veteran's advancement is pending on top.
    assert gang.rating == sum(f.rating or 0 for f in gang.fighters)
    spent = sum(ratings.fighter_cost(f) for f in gang.fighters) - 10
    assert gang.credits == n23.founding_credits - spent
    assert all(w.profiles for f in gang.fighters for w in f.weapons)


def test_add_gang_renames_a_taken_name_and_reports_changes(
    database_url: str, rulesets: Rulesets
) -> None:
    with open_database(database_url) as db:
        first = gangs.add_gang(db, rulesets, demo_gang(rulesets.get("n23")))
        second = gangs.add_gang(db, rulesets, demo_gang(rulesets.get("n23")))
        assert first.renamed_from is None
        assert (second.gang.name, second.renamed_from) == ("The Rust Riders (2)", "The Rust Riders")
        assert second.changes.gangs_added == (second.gang.id,)
        assert second.changes.gang_list
        assert [s.name for s in gangs.list_gangs(db)] == ["The Rust Riders", "The Rust Riders (2)"]
        with pytest.raises(UnknownGangError, match="The Rust Riders"):
            gangs.load_gang(db, "Nobody")


def test_opening_a_gang_takes_the_same_few_statements_for_3_or_30_fighters(
    database_url: str, rulesets: Rulesets
) -> None:
    base = demo_gang(rulesets.get("n23"))
    small = base.model_copy(update={"name": "Small", "fighters": base.fighters[:3]})
    big = base.model_copy(
        update={
            "name": "Big",
            "fighters": [
                f.model_copy(update={"name": f"{f.name} {n}"})
                for n in range(5)
                for f in base.fighters
            ],
        }
    )
    with open_database(database_url) as db:
        gangs.add_gang(db, rulesets, small)
        gangs.add_gang(db, rulesets, big)
        counts = []
        for name in ("Small", "Big"):
            with statements_sent(db.engine, commits=False) as statements:
                gang = gangs.load_gang(db, name)
            counts.append(len(statements))
        assert len(gang.fighters) == 30
        assert counts[0] == counts[1] <= 10


def test_gang_view_uses_committed_and_pending(rulesets: Rulesets) -> None:
    n23 = rulesets.get("n23")
    gang = roster_ops.remove_profile(demo_gang(n23), 1, 0, "executioner ammo")
    view = gang_view(gang, n23)
    sergeant = view["fighters"][1]
    assert sergeant["rating"] == gang.fighters[1].rating
    assert sergeant["pending_rating"] == sergeant["rating"] - 20
    assert view["pending_rating"] == view["rating"] - 20
    assert [p["name"] for p in sergeant["weapons"][0]["profiles"]] == ["solid ammo", "scatter ammo"]


def test_unknown_ruleset_is_a_service_error(rulesets: Rulesets) -> None:
    with pytest.raises(ServiceError, match="available: house-a, house-b, n23"):
        rulesets.get("no-such-pack")
