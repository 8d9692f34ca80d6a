"""The screens around the table: score sheet, rules, end of the game, setup."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Footer, Input, Label, Select, Static

from ascenseur.core.rules import (
    PRESET_SUMMARIES,
    PRESETS,
    Rules,
    RulesError,
    explain_option,
    preset,
)
from ascenseur.i18n import _, ngettext
from ascenseur.services.session import GameSession

from .chart import seat_color, totals_chart
from .texts import SETUP_LEVELS, level_name

if TYPE_CHECKING:
    from .app import AscenseurApp
    from .game_screen import GameScreen


def score_table(session: GameSession, seat: int) -> Table:
    """The score sheet: for each round the hand size, then each player's bid, tricks won,
    points and total, in the scoring in force (from the player's view)."""
    view = session.view(seat)
    table = Table(expand=False, show_edge=False, pad_edge=False, header_style="bold")
    table.add_column("#", justify="right", style="dim")
    table.add_column(_("cards"), justify="right")
    for s, name in enumerate(view.names):
        table.add_column(Text(name, style=f"bold {seat_color(s)}"), justify="right")
    for i, result in enumerate(view.results):
        cells = []
        for s in range(view.players):
            made = result.bids[s] == result.won[s]
            cell = Text(f"{result.bids[s]}/{result.won[s]} ")
            cell.append(f"{result.points[s]:+d}", style="green" if made else "red")
            cell.append(f" {result.totals[s]}", style="bold")
            cells.append(cell)
        table.add_row(str(i + 1), str(result.cards), *cells)
    table.caption = _("bid/won, points, total")
    return table


def scoring_line(rules: Rules) -> str:
    return _("Scoring: {explanation}").format(explanation=explain_option("scoring", rules.scoring))


class ScoreSheetScreen(ModalScreen[None]):
    """The score sheet after a round (or any time with ``t``)."""

    BINDINGS: ClassVar = [
        ("escape,enter,space,t", "close"),
        ("s", "save"),
        ("q", "save_quit"),
        ("up", "scroll('scroll_up')"),
        ("down", "scroll('scroll_down')"),
        ("pageup", "scroll('scroll_page_up')"),
        ("pagedown", "scroll('scroll_page_down')"),
        ("home", "scroll('scroll_home')"),
        ("end", "scroll('scroll_end')"),
    ]

    def __init__(self, session: GameSession, seat: int, finished_round: int | None = None) -> None:
        super().__init__()
        self.session = session
        self.seat = seat
        self.finished_round = finished_round

    def game_screen(self) -> GameScreen | None:
        from .game_screen import GameScreen

        below = self.app.screen_stack[-2] if len(self.app.screen_stack) > 1 else None
        return below if isinstance(below, GameScreen) else None

    def action_save(self) -> None:
        """Saving works from the score sheet too: the game is between two rounds."""
        game = self.game_screen()
        if game is not None:
            game.action_save()

    def action_save_quit(self) -> None:
        game = self.game_screen()
        if game is not None:
            game.action_save_quit()

    def compose(self) -> ComposeResult:
        with Vertical(id="sheet-box", classes="dialog"):
            if self.finished_round is not None:
                yield Label(
                    _("End of round {n}").format(n=self.finished_round + 1), classes="title"
                )
            else:
                yield Label(_("Score sheet"), classes="title")
            yield Static(Text(scoring_line(self.session.game.rules)), classes="note")
            with VerticalScroll(classes="dialog-body"):
                yield Static(score_table(self.session, self.seat), id="sheet")
            yield Button(_("Continue"), id="continue", variant="primary", compact=True)

    def on_mount(self) -> None:
        self.query_one("#continue", Button).focus()
        # The latest round is what the player wants to see: the sheet opens at its end.
        body = self.query_one(".dialog-body", VerticalScroll)
        self.call_after_refresh(body.scroll_end, animate=False)

    def action_scroll(self, how: str) -> None:
        """The arrows and page keys scroll the sheet while the focus stays on Continue."""
        getattr(self.query_one(".dialog-body", VerticalScroll), how)(animate=False)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)


class RulesScreen(ModalScreen[None]):
    """Every option of the rules in force, explained."""

    BINDINGS: ClassVar = [("escape,enter,r,q", "close")]

    def __init__(self, rules: Rules) -> None:
        super().__init__()
        self.rules = rules

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(_("Rules: {preset}").format(preset=self.rules.preset), classes="title")
            text = Text()
            summary = PRESET_SUMMARIES.get(self.rules.preset)
            if summary:
                text.append(_(summary) + "\n\n", style="italic")
            changed = self.rules.overrides()
            base = {name: value for name, value, _why in preset(self.rules.preset).explain()}
            for name, value, explanation in self.rules.explain():
                text.append(f"{name} = {value}", style="bold")
                if name in changed:
                    text.append(
                        "   " + _("(changed; the preset says {value})").format(value=base[name]),
                        style="yellow",
                    )
                text.append(f"\n  {explanation}\n")
            with VerticalScroll(classes="dialog-body"):
                yield Static(text)
            yield Label(_("Press Escape to go back."), classes="note")

    def action_close(self) -> None:
        self.dismiss(None)


