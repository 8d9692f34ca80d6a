"""Bots cannot peek: a decision depends on the player's view and the bot's seed only.

For positions met in real games, under every preset and the options that change what a
player knows or may do (sealed bids, `under`, the blind round, tarot trumps, two decks in
either order and stripped, must-trump, no trump, a no-trump peak, either direction), we deal
a second game with the same public history and the same cards for the player but the other
cards dealt differently (a world drawn by the sampler from the player's view), check that
the player's view is the same in both, and that each bot, built with the same seed, makes
the same decision in both games: the random, rule-based and search bots, and the four levels
as ``make_bot`` makes them (on a small budget).
"""

from __future__ import annotations

import random

import pytest

from ascenseur import Game, Phase, Rules, preset
from ascenseur.bots import Bot, Budget, RandomBot, RulesBot, SearchBot, make_bot
from ascenseur.core.sampler import sample_game

TABLES: list[tuple[str, Rules, int]] = [
    ("prime", preset("prime").override({"ladder": [4]}), 4),
    ("classique", preset("classique").override({"ladder": [3]}), 3),
    ("ascensor under", preset("ascensor").override({"ladder": [5]}), 3),
    ("enculette blind", preset("enculette").override({"ladder": [1]}), 4),
    ("tarot trumps", preset("enculette").override({"ladder": [4]}), 3),
    (
        "sealed bids",
        preset("classique").override(
            {"ladder": [3], "bidding": "simultaneous", "bid_limit": "none"}
        ),
        4,
    ),
    ("two decks", preset("prime").override({"ladder": [6], "decks": 2}), 4),
    (
        "two decks in deck order, stripped",
        preset("prime").override(
            {"ladder": [4], "decks": 2, "duplicate_cards": "deck-order", "strip_to_multiple": True}
        ),
        5,
    ),
    ("must-trump", preset("prime").override({"ladder": [4], "void_rule": "must-trump"}), 4),
    ("no trump", preset("classique").override({"ladder": [4], "trump": "none"}), 3),
    (
        "no-trump peak, counter-clockwise",
        preset("prime").override(
            {"ladder": [3], "peak_no_trump_rounds": 1, "direction": "counterclockwise"}
        ),
        4,
    ),
]


def positions(rules: Rules, players: int, seed: int) -> list[tuple[Game, int]]:
    """Games stopped at every decision of one round played by random players."""
    rng = random.Random(seed)
    game = Game.new(rules, players, first_dealer=seed % players)
    game.deal(rng)
    out = []
    while game.phase in (Phase.BID, Phase.PLAY):
        if game.blind_play_pending:
            game.play_blind_card()
            continue
        out.append((game.copy(), game.turn))
        game.push(rng.choice(game.legal_actions()))
    return out


#: The levels are checked as they are (their settings, endgame and world pool) on a small
#: budget, so that the test stays quick.
LEVEL_BUDGET = Budget(iterations=24)


def bots(seed: int) -> list[Bot]:
    tree = SearchBot(seed, 24)
    tree.tree = True
    levels = [make_bot(level, seed) for level in ("easy", "medium", "hard", "expert")]
    return [
        RandomBot(seed),
        RulesBot(seed),
        RulesBot(seed, noise=0.5),
        SearchBot(seed, 24),
        tree,
        *levels,
    ]


@pytest.mark.parametrize(("label", "rules", "players"), TABLES, ids=[t[0] for t in TABLES])
def test_decisions_do_not_depend_on_the_cards_the_player_cannot_see(
    label: str, rules: Rules, players: int
) -> None:
    differing = 0
    for game, seat in positions(rules, players, seed=len(label)):
        view = game.view(seat)
        other = sample_game(view, random.Random(7))
        assert other.view(seat) == view
        hidden = [s for s in range(players) if s != seat or view.hand is None]
        differing += any(other.hands[s] != game.hands[s] for s in hidden)
        for bot_a, bot_b in zip(bots(3), bots(3), strict=True):
            a = bot_a.choose(game.view(seat), LEVEL_BUDGET)
            b = bot_b.choose(other.view(seat), LEVEL_BUDGET)
            assert a == b, (label, bot_a)
    # The check would be empty if the other game held the same hidden cards.
    assert differing > 0
