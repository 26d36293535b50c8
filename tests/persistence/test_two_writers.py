"""Two writers on one SQLite file: write transactions start with BEGIN IMMEDIATE
and wait for the lock, so neither ends in "database is locked"; a writer that
still cannot get the lock is told so in one line (exit 2), never a traceback."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from gangmanager.cli import main
from gangmanager.persistence import engines

from ..db_rows import all_rows

FIXTURE = Path(__file__).resolve().parents[1] / "exchange" / "fixtures" / "minimal.gang.json"

# Imports gangs from the command line's entry point for SECONDS, then prints the
# exit codes; stderr holds whatever went wrong.
WORKER = textwrap.dedent(
    """
    import json, sys, time
    from gangmanager.cli import main
    db, file, seconds = sys.argv[1], sys.argv[2], float(sys.argv[3])
    codes = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        codes.append(main(["--db", db, "import", file]))
    print(json.dumps(codes))
    """
)


@pytest.mark.sqlite_only
def test_two_command_lines_writing_at_once_lose_nothing(tmp_path: Path) -> None:
    db = tmp_path / "gm.sqlite"
    assert main(["--db", str(db), "list"]) == 0  # created before the race
    workers = [
        subprocess.Popen(
            [sys.executable, "-c", WORKER, str(db), str(FIXTURE), "4"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    results = [worker.communicate(timeout=120) for worker in workers]
    for _out, err in results:
        assert "Traceback" not in err and "locked" not in err, err[-2000:]
    codes = [code for out, _ in results for code in json.loads(out.splitlines()[-1])]
    assert codes and set(codes) == {0}, [err[-2000:] for _out, err in results]
    # Every import that said it was saved is there.
    assert len(all_rows(db)["gangs"]) == len(codes)


@pytest.mark.sqlite_only
def test_a_writer_that_cannot_get_the_lock_gets_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "gm.sqlite"
    assert main(["--db", str(db), "demo"]) == 0
    capsys.readouterr()
    monkeypatch.setattr(engines, "BUSY_TIMEOUT_SECONDS", 0.2)
    before = all_rows(db)
    holder = sqlite3.connect(db, isolation_level=None)
    try:
        holder.execute("BEGIN IMMEDIATE")  # another program holds the write lock
        code = main(["--db", str(db), "import", str(FIXTURE)])
    finally:
        holder.rollback()
        holder.close()
    _, err = capsys.readouterr()
    assert code == 2
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "busy" in err and "try again" in err
    assert all_rows(db) == before
