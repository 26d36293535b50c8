"""SIGKILL at 50 random moments of real work: nothing lost, nothing half-written.

A driver subprocess (driver.py) applies roster edits, battle events and
post-battle drafts in a loop, one transaction per action, and logs each
commit twice: `intent` (the digest of the database as the transaction is
about to commit it) before the COMMIT, `done` after it returned. The test
kills its worker with SIGKILL, then checks the database file as it is left:
`PRAGMA integrity_check` and `PRAGMA foreign_key_check` pass, and the whole
database equals either the state after the last `done` or the state of the
one `intent` after it (committed, killed before its `done`), never anything
else; the facts that action logged hold. The next worker resumes on the
same file. docs/crash-safety.md explains why this comparison is sound.
"""

from __future__ import annotations

import os
import random
import select
import signal
import sqlite3
import subprocess
import sys
import time
from collections import Counter
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO

import pytest

from gangmanager.persistence.database import open_database, sqlite_url
from gangmanager.services import battle, gangs
from gangmanager.services.rulesets import Rulesets

from .crash_log import (
    Fact,
    append,
    connect_read_only,
    digest,
    problems,
    read_log,
    snapshot_digest,
    wrong_facts,
)

DRIVER = Path(__file__).with_name("driver.py")
KILLS = 50
# Kills per driver process: each worker is forked from a driver that imported the app
# once (about a second on 2 cores); the driver itself is restarted between batches.
KILLS_PER_DRIVER = 10
# Actions in one round of the driver's loop (driver.CYCLE).
CYCLE_LENGTH = 13
SEED = os.environ.get("GANGMANAGER_CRASH_SEED", "9")
# Guards against a hung driver; never a measure of speed.
SILENCE_LIMIT = 120.0


