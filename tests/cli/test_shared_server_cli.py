"""A club evening on one PostgreSQL server, through the command line: two players and
the arbitrator, each with their own role (docs/shared-campaign.md).

Alice and Bob bring their gangs, the arbitrator runs the campaign; the players
track one battle between their gangs, each recording their own fighters' events,
the arbitrator records it in the campaign, and each player runs their own
post-battle sequence from it. Needs GANGMANAGER_TEST_PG (see .ci/run).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from gangmanager.cli import main

from ..pg_club import club_server, player_url, role_names

RIDERS = "The Rust Riders"  # alice's
WOLVES = "The Ash Wolves"  # bob's


@pytest.fixture
def urls(pg_admin: str) -> Iterator[dict[str, str]]:
    names = role_names()
    with club_server(pg_admin, names) as url:
        yield {
            "arbitrator": url,
            "alice": player_url(url, names["alice"]),
            "bob": player_url(url, names["bob"]),
        }


class Club:
    def __init__(self, capsys: pytest.CaptureFixture[str], urls: dict[str, str], folder: Path):
        self.capsys, self.urls, self.folder = capsys, urls, folder

    def run(self, who: str, *argv: str) -> tuple[int, str, str]:
        code = main([*argv, "--db", self.urls[who]])
        out, err = self.capsys.readouterr()
        return code, out, err

    def ok(self, who: str, *argv: str) -> str:
        code, out, err = self.run(who, *argv)
        assert (code, err) == (0, ""), f"{who} {argv}: {err}"
        return out

    def refused(self, who: str, *argv: str) -> str:
        code, out, err = self.run(who, *argv)
        assert code == 2 and out == "", f"{who} {argv}: {out}"
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
        return err

    def file(self, name: str, data: object) -> str:
        path = self.folder / name
        path.write_text(json.dumps(data), encoding="utf-8")
        return str(path)


def shown_battle(club: Club) -> int:
    """The id of the campaign's last battle, as `campaign show --json` gives it."""
    shown = json.loads(club.ok("arbitrator", "campaign", "show", "Ash Wars", "--json"))
    return int(shown["battles"][-1]["id"])


SHOT = {
    "event": "attack", "fighter": "Mags Varga", "weapon": "Boltgun",
    "target": f"{WOLVES}/Rook", "range": "short", "firepower": [2], "hit": 4,
    "wound": [3], "injury": ["out_of_action", "seriously_injured"],
}  # fmt: skip


def test_two_players_and_the_arbitrator_play_an_evening_on_one_server(
    capsys: pytest.CaptureFixture[str], urls: dict[str, str], tmp_path: Path
) -> None:
    club = Club(capsys, urls, tmp_path)
    # Each player brings their gang: Alice the demo gang, Bob the same roster renamed.
    club.ok("alice", "demo")
    club.ok("alice", "export", RIDERS, "-o", str(tmp_path / "riders.gang.json"))
    gang = json.loads((tmp_path / "riders.gang.json").read_text("utf-8"))
    club.ok("bob", "import", club.file("wolves.gang.json", {**gang, "name": WOLVES}))
    # The campaign is the arbitrator's.
    club.ok("arbitrator", "campaign", "new", "Ash Wars", "--type", "dominion",
            "--start", "2026-03-03")  # fmt: skip
    for name in (RIDERS, WOLVES):
        club.ok("arbitrator", "campaign", "add", "Ash Wars", name)
    assert "arbitrator" in club.refused("alice", "campaign", "next-cycle", "Ash Wars")

    # The battle: Alice starts it against Bob's gang; each records their own fighters.
    club.ok("alice", "battle", "start", RIDERS, "--crew", "Mags Varga", "Rook",
            "--against", WOLVES, "--against-crew", "Rook", "Dex Hollow")  # fmt: skip
    ammo = {"event": "ammo_test", "fighter": "Dex Hollow", "weapon": "Shotgun",
            "profile": "executioner ammo", "roll": 2}  # fmt: skip
    assert "struck off" in club.ok("bob", "battle", "apply", WOLVES, club.file("a.json", [ammo]))
    club.ok("alice", "battle", "apply", RIDERS, club.file("b.json", [SHOT]))
    pin = {"event": "status", "fighter": f"{RIDERS}/Rook", "status": "pinned"}
    assert f"{RIDERS}/Rook is another player's: on a shared server each player records" in (
        club.refused("bob", "battle", "apply", WOLVES, club.file("c.json", [pin]))
    )
    # Bob's undo would take back Alice's attack: refused; hers removes it.
    assert "the last event (Mags Varga's attack) was recorded by another player" in (
        club.refused("bob", "battle", "undo", WOLVES)
    )
    assert "Undone: attack" in club.ok("alice", "battle", "undo", RIDERS)
    view = json.loads(club.ok("bob", "battle", "show", WOLVES, "--json"))
    assert [e["event"] for e in view["events"]] == ["ammo_test"]
    club.ok("alice", "battle", "apply", RIDERS, club.file("b.json", [SHOT]))
    assert "of each gang" in club.ok("bob", "battle", "end", WOLVES)

    # The arbitrator records it in the campaign: the Riders win the Old Ruins.
    out = club.ok("arbitrator", "campaign", "battle", "Ash Wars", "--from-battle", "1",
                  "--winner", RIDERS, "--territory", "Old Ruins")  # fmt: skip
    assert f"{RIDERS} claims Old Ruins." in out

    # Each player runs their own post-battle sequence from the battle, Bob first.
    wolves = {"result": "loss", "injuries": [{"fighter": "Rook", "roll": 31}],
              "xp": {"Dex Hollow": 1, "Rook": 1}, "income": 0}  # fmt: skip
    # Alice enters her income by hand, tied to the campaign battle.
    riders = {"result": "win", "xp": {"Mags Varga": 3, "Rook": 1}, "income": 25,
              "campaign_battle_id": shown_battle(club)}  # fmt: skip
    out = club.ok("bob", "post-battle", WOLVES, club.file("wolves.json", wolves))
    assert "Attached battle 1" in out and "Battle 1 is done." in out
    assert "Campaign 'Ash Wars': logged" in out
    # Neither runs the other's.
    assert "another player" in club.refused(
        "alice", "post-battle", WOLVES, club.file("w2.json", wolves)
    )
    out = club.ok("alice", "post-battle", RIDERS, club.file("riders.json", riders))
    assert "Attached battle 1" in out and "Battle 1 is done." in out

    # What each wrote is in the campaign, and the arbitrator's records are whole.
    shown = json.loads(club.ok("arbitrator", "campaign", "show", "Ash Wars", "--json"))
    assert [b["battle_id"] for b in shown["battles"]] == [1]
    lines = [(e["kind"], e["text"]) for e in shown["log"]]
    assert ("income", f"{RIDERS} collects 25 credits of income (entered by hand).") in lines
    for name in (RIDERS, WOLVES):
        assert any(k == "post_battle" and t.startswith(f"Post-battle sequence of {name}")
                   for k, t in lines)  # fmt: skip
    points = {(p["label"], p["gang"]) for p in shown["history"]}
    assert {(f"{name}: Update Roster", name) for name in (RIDERS, WOLVES)} <= points
    # The Wolves' Dex: his XP, his executioner ammo gone for good.
    card = json.loads(club.ok("bob", "show", WOLVES, "--json"))
    dex = next(f for f in card["fighters"] if f["name"] == "Dex Hollow")
    assert "executioner ammo" not in json.dumps(dex)
    was = next(f for f in gang["fighters"] if f["name"] == "Dex Hollow")
    assert dex["xp"] == was.get("xp", 0) + 1
