"""The rule-based policy on bitmasks: how many tricks a hand is worth, which bid to make, which
card to play.

These functions take plain numbers (hands and card sets as bitmasks), so that the same policy
serves the ``rules`` bot (from a player's view) and the playouts of the ``search`` bot (inside
a sampled world, many thousand times per decision). A function here only ever gets what the
player it decides for may know: its own cards, the cards played, the turned card, the bids.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from enum import IntEnum
from functools import lru_cache
from itertools import pairwise

from ascenseur.core.cards import CARDS, COPY_OFFSET, SUIT_MASKS, Card, cards_of
from ascenseur.core.engine import SUIT_OF, Game, trick_winner
from ascenseur.core.rules import Rules, Scoring

#: A card this likely to win counts as a sure trick.
SURE_CHANCE = 0.85
_TRUMP_POWER = 1000
_LED_POWER = 500


class Why(IntEnum):
    """Why the policy chose a card (turned into a readable line by the bots)."""

    WIN_CHEAPLY = 0  # needs tricks, wins this one with the lowest card that surely wins
    WIN_HIGH = 1  # needs tricks, plays its highest winning card
    RUFF = 2  # needs tricks, cannot follow, trumps low
    CANNOT_WIN = 3  # needs tricks but cannot win this one: keeps its good cards
    DUCK = 4  # has enough: plays its most dangerous card that loses the trick
    FORCED_WIN = 5  # has enough but every card wins: gets rid of the highest
    FORCED_UNDER = 6  # has enough, may be overtaken: plays low and hopes
    LEAD_MASTER = 7  # needs tricks: leads a card nobody can beat in its suit
    LEAD_TRUMP = 8  # needs every trick: draws trumps with its best one
    LEAD_LOW = 9  # needs tricks later: leads low from a long suit, keeps its honours
    LEAD_SAFE = 10  # has enough: leads the card least likely to win
    TAKE_ALL = 11  # needs every remaining trick: plays its strongest card
    ONLY = 12  # a single legal card
    WIN_LAST = 13  # needs one trick, last to play: wins it with its highest winning card
    DRAW_TRUMPS = 14  # needs tricks (not all): holds the top trump and another, draws trumps
    FORCED_ALONE = 15  # has enough, every card wins, nobody after wants it: the highest goes
    LEAD_SHORT = 16  # needs tricks, holds trumps: leads a side card alone in its suit, to ruff


def power(card: int, led: int, trump: int, strength: Sequence[int]) -> int:
    """How strongly ``card`` plays in a trick whose led suit is ``led``; -1: it cannot win."""
    suit = SUIT_OF[card]
    if suit == trump:
        return _TRUMP_POWER + strength[card]
    if suit == led:
        return _LED_POWER + strength[card]
    return -1


#: For each strength table met, by identity: the table and, per card, the mask of the cards
#: of its suit that beat it (the engine has two tables, so this stays tiny).
_BEATERS: dict[int, tuple[Sequence[int], tuple[int, ...]]] = {}
#: The same for the masks of the cards of its suit that it beats.
_BEATEN_BY: dict[int, tuple[Sequence[int], tuple[int, ...]]] = {}
#: The same for the masks of the cards of its suit that do not lose to it (``None`` for a
#: table under which a higher bit may be a weaker card of its copy of the suit).
_NOT_BELOW: dict[int, tuple[Sequence[int], tuple[int, ...] | None]] = {}
#: Per suit: its mask (both copies), and the cards of its first and of its second copy.
_SUIT_COPIES: tuple[tuple[int, int, int], ...] = tuple(
    (
        mask,
        mask & ((1 << COPY_OFFSET) - 1),
        mask & ~((1 << COPY_OFFSET) - 1),
    )
    for mask in SUIT_MASKS
)
#: From this many cards on, :func:`_masters` goes suit by suit instead of card by card.
_MASTERS_BY_SUIT_FROM = 6


def _beaters(strength: Sequence[int]) -> tuple[int, ...]:
    """Per card, the cards of its suit that beat it under ``strength`` (worked out once per
    table: counting them is then one mask and one bit count, not a walk through the suit)."""
    known = _BEATERS.get(id(strength))
    if known is not None and known[0] is strength:
        return known[1]
    table = tuple(
        _suit_cards(card, strength, lambda other, own: other > own) for card in range(len(strength))
    )
    _BEATERS[id(strength)] = (strength, table)
    return table


def _not_below(strength: Sequence[int]) -> tuple[int, ...] | None:
    """Per card, the cards of its suit at least as strong under ``strength`` (the masters of
    a suit, when this card is the strongest still out), or ``None`` when, within one copy of
    a suit, a higher bit is not always a stronger card (the highest bit out would then not
    be the strongest)."""
    known = _NOT_BELOW.get(id(strength))
    if known is not None and known[0] is strength:
        return known[1]
    table: tuple[int, ...] | None = tuple(
        _suit_cards(card, strength, lambda other, own: other >= own)
        for card in range(len(strength))
    )
    for _suit, first, second in _SUIT_COPIES:
        for copy in (first, second):
            bits = [b for b in range(len(strength)) if copy >> b & 1]
            if any(strength[a] >= strength[b] for a, b in pairwise(bits)):
                table = None
    _NOT_BELOW[id(strength)] = (strength, table)
    return table


def _suit_cards(card: int, strength: Sequence[int], keep: Callable[[int, int], bool]) -> int:
    """The mask of the cards of ``card``'s suit whose strength ``keep``s against its own."""
    mask = 0
    own = strength[card]
    rest = SUIT_MASKS[SUIT_OF[card]] if card < len(SUIT_OF) else 0
    while rest:
        low = rest & -rest
        other = low.bit_length() - 1
        if other < len(strength) and keep(strength[other], own):
            mask |= low
        rest ^= low
    return mask


