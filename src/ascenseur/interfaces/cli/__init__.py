"""The ``ascenseur`` command.

Each sub-command lives in its own module of this package and is registered below, so that
commands can be added without touching one another.
"""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from ascenseur.i18n import LANGUAGES, set_language, system_language

app = typer.Typer(
    name="ascenseur",
    help="L'Ascenseur / Ascensor / Oh Hell: play, simulate, replay and study the game.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.callback()
def _global_options(
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            metavar="fr|es|en",
            help="Language of the messages (default: the system's).",
        ),
    ] = None,
) -> None:
    """L'Ascenseur / Ascensor / Oh Hell: play, simulate, replay and study the game."""
    if lang is not None and lang not in LANGUAGES:
        raise typer.BadParameter(
            f"{lang!r} is not one of {', '.join(LANGUAGES)}", param_hint="--lang"
        )
    set_language(lang or system_language())


def get_app() -> typer.Typer:
    """The application with every command registered (for the entry point and the tests)."""
    _register()
    return app


def _register() -> None:
    # Each module registers its command on ``app`` when imported: one import per module.
    from . import (
        play_cmd,  # noqa: F401
        replay_cmd,  # noqa: F401
        rules_cmd,  # noqa: F401
        simulate_cmd,  # noqa: F401
        tournament_cmd,  # noqa: F401
    )


def main() -> None:
    """Entry point of the console script."""
    set_language(system_language())
    try:
        get_app()()
    except KeyboardInterrupt:
        sys.exit(130)
