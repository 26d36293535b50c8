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

from gangmanager.services import gangs
from gangmanager.services.rulesets import Rulesets

from ..pg_club import as_player, two_player_club

RIDERS, WOLVES = "Rust Riders", "Ash Wolves"


@pytest.fixture
def club(pg_admin: str, rulesets: Rulesets) -> Iterator[tuple[str, dict[str, str], dict[str, int]]]:
    with two_player_club(pg_admin, rulesets, {"alice": RIDERS, "bob": WOLVES}) as club:
        yield club


def test_a_player_exports_their_own_gang_and_stamps_no_other(
    club: tuple[str, dict[str, str], dict[str, int]], tmp_path: Path, rulesets: Rulesets
) -> None:
    url, names, ids = club
    alice = as_player(url, names["alice"])
    try:
        target = tmp_path / "riders.gang.json"
        gangs.export_gang(alice, rulesets, RIDERS, target)
        origin = json.loads(target.read_text("utf-8"))["origin"]
        assert len(origin["gang"]) == 32 and origin["version"] >= 1
        # A second export keeps the same identity.
        gangs.export_gang(alice, rulesets, RIDERS, target)
        assert json.loads(target.read_text("utf-8"))["origin"]["gang"] == origin["gang"]
        with pytest.raises(DBAPIError, match="row-level security"), alice.engine.begin() as sql:
            sql.execute(
                text("INSERT INTO gang_files (gang_id, uid) VALUES (:gang, :uid)"),
                {"gang": ids[WOLVES], "uid": "f" * 32},
            )
    finally:
        alice.close()
