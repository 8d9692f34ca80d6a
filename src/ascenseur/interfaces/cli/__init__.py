"""The ``ascenseur`` command.

Each sub-command lives in its own module of this package and is registered below, so that
commands can be added without touching one another.
"""

from __future__ import annotations

import sys

import typer

from ascenseur.i18n import set_language, system_language

app = typer.Typer(
    name="ascenseur",
    help="L'Ascenseur / Ascensor / Oh Hell: play, simulate, replay and study the game.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _register() -> None:
    from . import rules_cmd, simulate_cmd, replay_cmd  # noqa: F401  (each registers itself)


def main() -> None:
    """Entry point of the console script."""
    set_language(system_language())
    _register()
    try:
        app()
    except KeyboardInterrupt:
        sys.exit(130)
