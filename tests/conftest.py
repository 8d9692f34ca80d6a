"""Shared test settings: English messages and modest, reproducible hypothesis runs."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

from ascenseur.i18n import language

# Modest example counts keep the suite fast on two cores; derandomized so a failure seen once
# is seen again. Tests that want more or fewer examples say so with their own @settings.
settings.register_profile(
    "ascenseur",
    max_examples=25,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("ascenseur")


@pytest.fixture(autouse=True)
def english_messages() -> Iterator[None]:
    """Messages are checked in English, whatever the locale of the machine running the tests."""
    with language("en"):
        yield
