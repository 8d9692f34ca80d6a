"""OpenSpiel's ISMCTS as a seat at our tables: the research reference to beat.

Needs the optional extra ``pip install ascenseur[openspiel]``. OpenSpiel's ``oh_hell`` plays
one hand with the dealer's hook, free discards, a turned-up trump, and its scoring (points
per trick won plus 10 for an exact bid, or with ``off_bid_penalty`` minus the difference);
other rules are refused with a message saying which option does not fit.

The seat sees only its view, like every bot: at each decision it deals a world consistent
with the view (our sampler: all unseen cards, the stock included), replays it into an
OpenSpiel state, and runs OpenSpiel's Python ISMCTS on it with a resampler that draws every
simulation's world the same honest way. (OpenSpiel 2.0.2's own ``oh_hell`` resampler only
reshuffles the cards dealt to opponents, so a search using it on the true state knows which
cards stayed in the stock; ``benchmarks/bots_openspiel.py`` measures that leaky variant too,
driving it on the true state, which a view-only seat cannot do.)
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from ascenseur.core.cards import Card
from ascenseur.core.engine import Game, Phase
from ascenseur.core.rules import (
    Bidding,
    BidLimit,
    DeckKind,
    Rules,
    TrumpRule,
    VoidRule,
)
from ascenseur.core.sampler import sample_game
from ascenseur.core.view import PlayerView
from ascenseur.i18n import _

from .base import Budget, Hint, legal_actions_of

OPENSPIEL_DECK = 52
MADE_BID_BONUS = 10


class UnsupportedRules(ValueError):
    """The rules of the table are not a game OpenSpiel's ``oh_hell`` can play."""


def openspiel_parameters(rules: Rules, players: int) -> dict[str, Any]:
    """The ``oh_hell`` parameters for a one-hand game under ``rules``; refuse other rules."""

    def refuse(option: str, why: str) -> UnsupportedRules:
        return UnsupportedRules(
            _("OpenSpiel's oh_hell cannot play this table: {option} {why}").format(
                option=option, why=why
            )
        )

    plan = rules.hand_sizes(players)
    if len(plan) != 1:
        raise refuse("ladder", _("must be a single hand, like [5]"))
    checks = [
        ("deck", rules.deck is DeckKind.STANDARD, _("must be standard")),
        ("decks", rules.copies(players) == 1, _("must be 1")),
        (
            "strip_to_multiple",
            len(rules.deck_cards(players)) == OPENSPIEL_DECK,
            _("must leave all 52 cards"),
        ),
        ("bid_limit", rules.bid_limit is BidLimit.HOOK, _("must be hook")),
        ("bidding", rules.bidding is Bidding.SEQUENTIAL, _("must be sequential")),
        ("void_rule", rules.void_rule is VoidRule.FREE, _("must be free")),
        ("trump", rules.trump is TrumpRule.TURN_UP, _("must be turn-up")),
        ("peak_no_trump_rounds", rules.peak_no_trump_rounds == 0, _("must be 0")),
        ("blind_single_card", not rules.blind_single_card, _("must be off")),
        (
            "ladder",
            plan[0] <= (OPENSPIEL_DECK - 1) // players,
            _("leaves no card to turn up"),
        ),
    ]
    for option, ok, why in checks:
        if not ok:
            raise refuse(option, why)
    s = rules.scoring
    per_trick = s.made_per_trick
    if s.pool or s.made_base != MADE_BID_BONUS or per_trick < 1:
        raise refuse(
            "scoring",
            _(
                "must give 10 for an exact bid plus points per trick, without the pool "
                "(made_base = 10, made_per_trick ≥ 1, pool = false)"
            ),
        )
    if s.missed_per_trick == per_trick and s.missed_per_diff == 0:
        penalty = False
    elif s.missed_per_trick == 0 and s.missed_per_diff == per_trick:
        penalty = True
    else:
        raise refuse(
            "scoring",
            _(
                "must, on a missed bid, still pay the tricks (missed_per_trick = "
                "made_per_trick, missed_per_diff = 0) or take them off per trick of "
                "difference (missed_per_trick = 0, missed_per_diff = made_per_trick)"
            ),
        )
    return {
        "players": players,
        "num_tricks_fixed": plan[0],
        "off_bid_penalty": penalty,
        "points_per_trick": per_trick,
    }


