"""Which database: --db beats GANGMANAGER_DB beats the default; URLs pass through."""

from __future__ import annotations

from pathlib import Path

import platformdirs
import pytest

from gangmanager.persistence import default_database_path, resolve_database


def test_default_path_is_in_the_user_data_folder() -> None:
    path = default_database_path()
    assert path == Path(platformdirs.user_data_dir("gangmanager")) / "gangmanager.sqlite"


def test_default_when_nothing_given() -> None:
    assert resolve_database(None, {}) == f"sqlite:///{default_database_path().resolve()}"


def test_environment_beats_default(tmp_path: Path) -> None:
    env = {"GANGMANAGER_DB": str(tmp_path / "env.sqlite")}
    assert resolve_database(None, env) == f"sqlite:///{tmp_path / 'env.sqlite'}"


def test_option_beats_environment(tmp_path: Path) -> None:
    env = {"GANGMANAGER_DB": str(tmp_path / "env.sqlite")}
    assert (
        resolve_database(str(tmp_path / "cli.sqlite"), env)
        == f"sqlite:///{tmp_path / 'cli.sqlite'}"
    )


@pytest.mark.parametrize(
    "url",
    ["postgresql://gm:secret@db.example/gangs", "sqlite:///relative.sqlite", "sqlite://"],
)
def test_urls_are_used_as_is(url: str) -> None:
    assert resolve_database(url, {}) == url
    assert resolve_database(None, {"GANGMANAGER_DB": url}) == url


def test_relative_path_becomes_absolute(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert (
        resolve_database("sub/g.sqlite", {})
        == f"sqlite:///{tmp_path.resolve() / 'sub' / 'g.sqlite'}"
    )


def test_blank_values_count_as_unset(tmp_path: Path) -> None:
    env = {"GANGMANAGER_DB": str(tmp_path / "env.sqlite")}
    assert resolve_database("  ", env) == f"sqlite:///{tmp_path / 'env.sqlite'}"
    assert resolve_database(None, {"GANGMANAGER_DB": ""}) == resolve_database(None, {})
