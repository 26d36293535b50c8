"""On the club's server a player exports their own gang (the first export gives the
gang its file identity, a row of `gang_files`) and updates it from a file that came
home; they cannot stamp another player's gang. Needs GANGMANAGER_TEST_PG (.ci/run)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError

from gangmanager.persistence.database import open_database
from gangmanager.services import gangs
from gangmanager.services.demo import demo_gang
from gangmanager.services.rulesets import Rulesets

from ..pg_club import as_player, club_server, give, role_names

RIDERS, WOLVES = "Rust Riders", "Ash Wolves"


@pytest.fixture
def club(pg_admin: str, rulesets: Rulesets) -> Iterator[tuple[str, dict[str, str], dict[str, int]]]:
    names = role_names()
    with club_server(pg_admin, names) as url:
        n23 = rulesets.get("n23")
        with open_database(url) as arbitrator:
            ids = {}
            for name in (RIDERS, WOLVES):
                stored = gangs.add_gang(
                    arbitrator, demo_gang(n23).model_copy(update={"name": name})
                )
                assert stored.gang.id is not None
                ids[name] = stored.gang.id
            give(arbitrator, {ids[RIDERS]: names["alice"], ids[WOLVES]: names["bob"]})
        yield url, names, ids


def test_a_player_exports_their_own_gang_and_stamps_no_other(
    club: tuple[str, dict[str, str], dict[str, int]], tmp_path: Path
) -> None:
    url, names, ids = club
    alice = as_player(url, names["alice"])
    try:
        target = tmp_path / "riders.gang.json"
        gangs.export_gang(alice, RIDERS, target)
        origin = json.loads(target.read_text("utf-8"))["origin"]
        assert len(origin["gang"]) == 32 and origin["version"] >= 1
        # A second export keeps the same identity.
        gangs.export_gang(alice, RIDERS, target)
        assert json.loads(target.read_text("utf-8"))["origin"]["gang"] == origin["gang"]
        with pytest.raises(DBAPIError, match="row-level security"), alice.engine.begin() as sql:
            sql.execute(
                text("INSERT INTO gang_files (gang_id, uid) VALUES (:gang, :uid)"),
                {"gang": ids[WOLVES], "uid": "f" * 32},
            )
    finally:
        alice.close()