def higher_count(card: int, pool: int, strength: Sequence[int]) -> int:
    """How many cards of ``pool`` in the suit of ``card`` beat it."""
    return (pool & _beaters(strength)[card]).bit_count()


# -- the worth of a hand ----------------------------------------------------------------------


def card_chances(
    hand: int,
    unknown: int,
    players: int,
    size: int,
    trump: int,
    strength: Sequence[int],
) -> list[tuple[Card, float]]:
    """For each card of ``hand``, the chance it wins a trick, before any card is played.

    ``unknown`` holds every card this player has not seen (the others' hands and the stock).
    A card wins when no opponent holds a higher card of its suit, and (outside trump) when no
    opponent is out of the suit while holding a trump by the time it is played.
    """
    n_unknown = unknown.bit_count() or 1
    opponents = players - 1
    q = min(1.0, opponents * size / n_unknown)  # chance an unseen card sits in an opponent's hand
    trumps_unknown = (unknown & SUIT_MASKS[trump]).bit_count() if trump >= 0 else 0
    p_has_trump = 1.0 - (1.0 - trumps_unknown / n_unknown) ** size if trump >= 0 else 0.0
    short_side = False
    if trump >= 0:
        for s in range(4):
            if s != trump and (hand & SUIT_MASKS[s]).bit_count() <= 1 and size >= 3:
                short_side = True
    out = []
    beaters = _beaters(strength)
    for card in cards_of(hand):
        suit = SUIT_OF[card]
        higher = (unknown & beaters[card]).bit_count()
        p_top = (1.0 - q) ** higher
        if suit == trump:
            ruff = 0.3 if short_side else 0.1
            p = p_top + (1.0 - p_top) * ruff
        elif trump >= 0:
            # The card is played on the i-th round of its suit (our higher cards go first).
            order = 1 + (hand & beaters[card]).bit_count()
            in_suit = (unknown & SUIT_MASKS[suit]).bit_count()
            p_short = _short_chance(in_suit, size, n_unknown, order)
            p = p_top * (1.0 - p_short * p_has_trump) ** opponents
        else:
            p = p_top
        out.append((card, p))
    return out


@lru_cache(maxsize=4096)
def _short_chance(in_suit: int, size: int, n_unknown: int, order: int) -> float:
    """The chance (Poisson) that an opponent holds fewer than ``order`` cards of a suit of
    which ``in_suit`` of the ``n_unknown`` unseen cards are, in a hand of ``size``: short
    enough to trump the ``order``-th round of it. Cached: the worlds of a decision ask it
    again and again."""
    expected = in_suit * size / n_unknown
    return sum(math.exp(-expected) * expected**j / math.factorial(j) for j in range(order))


def one_card_chance(
    card: int,
    before: int,
    players: int,
    unknown: int,
    trump: int,
    strength: Sequence[int],
) -> float:
    """In a round of one card (not blind): the chance that ``card`` wins the trick, exact
    over the deals of the cards this player has not seen (``unknown``: the others' cards are
    ``players`` − 1 of them at random), played after ``before`` others (0: it leads).

    It wins when no other card played beats it (a higher card of its suit, or, outside
    trump, any trump); and, when it does not lead and is no trump, only when the card led is
    of its suit and lower (any other card led, it cannot follow and loses). A card equal to
    it (two decks, the first played wins) beats it when played before it, not after."""
    n = unknown.bit_count()
    others = players - 1
    if n < others or others < 1:
        return 1.0 if others < 1 else 0.0
    suit = SUIT_OF[card]
    same = unknown & SUIT_MASKS[suit]
    above = (same & _beaters(strength)[card]).bit_count()
    trumps = (unknown & SUIT_MASKS[trump]).bit_count() if 0 <= trump != suit else 0
    beat = above + trumps
    own = strength[card]
    equal = sum(1 for c in cards_of(same) if strength[c] == own)
    after = others - before
    if before == 0 or suit == trump:
        # (a trump wins from any seat when no higher trump is out among the others' cards,
        # and no equal one is played before it)
        return _none_drawn(beat + equal, n, before) * _none_drawn(beat, n - before, after)
    below = sum(1 for c in cards_of(same) if strength[c] < own)
    return (
        below
        / n
        * _none_drawn(beat + equal, n - 1, before - 1)
        * _none_drawn(beat, n - before, after)
    )


