"""The crash test's subprocess: real user actions in a loop, one transaction each, logged.

    python tests/crash/driver.py DB LOG SEED

It imports the app once, then serves the test over stdin and stdout. `run`
forks a worker that opens the database, works out where the loop stands,
and applies actions until it is killed; `run K` a worker that stops cleanly
after K actions; `wait` (after either) reaps the worker; `quit` ends the
driver. Forking keeps the import cost out of each of the fifty kills; each
worker is a new process that opens the database itself, so a kill is exactly
a kill of the app in the middle of its work.

Lines on stdout (each one `write`, so they never interleave):

    driver <pid>            imported, waiting for a command
    ready <pid> <N>         a worker opened the database, logged `start`; N is its next action
    commit <N>              action N's intent is durable; its COMMIT starts now
    failed <pid>            the worker hit an error (traceback on stderr) and ends
    exit <pid> <code>       a worker was reaped: -9 killed, 0 stopped after K, 1 an error

Each action is one call of a service (`roster.apply`, `battle.*`,
`post_battle.*`); a listener on the engine's COMMIT writes the `intent`
record (see crash_log.py) and refuses a second COMMIT in the same action:
an action split over two transactions could be left half done by a kill.
"""

from __future__ import annotations

import os
import random
import signal
import sys
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from crash_log import (  # type: ignore[import-not-found]  # beside this script, on sys.path
    Fact,
    append,
    digest,
    read_log,
    snapshot_digest,
    trim_partial_line,
)
from sqlalchemy import Connection, event

from gangmanager.persistence.database import Database, open_database, sqlite_url
from gangmanager.rules.gang import Gang
from gangmanager.rules.post_battle import apply_draft
from gangmanager.rules.ruleset import Ruleset
from gangmanager.rules.weapons import Weapon, WeaponProfile
from gangmanager.services import battle, gangs, post_battle, roster
from gangmanager.services.demo import demo_gang
from gangmanager.services.rulesets import Rulesets

RULESET = "n23"
# Demo roster positions (demo.py): the fighters the loop works on.
DEX, ROOK, BRANN, PIP = 1, 2, 4, 5
LIMITED_WEAPON, LIMITED_PROFILE = "Shotgun", "executioner ammo"
BOUGHT = "Lasgun"


class DriverError(Exception):
    """The loop cannot go on: an action broke the one-transaction rule or the log."""


def say(line: str) -> None:
    os.write(1, (line + "\n").encode())


@dataclass(frozen=True)
class Action:
    name: str
    run: Callable[[], object]
    # What the action makes true (crash_log.Fact): checked by the test after a kill.
    facts: list[Fact]


@dataclass(frozen=True)
class Scene:
    """What an action is planned from: the database as it is before it."""

    n: int
    db: Database
    rulesets: Rulesets
    ruleset: Ruleset
    gang: Gang
    rng: random.Random

    @property
    def gang_id(self) -> int:
        assert self.gang.id is not None
        return self.gang.id

    def fighter_id(self, position: int) -> int:
        fighter_id = self.gang.fighters[position].id
        assert fighter_id is not None
        return fighter_id

    def credits_fact(self, delta: int) -> Fact:
        return ("SELECT credits FROM gangs WHERE id = ?", [self.gang_id], self.gang.credits + delta)


# ------------------------------------------------------------------ the loop's actions


def rename(s: Scene) -> Action:
    name = f"Rook {s.n}"
    fighter_id = s.fighter_id(ROOK)
    command = roster.EditFighter(s.gang_id, fighter_id, {"name": name})
    facts: list[Fact] = [("SELECT name FROM fighters WHERE id = ?", [fighter_id], name)]
    return Action("rename a fighter", lambda: roster.apply(s.db, command, s.rulesets), facts)


def add_xp(s: Scene) -> Action:
    position = s.rng.randrange(len(s.gang.fighters))
    fighter = s.gang.fighters[position]
    xp = fighter.xp + s.rng.randint(1, 3)
    command = roster.EditFighter(s.gang_id, s.fighter_id(position), {"xp": xp})
    facts: list[Fact] = [("SELECT xp FROM fighters WHERE id = ?", [fighter.id], xp)]
    return Action("add XP", lambda: roster.apply(s.db, command, s.rulesets), facts)


