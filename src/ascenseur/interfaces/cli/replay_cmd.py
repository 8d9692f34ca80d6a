"""``ascenseur replay``: check a game record against every rule and print its score sheet.

A record that is malformed or breaks a rule is refused as RECORD.md says: exit status 2, one
line on standard error saying where (round, trick), who and why; nothing on standard output.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from ascenseur.core.errors import RecordError
from ascenseur.core.record import MAX_RECORD_BYTES, Replay, loads, replay, score_sheet
from ascenseur.i18n import N_, _, ngettext, os_error_reason
from ascenseur.interfaces.typed_text import printable
from ascenseur.services.session import (
    SIDECAR_SUFFIX,
    game_of_sidecar,
    is_sidecar_data,
    read_at_most,
)

from . import TranslatedCommand, app
from .options import refuse


def read_record_text(source: str) -> str:
    """The text of the record at ``source`` (``-`` for standard input); raise
    :class:`RecordError` saying why it cannot be read."""
    if not source:
        raise RecordError(_("FILE: the name is empty; name a record, or - for standard input"))
    try:
        if source == "-":
            if sys.stdin is None:  # started with standard input closed (<&-)
                raise RecordError(
                    _("{path} cannot be read: standard input is closed").format(path=source)
                )
            data = read_at_most(sys.stdin.buffer, MAX_RECORD_BYTES)
        else:
            # The name as typed: "record.json/" is no file (a Path would drop the slash).
            with open(source, "rb") as handle:
                data = read_at_most(handle, MAX_RECORD_BYTES)
    except FileNotFoundError:
        raise RecordError(_("{path}: no such file").format(path=source)) from None
    except IsADirectoryError:
        raise RecordError(_("{path} is a directory, not a record").format(path=source)) from None
    except OSError as error:
        raise RecordError(
            _("{path} cannot be read: {reason}").format(path=source, reason=os_error_reason(error))
        ) from None
    if len(data) > MAX_RECORD_BYTES:
        raise RecordError(
            _("{path} is too large to be a game record (more than {size} MB)").format(
                path=source, size=MAX_RECORD_BYTES // 1_000_000
            )
        )
    try:
        # A byte-order mark (as some editors write) is read past.
        return data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as error:
        if data.startswith((b"\xff\xfe", b"\xfe\xff")):  # the mark of UTF-16
            raise RecordError(
                _(
                    "{path} is UTF-16 text (as PowerShell writes by default): save it as UTF-8"
                ).format(path=source)
            ) from None
        raise RecordError(
            _("{path} is not UTF-8 text (byte {position})").format(
                path=source, position=error.start
            )
        ) from None


def _round_lines(row: dict[str, Any], last: bool) -> list[str]:
    """One round of the sheet as RECORD.md writes it: two lines, the second from
    ``"points"`` on, one space further in."""
    keys = list(row)
    cut = keys.index("points") if "points" in keys else len(keys)
    head = json.dumps({k: row[k] for k in keys[:cut]}, ensure_ascii=False)
    end = "" if last else ","
    if cut == len(keys):
        return [f"    {head}{end}"]
    tail = json.dumps({k: row[k] for k in keys[cut:]}, ensure_ascii=False)
    return [f"    {head[:-1]},", f"     {tail[1:]}{end}"]


def sheet_json(sheet: dict[str, Any]) -> str:
    """The score sheet as JSON laid out as in RECORD.md, to the byte: one key per line, each
    round on two lines."""
    lines = ["{"]
    items = list(sheet.items())
    for index, (key, value) in enumerate(items):
        comma = "," if index < len(items) - 1 else ""
        if key == "rounds" and value:
            lines.append('  "rounds": [')
            for i, row in enumerate(value):
                lines.extend(_round_lines(row, last=i == len(value) - 1))
            lines.append(f"  ]{comma}")
        else:
            lines.append(f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}{comma}")
    lines.append("}")
    return "\n".join(lines)


def _cell(value: int | None, signed: bool = False) -> str:
    if value is None:
        return "?"
    return f"{value:+d}" if signed else str(value)


def sheet_table(sheet: dict[str, Any], replayed: Replay) -> Table:
    """The score sheet as a table: a row per round, a column per player with
    ``bid/won points total``, and a row of totals."""
    names = [printable(name) for name in sheet["players"]]
    table = Table(
        title=_("Score sheet"),
        caption=_("each player: bid/won, points of the round, total"),
        show_lines=False,
    )
    table.add_column(_("Round"), justify="right")
    table.add_column(_("Cards"), justify="right")
    table.add_column(_("Dealer"))
    table.add_column(_("Trump"))
    for name in names:
        table.add_column(Text(name), justify="right")
    for number, row in enumerate(sheet["rounds"], start=1):
        bids = row["bids"] or [None] * len(names)
        won = row["won"] or [None] * len(names)
        cells = []
        for seat in range(len(names)):
            text = f"{_cell(bids[seat])}/{_cell(won[seat])}".rjust(5)
            if row["points"] is not None:
                points = _cell(row["points"][seat], signed=True)
                text += f" {points:>4} {row['totals'][seat]:>5}"
            else:
                text += " " + _("(in play)")
            cells.append(Text(text))
        table.add_row(
            Text(str(number)),
            Text(str(row["cards"])),
            Text(names[row["dealer"]]),
            Text(row["trump"] or "—"),
            *cells,
        )
    table.add_section()
    table.add_row(
        Text(_("Total"), style="bold"),
        Text(""),
        Text(""),
        Text(""),
        *(Text(str(total), style="bold") for total in sheet["totals"]),
    )
    return table


def _status_line(sheet: dict[str, Any], replayed: Replay) -> str:
    if sheet["finished"]:
        return _("Winners: {names}").format(names=", ".join(map(printable, sheet["winners"])))
    game = replayed.game
    return ngettext(
        "Game in progress: {played} of {rounds} round played.",
        "Game in progress: {played} of {rounds} rounds played.",
        game.rounds,
    ).format(played=len(game.results), rounds=game.rounds)


def settings_file_refusal(source: str) -> str:
    """What to say when ``source`` holds a game's settings file (``game.session.json``, kept
    beside a save and beside each game of the history) rather than a record: the record to
    give instead, when its name says which."""
    if source == "-":
        return _(
            "standard input holds the settings file of a game, not its record: give the "
            "record saved with it"
        )
    if source.endswith(SIDECAR_SUFFIX):
        return _(
            "{path} is the settings file of a game, not its record: ascenseur replay {record}"
        ).format(path=source, record=game_of_sidecar(Path(source)))
    return _(
        "{path} is the settings file of a game, not its record: give the record saved with it"
    ).format(path=source)


@app.command(
    "replay",
    cls=TranslatedCommand,
    help=N_(
        "Check a game record against every rule and print its score sheet.\n\n"
        "A record that is malformed or breaks a rule exits with status 2 and one line on "
        "standard error naming the round, the trick, the player and the rule."
    ),
)
def replay_command(
    file: Annotated[
        str,
        typer.Argument(metavar="FILE", help=N_("A game record (JSON), or - for standard input.")),
    ],
    as_json: Annotated[
        bool, typer.Option("--json", help=N_("Print the score sheet as JSON (RECORD.md)."))
    ] = False,
) -> None:
    record: Any = None
    try:
        record = loads(read_record_text(file))
        replayed = replay(record)
    except RecordError as error:
        if is_sidecar_data(record):
            # The settings kept beside a saved or finished game (play writes both, in the
            # saves and the history folders): the player wants the record beside it.
            raise refuse(settings_file_refusal(file)) from None
        raise refuse(str(error)) from None
    sheet = score_sheet(replayed)
    if as_json:
        typer.echo(sheet_json(sheet))
        return
    console = Console(highlight=False)
    table = sheet_table(sheet, replayed)
    if not console.is_terminal:
        # Not a terminal (a pipe, a file): no wrapping, however many players.
        wide = console.options.update_width(10_000)
        console.width = max(console.width, console.measure(table, options=wide).maximum)
    console.print(table)
    console.print(Text(_status_line(sheet, replayed)))
