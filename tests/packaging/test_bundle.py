"""The PyInstaller bundle starts and works: `--version`, `demo` + `show`, and the window.

Slow (a build takes a minute or more): `make test` skips it, `make test-slow`
builds with `make package` first, and `.ci/run` runs it. Run on its own, it
uses an existing dist/gangmanager/ or builds one if PyInstaller is installed.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import time
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path

import pytest

from gangmanager import __version__

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist" / "gangmanager"
SPEC = ROOT / "packaging" / "gangmanager.spec"
# On Windows the console program is gangmanager-cli.exe (gangmanager.exe is windowed).
EXE_NAME = "gangmanager-cli.exe" if sys.platform == "win32" else "gangmanager"


@pytest.fixture(scope="module")
def app() -> Path:
    exe = DIST / EXE_NAME
    if not exe.exists():
        try:
            import PyInstaller  # noqa: F401
        except ImportError:
            pytest.skip("no dist/gangmanager and no PyInstaller: run `make package`")
        subprocess.run(
            [
                *(sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN"),
                *("--distpath", str(ROOT / "dist")),
                *("--workpath", str(ROOT / "build" / "pyinstaller")),
                str(SPEC),
            ],
            check=True,
            cwd=ROOT,
            timeout=1800,
        )
    return exe


@dataclass(frozen=True)
class BundleRun:
    """Runs the bundled program with `env` (offscreen, its own user folders) in `cwd`."""

    app: Path
    env: dict[str, str]
    cwd: Path

    def __call__(self, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(self.app), *args],
            capture_output=True,
            text=True,
            env=self.env,
            cwd=self.cwd,
            timeout=120,
        )


@pytest.fixture
def run(app: Path, tmp_path: Path) -> BundleRun:
    """Run the bundled program offscreen, with its own user folders, outside the repo."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GANGMANAGER_", "PYTHON"))}
    env |= {
        "QT_QPA_PLATFORM": "offscreen",
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "HOME": str(tmp_path),
    }
    return BundleRun(app, env, tmp_path)


def test_version(run) -> None:
    result = run("--version")
    assert (result.returncode, result.stdout, result.stderr) == (
        0,
        f"gangmanager {__version__}\n",
        "",
    )


def test_demo_then_show_from_the_bundled_rulesets_and_migrations(run, tmp_path: Path) -> None:
    db = str(tmp_path / "bundle.sqlite")
    result = run("demo", "--db", db)
    assert (result.returncode, result.stdout, result.stderr) == (0, "The Rust Riders\n", "")

    result = run("show", "The Rust Riders", "--json", "--db", db)
    assert result.returncode == 0, result.stderr
    gang = json.loads(result.stdout)
    assert (gang["name"], gang["ruleset"], len(gang["fighters"])) == ("The Rust Riders", "n23", 6)

    # Every shipped ruleset pack is inside the bundle.
    result = run("rules", "list")
    assert result.returncode == 0, result.stderr
    shipped = sorted(p.name for p in (ROOT / "resources" / "rulesets").iterdir() if p.is_dir())
    assert sorted(line.split("\t")[0] for line in result.stdout.splitlines()) == shipped

    # The second open took the daily backup: the backups work frozen too.
    result = run("backup", "list", "--db", db)
    assert result.returncode == 0 and result.stdout.startswith("backup-"), result.stderr


def test_the_window_starts_offscreen(app: Path, run, tmp_path: Path) -> None:
    """No command: Qt starts from the bundle (its platform plugin found, as QApplication
    comes before the database), the database is created, and the process keeps running."""
    db = tmp_path / "window.sqlite"
    process = subprocess.Popen(
        [str(app), "--db", str(db)],
        env=run.env,
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 120  # A generous wait for a condition, not a timing.
        while process.poll() is None and time.monotonic() < deadline and not schema_made(db):
            time.sleep(0.2)
        running = process.poll() is None
    finally:
        process.kill()
        _, stderr = process.communicate()
    assert running, stderr
    assert schema_made(db)


def schema_made(db: Path) -> bool:
    """The database exists with its schema version recorded (open_database is done)."""
    if not db.exists():
        return False
    try:
        with closing(sqlite3.connect(f"{db.as_uri()}?mode=ro", uri=True)) as conn:
            return conn.execute("SELECT count(*) FROM alembic_version").fetchone()[0] == 1
    except sqlite3.Error:
        return False
