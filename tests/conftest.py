"""Shared test settings: English messages, output read as plain text, and modest,
reproducible hypothesis runs."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

from ascenseur.i18n import language

# What makes rich, Typer or a program take its output for a terminal, or a terminal of some
# size, whatever it is: a test run that inherits one (some CI runners set FORCE_COLOR or
# GITHUB_ACTIONS) would read colour codes and other widths. Typer reads them when it is
# imported, so they go before any test module imports it, and the programs the tests start
# inherit their absence.
for _name in (
    "FORCE_COLOR",
    "PY_COLORS",
    "GITHUB_ACTIONS",
    "TTY_COMPATIBLE",
    "TTY_INTERACTIVE",
    "COLUMNS",
    "LINES",
):
    os.environ.pop(_name, None)

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


@pytest.fixture
def python_with_ctrl_c() -> list[str]:
    """The start of a command line that runs Python with Ctrl-C at its default and not
    held back, as a terminal gives it: a test run started in the background (`cmd &`,
    nohup, some CI runners) passes SIGINT on ignored, and Python then rightly keeps it
    ignored. Its arguments follow (``[*python_with_ctrl_c, "-m", "ascenseur", …]``)."""
    return [
        sys.executable,
        "-c",
        "import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); "
        "signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT}); "
        "os.execv(sys.executable, [sys.executable, *sys.argv[1:]])",
    ]
