"""Deal the cards a player cannot see, consistently with everything that player knows.

Search bots play many possible worlds ("determinizations") of one view. A world must agree
with the view: the player's own cards (or, in a blind round, everyone else's), the cards
played, the turned card, how many cards each player still holds, and the suits each player
has shown to be out of. The unseen cards are drawn from **all** unseen cards, the stock
included (a sampler that only reshuffles the opponents' cards leaks which cards stayed in
the stock).

Uniform over the consistent deals: we shuffle the unseen cards and deal them, retrying when
a known void is broken. When voids make that unlikely (after 24 tries, or at once when the
chance of a good shuffle is estimated too low to be worth a try), a constructive deal gives
the cards one by one, each to a player drawn by the cards it still needs among those that
may hold it and leave the rest dealable (close to uniform, never stuck).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from .cards import SUIT_MASKS, Card, mask_of
from .engine import SUIT_OF, Game, Phase, require_rng, seeded
from .view import PlayerView

_SHUFFLE_TRIES = 24
#: Below this estimated chance that one shuffle keeps every void, no shuffle is tried: one
#: try costs about a thirtieth of the constructive deal (18 µs against 570 µs at ten
#: players), so a try pays only when its chance of success is above that.
_HOPELESS_SHUFFLE = 0.03


def hidden_seats(view: PlayerView) -> list[int]:
    """The seats whose cards this view does not show."""
    if view.hand is None:
        return [view.seat]
    return [s for s in range(view.players) if s != view.seat]


def hidden_deal(view: PlayerView) -> tuple[list[int], list[int], list[int], list[Card]]:
    """What a world must deal for ``view``: the hidden seats, how many cards each holds, the
    cards each may not hold (the suits it is out of, as a mask), and the unseen cards."""
    seats = hidden_seats(view)
    needs = [view.hand_counts[s] for s in seats]
    banned = []
    for s in seats:
        mask = 0
        for suit in view.voids[s]:
            mask |= SUIT_MASKS[suit]
        banned.append(mask)
    return seats, needs, banned, view.unseen_cards()


def _require_view_and_rng(view: object, rng: object, taker: str) -> None:
    """Refuse (``TypeError``, naming ``taker``) what is no player's view, or neither a
    generator nor an integer seed."""
    if not isinstance(view, PlayerView):
        raise TypeError(
            f"{taker} takes a player's view (game.view(seat)), not {type(view).__name__}"
        )
    require_rng(rng, taker, "shuffle")


def sample_hands(view: PlayerView, rng: random.Random | int) -> list[int]:
    """A bitmask per seat of the cards held now, in a world consistent with ``view``
    (``rng``: a generator, or an integer seed for one)."""
    _require_view_and_rng(view, rng, "sample_hands()")
    rng = seeded(rng)
    n = view.players
    hands = [0] * n
    if view.phase not in (Phase.BID, Phase.PLAY):
        return hands
    if view.hand is not None:
        hands[view.seat] = mask_of(view.hand)
    for seat, cards in view.visible_hands.items():
        hands[seat] = mask_of(cards)
    seats, needs, banned, pool = hidden_deal(view)
    total = sum(needs)
    if total > len(pool):
        raise ValueError("the view holds more hidden cards than there are unseen cards")
    constrained = any(banned)
    tries = 1
    if constrained:
        hopeless = _shuffle_chance(needs, banned, pool) < _HOPELESS_SHUFFLE
        tries = 0 if hopeless else _SHUFFLE_TRIES
    for _ in range(tries):
        rng.shuffle(pool)
        start = 0
        ok = True
        dealt = []
        for need, ban in zip(needs, banned, strict=True):
            mask = mask_of(pool[start : start + need])
            start += need
            if mask & ban:
                ok = False
                break
            dealt.append(mask)
        if ok:
            for s, mask in zip(seats, dealt, strict=True):
                hands[s] = mask
            return hands
    return _constructive(hands, seats, needs, banned, pool, rng)


def _shuffle_chance(needs: list[int], banned: list[int], pool: list[Card]) -> float:
    """About how likely one shuffle is to keep every void: the product, player by player,
    of the chance that none of its cards falls in its banned suits (each player's chance
    exact on its own; the players taken as independent)."""
    unseen = len(pool)
    pool_mask = mask_of(pool)
    chance = 1.0
    for need, ban in zip(needs, banned, strict=True):
        allowed = unseen - (pool_mask & ban).bit_count()
        for j in range(need):
            if allowed - j <= 0:
                return 0.0
            chance *= (allowed - j) / (unseen - j)
    return chance


def _constructive(
    hands: list[int],
    seats: list[int],
    needs: list[int],
    banned: list[int],
    pool: list[Card],
    rng: random.Random,
) -> list[int]:
    """Deal card by card, each to a player drawn in proportion to the cards it still needs
    (the stock taking the rest), but only where the cards left can still be dealt within
    every void (Hall's condition over the suits): never stuck when the view has a deal."""
    suits = len(SUIT_MASKS)
    accepts, left, counts = _takers(needs, banned, pool)
    if not _dealable(counts, accepts, left):
        raise ValueError("no deal of the unseen cards agrees with the voids of this view")
    # Hall's condition kept up to date card by card instead of checked afresh: for every
    # set of suits, the cards of those suits still to deal and the needs of the takers
    # that accept any of them. Giving a card to a taker lowers the needs of the sets it
    # accepts, and only those can break.
    sets = range(1 << suits)
    cards = [sum(counts[suit] for suit in range(suits) if m >> suit & 1) for m in sets]
    room = [sum(need for need, taken in zip(left, accepts, strict=True) if taken & m) for m in sets]
    touching = [[m for m in sets if taken & m] for taken in accepts]
    holding = [[m for m in sets if m >> suit & 1] for suit in range(suits)]
    dealt = [0] * len(left)
    order = list(pool)
    rng.shuffle(order)
    for card in order:
        suit = SUIT_OF[card]
        for m in holding[suit]:
            cards[m] -= 1
        takers = [i for i, need in enumerate(left) if need and accepts[i] >> suit & 1]
        while True:
            i = rng.choices(takers, weights=[left[t] for t in takers])[0]
            if all(cards[m] < room[m] for m in touching[i]):
                left[i] -= 1
                for m in touching[i]:
                    room[m] -= 1
                break
            takers.remove(i)  # some taker always remains: the deal was dealable
        dealt[i] |= 1 << card
    for seat, mask in zip(seats, dealt, strict=False):
        hands[seat] = mask
    return hands


def _takers(
    needs: list[int], banned: list[int], pool: list[Card]
) -> tuple[list[int], list[int], list[int]]:
    """The takers of the cards, the players then the stock: the suits each may take (a bit
    per suit) and how many cards each needs; and the cards of each suit in ``pool``."""
    suits = len(SUIT_MASKS)
    accepts = [
        sum(1 << suit for suit in range(suits) if not ban & SUIT_MASKS[suit]) for ban in banned
    ]
    accepts.append((1 << suits) - 1)
    left = [*needs, len(pool) - sum(needs)]
    counts = [0] * suits
    for card in pool:
        counts[SUIT_OF[card]] += 1
    return accepts, left, counts


def _dealable(counts: list[int], accepts: list[int], left: list[int]) -> bool:
    """Whether cards of these suit counts can fill exactly these needs, each taker taking
    only suits it accepts (Hall: every set of suits fits in the needs of those who take
    any of them; the needs add up to the cards)."""
    present = [suit for suit, count in enumerate(counts) if count]
    for subset in range(1, 1 << len(present)):
        mask = 0
        cards = 0
        for j, suit in enumerate(present):
            if subset >> j & 1:
                mask |= 1 << suit
                cards += counts[suit]
        if cards > sum(
            need for need, accepted in zip(left, accepts, strict=True) if accepted & mask
        ):
            return False
    return True


def sample_game(
    view: PlayerView,
    rng: random.Random | int,
    sealed_bid: Callable[[PlayerView, int, random.Random], int] | None = None,
) -> Game:
    """A full game state (a determinization) consistent with ``view``: same public history,
    the player's known cards, the hidden cards dealt by :func:`sample_hands` (``rng``: a
    generator, or an integer seed for one).

    Sealed bids the view does not show are filled by ``sealed_bid(view, seat, rng)`` (by
    default a uniformly random bid), since a world needs them to be played on.
    """
    _require_view_and_rng(view, rng, "sample_game()")
    rng = seeded(rng)
    game = Game.new(view.rules, list(view.names), first_dealer=view.first_dealer)
    game.round_index = view.round_index
    game.dealer = view.dealer
    game.hand_size = view.hand_size
    game.totals = list(view.totals)
    game.results = view.results
    game.phase = view.phase
    if view.phase not in (Phase.BID, Phase.PLAY):
        return game
    n = view.players
    hands = sample_hands(view, rng)
    played = [0] * n
    for trick in view.tricks:
        for seat, card in zip(trick.seats(n), trick.cards, strict=True):
            played[seat] |= 1 << card
    for seat, card in view.trick:
        played[seat] |= 1 << card
    game.hands = hands
    game.dealt = tuple(h | p for h, p in zip(hands, played, strict=True))
    game.trump_card = view.trump_card
    game.trump_suit = SUIT_OF[view.trump_card] if view.trump_card is not None else -1
    bids = []
    for seat, bid in enumerate(view.bids):
        if bid is None:
            made = _has_bid(view, seat)
            if made:
                bid = (
                    sealed_bid(view, seat, rng)
                    if sealed_bid is not None
                    else rng.randint(0, view.hand_size)
                )
            else:
                bid = -1
        bids.append(bid)
    game.bids = bids
    game.bid_count = sum(1 for b in bids if b >= 0)
    game.bid_total = sum(b for b in bids if b >= 0)
    game.won = list(view.won)
    game.leader = view.leader
    game.turn = view.turn if view.turn is not None else -1
    game.trick = [c for _, c in view.trick]
    game.tricks = list(view.tricks)
    voids = [0] * n
    for seat, suits in enumerate(view.voids):
        for suit in suits:
            voids[seat] |= 1 << suit
    game.voids = voids
    return game


def _has_bid(view: PlayerView, seat: int) -> bool:
    """Whether ``seat`` has bid already (its bid may be sealed)."""
    if view.phase is Phase.PLAY:
        return True
    n = view.players
    first = (view.dealer + 1) % n
    if view.turn is None:
        return False
    made = (view.turn - first) % n
    return (seat - first) % n < made
