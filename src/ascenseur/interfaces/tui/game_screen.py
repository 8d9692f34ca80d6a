"""The table: seats drawn in the turn direction, the trick, the hand, bids, and the pacing of
the computer players.

Everything shown for the player comes from ``session.view(seat)`` and the seat's event
stream; the screen keeps no game state of its own beyond what is on screen. Computer
players think in a thread (``asyncio.to_thread``) inside a Textual worker, so the screen
never freezes; a pause after each card lets a person follow, and ``f`` speeds it up.
"""

from __future__ import annotations

import asyncio
import contextlib
import shlex
import time
from collections.abc import Iterable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.containers import Grid, Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Static

from ascenseur.core.cards import Card, sort_for_display
from ascenseur.core.engine import Phase
from ascenseur.core.errors import IllegalActionError
from ascenseur.core.events import (
    BidMade,
    BidsRevealed,
    CardPlayed,
    GameOver,
    RoundDealt,
    RoundScored,
    TrickWon,
)
from ascenseur.core.rules import Bidding, DeckKind, Direction
from ascenseur.core.view import PlayerView
from ascenseur.i18n import _, ngettext, os_error_reason
from ascenseur.interfaces.typed_text import level_name, printable
from ascenseur.services.history import game_file_name, saves_dir
from ascenseur.services.session import (
    GameSession,
    Step,
    bid_refusals,
    explain_to_player,
    save_as_new,
    save_to_history,
)

from .chart import seat_color
from .texts import cut_name, readable_width

if TYPE_CHECKING:
    from .app import AscenseurApp


#: The smallest terminal the table is drawn for (up to 20 players).
MIN_WIDTH, MIN_HEIGHT = 80, 24
#: The most cards (or bids) in a row of the hand: 13 buttons of 5 columns and a gap of 1
#: fill 77 columns; a narrower terminal gets fewer per row, so that none is off screen.
MOST_PER_ROW = 13
#: From this many players, the other seats are drawn on one line each, down both sides.
COMPACT_FROM = 12


