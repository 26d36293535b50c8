"""The pack a new gang or campaign gets when nobody chose one: named here only."""

from __future__ import annotations

DEFAULT_RULESET = "n23"
