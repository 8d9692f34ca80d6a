"""The rule-set options shared by every command that plays or explains a game.

``--rules PRESET``, ``--rule key=value`` (repeatable) and ``--rules-file FILE.toml`` become
one :class:`~ascenseur.core.rules.Rules`. The precedence is: the preset (``--rules``, else the
file's ``preset`` key, else ``classique``), then the file's options, then each ``--rule`` in
order. Every check of the values is the core's (:meth:`Rules.override`,
:meth:`Rules.validate`); this module only reads the command line and the file.

A command uses it in two lines::

    rules = rules_or_exit(preset_name, rule_texts, rules_file, players=players)

The ``RulesOption``/``RuleOption``/``RulesFileOption`` aliases declare the three options the
same way in every command.
"""

from __future__ import annotations

import os
import re
import tempfile
import tomllib
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Annotated, Any

import typer

from ascenseur.bots import MissingExtraError, check_table, make_bot
from ascenseur.core.rules import (
    PlayersError,
    Rules,
    RulesError,
    option_from_text,
    preset,
)
from ascenseur.i18n import N_, _, os_error_reason
from ascenseur.interfaces.typed_text import (
    apply_options,
    level_by_name,
    parse_bots,
    printable,
    read_in,
)
from ascenseur.services.session import read_at_most

#: The most games ``simulate`` and ``tournament`` take: already years of play, and a
#: count the progress bar and the figures still hold exactly.
MAX_GAMES = 1_000_000_000

#: The largest rules file read: a few options take a few hundred bytes.
MAX_RULES_FILE_BYTES = 1_000_000

#: ``--rules PRESET``: ``None`` when not given (the file's preset, else classique).
RulesOption = Annotated[
    str | None,
    typer.Option(
        "--rules",
        metavar="PRESET",
        help=N_("Preset to start from: classique, prime, ascensor, enculette (default classique)."),
    ),
]
#: ``--rule key=value``, repeatable.
RuleOption = Annotated[
    list[str] | None,
    typer.Option(
        "--rule",
        metavar="KEY=VALUE",
        help=N_(
            "Override one option, e.g. --rule void_rule=free, --rule ladder=1,3,5, "
            "--rule scoring.made_base=5. Repeatable; applied after the rules file."
        ),
    ),
]


def path_option(text: str) -> Path:
    """A file or folder named on the command line. An empty name is refused (it would be the
    current folder), as is ``NAME/`` where NAME is a file (a path would drop the slash)."""
    if not text:
        raise typer.BadParameter(_("the name is empty"))
    path = Path(text)
    if text.endswith(os.sep) and path.exists() and not path.is_dir():
        raise typer.BadParameter(_("{path} is a file, not a folder").format(path=text))
    return path


def output_path_option(text: str) -> Path:
    """:func:`path_option` for where a command writes: ``NAME/`` is a folder that must be
    there (the command does not guess whether a missing one was meant)."""
    path = path_option(text)
    if text.endswith(os.sep) and not path.exists():
        raise typer.BadParameter(_("the folder {path} does not exist").format(path=text))
    return path


def writable_folder_or_exit(option: str, folder: Path, *, make: bool = True) -> None:
    """Make ``folder`` (and its parents; with ``make=False`` it must be there already) for
    a command to write its files into, and check that a file can be written there: else
    refuse ``option`` in one line, naming the folder and why (exit status 2), before
    anything is played (``--records``, ``--history``, ``simulate --out``)."""
    try:
        if make:
            # (said apart from a folder that is there but takes no file: the options' help
            # says the folder is made when it is not there)
            failed = _("cannot make the folder {dir}: {reason}")
            folder.mkdir(parents=True, exist_ok=True)
        failed = _("cannot write into {dir}: {reason}")
        with tempfile.TemporaryFile(dir=folder):  # (gone once closed: nothing is left)
            pass
    except OSError as error:
        raise refuse_option(
            option, failed.format(dir=folder, reason=os_error_reason(error))
        ) from None


#: ``--rules-file FILE.toml``.
RulesFileOption = Annotated[
    Path | None,
    typer.Option(
        "--rules-file",
        parser=path_option,
        metavar="FILE.toml",
        readable=False,  # our own reading says why, in the game's language
        help=N_("A TOML file of options (top-level keys, optional preset, a \\[scoring] table)."),
    ),
]


def parse_rule_text(text: str) -> tuple[str, str]:
    """``"void_rule=free"`` → ``("void_rule", "free")``; refuse text without ``=``."""
    key, sep, value = text.partition("=")
    key = key.strip()
    if not sep or not key:
        raise RulesError(
            "--rule",
            _("{text!r} is not key=value (for example void_rule=free)").format(text=text),
        )
    return key, value.strip()


#: Where ``tomllib`` says it stopped, at the end of each of its messages.
_TOML_PLACE = re.compile(
    r"^(?P<what>.*) \(at (?:line (?P<line>\d+), column (?P<column>\d+)|end of document)\)$",
    re.DOTALL,
)