def _none_drawn(bad: int, pool: int, draws: int) -> float:
    """The chance that ``draws`` cards dealt at random from ``pool`` miss all ``bad`` ones."""
    chance = 1.0
    for i in range(draws):
        chance *= max(0, pool - bad - i) / (pool - i)
    return chance


def _beaten_by(strength: Sequence[int]) -> tuple[int, ...]:
    """Per card, the cards of its suit that it beats (strictly weaker under ``strength``)."""
    known = _BEATEN_BY.get(id(strength))
    if known is not None and known[0] is strength:
        return known[1]
    table = tuple(
        _suit_cards(card, strength, lambda other, own: other < own) for card in range(len(strength))
    )
    _BEATEN_BY[id(strength)] = (strength, table)
    return table


def blind_wins(
    seat: int,
    leader: int,
    cards: dict[int, int],
    pool: int,
    players: int,
    trump: int,
    strength: Sequence[int],
) -> int:
    """How many cards of ``pool`` would win the one-card trick for ``seat`` against the
    others' ``cards`` (seat → card), exact and by masks: the card must take the trick from
    the best card played before it (any card, when it leads) and no card played after it
    may beat it."""
    beaters = _beaters(strength)
    beaten_by = _beaten_by(strength)
    trump_mask = SUIT_MASKS[trump] if trump >= 0 else 0
    before: list[int] = []
    losers = 0  # the cards that one of the cards played after this seat's beats
    for i in range(players):
        other = (leader + i) % players
        if other == seat:
            continue
        card = cards[other]
        if (other - leader) % players < (seat - leader) % players:
            before.append(card)
        else:
            losers |= beaten_by[card]
            if SUIT_OF[card] == trump:
                losers |= ~trump_mask  # a trump after it beats every card but a trump
    if before:
        best = before[trick_winner(before, trump, strength)]
        pool &= beaters[best] | (trump_mask if SUIT_OF[best] != trump else 0)
    return (pool & ~losers).bit_count()


def blind_chance(
    seat: int,
    leader: int,
    visible: dict[int, int],
    unknown: int,
    players: int,
    trump: int,
    strength: Sequence[int],
    bids: dict[int, int] | None = None,
) -> float:
    """In a blind one-card round: the chance that this player's unseen card wins the trick,
    exact over the cards it may be (everyone else's card is in view).

    ``bids``: the bids made before this one (seat → bid). Those players saw this player's
    card; each bid is read as that player's chance, as it saw the table, of winning (a bid
    of 1 weights the cards this one may hold by that chance, a bid of 0 by the chance of
    losing), so a card that would have left them little chance is unlikely after they bid
    1. Without bids every card it may hold counts the same."""
    size = unknown.bit_count()
    if not size:
        return 0.0
    cards = {s: mask.bit_length() - 1 for s, mask in visible.items()}
    if not bids:
        return blind_wins(seat, leader, cards, unknown, players, trump, strength) / size
    total = won = 0.0
    for mine in cards_of(unknown):
        weight = 1.0
        for other, bid in bids.items():
            theirs = {s: c for s, c in cards.items() if s != other}
            theirs[seat] = mine
            pool = (unknown & ~(1 << mine)) | visible[other]
            p = blind_wins(other, leader, theirs, pool, players, trump, strength) / size
            weight *= max(BLIND_BID_FLOOR, p if bid else 1.0 - p)
        total += weight
        if blind_wins(seat, leader, cards, 1 << mine, players, trump, strength):
            won += weight
    return won / total


#: The least weight a bid gives a card in :func:`blind_chance`: players err (and beginners
#: bid without much thought), so no bid rules a card out.
BLIND_BID_FLOOR = 0.05


#: With a single suit (tarot trumps), how far a hand's worth is taken from an equal share of
#: the tricks, relative to the per-card estimate. Measured: hands the estimate rated 3 of 3
#: tricks took 2.2, those rated 0 took 0.3 (3 players), so about 0.65 of the spread matches
#: the tricks taken; but for the bids 0.35 did best: it beat bidding from all of the spread
#: by 3.8 points per game in enculette (4 players, 3,000 games), 0.65 by 3.2, 0.5 by 3.4,
#: 0.2 by 2.8, 0 (an equal share for every hand) by 0.8.
SINGLE_SUIT_SPREAD = 0.35

