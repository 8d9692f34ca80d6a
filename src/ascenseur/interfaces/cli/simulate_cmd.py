"""``ascenseur simulate``: whole games between computer players, their records, a summary.

Every decision is a bot's, made from ``game.view(seat)`` only; the engine checks each action
(a bot that breaks a rule stops the simulation with the engine's message). A game is fully
determined by its seed: the seed draws the first dealer, each deal and each bot's own seed,
so the same seed writes the same record byte for byte.
"""

from __future__ import annotations

import errno
import os
import random
import re
import signal
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated

import typer
from rich.cells import cell_len

from ascenseur.bots import Bot, make_bot
from ascenseur.core.engine import Game, default_names
from ascenseur.core.errors import IllegalActionError
from ascenseur.core.record import dumps
from ascenseur.core.rules import Rules, RulesError
from ascenseur.i18n import N_, _, decimal, ngettext, os_error_reason
from ascenseur.interfaces.typed_text import bot_label, parse_names, printable
from ascenseur.services.autoplay import play_with_bots
from ascenseur.services.session import folder_in_the_way, write_text_atomic

from . import TranslatedCommand, app
from .options import (
    MAX_GAMES,
    RuleOption,
    RulesFileOption,
    RulesOption,
    bot_kinds,
    check_bots,
    check_bots_at,
    listed,
    names_refusal,
    output_path_option,
    refuse,
    rules_or_exit,
    writable_folder_or_exit,
)


def play_game(rules: Rules, names: Sequence[str], bot_kinds: Sequence[str], seed: int) -> Game:
    """A whole game between bots of ``bot_kinds`` (one per seat), determined by ``seed``."""
    master = random.Random(seed)
    deal_rng = random.Random(master.getrandbits(64))
    bots: list[Bot] = [make_bot(kind, master.getrandbits(64)) for kind in bot_kinds]
    game = Game.new(rules, list(names), first_dealer=master.randrange(len(names)))
    return play_with_bots(game, bots, lambda _game: deal_rng)


@dataclass
class Summary:
    """What a batch of games adds up to, by seat."""

    players: int
    games: int = 0
    rounds: int = 0
    points: list[int] = field(default_factory=list)
    wins: list[float] = field(default_factory=list)
    bids: int = 0
    exact_bids: int = 0

    def __post_init__(self) -> None:
        self.points = [0] * self.players
        self.wins = [0.0] * self.players

    def add(self, game: Game) -> None:
        self.games += 1
        self.rounds += len(game.results)
        for seat, total in enumerate(game.totals):
            self.points[seat] += total
        winners = game.winners()
        for seat in winners:
            self.wins[seat] += 1 / len(winners)
        for result in game.results:
            for bid, won in zip(result.bids, result.won, strict=True):
                self.bids += 1
                self.exact_bids += bid == won


def _game_path(out: Path, index: int, games: int) -> Path:
    """Where game ``index`` (from 0) of a batch is written: ``out`` itself for one game; in
    the folder ``out`` as ``game-007.json``; else ``out``'s name with ``-007`` added."""
    width = max(3, len(str(games - 1)))
    if games == 1 and not out.is_dir():
        return out
    if out.is_dir():
        return out / f"game-{index:0{width}d}.json"
    return out.with_name(f"{out.stem}-{index:0{width}d}{out.suffix}")


