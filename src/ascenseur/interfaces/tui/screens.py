"""The screens around the table: score sheet, rules, end of the game, setup."""

from __future__ import annotations

import re
import shlex
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from rich.box import SIMPLE_HEAD
from rich.cells import cell_len
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import (
    Horizontal,
    HorizontalScroll,
    ScrollableContainer,
    Vertical,
    VerticalScroll,
)
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import Button, Footer, Input, Label, Select, Static

from ascenseur.core.cards import Card
from ascenseur.core.rules import (
    PRESET_SUMMARIES,
    PRESETS,
    DeckKind,
    DuplicateCards,
    PlayersError,
    Rules,
    RulesError,
    explain_option,
    preset,
)
from ascenseur.i18n import _, ngettext
from ascenseur.interfaces.typed_text import SETUP_LEVELS, level_name, printable
from ascenseur.services.session import GameSession

from .chart import seat_color, totals_chart
from .texts import ChoiceError, cut_names, readable_width

if TYPE_CHECKING:
    from .app import AscenseurApp
    from .game_screen import GameScreen


#: How much a cell of the score sheet says, from the most to the least (bid/won, points
#: and total; bid/won and total; the total alone, green when the bid was made, red and
#: underlined when not), and the columns between two columns (the box's blank rule, and
#: a padding of one while there is room for it).
SHEET_LAYOUTS = (("full", 2), ("bid-won-total", 2), ("total", 2), ("total", 1))


def score_table(
    session: GameSession, seat: int, width: int, *, colour: bool = True
) -> tuple[Table, Table]:
    """The score sheet in ``width`` columns: for each round the hand size, then each
    player's bid, tricks won, points and total, in the scoring in force (from the player's
    view). The cells say less when the full ones do not fit (:data:`SHEET_LAYOUTS`), and
    the names are cut last, to no fewer columns than keep them from reading as numbers
    ("…11", not "11", unless nothing else fits); when even the tightest layout does not
    fit, the figures stay whole and the sheet is wider than ``width`` (a screen scrolls it
    sideways).

    Returned as its head (the names) and its body (the rounds, with the caption), with the
    same column widths, so that a screen can keep the names in view while the rounds
    scroll. Without ``colour`` (NO_COLOR), the captions do not speak of green and red."""
    # Names that cannot be read as numbers first, in any layout; else names cut to their
    # closing number alone ("11") rather than a sheet wider than the screen.
    for readable in (True, False):
        for cells, gap in SHEET_LAYOUTS:
            header, rows, caption = _sheet(session, seat, cells, colour)
            widths = _column_widths(header, rows, width, gap, readable)
            if widths is not None:
                break
        if widths is not None:
            break
    else:
        widths = _cell_widths(header, rows, readable=True)

    def table(show_header: bool) -> Table:
        made = Table(
            expand=False,
            show_edge=False,
            pad_edge=False,
            box=SIMPLE_HEAD,
            header_style="bold",
            show_header=show_header,
            padding=(0, 0, 0, gap - 1),
        )
        names = [*header[:2], *cut_names(header[2:], widths[2:])]
        for column, name in enumerate(names):
            made.add_column(
                name,
                justify="right",
                width=widths[column],
                no_wrap=True,
                overflow="ellipsis",
            )
        return made

    head, body = table(show_header=True), table(show_header=False)
    for row in rows:
        body.add_row(*row)
    body.caption = caption
    return head, body