class Driver:
    """driver.py as a subprocess, spoken to line by line."""

    def __init__(self, db: Path, log: Path, stderr: BinaryIO) -> None:
        self._stderr_path = Path(stderr.name)
        self.process = subprocess.Popen(
            [sys.executable, str(DRIVER), str(db), str(log), SEED],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=stderr,
        )
        self._buffer = b""
        # The worker not yet reaped: its pid cannot be reused, so killing it is safe.
        self.worker: int | None = None
        self.read_until("driver")

    def stderr(self) -> str:
        return self._stderr_path.read_text(encoding="utf-8", errors="replace")[-4000:]

    def line(self) -> list[str]:
        assert self.process.stdout is not None
        while b"\n" not in self._buffer:
            ready, _, _ = select.select([self.process.stdout], [], [], SILENCE_LIMIT)
            if not ready:
                pytest.fail(f"the driver said nothing for {SILENCE_LIMIT} s:\n{self.stderr()}")
            chunk = os.read(self.process.stdout.fileno(), 65536)
            if not chunk:
                pytest.fail(f"the driver ended unexpectedly:\n{self.stderr()}")
            self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line.decode().split()

    def read_until(self, word: str) -> list[str]:
        """The next line starting with `word`, skipping the `commit` notices before it."""
        while (words := self.line())[0] != word:
            if words[0] == "failed":
                pytest.fail(f"the worker failed:\n{self.stderr()}")
            assert words[0] == "commit", f"unexpected line from the driver: {words}"
        return words

    def send(self, command: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(f"{command}\n".encode())
        self.process.stdin.flush()

    def run(self, limit: int | None = None) -> int:
        """Start a worker; returns the action it will do first."""
        self.send("run" if limit is None else f"run {limit}")
        _, pid, first = self.read_until("ready")
        self.worker = int(pid)
        return int(first)

    def kill_worker(self) -> None:
        assert self.worker is not None
        os.kill(self.worker, signal.SIGKILL)

    def reap(self) -> int:
        """Wait for the worker to end; its exit code (-9 when killed)."""
        assert self.worker is not None
        self.send("wait")
        _, pid, code = self.read_until("exit")
        assert int(pid) == self.worker
        self.worker = None
        return int(code)

    def close(self) -> None:
        """End the worker (if any) and the driver, without reading: this may run after a failure."""
        if self.process.poll() is None:
            if self.worker is not None:
                os.kill(self.worker, signal.SIGKILL)
                self.send("wait")
                self.worker = None
            self.send("quit")
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


@dataclass
class Ledger:
    """What the test knows of the database between kills."""

    # The digest found after the last kill (None before the first worker).
    observed: str | None = None
    # The action the next worker must start with.
    next: int = 1
    # What the last committed action made true.
    facts: list[Fact] = field(default_factory=list)
    committed: Counter[str] = field(default_factory=Counter)
    outcomes: Counter[str] = field(default_factory=Counter)
    # Every digest the log mentions -> the action after which it was the state.
    history: dict[str, int] = field(default_factory=dict)

    def summary(self) -> str:
        actions = ", ".join(f"{name}: {count}" for name, count in sorted(self.committed.items()))
        kills = ", ".join(f"{name}: {count}" for name, count in sorted(self.outcomes.items()))
        return f"seed {SEED}; kills: {kills}; actions committed: {actions}"


# How a kill left the database (each one allowed).
NO_PENDING = "no action pending: killed before its intent (or between actions)"
NOT_COMMITTED = "intent logged, commit not durable: killed at the COMMIT"
NOT_LOGGED = "committed, killed before its done line"


def check(ledger: Ledger, db: Path, log: Path, *, killed: bool) -> str:
    """Compare the database left behind with the log of the worker that just ended.

    Returns how the kill left it; raises AssertionError for anything not allowed.
    """
    records = read_log(log)
    starts = [i for i, r in enumerate(records) if r["kind"] == "start"]
    assert starts, "the worker logged no start"
    start, *run = records[starts[-1] :]
    assert start["next"] == ledger.next, f"the worker resumed at {start['next']}, not {ledger.next}"
    if ledger.observed is not None:
        assert start["digest"] == ledger.observed, "reopening the database changed its content"
    ledger.history.setdefault(start["digest"], start["next"] - 1)

    base, facts = start["digest"], ledger.facts
    pending: dict[str, Any] | None = None
    for record in run:
        if record["kind"] == "intent":
            assert pending is None, f"two intents without a done: {record['n']}"
            assert record["n"] == ledger.next, f"intent {record['n']}, expected {ledger.next}"
            pending = record
        else:
            assert record["kind"] == "done", f"unexpected record {record}"
            assert pending is not None and record["n"] == pending["n"], f"stray {record}"
            assert record["digest"] == pending["digest"], f"action {record['n']}: done != intent"
            base, facts = record["digest"], pending["facts"]
            ledger.history[base] = record["n"]
            ledger.committed[pending["action"]] += 1
            ledger.next += 1
            pending = None

    with closing(connect_read_only(db)) as connection:
        found = problems(connection)
        assert found == [], f"the database is damaged after a kill: {found}; {ledger.summary()}"
        connection.execute("BEGIN")
        now = digest(connection)
        if pending is not None and now == pending["digest"]:
            outcome, facts = NOT_LOGGED, pending["facts"]
            ledger.history[now] = pending["n"]
            ledger.committed[pending["action"]] += 1
            ledger.next += 1
        elif now == base:
            outcome = NOT_COMMITTED if pending is not None else NO_PENDING
        else:
            raise AssertionError(_mismatch(ledger, pending, now))
        wrong = wrong_facts(connection, facts)
        connection.execute("COMMIT")
    assert wrong == [], f"{outcome}: the last committed action is not all there: {wrong}"
    if killed:
        ledger.outcomes[outcome] += 1
    else:
        assert pending is None, "a worker that stopped cleanly left an action half logged"
    ledger.observed, ledger.facts = now, facts
    return outcome


def _mismatch(ledger: Ledger, pending: dict[str, Any] | None, now: str) -> str:
    last = ledger.next - 1
    expected = f"after action {last}" + (f" or after action {pending['n']}" if pending else "")
    older = ledger.history.get(now)
    if older is not None:
        found = f"the state after action {older}: committed actions were lost"
    else:
        found = "a state the log never recorded: an action is half there"
    return f"after the kill the database should be {expected}, it is {found}; {ledger.summary()}"


def test_sigkill_at_50_moments_loses_no_committed_action_and_leaves_none_half_done(
    tmp_path: Path,
) -> None:
    db, log = tmp_path / "gangs.sqlite", tmp_path / "crash.log"
    ledger = Ledger()
    rng = random.Random(SEED)
    kills = 0
    with (tmp_path / "driver-stderr.txt").open("wb") as stderr:
        while kills < KILLS:
            driver = Driver(db, log, stderr)
            try:
                for _ in range(min(KILLS_PER_DRIVER, KILLS - kills)):
                    driver.run()
                    if kills % 2 == 0:
                        # Anywhere: planning, inside a transaction, writing the log...
                        time.sleep(rng.uniform(0.05, 0.6))
                    else:
                        # Aimed at a COMMIT: its notice comes right before sqlite3 commits.
                        for _ in range(rng.randint(1, 15)):
                            driver.read_until("commit")
                        _spin(rng.uniform(0.0, 0.0005))
                    driver.kill_worker()
                    code = driver.reap()
                    assert code == -signal.SIGKILL, f"the worker failed:\n{driver.stderr()}"
                    kills += 1
                    check(ledger, db, log, killed=True)
                if kills == KILLS:
                    # One whole round of the loop more, ended cleanly: the loop goes on.
                    driver.run(limit=CYCLE_LENGTH)
                    assert driver.reap() == 0, f"the worker failed:\n{driver.stderr()}"
                    check(ledger, db, log, killed=False)
            finally:
                driver.close()
    print(ledger.summary())
    assert sum(ledger.outcomes.values()) == KILLS

    # The app opens what is left and reads it like any other database.
    database = open_database(sqlite_url(db))
    try:
        (summary,) = gangs.list_gangs(database)
        assert len(gangs.load_gang(database, str(summary.id)).fighters) == 6
        battle.open_battle(database, Rulesets(tmp_path / "data"), summary.id)
    finally:
        database.close()


def _spin(seconds: float) -> None:
    """A pause shorter than sleep() can be trusted with."""
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        pass


# -- the check itself: exactly the allowed outcomes pass ---------------------------------

# A tiny database taken through two "actions"; the states each step leaves.
STEPS = (
    "CREATE TABLE gangs (id INTEGER PRIMARY KEY, name TEXT);"
    " CREATE TABLE fighters (id INTEGER PRIMARY KEY, gang_id INTEGER REFERENCES gangs (id))",
    "INSERT INTO gangs VALUES (1, 'a')",
    "UPDATE gangs SET name = 'b' WHERE id = 1",
)
NAME = "SELECT name FROM gangs WHERE id = ?"


def _database(path: Path, steps: int, *extra: str) -> str:
    """The database after the first `steps` steps (and any extra SQL); its digest."""
    path.unlink(missing_ok=True)
    with closing(sqlite3.connect(path)) as connection:
        connection.execute("PRAGMA journal_mode=WAL")
        for script in (*STEPS[:steps], *extra):
            connection.executescript(script)
        connection.commit()
    return snapshot_digest(path)


def _log(path: Path, digests: list[str], claimed_name: str = "b") -> None:
    """Action 1 done, action 2 intended (what a kill at action 2's COMMIT leaves)."""
    records = [
        {"kind": "start", "next": 1, "digest": digests[0]},
        {"kind": "intent", "n": 1, "action": "add", "digest": digests[1], "facts": [[NAME, [1], "a"]]},
        {"kind": "done", "n": 1, "digest": digests[1]},
        {"kind": "intent", "n": 2, "action": "rename", "digest": digests[2],
         "facts": [[NAME, [1], claimed_name]]},
    ]  # fmt: skip
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND)
    try:
        for record in records:
            append(fd, record)
    finally:
        os.close(fd)