#: The same with suits (standard decks). Measured: the weakest quarter of the hands was
#: rated 0.3 trick above what it took, the strongest 0.2 below (prime, 3 × 3); bidding from
#: 1.25 times the spread beat the raw spread (rules against rules, same deals, 6,000 games)
#: by +0.45 ± 0.16 points per game in classique (1.1: +0.3, 1.3: +0.4), +1.4 ± 0.5 in prime
#: and +1.5 ± 0.8 in ascensor; 0.8 lost 2.8 in prime.
SUITS_SPREAD = 1.25

#: What a made bid is thought to bring from the pool, per other player (the pool is the
#: points the players who missed lost). Measured in classique, bids by the scoring against
#: the nearest whole number, 3,000 games: with 0, −1.5 points per game; 0.5, −0.2; 1.0, 0.0;
#: 1.5 to 4, +0.1 to +0.2 (± 0.2): a made bid is worth more than its own points.
POOL_PER_OTHER = 1.0


def shifted_worth(expected: float, prior_bids: Sequence[int], size: int, players: int) -> float:
    """The worth of a hand after the bids made before it: when the others already claim more
    tricks than the hand holds, marginal cards are worth less, and more when they claim
    fewer."""
    if not prior_bids:
        return expected
    still = players - len(prior_bids) - 1
    claimed = sum(prior_bids) + still * size / players
    # (never below no trick: at twenty players, eighteen bids of 1 before a hand worth
    # nothing took it to -0.21)
    return max(0.0, expected + 0.25 * (size - claimed - expected) / players)


def trick_chances(mean: float, variance: float, size: int) -> list[float]:
    """The chance of taking 0 … ``size`` tricks for a hand worth ``mean`` tricks with this
    variance (a normal, counted by whole tricks within 0 … ``size``)."""
    spread = math.sqrt(max(variance, 0.04))
    edges = [0.0]
    for k in range(size):
        edges.append(0.5 * (1.0 + math.erf((k + 0.5 - mean) / (spread * math.sqrt(2)))))
    edges.append(1.0)
    return [edges[k + 1] - edges[k] for k in range(size + 1)]


def bid_values(chances: Sequence[float], scoring: Scoring, players: int) -> list[float]:
    """The mean points of every bid 0 … size under ``scoring``, given the chance of each
    number of tricks (RULES.md §7: made, ``made_base + made_per_trick × bid`` plus the pool;
    missed, ``missed_per_trick × tricks − missed_per_diff × difference``)."""
    pool = POOL_PER_OTHER * (players - 1) if scoring.pool else 0.0
    values = []
    for bid in range(len(chances)):
        value = 0.0
        for tricks, chance in enumerate(chances):
            if tricks == bid:
                value += chance * (scoring.made_base + scoring.made_per_trick * bid + pool)
            else:
                missed = scoring.missed_per_trick * tricks
                value += chance * (missed - scoring.missed_per_diff * abs(tricks - bid))
        values.append(value)
    return values


def preferred_bid(
    expected: float, size: int, scoring: Scoring | None, variance: float, players: int
) -> int:
    """The bid a hand worth ``expected`` tricks would make with no rule in the way: the
    nearest whole number, or, given the scoring, the bid worth most on average (a scoring
    that pays much per trick bid, like ascensor's 5, leans to the higher of two close bids;
    one that pays tricks on a missed bid, like OpenSpiel's, to the likelier)."""
    if scoring is None:
        return nearest_bid(expected, size)
    values = bid_values(trick_chances(expected, variance, size), scoring, players)
    return max(range(size + 1), key=lambda b: (round(values[b], 9), -abs(b - expected)))


def nearest_bid(expected: float, size: int) -> int:
    """The whole number of tricks nearest to a hand's worth (halves rounded up)."""
    return min(size, max(0, math.floor(expected + 0.5)))


def legal_bid_near(target: int, expected: float, sure: int, legal: Sequence[int]) -> int:
    """``target`` if the rules allow it, else the nearest legal bid to the hand's worth
    ``expected`` that keeps its ``sure`` tricks."""
    if target in legal:
        return target
    keep = [b for b in legal if b >= min(sure, target)] or list(legal)
    return min(keep, key=lambda b: (abs(b - expected), b))


def choose_bid(
    expected: float,
    sure: int,
    legal: Sequence[int],
    size: int,
    prior_bids: Sequence[int],
    players: int,
    scoring: Scoring | None = None,
    variance: float = 0.0,
) -> int:
    """The bid for a hand worth ``expected`` tricks (``sure`` of them nearly certain, with
    this ``variance`` of the tricks it will take).

    What was bid before shifts the worth a little (:func:`shifted_worth`); given the
    ``scoring``, the bid is the one worth most on average (:func:`preferred_bid`). When the
    rules forbid the preferred bid, take the nearest legal one that keeps the sure tricks.
    """
    expected = shifted_worth(expected, prior_bids, size, players)
    target = preferred_bid(expected, size, scoring, variance, players)
    return legal_bid_near(target, expected, sure, legal)


