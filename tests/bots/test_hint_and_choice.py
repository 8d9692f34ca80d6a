"""A hint is the move the bot would make: ``choose`` (which skips the reason's words) and
``hint`` of two bots of one seed agree at every decision, under any table, for every
level, the easy player's slips included (they draw from the same generator)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from tests.core.strategies import Table, tables

from ascenseur import Game
from ascenseur.bots import Budget, Hint, make_bot
from ascenseur.core.view import PlayerView
from ascenseur.services.autoplay import play_with_bots

#: A small budget keeps the search's decisions quick; it is the same for both bots.
SMALL = Budget(iterations=24)


class BothWays:
    """A seat played by ``choose`` of one bot, checked against ``hint`` of its twin."""

    def __init__(self, level: str, seed: int) -> None:
        self.name = level
        self.chooser = make_bot(level, seed)
        self.hinter = make_bot(level, seed)
        self.decisions = 0

    def choose(self, view: PlayerView, budget: Budget | None = None) -> int:
        action = self.chooser.choose(view, SMALL)
        hint = self.hinter.hint(view, SMALL)
        assert hint.action == action, (self.name, view)
        assert hint.reason
        self.decisions += 1
        return action

    def hint(self, view: PlayerView, budget: Budget | None = None) -> Hint:
        return self.hinter.hint(view, SMALL)


@settings(max_examples=25, deadline=None)
@given(
    tables(most_players=6, largest_hand=4),
    st.sampled_from(["easy", "medium", "hard", "expert"]),
    st.integers(0, 2**16),
)
def test_choose_and_hint_pick_the_same_move(table: Table, level: str, seed: int) -> None:
    rules, players, first_dealer = table
    game = Game.new(rules, players, first_dealer=first_dealer)
    deals = random.Random(seed)
    seats = [BothWays(level, seed + seat) for seat in range(players)]
    play_with_bots(game, seats, lambda _game: deals)
    assert game.is_over
    assert sum(seat.decisions for seat in seats) > 0