@cache
def _load(params: tuple[tuple[str, Any], ...]) -> Any:
    import pyspiel  # type: ignore[import-not-found]

    return pyspiel.load_game("oh_hell", dict(params))


@cache
def card_actions() -> tuple[dict[int, int], dict[int, Card]]:
    """Our card → OpenSpiel's card action, and back (through the card texts)."""
    import pyspiel

    state = pyspiel.load_game("oh_hell", {"players": 3}).new_initial_state()
    state.apply_action(state.chance_outcomes()[0][0])
    state.apply_action(0)
    to_action: dict[int, int] = {}
    to_card: dict[int, Card] = {}
    for action in range(OPENSPIEL_DECK):
        text = state.action_to_string(action)
        card = Card.parse(text[1] + text[0])
        to_action[card] = action
        to_card[action] = card
    return to_action, to_card


def openspiel_game(rules: Rules, players: int) -> Any:
    return _load(tuple(sorted(openspiel_parameters(rules, players).items())))


def to_openspiel(game: Game, ospiel_game: Any) -> Any:
    """The OpenSpiel state of ``game``'s hand: the same deal, dealer, turned card, bids and
    cards played."""
    to_action, _to_card = card_actions()
    n = game.players
    state = ospiel_game.new_initial_state()
    state.apply_action(state.chance_outcomes()[0][0])  # the number of tricks (fixed)
    state.apply_action(game.dealer)
    hands = []
    for seat in range(n):
        mask = game.dealt[seat]
        cards = []
        while mask:
            low = mask & -mask
            cards.append(low.bit_length() - 1)
            mask ^= low
        hands.append(cards)
    for i in range(n * game.hand_size):
        state.apply_action(to_action[hands[i % n][i // n]])
    assert game.trump_card is not None
    state.apply_action(to_action[game.trump_card])
    first = (game.dealer + 1) % n
    for i in range(n):
        bid = game.bids[(first + i) % n]
        if bid < 0:
            break
        state.apply_action(OPENSPIEL_DECK + bid)
    for trick in game.tricks:
        for card in trick.cards:
            state.apply_action(to_action[card])
    for card in game.trick:
        state.apply_action(to_action[card])
    return state


def from_openspiel_action(phase: Phase, action: int) -> int:
    """Our action for OpenSpiel's ``action``: a bid, or a card."""
    if phase is Phase.BID:
        return action - OPENSPIEL_DECK
    return card_actions()[1][action]


class OpenSpielISMCTSBot:
    """OpenSpiel's Python ISMCTS (random rollouts, UCT), fed honest worlds from our sampler."""

    name = "ismcts"

    def __init__(self, seed: int | None = None, simulations: int = 1000, uct_c: float = 2.0):
        import numpy as np
        import pyspiel  # noqa: F401  (fail early without the extra)

        self.seed = seed if seed is not None else random.randrange(2**31)
        self.rng = random.Random(self.seed)
        self.np_rng = np.random.RandomState(self.seed % 2**31)
        self.simulations = simulations
        self.uct_c = uct_c

    def choose(self, view: PlayerView, budget: Budget | None = None) -> int:
        from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-untyped]

        legal = legal_actions_of(view, budget)
        ospiel_game = openspiel_game(view.rules, view.players)
        if len(legal) == 1:
            return legal[0]
        simulations = self.simulations
        if budget is not None and budget.iterations is not None:
            simulations = budget.iterations
        evaluator = mcts.RandomRolloutEvaluator(1, self.np_rng)
        bot = ismcts.ISMCTSBot(
            ospiel_game,
            evaluator,
            self.uct_c,
            simulations,
            random_state=self.np_rng,
            final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
        )

        def resample(_state: Any, _player: int) -> Any:
            return to_openspiel(sample_game(view, self.rng), ospiel_game)

        bot.set_resampler(resample)
        state = to_openspiel(sample_game(view, self.rng), ospiel_game)
        action = int(bot.step(state))
        return from_openspiel_action(view.phase, action)

    def hint(self, view: PlayerView, budget: Budget | None = None) -> Hint:
        return Hint(self.choose(view, budget), _("OpenSpiel's ISMCTS chose it"))
