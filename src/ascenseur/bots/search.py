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

With ``tree`` on (the ``expert`` level), the search goes below the first move: an
information-set Monte Carlo tree search over the public history, in which our own later
moves are chosen by UCB and the others move by the rule-based policy, so that a move is
valued by how we would go on rather than by the policy's continuation.

Near the end of a game the score counts: in the last rounds the value of an outcome
includes the chance to finish first, so a player far behind takes risks and a leader plays
safe.
"""

from __future__ import annotations

import bisect
import math
import random
import time
from collections.abc import Sequence
from typing import NamedTuple

from ascenseur.core.cards import Card, cards_of
from ascenseur.core.engine import Game, Phase, legal_card_mask
from ascenseur.core.rules import Scoring
from ascenseur.core.sampler import sample_game
from ascenseur.core.view import PlayerView
from ascenseur.i18n import _, decimal, ngettext

from .base import Budget, Hint, legal_actions_of
from .heuristics import (
    blind_chance,
    choose_bid,
    choose_card,
    hand_expectation,
    keen_after,
    seats_after,
    shifted_worth,
    trick_need,
)
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
        hand,
        unknown,
        n,
        game.hand_size,
        game.trump_suit,
        t.strength,
        t.deck,
        bool(turned),
        before=(seat - game.dealer - 1) % n,
    )
    return expected, sure


def _bidding_order(game: Game) -> list[int]:
    n = game.table.players
    return [(game.dealer + 1 + i) % n for i in range(n)]


def bid_likelihood(
    game: Game,
    seats: Sequence[int],
    sealed: bool,
    sigma: float = BID_SIGMA,
    bias: float = 0.0,
    worth: dict[int, tuple[float, int]] | None = None,
) -> float:
    """How well the bids of ``seats`` fit their hands in this world (a likelihood up to a
    constant, under the rule-based bidding model: a bid is taken to fall around the model's
    worth of the hand plus ``bias``, with spread ``sigma``). ``worth``: the hands' worths
    when already worked out."""
    n = game.table.players
    order = _bidding_order(game)
    log = 0.0
    for seat in seats:
        bid = game.bids[seat]
        if bid < 0:
            continue
        expected, _sure = worth[seat] if worth and seat in worth else _bid_worth(game, seat)
        prior = [] if sealed else [game.bids[s] for s in order[: order.index(seat)]]
        diff = bid - bias - shifted_worth(expected, prior, game.hand_size, n)
        log -= diff * diff / (2 * sigma * sigma)
    return math.exp(log)


def play_likelihood(game: Game, observer: int, view: PlayerView, mismatch: float) -> float:
    """How well the other players' cards played so far fit their hands in this world: each
    card the rule-based policy would not have played from that hand multiplies the weight
    by ``mismatch`` (a player who needs tricks and plays low probably could not win; one
    who ducks probably holds no safe loser)."""
    t = game.table
    n = t.players
    trump = game.trump_suit
    strength = t.strength
    must_trump = t.must_trump
    scoring = game.rules.scoring
    hands = list(game.dealt)
    remaining = t.deck_mask
    if game.trump_card is not None:
        remaining &= ~(1 << game.trump_card)
    won = [0] * n
    bids = game.bids
    weight = 1.0
    sequences: list[tuple[int, Sequence[int], int]] = [
        (trick.leader, trick.cards, trick.winner) for trick in view.tricks
    ]
    if view.trick:
        sequences.append((view.leader, [c for _, c in view.trick], -1))
    for leader, played, winner in sequences:
        for i, card in enumerate(played):
            seat = (leader + i) % n
            hand = hands[seat]
            if seat != observer:
                legal = legal_card_mask(hand, played[:i], trump, must_trump)
                if legal & (legal - 1):
                    chosen, _why = choose_card(
                        hand,
                        legal,
                        played[:i],
                        n,
                        trump,
                        strength,
                        trick_need(bids[seat], won[seat], hand.bit_count(), scoring),
                        remaining & ~hand,
                        keen_after(seat, i, n, bids, won),
                    )
                    if chosen != card:
                        weight *= mismatch
            hands[seat] = hand & ~(1 << card)
            remaining &= ~(1 << card)
        if winner >= 0:
            won[winner] += 1
    return weight


def unplayed_cards(game: Game) -> int:
    """The cards of the deck neither played nor turned up in this world: the hands and the
    stock (less a player's own hand, what that player has not seen)."""
    played = 0
    for dealt, held in zip(game.dealt, game.hands, strict=True):
        played |= dealt & ~held
    mask = game.table.deck_mask & ~played
    if game.trump_card is not None:
        mask &= ~(1 << game.trump_card)
    return mask


def policy_bids(game: Game, worth: dict[int, tuple[float, int]]) -> None:
    """Let every player still to bid bid by the rule-based model."""
    while game.phase is Phase.BID:
        game.push(policy_action(game, worth))


def policy_playout(
    game: Game,
    noise: float = 0.0,
    rng: random.Random | None = None,
    steady: int = -1,
    worth: dict[int, tuple[float, int]] | None = None,
) -> None:
    """Finish the round with every player following the rule-based policy to its bid (the
    bids still to make from ``worth``, the hands' worths when already known).

    With ``noise`` > 0, every player but ``steady`` plays a random legal card that often
    (the others do not play exactly as our model says)."""
    if game.phase is Phase.BID:
        policy_bids(game, worth or {})
    if game.phase is not Phase.PLAY:
        return
    t = game.table
    n = t.players
    strength = t.strength
    trump = game.trump_suit
    bids = game.bids
    won = game.won
    scoring = game.rules.scoring
    noisy = rng if noise and rng is not None else None
    # Cards nobody has seen: in the hands or in the stock (not played, not turned up).
    stock = unplayed_cards(game)
    after = seats_after(n)

    def needing() -> int:
        """The seats that still need tricks, as a mask."""
        return sum(1 << other for other in range(n) if bids[other] > won[other])

    # Worked out again at each lead, when the tricks won have changed.
    keen = needing()

    def choose(seat: int, hand: int, legal: int, trick: list[Card]) -> int:
        nonlocal stock, keen
        if not trick:
            keen = needing()
        if noisy is not None and seat != steady and noisy.random() < noise:
            options = cards_of(legal)
            card: int = options[noisy.randrange(len(options))]
        else:
            card, _why = choose_card(
                hand,
                legal,
                trick,
                n,
                trump,
                strength,
                trick_need(bids[seat], won[seat], hand.bit_count(), scoring),
                stock & ~hand,
                bool(keen & after[seat][len(trick)]) if trick else None,
            )
        stock &= ~(1 << card)
        return card

    game.guided_playout(choose)


def solve_exact(
    game: Game, memo: dict[tuple[object, ...], tuple[int, ...]] | None = None
) -> tuple[int, ...]:
    """The round's points when every player plays perfectly for its own score in this world
    (max^n search over the last few tricks). With ``memo``, positions already solved (in
    this world or another with the same cards) are looked up instead of solved again."""
    if game.phase is not Phase.PLAY:
        return game.results[-1].points
    key: tuple[object, ...] | None = None
    if memo is not None:
        key = (
            game.leader,
            tuple(game.hands),
            tuple(game.trick),
            tuple(game.won),
            tuple(game.bids),
        )
        known = memo.get(key)
        if known is not None:
            return known
    seat = game.turn
    best: tuple[int, ...] | None = None
    mask = game.legal_mask()
    while mask:
        low = mask & -mask
        mask ^= low
        child = game.copy()
        child.push(low.bit_length() - 1)
        value = solve_exact(child, memo)
        if best is None or value[seat] > best[seat]:
            best = value
    assert best is not None
    if key is not None and memo is not None:
        memo[key] = best
    return best


def exact_is_cheap(game: Game, leaves: int = EXACT_LEAVES) -> bool:
    """Whether solving the rest of the round exactly visits at most about ``leaves`` ends."""
    left = max(h.bit_count() for h in game.hands)
    return bool(math.factorial(left) ** game.table.players <= leaves)


# -- the value of an outcome ------------------------------------------------------------------


def _points_spread(scoring: Scoring, size: int) -> int:
    """The highest less the lowest points one player can score in a round of ``size``
    tricks (its own bid and tricks; without the pool)."""
    made = [scoring.made_base + scoring.made_per_trick * won for won in range(size + 1)]
    missed = [
        scoring.missed_per_trick * won - scoring.missed_per_diff * abs(won - bid)
        for bid in range(size + 1)
        for won in range(size + 1)
        if won != bid
    ]
    return max(made + missed) - min(made + missed)


class Valuer:
    """The value to ``seat`` of a finished round: its points, and near the end of a game its
    chance to finish first (so that a player far behind takes risks, a leader plays safe).

    With ``rivalry`` > 0, before the last rounds, the others' mean points count against
    ours that much (a game is won by finishing ahead: setting an opponent is worth something
    even when it does not change our own score)."""

    def __init__(self, view: PlayerView, rivalry: float = 0.0) -> None:
        self.seat = view.seat
        self.rivalry = rivalry
        self.others = view.players - 1
        self.totals = view.totals
        remaining = view.rounds - view.round_index - 1
        scoring = view.rules.scoring
        size = max(1, view.hand_size)
        #: What a round is worth, the unit of the tree's rewards (they are divided by it) and
        #: of the lead near the end: a made bid of the whole hand; for a table that pays
        #: nothing (or less) for a made bid, the spread of a player's points in a round.
        self.scale = float(scoring.made_base + scoring.made_per_trick * size)
        if self.scale <= 0:
            self.scale = float(max(1, _points_spread(scoring, size)))
        self.aware = view.rounds > 1 and remaining <= 1
        self.spread = self.scale * math.sqrt(remaining) if remaining else 0.0

    def value(self, points: Sequence[int]) -> float:
        mine = points[self.seat]
        if not self.aware:
            if self.rivalry and self.others:
                theirs = sum(points) - mine
                return mine - self.rivalry * theirs / self.others
            return float(mine)
        finals = [t + p for t, p in zip(self.totals, points, strict=True)]
        me = finals[self.seat]
        lead = me - max(f for s, f in enumerate(finals) if s != self.seat)
        if self.spread:
            chance = 0.5 * (1.0 + math.erf(lead / (self.spread * math.sqrt(2))))
        else:
            chance = 1.0 if lead > 0 else 0.5 if lead == 0 else 0.0
        return mine + 2.0 * self.scale * chance


# -- the tree over the player's own later decisions -------------------------------------------


class _Node:
    """A node of the search tree: the public history since the decision (bids and cards are
    public, so one history is one information set of the searching player). ``reward`` sums
    the value, to the player who chose the action leading here, of every visit."""

    __slots__ = ("avail", "children", "reward", "visits")

    def __init__(self) -> None:
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.avail = 0


def _select(
    node: _Node, actions: Sequence[int], c: float, rng: random.Random
) -> tuple[int, _Node, bool]:
    """The action to take at ``node`` by UCB over the actions legal in this world (counting
    each as available), or an untried one at random: (action, its child, whether new)."""
    children = node.children
    untried = []
    for a in actions:
        child = children.get(a)
        if child is None:
            untried.append(a)
        else:
            child.avail += 1
    if untried:
        action = untried[rng.randrange(len(untried))]
        child = children[action] = _Node()
        child.avail = 1
        return action, child, True
    best = -math.inf
    action = actions[0]
    for a in actions:
        child = children[a]
        score = child.reward / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
        if score > best:
            best, action = score, a
    return action, children[action], False


def policy_action(game: Game, worth: dict[int, tuple[float, int]] | None = None) -> int:
    """The rule-based policy's action for the player to move in this world."""
    seat = game.turn
    t = game.table
    if game.phase is Phase.BID:
        expected, sure = worth[seat] if worth and seat in worth else _bid_worth(game, seat)
        prior = [] if t.sealed else [b for b in game.bids if b >= 0]
        return choose_bid(expected, sure, game.legal_bids(), game.hand_size, prior, t.players)
    card, _why = choose_card(
        game.hands[seat],
        game.legal_mask(),
        game.trick,
        t.players,
        game.trump_suit,
        t.strength,
        trick_need(
            game.bids[seat], game.won[seat], game.hands[seat].bit_count(), game.rules.scoring
        ),
        unplayed_cards(game) & ~game.hands[seat],
        keen_after(seat, len(game.trick), t.players, game.bids, game.won),
    )
    return card


# -- the bot -----------------------------------------------------------------------------------


class _Spend(NamedTuple):
    """What one decision may spend, for either evaluation: playouts, simulated card plays
    (``None``: no cap) and a deadline, with the work of one playout in card plays, and the
    most worlds the tree draws."""

    iterations: int
    max_plays: int | None
    plays: int
    deadline: float | None
    worlds: int


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
        bid_iterations: int | None = None,
        bid_max_plays: int | None = None,
        prune_z: float = 0.0,
        prune_after: int = 32,
    ) -> None:
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.max_plays = max_plays
        self.weight_bids = weight_bids
        self.exact = exact
        self.exact_leaves = exact_leaves
        self.bid_iterations = bid_iterations if bid_iterations is not None else iterations
        self.bid_max_plays = bid_max_plays if bid_max_plays is not None else max_plays
        self.prune_z = prune_z
        self.bid_sigma = BID_SIGMA
        self.bid_bias = 0.0
        self.play_mismatch = 1.0
        #: How much the others' mean points count against ours (an experiment, see
        #: :class:`Valuer`; measured too small to adopt).
        self.rivalry = 0.0
        self.playout_noise = 0.0
        self.prune_after = prune_after
        #: Search a tree over the player's own later decisions (information-set Monte Carlo
        #: tree search) instead of one move deep.
        self.tree = False
        #: How the others move inside the tree: 0, by the rule-based policy; 1, each
        #: maximizing its own value by the same bandit as ours.
        self.tree_opponents = 0
        self.uct_c = 0.5
        self.world_pool = 256
        #: Hands longer than this get proportionally fewer simulated plays and worlds: a card
        #: play costs more with more cards in the hands, so a decision then costs about what
        #: it does at this size (``None``: the budget whatever the hand).
        self.long_hand: int | None = None
        self.last_alive: list[int] = []
        self.last_samples: tuple[dict[int, list[float]], list[float]] = ({}, [])
        self.last_values: dict[int, float] = {}
        #: Our mean points after each action (``last_values`` adds, near the end of a
        #: game, the chance to finish first): what the hint says a move scores.
        self.last_points: dict[int, float] = {}
        self.last_worlds = 0
        self.last_iterations = 0
        self.last_visits: dict[int, int] = {}
        self.last_depth = 0

    def choose(self, view: PlayerView, budget: Budget | None = None) -> int:
        # (no reason: see RulesBot.choose)
        return self._decide(view, budget, explain=False)[0]

    def hint(self, view: PlayerView, budget: Budget | None = None) -> Hint:
        action, reason = self._decide(view, budget, explain=True)
        return Hint(action, reason)

    # -- decisions -------------------------------------------------------------------------

    def _decide(self, view: PlayerView, budget: Budget | None, *, explain: bool) -> tuple[int, str]:
        """The action, and its reason when ``explain`` (else ``""``)."""
        legal = legal_actions_of(view, budget)
        if len(legal) == 1:
            self.last_values = {}
            return legal[0], RulesBot().decide(view)[1] if explain else ""
        bidding = view.phase is Phase.BID
        iterations = self.bid_iterations if bidding else self.iterations
        max_plays = self.bid_max_plays if bidding else self.max_plays
        seconds = self.seconds
        if budget is not None:
            if budget.iterations is not None:
                iterations = budget.iterations
                max_plays = self.max_plays
            seconds = budget.seconds if budget.seconds is not None else seconds
        deadline = time.perf_counter() + seconds if seconds is not None else None
        # The work of one playout, in card plays (bounds long hands).
        plays = view.players * max(1, view.hand_size - len(view.tricks)) + view.players
        worlds = self.world_pool
        if self.long_hand is not None and view.hand_size > self.long_hand:
            share = self.long_hand / view.hand_size
            worlds = max(4, int(worlds * share))
            if max_plays is not None:
                max_plays = int(max_plays * share)
        spend = _Spend(iterations, max_plays, plays, deadline, worlds)
        values = (self._tree_search if self.tree else self._evaluate)(view, legal, spend)
        self.last_values = values
        best = max(self.last_alive, key=lambda a: (values[a], -legal.index(a)))
        return best, self._reason(view, best, values) if explain else ""

    def _worlds(self, view: PlayerView) -> tuple[Game, float, dict[int, tuple[float, int]]]:
        """One world consistent with the view, its weight from the bids and, at the
        bidding, what every hand is worth to the model (worked out once per world: the
        weight, the sealed bids and the others' bids in the playouts all use it)."""
        game = sample_game(view, self.rng)
        n = view.players
        sealed = view.rules.bidding.value == "simultaneous"
        bidding = view.phase is Phase.BID
        worth = {s: _bid_worth(game, s) for s in range(n)} if bidding else {}
        if sealed and bidding:
            # Sealed bids made before ours: fill them by the model from each one's hand.
            total = 0
            for seat in range(n):
                if seat != view.seat and game.bids[seat] >= 0:
                    expected, sure = worth[seat]
                    game.bids[seat] = choose_bid(
                        expected, sure, range(view.hand_size + 1), view.hand_size, [], n
                    )
                total += max(game.bids[seat], 0)
            game.bid_total = total
            return game, 1.0, worth
        if not self.weight_bids:
            return game, 1.0, worth
        others = [s for s in range(n) if s != view.seat and view.bids[s] is not None]
        weight = bid_likelihood(game, others, sealed, self.bid_sigma, self.bid_bias, worth)
        played = bool(view.tricks or view.trick)
        if self.play_mismatch < 1.0 and view.hand is not None and played:
            weight *= play_likelihood(game, view.seat, view, self.play_mismatch)
        return game, weight, worth

    def _evaluate(self, view: PlayerView, legal: Sequence[int], spend: _Spend) -> dict[int, float]:
        """Weighted mean value of each action over common worlds (every candidate is tried in
        the same worlds, so that their differences are measured with little noise). The
        budget is spent by rounds: a candidate clearly behind the best (its paired
        difference beyond ``self.prune_z`` standard errors) stops being simulated, and the
        worlds it would have used go to the close ones."""
        iterations, max_plays, plays, deadline, _pool = spend
        valuer = Valuer(view, self.rivalry)
        alive = list(legal)
        samples: dict[int, list[float]] = {a: [] for a in legal}
        own: dict[int, list[int]] = {a: [] for a in legal}  # our points alone, for the hint
        weights: list[float] = []
        bidding = view.phase is Phase.BID
        spent_playouts = 0
        spent_plays = 0
        done = 0
        floor = 4 * len(legal)  # at least four worlds for every candidate
        while True:
            if done >= 4 and len(alive) > 0:
                if spent_playouts + len(alive) > max(iterations, floor):
                    break
                if max_plays is not None and spent_plays + len(alive) * plays > max(
                    max_plays, floor * plays
                ):
                    break
                if len(alive) == 1:
                    break
            world, weight, worth = self._worlds(view)
            if weight <= 1e-12:
                weight = 1e-12
            exact = (
                self.exact
                and not bidding
                and world.phase is Phase.PLAY
                and exact_is_cheap(world, self.exact_leaves)
            )
            for action in alive:
                game = world.copy()
                game.push(action)
                if exact:
                    points = solve_exact(game)
                else:
                    policy_playout(game, self.playout_noise, self.rng, view.seat, worth)
                    points = game.results[-1].points
                samples[action].append(valuer.value(points))
                own[action].append(points[view.seat])
            weights.append(weight)
            spent_playouts += len(alive)
            spent_plays += len(alive) * plays
            done += 1
            if deadline is not None and done >= 4 and time.perf_counter() > deadline:
                break
            if self.prune_z and done >= self.prune_after and done % 8 == 0 and len(alive) > 1:
                alive = self._prune(alive, samples, weights)
        self.last_worlds = done
        self.last_alive = alive
        self.last_samples = (samples, weights)
        out = {}
        self.last_points = {}
        for a in legal:
            values = samples[a]
            w = weights[: len(values)]
            total = sum(w)
            out[a] = sum(x * y for x, y in zip(values, w, strict=True)) / total
            self.last_points[a] = sum(x * y for x, y in zip(own[a], w, strict=True)) / total
        return out

    def _tree_search(
        self, view: PlayerView, legal: Sequence[int], spend: _Spend
    ) -> dict[int, float]:
        """Information-set Monte Carlo tree search (single observer): every iteration draws
        a world from a pool weighted by the bids, walks down the tree of public histories —
        our moves chosen by UCB over their mean value, the others' by the rule-based policy
        (or by their own UCB) — adds one node, and finishes the round by a policy playout
        (or exactly when that is cheap). Our later decisions are searched too, so a move is
        valued by how we would go on, not by the policy's continuation. With
        ``playout_noise``, the others play a random card that often, in the tree and in the
        playouts (an experiment: a search that does not trust our model of them)."""
        iterations, max_plays, plays, deadline, worlds = spend
        valuer = Valuer(view, self.rivalry)
        me = view.seat
        rng = self.rng
        scale = valuer.scale
        budget = max(iterations, 4 * len(legal))
        play_budget = max(max_plays, 4 * len(legal) * plays) if max_plays is not None else None
        pool: list[Game] = []
        worths: list[dict[int, tuple[float, int]]] = []
        cumulative: list[float] = []
        total = 0.0
        for _world in range(max(4, min(worlds, budget // 2))):
            world, weight, worth = self._worlds(view)
            pool.append(world)
            worths.append(worth)
            total += max(weight, 1e-12)
            cumulative.append(total)
        root = _Node()
        c = self.uct_c
        ucb_others = bool(self.tree_opponents)
        noise = self.playout_noise
        spent = 0
        done = 0
        depth = 0
        solved: dict[tuple[object, ...], tuple[int, ...]] = {}  # endgames met again
        own: dict[int, float] = {}  # our points alone after each first move, for the hint
        drawn: set[int] = set()  # the worlds of the pool played: what the hint counts
        while done < budget:
            if play_budget is not None and spent + plays > play_budget and done >= 4:
                break
            if deadline is not None and done >= 4 and time.perf_counter() > deadline:
                break
            k = min(bisect.bisect_left(cumulative, rng.random() * total), len(pool) - 1)
            drawn.add(k)
            game = pool[k].copy()
            worth = worths[k]
            node = root
            path: list[tuple[_Node, int]] = []
            first: int | None = None
            while game.phase is Phase.BID or game.phase is Phase.PLAY:
                seat = game.turn
                if seat == me or ucb_others:
                    action, child, new = _select(node, game.legal_actions(), c, rng)
                else:
                    if noise and game.phase is Phase.PLAY and rng.random() < noise:
                        options = game.legal_actions()
                        action = options[rng.randrange(len(options))]
                    else:
                        action = policy_action(game, worth)
                    found = node.children.get(action)
                    new = found is None
                    child = node.children[action] = found or _Node()
                game.push(action)
                if first is None:
                    first = action
                path.append((child, seat))
                node = child
                if new:
                    break  # one node added per iteration: the rest is a playout
            if game.phase is Phase.BID or game.phase is Phase.PLAY:
                if (
                    self.exact
                    and game.phase is Phase.PLAY
                    and exact_is_cheap(game, self.exact_leaves)
                ):
                    points = solve_exact(game, solved)
                else:
                    policy_playout(game, noise, rng, me, worth)
                    points = game.results[-1].points
            else:
                points = game.results[-1].points
            depth = max(depth, len(path))
            if first is not None:
                own[first] = own.get(first, 0.0) + points[me]
            mine = valuer.value(points) / scale
            for child, seat in path:
                child.visits += 1
                child.reward += mine if seat == me else points[seat] / scale
            spent += plays
            done += 1
        self.last_worlds = len(drawn)
        self.last_iterations = done
        self.last_depth = depth
        self.last_alive = [a for a in legal if a in root.children]
        self.last_samples = ({}, [])
        out = {}
        self.last_points = {}
        for a in legal:
            tried = root.children.get(a)
            out[a] = tried.reward / tried.visits * scale if tried and tried.visits else -math.inf
            if tried and tried.visits:
                self.last_points[a] = own.get(a, 0.0) / tried.visits
        self.last_visits = {a: child.visits for a, child in root.children.items()}
        # The move most visited is the one chosen (``_decide`` picks among ``last_alive``).
        most = max(self.last_alive, key=lambda a: (root.children[a].visits, out[a]))
        self.last_alive = [most]
        return out

    def _prune(
        self, alive: list[int], samples: dict[int, list[float]], weights: list[float]
    ) -> list[int]:
        """The candidates not clearly worse than the best (paired over the same worlds)."""
        total = sum(weights)
        square = sum(w * w for w in weights)
        effective = total * total / square if square else 0.0
        if effective < 4:
            return alive
        means = {
            a: sum(x * w for x, w in zip(samples[a], weights, strict=True)) / total for a in alive
        }
        best = max(alive, key=lambda a: means[a])
        keep = []
        for a in alive:
            if a == best:
                keep.append(a)
                continue
            gap = means[best] - means[a]
            var = (
                sum(
                    w * (x - y - gap) ** 2
                    for x, y, w in zip(samples[best], samples[a], weights, strict=True)
                )
                / total
            )
            if gap <= self.prune_z * math.sqrt(var / effective) + 1e-9:
                keep.append(a)
        return keep

    def _reason(self, view: PlayerView, best: int, values: dict[int, float]) -> str:
        """The hint's line: what the move scores on average over the deals searched. Near
        the end of a game the move is chosen counting the chance to finish first as well, so
        the line says that rather than a margin of points it was not chosen by."""
        others = [v for a, v in values.items() if a != best and math.isfinite(v)]
        margin = values[best] - max(others) if others else 0.0
        points = decimal(self.last_points.get(best, values[best]))
        bidding = view.phase is Phase.BID
        if bidding:
            move = _("bid {bid}").format(bid=best)
        else:
            card = view.legal_actions[view.legal_actions.index(best)]
            move = card.display() if hasattr(card, "display") else str(card)
        worlds = self.last_worlds  # (one at times: a deal fully known, or a tight deadline)
        if Valuer(view).aware:
            return ngettext(
                "{move}: over {worlds} likely deal it scores {value} on average; chosen "
                "counting the chance to finish first too",
                "{move}: over {worlds} likely deals it scores {value} on average; chosen "
                "counting the chance to finish first too",
                worlds,
            ).format(move=move, worlds=worlds, value=points)
        if others and margin < 0 and decimal(-margin) != decimal(0.0):
            # The tree plays its most visited move, whose mean may trail one tried on fewer
            # deals: "-0.7 more than" would say the move is worse than another.
            return ngettext(
                "{move}: over {worlds} likely deal it scores {value} on average; the search "
                "came back to it most often",
                "{move}: over {worlds} likely deals it scores {value} on average; the search "
                "came back to it most often",
                worlds,
            ).format(move=move, worlds=worlds, value=points)
        if others and decimal(abs(margin)) == decimal(0.0):  # (as shown: "0.0 more" says nothing)
            if bidding:
                return ngettext(
                    "bid {bid}: over {worlds} likely deal it scores {value} on average, "
                    "as much as another bid",
                    "bid {bid}: over {worlds} likely deals it scores {value} on average, "
                    "as much as another bid",
                    worlds,
                ).format(bid=best, worlds=worlds, value=points)
            return ngettext(
                "{card}: over {worlds} likely deal it scores {value} on average, as much as "
                "another card",
                "{card}: over {worlds} likely deals it scores {value} on average, as much as "
                "another card",
                worlds,
            ).format(card=move, worlds=worlds, value=points)
        if bidding:
            return ngettext(
                "bid {bid}: over {worlds} likely deal it scores {value} on average, "
                "{margin} more than any other bid",
                "bid {bid}: over {worlds} likely deals it scores {value} on average, "
                "{margin} more than any other bid",
                worlds,
            ).format(bid=best, worlds=worlds, value=points, margin=decimal(margin))
        return ngettext(
            "{card}: over {worlds} likely deal it scores {value} on average, "
            "{margin} more than the next best card",
            "{card}: over {worlds} likely deals it scores {value} on average, "
            "{margin} more than the next best card",
            worlds,
        ).format(card=move, worlds=worlds, value=points, margin=decimal(margin))
