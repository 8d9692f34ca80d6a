"""The ``search`` bot: determinized Monte Carlo guided by the rule-based policy.

For a decision it deals many worlds of the cards it cannot see, consistent with everything
it knows (:func:`ascenseur.core.sampler.sample_game`: all unseen cards, stock included,
revealed voids respected), and weights each world by how well the other players' bids fit
their hands in it (the bids are the strongest clue in this game: a world where a player who
bid 3 holds nothing is unlikely). In every world it tries each legal action and finishes the
round with fast playouts in which every player follows the rule-based policy towards its own
bid; it keeps the action with the best weighted mean score under the scoring in force.
A bid is chosen the same way, by expected score. When few cards are left (a few tricks),
each world is solved exactly instead (every player maximizing its own score).

Near the end of a game the score counts: in the last rounds the value of an outcome
includes the chance to finish first, so a player far behind takes risks and a leader plays
safe.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

from ascenseur.core.engine import Game, Phase
from ascenseur.core.sampler import sample_game
from ascenseur.core.view import PlayerView
from ascenseur.i18n import _

from .base import Budget, Hint
from .heuristics import blind_chance, choose_bid, choose_card, hand_expectation
from .rules_bot import SURE, RulesBot

#: Spread of the bids around the tricks a hand is worth, for weighting worlds by the bids.
BID_SIGMA = 0.8
#: Largest exact endgame (leaves ≈ (cards left)! ** players) solved instead of a playout.
EXACT_LEAVES = 150


# -- the policy inside a world -------------------------------------------------------------


def _bid_worth(game: Game, seat: int) -> tuple[float, int]:
    """What ``seat`` would think its hand worth at the bidding, in this world (from its cards,
    the turned card and, in a blind round, the others' cards only)."""
    t = game.table
    n = t.players
    hand = game.dealt[seat]
    turned = (1 << game.trump_card) if game.trump_card is not None else 0
    if game.is_blind_round:
        visible = {s: game.dealt[s] for s in range(n) if s != seat}
        seen = turned
        for m in visible.values():
            seen |= m
        unknown = t.deck_mask & ~seen
        p = blind_chance(
            seat, (game.dealer + 1) % n, visible, unknown, n, game.trump_suit, t.strength
        )
        return p, int(p >= SURE)
    unknown = t.deck_mask & ~hand & ~turned
    expected, sure, _chances = hand_expectation(
        hand, unknown, n, game.hand_size, game.trump_suit, t.strength, t.deck, bool(turned)
    )
    return expected, sure


def _shifted(expected: float, prior: Sequence[int], size: int, players: int) -> float:
    """The worth of a hand after the bids seen before (as :func:`choose_bid` shifts it)."""
    if not prior:
        return expected
    still = players - len(prior) - 1
    claimed = sum(prior) + still * size / players
    return expected + 0.25 * (size - claimed - expected) / players


def _bidding_order(game: Game) -> list[int]:
    n = game.table.players
    return [(game.dealer + 1 + i) % n for i in range(n)]


def bid_likelihood(game: Game, seats: Sequence[int], sealed: bool) -> float:
    """How well the bids of ``seats`` fit their hands in this world (a likelihood up to a
    constant, under the rule-based bidding model)."""
    n = game.table.players
    order = _bidding_order(game)
    log = 0.0
    for seat in seats:
        bid = game.bids[seat]
        if bid < 0:
            continue
        expected, _sure = _bid_worth(game, seat)
        prior = [] if sealed else [game.bids[s] for s in order[: order.index(seat)]]
        diff = bid - _shifted(expected, prior, game.hand_size, n)
        log -= diff * diff / (2 * BID_SIGMA * BID_SIGMA)
    return math.exp(log)


def policy_bids(game: Game, worth: dict[int, tuple[float, int]]) -> None:
    """Let every player still to bid bid by the rule-based model."""
    t = game.table
    sealed = t.sealed
    while game.phase is Phase.BID:
        seat = game.turn
        expected, sure = worth[seat] if seat in worth else _bid_worth(game, seat)
        prior = [] if sealed else [b for b in game.bids if b >= 0]
        bid = choose_bid(expected, sure, game.legal_bids(), game.hand_size, prior, t.players)
        game.push(bid)


def policy_playout(game: Game) -> None:
    """Finish the round with every player following the rule-based policy to its bid."""
    if game.phase is Phase.BID:
        policy_bids(game, {})
    if game.phase is not Phase.PLAY:
        return
    t = game.table
    n = t.players
    strength = t.strength
    trump = game.trump_suit
    hands = game.hands
    # Cards nobody has seen: in the hands or in the stock (not played, not turned up).
    stock = t.deck_mask
    for trick in game.tricks:
        for c in trick.cards:
            stock &= ~(1 << c)
    for c in game.trick:
        stock &= ~(1 << c)
    if game.trump_card is not None:
        stock &= ~(1 << game.trump_card)
    bids = game.bids
    won = game.won
    while game.phase is Phase.PLAY:
        seat = game.turn
        hand = hands[seat]
        card, _why = choose_card(
            hand,
            game.legal_mask(),
            game.trick,
            n,
            trump,
            strength,
            bids[seat] - won[seat],
            stock & ~hand,
        )
        stock &= ~(1 << card)
        game.push(card)
        hands = game.hands
        won = game.won


def solve_exact(game: Game) -> tuple[int, ...]:
    """The round's points when every player plays perfectly for its own score in this world
    (max^n search over the last few tricks)."""
    if game.phase is not Phase.PLAY:
        return game.results[-1].points
    seat = game.turn
    best: tuple[int, ...] | None = None
    mask = game.legal_mask()
    while mask:
        low = mask & -mask
        mask ^= low
        child = game.copy()
        child.push(low.bit_length() - 1)
        value = solve_exact(child)
        if best is None or value[seat] > best[seat]:
            best = value
    assert best is not None
    return best


def exact_is_cheap(game: Game, leaves: int = EXACT_LEAVES) -> bool:
    """Whether solving the rest of the round exactly visits at most about ``leaves`` ends."""
    left = max(h.bit_count() for h in game.hands)
    return bool(math.factorial(left) ** game.table.players <= leaves)


# -- the value of an outcome ------------------------------------------------------------------


class Valuer:
    """The value to ``seat`` of a finished round: its points, and near the end of a game its
    chance to finish first (so that a player far behind takes risks, a leader plays safe)."""

    def __init__(self, view: PlayerView) -> None:
        self.seat = view.seat
        self.totals = view.totals
        remaining = view.rounds - view.round_index - 1
        scoring = view.rules.scoring
        self.scale = float(scoring.made_base + scoring.made_per_trick * max(1, view.hand_size))
        self.aware = view.rounds > 1 and remaining <= 1
        self.spread = self.scale * math.sqrt(remaining) if remaining else 0.0

    def value(self, points: Sequence[int]) -> float:
        mine = points[self.seat]
        if not self.aware:
            return float(mine)
        finals = [t + p for t, p in zip(self.totals, points, strict=True)]
        me = finals[self.seat]
        lead = me - max(f for s, f in enumerate(finals) if s != self.seat)
        if self.spread:
            chance = 0.5 * (1.0 + math.erf(lead / (self.spread * math.sqrt(2))))
        else:
            chance = 1.0 if lead > 0 else 0.5 if lead == 0 else 0.0
        return mine + 2.0 * self.scale * chance


# -- the bot -----------------------------------------------------------------------------------


class SearchBot:
    """Determinized Monte Carlo over weighted worlds with policy playouts."""

    name = "search"

    def __init__(
        self,
        seed: int | None = None,
        iterations: int = 400,
        seconds: float | None = None,
        max_plays: int | None = None,
        weight_bids: bool = True,
        exact: bool = True,
        exact_leaves: int = EXACT_LEAVES,
    ) -> None:
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.max_plays = max_plays
        self.weight_bids = weight_bids
        self.exact = exact
        self.exact_leaves = exact_leaves
        self.last_values: dict[int, float] = {}
        self.last_worlds = 0

    def choose(self, view: PlayerView, budget: Budget | None = None) -> int:
        return self._decide(view, budget)[0]

    def hint(self, view: PlayerView) -> Hint:
        action, reason = self._decide(view, None)
        return Hint(action, reason)

    # -- decisions -------------------------------------------------------------------------

    def _decide(self, view: PlayerView, budget: Budget | None) -> tuple[int, str]:
        legal = view.legal_actions
        if not legal:
            raise ValueError("it is not this player's turn to act")
        if len(legal) == 1:
            self.last_values = {}
            return legal[0], RulesBot().decide(view)[1]
        iterations = self.iterations
        seconds = self.seconds
        if budget is not None:
            iterations = budget.iterations if budget.iterations is not None else iterations
            seconds = budget.seconds if budget.seconds is not None else seconds
        deadline = time.perf_counter() + seconds if seconds is not None else None
        worlds = max(4, iterations // len(legal))
        if self.max_plays is not None:
            # Bound the work (card plays simulated), so that long hands stay quick.
            plays = view.players * max(1, view.hand_size - len(view.tricks)) + view.players
            worlds = max(4, min(worlds, self.max_plays // (plays * len(legal))))
        values = self._evaluate(view, legal, worlds, deadline)
        self.last_values = values
        best = max(legal, key=lambda a: (values[a], -legal.index(a)))
        return best, self._reason(view, best, values)

    def _worlds(self, view: PlayerView) -> tuple[Game, float]:
        """One world consistent with the view, and its weight from the bids."""
        game = sample_game(view, self.rng)
        n = view.players
        sealed = view.rules.bidding.value == "simultaneous"
        if sealed and view.phase is Phase.BID:
            # Sealed bids made before ours: fill them by the model from each one's hand.
            total = 0
            for seat in range(n):
                if seat != view.seat and game.bids[seat] >= 0:
                    expected, sure = _bid_worth(game, seat)
                    game.bids[seat] = choose_bid(
                        expected, sure, range(view.hand_size + 1), view.hand_size, [], n
                    )
                total += max(game.bids[seat], 0)
            game.bid_total = total
            return game, 1.0
        if not self.weight_bids:
            return game, 1.0
        others = [s for s in range(n) if s != view.seat and view.bids[s] is not None]
        return game, bid_likelihood(game, others, sealed)

    def _evaluate(
        self,
        view: PlayerView,
        legal: Sequence[int],
        worlds: int,
        deadline: float | None,
    ) -> dict[int, float]:
        valuer = Valuer(view)
        totals = dict.fromkeys(legal, 0.0)
        weight_sum = 0.0
        bidding = view.phase is Phase.BID
        done = 0
        for _world in range(worlds):
            world, weight = self._worlds(view)
            if weight <= 1e-12:
                weight = 1e-12
            worth = {}
            if bidding:
                worth = {s: _bid_worth(world, s) for s in range(view.players)}
            exact = (
                self.exact
                and not bidding
                and world.phase is Phase.PLAY
                and exact_is_cheap(world, self.exact_leaves)
            )
            for action in legal:
                game = world.copy()
                game.push(action)
                if exact:
                    points = solve_exact(game)
                else:
                    if bidding:
                        policy_bids(game, worth)
                    policy_playout(game)
                    points = game.results[-1].points
                totals[action] += weight * valuer.value(points)
            weight_sum += weight
            done += 1
            if deadline is not None and done >= 4 and time.perf_counter() > deadline:
                break
        self.last_worlds = done
        return {a: totals[a] / weight_sum for a in legal}

    def _reason(self, view: PlayerView, best: int, values: dict[int, float]) -> str:
        others = [v for a, v in values.items() if a != best]
        margin = values[best] - max(others) if others else 0.0
        if view.phase is Phase.BID:
            return _(
                "bid {bid}: over {worlds} likely deals it scores {value} on average, "
                "{margin} more than any other bid"
            ).format(
                bid=best,
                worlds=self.last_worlds,
                value=f"{values[best]:.1f}",
                margin=f"{margin:.1f}",
            )
        card = view.legal_actions[view.legal_actions.index(best)]
        shown = card.display() if hasattr(card, "display") else str(card)
        return _(
            "{card}: over {worlds} likely deals it scores {value} on average, "
            "{margin} more than the next best card"
        ).format(
            card=shown,
            worlds=self.last_worlds,
            value=f"{values[best]:.1f}",
            margin=f"{margin:.1f}",
        )