@app.command(
    "simulate",
    cls=TranslatedCommand,
    help=N_(
        "Play whole games between computer players and write their records.\n\n"
        "Example: ascenseur simulate --rules prime --players 5 --seed 7 --out game.json"
    ),
)
def simulate_command(
    rules_name: RulesOption = None,
    rule: RuleOption = None,
    rules_file: RulesFileOption = None,
    players: Annotated[
        int | None,
        typer.Option(
            "--players",
            min=1,
            help=N_(
                "Number of players (default: as many as --names, else as --bots gives one"
                " per seat, else 4)."
            ),
        ),
    ] = None,
    names: Annotated[
        str | None,
        typer.Option("--names", metavar="A,B,C", help=N_("Names in turn order, comma-separated.")),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed",
            min=0,
            help=N_("Seed of the (first) game; random when not given, and printed to reproduce."),
        ),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            parser=output_path_option,
            metavar="FILE",
            help=N_(
                "Write the game record (JSON) here, - for standard output (the messages then "
                "go to standard error). With --games N>1: into FILE if it is a "
                "folder (game-000.json, game-001.json, …), else to FILE with -000, -001, … "
                "added before the extension. Game i uses seed S+i."
            ),
        ),
    ] = None,
    games: Annotated[
        int,
        typer.Option(
            "--games",
            min=1,
            max=MAX_GAMES,
            help=N_("Play this many games (seeds S, S+1, …) and print a summary."),
        ),
    ] = 1,
    bots: Annotated[
        str | None,
        typer.Option(
            "--bots",
            metavar="KIND,KIND,…",
            help=N_("Bot of each seat (one kind for all, or one per seat); default random."),
        ),
    ] = None,
) -> None:
    # (a repeated name: the engine's check below)
    seat_names = listed("--names", names, parse_names, _("no name given"))
    kinds = ["random"] if bots is None else bot_kinds(bots)
    players_from = "--players"
    if players is None:  # as many as the names, else the bots given one per seat, else 4
        players = len(seat_names) or (len(kinds) if len(kinds) > 1 else 4)
        players_from = "--names" if seat_names else "--bots" if len(kinds) > 1 else "--players"
    if seat_names and len(seat_names) != players:
        raise refuse(
            ngettext(
                "--names: {count} name for {n} players",
                "--names: {count} names for {n} players",
                len(seat_names),
            ).format(count=len(seat_names), n=players)
        )
    rules = rules_or_exit(rules_name, rule, rules_file, players=players, players_from=players_from)
    if not seat_names:
        seat_names = list(default_names(players))
    try:
        Game.new(rules, seat_names)  # the engine's own checks of the names, before any game
    except RulesError as error:
        raise names_refusal(error, names) from None
    if len(kinds) == 1:
        kinds = kinds * players
    if len(kinds) != players:
        raise refuse(_("--bots: {count} bots for {n} players").format(count=len(kinds), n=players))
    check_bots(kinds)
    check_bots_at(kinds, rules, players)
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    to_stdout = out is not None and str(out) == "-"
    if to_stdout and games > 1:
        raise refuse(_("--out: - writes one game to standard output; use a file with --games"))
    if out is not None and not to_stdout:
        _check_out(out, games)

    summary = Summary(players)
    started = time.perf_counter()
    last: Game | None = None
    written = 0
    try:
        for index in range(games):
            try:
                last = play_game(rules, seat_names, kinds, seed + index)
            except IllegalActionError as error:
                raise refuse(
                    _("game with seed {seed}: a bot broke a rule: {error}").format(
                        seed=seed + index, error=error
                    )
                ) from None
            summary.add(last)
            with _ctrl_c_after():  # a record is written and counted together
                if to_stdout:
                    typer.echo(dumps(last), nl=False)
                elif out is not None:
                    path = _game_path(out, index, games)
                    try:
                        _write_record(path, dumps(last))
                    except OSError as error:
                        raise refuse(
                            _("--out: cannot write {path}: {reason}").format(
                                path=path, reason=os_error_reason(error)
                            )
                        ) from None
                written += 1
    except KeyboardInterrupt:
        _say_stopped(seed, written, games, out if not to_stdout else None)
        raise typer.Exit(130) from None
    elapsed = time.perf_counter() - started

    lines = [_("Seed: {seed}").format(seed=seed)]
    if games == 1 and last is not None:
        lines += _game_lines(last)
    else:
        lines += _summary_lines(summary, seat_names, kinds, elapsed)
    if out is not None and not to_stdout:
        if games == 1:
            lines.append(_("Record written to {path}").format(path=_game_path(out, 0, 1)))
        else:
            lines.append(
                _("Records written to {first} … {last}").format(
                    first=_game_path(out, 0, games), last=_game_path(out, games - 1, games)
                )
            )
    # With the record on standard output, the messages go to standard error; a name or a
    # path with control characters has them written out (they could clear the terminal).
    for line in lines:
        typer.echo(printable(line), err=to_stdout)


