"""The ``ascenseur`` command.

Each sub-command lives in its own module of this package and is registered below, so that
commands can be added without touching one another.

The help texts are marked with ``N_()`` where they are written and translated when Typer
builds the click command (:class:`TranslatedGroup`), in the language in force then: the
entry point sets it from ``--lang`` (or the system locale) before building the command, so
``ascenseur --lang fr --help`` is in French.
"""

from __future__ import annotations

import contextlib
import errno
import os
import signal
import sys
from collections.abc import Sequence
from typing import Annotated, Any

import typer
from rich.console import Console
from typer import rich_utils
from typer.core import TyperArgument, TyperCommand, TyperGroup, TyperOption

from ascenseur.i18n import LANGUAGES, N_, _, os_error_reason, set_language, system_language

from .usage_errors import UsageError, translate_usage_error

#: Typer's own words on a help page, by the name of the constant of ``typer.rich_utils`` that
#: holds each (read when a page is printed), so that they are translated too.
TYPER_TEXTS = {
    "ARGUMENTS_PANEL_TITLE": N_("Arguments"),
    "OPTIONS_PANEL_TITLE": N_("Options"),
    "COMMANDS_PANEL_TITLE": N_("Commands"),
    "ERRORS_PANEL_TITLE": N_("Error"),
    "DEFAULT_STRING": N_("[default: {}]"),
    "REQUIRED_LONG_STRING": N_("[required]"),
    "DEPRECATED_STRING": N_("(deprecated) "),
    "ABORTED_TEXT": N_("Aborted."),
    "RICH_HELP": N_("Try [blue]'{command_path} {help_option}'[/] for help."),
}


class _TranslatedFrame:
    """The usage line and the ``--help`` option of a command, in the language in force when
    Typer builds the command (as its help texts)."""

    def __init__(self, *args: Any, **attrs: Any) -> None:
        super().__init__(*args, **attrs)
        self._usage_prefix = _("Usage: ")
        self._help_option_help = _("Show this message and exit.")

    def format_usage(self, ctx: Any, formatter: Any) -> None:
        pieces = self.collect_usage_pieces(ctx)  # type: ignore[attr-defined]
        formatter.write_usage(ctx.command_path, " ".join(pieces), prefix=self._usage_prefix)

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        # The parser raises some mistakes (an option without its value) without the
        # command's context: given it, they are printed with the usage line and "Try … for
        # help." as the others are.
        try:
            return super().parse_args(ctx, args)  # type: ignore[misc, no-any-return]
        except UsageError as error:
            if error.ctx is None:
                error.ctx = ctx
            raise

    def get_help_option(self, ctx: Any) -> Any:
        option = super().get_help_option(ctx)  # type: ignore[misc]
        if option is not None:
            option.help = self._help_option_help
            option.metavar = ""
        return option


class TranslatedCommand(_TranslatedFrame, TyperCommand):
    """A command whose usage line and ``--help`` option speak the language in force (its
    help texts are translated by :class:`TranslatedGroup`)."""


class TranslatedGroup(_TranslatedFrame, TyperGroup):
    """The command group whose help texts, its own and its commands' (their arguments and
    options included), are translated into the language in force when Typer builds it, with
    Typer's own words on the page (panel titles, ``[default: …]``)."""

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        for command in (self, *self.commands.values()):
            command.help = _translated(command.help)
            command.short_help = _translated(command.short_help)
            for param in command.params:
                if isinstance(param, TyperOption | TyperArgument):
                    param.help = _translated(param.help)
                    _name_its_value(param)
        for name, text in TYPER_TEXTS.items():
            setattr(rich_utils, name, _(text))

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        # The language the whole command line asks for, a command's own --lang included
        # (play --lang fr): the group's callback sets it before the command reads its
        # arguments, so that the command's refusals speak it, as main() does for the frame.
        ctx.meta[_LANGUAGE_ASKED] = language_of_arguments(args)
        return super().parse_args(ctx, args)

    # The parser's own errors (unknown option, missing argument, bad value) are raised while
    # the group or a command reads its arguments: both pass through these two methods.
    def make_context(self, *args: Any, **kwargs: Any) -> Any:
        try:
            return super().make_context(*args, **kwargs)
        except UsageError as error:
            translate_usage_error(error)
            raise

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except UsageError as error:
            translate_usage_error(error)
            raise


def _name_its_value(param: TyperOption | TyperArgument) -> None:
    """Name what an option or argument takes, in the page's language: a flag takes nothing
    (Typer would print ``<bool>`` as if it took a value), a number ``N`` or ``X``, a text
    ``TEXT`` (Typer would print Python's ``<int range>``, ``<str>``). An argument's name,
    ``FILE``, says it already: no type beside it."""
    if isinstance(param, TyperArgument):
        param.display_type_rich = lambda ctx: None  # type: ignore[method-assign]
    if param.metavar is not None:
        return
    kind = param.bare_type()
    if getattr(param, "is_flag", False):
        param.metavar = ""
    elif kind == "int":
        param.metavar = "N"
    elif kind == "float":
        param.metavar = "X"
    elif kind == "str":
        param.metavar = _("TEXT")


def _translated(text: str | None) -> str | None:
    # gettext("") is the catalog's header: an empty text stays empty.
    return _(text) if text else text