#: ``tomllib``'s commonest messages, in words a player who edits a rules file understands
#: (the others keep its English, with the place translated).
_TOML_WHATS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), text)
    for pattern, text in (
        (r"Invalid value", N_("a value is missing or not valid")),
        (r"Cannot overwrite a value", N_("a key is given twice")),
        (r"Cannot declare .* twice", N_("a [table] is given twice")),
        (r"Unterminated string|Illegal character '\\n'", N_("a text is not closed by its quote")),
        (r"Unclosed array", N_("a list is not closed by ]")),
        (r"Unclosed inline table", N_("a table is not closed by }")),
        (r"Invalid statement", N_("a line is neither key = value nor [table]")),
        (r"Expected '=' after a key in a key/value pair", N_("a key is not followed by =")),
        (
            r"Expected newline or end of document after a statement",
            N_("a line goes on after its value"),
        ),
        (
            r"Invalid initial character for a key part",
            N_("a key starts with a character keys cannot have"),
        ),
        (r"Invalid date or datetime", N_("a date is not valid")),
        (
            r"Expected '\]' at the end of a table declaration",
            N_("a [table] line is not closed by ]"),
        ),
    )
)


def toml_error_reason(error: tomllib.TOMLDecodeError) -> str:
    """Where and why a rules file is not TOML, in the active language."""
    found = _TOML_PLACE.match(str(error))
    if found is None:
        return str(error)
    what = found["what"]
    for pattern, text in _TOML_WHATS:
        if pattern.fullmatch(what):
            what = _(text)
            break
    if found["line"] is None:
        return _("at the end of the file: {what}").format(what=what)
    return _("line {line}, column {column}: {what}").format(
        line=found["line"], column=found["column"], what=what
    )


def read_rules_file(path: Path) -> dict[str, Any]:
    """The options of a TOML rules file, as a mapping (not yet checked). A byte-order mark
    at its start (some Windows editors write one) is read past, as in records."""
    try:
        with path.open("rb") as handle:
            # (at most so much: /dev/zero was read until the memory ran out)
            raw = read_at_most(handle, MAX_RULES_FILE_BYTES)
        if len(raw) > MAX_RULES_FILE_BYTES:
            raise RulesError(
                "--rules-file",
                _("{path} is too large to be a rules file (more than {size} MB)").format(
                    path=path, size=MAX_RULES_FILE_BYTES // 1_000_000
                ),
            )
        data = tomllib.loads(raw.decode("utf-8-sig"))
    except RulesError:  # (too large: said above, and no ValueError of the reader's)
        raise
    except FileNotFoundError:
        raise RulesError("--rules-file", _("{path}: no such file").format(path=path)) from None
    except IsADirectoryError:
        raise RulesError("--rules-file", _("{path} is a directory").format(path=path)) from None
    except OSError as error:
        raise RulesError(
            "--rules-file",
            _("{path} cannot be read: {reason}").format(path=path, reason=os_error_reason(error)),
        ) from None
    except tomllib.TOMLDecodeError as error:
        raise RulesError(
            "--rules-file",
            _("{path} is not valid TOML: {reason}").format(
                path=path, reason=toml_error_reason(error)
            ),
        ) from None
    except UnicodeDecodeError:
        raise RulesError("--rules-file", _("{path} is not UTF-8 text").format(path=path)) from None
    except (RecursionError, ValueError) as error:
        # What the reader cannot hold: lists nested hundreds deep, or a whole number of more
        # than 4,300 digits (Python refuses to read it).
        reason = (
            _("its lists or tables are nested too deeply")
            if isinstance(error, RecursionError)
            else _("a number in it is too long")
        )
        raise RulesError(
            "--rules-file", _("{path} is not valid TOML: {reason}").format(path=path, reason=reason)
        ) from None
    return data


def rules_file_or_exit(rules_file: Path | None) -> dict[str, Any]:
    """The options of ``--rules-file`` (none without it), read once, for a command that
    uses them twice (``play`` checks them, then fills the setup screen with them): read
    again, a pipe (``--rules-file <(…)``) would give nothing, and a file may be gone. A file
    that cannot be read is refused as :func:`rules_or_exit` refuses it."""
    if rules_file is None:
        return {}
    try:
        return read_rules_file(rules_file)
    except RulesError as error:
        raise refuse(str(error)) from None


