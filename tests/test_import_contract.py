"""The allowed imports between gangmanager's packages, read from the source with ast.

Every `import` and `from ... import` counts, TYPE_CHECKING ones and imports inside
functions too: a lazy import is still a dependency. Any edge the table below does
not allow fails the test, naming the file and line.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "gangmanager"

# Our layers -> the layers of ours each may import. Arrows point one way
# (README, Layout): gui -> services -> persistence -> rules. `errors` and
# `resources` import nothing of ours so that every layer may use them; `root`
# is gangmanager/__init__.py (the version).
ALLOWED: dict[str, frozenset[str]] = {
    "root": frozenset(),
    "errors": frozenset(),
    "resources": frozenset(),
    # Pure game logic: it receives a Ruleset, it never loads one.
    "rules": frozenset(),
    "content": frozenset({"rules", "resources", "errors"}),
    "exchange": frozenset({"rules", "errors"}),
    "printing": frozenset({"rules", "resources", "root"}),
    "persistence": frozenset({"rules", "errors"}),
    "services": frozenset(
        {"rules", "content", "exchange", "persistence", "printing", "resources", "errors"}
    ),
    # The GUI reaches the database only through services (services.databases).
    "gui": frozenset({"rules", "content", "printing", "services", "resources", "errors", "root"}),
    # Headless: never the GUI; the database only through services, as the GUI.
    "cli": frozenset({"rules", "content", "exchange", "printing", "services", "errors", "root"}),
    # The program's entry: a command goes to cli, a plain start to gui.
    "launcher": frozenset({"cli", "gui", "root"}),
    "__main__": frozenset({"launcher"}),
}

# Third-party frameworks each layer may import. Qt belongs to the GUI and the
# card painter (QtGui only, tests/printing/test_imports.py); SQLAlchemy and
# Alembic to persistence. Services never: the unit of work and the repositories
# speak for the database; the CLI catches the driver's errors as
# `services.databases.driver_errors()`, never by name.
# Pillow decodes pictures (portraits) in `exchange` alone, behind its bounds.
QT, SQL, PILLOW = "PySide6", "sqlalchemy/alembic", "Pillow"
FRAMEWORKS: dict[str, frozenset[str]] = {
    "gui": frozenset({QT}),
    "printing": frozenset({QT}),
    "persistence": frozenset({SQL}),
    "services": frozenset(),
    "cli": frozenset(),
    "exchange": frozenset({PILLOW}),
    "launcher": frozenset(),
}
FRAMEWORK_ROOTS = {
    "PySide6": QT,
    "shiboken6": QT,
    "sqlalchemy": SQL,
    "alembic": SQL,
    "PIL": PILLOW,
}


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def layer_of(module: str) -> str:
    """gangmanager.services.gangs -> services; gangmanager -> root."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "root"


