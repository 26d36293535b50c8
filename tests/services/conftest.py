"""Fixtures the service tests share."""

from __future__ import annotations

import pytest

from gangmanager.persistence.database import Database
from gangmanager.services import campaign, gangs
from gangmanager.services.demo import demo_gang
from gangmanager.services.rulesets import Rulesets


@pytest.fixture
def ash_wars(db: Database, rulesets: Rulesets) -> None:
    """The campaign "Ash Wars" with two demo gangs in it: Rust Riders and Iron Brothers."""
    n23 = rulesets.get("n23")
    for name, house in (("Rust Riders", "orlock"), ("Iron Brothers", "goliath")):
        gangs.add_gang(db, rulesets, demo_gang(n23, house).model_copy(update={"name": name}))
    campaign.create_campaign(db, rulesets, "Ash Wars")
    for name in ("Rust Riders", "Iron Brothers"):
        campaign.add_gang(db, rulesets, "Ash Wars", name)