def _sheet(
    session: GameSession, seat: int, cells: str, colour: bool
) -> tuple[list[Text], list[list[Text]], str]:
    view = session.view(seat)
    header = [Text("#"), Text(_("cards"))]
    header += [
        Text(printable(name), style=f"bold {seat_color(s)}") for s, name in enumerate(view.names)
    ]
    rows = []
    for i, result in enumerate(view.results):
        row = [Text(str(i + 1), style="dim"), Text(str(result.cards))]
        for s in range(view.players):
            made = result.bids[s] == result.won[s]
            cell = Text()
            if cells != "total":
                cell.append(f"{result.bids[s]}/{result.won[s]} ")
            if cells == "full":
                cell.append(f"{result.points[s]:+d}", style="green" if made else "red")
                cell.append(f" {result.totals[s]}", style="bold")
            else:
                # the total alone: a miss said without colour too, in no more columns (a
                # mark beside it would widen that player's column alone)
                missed = "bold red underline" if cells == "total" else "bold red"
                cell.append(str(result.totals[s]), style="bold green" if made else missed)
            row.append(cell)
        rows.append(row)
    if colour:
        caption = {
            "full": _("bid/won, points, total"),
            "bid-won-total": _("bid/won, total (green: made, red: missed)"),
            "total": _("total (green: made, red and underlined: missed)"),
        }[cells]
    else:
        caption = {
            "full": _("bid/won, points, total"),
            "bid-won-total": _("bid/won, total"),
            "total": _("total (underlined: missed)"),
        }[cells]
    return header, rows, caption


def _cell_widths(header: list[Text], rows: list[list[Text]], readable: bool) -> list[int]:
    """Each column as wide as its widest cell, and a player's at least as wide as the
    number that ends the name ("Player 11" is never cut to "1", another player's number),
    and when ``readable``, as wide as keeps the name from reading as a number ("…11")."""
    return [
        max([row[c].cell_len for row in rows] + [_name_floor(name, readable) if c >= 2 else 1])
        for c, name in enumerate(header)
    ]


def _name_floor(name: Text, readable: bool) -> int:
    """The fewest columns that keep a name told apart: its closing number whole; when
    ``readable``, also not cut to something that reads as a number."""
    number = re.search(r"[0-9]+$", name.plain)
    floor = len(number.group()) if number else 1
    return max(floor, readable_width(name.plain)) if readable else floor


def _column_widths(
    header: list[Text], rows: list[list[Text]], width: int, gap: int, readable: bool
) -> list[int] | None:
    """Each column as wide as its widest cell (and its name's floor, :func:`_name_floor`),
    then, as far as ``width`` allows, as wide as its name; ``None`` when these do not fit
    in ``width``."""
    widths = _cell_widths(header, rows, readable)
    wanted = [max(w, name.cell_len) for w, name in zip(widths, header, strict=True)]
    room = width - sum(widths) - gap * (len(widths) - 1)
    if room < 0:
        return None
    for c in (0, 1):  # the round and the cards first: short, and not cut well
        grow = min(room, wanted[c] - widths[c])
        widths[c] += grow
        room -= grow
    while room > 0:
        # one column more to each of the narrowest names still cut, all of them or none:
        # the names are cut alike ("Pla…3", "Pla…4"; not "Play…1" beside "Pla…3"), not
        # by how wide each player's figures happen to be
        cut = [c for c in range(2, len(widths)) if widths[c] < wanted[c]]
        if not cut:
            break
        least = min(widths[c] for c in cut)
        narrowest = [c for c in cut if widths[c] == least]
        if len(narrowest) > room:
            break
        for c in narrowest:
            widths[c] += 1
        room -= len(narrowest)
    return widths


def scoring_line(rules: Rules) -> str:
    return _("Scoring: {explanation}").format(explanation=explain_option("scoring", rules.scoring))