@contextmanager
def _ctrl_c_after() -> Iterator[None]:
    """Ctrl-C within the block takes effect at its end: a record renamed into place but
    not yet counted was left out of "Stopped after N games" (seen: 13 records, 12 said).
    Only Python's own Ctrl-C is deferred (not an ignored one, nor outside the main thread)."""
    if (
        threading.current_thread() is not threading.main_thread()
        or signal.getsignal(signal.SIGINT) is not signal.default_int_handler
    ):
        yield
        return
    caught: list[int] = []
    signal.signal(signal.SIGINT, lambda signum, _frame: caught.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    if caught:
        raise KeyboardInterrupt


def _write_record(path: Path, text: str) -> None:
    """Write a record whole or not at all (through a temporary file: Ctrl-C leaves no half
    record); a device or a pipe (``--out /dev/stdout``) is written to as it is."""
    if path.is_symlink() or (path.exists() and not path.is_file()):
        path.write_text(text, encoding="utf-8")
    else:
        write_text_atomic(path, text)


def _check_out(out: Path, games: int) -> None:
    """Refuse an ``--out`` that cannot be written before any game is played (a game of
    long hands takes seconds), saying why: a missing folder, a file where the folder
    should be, a folder that takes no file, or a folder where a record goes."""
    if games == 1 and out.exists() and not out.is_dir():  # a file, a device, a pipe (>(…))
        if not os.access(out, os.W_OK):
            raise refuse(
                _("--out: cannot write {path}: {reason}").format(
                    path=out, reason=os_error_reason(PermissionError(errno.EACCES, ""))
                )
            )
        return
    folder = out if out.is_dir() else out.parent
    if not folder.exists():
        raise refuse(_("--out: the folder {path} does not exist").format(path=folder))
    if not folder.is_dir():
        raise refuse(_("--out: {path} is a file, not a folder").format(path=folder))
    writable_folder_or_exit("--out", folder, make=False)
    taken = _folder_in_the_way(out, games)
    if taken is not None:
        raise refuse(
            _("--out: cannot write {path}: {reason}").format(
                path=taken, reason=os_error_reason(folder_in_the_way(taken))
            )
        )


def _folder_in_the_way(out: Path, games: int) -> Path | None:
    """The first record of the batch (:func:`_game_path`) whose name a folder holds, found
    in one reading of the folder (not one look per game: a batch may have a billion), or
    None. Written over, a file is no obstacle; a folder would stop the batch at that game."""
    first = _game_path(out, 0, games)
    if games == 1:
        return first if first.is_dir() else None
    # Every name of the batch is made as _game_path makes it, its number changed (as many
    # digits): from the same pieces, not FIRST's name split again ("rec." gives "rec.-000",
    # whose suffix Python reads as ".-000").
    width = max(3, len(str(games - 1)))
    before, after = ("game-", ".json") if out.is_dir() else (f"{out.stem}-", out.suffix)
    names = re.compile(re.escape(before) + rf"(\d{{{width}}})" + re.escape(after))
    try:
        with os.scandir(first.parent) as entries:
            for entry in sorted(entries, key=lambda entry: entry.name):
                found = names.fullmatch(entry.name)
                if found and int(found[1]) < games and entry.is_dir():
                    return first.parent / entry.name
    except OSError:  # (the folder was checked just before: its own refusal then)
        return None
    return None


def _say_stopped(seed: int, played: int, games: int, out: Path | None) -> None:
    """What Ctrl-C left of a batch: the seed (to play it again) and the records written."""
    lines = [_("Seed: {seed}").format(seed=seed)]
    lines.append(
        ngettext(
            "Stopped after {played} of {total} game.",
            "Stopped after {played} of {total} games.",
            games,
        ).format(played=played, total=games)
    )
    if out is not None and played:
        lines.append(
            _("Records written to {first} … {last}").format(
                first=_game_path(out, 0, games), last=_game_path(out, played - 1, games)
            )
        )
    for line in lines:
        typer.echo(printable(line), err=True)


def _padded(text: str, width: int) -> str:
    """``text`` filled with spaces to ``width`` columns (a wide character takes two)."""
    return text + " " * max(0, width - cell_len(text))


def _game_lines(game: Game) -> list[str]:
    names = [printable(name) for name in game.names]
    width = max(cell_len(name) for name in names)
    lines = [
        f"  {_padded(name, width)}  {total:>6}"
        for name, total in zip(names, game.totals, strict=True)
    ]
    winners = ", ".join(names[s] for s in game.winners())
    lines.append(_("Winners: {names}").format(names=winners))
    return lines


def _summary_lines(
    summary: Summary, names: Sequence[str], kinds: Sequence[str], elapsed: float
) -> list[str]:
    rate = summary.exact_bids / summary.bids if summary.bids else 0.0
    names = [printable(name) for name in names]
    width = max(cell_len(name) for name in names)
    kinds = [bot_label(kind) for kind in kinds]
    kind_width = max(cell_len(kind) for kind in kinds)
    # each column as wide as its heading ("media de puntos") or its figures
    points_heading, wins_heading = _("mean points"), _("wins")
    points_width = max(12, cell_len(points_heading))
    wins_width = max(9, cell_len(wins_heading))
    lines = [
        _("Games: {games}   rounds: {rounds}   {rate} games/s").format(
            games=summary.games,
            rounds=summary.rounds,
            rate=decimal(summary.games / elapsed) if elapsed > 0 else "∞",
        ),
        _("Exact bids: {rate} %").format(rate=decimal(100 * rate)),
        f"  {'':<{width}}  {'':<{kind_width}}  {points_heading:>{points_width}}  "
        f"{wins_heading:>{wins_width}}",
    ]
    for seat, name in enumerate(names):
        lines.append(
            f"  {_padded(name, width)}  {_padded(kinds[seat], kind_width)}  "
            f"{decimal(summary.points[seat] / summary.games):>{points_width}}  "
            f"{decimal(100 * summary.wins[seat] / summary.games) + ' %':>{wins_width}}"
        )
    return lines
