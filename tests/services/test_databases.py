"""services.databases: the GUI's one door to choosing and opening a database."""

from __future__ import annotations

from pathlib import Path

import pytest

from gangmanager.services import gangs
from gangmanager.services.databases import (
    ENVIRONMENT_VARIABLE,
    database_to_open,
    open_url,
    sqlite_url,
    storable_url,
)
from gangmanager.services.errors import DatabaseError


def test_the_choice_is_the_argument_then_the_variable_then_the_default(tmp_path: Path) -> None:
    given, env = tmp_path / "given.sqlite", tmp_path / "env.sqlite"
    environ = {ENVIRONMENT_VARIABLE: str(env)}
    assert database_to_open(str(given), environ) == sqlite_url(given)
    assert database_to_open(None, environ) == sqlite_url(env)
    assert database_to_open(None, {}).endswith("gangmanager.sqlite")


def test_open_url_opens_a_new_file_ready_to_use(tmp_path: Path) -> None:
    with open_url(sqlite_url(tmp_path / "gm.sqlite")) as db:
        assert gangs.list_gangs(db) == []


def test_a_bad_url_is_one_line_without_its_password(tmp_path: Path) -> None:
    with pytest.raises(DatabaseError) as refused:
        open_url("postgresql://ann:s3cret@localhost:notaport/gm")
    assert "\n" not in str(refused.value) and "s3cret" not in str(refused.value)
    assert storable_url("postgresql://ann:s3cret@host/gm") == "postgresql://ann@host/gm"