class DialogScreen(ModalScreen[None]):
    """A dialog whose body scrolls: the body gets only the lines the rest of the dialog
    leaves it, so that what follows the body (the Continue button, the way back) stays on a
    short screen. Textual does not shrink a child of a container of ``height: auto`` to fit
    its ``max-height``: at 40×15 the score sheet's body pushed Continue off the dialog."""

    #: The body's share of the screen at most, as the CSS's ``60vh``.
    BODY_SHARE = 0.6
    #: The dialog's share of the space above the footer, as the CSS's ``95%``.
    DIALOG_SHARE = 0.95

    def dialog_parts(self) -> tuple[Widget, Widget]:
        """The dialog box and its scrolling body."""
        raise NotImplementedError

    def fit_body(self) -> None:
        box, body = self.dialog_parts()
        footer = self.query_one(Footer)
        room = int((self.size.height - footer.outer_size.height) * self.DIALOG_SHARE)
        others = sum(
            child.outer_size.height + child.styles.margin.top + child.styles.margin.bottom
            for child in box.children
            if child is not body and child.display
        )
        left = room - box.styles.gutter.height - others
        body.styles.max_height = max(1, min(int(self.size.height * self.BODY_SHARE), left))

    def on_mount(self) -> None:
        self.call_after_refresh(self.fit_body)

    def on_resize(self) -> None:
        self.call_after_refresh(self.fit_body)


class ScoreSheetScreen(DialogScreen):
    """The score sheet after a round (or any time with ``t``)."""

    BINDINGS: ClassVar = [
        ("up", "scroll('scroll_up')"),
        ("down", "scroll('scroll_down')"),
        ("pageup", "scroll('scroll_page_up')"),
        ("pagedown", "scroll('scroll_page_down')"),
        ("home", "scroll('scroll_home')"),
        ("end", "scroll('scroll_end')"),
        ("left", "scroll('scroll_left')"),
        ("right", "scroll('scroll_right')"),
        ("ctrl+c", "app.help_quit"),  # (a screen copies with it by default: nothing to copy)
    ]

    def __init__(self, session: GameSession, seat: int, finished_round: int | None = None) -> None:
        super().__init__()
        self.session = session
        self.seat = seat
        self.finished_round = finished_round
        # Bound here, not in BINDINGS, so that the footer says them in the language in force;
        # the sheet's own footer covers the game's, whose keys (hint, rules…) do nothing here.
        self._bindings.bind("escape,enter,space,t", "close", _("continue"))
        self._bindings.bind("s", "save", _("save"))
        self._bindings.bind("q", "save_quit", _("save & quit"))

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
            width = self.sheet_width()
            # the names above the rounds, scrolled sideways with them when the sheet is wider
            # than the screen even in its tightest layout (20 players at 80 columns)
            head, body = score_table(self.session, self.seat, width, colour=not self.app.no_color)
            with HorizontalScroll(id="sheet-head-box"):
                yield Static(head, id="sheet-head")
            with ScrollableContainer(classes="dialog-body", id="sheet-body"):
                yield Static(body, id="sheet")
            yield Button(_("Continue"), id="continue", variant="primary", compact=True)
        yield Footer()

    def sheet_width(self) -> int:
        """The columns the sheet has: the dialog's (90 % of the screen, at most 100), less
        its border, padding and the scroll bar."""
        return min(self.app.size.width * 9 // 10, 100) - 6

    def dialog_parts(self) -> tuple[Widget, Widget]:
        return self.query_one("#sheet-box"), self.query_one("#sheet-body")

    def on_resize(self) -> None:
        head, body = score_table(
            self.session, self.seat, self.sheet_width(), colour=not self.app.no_color
        )
        self.query_one("#sheet-head", Static).update(head)
        self.query_one("#sheet", Static).update(body)
        super().on_resize()

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#continue", Button).focus()
        # The latest round is what the player wants to see: the sheet opens at its end.
        body = self.query_one("#sheet-body", ScrollableContainer)
        head_box = self.query_one("#sheet-head-box", HorizontalScroll)
        self.watch(body, "scroll_x", lambda x: head_box.scroll_to(x=x, animate=False))
        self.call_after_refresh(body.scroll_end, animate=False)

    def action_scroll(self, how: str) -> None:
        """The arrows and page keys scroll the sheet while the focus stays on Continue."""
        getattr(self.query_one("#sheet-body", ScrollableContainer), how)(animate=False)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)


