"""``ascenseur play``: the full-screen terminal game against computer players.

With no option it starts at once a 4-player ``classique`` game against medium computer
players; ``--setup`` opens the setup screen instead; ``--resume FILE`` goes on with a saved
game.
"""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Annotated

import typer

from ascenseur.core.errors import RecordError
from ascenseur.core.rules import RulesError
from ascenseur.i18n import LANGUAGES, N_, _, set_language

from . import TranslatedCommand, app
from .options import RuleOption, RulesFileOption, RulesOption, refuse, rules_or_exit


@app.command(
    "play", cls=TranslatedCommand, help=N_("Play a game in the terminal against computer players.")
)
def play(
    rules_name: RulesOption = None,
    rule: RuleOption = None,
    rules_file: RulesFileOption = None,
    players: Annotated[
        int | None, typer.Option("--players", min=3, help=N_("Number of players (default 4)."))
    ] = None,
    names: Annotated[
        str | None,
        typer.Option("--names", metavar="A,B,C", help=N_("Players' names in turn order.")),
    ] = None,
    seat: Annotated[
        int,
        typer.Option(
            "--seat",
            min=1,
            show_default=False,  # the help says it, in the page's language
            help=N_("Your seat, counting from 1 (default 1)."),
        ),
    ] = 1,
    levels: Annotated[
        str | None,
        typer.Option(
            "--levels",
            metavar="L1,L2,...",
            help=N_(
                "Computer players' levels (easy, medium, hard, expert, random), one per "
                "computer player or one per seat."
            ),
        ),
    ] = None,
    level: Annotated[
        str | None,
        typer.Option("--level", help=N_("One level for every computer player (default medium).")),
    ] = None,
    seed: Annotated[
        int | None, typer.Option("--seed", help=N_("Seed of the deals and the computer players."))
    ] = None,
    delay: Annotated[
        float,
        typer.Option("--delay", min=0.0, help=N_("Seconds of pause after each computer card.")),
    ] = 0.6,
    lang: Annotated[
        str | None, typer.Option("--lang", metavar="fr|es|en", help=N_("Language of the game."))
    ] = None,
    resume: Annotated[
        Path | None,
        typer.Option("--resume", metavar="FILE", help=N_("Go on with a game saved in FILE.")),
    ] = None,
    history: Annotated[
        Path | None,
        typer.Option(
            "--history",
            metavar="DIR",
            help=N_(
                "Folder finished games are saved to (default ~/.local/share/ascenseur/history)."
            ),
        ),
    ] = None,
    setup: Annotated[
        bool, typer.Option("--setup", help=N_("Open the setup screen before the game."))
    ] = False,
) -> None:
    if lang is not None:
        if lang not in LANGUAGES:
            raise refuse(
                _("--lang: {value!r} is not one of {choices}").format(
                    value=lang, choices=", ".join(LANGUAGES)
                )
            )
        set_language(lang)
    from ascenseur.interfaces.tui import AscenseurApp, make_session
    from ascenseur.interfaces.tui.texts import SETUP_LEVELS, level_by_name, unknown_level
    from ascenseur.services.session import GameSession

    # A level may be typed as the screen shows it in the language in force ("facile").
    chosen_levels = [level_by_name(x) for x in (levels or "").split(",") if x.strip()]
    if level is not None:
        chosen_levels = [level_by_name(level)]
    session = None
    save_path = None
    if resume is not None:
        if chosen_levels and chosen_levels[0] not in SETUP_LEVELS:
            raise refuse(str(unknown_level(chosen_levels[0])))
        try:
            session = GameSession.resume(
                resume, level=chosen_levels[0] if chosen_levels else "medium"
            )
        except RecordError as error:
            raise refuse(_("{path}: {reason}").format(path=resume, reason=error)) from None
        save_path = resume
    elif not setup:
        rules = rules_or_exit(rules_name, rule, rules_file, players=players)
        name_list = [n for n in (names or "").split(",") if n.strip()]
        try:
            session = make_session(
                rules,
                players=players,
                names=name_list or None,
                seat=seat,
                levels=chosen_levels,
                seed=seed,
            )
        except (RulesError, ValueError) as error:
            raise refuse(str(error)) from None
    defaults = {
        "preset": rules_name or "classique",
        "options": "; ".join(rule or []),
        "players": str(players or 4),
        "names": names or "",
        "seat": str(seat),
        "level": level or "medium",
        "levels": levels or "",
    }
    tui = AscenseurApp(
        session, delay=delay, history=history, save_path=save_path, setup_defaults=defaults
    )
    saved = tui.run()
    if session is not None and session.fallbacks:
        for wanted, used in session.fallbacks.items():
            typer.echo(
                _(
                    "(the level {level} is not available yet: {used} computer players were used)"
                ).format(level=wanted, used=used),
                err=True,
            )
    if saved is not None:
        # The options a saved game does not keep, given again so the game resumes as it was.
        again = [f"--resume {shlex.quote(str(saved))}"]
        if history is not None:
            again.append(f"--history {shlex.quote(str(history))}")
        if delay != 0.6:
            again.append(f"--delay {delay:g}")
        if lang is not None:
            again.append(f"--lang {lang}")
        typer.echo(
            _("Saved. Resume with: ascenseur play {options}").format(options=" ".join(again))
        )
