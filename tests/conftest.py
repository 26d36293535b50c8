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