def second_copy_note(rules: Rules, players: int) -> str | None:
    """What the prime of a card says, for a game of two decks (``None`` with one): "A♠' is
    the second copy of A♠", and which of two equal cards wins."""
    if rules.copies(players) < 2:
        return None
    highest = "T21" if rules.deck is DeckKind.TAROT_TRUMPS else "AS"
    first, second = Card.parse(highest), Card.parse(highest + "'")
    if rules.duplicate_cards is DuplicateCards.DECK_ORDER:
        note = _(
            "Two decks: {second} is the second copy of {first}; of two equal cards, the one "
            "of the first deck wins ({first} beats {second})."
        )
    else:
        note = _(
            "Two decks: {second} is the second copy of {first}; of two equal cards, the first "
            "played wins."
        )
    return note.format(first=first.display(), second=second.display())


class RulesScreen(DialogScreen):
    """Every option of the rules in force, explained (and, with two decks, the prime that
    marks a card of the second)."""

    BINDINGS: ClassVar = [("ctrl+c", "app.help_quit")]

    def __init__(self, rules: Rules, players: int) -> None:
        super().__init__()
        self.rules = rules
        self.players = players
        # (see ScoreSheetScreen: the footer of this screen covers the game's)
        self._bindings.bind("escape,enter,r,q", "close", _("back"))

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="rules-box"):
            yield Label(_("Rules: {preset}").format(preset=self.rules.preset), classes="title")
            text = Text()
            summary = PRESET_SUMMARIES.get(self.rules.preset)
            if summary:
                text.append(_(summary) + "\n\n", style="italic")
            note = second_copy_note(self.rules, self.players)
            if note is not None:
                text.append(note + "\n\n")
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
            with VerticalScroll(classes="dialog-body", id="rules-body"):
                yield Static(text)
            yield Label(_("Press Escape to go back."), classes="note")
        yield Footer()

    def dialog_parts(self) -> tuple[Widget, Widget]:
        return self.query_one("#rules-box"), self.query_one("#rules-body")

    def action_close(self) -> None:
        self.dismiss(None)


