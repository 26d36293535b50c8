"""The dice of the odds' walk: a `_Die` is an int that notes every question a step asks
of it (`roll >= 4`, `roll == 1`, ...), so faces that answer alike can be merged
(rules/attack_odds.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

# The int methods a question about a die goes through.
_QUESTIONS = [
    "__eq__",
    "__ne__",
    "__lt__",
    "__le__",
    "__gt__",
    "__ge__",
    "__hash__",
    "__bool__",
    "__index__",
    "__int__",
    "__float__",
    "__add__",
    "__radd__",
    "__sub__",
    "__rsub__",
    "__mul__",
    "__rmul__",
    "__floordiv__",
    "__rfloordiv__",
    "__truediv__",
    "__rtruediv__",
    "__mod__",
    "__rmod__",
    "__divmod__",
    "__rdivmod__",
    "__pow__",
    "__rpow__",
    "__neg__",
    "__pos__",
    "__abs__",
    "__invert__",
    "__round__",
    "__trunc__",
    "__floor__",
    "__ceil__",
    "__and__",
    "__rand__",
    "__or__",
    "__ror__",
    "__xor__",
    "__rxor__",
    "__lshift__",
    "__rlshift__",
    "__rshift__",
    "__rrshift__",
]

# (method, arguments, answer)
_Question = tuple[str, tuple[Any, ...], Any]
# The questions asked of one die, each once.
_Asked = dict[Any, _Question]


class _Die(int):
    """A face handed to a step; `asked` holds the questions asked of it."""

    asked: _Asked


def _asking(name: str) -> Callable[..., Any]:
    method = getattr(int, name)

    def ask(self: _Die, *args: Any) -> Any:
        answer = method(self, *args)
        try:
            self.asked[(name, args)] = (name, args, answer)
        except TypeError:  # an unhashable argument
            self.asked[repr((name, args))] = (name, args, answer)
        return answer

    ask.__name__ = name
    return ask


for _name in _QUESTIONS:
    setattr(_Die, _name, _asking(_name))


class _Dice:
    """The dice of one run of a step: the faces given, then 1s; every die handed out is kept."""

    def __init__(self, faces: list[int]) -> None:
        self.faces = faces
        self.handed: list[_Die] = []

    def d6(self) -> int:
        index = len(self.handed)
        die = _Die(self.faces[index] if index < len(self.faces) else 1)
        die.asked = {}
        self.handed.append(die)
        return die
