"""Fixtures for the ruleset pack tests: the built-in packs, a user folder, a clean cache."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from gangmanager.content import builtin_rulesets_dir, clear_cache, load_ruleset
from gangmanager.rules.ruleset import Ruleset


@pytest.fixture(autouse=True)
def _fresh_cache() -> Iterator[None]:
    clear_cache()
    yield
    clear_cache()


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