app = typer.Typer(
    name="ascenseur",
    cls=TranslatedGroup,
    help=N_("L'Ascenseur / Ascensor / Oh Hell: play, simulate, replay and study the game."),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


#: Where the group's context keeps the language of the command line (see
#: :meth:`TranslatedGroup.parse_args`).
_LANGUAGE_ASKED = "ascenseur.language"


def _show_version(asked: bool) -> None:
    if asked:
        from ascenseur import __version__

        typer.echo(f"ascenseur {__version__}")
        raise typer.Exit()


@app.callback()
def _global_options(
    ctx: typer.Context,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            metavar="fr|es|en",
            help=N_("Language of the messages (default: the system's)."),
        ),
    ] = None,
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            is_eager=True,
            callback=_show_version,
            help=N_("Show the version and exit."),
        ),
    ] = False,
) -> None:
    """The options before the command: the language of the messages."""
    if lang is not None and lang not in LANGUAGES:
        raise typer.BadParameter(
            _("{value} is not one of the languages {choices}").format(
                value=repr(lang), choices=", ".join(LANGUAGES)
            ),
            param_hint="'--lang'",
        )
    # This --lang or the command's own, whichever comes last (ascenseur --lang fr play --lang
    # es plays in Spanish), as main() chose it: the command has not read its own yet, and
    # its refusals of the other options (play --lang fr --bogus) are said in that language.
    # An unknown value is passed over here, and refused by the command once it reads it.
    set_language(ctx.meta.get(_LANGUAGE_ASKED) or system_language())


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


def command_of_arguments(args: Sequence[str]) -> str | None:
    """The command the arguments name (``play`` in ``--lang fr play --seed 3``), or
    ``None`` when there is none."""
    at = _command_index(args)
    return None if at is None else args[at]


def _command_index(args: Sequence[str]) -> int | None:
    """Where the command stands in ``args``: the first word that is no option (nor the
    value of the one option before it, ``--lang``)."""
    index = 0
    while index < len(args):
        arg = args[index]
        if arg == "--":
            return None
        if arg == "--lang":
            index += 2
            continue
        if not arg.startswith("-"):
            return index
        index += 1
    return None


#: The commands that take ``--lang`` of their own (the others take it before their name).
COMMANDS_WITH_LANG = frozenset({"play"})


def language_of_arguments(args: Sequence[str]) -> str | None:
    """The language the command line asks for with ``--lang X`` or ``--lang=X``, where the
    parser will take it: before the command, or after a command that has its own
    ``--lang`` (the last one wins, as ``ascenseur --lang fr play --lang es`` plays in
    Spanish); ``None`` when there is none we have. An unknown value is left to the option
    itself to refuse, and a ``--lang`` the command does not take to the parser (so that
    its refusal and the frame around it speak one language)."""
    at = _command_index(args)
    read = args if at is None or args[at] in COMMANDS_WITH_LANG else args[:at]
    found = None
    index = 0
    while index < len(read):
        arg = read[index]
        index += 1
        if arg == "--":
            break
        if arg == "--lang" and index < len(read):
            value = read[index]
            index += 1
        elif arg.startswith("--lang="):
            value = arg.removeprefix("--lang=")
        else:
            continue
        if value in LANGUAGES:
            found = value
    return found


def main() -> None:
    """Entry point of the console script."""
    # The help is translated when the command is built, before the options are parsed:
    # the language of --lang is set first.
    set_language(language_of_arguments(sys.argv[1:]) or system_language())
    if sys.stdout is None and command_of_arguments(sys.argv[1:]) != "play":
        # Started with its output closed (ascenseur rules >&-): these commands write there,
        # and the parser would drop it all without a word (the game draws on the terminal
        # through standard error).
        _say_on_stderr(
            _("cannot write the output: {reason}").format(reason=_("standard output is closed"))
        )
        sys.exit(1)
    # The reader of our output may stop early (ascenseur replay FILE | head -1): Rich and the
    # parser then end with status 1, our status for a bug; we say it as Unix commands do
    # (128 + SIGPIPE). Rich's consoles report it through on_broken_pipe (the tables, the
    # help pages); the parser wraps standard output (plain echo).
    output_closed: list[bool] = []
    rich_on_broken_pipe = Console.on_broken_pipe

    def on_broken_pipe(self: Console) -> None:
        output_closed.append(True)
        rich_on_broken_pipe(self)

    Console.on_broken_pipe = on_broken_pipe  # type: ignore[method-assign]
    try:
        get_app()()
    except KeyboardInterrupt:
        sys.exit(130)
    except OSError as error:
        # Every file we open says its own refusal; what reaches here is the output itself
        # failing (ascenseur replay FILE > /dev/full): one line, not a traceback.
        if error.errno not in OUTPUT_FAILURES:
            raise
        _say_on_stderr(_("cannot write the output: {reason}").format(reason=os_error_reason(error)))
        sys.exit(1)
    except SystemExit as done:
        wrapped = type(sys.stdout).__name__ == "PacifyFlushWrapper"
        if done.code == 1 and (output_closed or wrapped):
            sys.exit(128 + signal.SIGPIPE)
        raise
    finally:
        Console.on_broken_pipe = rich_on_broken_pipe  # type: ignore[method-assign]


#: Why writing the output can fail when the reader is still there (a full disk, a dead
#: device, a quota): said in one line by :func:`main`.
OUTPUT_FAILURES = frozenset({errno.ENOSPC, errno.EIO, errno.EDQUOT, errno.EFBIG})


def _say_on_stderr(message: str) -> None:
    """One line on standard error, even when standard output is what failed."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        sys.stderr.write(message + "\n")
        sys.stderr.flush()
    # The text Python still holds for standard output would fail again at exit, with a
    # second message of its own: it is dropped.
    with contextlib.suppress(OSError):
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - closed by the interpreter at exit
