"""What the crash driver and the crash test share: the state digest, the log, the facts.

Plain `sqlite3` only (no gangmanager import), so the test reads the killed
driver's database exactly as any other program would.

The log is one JSON object per line, appended with one `write` and fsynced:

- `{"kind": "start", "next": N, "digest": D}`: a worker opened the database,
  found the state D and will run action N next;
- `{"kind": "intent", "n": N, "action": A, "digest": D, "facts": [...]}`:
  written inside action N's transaction just before its COMMIT; D is the
  digest of the database as that transaction sees it, i.e. as it will be once
  committed; the facts are what the action makes true (SQL and answer);
- `{"kind": "done", "n": N, "digest": D}`: action N's commit returned; D is
  read back through a fresh connection.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

# A fact: a query answering one value, and the value the action made it.
Fact = tuple[str, list[Any], Any]


def digest(connection: sqlite3.Connection) -> str:
    """A hash of the whole database: schema and every row of every table, in rowid order.

    Read inside the caller's transaction, if any: the driver's commit hook
    reads the rows its transaction is about to commit.
    """
    sha = hashlib.sha256()
    schema = connection.execute(
        "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name"
    ).fetchall()
    sha.update(repr(schema).encode())
    for (table,) in connection.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"
    ).fetchall():
        rows = connection.execute(f'SELECT * FROM "{table}" ORDER BY rowid').fetchall()
        sha.update(repr((table, rows)).encode())
    return sha.hexdigest()


def connect_read_only(path: Path) -> sqlite3.Connection:
    """A connection that never writes the database file (it may recover the WAL index)."""
    connection = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    connection.isolation_level = None
    return connection


def snapshot_digest(path: Path) -> str:
    """The digest of the committed database, read in one read transaction."""
    with closing(connect_read_only(path)) as connection:
        connection.execute("BEGIN")
        try:
            return digest(connection)
        finally:
            connection.execute("COMMIT")


def problems(connection: sqlite3.Connection) -> list[str]:
    """What `PRAGMA integrity_check` and `PRAGMA foreign_key_check` find; empty when sound."""
    found = [row[0] for row in connection.execute("PRAGMA integrity_check")]
    found = [] if found == ["ok"] else [f"integrity_check: {line}" for line in found]
    found += [f"foreign_key_check: {row}" for row in connection.execute("PRAGMA foreign_key_check")]
    return found


def wrong_facts(connection: sqlite3.Connection, facts: list[Fact]) -> list[str]:
    """The facts that do not hold, as `query [args] = got, expected want`."""
    wrong = []
    for sql, args, want in facts:
        row = connection.execute(sql, args).fetchone()
        got = row[0] if row is not None else None
        if got != want:
            wrong.append(f"{sql} {args} = {got!r}, expected {want!r}")
    return wrong


def read_log(path: Path) -> list[dict[str, Any]]:
    """The complete lines of the log (a line cut short by a kill is not a record)."""
    if not path.exists():
        return []
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")[:-1]
    return [json.loads(line) for line in lines if line]


def trim_partial_line(path: Path) -> None:
    """Drop a last line cut short by a kill, so appending starts on a fresh line."""
    if not path.exists():
        return
    data = path.read_bytes()
    if data and not data.endswith(b"\n"):
        with path.open("r+b") as file:
            file.truncate(data.rfind(b"\n") + 1)
            os.fsync(file.fileno())


def append(fd: int, record: dict[str, Any]) -> None:
    """One record, one `write`, then fsync: once this returns, the line is durable."""
    line = (json.dumps(record, separators=(",", ":")) + "\n").encode()
    written = os.write(fd, line)
    if written != len(line):
        raise OSError(f"short write to the crash log ({written} of {len(line)} bytes)")
    os.fsync(fd)
