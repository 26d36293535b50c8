"""Every write of the GUI goes through the one `OperationRunner` (gui/common/runner.py).

Read from the source with ast: a services *write function* is one that calls
`services.operations.perform`, or another write function (the thin wrappers
kept for the command line: `roster.apply`, `battle.apply_events`,
`post_battle.save_draft`...). No module of gangmanager/gui may call one, nor
`perform` itself, outside runner.py: the runner pushes the undo step and
broadcasts the outcome every open window repaints from.
"""

from __future__ import annotations

import ast
import importlib
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

PACKAGE = Path(__file__).resolve().parents[2] / "gangmanager"
PERFORM = ("gangmanager.services.operations", "perform")
PERFORMER = "gangmanager.services.operations.performer"
RUNNER = "gangmanager/gui/common/runner.py"
# (file, write function) a GUI module may call, and why.
ALLOWED = {
    # The first start's sample gang, written before any window (and so any runner)
    # exists: not a user action, nothing to undo or repaint.
    ("gangmanager/gui/app.py", "gangmanager.services.gangs.add_gang"),
}

Name = tuple[str, str]  # (module, function)


def _module(path: Path) -> str:
    return ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)


def _imports(tree: ast.Module) -> dict[str, str]:
    """Local name -> the dotted name it stands for (`battle` -> gangmanager.services.battle)."""
    names: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            for alias in node.names:
                names[alias.asname or alias.name] = f"{node.module}.{alias.name}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    names[alias.asname] = alias.name
    return names


def _called(node: ast.AST, module: str, names: dict[str, str]) -> Iterator[tuple[int, str]]:
    """(line, dotted name) of every call in `node` to a plain or module-qualified name."""
    for call in ast.walk(node):
        if not isinstance(call, ast.Call):
            continue
        func = call.func
        if isinstance(func, ast.Name):
            yield call.lineno, names.get(func.id, f"{module}.{func.id}")
        elif (
            isinstance(func, ast.Attribute)
            and isinstance(func.value, ast.Name)
            and func.value.id in names
        ):
            yield call.lineno, f"{names[func.value.id]}.{func.attr}"


def _split(dotted: str) -> Name:
    module, _, name = dotted.rpartition(".")
    return module, name


def write_functions() -> set[Name]:
    """The services' top-level functions that perform an action, directly or not."""
    calls: dict[Name, set[Name]] = {}
    for path in sorted((PACKAGE / "services").rglob("*.py")):
        module = _module(path)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = _imports(tree)
        for node in tree.body:
            if isinstance(node, ast.FunctionDef):
                calls[(module, node.name)] = {_split(d) for _, d in _called(node, module, names)}
            elif isinstance(node, ast.Assign) and PERFORMER in {
                d for _, d in _called(node.value, module, names)
            }:
                # `record_battle = performer(RecordBattle)`: a function that performs it.
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        calls[(module, target.id)] = {PERFORM}
    writes = {PERFORM}
    grown = True
    while grown:
        grown = False
        for function, called in calls.items():
            if function not in writes and called & writes:
                writes.add(function)
                grown = True
    return writes


def _resolve(dotted: str) -> object | None:
    """The object a dotted name stands for (re-exports resolve to the function itself)."""
    module, _, attr = dotted.rpartition(".")
    try:
        found: ModuleType = importlib.import_module(module)
    except ImportError:
        parent, _, name = module.rpartition(".")
        if not parent:
            return None
        try:
            found = getattr(importlib.import_module(parent), name)
        except (ImportError, AttributeError):
            return None
    return getattr(found, attr, None)


def gui_writes(path: Path, source: str, writes: set[Name]) -> list[str]:
    """`file:line calls name` for each call of a write function in one GUI module."""
    by_object = {id(_resolve(f"{m}.{n}")): f"{m}.{n}" for m, n in writes}
    tree = ast.parse(source)
    names = {k: v for k, v in _imports(tree).items() if v.startswith("gangmanager.services")}
    where = path.relative_to(PACKAGE.parent).as_posix()
    found = []
    for line, dotted in _called(tree, _module(path), names):
        if not dotted.startswith("gangmanager.services"):
            continue
        target = by_object.get(id(_resolve(dotted)))
        if target is not None and where != RUNNER and (where, target) not in ALLOWED:
            found.append(f"{where}:{line} calls {target}")
    return found


def test_the_write_functions_are_found() -> None:
    writes = {f"{m}.{n}" for m, n in write_functions()}
    # The wrappers of each kind of action (a guard against a finder that finds nothing).
    assert {
        "gangmanager.services.roster.apply",
        "gangmanager.services.gangs.add_gang",
        "gangmanager.services.battle.apply_events",
        "gangmanager.services.battle.end_battle",
        "gangmanager.services.post_battle.finish",
        "gangmanager.services.post_battle.start_draft",
        "gangmanager.services.campaign_commands.set_details",
        "gangmanager.services.campaign_battle_commands.record_battle",
    } <= writes
    # Reading functions are not writes.
    assert (
        not {
            "gangmanager.services.gangs.load_gang",
            "gangmanager.services.battle.open_battle",
            "gangmanager.services.post_battle.load_draft",
        }
        & writes
    )


def test_a_gui_call_of_a_write_function_is_caught() -> None:
    path = PACKAGE / "gui" / "battle" / "example.py"
    source = (
        "from gangmanager.services import battle, campaign as service\n"
        "from gangmanager.services.operations import perform\n"
        "from gangmanager.services.post_battle import save_draft\n"
        "def f(db, rulesets):\n"
        "    battle.apply_events(db, rulesets, 1, [])\n"
        "    service.set_details(db, '1', notes='')\n"  # a re-export of campaign_commands
        "    save_draft(db, 1, None)\n"
        "    perform(db, None)\n"
        "    battle.open_battle(db, rulesets, 1)\n"
    )
    assert gui_writes(path, source, write_functions()) == [
        "gangmanager/gui/battle/example.py:5 calls gangmanager.services.battle.apply_events",
        "gangmanager/gui/battle/example.py:6 calls"
        " gangmanager.services.campaign_commands.set_details",
        "gangmanager/gui/battle/example.py:7 calls gangmanager.services.post_battle.save_draft",
        "gangmanager/gui/battle/example.py:8 calls gangmanager.services.operations.perform",
    ]


def test_no_gui_module_writes_but_through_the_runner() -> None:
    writes = write_functions()
    found = [
        hit
        for path in sorted((PACKAGE / "gui").rglob("*.py"))
        for hit in gui_writes(path, path.read_text(encoding="utf-8"), writes)
    ]
    assert found == []


def test_the_runner_alone_may_call_perform() -> None:
    writes = write_functions()
    path = PACKAGE / "gui" / "common" / "runner.py"
    source = path.read_text(encoding="utf-8")
    # The runner's own calls of perform, were they in any other GUI module, are caught.
    elsewhere = PACKAGE / "gui" / "common" / "elsewhere.py"
    assert gui_writes(elsewhere, source, writes) != []
    assert gui_writes(path, source, writes) == []