class EndScreen(Screen[None]):
    """The winners, the final score sheet and a chart of the totals over the rounds."""

    def __init__(
        self,
        session: GameSession,
        history_path: Path | None,
        kept_in: Path | None = None,
        last_trick: str | None = None,
    ) -> None:
        super().__init__()
        self.session = session
        self.history_path = history_path
        #: Where the game was saved instead, when the history could not take it.
        self.kept_in = kept_in
        #: How the game's last trick went, when the player may not have seen it.
        self.last_trick = last_trick
        self._bindings.bind("q,escape", "app.quit", _("quit"))
        self._bindings.bind("n", "new_game", _("new game"))

    def compose(self) -> ComposeResult:
        game = self.session.game
        seat = self.session.human_seats[0] if self.session.human_seats else 0
        view = self.session.view(seat)
        winners = [printable(view.names[s]) for s in game.winners()]
        title = ngettext("Winner: {names}", "Winners: {names}", len(winners)).format(
            names=", ".join(winners)
        )
        # the end screen's padding (2 + 2) and its scroll bar
        head, body = score_table(
            self.session, seat, self.app.size.width - 6, colour=not self.app.no_color
        )
        with Vertical(id="end-top"):
            yield Label(_("Game over"), classes="title")
            yield Label(Text(title), id="winners", classes="title")
            yield Static(Text(scoring_line(game.rules)), classes="note")
            if self.last_trick:
                yield Static(Text(self.last_trick), id="last-trick", classes="note")
            # the names stay in view while the rounds scroll
            yield Static(head, id="final-head")
        with VerticalScroll(id="end"):
            yield Static(body, id="final-sheet")
            yield Label(_("Totals over the rounds"), classes="title")
            yield Static(
                totals_chart([printable(n) for n in view.names], [r.totals for r in view.results]),
                id="chart",
            )
            # (quoted as a shell needs it: the command given works when typed as shown,
            # in a --history folder with a space in its name too)
            if self.history_path is not None:
                where = _("Saved to the history: {path} (ascenseur replay {path})").format(
                    path=shlex.quote(str(self.history_path))
                )
            elif self.kept_in is not None:
                where = _("Not in the history: saved to {path} (ascenseur replay {path})").format(
                    path=shlex.quote(str(self.kept_in))
                )
            else:
                where = ""
            if where:
                yield Static(Text(where), id="saved-to", classes="note")
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
            labels = self.field_labels()
            for field, placeholder in (
                ("options", _("e.g. void_rule=free; ladder=[1,2,3]")),
                ("players", ""),
                ("names", _("comma-separated")),
                ("seat", ""),
            ):
                label = labels[field]
                with Horizontal(classes="row"):
                    yield Label(label, classes="field")
                    yield Input(
                        d.get(field, {"players": "4", "seat": "1"}.get(field, "")),
                        placeholder=placeholder,
                        id=field,
                        type="integer" if field in ("players", "seat") else "text",
                        # digits only: an integer Input takes a sign too ("-3")
                        restrict=r"[0-9]*" if field in ("players", "seat") else None,
                        compact=True,
                    )
            with Horizontal(classes="row"):
                yield Label(labels["level"], classes="field")
                yield Select(
                    [(level_name(level), level) for level in SETUP_LEVELS],
                    value=d.get("level", "medium"),
                    allow_blank=False,
                    id="level",
                    compact=True,
                )
            with Horizontal(classes="row"):
                yield Label(labels["levels"], classes="field")
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

    @staticmethod
    def field_labels() -> dict[str, str]:
        """Each field's label, by the name its refusals give it."""
        return {
            "options": _("Options"),
            "players": _("Players"),
            "names": _("Names"),
            "seat": _("Your seat"),
            "level": _("Computer level"),
            "levels": _("Levels by seat"),
        }

    def on_mount(self) -> None:
        # The labels' column as wide as the longest label in the language in force, plus a
        # space ("Niveles por asiento" was cut to "Niveles por" by a column of 18).
        labels = list(self.query(".field").results(Label))
        width = max(cell_len(str(label.render())) for label in labels) + 1
        for label in labels:
            label.styles.width = max(18, width)
        self.show_summary()
        # The form's scroll area takes no Tab stop of its own; the first field has focus,
        # however the screen was opened (--setup, or n at the end of a game).
        self.query_one("#setup", VerticalScroll).can_focus = False
        self.query_one("#preset", Select).focus()

    def on_select_changed(self, event: Select.Changed) -> None:
        self.show_summary()
        self.clear_error()

    def on_input_changed(self, event: Input.Changed) -> None:
        self.clear_error()

    def clear_error(self) -> None:
        """A refusal speaks of the fields as they were at Start: once one changes, it goes."""
        self.query_one("#setup-error", Static).update("")

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
        app: AscenseurApp = self.app  # type: ignore[assignment]
        try:
            session = build_session(values, seed=app.setup_seed)
        except RulesError as error:
            # A refused count of players is the Players field's (its label, not the rules'
            # word "players", names it); any other option, "players=3" typed there included,
            # is one of the Options field.
            players = isinstance(error, PlayersError)
            self.refuse(
                error.reason if players else str(error), "players" if players else "options"
            )
            return
        except ChoiceError as error:
            self.refuse(str(error), error.field)
            return
        except ValueError as error:
            self.refuse(str(error), "options")
            return
        app.setup_defaults = values  # the next "new game" opens on these
        app.start_game(session)

    def refuse(self, reason: str, field: str) -> None:
        """Say why the game cannot start, naming the field to mend as the screen labels it
        ("Players: …"), with the focus on it."""
        label = self.field_labels().get(field)
        if label is not None:
            reason = _("{option}: {reason}").format(option=label, reason=reason)
        self.query_one("#setup-error", Static).update(Text(reason))
        for widget in self.query(f"#{field}"):
            widget.focus()