@pytest.mark.parametrize(
    ("steps", "extra", "outcome"),
    [(2, (), NOT_COMMITTED), (3, (), NOT_LOGGED)],
)
def test_the_check_accepts_the_state_before_or_after_the_pending_action(
    tmp_path: Path, steps: int, extra: tuple[str, ...], outcome: str
) -> None:
    db, log = tmp_path / "s.sqlite", tmp_path / "s.log"
    _log(log, [_database(db, n) for n in (1, 2, 3)])
    _database(db, steps, *extra)
    ledger = Ledger()
    assert check(ledger, db, log, killed=True) == outcome
    assert ledger.next == steps  # The action the next worker must start with.


@pytest.mark.parametrize(
    ("steps", "extra", "claimed", "refusal"),
    [
        # Action 1 was logged done, the database no longer holds it.
        (1, (), "b", "it is the state after action 0: committed actions were lost"),
        # Something the log never recorded: half an action.
        (2, ("INSERT INTO gangs VALUES (2, 'x')",), "b", "an action is half there"),
        # The digest matches but the action's own facts do not hold.
        (3, (), "c", "the last committed action is not all there"),
        (2, ("INSERT INTO fighters VALUES (1, 99)",), "b", "damaged after a kill.*foreign_key"),
    ],
)
def test_the_check_refuses_a_lost_half_or_damaged_action(
    tmp_path: Path, steps: int, extra: tuple[str, ...], claimed: str, refusal: str
) -> None:
    db, log = tmp_path / "s.sqlite", tmp_path / "s.log"
    _log(log, [_database(db, n) for n in (1, 2, 3)], claimed_name=claimed)
    _database(db, steps, *extra)
    with pytest.raises(AssertionError, match=refusal):
        check(Ledger(), db, log, killed=True)
