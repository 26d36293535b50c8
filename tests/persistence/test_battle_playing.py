"""The battle going on comes folded from the battle repository (`uow.battles.playing`):
the fold the last action kept while nobody wrote since, else folded from the log."""

from __future__ import annotations

from pathlib import Path

from gangmanager.persistence.database import Database, open_database, sqlite_url
from gangmanager.services import battle, gangs
from gangmanager.services.demo import demo_gang
from gangmanager.services.rulesets import Rulesets

from ..statements import statements_sent


def add_demo(db: Database, rulesets: Rulesets) -> int:
    gang_id = gangs.add_gang(db, rulesets, demo_gang(rulesets.get("n23"))).gang.id
    assert gang_id is not None
    return gang_id


def log_reads(statements: list[str]) -> list[str]:
    return [
        s for s in statements if s.lstrip().upper().startswith("SELECT") and "battle_events" in s
    ]


def test_the_fold_an_event_left_is_handed_out_without_reading_the_log(
    tmp_path: Path, rulesets: Rulesets
) -> None:
    with open_database(sqlite_url(tmp_path / "gm.sqlite")) as db:
        gang_id = add_demo(db, rulesets)
        battle.start_battle(db, rulesets, gang_id)
        done = battle.apply_events(db, rulesets, gang_id, [{"event": "wound", "fighter": "Rook"}])
        with db.unit_of_work() as uow, statements_sent(db.engine) as sent:
            playing = uow.battles.playing(gang_id, rulesets.get)
        assert playing is not None
        stored, folded = playing
        assert stored.id == done.record.battle_id and folded.events == done.record.events
        assert folded.state is done.record.state  # the very state the action left
        assert not log_reads(sent)


def test_a_battle_another_wrote_to_is_folded_from_its_log(
    tmp_path: Path, rulesets: Rulesets
) -> None:
    url = sqlite_url(tmp_path / "gm.sqlite")
    with open_database(url) as here, open_database(url) as there:
        gang_id = add_demo(here, rulesets)
        battle.start_battle(here, rulesets, gang_id)
        battle.apply_events(here, rulesets, gang_id, [{"event": "wound", "fighter": "Rook"}])
        battle.apply_events(there, rulesets, gang_id, [{"event": "flesh_wound", "fighter": "Pip"}])
        with here.unit_of_work() as uow, statements_sent(here.engine) as sent:
            playing = uow.battles.playing(gang_id, rulesets.get)
        assert playing is not None
        assert [e.event for e in playing[1].events] == ["wound", "flesh_wound"]
        assert log_reads(sent)
        # Kept: the next read of this opening folds nothing.
        with here.unit_of_work() as uow, statements_sent(here.engine) as sent:
            again = uow.battles.playing(gang_id, rulesets.get)
        assert again is not None and again[1] is playing[1] and not log_reads(sent)


def test_no_battle_going_on_is_none(tmp_path: Path, rulesets: Rulesets) -> None:
    with open_database(sqlite_url(tmp_path / "gm.sqlite")) as db:
        gang_id = add_demo(db, rulesets)
        with db.unit_of_work() as uow:
            assert uow.battles.playing(gang_id, rulesets.get) is None