def buy_weapon(s: Scene) -> Action:
    armoury = next(w for w in s.ruleset.weapons if w.name == BOUGHT)
    weapon = Weapon(
        name=armoury.name, cost=armoury.cost, profiles=[p for p in armoury.profiles if not p.cost]
    )
    fighter_id = s.fighter_id(BRANN)
    carried = len(s.gang.fighters[BRANN].weapons)
    command = roster.BuyWeapon(s.gang_id, fighter_id, weapon, pay=True)
    facts: list[Fact] = [
        ("SELECT count(*) FROM weapons WHERE fighter_id = ?", [fighter_id], carried + 1),
        (
            "SELECT name FROM weapons WHERE fighter_id = ? ORDER BY position DESC LIMIT 1",
            [fighter_id],
            BOUGHT,
        ),
        s.credits_fact(-weapon.total_cost),
    ]
    return Action("buy a weapon", lambda: roster.apply(s.db, command, s.rulesets), facts)


def sell_weapon(s: Scene) -> Action:
    fighter_id = s.fighter_id(BRANN)
    weapons = s.gang.fighters[BRANN].weapons
    if weapons[-1].name != BOUGHT:
        raise DriverError(f"action {s.n}: expected {BOUGHT} last on Brann's card")
    refund = weapons[-1].total_cost // 2
    command = roster.RemoveWeapon(s.gang_id, fighter_id, len(weapons) - 1, refund=refund)
    facts: list[Fact] = [
        ("SELECT count(*) FROM weapons WHERE fighter_id = ?", [fighter_id], len(weapons) - 1),
        s.credits_fact(refund),
    ]
    return Action("sell a weapon", lambda: roster.apply(s.db, command, s.rulesets), facts)


def restock(s: Scene) -> Action:
    """Buy the Limited ammo back if the last battle lost it, else write a note."""
    fighter = s.gang.fighters[DEX]
    index = next(i for i, w in enumerate(fighter.weapons) if w.name == LIMITED_WEAPON)
    if fighter.weapons[index].profile(LIMITED_PROFILE) is not None:
        notes = f"Ammo checked before action {s.n}"
        edit = roster.EditGang(s.gang_id, {"notes": notes})
        facts: list[Fact] = [("SELECT notes FROM gangs WHERE id = ?", [s.gang_id], notes)]
        return Action("edit the gang", lambda: roster.apply(s.db, edit, s.rulesets), facts)
    profile = _armoury_profile(s.ruleset, LIMITED_WEAPON, LIMITED_PROFILE)
    command = roster.AddWeaponProfile(s.gang_id, s.fighter_id(DEX), index, profile, pay=True)
    facts = [_limited_count(s, 1), s.credits_fact(-profile.cost)]
    return Action("buy special ammo", lambda: roster.apply(s.db, command, s.rulesets), facts)


def _armoury_profile(ruleset: Ruleset, weapon: str, profile: str) -> WeaponProfile:
    armoury = next(w for w in ruleset.weapons if w.name == weapon)
    return next(p for p in armoury.profiles if p.name == profile)


def _limited_count(s: Scene, count: int) -> Fact:
    return (
        "SELECT count(*) FROM weapon_profiles p JOIN weapons w ON p.weapon_id = w.id"
        " WHERE w.fighter_id = ? AND w.name = ? AND p.name = ?",
        [s.fighter_id(DEX), LIMITED_WEAPON, LIMITED_PROFILE],
        count,
    )


def start_battle(s: Scene) -> Action:
    scenario = f"Battle {s.n}"
    facts: list[Fact] = [
        ("SELECT count(*) FROM battles WHERE gang_id = ? AND status = 'open'", [s.gang_id], 1),
        ("SELECT scenario FROM battles ORDER BY id DESC LIMIT 1", [], scenario),
    ]
    return Action(
        "start a battle",
        lambda: battle.start_battle(s.db, s.rulesets, s.gang_id, scenario=scenario),
        facts,
    )


def _events_facts(record: battle.BattleRecord, count: int) -> list[Fact]:
    return [
        ("SELECT count(*) FROM battle_events WHERE battle_id = ?", [record.battle_id], count),
    ]


def _open_record(s: Scene) -> battle.BattleRecord:
    record = battle.open_battle(s.db, s.rulesets, s.gang_id)
    if record is None:
        raise DriverError(f"action {s.n}: no battle going on")
    return record


def ammo_test(s: Scene) -> Action:
    """A failed test (1-5 against 6+) strikes the Limited ammo off the stored card."""
    record = _open_record(s)
    roll = s.rng.randint(1, 6)
    test = {
        "event": "ammo_test",
        "fighter": s.gang.fighters[DEX].name,
        "weapon": LIMITED_WEAPON,
        "profile": LIMITED_PROFILE,
        "roll": roll,
    }
    facts = _events_facts(record, len(record.events) + 1)
    facts.append(_limited_count(s, 1 if roll == 6 else 0))
    return Action(
        "ammo test", lambda: battle.apply_events(s.db, s.rulesets, s.gang_id, [test]), facts
    )