def side_layout(
    seat: int, players: int, direction: Direction
) -> tuple[list[int], list[int], list[int]]:
    """Where the other seats sit around the player (at the bottom): (left column from bottom
    to top, top row from left to right, right column from top to bottom). Clockwise, the next
    player sits on the left; counter-clockwise, on the right."""
    others = [(seat + i) % players for i in range(1, players)]
    if direction is Direction.COUNTERCLOCKWISE:
        others.reverse()  # walking clockwise round the table from the player
    k = len(others)
    if players >= COMPACT_FROM:
        # one line a seat: all down the two sides, no top row
        half = (k + 1) // 2
        return others[:half], [], others[half:]
    side = 1 if k <= 5 else max(2, (k - 3) // 2)
    left = others[:side]
    right = others[k - side :]
    top = others[side : k - side]
    return left, top, right


class GameScreen(Screen[None]):
    """One game in play."""

    def __init__(
        self, session: GameSession, *, delay: float, history: Path | None, save_path: Path | None
    ) -> None:
        super().__init__()
        self.session = session
        humans = session.human_seats
        self.seat = humans[0] if humans else 0
        self.delay = delay
        self.fast = delay <= 0
        self.history = history
        self.save_path = save_path
        self.history_path: Path | None = None
        #: Where the finished game was kept when the history could not take it.
        self.kept_in: Path | None = None
        #: When the last action was drawn (the pace counts from there).
        self.last_shown = 0.0
        #: A game resumed after its end is already in the history: not saved there again.
        self.finished_before = session.is_over
        #: The cards of the trick in play, from the event stream, and the last trick taken
        #: (winner, cards by seat): the view forgets a round's tricks once it is scored, and
        #: its last trick must still be seen.
        self.trick_so_far: dict[int, Card] = dict(session.view(self.seat).trick)
        self.last_trick: tuple[int, dict[int, Card]] | None = None
        self.message_text = Text("")
        #: From 12 players the other seats are one line each, down the two sides.
        self.compact = session.players >= COMPACT_FROM
        #: A first digit typed that may begin a bid of two digits, and the bidding it was
        #: typed in (round, bids so far): a digit held from another bidding is dropped.
        self.first_digit: tuple[int, tuple[object, ...]] | None = None
        #: Whether the terminal is below the size the table is drawn for (said once).
        self.too_small = False
        #: Cards (or bids) a row of the hand shows (see fit_actions).
        self.per_row = MOST_PER_ROW
        self._actions_key: tuple[object, ...] = ()
        for keys, action, description in (
            ("h", "hint", _("hint")),
            ("s", "save", _("save")),
            # (a footer entry: where the language's words for it are long, as in French,
            # it may say only "quit"; the Ctrl+C notice says it in full)
            ("q", "save_quit", _("save & quit")),
            ("t", "sheet", _("scores")),
            ("r", "rules", _("rules")),
        ):
            self._bindings.bind(keys, action, description)
        if delay > 0:  # with no pause at all, there is no pace to change
            self._bindings.bind("f", "faster", _("faster"))
        self._bindings.bind("left", "app.focus_previous", show=False)
        self._bindings.bind("right", "app.focus_next", show=False)
        # Below 80×24 the table scrolls under its top lines: these keys scroll it.
        for keys, action in (
            ("up", "scroll_up"),
            ("down", "scroll_down"),
            ("pageup", "page_up"),
            ("pagedown", "page_down"),
            ("home", "scroll_home"),
            ("end", "scroll_end"),
        ):
            self._bindings.bind(keys, action, show=False)
        for digit in range(10):
            self._bindings.bind(str(digit), f"bid({digit})", show=False)
        self._bindings.bind("escape,backspace", "drop_digit", show=False)

    # -- layout -------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        view = self.view()
        left, top, right = side_layout(self.seat, view.players, view.rules.direction)
        seat_classes = "seat compact" if self.compact else "seat"
        with Vertical(id="head"):  # docked: on screen however the table scrolls
            yield Static(id="too-small")
            yield Static(id="status")
        with Horizontal(id="top"):
            for s in top:
                yield Static(id=f"seat-{s}", classes=seat_classes)
        with Horizontal(id="middle", classes="compact" if self.compact else ""):
            with Vertical(id="left"):
                for s in reversed(left):
                    yield Static(id=f"seat-{s}", classes=seat_classes)
            yield Static(id="center")
            with Vertical(id="right"):
                for s in right:
                    yield Static(id=f"seat-{s}", classes=seat_classes)
        yield Static(id="ladder")
        yield Static(id=f"seat-{self.seat}", classes="seat me")
        yield Static(id="message")
        with Vertical(id="actions"):
            yield Grid(id="hand")
            yield Grid(id="bids")
        yield Footer()

    def on_mount(self) -> None:
        for wanted, used in self.session.fallbacks.items():
            self.notify(
                _(
                    "The level {level} cannot play this game here: {used} computer players play."
                ).format(level=level_name(wanted), used=level_name(used)),
                severity="warning",
            )
        if self.session.damaged_sidecar is not None:
            self.notify(
                _(
                    "{path} could not be read: you play the first seat, the computer players "
                    "play at the level given (--level), and the next rounds are dealt afresh."
                ).format(path=self.session.damaged_sidecar),
                severity="warning",
                timeout=10,
            )
        self.drive()

    def on_resize(self, event: events.Resize) -> None:
        """Below 80×24 parts of the table go off screen: say so on a line of its own at the
        top, for as long as it is true (a passing notice would outlive the resize, and
        clearing notices would take the others with it: "Saved to …")."""
        small = event.size.width < MIN_WIDTH or event.size.height < MIN_HEIGHT
        notice = self.query_one("#too-small", Static)
        if small:
            notice.update(
                _("This terminal is {width}×{height}: the table needs at least {w}×{h}.").format(
                    width=event.size.width, height=event.size.height, w=MIN_WIDTH, h=MIN_HEIGHT
                )
            )
        notice.display = small
        self.too_small = small
        self.fit_actions(event.size.width, small)
        # Then the table scrolls under the top lines: its scroll bar has its columns kept
        # from the start, so that its coming does not narrow the table once drawn (seats
        # cut to a width they no longer have, a warning wrapped anew over the bids).
        self.set_class(small, "small")
        # The seats cut long names to their width: drawn again once laid out anew (the
        # seats alone: the hand and the bids are the game's to draw, one drawing at a time),
        # and the table scrolled back to the player's choice.
        self.call_after_refresh(self.redraw_seats)
        self.call_after_refresh(self.redraw_ladder)
        if self.focused is not None:
            self.call_after_refresh(self.scroll_to_widget, self.focused, animate=False)

    def fit_actions(self, width: int, small: bool) -> None:
        """As many cards and bids a row as the width shows whole (13 from 80 columns): in a
        narrower terminal they wrap to more rows rather than run off its edge, where they
        could still be chosen but not seen."""
        room = width - 2  # (the padding of the actions)
        if small:
            room -= self.styles.scrollbar_size_vertical  # (kept for the scroll bar)
        self.per_row = max(1, min(MOST_PER_ROW, (room + 1) // 6))
        for grid in self.query("#actions Grid"):
            grid.styles.grid_size_columns = self.per_row
        for note in self.query("#actions .note"):
            note.styles.column_span = self.per_row
        for label in self.query("#bids .label"):
            label.styles.column_span = self.label_span

    @property
    def label_span(self) -> int:
        """The columns of the row the bids' label takes ("Your bid:" fits three)."""
        return min(3, self.per_row)

    @property
    def ascenseur_app(self) -> AscenseurApp:
        from .app import AscenseurApp

        assert isinstance(self.app, AscenseurApp)
        return self.app

    def view(self) -> PlayerView:
        return self.session.view(self.seat)

    # -- drawing ------------------------------------------------------------------------------

    def shown_name(self, seat: int) -> str:
        """A player's name as the screen shows it (a control character written out)."""
        return printable(self.session.seats[seat].name)

    def name_of(self, seat: int) -> str:
        if seat == self.seat and self.session.seats[seat].is_human:
            return _("{name} (you)").format(name=self.shown_name(seat))
        return self.shown_name(seat)

    async def redraw(self) -> None:
        """Draw everything from the player's view."""
        view = self.view()
        self.redraw_table(view)
        await self.draw_actions(view)

    def redraw_table(self, view: PlayerView) -> None:
        """Draw the table's text (top line, seats, middle, ladder, message): all but the
        buttons of the hand and the bids, which are laid out anew when they change."""
        self.query_one("#status", Static).update(self.status_text(view))
        self.redraw_seats(view)
        self.query_one("#center", Static).update(self.center_text(view))
        self.redraw_ladder(view)
        self.query_one("#message", Static).update(self.message_text)

    def redraw_ladder(self, view: PlayerView | None = None) -> None:
        """Draw the ladder in the width its line has now (before the first layout, the
        terminal's), so that the current round is never past the edge."""
        if not self.is_attached:
            return
        box = self.query_one("#ladder", Static)
        width = box.content_region.width or self.app.size.width - 2
        box.update(self.ladder_text(view or self.view(), width))

    def redraw_seats(self, view: PlayerView | None = None) -> None:
        """Draw the seats, each in the width it has now."""
        if not self.is_attached:  # a resize seen as the game ended and the screen left
            return
        view = view or self.view()
        for s in range(view.players):
            box = self.query_one(f"#seat-{s}", Static)
            box.update(self.seat_text(view, s, box.content_region.width))
            if box.has_class("turn") != (view.turn == s):
                box.set_class(view.turn == s, "turn")

    def status_text(self, view: PlayerView) -> Text:
        text = Text()
        text.append("Ascenseur ", style="bold")
        # the turn direction first: a long line in French or Spanish is cut at its end
        arrow = "↻" if view.rules.direction is Direction.CLOCKWISE else "↺"
        text.append(f"· {view.rules.preset} {arrow} · ")
        shown_round = min(self.shown_round_index(view) + 1, view.rounds)
        text.append(_("round {n}/{total}").format(n=shown_round, total=view.rounds))
        # the round in play, or the one just scored while its last trick is on the table
        if view.phase in (Phase.BID, Phase.PLAY):
            cards, trump = view.hand_size, view.trump_card
        elif view.results and (self.between_rounds(view) or self.last_trick is not None):
            cards, trump = view.results[-1].cards, view.results[-1].trump
        else:
            cards = 0
        if cards:
            text.append(" · ")
            text.append(ngettext("{n} card", "{n} cards", cards).format(n=cards))
            text.append(" · ")
            if trump is not None:
                text.append(_("trump "))
                text.append(trump.display(), style=card_style(trump))
            elif view.rules.deck is DeckKind.TAROT_TRUMPS:
                text.append(_("tarot trumps, no trump suit"))
            else:
                text.append(_("no trump"))
        if self.fast and self.delay > 0:
            text.append(" »", style="bold yellow")
        return text

    def seat_text(self, view: PlayerView, s: int, width: int = 0) -> Text:
        """Seat ``s`` in three lines: name (and the dealer's mark), bid and tricks won, then
        the card on the table, the points and the level. In ``width`` columns (0: no limit)
        the name is cut, never the dealer's mark (one letter when the line is crowded)."""
        if self.compact and s != self.seat:
            return self.compact_seat_text(view, s, width)
        text = Text(no_wrap=True, overflow="ellipsis")
        marker = "▶ " if view.turn == s else "  "
        text.append(marker, style="bold yellow")
        after = Text()
        self.append_dealer_mark(after, view, s, "  ", width - len(marker) if width else None)
        room = width - len(marker) - after.cell_len if width else None
        text.append_text(self.name_in(s, room))
        text.append_text(after)
        text.append("\n")
        bid, won = self.bid_and_won(view, s)
        line = _("bid {bid} · won {won}").format(bid=bid, won=won)
        if width and cell_len(line) > width:  # the top seats of 9 to 11 players
            line = _("bid/won {bid}/{won}").format(bid=bid, won=won)
        text.append(line)
        text.append("\n")
        # the third line: the card on the trick (dimmed: on the last trick, ✔ its winner),
        # the total, the computer player's level, the cards seen in a blind round
        self.append_held(text, view, s)
        if not view.visible_hands.get(s) or self.card_on_table(view, s)[0] is not None:
            # (beside the card a blind round shows, no room is kept for one not played yet)
            self.append_card(text, view, s, empty="")
        level = self.session.seats[s].level
        if level is None:
            self.append_points(text, view, s)
            return text
        # the level that plays: a level a settings file named that cannot play here gave
        # way to another (a notice says so)
        name = level_name(self.session.level_played(level))
        points = self.points_text(view, s)
        space = "  "
        if width:
            # The top seats of 9 to 11 players: one space, then the total without its
            # unit, before the level is cut.
            room = width - cell_len(text.plain.rsplit("\n", 1)[-1]) - cell_len(name)
            if cell_len(points) + len(space) > room:
                space = " "
            if cell_len(points) + len(space) > room:
                points = str(view.totals[s])
        text.append(points, style="bold")
        text.append(f"{space}{name}", style="dim")
        return text

    def compact_seat_text(self, view: PlayerView, s: int, width: int = 0) -> Text:
        """A seat on one line, for the tables of 12 players or more: name, bid/won, the card
        held in a blind round or the card on the table, points, then the dealer's mark. In
        ``width`` columns the name is cut to keep the rest whole; where that would leave
        the name too few columns to read as one (a bare "11" reads as a score), the total
        loses its unit first."""
        text = Text(no_wrap=True, overflow="ellipsis")
        marker = "▶ " if view.turn == s else "  "
        text.append(marker, style="bold yellow")
        readable = readable_width(self.name_of(s))
        for unit in (True, False) if width else (True,):
            after = Text()
            bid, won = self.bid_and_won(view, s)
            after.append(f" {bid}/{won} ")
            if self.append_held(after, view, s, gap=" "):
                # the card held is the card it will play: no empty slot beside it
                if self.card_on_table(view, s)[0] is not None:
                    self.append_card(after, view, s, empty="")
            else:
                self.append_card(after, view, s, empty="·")
            if unit:
                self.append_points(after, view, s)
            else:
                after.append(str(view.totals[s]), style="bold")
            room = width - len(marker) - after.cell_len if width else None
            self.append_dealer_mark(after, view, s, " ", room)
            room = width - len(marker) - after.cell_len if width else None
            if room is None or room >= readable:
                break
        text.append_text(self.name_in(s, room))
        text.append_text(after)
        return text

    #: The columns a name keeps before the dealer's mark shrinks to one letter.
    NAME_AT_LEAST = 8

    def append_dealer_mark(
        self, text: Text, view: PlayerView, s: int, space: str, room: int | None
    ) -> None:
        """The dealer's mark after ``space`` when seat ``s`` deals; in one letter when the
        whole word would leave the name fewer than :data:`NAME_AT_LEAST` columns of the
        ``room`` the name and the mark share (``None``: no limit)."""
        if self.shown_dealer(view) != s:
            return
        mark = _("dealer")
        if room is not None:
            left = room - len(space) - cell_len(mark)
            if left < min(cell_len(self.name_of(s)), self.NAME_AT_LEAST):
                # TRANSLATORS: the dealer's mark in one letter, on a crowded line
                mark = _("D")
        text.append(space)
        text.append(mark, style="reverse")

    def name_in(self, s: int, room: int | None) -> Text:
        """Seat ``s``'s name (``(you)`` added for the player) in its colour, cut to ``room``
        columns when it is longer (``None``: whole), keeping its closing number."""
        name = Text(self.name_of(s), style=f"bold {seat_color(s)}")
        if room is not None and name.cell_len > room:
            return cut_name(name, max(room, 1))
        return name

    @staticmethod
    def between_rounds(view: PlayerView) -> bool:
        """Whether a round is scored and the next not dealt yet: the screen is then still
        about the round just scored, whose last trick is on the table — its number, its
        dealer and its place in the ladder, not the next one's."""
        return view.phase is Phase.DEAL and bool(view.results)

    def shown_round_index(self, view: PlayerView) -> int:
        """The round the screen is about (:meth:`between_rounds`)."""
        return view.round_index - 1 if self.between_rounds(view) else view.round_index

    def shown_dealer(self, view: PlayerView) -> int | None:
        """The dealer of :meth:`shown_round_index`'s round (``None`` once the game is over)."""
        if view.phase is Phase.OVER:
            return None
        return view.results[-1].dealer if self.between_rounds(view) else view.dealer

    def bid_and_won(self, view: PlayerView, s: int) -> tuple[str, int]:
        """The bid as a seat shows it (the number, ✓ for a sealed bid, – for none yet) and
        the tricks won; while a scored round's last trick is still on the table, those of
        that round, not the next one's empty bids."""
        if view.phase in (Phase.DEAL, Phase.OVER) and self.last_trick is not None and view.results:
            scored = view.results[-1]
            return str(scored.bids[s]), scored.won[s]
        bid = view.bids[s]
        if bid is not None:
            return str(bid), view.won[s]
        return ("✓" if s in sealed_bids_in(view) else "–"), view.won[s]

    @staticmethod
    def append_held(text: Text, view: PlayerView, s: int, gap: str = "  ") -> bool:
        """The cards seat ``s`` is seen to hold in a blind round, then ``gap``; whether it
        holds any."""
        held = view.visible_hands.get(s)
        if held:
            # The blind round: the card this player holds is all there is to see, so it
            # comes first, where a narrow seat cannot cut it.
            text.append(_("holds "), style="dim")
            for c in held:
                text.append(c.display(), style=card_style(c))
            text.append(gap)
        return bool(held)

    def append_card(self, text: Text, view: PlayerView, s: int, *, empty: str) -> None:
        """The card seat ``s`` has on the table (``empty`` when none), in five columns."""
        card, style, mark = self.card_on_table(view, s)
        shown = card.display() if card is not None else empty
        text.append(shown, style=style)
        text.append(mark, style="green")
        text.append(" " * max(1, 5 - len(shown) - len(mark)))

    def card_on_table(self, view: PlayerView, s: int) -> tuple[Card | None, str, str]:
        """The card seat ``s`` has on the table, its style and mark: on the trick in play
        (bold), or on the last trick taken (dimmed, ✔ for its winner)."""
        played = dict(view.trick)
        if s in played:
            card = played[s]
            return card, card_style(card) + " bold", ""
        if not view.trick and view.tricks:
            last = view.tricks[-1]
            on_last = dict(zip(last.seats(view.players), last.cards, strict=True)).get(s)
            if on_last is not None:
                return on_last, "dim " + card_style(on_last), "✔" if last.winner == s else ""
            return None, "", ""
        if view.phase in (Phase.DEAL, Phase.OVER) and self.last_trick is not None:
            # The round is scored: its last trick, still on the table until the next deal.
            winner, cards = self.last_trick
            scored = cards.get(s)
            if scored is not None:
                return scored, "dim " + card_style(scored), "✔" if winner == s else ""
        return None, "", ""

    @staticmethod
    def append_points(text: Text, view: PlayerView, s: int) -> None:
        text.append(GameScreen.points_text(view, s), style="bold")

    @staticmethod
    def points_text(view: PlayerView, s: int) -> str:
        """Seat ``s``'s total with its unit: ``12 pts``."""
        points = view.totals[s]
        return ngettext("{points} pt", "{points} pts", abs(points)).format(points=points)

    def center_text(self, view: PlayerView) -> Text:
        text = Text(justify="center")
        if view.phase is Phase.PLAY:
            number = len(view.tricks) + (1 if view.trick else 0)
            number = max(number, 1)
            text.append(_("trick {n}/{total}").format(n=number, total=view.hand_size))
            text.append("\n")
            if view.trick:
                # the cards in the order played, each in its player's colour (the seats show
                # who played which); then who led
                for i, (seat, card) in enumerate(view.trick):
                    if i:
                        text.append(" → ", style="dim")
                    text.append(card.display(), style=f"bold {seat_color(seat)}")
                text.append("\n")
                text.append(
                    _("{name} led").format(name=self.shown_name(view.trick[0][0])),
                    style="dim",
                )
            elif view.tricks:
                last = view.tricks[-1]
                text.append(
                    _("{name} took the trick").format(name=self.shown_name(last.winner)),
                    style="green",
                )
        elif view.phase is Phase.BID and view.rules.bidding is Bidding.SIMULTANEOUS:
            # sealed: the total is nobody's to see yet, only how many have written a bid
            sealed = len(sealed_bids_in(view))
            text.append(
                ngettext(
                    "sealed bids: {count} of {players} written",
                    "sealed bids: {count} of {players} written",
                    sealed,
                ).format(count=sealed, players=view.players)
            )
        elif view.phase is Phase.BID:
            total = sum(b for b in view.bids if b is not None)
            text.append(
                ngettext(
                    "bids so far: {total} for {size} trick",
                    "bids so far: {total} for {size} tricks",
                    view.hand_size,
                ).format(total=total, size=view.hand_size)
            )
        return text

    def ladder_text(self, view: PlayerView, width: int) -> Text:
        """The hand sizes of the ladder, the current one marked (a window around it when
        the ladder is too long for the screen)."""
        text = Text(no_wrap=True)
        sizes = view.rules.hand_sizes(view.players)
        cells = [len(str(s)) + 2 for s in sizes]
        current = self.shown_round_index(view)
        start, end = 0, len(sizes)
        while end - start > 1 and sum(cells[start:end]) > width - 2:
            if current - start > end - 1 - current:
                start += 1
            else:
                end -= 1
        if start:
            text.append("…", style="dim")
        for i, size in enumerate(sizes[start:end], start):
            if i == current and view.phase is not Phase.OVER:
                text.append(f"[{size}]", style="bold reverse")
            elif i < current:
                text.append(f" {size} ", style="dim")
            else:
                text.append(f" {size} ")
        if end < len(sizes):
            text.append("…", style="dim")
        return text

    async def draw_actions(self, view: PlayerView) -> None:
        """The hand as buttons (playable cards marked), and the bids while bidding."""
        my_turn = view.is_my_turn and self.session.seats[self.seat].is_human
        key = (view.phase, my_turn, view.hand, view.legal_actions, view.bids)
        if key == self._actions_key:
            return
        self._actions_key = key
        bidding = view.phase is Phase.BID and my_turn
        bids: list[Button] = []
        if bidding:
            refusals = bid_refusals(view)
            for bid in range(view.hand_size + 1):
                button = Button(str(bid), id=f"bid-{bid}", compact=True, classes="bid")
                if bid in refusals:
                    button.add_class("unplayable")
                    button.tooltip = refusals[bid]
                bids.append(button)
        cards: list[Button] = []
        if view.hand is not None:
            legal = set(view.legal_actions) if view.phase is Phase.PLAY else set()
            for card in sort_for_display(list(view.hand), view.trump):
                # (no red under NO_COLOR: the app draws the named colours of text in the
                # text's colour, but a button's label takes "red" for a colour of CSS,
                # which Textual draws as a dark grey)
                button = Button(
                    Text(card.display(), style="" if self.app.no_color else card_style(card)),
                    id=f"card-{int(card)}",
                    compact=True,
                    classes="card",
                )
                # No padding around the label: "10♦'" (a second copy) takes four of the
                # five columns. (Textual's CSS refuses line-pad: 0.)
                button.styles.line_pad = 0
                if my_turn and view.phase is Phase.PLAY:
                    button.add_class("playable" if card in legal else "unplayable")
                cards.append(button)
        focused = self.focused.id if self.focused is not None else None
        hand_box = self.query_one("#hand", Grid)
        bid_box = self.query_one("#bids", Grid)
        await hand_box.remove_children()
        await bid_box.remove_children()
        bid_box.display = bool(bids)
        if cards:
            await hand_box.mount(*cards)
        if bids:
            label = Static(_("Your bid:"), classes="label")
            label.styles.column_span = self.label_span
            await bid_box.mount(label, *bids)
        choices = bids if bidding else cards if my_turn else []
        usable = [b for b in choices if not b.has_class("unplayable")]
        target = next((b for b in usable if b.id == focused), None)
        if target is None and usable:
            target = usable[0]
        if target is not None:
            target.focus()
            # Below 80×24 the table scrolls: to the bids or the card to play once they are
            # laid out (focusing the new buttons scrolled to where they were not yet).
            self.call_after_refresh(self.scroll_to_widget, target, animate=False)
        if view.hand is None and view.phase in (Phase.BID, Phase.PLAY):
            note = Static(_("Blind round: you see everyone's card but your own."), classes="note")
            note.styles.column_span = self.per_row
            await hand_box.mount(note)

    def say(self, message: str, style: str = "") -> None:
        # The style over the text, as the seats' colours are, not as the text's own: Textual
        # reads that one as a colour of CSS, not of the theme ("cyan", the hint's, is then
        # #00ffff, which a light theme draws on light grey).
        self.message_text = Text(message)
        self.message_text.stylize(style)
        self.query_one("#message", Static).update(self.message_text)

    # -- the flow of the game -----------------------------------------------------------------

    @work(exclusive=True, group="drive")
    async def drive(self) -> None:
        """Show what happened, then play the computer players until it is the human's turn."""
        await self.show_events()
        session = self.session
        while True:
            step, seat = session.next_step()
            if step is Step.OVER:
                await self.game_over()
                return
            if step is Step.HUMAN and seat == self.seat:
                await self.prompt()
                return
            if step is Step.BOT and seat is not None:
                # think while the last card stays on show: the pace is the longer of the
                # two, not their sum
                action = await asyncio.to_thread(session.decide, seat)
                await self.pause_since_last_card()
                if session.next_step() != (Step.BOT, seat):
                    continue
                session.apply_bot(seat, action)
            elif step is Step.HUMAN:
                # another human seat (hot seat is not offered by this screen): a computer
                # suggestion plays for it so the game cannot stall
                assert seat is not None
                hint = await asyncio.to_thread(session.hint, seat)
                await self.pause_since_last_card()
                session.act(seat, hint.action)
            elif step is Step.BLIND_CARD:
                await self.pause_since_last_card()
                session.advance()
            else:
                session.advance()
            await self.show_events(draw=not self.fast)
            self.last_shown = time.monotonic()

    async def pause_since_last_card(self) -> None:
        """Wait until the last card shown has been on screen for the pause asked for."""
        await self.pause(self.delay - (time.monotonic() - self.last_shown))

    async def pause(self, seconds: float) -> None:
        """Wait so a person can follow; cut short when sped up."""
        waited = 0.0
        while not self.fast and waited < seconds:
            await asyncio.sleep(0.05)
            waited += 0.05
        await asyncio.sleep(0)

    async def show_events(self, draw: bool = True) -> None:
        """Tell the player what the events of their stream mean, and redraw. At full speed
        (``draw`` false) there is no pause for the tricks, and the hand's buttons are laid
        out only for a new hand (and on the player's turn); the table's text still follows
        every move, so that the seats never lag behind the line that says it (a computer
        player thinking for a while would leave "Bob bids 2." beside Bob's "bid –")."""
        dealt = False
        for event in self.session.events_for(self.seat):
            if isinstance(event, CardPlayed):
                self.trick_so_far[event.seat] = event.card
            elif isinstance(event, RoundDealt):
                dealt = True
                self.trick_so_far = {}
                self.last_trick = None
                self.say(
                    _("Round {n}: {dealer} deals {cards}.").format(
                        n=event.round_index + 1,
                        dealer=self.shown_name(event.dealer),
                        cards=ngettext("{n} card", "{n} cards", event.hand_size).format(
                            n=event.hand_size
                        ),
                    )
                )
            elif isinstance(event, BidMade):
                if event.bid is not None and event.seat != self.seat:
                    self.say(
                        _("{name} bids {bid}.").format(
                            name=self.shown_name(event.seat), bid=event.bid
                        )
                    )
            elif isinstance(event, BidsRevealed):
                names = [self.shown_name(s) for s in range(len(event.bids))]
                self.say(revealed_bids_text(names, event.bids))
            elif isinstance(event, TrickWon):
                self.last_trick = (event.seat, self.trick_so_far)
                self.trick_so_far = {}
                self.say(
                    _("{name} takes the trick.").format(name=self.shown_name(event.seat)),
                    "green",
                )
                if draw:
                    await self.redraw()
                    await self.pause(self.delay)
            elif isinstance(event, RoundScored):
                await self.redraw()
                if not self.session.is_over:
                    from .screens import ScoreSheetScreen

                    await self.app.push_screen_wait(
                        ScoreSheetScreen(self.session, self.seat, finished_round=event.round_index)
                    )
            elif isinstance(event, GameOver):
                pass
        if draw or dealt:
            await self.redraw()
        elif self.is_attached:
            self.redraw_table(self.view())

    async def prompt(self) -> None:
        """It is the player's turn: say what they may do."""
        view = self.view()
        if view.phase is Phase.BID:
            refusals = bid_refusals(view)
            allowed = " ".join(str(b) for b in view.legal_actions)
            message = _("Your turn to bid: {allowed}.").format(allowed=allowed)
            if refusals:
                reason = next(iter(refusals.values()))
                message += " " + reason
            self.say(message, "bold")
        elif view.tricks and not view.trick:
            winner = self.shown_name(view.tricks[-1].winner)
            took = _("{name} takes the trick.").format(name=winner)
            self.say(took + " " + _("Your lead."), "bold")
        elif self.fast and view.trick and view.tricks:
            # At full speed the last trick was never on the table for the player to see
            # (its winner led at once): the line says how it went.
            last = view.tricks[-1]
            took = last_trick_text(
                self.shown_name(last.winner),
                last.winner,
                zip(last.seats(view.players), last.cards, strict=True),
            )
            self.say(took + " " + _("Your turn: play a card."), "bold")
        elif view.rules.bidding is Bidding.SIMULTANEOUS and not view.tricks:
            # The line that revealed the sealed bids would be gone before it was read.
            names = [self.shown_name(s) for s in range(view.players)]
            bids = [b if b is not None else 0 for b in view.bids]
            revealed = revealed_bids_text(names, bids)
            self.say(revealed + ". " + _("Your turn: play a card."), "bold")
        else:
            self.say(_("Your turn: play a card."), "bold")
        await self.redraw()

    async def game_over(self) -> None:
        if self.history_path is None and self.kept_in is None and not self.finished_before:
            self.keep_finished_game()
        from .screens import EndScreen

        last_trick = None
        if self.last_trick is not None:
            # At full speed the game's last trick was never on the table: the end screen
            # says how it went (a finished game resumed has none to tell).
            winner, cards = self.last_trick
            last_trick = last_trick_text(self.shown_name(winner), winner, cards.items())
        await self.app.push_screen(
            EndScreen(self.session, self.history_path, self.kept_in, last_trick)
        )

    def keep_finished_game(self) -> None:
        """Write the game just finished to the history (and back to its save, if it has
        one). When the history cannot take it (a full disk, its folder removed during the
        game), the game is not lost: it stays in its save, else goes to the saves folder,
        and the screen says where."""
        saved: Path | None = None
        if self.save_path is not None:
            # The save this game was resumed from (or saved to) now holds its end: resumed
            # again, it opens on the end screen instead of replaying the last rounds.
            with contextlib.suppress(OSError):  # the history copy below is then the one
                saved = self.session.save(self.save_path)
        try:
            self.history_path = save_to_history(self.session, self.ascenseur_app.history_folder())
            return
        except OSError as error:
            reason = os_error_reason(error)
        if saved is None:
            try:
                saved = save_as_new(self.session, saves_dir())
            except OSError as error:
                path = saves_dir() / game_file_name(self.session.game)  # (where it was to go)
                self.notify(
                    _(
                        "Could not save the game to the history ({reason}), "
                        "nor to {path} ({other})."
                    ).format(reason=reason, path=path, other=os_error_reason(error)),
                    severity="error",
                    timeout=20,
                )
                return
        self.kept_in = saved
        self.notify(
            _(
                "Could not save the game to the history ({reason}): saved to {path} instead "
                "(ascenseur replay {path})."
            ).format(reason=reason, path=shlex.quote(str(saved))),  # (as a shell reads it)
            severity="warning",
            timeout=20,
        )

    # -- the player's actions -----------------------------------------------------------------

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        button_id = event.button.id or ""
        if button_id.startswith("card-"):
            await self.try_action(Card(int(button_id[5:])))
        elif button_id.startswith("bid-"):
            await self.try_action(int(button_id[4:]))

    async def try_action(self, action: int) -> None:
        # A first digit held for a bid of two digits is spent by any bid tried, made or
        # refused: kept after a refusal, it turned the next digit into a bid of 10 or more.
        self.first_digit = None
        view = self.view()
        try:
            self.session.act(self.seat, action)
        except IllegalActionError as error:
            # worded with the names as the table shows them ("It is not your turn: Ann is
            # to play."): a control character written out, as on the seats
            shown = replace(view, names=tuple(printable(name) for name in view.names))
            self.say(explain_to_player(error, shown), "bold red")
            self.app.bell()
            return
        self.last_shown = time.monotonic()
        self.say("")
        self.drive()

    async def action_bid(self, digit: int) -> None:
        """A digit typed to bid. From 10 cards a 1 may begin a bid of two digits (1 then 2
        bids 12): it is held, with the focus on the bid of 1 (Enter bids it), until the
        next digit says which; any other digit bids at once."""
        view = self.view()
        if view.phase is not Phase.BID or not view.is_my_turn:
            # Not a bid to make now: the engine refuses it (a number is never a card), and
            # the line says why ("The bidding is over: play a card.", "It is not your
            # turn: …") rather than the key doing nothing.
            await self.try_action(digit)
            return
        where = (view.round_index, view.bids)
        held, self.first_digit = self.first_digit, None
        if held is not None and held[1] == where:
            await self.try_action(10 * held[0] + digit)  # (beyond the hand: refused, saying why)
            return
        if digit and 10 * digit <= view.hand_size:
            self.first_digit = (digit, where)
            for button in self.query(f"#bid-{digit}"):
                button.focus()
            self.say(
                _(
                    "{digit}…: a second digit for a bid of {low} to {high}, Enter to bid {digit}, "
                    "or Esc to take it back"
                ).format(digit=digit, low=10 * digit, high=min(10 * digit + 9, view.hand_size))
            )
            return
        await self.try_action(digit)

    async def action_drop_digit(self) -> None:
        """Esc or Backspace takes back a first digit held for a bid of two digits (typed
        by mistake, it would otherwise turn the next digit into a bid out of range)."""
        if self.first_digit is None:
            return
        self.first_digit = None
        await self.prompt()

    def action_faster(self) -> None:
        self.fast = not self.fast
        self.notify(_("Computer players play at once.") if self.fast else _("Normal pace."))
        self._bindings.key_to_bindings.pop("f", None)  # replaced, not added beside
        self._bindings.bind("f", "faster", _("normal pace") if self.fast else _("faster"))
        self.refresh_bindings()
        self.query_one("#status", Static).update(self.status_text(self.view()))

    @work(exclusive=True, group="hint")
    async def action_hint(self) -> None:
        view = self.view()
        if not view.is_my_turn or not view.legal_actions:
            self.say(_("Nothing to decide now."))
            return
        hint = await asyncio.to_thread(self.session.hint, self.seat)
        if self.view() != view:
            return  # the player moved while the hint was thought out: it is for a past turn
        kind = "bid" if view.phase is Phase.BID else "card"
        target = f"#{kind}-{int(hint.action)}"
        # The reason starts with the move ("bid 2: …", "7♠: …"). It takes the place of the
        # line that said a first digit was held for a bid of two digits: the digit goes
        # with it, or the next digit typed would make, unseen, a bid of 10 or more.
        self.first_digit = None
        self.say(_("Hint: {reason}.").format(reason=hint.reason), "cyan")
        for button in self.query(target):
            button.focus()

    def action_save(self) -> Path | None:
        path = self.save_path
        try:
            if path is None:
                path = save_as_new(self.session, saves_dir())
            else:
                self.session.save(path)
        except OSError as error:
            self.notify(
                _("Could not save to {path}: {reason}").format(
                    path=path or saves_dir() / game_file_name(self.session.game),
                    reason=os_error_reason(error),
                ),
                severity="error",
            )
            return None
        self.save_path = path
        self.ascenseur_app.hold_save(path)
        self.ascenseur_app.saved_to = path
        self.notify(_("Saved to {path}").format(path=path))
        return path

    def action_save_quit(self) -> None:
        if self.session.is_over or self.action_save() is not None:
            self.app.exit(self.ascenseur_app.saved_to)

    def action_sheet(self) -> None:
        from .screens import ScoreSheetScreen

        self.app.push_screen(ScoreSheetScreen(self.session, self.seat))

    def action_rules(self) -> None:
        from .screens import RulesScreen

        self.app.push_screen(RulesScreen(self.session.game.rules, self.session.players))


def last_trick_text(name: str, winner: int, played: Iterable[tuple[int, Card]]) -> str:
    """The line that tells how a trick went, its cards in the order played, ✔ on the
    winner's ("Ann took the last trick: 3♥ K♥ A♥✔ 2♥.")."""
    cards = " ".join(card.display() + ("✔" if seat == winner else "") for seat, card in played)
    return _("{name} took the last trick: {cards}.").format(name=name, cards=cards)


def revealed_bids_text(names: Sequence[str], bids: Sequence[int]) -> str:
    """The line that reveals sealed bids: each name with its bid ("Ann: 2, Bob: 0"; names
    that end in a number would run into the bid without the colon)."""
    return _("Bids revealed: {bids}").format(
        bids=", ".join(
            _("{name}: {bid}").format(name=name, bid=bid)
            for name, bid in zip(names, bids, strict=True)
        )
    )


def sealed_bids_in(view: PlayerView) -> set[int]:
    """The seats whose sealed bid is made but not yet revealed (simultaneous bidding): all
    see that a player has written a bid, not what. Sealed bids are taken in turn order from
    the player after the dealer, so they are the seats before the one whose turn it is."""
    if view.phase is not Phase.BID or view.turn is None:
        return set()
    if view.rules.bidding is not Bidding.SIMULTANEOUS:
        return set()
    n = view.players
    first = (view.dealer + 1) % n
    done = (view.turn - first) % n
    return {(first + i) % n for i in range(done)}


def card_style(card: Card) -> str:
    """Red for hearts and diamonds, as on the cards."""
    return "red" if int(card.suit) in (1, 2) else ""
