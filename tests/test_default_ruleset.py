"""The default pack's id is written once in the code: a second built-in edition changes one line."""

from __future__ import annotations

import ast
from pathlib import Path

import gangmanager
from gangmanager.rules.default_ruleset import DEFAULT_RULESET

PACKAGE = Path(gangmanager.__file__).parent


def test_the_default_ruleset_id_is_written_in_one_place() -> None:
    found = [
        f"{path.relative_to(PACKAGE)}:{node.lineno}"
        for path in sorted(PACKAGE.rglob("*.py"))
        if "migrations" not in path.parts
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Constant) and node.value == DEFAULT_RULESET
    ]
    assert found == ["rules/default_ruleset.py:5"]
