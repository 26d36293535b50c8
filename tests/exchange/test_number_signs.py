"""A number past a bound is named by its side: a huge negative one is "too small",
never "too large" (the fuzzing found both said "too large")."""

from __future__ import annotations

from pathlib import Path

import pytest

from gangmanager.exchange.detect import read_any
from gangmanager.exchange.errors import ImportFileError
from gangmanager.services.rulesets import Rulesets

MINUS_30 = "-" + "9" * 30
MINUS_5000 = "-" + "9" * 5000  # beyond what Python converts to int from text
GANG = '{"format": "gangmanager/gang", "version": 1, "name": "A", "credits": %s}'
YAKTRIBE = '{"gang": {"gang_name": "A", "credits": %s, "gangers": []}}'


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (GANG % MINUS_30, "too small"),
        (GANG % MINUS_5000, "too small"),
        (GANG % "-1000000001", "too small"),
        (GANG % "1000000001", "too large"),
        (GANG % MINUS_5000[1:], "too large"),
        (YAKTRIBE % "-2000000", "too small"),
        (YAKTRIBE % '"-2000000"', "too small"),
        (YAKTRIBE % "2000000", "too large"),
    ],
    ids=["gang -1e30", "gang -5000 digits", "gang -1e9-1", "gang 1e9+1", "gang 5000 digits",
         "yaktribe -2e6", "yaktribe text -2e6", "yaktribe 2e6"],
)  # fmt: skip
def test_a_number_past_a_bound_is_named_by_its_side(tmp_path: Path, text: str, said: str) -> None:
    path = tmp_path / "gang.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ImportFileError) as refused:
        read_any(path, Rulesets().get)
    message = str(refused.value)
    other = {"too small": "too large", "too large": "too small"}[said]
    assert said in message and other not in message, message
    assert len(message) < 200