class EndScreen(Screen[None]):
    """The winners, the final score sheet and a chart of the totals over the rounds."""

    def __init__(self, session: GameSession, history_path: Path | None) -> None:
        super().__init__()
        self.session = session
        self.history_path = history_path
        self._bindings.bind("q,escape", "app.quit", _("quit"))
        self._bindings.bind("n", "new_game", _("new game"))

    def compose(self) -> ComposeResult:
        game = self.session.game
        seat = self.session.human_seats[0] if self.session.human_seats else 0
        view = self.session.view(seat)
        winners = [view.names[s] for s in game.winners()]
        title = ngettext("Winner: {names}", "Winners: {names}", len(winners)).format(
            names=", ".join(winners)
        )
        with VerticalScroll(id="end"):
            yield Label(_("Game over"), classes="title")
            yield Label(Text(title), id="winners", classes="title")
            yield Static(Text(scoring_line(game.rules)), classes="note")
            yield Static(score_table(self.session, seat))
            yield Label(_("Totals over the rounds"), classes="title")
            yield Static(totals_chart(view.names, [r.totals for r in view.results]), id="chart")
            if self.history_path is not None:
                yield Static(
                    Text(
                        _("Saved to the history: {path} (ascenseur replay {path})").format(
                            path=self.history_path
                        )
                    ),
                    classes="note",
                )
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#end", VerticalScroll).focus()  # arrows and page keys scroll

    def action_new_game(self) -> None:
        app: AscenseurApp = self.app  # type: ignore[assignment]
        app.open_setup()


class SetupScreen(Screen[None]):
    """Choose the rules, the players, your seat and the computer players' level."""

    def __init__(self, defaults: dict[str, str]) -> None:
        super().__init__()
        self.defaults = defaults
        self._bindings.bind("escape", "app.quit", _("quit"))

    def compose(self) -> ComposeResult:
        d = self.defaults
        with VerticalScroll(id="setup"):
            yield Label(_("New game"), classes="title")
            with Horizontal(classes="row"):
                yield Label(_("Rules"), classes="field")
                yield Select(
                    [(f"{name}", name) for name in PRESETS],
                    value=d.get("preset", "classique"),
                    allow_blank=False,
                    id="preset",
                    compact=True,
                )
            yield Static(id="preset-summary", classes="note")
            for field, label, placeholder in (
                ("options", _("Options"), _("e.g. void_rule=free; ladder=[1,2,3]")),
                ("players", _("Players"), ""),
                ("names", _("Names"), _("comma-separated")),
                ("seat", _("Your seat"), ""),
            ):
                with Horizontal(classes="row"):
                    yield Label(label, classes="field")
                    yield Input(
                        d.get(field, {"players": "4", "seat": "1"}.get(field, "")),
                        placeholder=placeholder,
                        id=field,
                        type="integer" if field in ("players", "seat") else "text",
                        compact=True,
                    )
            with Horizontal(classes="row"):
                yield Label(_("Computer level"), classes="field")
                yield Select(
                    [(level_name(level), level) for level in SETUP_LEVELS],
                    value=d.get("level", "medium"),
                    allow_blank=False,
                    id="level",
                    compact=True,
                )
            with Horizontal(classes="row"):
                yield Label(_("Levels by seat"), classes="field")
                yield Input(
                    d.get("levels", ""),
                    placeholder=_("optional, e.g. {levels}").format(
                        levels=",".join(level_name(x) for x in ("easy", "hard", "medium"))
                    ),
                    id="levels",
                    compact=True,
                )
            yield Static(id="setup-error", classes="error")
            yield Button(_("Start"), id="start", variant="primary", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        self.show_summary()

    def on_select_changed(self, event: Select.Changed) -> None:
        self.show_summary()

    def show_summary(self) -> None:
        name = self.query_one("#preset", Select).value
        summary = PRESET_SUMMARIES.get(str(name), "")
        self.query_one("#preset-summary", Static).update(Text(_(summary) if summary else ""))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.start()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.start()

    def start(self) -> None:
        from .app import build_session

        values = {
            "preset": str(self.query_one("#preset", Select).value),
            "options": self.query_one("#options", Input).value,
            "players": self.query_one("#players", Input).value,
            "names": self.query_one("#names", Input).value,
            "seat": self.query_one("#seat", Input).value,
            "level": str(self.query_one("#level", Select).value),
            "levels": self.query_one("#levels", Input).value,
        }
        try:
            session = build_session(values, seed=None)
        except (RulesError, ValueError) as error:
            self.query_one("#setup-error", Static).update(Text(str(error)))
            return
        app: AscenseurApp = self.app  # type: ignore[assignment]
        app.start_game(session)
