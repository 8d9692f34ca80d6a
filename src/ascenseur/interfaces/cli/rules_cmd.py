"""``ascenseur rules``: the presets, and every option of a rule set explained in words."""

from __future__ import annotations

from typing import Annotated

import typer

from ascenseur.core.rules import PRESET_SUMMARIES, PRESETS, Rules, preset
from ascenseur.i18n import N_, _, ngettext

from . import TranslatedCommand, app
from .options import RuleOption, RulesFileOption, rules_file_or_exit, rules_or_exit


@app.command(
    "rules",
    cls=TranslatedCommand,
    help=N_(
        "List the presets, or explain every option of one (with --rule/--rules-file "
        "applied).\n\n"
        "Examples: ascenseur rules; ascenseur rules classique; ascenseur rules prime --rule "
        "void_rule=must-trump --players 5; ascenseur rules --rules-file house.toml"
    ),
)
def rules_command(
    name: Annotated[
        str | None,
        typer.Argument(metavar="PRESET", help=N_("A preset to explain; none to list them all.")),
    ] = None,
    rule: RuleOption = None,
    rules_file: RulesFileOption = None,
    players: Annotated[
        int | None,
        typer.Option(
            "--players",
            min=1,
            help=N_("Check the rules for this many players and show the hand size of each round."),
        ),
    ] = None,
) -> None:
    if name is None and not rule and rules_file is None and players is None:
        _list_presets()
        return
    # Read once, though used twice: read again, a pipe (``--rules-file <(…)``) gives nothing.
    file_options = rules_file_or_exit(rules_file)
    rules = rules_or_exit(name, rule, rules_file, players=players, file_options=file_options)
    if players is None:
        # The fewest players get the most cards each: what cannot be dealt to them cannot
        # be dealt at all.
        rules = rules_or_exit(
            name, rule, rules_file, players=rules.min_players, file_options=file_options
        )
    _explain(rules, players)


def _list_presets() -> None:
    width = max(len(name) for name in PRESETS)
    for name in PRESETS:
        typer.echo(f"{name.ljust(width)}  {_(PRESET_SUMMARIES[name])}")


def _explain(rules: Rules, players: int | None) -> None:
    base = preset(rules.preset)
    changed = rules.overrides()
    typer.echo(
        _("{preset}: {summary}").format(
            preset=rules.preset, summary=_(PRESET_SUMMARIES[rules.preset])
        )
    )
    typer.echo(_("Players: {low} to {high}.").format(low=rules.min_players, high=rules.max_players))
    if changed:
        typer.echo(_("Changed from the preset: {names}.").format(names=", ".join(changed)))
    typer.echo("")
    base_values = {option: value for option, value, _sentence in base.explain()}
    for option, value, sentence in rules.explain():
        if option in changed:
            typer.echo(
                _("{option} = {value}   (changed; the preset says {preset_value})").format(
                    option=option, value=value, preset_value=base_values[option]
                )
            )
        else:
            typer.echo(f"{option} = {value}")
        typer.echo(f"    {sentence}")
    if players is not None:
        sizes = rules.hand_sizes(players)
        typer.echo("")
        typer.echo(
            ngettext(
                "With {n} players: {count} round, cards dealt: {sizes}.",
                "With {n} players: {count} rounds, cards dealt round by round: {sizes}.",
                len(sizes),
            ).format(n=players, count=len(sizes), sizes=", ".join(str(s) for s in sizes))
        )
    typer.echo("")
    typer.echo(_("Sources: [A] Boîte à jeux, [B] the 10-point bonus, [C] the Spanish ascensor."))