def trick_variance(chances: Sequence[tuple[Card, float]], expected: float) -> float:
    """The variance of the tricks a hand takes, from its cards' chances calibrated to
    ``expected`` (each card wins or not; the sum of their variances)."""
    raw = sum(p for _, p in chances)
    if raw <= 0:
        return 0.0
    scale = expected / raw
    calibrated = (min(1.0, p * scale) for _, p in chances)
    return sum(q * (1.0 - q) for q in calibrated)


# -- the play of a card -------------------------------------------------------------------------


def trick_need(bid: int, won: int, left: int, scoring: Scoring) -> int:
    """How many more tricks the player should try to take: its bid less what it won; but once
    it has won more than its bid, every further trick is worth taking when the scoring pays
    for tricks won on a missed bid more than it charges for the difference (OpenSpiel's
    "1 per trick, +10 if exact"), so then it wants every remaining trick (``left``)."""
    need = bid - won
    if need < 0 and scoring.missed_per_trick > scoring.missed_per_diff:
        return left
    return need


def keen_after(
    seat: int, played: int, players: int, bids: Sequence[int | None], won: Sequence[int]
) -> bool | None:
    """Whether a player still to play in the trick ``seat`` plays to (after ``played``
    cards) needs tricks: one who has its tricks ducks under a card when it can, one who
    needs them may overtake. ``None`` when leading. A bid not made is ``None`` or negative."""
    if not played:
        return None
    for step in range(1, players - played):
        other = (seat + step) % players
        bid = bids[other]
        if bid is not None and bid > won[other]:
            return True
    return False


@lru_cache(maxsize=32)
def seats_after(players: int) -> tuple[tuple[int, ...], ...]:
    """``seats_after(n)[seat][played]``: the mask of the seats still to play in a trick
    after ``seat``, who plays to ``played`` cards (for :func:`keen_after` by masks, in the
    playouts)."""
    return tuple(
        tuple(
            sum(1 << (seat + step) % players for step in range(1, players - played))
            for played in range(players)
        )
        for seat in range(players)
    )


def choose_card(
    hand: int,
    legal: int,
    trick: Sequence[int],
    players: int,
    trump: int,
    strength: Sequence[int],
    need: int,
    unknown: int,
    keen_behind: bool | None = None,
) -> tuple[Card, Why]:
    """The card to play to make the bid exactly: take tricks while ``need`` > 0, duck once
    it is reached, dump dangerous cards, take everything when every trick is needed, and
    never lead a low trump without reason.

    ``unknown`` holds the cards that other players may still hold (neither played, nor
    turned up, nor in this hand). ``keen_behind``: whether a player still to play in this
    trick needs tricks (``None``: not known, or leading).
    """
    if legal & (legal - 1) == 0:
        return CARDS[legal.bit_length() - 1], Why.ONLY
    left = hand.bit_count()
    trump_mask = SUIT_MASKS[trump] if trump >= 0 else 0
    keep = 0
    if 0 < need < left:
        sure = _sure_masters(hand, trump_mask, strength, unknown)
        count = sure.bit_count()
        if count >= need:
            # The tricks still needed are in hand already (top trumps, or masters when no
            # trump is out): lose the others meanwhile, and never throw those away on a
            # void; with more of them than needed, the spare ones are the first to go, side
            # masters before the top trumps still needed (a side master is thrown away when
            # a trick is led in a suit it lacks; a top trump wins whatever is led).
            trumps = sure & trump_mask
            keep = sure if count == need else trumps if trumps.bit_count() <= need else 0
            need = 0
    if trick:
        return _follow(
            hand,
            legal,
            trick,
            players,
            trump,
            trump_mask,
            strength,
            need,
            left,
            unknown,
            keep,
            keen_behind,
        )
    return _lead(hand, legal, trump, trump_mask, strength, need, left, unknown)


def _masters(cards: int, unknown: int, strength: Sequence[int]) -> int:
    """The cards of ``cards`` that no card of ``unknown`` beats in their suit, as a mask
    (the playouts' innermost question: one mask test per card, no list; for many cards, per
    suit: those at least as strong as the strongest card of each copy of the suit still
    out, the highest bit of that copy)."""
    masters = 0
    not_below = _not_below(strength) if cards.bit_count() >= _MASTERS_BY_SUIT_FROM else None
    if not_below is not None:
        for suit, first, second in _SUIT_COPIES:
            mine = cards & suit
            if mine:
                out = unknown & first
                if out:
                    mine &= not_below[out.bit_length() - 1]
                out = unknown & second
                if out:
                    mine &= not_below[out.bit_length() - 1]
                masters |= mine
        return masters
    beaters = _beaters(strength)
    rest = cards
    while rest:
        low = rest & -rest
        if not unknown & beaters[low.bit_length() - 1]:
            masters |= low
        rest ^= low
    return masters


