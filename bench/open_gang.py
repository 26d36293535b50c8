"""(b) Opening a gang (what the main window does on selecting it: `services.gangs.load_gang`)
in a database of 1,000 gangs / 20,000 fighters, against the same gang alone in a
database. Target: at most 1.2 times."""

from __future__ import annotations

import hashlib
import os
import shutil
from pathlib import Path

from bench.common import ROOT, Bench, Row, best_of_each, ms
from bench.make_big_db import make_big_db
from gangmanager.persistence.database import open_database, sqlite_url
from gangmanager.services import gangs

TARGET = 1.2
GANGS = 1000
FIGHTERS = 20000
REPEAT = 30


def kept_big_db() -> Path:
    """Where the large database is kept between runs, named after what makes it: the
    schema (tables and migrations), the bench's gangs and the maker itself."""
    sources = [ROOT / "bench" / "make_big_db.py", ROOT / "bench" / "common.py"]
    persistence = ROOT / "gangmanager" / "persistence"
    sources += [persistence / "tables.py", *sorted((persistence / "migrations").rglob("*.py"))]
    digest = hashlib.sha256()
    for source in sources:
        digest.update(source.read_bytes())
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    folder = cache / "gangmanager-bench"
    folder.mkdir(parents=True, exist_ok=True)
    return folder / f"big-{GANGS}-{FIGHTERS}-{digest.hexdigest()[:16]}.sqlite"


def measure_open_gang(bench: Bench) -> Row:
    target = bench.gang(30, "The Target")
    alone = bench.database("one-gang-target", target)
    big = bench.work / "big.sqlite"
    if not big.exists():
        kept = kept_big_db()
        if not kept.exists():  # about 10 s of `make bench`: made once per schema and filler
            for old in kept.parent.glob("big-*"):  # another schema's, or a broken run's
                old.unlink()
            made = kept.with_suffix(".partial")
            make_big_db(made, bench.gang(20, "Filler"), target, gangs=GANGS, fighters=FIGHTERS)
            made.replace(kept)
        shutil.copyfile(kept, big)
        open_database(sqlite_url(big)).close()  # Its daily backup, not while measuring.
    with open_database(sqlite_url(alone)) as small, open_database(sqlite_url(big)) as large:
        refs = {
            key: str(gangs.load_gang(db, target.name).id)
            for key, db in (("alone", small), ("big", large))
        }
        seconds = best_of_each(
            {
                "alone": lambda: gangs.load_gang(small, refs["alone"]),
                "big": lambda: gangs.load_gang(large, refs["big"]),
            },
            REPEAT,
        )
    ratio = seconds["big"] / seconds["alone"]
    return Row(
        f"open a 30-fighter gang among {GANGS:,} gangs / {FIGHTERS:,} fighters",
        ms(seconds["big"]),
        f"alone {ms(seconds['alone'])}",
        ratio,
        f"<= {TARGET}x",
        ratio <= TARGET,
        f"best of {REPEAT} opens each, in turns",
    )