def events(s: Scene) -> Action:
    record = _open_record(s)
    batch = [
        {"event": "status", "fighter": s.gang.fighters[PIP].name, "status": "pinned"},
        {"event": "marker", "fighter": s.gang.fighters[ROOK].name, "marker": "blaze"},
    ]
    facts = _events_facts(record, len(record.events) + 2)
    return Action(
        "two battle events", lambda: battle.apply_events(s.db, s.rulesets, s.gang_id, batch), facts
    )


def undo_event(s: Scene) -> Action:
    record = _open_record(s)
    facts = _events_facts(record, len(record.events) - 1)
    return Action("undo an event", lambda: battle.undo_last(s.db, s.rulesets, s.gang_id), facts)


def end_battle(s: Scene) -> Action:
    record = _open_record(s)
    facts: list[Fact] = [
        ("SELECT status FROM battles WHERE id = ?", [record.battle_id], "ended"),
    ]
    return Action("end the battle", lambda: battle.end_battle(s.db, s.rulesets, s.gang_id), facts)


def start_draft(s: Scene) -> Action:
    ended = battle.ended_battle(s.db, s.gang_id, s.rulesets)
    if ended is None or post_battle.load_draft(s.db, s.gang_id) is not None:
        raise DriverError(f"action {s.n}: expected an ended battle and no draft")
    facts: list[Fact] = [
        (
            "SELECT battle_id FROM post_battle_drafts WHERE gang_id = ? AND finished_at IS NULL",
            [s.gang_id],
            ended.battle_id,
        ),
    ]
    return Action(
        "start a post-battle draft",
        lambda: post_battle.start_draft(s.db, s.rulesets, s.gang_id),
        facts,
    )


def edit_draft(s: Scene) -> Action:
    saved = _saved_draft(s)
    rook = s.gang.fighters[ROOK].name
    credits = s.rng.randint(40, 60)
    draft = saved.draft.model_copy(
        update={"credits": credits, "xp": {**saved.draft.xp, rook: 2}, "result": "win"}
    )
    facts: list[Fact] = [
        (
            "SELECT json_extract(draft, '$.credits') FROM post_battle_drafts WHERE id = ?",
            [saved.id],
            credits,
        ),
    ]
    return Action(
        "save the draft", lambda: post_battle.save_draft(s.db, s.rulesets, s.gang_id, draft), facts
    )


def finish(s: Scene) -> Action:
    saved = _saved_draft(s)
    after, _ = apply_draft(s.ruleset, s.gang, saved.draft)
    facts: list[Fact] = [
        ("SELECT finished_at IS NOT NULL FROM post_battle_drafts WHERE id = ?", [saved.id], 1),
        ("SELECT status FROM battles WHERE id = ?", [saved.draft.battle_id], "done"),
        s.credits_fact(after.credits - s.gang.credits),
        ("SELECT rating FROM gangs WHERE id = ?", [s.gang_id], after.rating),
    ]
    return Action(
        "finish the post-battle sequence",
        lambda: post_battle.finish(s.db, s.rulesets, s.gang_id, saved.draft, draft_id=saved.id),
        facts,
    )


def _saved_draft(s: Scene) -> post_battle.SavedDraft:
    saved = post_battle.load_draft(s.db, s.gang_id)
    if saved is None:
        raise DriverError(f"action {s.n}: expected an unfinished draft")
    return saved


# After action 1 (the demo gang is founded), actions 2, 3, ... go round this cycle.
CYCLE: tuple[Callable[[Scene], Action], ...] = (
    rename,
    add_xp,
    buy_weapon,
    sell_weapon,
    restock,
    start_battle,
    ammo_test,
    events,
    undo_event,
    end_battle,
    start_draft,
    edit_draft,
    finish,
)


def plan(n: int, db: Database, rulesets: Rulesets, seed: str) -> Action:
    """Action n, planned from the database as it is now."""
    ruleset = rulesets.get(RULESET)
    found = gangs.list_gangs(db)
    if n == 1:
        if found:
            raise DriverError("action 1 founds the gang, but the database has one")
        command = roster.CreateGang(demo_gang(ruleset))
        facts: list[Fact] = [("SELECT count(*) FROM gangs", [], 1)]
        return Action("found the demo gang", lambda: roster.apply(db, command, rulesets), facts)
    if len(found) != 1:
        raise DriverError(f"action {n}: expected one gang, found {len(found)}")
    gang = gangs.load_gang(db, str(found[0].id))
    rng = random.Random(f"{seed}:{n}")
    return CYCLE[(n - 2) % len(CYCLE)](Scene(n, db, rulesets, ruleset, gang, rng))


