"""Every public function and method of gangmanager/ has a user outside the tests.

A user is any reference in gangmanager/ or bench/ besides the definition itself: a
call, an attribute read, an import, or the name as a string (`getattr`, `__all__`).
A function only the tests call is a hook the program does not need: the test should
reach the same thing the way a user does (the widget tree, the model's data, the
printed page, the action through `perform`), and the hook go. Read with ast, by name:
two functions of the same name count as used when either is.
"""

from __future__ import annotations

import ast
import tomllib
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# Where the definitions are looked for, and where their users may be.
DEFINED_IN = "gangmanager"
USED_IN = ("gangmanager", "bench")
# Alembic's revision files are run by Alembic (`upgrade`, `downgrade`).
SKIPPED = ("gangmanager/persistence/migrations/versions/",)

# Called by a framework, never by our code: Qt's virtual methods, pickle's hook.
FRAMEWORK_OVERRIDES = frozenset(
    {
        "headerData",  # QAbstractItemModel
        "hasHeightForWidth",  # QWidget layout
        "validatePage",  # QWizardPage
        "createEditor",  # QAbstractItemDelegate
        "reducer_override",  # pickle.Pickler
        "persistent_id",  # pickle.Pickler
        "persistent_load",  # pickle.Unpickler
    }
)
# Decorators whose function a framework calls (pydantic's validators and serialisers).
FRAMEWORK_DECORATORS = frozenset(
    {"field_validator", "model_validator", "field_serializer", "model_serializer"}
)


def _files(root: Path, folder: str) -> Iterator[tuple[str, ast.Module]]:
    for path in sorted((root / folder).rglob("*.py")):
        name = path.relative_to(root).as_posix()
        if not name.startswith(SKIPPED):
            yield name, ast.parse(path.read_text(encoding="utf-8"), filename=name)


def _decorator_name(node: ast.expr) -> str:
    if isinstance(node, ast.Call):
        node = node.func
    if isinstance(node, ast.Attribute):
        return node.attr
    return node.id if isinstance(node, ast.Name) else ""


Function = ast.FunctionDef | ast.AsyncFunctionDef


def _definitions(module: ast.Module) -> Iterator[tuple[str, Function]]:
    """Public functions of the module and public methods of its classes (nested
    classes too), each with the class path it sits in."""

    def walk(body: Iterable[ast.stmt], within: str) -> Iterator[tuple[str, Function]]:
        for node in body:
            if isinstance(node, ast.ClassDef):
                yield from walk(node.body, f"{within}{node.name}.")
            elif isinstance(node, Function) and not node.name.startswith("_"):
                yield within, node

    return walk(module.body, "")


def _references(module: ast.Module) -> Iterator[str]:
    for node in ast.walk(module):
        if isinstance(node, ast.Name):
            yield node.id
        elif isinstance(node, ast.Attribute):
            yield node.attr
        elif isinstance(node, ast.alias):
            yield node.name.rsplit(".", 1)[-1]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            yield node.value


def _entry_points(root: Path) -> frozenset[str]:
    """The functions pyproject names as the program's entry points (`module:function`)."""
    pyproject = root / "pyproject.toml"
    if not pyproject.exists():
        return frozenset()
    project = tomllib.loads(pyproject.read_text(encoding="utf-8")).get("project", {})
    targets = [*project.get("scripts", {}).values(), *project.get("gui-scripts", {}).values()]
    return frozenset(target.rpartition(":")[2] for target in targets)


def functions_only_tests_call(root: Path) -> list[str]:
    """`file:line Class.name` of every public function nothing but its definition names."""
    used: Counter[str] = Counter()
    for folder in USED_IN:
        if (root / folder).is_dir():
            for _name, module in _files(root, folder):
                used.update(_references(module))
    allowed = FRAMEWORK_OVERRIDES | _entry_points(root)
    found = []
    for name, module in _files(root, DEFINED_IN):
        for within, node in _definitions(module):
            decorators = {_decorator_name(d) for d in node.decorator_list}
            if used[node.name] or node.name in allowed or decorators & FRAMEWORK_DECORATORS:
                continue
            found.append(f"{name}:{node.lineno} {within}{node.name}")
    return found


def _names(found: Iterable[str]) -> set[str]:
    return {entry.rsplit(".", 1)[-1].rsplit(" ", 1)[-1] for entry in found}


def test_no_function_is_called_by_tests_only() -> None:
    found = functions_only_tests_call(ROOT)
    assert found == [], "only tests call these: use them, or remove them with their tests"


@pytest.fixture
def planted(tmp_path: Path) -> Path:
    """A small tree: one module with functions of every kind this test tells apart."""
    package = tmp_path / DEFINED_IN
    package.mkdir()
    (package / "shapes.py").write_text(
        "from pydantic import BaseModel, field_validator\n"
        "from PySide6.QtCore import QAbstractTableModel\n"
        "\n"
        "def used_below(): ...\n"
        "def only_tests_call_me(): ...\n"
        "def named_by_getattr(): ...\n"
        "def main(): ...\n"
        "def _private(): ...\n"
        "class Model(QAbstractTableModel):\n"
        "    def headerData(self, *args): ...\n"
        "    def hook_for_tests(self): ...\n"
        "    class Inner:\n"
        "        def nested_hook(self): ...\n"
        "class Shape(BaseModel):\n"
        "    @field_validator('x')\n"
        "    def checked(cls, value): ...\n"
        "\n"
        "used_below()\n"
        "getattr(Model, 'named_by_getattr')\n",
        encoding="utf-8",
    )
    (tmp_path / "bench").mkdir()
    (tmp_path / "bench" / "measure.py").write_text(
        "from gangmanager.shapes import Model\nModel().used_by_bench()\n", encoding="utf-8"
    )
    (tmp_path / "pyproject.toml").write_text(
        '[project.scripts]\ngangmanager = "gangmanager.shapes:main"\n', encoding="utf-8"
    )
    return tmp_path


def test_a_function_only_tests_call_is_found(planted: Path) -> None:
    assert functions_only_tests_call(planted) == [
        "gangmanager/shapes.py:5 only_tests_call_me",
        "gangmanager/shapes.py:11 Model.hook_for_tests",
        "gangmanager/shapes.py:13 Model.Inner.nested_hook",
    ]


def test_a_user_in_bench_counts(planted: Path) -> None:
    shapes = planted / DEFINED_IN / "shapes.py"
    shapes.write_text(
        shapes.read_text(encoding="utf-8") + "def used_by_bench(): ...\n", encoding="utf-8"
    )
    assert "used_by_bench" not in _names(functions_only_tests_call(planted))
    (planted / "bench" / "measure.py").unlink()
    assert "used_by_bench" in _names(functions_only_tests_call(planted))