def _sure_masters(hand: int, trump_mask: int, strength: Sequence[int], unknown: int) -> int:
    """The cards of ``hand`` that will surely win a trick, as a mask: the top trumps, and,
    when nobody else may hold a trump, the masters of their suits. With two decks a card
    whose twin is out counts too, though the twin played first beats it: not counting it
    measured worse by about a point per game (README, "The rule-based player")."""
    if unknown & trump_mask:
        hand &= trump_mask  # a side master may still be trumped
    return _masters(hand, unknown, strength)


def sure_tricks(
    hand: int, trump: int, trump_mask: int, strength: Sequence[int], unknown: int
) -> int:
    """How many cards of ``hand`` will surely win a trick: the top trumps, and, when nobody
    else may hold a trump, the masters of their suits."""
    return _sure_masters(hand, trump_mask if trump >= 0 else 0, strength, unknown).bit_count()


def certain_tricks(hand: int, trump: int, strength: Sequence[int], unknown: int) -> int:
    """How many cards of ``hand`` win a trick whatever the others hold and play: those that
    no card out beats or equals in their suit (of two equal cards, the first played may
    win), each a trump or of the suit of every card out (then every trick is led in its
    suit or by this player). Fewer than :func:`sure_tricks` counts, whose side masters with
    no trump out are thrown away on a trick led in another suit. For the hints only."""
    count = 0
    for card in cards_of(hand):
        if not _unequalled(card, strength, unknown):
            continue
        if SUIT_OF[card] == trump or not unknown & ~SUIT_MASKS[SUIT_OF[card]]:
            count += 1
    return count


def leads_a_sure_trick(card: Card, trump: int, strength: Sequence[int], unknown: int) -> bool:
    """Whether ``card``, led, wins the trick whatever the others hold: no card out beats or
    equals it in its suit, and it is a trump or no trump is out. For the hints only."""
    if SUIT_OF[card] != trump and trump >= 0 and unknown & SUIT_MASKS[trump]:
        return False
    return _unequalled(card, strength, unknown)


def _unequalled(card: int, strength: Sequence[int], unknown: int) -> bool:
    """Whether no card of ``unknown`` in the suit of ``card`` is as strong or stronger (of
    two equal cards, the first played may win)."""
    own = strength[card]
    return not any(strength[c] >= own for c in cards_of(unknown & SUIT_MASKS[SUIT_OF[card]]))


def _follow(
    hand: int,
    legal: int,
    trick: Sequence[int],
    players: int,
    trump: int,
    trump_mask: int,
    strength: Sequence[int],
    need: int,
    left: int,
    unknown: int,
    keep: int = 0,
    keen_behind: bool | None = None,
) -> tuple[Card, Why]:
    led = SUIT_OF[trick[0]]
    best = -1
    for c in trick:
        p = power(c, led, trump, strength)
        if p > best:
            best = p
    after = players - len(trick) - 1
    winners = []
    losers = []
    # The legal cards, lowest first, and their power: cards_of and power written out, as
    # this loop runs at every card of every playout.
    rest = legal
    while rest:
        low = rest & -rest
        rest ^= low
        c = CARDS[low.bit_length() - 1]
        suit = SUIT_OF[c]
        if suit == trump:
            p = _TRUMP_POWER + strength[c]
        elif suit == led:
            p = _LED_POWER + strength[c]
        else:
            p = -1
        if p > best:
            winners.append((p, c))
        else:
            losers.append((strength[c], p, c))
    following = legal & SUIT_MASKS[led]  # (the cards that lose, ranked by strength alone)
    if need > 0:
        if winners:
            winners.sort()
            if after == 0:
                if need == 1:
                    # The last trick it needs, and any winner takes it: the highest goes, so
                    # that the cards kept are the likeliest to lose.
                    return winners[-1][1], Why.WIN_LAST
                return winners[0][1], Why.WIN_CHEAPLY
            if need >= left:
                return winners[-1][1], Why.TAKE_ALL
            # The cheapest winner no card still out plays above: none of its suit is
            # stronger, and for a card of the suit led, no trump is out.
            beaters = _beaters(strength)
            trumps_out = unknown & trump_mask
            for _p, c in winners:
                if not unknown & beaters[c] and (SUIT_OF[c] == trump or not trumps_out):
                    return c, Why.WIN_CHEAPLY
            if SUIT_OF[winners[0][1]] == trump and led != trump:
                return winners[0][1], Why.RUFF
            return winners[-1][1], Why.WIN_HIGH
        # Cannot win: throw the least useful card, keeping masters, trumps and the cards
        # that may win a trick later (fewest higher cards out, then the highest). Following
        # suit, that is the lowest.
        return _loser(losers, following, False, trump, strength, unknown), Why.CANNOT_WIN
    if losers:
        # Dump the most dangerous card that still loses: a master of another suit, a trump,
        # then the card with the fewest higher cards out (a nine nothing beats any more
        # before a king whose ace is out), the highest of those; following suit, that is
        # the highest. But not the sure tricks still needed (``keep``).
        if keep:
            spare = [t for t in losers if not keep >> t[2] & 1]
            if not spare:
                # Every card that loses here is a sure trick still needed (top trumps
                # following a higher one): one of them goes, the least, as when it cannot win.
                return _loser(losers, following, False, trump, strength, unknown), Why.CANNOT_WIN
            losers = spare
        return _loser(losers, following, True, trump, strength, unknown), Why.DUCK
    winners.sort()
    if after == 0:
        return winners[-1][1], Why.FORCED_WIN
    if keen_behind is False:
        # Nobody still to play wants a trick: they will duck under it if they can, so it is
        # likely ours whatever we play, and the highest goes (measured: +0.8 to +1.3 points
        # per game under ascensor, whose bid limit leaves a trick nobody bid for; level
        # elsewhere; README, "The rule-based player").
        return winners[-1][1], Why.FORCED_ALONE
    return winners[0][1], Why.FORCED_UNDER


