"""Fixtures for the ruleset pack tests: the built-in packs, a user folder.

The pack cache is kept between tests: its key is the folders that hold packs,
and each test writes its own packs into a folder of its own, so no test sees
another's, while the built-in packs are loaded once per session.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from gangmanager.content import builtin_rulesets_dir, load_ruleset
from gangmanager.rules.ruleset import Ruleset


@pytest.fixture
def builtin() -> list[Path]:
    """Only the shipped packs, whatever the developer has in their user folder."""
    return [builtin_rulesets_dir()]


@pytest.fixture
def load(builtin: list[Path]) -> Callable[[str], Ruleset]:
    return lambda ruleset_id: load_ruleset(ruleset_id, builtin)


@pytest.fixture
def user_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "user-rulesets"
    folder.mkdir()
    return folder


@pytest.fixture
def write_pack(user_dir: Path) -> Callable[..., Path]:
    """write_pack("my-house", pack='...', traits='...') -> the pack folder."""

    def write(pack_id: str, **files: str) -> Path:
        folder = user_dir / pack_id
        folder.mkdir(exist_ok=True)
        for stem, text in files.items():
            (folder / f"{stem}.toml").write_text(text, encoding="utf-8")
        return folder

    return write