# ------------------------------------------------------------------ logging the commits


class CommitWatch:
    """On the engine's COMMIT: one per action, logged as an intent before it happens."""

    def __init__(self, log_fd: int) -> None:
        self._fd = log_fd
        self.n = 0
        self.action: Action | None = None
        self.before = ""
        self.commits = 0
        self.intent: str | None = None

    def expect(self, n: int, action: Action, before: str) -> None:
        self.n, self.action, self.before = n, action, before
        self.commits, self.intent = 0, None

    def on_commit(self, connection: Connection) -> None:
        self.commits += 1
        if self.action is None:
            raise DriverError("a COMMIT outside any action")
        if self.commits > 1:
            raise DriverError(
                f"action {self.n} tried a second COMMIT: one action must be one transaction"
            )
        # The raw connection inside the transaction: the rows this COMMIT makes durable.
        raw: Any = connection.connection.dbapi_connection
        after = digest(raw)
        if after == self.before:
            raise DriverError(f"action {self.n} ({self.action.name}) changes nothing")
        self.intent = after
        append(
            self._fd,
            {
                "kind": "intent",
                "n": self.n,
                "action": self.action.name,
                "digest": after,
                "facts": self.action.facts,
            },
        )
        say(f"commit {self.n}")


def next_action(records: list[dict[str, Any]], current: str) -> int:
    """Where the loop stands: after the last action known committed (a `done`, or all
    before a `start`), plus the one logged as intended if the database holds its digest."""
    last_done, pending = 0, None
    for record in records:
        if record["kind"] == "start":
            last_done, pending = record["next"] - 1, None
        elif record["kind"] == "done":
            last_done, pending = record["n"], None
        elif record["kind"] == "intent":
            pending = record
    if pending is not None and pending["n"] == last_done + 1 and pending["digest"] == current:
        return last_done + 2
    return last_done + 1


def work(db_path: Path, log_path: Path, seed: str, rulesets: Rulesets, limit: int | None) -> None:
    db = open_database(sqlite_url(db_path))
    trim_partial_line(log_path)
    fd = os.open(log_path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    current = snapshot_digest(db_path)
    n = next_action(read_log(log_path), current)
    append(fd, {"kind": "start", "next": n, "digest": current})
    say(f"ready {os.getpid()} {n}")
    watch = CommitWatch(fd)
    event.listen(db.engine, "commit", watch.on_commit)
    done = 0
    while limit is None or done < limit:
        action = plan(n, db, rulesets, seed)
        watch.expect(n, action, current)
        action.run()
        if watch.commits != 1 or watch.intent is None:
            raise DriverError(f"action {n} ({action.name}) committed {watch.commits} times")
        current = snapshot_digest(db_path)
        if current != watch.intent:
            raise DriverError(f"action {n} ({action.name}): the database differs from its intent")
        append(fd, {"kind": "done", "n": n, "digest": current})
        n += 1
        done += 1
    db.close()


def main(argv: list[str]) -> int:
    if len(argv) != 4:
        print("usage: driver.py DB LOG SEED", file=sys.stderr)
        return 2
    db_path, log_path, seed = Path(argv[1]), Path(argv[2]), argv[3]
    rulesets = Rulesets()
    rulesets.get(RULESET)  # Loaded once here; every worker inherits it.
    say(f"driver {os.getpid()}")
    while line := sys.stdin.readline():
        words = line.split()
        if words == ["quit"]:
            return 0
        if not words or words[0] != "run":
            print(f"driver: unknown command {line.strip()!r}", file=sys.stderr)
            return 2
        limit = int(words[1]) if len(words) > 1 else None
        pid = os.fork()
        if pid == 0:
            code = 0
            try:
                work(db_path, log_path, seed, rulesets, limit)
            except BaseException:
                traceback.print_exc()
                say(f"failed {os.getpid()}")
                code = 1
            finally:
                sys.stderr.flush()
                os._exit(code)
        # Not reaped before the test says `wait`: until then the worker's pid stays
        # taken (alive or a zombie), so the test's SIGKILL can never hit another process.
        if sys.stdin.readline().split() != ["wait"]:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            print("driver: expected 'wait' after 'run'", file=sys.stderr)
            return 2
        _, status = os.waitpid(pid, 0)
        say(f"exit {pid} {os.waitstatus_to_exitcode(status)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