def build_rules(
    preset_name: str | None = None,
    rule_texts: Sequence[str] = (),
    rules_file: Path | None = None,
    *,
    players: int | None = None,
    file_options: Mapping[str, Any] | None = None,
) -> Rules:
    """The rule set the command line asks for; raise :class:`RulesError` (naming the option
    and the reason) when a value is wrong or the options cannot be played together, or,
    when ``players`` is given, cannot be played by that many players. ``file_options`` are
    those of ``rules_file`` when the caller has read it already (:func:`rules_file_or_exit`);
    else the file is read here."""
    if file_options is not None:
        file_options = dict(file_options)  # (its preset is taken out below: a copy)
    elif rules_file is not None:
        file_options = read_rules_file(rules_file)
    else:
        file_options = {}
    file_preset = file_options.pop("preset", None)
    source = None if rules_file is None else str(rules_file)
    if file_preset is not None and not isinstance(file_preset, str):
        refused = RulesError(
            "preset", _("{value!r} is not a preset name").format(value=file_preset)
        )
        raise read_in(refused, str(source))
    # An empty name (``--rules ""``, ``preset = ""``) is given, and refused as no preset:
    # only a name not given at all means classique.
    name = preset_name if preset_name is not None else file_preset
    try:
        rules = preset(name if name is not None else "classique")
    except RulesError as error:
        if preset_name is not None or source is None:
            raise
        raise read_in(error, source) from None  # the file's preset
    command_line: list[dict[str, Any]] = []
    for text in rule_texts:
        key, value = parse_rule_text(text)
        if key == "preset":
            raise RulesError("--rule", _("choose the preset with --rules PRESET"))
        if not key.startswith("scoring."):  # a scoring's number: see _apply
            value = option_from_text(key, value)
        command_line.append({key: value})
    rules = apply_options(rules, [file_options, *command_line], sources=[source])
    if players is not None:
        rules.validate(players)
    return rules


def listed(
    option: str, text: str | None, read: Callable[[str], list[str]], none_given: str
) -> list[str]:
    """The items of a comma-separated option (none when it is not given), read by ``read``
    (:func:`parse_names`, :func:`parse_levels`, :func:`parse_bots`): an empty item, or an
    option given with nothing in it (``--names ""``), is refused rather than dropped, which
    would change the number of players or seats without a word."""
    if text is None:
        return []
    try:
        items = read(text)
    except ValueError as error:
        raise refuse_option(option, error) from None
    if not items:
        raise refuse_option(option, none_given)
    return items


def names_refusal(error: RulesError, names: str | None) -> typer.Exit:
    """The engine's refusal of the players' names, said of ``--names`` when they came from
    it (``--names: two players are named Ann…``), else as the engine words it."""
    if isinstance(error, PlayersError) and names is not None:
        return refuse_option("--names", error.reason)
    return refuse(str(error))


def bot_kinds(text: str) -> list[str]:
    """The bots ``--bots`` names between commas (``simulate`` and ``tournament``); a level
    may be named in the language in force (``facile``), as ``play --levels`` takes it."""
    return [level_by_name(kind) for kind in listed("--bots", text, parse_bots, _("no bot given"))]


def check_bots(kinds: Sequence[str]) -> None:
    """Refuse a kind that is no bot, or one whose extra is not installed (``ismcts``)."""
    for kind in dict.fromkeys(kinds):
        try:
            make_bot(kind, 0)
        except (ValueError, MissingExtraError) as error:  # not a bot, or its extra missing
            raise refuse_option("--bots", error) from None


def check_bots_at(kinds: Sequence[str], rules: Rules, players: int) -> None:
    """Refuse a bot that cannot play this table (OpenSpiel's plays only its own rules)."""
    for kind in dict.fromkeys(kinds):
        try:
            check_table(kind, rules, players)
        except ValueError as error:
            raise refuse(_("--bots: {name}: {reason}").format(name=kind, reason=error)) from None


def refuse_option(option: str, reason: object) -> typer.Exit:
    """:func:`refuse` naming the option at fault: ``--names: no name given``."""
    return refuse(_("{option}: {reason}").format(option=option, reason=reason))


def refuse(message: str) -> typer.Exit:
    """Print ``message`` as one line on standard error; the caller raises the result (exit
    status 2: the input was refused)."""
    typer.echo(printable(" ".join(message.splitlines())), err=True)
    return typer.Exit(2)


def rules_or_exit(
    preset_name: str | None = None,
    rule_texts: Sequence[str] | None = (),
    rules_file: Path | None = None,
    *,
    players: int | None = None,
    players_from: str = "--players",
    file_options: Mapping[str, Any] | None = None,
) -> Rules:
    """:func:`build_rules` for a command: a refusal is one line on standard error naming
    the option and the reason, and exit status 2. A count of players the rules refuse is
    blamed on ``players_from``, the option it came from (``--bots`` when the bots gave it);
    an option named ``players`` (``--rule players=3``), which the rules do not have, is
    refused under its own name, as any unknown option. ``file_options``: as for
    :func:`build_rules`."""
    try:
        return build_rules(
            preset_name, rule_texts or (), rules_file, players=players, file_options=file_options
        )
    except RulesError as error:
        if isinstance(error, PlayersError):
            raise refuse_option(players_from, error.reason) from None
        raise refuse(str(error)) from None


__all__ = [
    "RuleOption",
    "RulesFileOption",
    "RulesOption",
    "build_rules",
    "parse_rule_text",
    "read_rules_file",
    "refuse",
    "rules_file_or_exit",
    "rules_or_exit",
    "writable_folder_or_exit",
]