def _loser(
    losers: Sequence[tuple[int, int, Card]],
    following: int,
    most: bool,
    trump: int,
    strength: Sequence[int],
    unknown: int,
) -> Card:
    """The most (or, not ``most``, the least) dangerous of the losing cards of
    :func:`_follow`: ``following`` suit (a nonzero mask), simply the highest (or lowest);
    else as :func:`_by_danger` ranks them."""
    if following:
        return (max(losers) if most else min(losers))[2]
    return _by_danger(losers, trump, strength, unknown, most)


def _by_danger(
    losers: Sequence[tuple[int, int, Card]],
    trump: int,
    strength: Sequence[int],
    unknown: int,
    most: bool,
) -> Card:
    """The most (or, not ``most``, the least) dangerous of the losing cards of
    :func:`_follow` (``(strength, power, card)``): the likelier a card is to win a trick
    later, the more dangerous, in the order of :func:`_lead`'s safe lead: a master (no card
    out beats it), a trump, then the fewer cards out that beat it, then the stronger (the
    cards of one suit in the order of their strength; across suits, a nine nothing beats any
    more before a king whose ace is still out)."""
    beaters = _beaters(strength)
    sign = 1 if most else -1
    found = losers[0][2]
    best: tuple[int, int, int] | None = None
    for own, _p, card in losers:
        higher = (unknown & beaters[card]).bit_count()
        key = (sign * (2 * (not higher) + (SUIT_OF[card] == trump)), sign * -higher, sign * own)
        if best is None or key > best:
            best, found = key, card
    return found


def _strongest(cards: int, strength: Sequence[int]) -> Card:
    """The strongest card of the mask ``cards`` (the lowest-numbered of equals)."""
    best = -1
    found = 0
    while cards:
        low = cards & -cards
        card = low.bit_length() - 1
        if strength[card] > best:
            best, found = strength[card], card
        cards ^= low
    return CARDS[found]


def _weakest(cards: int, strength: Sequence[int]) -> Card:
    """The weakest card of the mask ``cards`` (the lowest-numbered of equals)."""
    best = 1 << 30
    found = 0
    while cards:
        low = cards & -cards
        card = low.bit_length() - 1
        if strength[card] < best:
            best, found = strength[card], card
        cards ^= low
    return CARDS[found]


def _lead(
    hand: int,
    legal: int,
    trump: int,
    trump_mask: int,
    strength: Sequence[int],
    need: int,
    left: int,
    unknown: int,
) -> tuple[Card, Why]:
    if need > 0:
        masters = _masters(legal, unknown, strength)
        trump_masters = masters & trump_mask
        side_masters = masters & ~trump_mask
        trumps_out = bool(unknown & trump_mask)
        if need >= left:
            if trump_masters:
                return _strongest(trump_masters, strength), Why.LEAD_TRUMP
            if side_masters and not trumps_out:
                return _strongest(side_masters, strength), Why.LEAD_MASTER
            if legal & trump_mask:
                return _strongest(legal & trump_mask, strength), Why.TAKE_ALL
            return _strongest(legal, strength), Why.TAKE_ALL
        if side_masters:
            return _strongest(side_masters, strength), Why.LEAD_MASTER
        own_trumps = (hand & trump_mask).bit_count()
        if trump_masters and own_trumps >= 2 and trumps_out:
            return _strongest(trump_masters, strength), Why.DRAW_TRUMPS
        # Lead low from the longest side suit; trumps only when nothing else is left. But
        # holding a trump, the first side card alone in its suit (not a master, those went
        # above, so a higher card of its suit is out) is led now, that suit to be trumped
        # later (measured: +1.0 ± 0.45 points per game in prime at four players, +1.9 ± 1.0
        # at three; level elsewhere; README, "The rule-based player").
        can_ruff = bool(hand & trump_mask)
        best_suit = -1
        best_len = -1
        for s in range(5):
            if s == trump:
                continue
            cards = legal & SUIT_MASKS[s]
            length = cards.bit_count()
            if length == 1 and can_ruff:
                return CARDS[cards.bit_length() - 1], Why.LEAD_SHORT
            if length > best_len:
                best_len, best_suit = length, s
        if best_len > 0:
            return _weakest(legal & SUIT_MASKS[best_suit], strength), Why.LEAD_LOW
        return _weakest(legal, strength), Why.LEAD_LOW
    # Enough tricks: lead the card most likely to lose: one that a card still out beats, not
    # a trump, with many higher cards out; a master (nothing out beats it) only when every
    # card is one; so a low trump before a master of another suit.
    beaters = _beaters(strength)

    def risk(c: int) -> tuple[bool, bool, int, int]:
        higher = (unknown & beaters[c]).bit_count()
        return higher == 0, SUIT_OF[c] == trump, -higher, strength[c]

    return min(cards_of(legal), key=risk), Why.LEAD_SAFE


