"""Shared test setup: Qt offscreen before any Qt import; paths to ../shared."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"


@pytest.fixture
def shared_seeds() -> Path:
    """The seed glossaries beside the project; skip in a user's clone without them."""
    seeds = SHARED / "seeds"
    if not seeds.is_dir():
        pytest.skip("../shared/seeds is absent (a user's clone)")
    return seeds


@pytest.fixture(autouse=True)
def _isolated_user_folders(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """platformdirs and QSettings write under a throwaway home, never the developer's."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "config"))
    monkeypatch.delenv("GANGMANAGER_DB", raising=False)
