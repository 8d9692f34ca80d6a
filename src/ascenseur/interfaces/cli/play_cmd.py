"""``ascenseur play``: the full-screen terminal game against computer players.

With no option it starts at once a 4-player ``classique`` game against medium computer
players; ``--setup`` opens the setup screen instead; ``--resume FILE`` goes on with a saved
game.
"""

from __future__ import annotations

import shlex
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Annotated, Any, TextIO

import typer

from ascenseur.core.errors import RecordError
from ascenseur.core.rules import RulesError
from ascenseur.i18n import LANGUAGES, N_, _, set_language
from ascenseur.interfaces.typed_text import (
    level_name,
    option_as_typed,
    parse_levels,
    parse_names,
)

from . import TranslatedCommand, app, language_of_arguments
from .options import (
    RuleOption,
    RulesFileOption,
    RulesOption,
    listed,
    names_refusal,
    path_option,
    refuse,
    refuse_option,
    rules_file_or_exit,
    rules_or_exit,
    writable_folder_or_exit,
)

#: The longest pause after a computer card, in seconds: beyond it the game would seem stuck.
MAX_DELAY = 60.0


@app.command(
    "play", cls=TranslatedCommand, help=N_("Play a game in the terminal against computer players.")
)
def play(
    rules_name: RulesOption = None,
    rule: RuleOption = None,
    rules_file: RulesFileOption = None,
    players: Annotated[
        int | None,
        typer.Option(
            "--players", min=3, help=N_("Number of players (default: as many as --names, else 4).")
        ),
    ] = None,
    names: Annotated[
        str | None,
        typer.Option("--names", metavar="A,B,C", help=N_("Players' names in turn order.")),
    ] = None,
    seat_given: Annotated[
        int | None,
        typer.Option(
            "--seat",
            min=1,
            show_default=False,  # the help says it, in the page's language
            help=N_("Your seat, counting from 1 (default 1)."),
        ),
    ] = None,
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
        typer.Option(
            "--level",
            metavar="LEVEL",
            help=N_(
                "One level for every computer player: easy, medium, hard, expert or random "
                "(default medium)."
            ),
        ),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option("--seed", min=0, help=N_("Seed of the deals and the computer players.")),
    ] = None,
    delay: Annotated[
        float,
        typer.Option(
            "--delay",
            min=0.0,
            max=MAX_DELAY,
            help=N_("Seconds of pause after each computer card."),
        ),
    ] = 0.6,
    lang: Annotated[
        str | None, typer.Option("--lang", metavar="fr|es|en", help=N_("Language of the game."))
    ] = None,
    resume: Annotated[
        Path | None,
        typer.Option(
            "--resume",
            parser=path_option,
            metavar="FILE",
            readable=False,  # our own reading says why, in the game's language
            help=N_("Go on with a game saved in FILE."),
        ),
    ] = None,
    history: Annotated[
        Path | None,
        typer.Option(
            "--history",
            parser=path_option,
            metavar="DIR",
            help=N_(
                "Folder finished games are saved to (default $XDG_DATA_HOME/ascenseur/history, "
                "or ~/.local/share/ascenseur/history when XDG_DATA_HOME is not set or not "
                "an absolute path)."
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
    from ascenseur.interfaces.tui.app import setup_values_of
    from ascenseur.interfaces.tui.texts import ChoiceError, unknown_level
    from ascenseur.interfaces.typed_text import SETUP_LEVELS, level_by_name
    from ascenseur.services.save_lock import SaveInUseError, SaveLock
    from ascenseur.services.session import GameSession, SaveFileError

    # A level may be typed as the screen shows it in the language in force ("facile").
    if level is not None and levels is not None:
        raise refuse(_("--level and --levels: give one or the other"))
    level_option = "--level" if level is not None else "--levels"
    given = level if level is not None else levels
    level_texts = listed(level_option, given, parse_levels, _("no level given"))
    if level is not None and len(level_texts) > 1:
        raise refuse(_("--level: one level for all; for one per player, use --levels"))
    chosen_levels = [level_by_name(x) for x in level_texts]

    def refuse_choice(error: ChoiceError) -> typer.Exit:
        option = level_option if error.field == "levels" else f"--{error.field}"
        return refuse_option(option, error)

    name_list = listed("--names", names, parse_names, _("no name given"))
    seat = seat_given if seat_given is not None else 1
    session = None
    save_path = None
    save_lock = None
    file_options: dict[str, Any] = {}  # the rules file's, read once (a pipe gives them once)
    if resume is not None:
        # The saved game has its own rules, players and seats: options that would choose
        # them again are refused rather than dropped without a word.
        chosen_again = {
            "--rules": rules_name is not None,
            "--rule": bool(rule),
            "--rules-file": rules_file is not None,
            "--players": players is not None,
            "--names": names is not None,
            "--seat": seat_given is not None,  # (--seat 1 too: the save may seat you elsewhere)
            "--seed": seed is not None,
            "--setup": setup,
        }
        ignored = [option for option, present in chosen_again.items() if present]
        if ignored:
            raise refuse(
                _(
                    "--resume: the saved game keeps its own rules, players and seats; "
                    "leave out {options}"
                ).format(options=", ".join(ignored))
            )
        if len(chosen_levels) > 1:
            raise refuse(_("--levels: with --resume, give one level (--level)"))
        if chosen_levels and chosen_levels[0] not in SETUP_LEVELS:
            raise refuse_choice(unknown_level(chosen_levels[0]))
        try:
            session = GameSession.resume(
                resume, level=chosen_levels[0] if chosen_levels else "medium"
            )
        except RecordError as error:
            if isinstance(error, SaveFileError):  # "cannot read FILE: …" names it already
                raise refuse(str(error)) from None
            raise refuse(_("{path}: {reason}").format(path=resume, reason=error)) from None
        try:
            save_lock = SaveLock.take(resume)
        except SaveInUseError as error:
            raise refuse(str(error)) from None
        save_path = resume
    elif setup:
        # What the setup screen will be filled with is checked now, as for a game started
        # at once: a wrong preset, option, file or level is refused here, in one line.
        file_options = rules_file_or_exit(rules_file)
        rules_or_exit(rules_name, rule, rules_file, players=players, file_options=file_options)
        if level is not None and chosen_levels[0] not in SETUP_LEVELS:
            raise refuse_choice(unknown_level(chosen_levels[0]))  # (the screen checks --levels)
    else:
        file_options = rules_file_or_exit(rules_file)
        rules = rules_or_exit(
            rules_name, rule, rules_file, players=players, file_options=file_options
        )
        try:
            session = make_session(
                rules,
                players=players,
                names=name_list or None,
                seat=seat,
                levels=chosen_levels,
                seed=seed,
            )
        except ChoiceError as error:
            raise refuse_choice(error) from None
        except RulesError as error:
            raise names_refusal(error, names) from None
        except ValueError as error:
            raise refuse(str(error)) from None
    if resume is not None:
        assert session is not None
        defaults = setup_values_of(session)  # "new game" at its end: the same table again
    else:
        file_preset, file_texts = rules_file_for_setup(file_options)
        defaults = setup_defaults(
            rules_name or file_preset,
            [*file_texts, *(rule or [])],
            players,
            names,
            seat=seat,
            level=chosen_levels[0] if level is not None else None,
            levels=levels,
        )
    encoding = unwritable_encoding(sys.__stderr__)
    if encoding is not None:
        # Textual writes the screen in the terminal's encoding, each character it lacks as
        # "\u2660": cards that cannot be read, on a table whose columns no longer line up.
        typer.echo(
            _(
                "The terminal's encoding ({encoding}) cannot show the suits of the cards: "
                "play in a UTF-8 locale (for example LANG=C.UTF-8 ascenseur play)."
            ).format(encoding=encoding),
            err=True,
        )
        raise typer.Exit(1)
    if history is not None:
        # Checked last (it makes the folder), and before the first deal: a finished game
        # must have somewhere to go.
        writable_folder_or_exit("--history", history)
    tui = AscenseurApp(
        session,
        delay=delay,
        history=history,
        save_path=save_path,
        setup_defaults=defaults,
        setup_seed=seed if setup else None,  # else the next games get seeds of their own
        save_lock=save_lock,
    )
    saved = tui.run()
    if tui.return_code:
        # Textual ended on an unexpected failure (it printed the traceback): a bug, whose
        # status is 1 (README, "Exit status"), not the 0 of a game played.
        raise typer.Exit(1)
    if session is not None:
        for line in fallback_lines(session.fallbacks):
            typer.echo(line, err=True)
    if saved is not None:
        # --lang before the command (ascenseur --lang fr play) counts too
        language = lang or language_of_arguments(sys.argv[1:])
        typer.echo(
            _("Saved. Resume with: ascenseur play {options}").format(
                options=resume_options(saved, history=history, delay=delay, lang=language)
            )
        )


#: What the table draws beyond ASCII: the suits, the marks of the seats, the direction of
#: play, the cut ends of names and of the ladder.
TABLE_CHARACTERS = "♠♥♦♣▶✔✓–·↺↻…»"


def unwritable_encoding(stream: TextIO | None) -> str | None:
    """The encoding of ``stream`` (where Textual draws the screen) when it cannot write
    the characters of the table, else None."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        TABLE_CHARACTERS.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return encoding
    return None


def fallback_lines(fallbacks: Mapping[str, str]) -> list[str]:
    """What the command says after the game of the levels that could not play it and the
    level played instead, named as the screen named them (``moyen`` in French)."""
    return [
        _(
            "(the level {level} cannot play this game here: {used} computer players were used)"
        ).format(level=level_name(wanted), used=level_name(used))
        for wanted, used in fallbacks.items()
    ]


def rules_file_for_setup(file_options: Mapping[str, Any]) -> tuple[str | None, list[str]]:
    """The preset a rules file names (if any) and its other options as ``key=value`` texts,
    for the setup screen's fields, from the file's options as they were read and checked
    (:func:`rules_file_or_exit`: the file is not read again)."""
    options = dict(file_options)
    name = options.pop("preset", None)
    texts = [option_as_typed(key, value) for key, value in options.items()]
    return (name if isinstance(name, str) else None), texts


def setup_defaults(
    rules_name: str | None,
    rule: Sequence[str],
    players: int | None,
    names: str | None,
    *,
    seat: int,
    level: str | None,
    levels: str | None,
) -> dict[str, str]:
    """The setup screen's fields for a new game, filled from the command line."""
    count = players or len(parse_names(names or "")) or 4  # without --players, the names count
    return {
        "preset": rules_name or "classique",
        "options": "; ".join(rule),
        "players": str(count),
        "names": names or "",
        "seat": str(seat),
        "level": level or "medium",
        "levels": levels or "",
    }


def resume_options(saved: Path, *, history: Path | None, delay: float, lang: str | None) -> str:
    """The options of ``ascenseur play`` that go on with the game saved at ``saved``: the
    ones a saved game does not keep are given again, so that it resumes as it was."""
    again = [f"--resume {shlex.quote(str(saved))}"]
    if history is not None:
        again.append(f"--history {shlex.quote(str(history))}")
    if delay != 0.6:
        again.append(f"--delay {delay:g}")
    if lang is not None:
        again.append(f"--lang {lang}")
    return " ".join(again)
