"""The odds merge equal states by their key, a pickle of the attack: equal sets must
pickle alike however they were built, or equal states never merge (issue 24's walk ran
twice the steps on some hash seeds: a set unpickled and pickled again came out in
another order)."""

from __future__ import annotations

import io
from dataclasses import dataclass, field

from gangmanager.rules.attack_odds import _Pickler, _Unpickler


@dataclass
class _Holder:
    members: frozenset[int]
    marks: set[int] = field(default_factory=set)


def _key(value: object) -> bytes:
    file = io.BytesIO()
    _Pickler(file, {}).dump(value)
    return file.getvalue()


def test_equal_sets_built_in_another_order_pickle_alike() -> None:
    # 8 and 16 share a slot of a small set's table, so they iterate in the order added.
    one, other = frozenset([16, 8]), frozenset([8, 16])
    assert list(one) != list(other)  # the premise: their iteration orders differ
    assert _key(_Holder(one, {16, 8})) == _key(_Holder(other, {8, 16}))


def test_a_key_read_back_and_pickled_again_is_the_same() -> None:
    key = _key(_Holder(frozenset([16, 8]), {16, 8, 3}))
    again = _Unpickler(key, {}, []).load()
    assert isinstance(again, _Holder)
    assert again == _Holder(frozenset({8, 16}), {3, 8, 16})
    assert isinstance(again.members, frozenset) and isinstance(again.marks, set)
    assert _key(again) == key
