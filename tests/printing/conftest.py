from __future__ import annotations

import pytest

from gangmanager.content import load_ruleset
from gangmanager.printing.painter import QtMeasure
from gangmanager.rules.gang import Gang
from gangmanager.rules.ruleset import Ruleset
from gangmanager.services.demo import demo_gang

from .stress import stress_ruleset, with_stress_fighter


@pytest.fixture(scope="session")
def measure(qapp) -> QtMeasure:
    """Real font metrics: text is measured with the fonts the PDF embeds."""
    return QtMeasure()


@pytest.fixture
def ruleset() -> Ruleset:
    return stress_ruleset(load_ruleset("n23"))


@pytest.fixture
def demo(ruleset: Ruleset) -> Gang:
    return demo_gang(ruleset)


@pytest.fixture
def gang(ruleset: Ruleset) -> Gang:
    """The demo gang and the stress fighter (last)."""
    return with_stress_fighter(demo_gang(ruleset), ruleset)