def imported(path: Path, module: str) -> Iterator[tuple[int, str]]:
    """(line, absolute module name) of every import in `path`, the source of `module`."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                source = ".".join([*base, node.module] if node.module else base)
            else:
                source = node.module or ""
            yield node.lineno, source
            # `from gangmanager import services` imports the services layer.
            if source == "gangmanager":
                for alias in node.names:
                    if (PACKAGE / alias.name).is_dir() or (PACKAGE / f"{alias.name}.py").is_file():
                        yield node.lineno, f"gangmanager.{alias.name}"


def file_violations(path: Path, module: str) -> list[str]:
    """Each import of `path` (the source of `module`) that the tables do not allow."""
    source_layer = layer_of(module)
    found = []
    for line, target in imported(path, module):
        top = target.split(".")[0]
        if top == "gangmanager" and target != "gangmanager":
            target_layer = layer_of(target)
            if target_layer != source_layer and target_layer not in ALLOWED[source_layer]:
                found.append(f"{module}:{line}: {source_layer} imports {target}")
        elif top in FRAMEWORK_ROOTS and FRAMEWORK_ROOTS[top] not in FRAMEWORKS.get(
            source_layer, frozenset()
        ):
            found.append(f"{module}:{line}: {source_layer} imports {target}")
    return found


def violations() -> list[str]:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        found += file_violations(path, _module_name(path))
    return found


def test_every_layer_is_in_the_table() -> None:
    layers = {layer_of(_module_name(p)) for p in PACKAGE.rglob("*.py")}
    assert layers <= ALLOWED.keys(), f"add to ALLOWED: {sorted(layers - ALLOWED.keys())}"


def test_packages_import_only_what_the_table_allows() -> None:
    assert violations() == []


def test_rules_import_no_qt_and_no_sqlalchemy() -> None:
    # Stated on its own: the rules layer stays usable without a GUI or a database.
    assert ALLOWED["rules"] == frozenset()
    assert "rules" not in FRAMEWORKS
    assert [v for v in violations() if v.startswith("gangmanager/rules/")] == []


@pytest.mark.parametrize(
    ("module", "source", "refusal"),
    [
        (
            "gangmanager.gui.probe",
            "from gangmanager.persistence.database import Database\n",
            "gangmanager.gui.probe:1: gui imports gangmanager.persistence.database",
        ),
        (
            "gangmanager.rules.probe",
            "def f():\n    import PySide6.QtCore\n",
            "gangmanager.rules.probe:2: rules imports PySide6.QtCore",
        ),
        (
            "gangmanager.rules.probe",
            "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from sqlalchemy import select\n",
            "gangmanager.rules.probe:3: rules imports sqlalchemy",
        ),
        (
            "gangmanager.rules.probe",
            "from PIL import Image\n",
            "gangmanager.rules.probe:1: rules imports PIL",
        ),
        (
            "gangmanager.persistence.probe",
            "from ..services import errors\n",
            "gangmanager.persistence.probe:1: persistence imports gangmanager.services",
        ),
        (
            "gangmanager.cli.probe",
            "from gangmanager import gui\n",
            "gangmanager.cli.probe:1: cli imports gangmanager.gui",
        ),
        (
            "gangmanager.services.probe",
            "def f(uow):\n    from sqlalchemy import select\n",
            "gangmanager.services.probe:2: services imports sqlalchemy",
        ),
        (
            "gangmanager.cli.probe",
            "def f():\n    from gangmanager.persistence.unit_of_work import disk_refusal\n",
            "gangmanager.cli.probe:2: cli imports gangmanager.persistence.unit_of_work",
        ),
        (
            "gangmanager.cli.probe",
            "from sqlalchemy.exc import DBAPIError\n",
            "gangmanager.cli.probe:1: cli imports sqlalchemy.exc",
        ),
    ],
)
def test_a_forbidden_import_is_named(
    tmp_path: Path, module: str, source: str, refusal: str
) -> None:
    """The checker itself: lazy, TYPE_CHECKING and relative imports are all seen."""
    probe = tmp_path / "probe.py"
    probe.write_text(source, encoding="utf-8")
    assert refusal in file_violations(probe, module)


def test_an_allowed_import_passes(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text("from gangmanager.services.databases import open_url\n", encoding="utf-8")
    assert file_violations(probe, "gangmanager.gui.probe") == []


def session_uses(path: Path) -> list[int]:
    """Lines of `path` that use a session: `x.session`, `session_of(...)`, `begin_nested`."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        attribute = isinstance(node, ast.Attribute) and node.attr in ("session", "begin_nested")
        if attribute or (isinstance(node, ast.Name) and node.id == "session_of"):
            found.append(getattr(node, "lineno", 0))
    return found


def test_services_use_no_session() -> None:
    # The unit of work's repositories speak for the database: gang and campaign file
    # identities and a campaign file's rows included (issue 29).
    users = {
        path.name for path in sorted((PACKAGE / "services").glob("*.py")) if session_uses(path)
    }
    assert users == set()


def test_a_session_use_is_seen(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text("def f(uow):\n    with uow.session.begin_nested():\n        pass\n")
    assert session_uses(probe) == [2, 2]
