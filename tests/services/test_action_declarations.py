"""Every action declares what it hands back and its handler (services.operations.Action)."""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import pkgutil
import typing
from dataclasses import dataclass

import pytest

import gangmanager.services
from gangmanager.services.operations import Action, Context, Outcome


def _every_action() -> list[type[Action[object]]]:
    """The concrete actions of every services module (importing each one finds them)."""
    for module in pkgutil.iter_modules(gangmanager.services.__path__):
        importlib.import_module(f"gangmanager.services.{module.name}")
    found: list[type[Action[object]]] = []
    todo = list(Action.__subclasses__())
    while todo:
        kind = todo.pop()
        todo.extend(kind.__subclasses__())
        if dataclasses.is_dataclass(kind) and kind not in found:
            found.append(kind)
    return sorted(found, key=lambda kind: kind.__qualname__)


def _declared(kind: type) -> object:
    """R of the `Action[R]` the class (or the base it extends) names."""
    for klass in kind.__mro__:
        for base in getattr(klass, "__orig_bases__", ()):
            if typing.get_origin(base) is Action:
                return typing.get_args(base)[0]
    raise AssertionError(f"{kind.__name__} names no Action[R]")


ACTIONS = _every_action()


def test_the_walk_finds_the_actions_of_every_kind() -> None:
    names = {kind.__name__ for kind in ACTIONS}
    # A roster edit, a battle step, Finish, a campaign command, its undo step, a file import.
    assert {"AddSkill", "ApplyEvents", "FinishPostBattle", "RecordBattle", "Stepped"} <= names
    assert {"SwapCampaignRows", "ImportGang", "Restore"} <= names
    assert len(ACTIONS) >= 50


@pytest.mark.parametrize("kind", ACTIONS, ids=lambda kind: kind.__name__)
def test_every_action_has_a_handler_and_a_declared_result(kind: type[Action[typing.Any]]) -> None:
    assert not inspect.isabstract(kind), f"{kind.__name__} has no run()"
    returns = typing.get_type_hints(kind.run)["return"]
    assert typing.get_origin(returns) is Outcome
    (result,) = typing.get_args(returns)
    declared = _declared(kind)
    assert result == declared
    # A type variable only where the action wraps another and hands back its result.
    if isinstance(declared, typing.TypeVar):
        assert declared in getattr(kind, "__parameters__", ())
    # Plain data: performing it twice is performing the same thing.
    assert kind.__dataclass_params__.frozen  # type: ignore[attr-defined]  # set by @dataclass, not in its stubs


def test_an_action_without_a_handler_cannot_be_made() -> None:
    @dataclass(frozen=True)
    class Forgotten(Action[int]):
        n: int

    @dataclass(frozen=True)
    class Kept(Action[int]):
        n: int

        def run(self, ctx: Context) -> Outcome[int]:
            raise NotImplementedError

    with pytest.raises(TypeError, match="abstract"):
        Forgotten(1)  # type: ignore[abstract]  # the refusal under test
    assert Kept(1).n == 1
    assert not inspect.isabstract(Kept) and inspect.isabstract(Forgotten)