# -- calibration ---------------------------------------------------------------------------------


@lru_cache(maxsize=256)
def table_raw_total(
    deck: tuple[int, ...], players: int, size: int, turn_up: bool, strength: tuple[int, ...]
) -> float:
    """The mean, over random deals, of the sum of :func:`card_chances` over every hand.

    Every trick is won by someone, so the worths of all hands should add up to the hand
    size; the raw chances do not (they miss that a higher card held by an opponent is often
    spent on another trick in long hands, and overcount in short ones). Dividing by this
    total calibrates them, for any deck, number of players and hand size.
    """
    rng = random.Random(20_260_101)
    deck_mask = 0
    for c in deck:
        deck_mask |= 1 << c
    total = 0.0
    rounds = 120
    for _ in range(rounds):
        cards_dealt = rng.sample(deck, players * size + (1 if turn_up else 0))
        trump = SUIT_OF[cards_dealt[-1]] if turn_up else -1
        turned = (1 << cards_dealt[-1]) if turn_up else 0
        for p in range(players):
            hand = 0
            for c in cards_dealt[p * size : (p + 1) * size]:
                hand |= 1 << c
            unknown = deck_mask & ~hand & ~turned
            total += sum(x for _, x in card_chances(hand, unknown, players, size, trump, strength))
    return total / rounds


def calibrate_rounds(rules: Rules, players: int) -> int:
    """Work out now the calibration (:func:`table_raw_total`) of every round of a game of
    ``rules`` at ``players``: the first bid at each hand size (with or without a turned
    card) would otherwise pay for it, some 10 to 25 ms, which a tournament would count
    against whichever bot bid first. The rounds are dealt as the engine deals them (and
    played out at random, which is quick). Returns how many calibrations the game needs."""
    game = Game.new(rules, players)
    table = game.table
    strength = tuple(table.strength)
    rng = random.Random(0)
    needed: set[tuple[int, bool]] = set()
    while not game.is_over:
        game.deal(rng)
        size, turn_up = game.hand_size, game.trump_card is not None
        if (size, turn_up) not in needed:
            needed.add((size, turn_up))
            table_raw_total(table.deck, players, size, turn_up, strength)
        game.random_playout(rng)
    return len(needed)


@lru_cache(maxsize=16)
def _single_suit(deck: tuple[int, ...]) -> bool:
    """Whether every card of the deck is of one suit (tarot trumps)."""
    return bool(deck) and len({SUIT_OF[c] for c in deck}) == 1


def hand_expectation(
    hand: int,
    unknown: int,
    players: int,
    size: int,
    trump: int,
    strength: Sequence[int],
    deck: tuple[int, ...],
    turn_up: bool,
    before: int | None = None,
) -> tuple[float, int, list[tuple[Card, float]]]:
    """The calibrated number of tricks a hand should take, how many of its cards are nearly
    sure winners, and each card's (raw) chance. In a round of one card, given how many
    players play ``before`` this one in the trick, the chance is exact
    (:func:`one_card_chance`) and is the worth."""
    if size == 1 and before is not None and hand:
        card = CARDS[hand.bit_length() - 1]
        p = one_card_chance(card, before, players, unknown, trump, strength)
        return p, int(p >= SURE_CHANCE), [(card, p)]
    chances = card_chances(hand, unknown, players, size, trump, strength)
    raw = sum(p for _, p in chances)
    reference = table_raw_total(deck, players, size, turn_up, tuple(strength))
    scale = size / reference if reference > 0 else 1.0
    expected = min(float(size), raw * scale)
    # Calibrated in total, the per-card chances still spread the hands too far with a single
    # suit (a middle card often wins a trick the higher cards, spent elsewhere, leave to it)
    # and not far enough with suits (a weak hand rarely gets a trick it was counted for).
    share = size / players
    spread = SINGLE_SUIT_SPREAD if _single_suit(deck) else SUITS_SPREAD
    expected = min(float(size), max(0.0, share + spread * (expected - share)))
    sure = sum(1 for _, p in chances if p >= SURE_CHANCE)
    return expected, sure, chances
