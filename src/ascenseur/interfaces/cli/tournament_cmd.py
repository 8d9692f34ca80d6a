"""``ascenseur tournament``: bots against bots on duplicate deals, with statistics and ratings.

Each deal is replayed with the seats rotated, so that every bot plays every hand. Prints per
bot: points per game and per round with 95 % intervals, exact-bid rate, win rate, decision
times (mean and 99th percentile) and an openskill rating; ``--json`` for machines,
``--records DIR`` to keep every game.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from ascenseur.core.rules import RulesError
from ascenseur.i18n import N_, _, decimal, ngettext, os_error_reason
from ascenseur.interfaces.typed_text import bot_label
from ascenseur.services.session import folder_in_the_way
from ascenseur.services.tournament import (
    RecordNotWritten,
    TournamentConfig,
    TournamentInterrupted,
    TournamentResult,
    interrupts_held,
    record_name,
    record_names_taken,
    records_already_in,
    run_tournament,
    usable_cores,
)

from . import TranslatedCommand, app
from .options import (
    MAX_GAMES,
    RuleOption,
    RulesFileOption,
    RulesOption,
    bot_kinds,
    check_bots,
    check_bots_at,
    path_option,
    refuse,
    refuse_option,
    rules_or_exit,
    writable_folder_or_exit,
)


@app.command(
    "tournament",
    cls=TranslatedCommand,
    help=N_("Play bots against each other on duplicate deals and measure them."),
)
def tournament(
    rules_name: RulesOption = None,
    rule: RuleOption = None,
    rules_file: RulesFileOption = None,
    players: Annotated[
        int | None,
        typer.Option(
            "--players", min=1, help=N_("Number of players (default: the number of bots).")
        ),
    ] = None,
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            metavar="KIND,KIND,…",
            help=N_(
                "One bot per seat, comma-separated: random, rules, search, easy, medium, "
                "hard, expert (and ismcts with the openspiel extra)."
            ),
        ),
    ] = "search,rules,rules,random",
    games: Annotated[
        int,
        typer.Option(
            "--games", min=1, max=MAX_GAMES, help=N_("Games to play (whole rotations of a deal).")
        ),
    ] = 20,
    jobs: Annotated[
        int | None,
        typer.Option("--jobs", min=1, help=N_("Worker processes (default: one per core).")),
    ] = None,
    seed: Annotated[int, typer.Option("--seed", min=0, help=N_("Same seed, same results."))] = 0,
    as_json: Annotated[bool, typer.Option("--json", help=N_("Print the results as JSON."))] = False,
    records: Annotated[
        Path | None,
        typer.Option(
            "--records",
            parser=path_option,
            metavar="DIR",
            help=N_("Write every game's record in DIR."),
        ),
    ] = None,
) -> None:
    names = tuple(bot_kinds(bots))
    count = players if players is not None else len(names)
    if players is None and len(names) == 1:
        # (one name gives every seat that bot in simulate; a tournament compares bots, and
        # without --players the table would be one player, refused by the preset's range)
        raise refuse(_("--bots: one bot given; give one bot per seat"))
    if len(names) != count:
        raise refuse(
            ngettext(
                "--bots: {n} bot for {p} players; give one bot per seat",
                "--bots: {n} bots for {p} players; give one bot per seat",
                len(names),
            ).format(n=len(names), p=count)
        )
    check_bots(names)
    rules = rules_or_exit(
        rules_name,
        rule,
        rules_file,
        players=count,
        players_from="--players" if players is not None else "--bots",
    )
    check_bots_at(names, rules, count)
    workers = jobs if jobs is not None else usable_cores()
    config = TournamentConfig(
        rules=rules, bots=names, games=games, seed=seed, jobs=workers, records=records
    )
    if records is not None:
        kept_before = records_already_in(records)
        if kept_before:
            raise refuse_option(
                "--records",
                ngettext(
                    "{dir} already holds {count} tournament record ({first}); give an empty "
                    "or new folder, so that no record is overwritten",
                    "{dir} already holds {count} tournament records ({first}, …); give an "
                    "empty or new folder, so that no record is overwritten",
                    len(kept_before),
                ).format(dir=records, count=len(kept_before), first=kept_before[0].name),
            )
        taken = record_names_taken(config)  # (a folder named as a record: one look at all)
        if taken:
            raise records_refusal(taken[0], folder_in_the_way(taken[0]))
        # Last, as it makes the folder: a command refused for another reason leaves none.
        writable_folder_or_exit("--records", records)
    console = Console(stderr=True)
    # The progress bar's thread starts with Ctrl-C held back, so that Ctrl-C reaches this
    # thread (see interrupts_held).
    with (
        interrupts_held() as release,
        Progress(
            TextColumn(_("Tournament")),
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=console,
            transient=as_json,
            disable=not console.is_terminal and as_json,
        ) as progress,
    ):
        release()
        task = progress.add_task("games", total=config.deals * config.players)

        def advance(done: int, total: int) -> None:
            progress.update(task, completed=done, total=total)

        stopped: TournamentInterrupted | RecordNotWritten | None = None
        try:
            result: TournamentResult | None = run_tournament(config, advance)
        except (ValueError, RulesError) as error:
            raise refuse(str(error)) from None
        except (TournamentInterrupted, RecordNotWritten) as interrupted:
            # What was played is kept, whether Ctrl-C or a record that could not be
            # written stopped it.
            stopped, result = interrupted, interrupted.result
    if result is not None:
        if as_json:
            typer.echo(result.to_json())
        else:
            print_table(result)
        written = 0 if records is None else len(result.games)
        if records is not None and isinstance(stopped, RecordNotWritten):
            # The records still there: the folder may have gone (its refusal says so).
            written = sum(
                (records / record_name(game.deal, game.rotation)).is_file() for game in result.games
            )
        if written:
            typer.echo(
                ngettext(
                    "{count} record written in {dir}", "{count} records written in {dir}", written
                ).format(count=written, dir=records),
                err=True,
            )
    if isinstance(stopped, RecordNotWritten):
        if stopped.played:
            typer.echo(stopped_message(stopped), err=True)
        raise records_refusal(stopped.path, stopped.error)
    if stopped is not None:
        typer.echo(stopped_message(stopped), err=True)
        raise typer.Exit(130)


def records_refusal(path: Path, error: OSError) -> typer.Exit:
    """A record of ``--records`` that cannot be written, said as ``simulate --out`` says it,
    with its exit status (2)."""
    return refuse(
        _("--records: cannot write {path}: {reason}").format(
            path=path, reason=os_error_reason(error)
        )
    )


def stopped_message(stopped: TournamentInterrupted | RecordNotWritten) -> str:
    """What Ctrl-C (or a record that could not be written) left of a tournament, in one
    line."""
    if stopped.result is None:
        return ngettext(
            "Stopped after {played} of {total} game, before any deal was played from every "
            "seat: no figures.",
            "Stopped after {played} of {total} games, before any deal was played from every "
            "seat: no figures.",
            stopped.total,
        ).format(played=stopped.played, total=stopped.total)
    deals = stopped.result.config["deals"]
    return ngettext(
        "Stopped after {played} of {total} games: the figures are those of the {deals} deal "
        "played from every seat.",
        "Stopped after {played} of {total} games: the figures are those of the {deals} deals "
        "played from every seat.",
        deals,
    ).format(played=stopped.played, total=stopped.total, deals=deals)


def print_table(result: TournamentResult) -> None:
    """The results as a table for people (a pipe or a file gets the whole width of the
    table, not 80 columns that would break every figure over two lines)."""
    console = Console()
    if not console.is_terminal:
        console.width = max(console.width, 160)
    config = result.config
    table = Table(
        title=ngettext(
            "{games} games ({deals} deal × {players} seatings), seed {seed}",
            "{games} games ({deals} deals × {players} seatings), seed {seed}",
            config["deals"],
        ).format(
            games=config["games"],
            deals=config["deals"],
            players=config["players"],
            seed=config["seed"],
        ),
        caption=_(
            "±: intervals at 95 %; rating: openskill's μ − 3σ (μ ± σ in brackets), by which "
            "the bots are listed"
        ),
    )
    table.add_column(_("bot"))
    table.add_column(_("points/game"), justify="right")
    table.add_column(_("points/round"), justify="right")
    table.add_column(_("exact bids"), justify="right")
    table.add_column(_("wins"), justify="right")
    table.add_column(_("decision ms (mean / p99)"), justify="right")
    table.add_column(_("rating"), justify="right")
    for bot in sorted(result.bots, key=lambda b: -b.rating):
        table.add_row(
            bot_label(bot.label),
            # Numbers as the language writes them (189,8 in French); --json keeps JSON's.
            f"{decimal(bot.points_per_game)} ± {decimal(bot.points_per_game_ci)}",
            f"{decimal(bot.points_per_round, 2)} ± {decimal(bot.points_per_round_ci, 2)}",
            f"{decimal(100 * bot.exact_bid_rate)} %",
            f"{decimal(100 * bot.win_rate)} %",
            f"{decimal(bot.mean_decision_ms, 2)} / {decimal(bot.p99_decision_ms, 2)}",
            f"{decimal(bot.rating)} ({decimal(bot.rating_mu)} ± {decimal(bot.rating_sigma)})",
        )
    console.print(table)
