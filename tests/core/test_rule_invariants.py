"""Property-based tests of the invariants RULES.md and RECORD.md state, over random rule sets.

Each property draws a preset, options on top of it, a number of players and a first dealer
(a combination ``Rules.validate`` refuses is skipped), and checks one family of sentences of
the specifications: the deck, the ladder, the dealer and the turned card; the order of
bidding and play, the bid limits, the points and totals; what a view and the events show
(§9), and that a view does not change with what its player cannot see; the score sheet;
the checks on replay; the refusals of §8; the deal sampler. The expectations are computed
here from the text, never with the engine's own helpers for them (``Rules.deck_cards``,
``hand_sizes``, ``round_plan``, ``largest_hand``, ``copies``, ``round_points``): those are
what is checked. ``test_random_games.py`` checks the legal actions, the trick winners and
the points at every step of random games.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ascenseur import (
    Card,
    Game,
    Phase,
    RecordError,
    RoundResult,
    Rules,
    RulesError,
    preset,
    replay,
    sample_game,
    score_sheet,
)
from ascenseur.core.cards import Suit, cards_of
from ascenseur.core.events import BidMade, BidsRevealed, CardPlayed
from ascenseur.core.record import game_to_record

from . import reading
from .reading import expected_points
from .strategies import PLAYERS, PRESETS, Table, tables

#: RULES.md §2: "within a rank ♣ ♦ ♥ ♠ of the first copy, then ♣ ♦ ♥ ♠ of the second".
STRIP_SUIT_ORDER = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
#: Every card of either deck, in either copy.
ALL_CARDS = [
    *(Card.make(s, r, c) for s in STRIP_SUIT_ORDER for r in range(2, 15) for c in (0, 1)),
    *(Card.make(Suit.TRUMPS, r, c) for r in range(1, 22) for c in (0, 1)),
]

# -- RULES.md read independently -------------------------------------------------------------------


def expected_deck(rules: Rules, players: int) -> list[Card]:
    """§2: 52 standard cards or the 21 tarot trumps, one or two copies (auto: two from 10
    players), stripped of the lowest cards down to a multiple of the players."""
    tarot = rules.deck.value == "tarot-trumps"
    copies = rules.decks if rules.decks != "auto" else (2 if players >= 10 else 1)
    assert copies in (1, 2)
    suits = (Suit.TRUMPS,) if tarot else STRIP_SUIT_ORDER
    ranks = range(1, 22) if tarot else range(2, 15)
    # lowest first: by rank, then first copy ♣ ♦ ♥ ♠, then second copy ♣ ♦ ♥ ♠
    cards = [Card.make(s, r, c) for r in ranks for c in range(int(copies)) for s in suits]
    assert len(cards) == (21 if tarot else 52) * int(copies)
    if rules.strip_to_multiple:
        cards = cards[len(cards) % players :]
    return cards


def expected_rounds(rules: Rules, players: int) -> list[tuple[int, bool]]:
    """§3: each round's hand size, and whether it is a peak round played without trump."""
    top = len(expected_deck(rules, players)) // players
    if rules.max_cards is not None:
        top = min(top, rules.max_cards)
    ladder = rules.ladder
    if isinstance(ladder, tuple):
        sizes = list(ladder)
    elif ladder.value == "up-down":
        sizes = list(range(1, top + 1)) + list(range(top - 1, 0, -1))
        assert len(sizes) == 2 * top - 1
    elif ladder.value == "up-down-double-peak":
        sizes = list(range(1, top + 1)) + list(range(top, 0, -1))
        assert len(sizes) == 2 * top
    else:
        assert ladder.value == "down-up"
        sizes = list(range(top, 0, -1)) + list(range(2, top + 1))
    n = rules.peak_no_trump_rounds
    if not n:
        return [(s, False) for s in sizes]
    # "the peak hand size is played N times in a row, all without trump, in place of the
    # normal peak round(s)": each run of peak rounds becomes N rounds without trump.
    peak = max(sizes)
    out: list[tuple[int, bool]] = []
    for i, s in enumerate(sizes):
        if s != peak:
            out.append((s, False))
        elif i == 0 or sizes[i - 1] != peak:
            out.extend([(peak, True)] * n)
    return out


def turns_up(rules: Rules, players: int, size: int, no_trump_peak: bool) -> bool:
    """§4: a card is turned up when the rules turn one, the deck has suits, the round is no
    peak round without trump, and the deal leaves a stock."""
    return (
        rules.trump.value == "turn-up"
        and rules.deck.value == "standard"
        and not no_trump_peak
        and len(expected_deck(rules, players)) > size * players
    )


def random_step(game: Game, rng: random.Random) -> int | Card | None:
    """One action of the player to play, at random (``None``: a blind round's unseen card)."""
    if game.blind_play_pending:
        game.play_blind_card()
        return None
    action = rng.choice(game.legal_actions())
    game.act(action, seat=game.turn)
    return action


def play_for(game: Game, rng: random.Random, steps: int) -> None:
    """Deal and play at random for ``steps`` steps, or to the end of the game."""
    for _ in range(steps):
        if game.is_over:
            return
        if game.phase is Phase.DEAL:
            game.deal(rng)
        else:
            random_step(game, rng)


# -- the deck, the ladder, the dealer, the turned card ---------------------------------------------


@settings(max_examples=300)
@given(tables(largest_hand=None), st.integers(0, 2**32))
def test_deck_ladder_dealers_and_turned_card_follow_rules_md(case: Table, seed: int) -> None:
    """§2 the deck; §3 the ladder for every ladder kind, ``max_cards`` and
    ``peak_no_trump_rounds``; §1.2 the deal passes to the next player each round; §4 a card
    is turned up exactly when a stock is left and the rules turn one, and it is in no hand;
    §1.4 the game ends after the last round of the ladder and the highest totals win."""
    rules, players, first = case
    deck = expected_deck(rules, players)
    assert sorted(rules.deck_cards(players)) == sorted(deck)
    plan = expected_rounds(rules, players)
    rng = random.Random(seed)
    game = Game.new(rules, players, first_dealer=first)
    assert game.rounds == len(plan)
    for index, (size, no_trump_peak) in enumerate(plan):
        assert game.phase is Phase.DEAL and not game.is_over
        game.deal(rng)
        assert game.hand_size == size
        assert game.dealer == (first + index) % players
        hands = [game.hand(s) for s in range(players)]
        dealt = [c for hand in hands for c in hand]
        assert all(len(hand) == size for hand in hands)
        assert len(set(dealt)) == len(dealt) and set(dealt) <= set(deck)
        if turns_up(rules, players, size, no_trump_peak):
            assert game.trump_card is not None
            assert game.trump_card in deck and game.trump_card not in dealt
            assert game.trump is game.trump_card.suit
        else:
            assert game.trump_card is None and game.trump is None
        game.random_playout(rng)
    assert game.is_over
    assert [(r.cards, r.dealer) for r in game.results] == [
        (size, (first + i) % players) for i, (size, _) in enumerate(plan)
    ]
    best = max(game.totals)
    assert game.winners() == [s for s in range(players) if game.totals[s] == best]


# -- the order of bidding and play -----------------------------------------------------------------


@settings(max_examples=200)
@given(tables(most_players=10), st.integers(0, 2**32), st.data())
def test_turn_order_bids_and_tricks_follow_rules_md(
    case: Table, seed: int, data: st.DataObject
) -> None:
    """§5: sequential bids start with the player after the dealer, in turn order, the dealer
    last; every bid is from 0 to the hand size; with ``hook`` the bids never total the hand
    size, with ``under`` the running total stays strictly below it. §6: the player after the
    dealer leads the first trick, the winner leads the next, each player plays once per trick
    in turn order, and a legal card always exists. §7: the points of the round, §1.4 totals
    are the sums of the points."""
    rules, players, first = case
    rng = random.Random(seed)
    game = Game.new(rules, players, first_dealer=first)
    rounds = data.draw(st.integers(1, min(3, game.rounds)), label="rounds played")
    totals = [0] * players
    for _ in range(rounds):
        game.deal(rng)
        dealer, size = game.dealer, game.hand_size
        after = (dealer + 1) % players
        bids: list[int | None] = [None] * players
        for i in range(players):
            assert game.phase is Phase.BID
            if rules.bidding.value == "sequential":
                assert game.turn == (after + i) % players
            seat = game.turn
            assert bids[seat] is None
            legal = game.legal_actions()
            total = sum(b for b in bids if b is not None)
            if rules.bid_limit.value == "under":
                assert legal == [b for b in range(size + 1) if total + b < size]
            elif rules.bid_limit.value == "hook" and seat == dealer:
                assert legal == [b for b in range(size + 1) if total + b != size]
            else:
                assert legal == list(range(size + 1))
            # the edges (0, the most allowed) often: where the limits bite
            bid = rng.choice([legal[0], legal[-1], rng.choice(legal)])
            game.act(bid, seat=seat)
            bids[seat] = bid
        made = [b for b in bids if b is not None]
        assert len(made) == players
        if rules.bidding.value == "sequential":
            in_order = [bids[(after + i) % players] or 0 for i in range(players)]
            running = [sum(in_order[: i + 1]) for i in range(players)]
            if rules.bid_limit.value == "under":
                assert all(total < size for total in running)
            if rules.bid_limit.value == "hook":
                assert running[-1] != size
        leader = after
        won = [0] * players
        for _trick in range(size):
            seats = []
            for _card in range(players):
                assert game.phase is Phase.PLAY
                seats.append(game.turn)
                if not game.blind_play_pending:
                    assert game.legal_actions()
                random_step(game, rng)
            assert seats == [(leader + i) % players for i in range(players)]
            last = game.results[-1].tricks if game.phase is not Phase.PLAY else game.tricks
            assert last is not None
            leader = last[-1].winner
            won[leader] += 1
        assert game.phase in (Phase.DEAL, Phase.OVER)
        result = game.results[-1]
        assert list(result.bids) == made and list(result.won) == won
        assert sum(won) == size
        points = expected_points(rules, made, won)
        totals = [t + p for t, p in zip(totals, points, strict=True)]
        assert list(result.points) == points and list(result.totals) == totals == game.totals


# -- what a player may know ------------------------------------------------------------------------


def cards_in(value: object) -> Iterator[Card]:
    """Every card anywhere inside a view but its rules and its finished rounds (every card
    of a finished round was played before everyone)."""
    return reading.cards_in(value, skip=("rules", "results"))


def check_views(game: Game, deck: list[Card], plays: list[tuple[int, Card]]) -> None:
    """§9 for every seat: their own hand (in a blind round everyone's card but their own),
    the turned card, the bids made (sealed ones once revealed, one's own at once), the cards
    played and who played them, the tricks won and the scores; nothing else."""
    n = game.players
    hands = [game.hand(s) for s in range(n)]
    played = [c for _, c in plays]
    held = {c for hand in hands for c in hand}
    trump = {game.trump_card} if game.trump_card is not None else set()
    stock = set(deck) - held - set(played) - trump
    blind = rules_blind(game)
    sealed = game.rules.bidding.value == "simultaneous" and game.phase is Phase.BID
    in_this_trick = len(plays) % n
    for seat in range(n):
        view = game.view(seat)
        own, others = set(hands[seat]), held - set(hands[seat])
        hidden = stock | (own if blind else others)
        shown = set(cards_in(view))
        assert not shown & hidden, (seat, shown & hidden)
        assert set(played) | trump | (others if blind else own) <= shown
        if blind:
            assert view.hand is None
            assert dict(view.visible_hands) == {
                s: tuple(sorted(hands[s])) for s in range(n) if s != seat
            }
        else:
            assert view.hand is not None and sorted(view.hand) == sorted(own)
            assert not view.visible_hands
        assert view.trump_card == game.trump_card
        assert view.bids == tuple(
            None if b < 0 or (sealed and s != seat) else b for s, b in enumerate(game.bids)
        )
        assert list(view.trick) == plays[len(plays) - in_this_trick :]
        assert [c for t in view.tricks for c in t.cards] + [c for _, c in view.trick] == played
        assert list(view.won) == [sum(t.winner == s for t in game.tricks) for s in range(n)]
        assert list(view.totals) == game.totals and view.results == game.results
        assert view.hand_counts == tuple(len(h) for h in hands)
        assert sorted(view.unseen_cards()) == sorted(hidden)  # what a sampler may deal
        mine = game.turn == seat and not game.blind_play_pending
        assert list(view.legal_actions) == (game.legal_actions() if mine else [])


def rules_blind(game: Game) -> bool:
    """§6: a blind round is a one-card round under ``blind_single_card``."""
    return game.rules.blind_single_card and game.hand_size == 1


@settings(max_examples=100)
@given(tables(most_players=8, largest_hand=5), st.integers(0, 2**32), st.data())
def test_views_show_what_section_9_lists_and_nothing_else(
    case: Table, seed: int, data: st.DataObject
) -> None:
    """§9 at every step of a round, for every seat (see :func:`check_views`); and "nothing
    that serves a player may reveal more": the events of each action carry no card but the
    turned one and those played, and a sealed bid only once all are revealed together."""
    rules, players, first = case
    rng = random.Random(seed)
    deck = expected_deck(rules, players)
    game = Game.new(rules, players, first_dealer=first)
    for _ in range(data.draw(st.integers(0, game.rounds - 1), label="rounds skipped")):
        game.deal(rng)
        game.random_playout(rng)
    for seat in range(players):  # between rounds: no card, every score
        view = game.view(seat)
        assert not set(cards_in(view)) and view.hand == () and view.totals == tuple(game.totals)
    events = game.deal(rng)
    assert not set(cards_in(events)) - {game.trump_card}
    sealed = rules.bidding.value == "simultaneous"
    plays: list[tuple[int, Card]] = []
    while game.phase in (Phase.BID, Phase.PLAY):
        check_views(game, deck, plays)
        seat = game.turn
        bidding = game.phase is Phase.BID
        if game.blind_play_pending:
            events = game.play_blind_card()
        else:
            events = game.act(rng.choice(game.legal_actions()), seat=seat)
        played = [e for e in events if isinstance(e, CardPlayed)]
        plays += [(e.seat, e.card) for e in played]
        # events carry only public facts: the cards played, the bids once public
        assert not set(cards_in(events)) - {c for _, c in plays} - {game.trump_card}
        for event in events:
            if isinstance(event, BidMade):
                assert event.seat == seat and event.bid == (None if sealed else game.bids[seat])
            if isinstance(event, BidsRevealed):
                assert sealed and game.phase is not Phase.BID
                assert event.bids == tuple(game.bids)
        revealed = [e for e in events if isinstance(e, BidsRevealed)]
        assert len(revealed) == (sealed and bidding and game.phase is not Phase.BID)


def hidden_swap(
    hands: list[list[Card]],
    stock: list[Card],
    hidden_seats: list[int],
    keep: set[Card],
    rng: random.Random,
) -> list[list[Card]]:
    """The hands with the cards a player cannot see (the ``hidden_seats``' cards not in
    ``keep``, and the stock) shuffled among themselves within each suit, so that every hand
    holds as many cards of each suit as before."""
    places: dict[Suit, list[Card]] = {}
    for seat in hidden_seats:
        for card in hands[seat]:
            if card not in keep:
                places.setdefault(card.suit, []).append(card)
    for card in stock:
        places.setdefault(card.suit, []).append(card)
    swap: dict[Card, Card] = {}
    for cards in places.values():
        shuffled = list(cards)
        rng.shuffle(shuffled)
        swap.update(zip(cards, shuffled, strict=True))
    return [[swap.get(c, c) for c in hand] for hand in hands]


@settings(max_examples=150)
@given(tables(most_players=8, largest_hand=5), st.integers(0, 2**32), st.data())
def test_views_are_the_same_in_two_games_that_differ_only_in_what_the_player_cannot_see(
    case: Table, seed: int, data: st.DataObject
) -> None:
    """§9: a player's view depends only on what they may know. Two games with the same
    public history and the same cards for the player — the others' cards not yet played and
    the stock exchanged within each suit (in a blind round: the player's own card), and,
    before the reveal, other sealed bids — give the player the same view at every step."""
    rules, players, first = case
    rng = random.Random(seed)
    deck = expected_deck(rules, players)
    game = Game.new(rules, players, first_dealer=first)
    for _ in range(data.draw(st.integers(0, game.rounds - 1), label="rounds skipped")):
        game.deal(rng)
        game.random_playout(rng)
    twin = game.copy()
    game.deal(rng)
    size = game.hand_size
    hands = [game.hand(s) for s in range(players)]
    trump = game.trump_card
    stock = [c for c in deck if c not in {c for h in hands for c in h} and c != trump]
    seat = data.draw(st.integers(0, players - 1), label="seat")
    steps = data.draw(st.integers(0, players + size * players - 1), label="steps")
    views = [game.view(seat)]
    actions: list[int | Card | None] = []
    for _ in range(steps):
        actions.append(random_step(game, rng))
        views.append(game.view(seat))
    played = {c for t in game.tricks for c in t.cards} | set(game.trick)
    blind = rules_blind(game)
    hidden_seats = [seat] if blind else [s for s in range(players) if s != seat]
    other_hands = hidden_swap(hands, stock, hidden_seats, played, random.Random(seed + 1))
    sealed = rules.bidding.value == "simultaneous" and game.phase is Phase.BID
    twin.deal_hands(other_hands, trump)
    assert twin.view(seat) == views[0]
    for action, view in zip(actions, views[1:], strict=True):
        if action is None:
            twin.play_blind_card()
        elif sealed and twin.turn != seat:
            twin.act(rng.randrange(size + 1), seat=twin.turn)  # another sealed bid
        else:
            twin.act(action, seat=twin.turn)
        assert twin.view(seat) == view


# -- the score sheet of RECORD.md ------------------------------------------------------------------


@settings(max_examples=100)
@given(tables(largest_hand=5), st.integers(0, 2**32), st.integers(0, 200))
def test_score_sheet_follows_record_md(case: Table, seed: int, stop: int) -> None:
    """RECORD.md: the score sheet lists each round's cards, dealer, trump, bids, tricks won,
    points and running totals; a round not played to its end has its bids (or null), the
    tricks won so far, and null points and totals; ``finished`` is true when every round of
    the ladder has been played; ``winners`` are the names of the highest total, empty until
    the game is finished. A record with any of its finished rounds written as summary rounds
    (dealer, bids, won) replays to the same sheet, with no trump for those."""
    rules, players, first = case
    rng = random.Random(seed)
    plan = expected_rounds(rules, players)
    game = Game.new(rules, players, first_dealer=first)
    play_for(game, rng, stop)
    sheet = score_sheet(game)
    assert sheet["players"] == list(game.names)
    totals = [0] * players
    for i, (row, result) in enumerate(zip(sheet["rounds"], game.results, strict=False)):
        assert row["cards"] == plan[i][0] and row["dealer"] == (first + i) % players
        assert row["trump"] == (None if result.trump is None else str(result.trump))
        assert sum(row["won"]) == row["cards"]
        assert row["points"] == expected_points(rules, row["bids"], row["won"])
        totals = [t + p for t, p in zip(totals, row["points"], strict=True)]
        assert row["totals"] == totals
    assert sheet["totals"] == totals
    finished = len(game.results) == len(plan)
    assert sheet["finished"] is finished
    best = max(totals)
    assert sheet["winners"] == (
        [game.names[s] for s in range(players) if totals[s] == best] if finished else []
    )
    extra = sheet["rounds"][len(game.results) :]
    if game.phase in (Phase.BID, Phase.PLAY):
        (row,) = extra
        i = len(game.results)
        assert row["cards"] == plan[i][0] and row["dealer"] == (first + i) % players
        bids = [None if b < 0 else b for b in game.bids]
        assert row["bids"] == (None if all(b is None for b in bids) else bids)
        assert row["won"] == [sum(t.winner == s for t in game.tricks) for s in range(players)]
        assert row["points"] is None and row["totals"] is None
    elif game.phase is Phase.DEAL and not game.results:  # not dealt yet: a round not begun
        (row,) = extra
        assert (row["cards"], row["dealer"], row["bids"], row["points"]) == (
            plan[0][0],
            first,
            None,
            None,
        )
    else:
        assert extra == []

    # Some finished rounds (any, at random) written as summary rounds, the others and a round
    # in progress as they were: a record may mix them.
    record = game_to_record(game)
    as_summary = [random.Random(seed + i).random() < 0.7 for i in range(len(game.results))]
    for i, r in enumerate(game.results):
        if as_summary[i]:
            record["rounds"][i] = {"dealer": r.dealer, "bids": list(r.bids), "won": list(r.won)}
    mixed = replay(record)
    summary = score_sheet(mixed)
    expected = [
        dict(row, trump=None) if as_summary[i:] and as_summary[i] else row
        for i, row in enumerate(sheet["rounds"])
    ]
    assert summary["rounds"] == expected
    assert summary["totals"] == sheet["totals"] and summary["finished"] is finished
    assert summary["winners"] == sheet["winners"]
    if game.phase in (Phase.BID, Phase.PLAY):
        assert mixed.game.hands == game.hands and mixed.game.trick == game.trick


# -- direction -------------------------------------------------------------------------------------


@settings(max_examples=60)
@given(tables(largest_hand=5), st.integers(0, 2**32))
def test_direction_changes_only_the_description_not_the_play(case: Table, seed: int) -> None:
    """§1.1: the direction changes only how a table is drawn and described: the same deals
    and the same choices give the same game either way."""
    rules, players, first = case
    records = []
    for direction in ("clockwise", "counterclockwise"):
        rng = random.Random(seed)
        game = Game.new(rules.override({"direction": direction}), players, first_dealer=first)
        while not game.is_over:
            game.deal(rng)
            while game.phase in (Phase.BID, Phase.PLAY):
                random_step(game, rng)
        record = game_to_record(game)
        record.pop("rules")
        records.append((record, score_sheet(game)))
    assert records[0] == records[1]


# -- the checks on replay --------------------------------------------------------------------------

CORRUPTIONS = [
    "dealer",
    "cards",
    "duplicate",
    "not in the deck",
    "trump",
    "bid out of range",
    "bid limit",
    "not held",
    "follow suit",
    "must trump",
    "summary won",
    "summary bid out of range",
    "summary bid limit",
]


def corrupt(record: dict[str, Any], game: Game, index: int, kind: str, rng: random.Random) -> bool:
    """Break one rule of RECORD.md's "Checks on replay" in round ``index`` of ``record``, in
    place; ``False`` when that round gives no way to break it."""
    rules, n = game.rules, game.players
    result = game.results[index]
    if kind.startswith("summary bid"):  # the same checks for a round of a score sheet
        summary = {"dealer": result.dealer, "bids": list(result.bids), "won": list(result.won)}
        record["rounds"][index] = summary
        return corrupt(record, game, index, kind.removeprefix("summary "), rng)
    row = record["rounds"][index]
    size = result.cards
    hands = [list(h) for h in result.hands or ()]
    if kind == "dealer":  # the dealer follows the rotation (the first is free)
        if index == 0:
            return False
        row["dealer"] = (result.dealer + rng.randrange(1, n)) % n
    elif kind == "cards":  # the hand size is the ladder's
        row["cards"] = size + rng.choice([-1, 1])
    elif kind == "duplicate":  # no card dealt twice (beyond the copies of the deck)
        deck = expected_deck(rules, n)
        single = [
            (s, i)
            for s in range(1, n)
            for i, c in enumerate(hands[s])
            if c.copy == 1 or sum(d.suit == c.suit and d.rank == c.rank for d in deck) == 1
        ]
        if not single:
            return False
        s, i = rng.choice(single)
        row["hands"][0][0] = str(hands[s][i])
    elif kind == "not in the deck":  # hands come from the deck (a stripped card does not)
        in_deck = set(expected_deck(rules, n))
        outside = [
            c
            for c in ALL_CARDS
            if c not in in_deck and (c.copy or Card.make(c.suit, c.rank, 1) not in in_deck)
        ]
        row["hands"][rng.randrange(n)][rng.randrange(size)] = str(rng.choice(outside))
    elif kind == "trump":  # a card in no hand, null exactly when none is turned
        row["trump"] = None if result.trump is not None else str(rng.choice(hands[0]))
    elif kind == "bid out of range":
        row["bids"][rng.randrange(n)] = rng.choice([-1, size + 1])
    elif kind == "bid limit":  # the dealer's bid under the hook, the last under `under`
        others = sum(result.bids) - result.bids[result.dealer]
        if rules.bidding.value != "sequential" or rules.bid_limit.value == "none":
            return False
        if rules.bid_limit.value == "hook" and size - others >= 0:
            row["bids"][result.dealer] = size - others
        elif rules.bid_limit.value == "under":
            row["bids"][result.dealer] = max(0, size - others)
        else:
            return False
    elif kind in ("not held", "follow suit", "must trump"):
        if kind == "must trump" and rules.void_rule.value != "must-trump":
            return False
        return _corrupt_a_card(row, result, kind, rng)
    else:  # a summary round's won adds up to the hand size
        assert kind == "summary won"
        won = list(result.won)
        won[rng.randrange(n)] += rng.choice([-1, 1]) if min(won) > 0 else 1
        record["rounds"][index] = {"dealer": result.dealer, "bids": list(result.bids), "won": won}
    return True


def _corrupt_a_card(
    row: dict[str, Any], result: RoundResult, kind: str, rng: random.Random
) -> bool:
    """A card played by someone who does not hold it (another player holds it, no copy of it
    in the player's hand); a card off the suit led by a player who holds the suit led; or,
    under must-trump, neither the suit led nor a trump by a player who holds a trump but not
    the suit led (the card is exchanged with one the player played later)."""
    n = len(result.bids)
    tricks = result.tricks
    assert tricks is not None and result.hands is not None
    hands = [set(h) for h in result.hands]
    trump = result.trump.suit if result.trump is not None else None
    spots: list[tuple[int, int, Card, int | None]] = []
    for t, trick in enumerate(tricks):
        for i, (seat, card) in enumerate(zip(trick.seats(n), trick.cards, strict=True)):
            held = hands[seat]
            same = {(c.suit, c.rank) for c in held}
            if kind == "not held":
                spots += [
                    (t, i, c, None)
                    for s in range(n)
                    if s != seat
                    for c in hands[s]
                    if (c.suit, c.rank) not in same
                ]
            elif i > 0:
                led = trick.cards[0].suit
                void = all(c.suit != led for c in held)
                if kind == "follow suit" and card.suit == led:
                    bad = {s for s in Suit if s != led}
                elif kind == "must trump" and void and trump is not None and card.suit == trump:
                    bad = {s for s in Suit if s != trump}
                else:
                    continue
                spots += [
                    (t, i, c, later)
                    for later in range(t + 1, len(tricks))
                    for c in [tricks[later].cards[tricks[later].seats(n).index(seat)]]
                    if c.suit in bad
                ]
        for seat, card in zip(trick.seats(n), trick.cards, strict=True):
            hands[seat].discard(card)
    if not spots:
        return False
    t, i, card, later = rng.choice(spots)
    if later is not None:
        j = tricks[later].seats(n).index(tricks[t].seats(n)[i])
        row["tricks"][later][j] = row["tricks"][t][i]
    row["tricks"][t][i] = str(card)
    return True


@settings(max_examples=150)
@given(tables(largest_hand=4), st.integers(0, 2**32))
def test_replay_refuses_a_record_that_breaks_a_rule(case: Table, seed: int) -> None:
    """RECORD.md, "Checks on replay": the dealer follows the rotation; hands have the right
    size and no card twice; the trump card is in no hand, and null exactly when no card is
    turned; each bid is in range and respects ``bid_limit``; each card is held by the player
    whose turn it is and respects following and ``void_rule``; a summary round's ``won``
    adds up to the hand size. A record that breaks one is refused, naming the round."""
    rules, players, first = case
    rng = random.Random(seed)
    game = Game.new(rules, players, first_dealer=first)
    while not game.is_over:
        game.deal(rng)
        game.random_playout(rng)
    written = json.dumps(game_to_record(game))
    assert replay(json.loads(written)).game.totals == game.totals
    for kind in CORRUPTIONS * 3:
        record = json.loads(written)
        # the first round, in an order of the seed's, that gives a way to break the rule
        order = rng.sample(range(game.rounds), game.rounds)
        index = next((i for i in order if corrupt(record, game, i, kind, rng)), None)
        if index is not None:
            with pytest.raises(RecordError, match=rf"^round {index + 1}\b"):
                replay(record)


# -- refusals --------------------------------------------------------------------------------------


@settings(max_examples=200)
@given(
    st.sampled_from(PRESETS),
    st.fixed_dictionaries(
        {},
        optional={
            "deck": st.sampled_from(["standard", "tarot-trumps"]),
            "decks": st.sampled_from([1, 2, "auto"]),
            "strip_to_multiple": st.booleans(),
            "ladder": st.one_of(
                st.sampled_from(["up-down", "up-down-double-peak", "down-up"]),
                st.lists(st.integers(1, 30), min_size=1, max_size=3),
            ),
            "max_cards": st.one_of(st.none(), st.integers(1, 30)),
            "bidding": st.sampled_from(["sequential", "simultaneous"]),
            "bid_limit": st.sampled_from(["hook", "under", "none"]),
        },
    ),
    st.integers(1, 25),
)
def test_rules_refuse_exactly_what_cannot_be_played(
    name: str, options: dict[str, Any], players: int
) -> None:
    """§8: a combination that cannot be played is refused, naming the option: simultaneous
    bidding with a bid limit (§5), players outside the preset's range, too many players for
    the deck, a hand of a list ladder larger than the deck allows (§3); anything else is
    played."""
    base = preset(name)
    bidding = options.get("bidding", base.bidding.value)
    limit = options.get("bid_limit", base.bid_limit.value)
    if bidding == "simultaneous" and limit != "none":
        try:
            base.override(options)
        except RulesError as error:
            assert error.option in ("bidding", "bid_limit")
        else:
            raise AssertionError("simultaneous bidding with a bid limit was accepted")
        return
    rules = base.override(options)
    low, high = PLAYERS[name]
    available = len(expected_deck(rules, players)) // players
    ladder = rules.ladder if isinstance(rules.ladder, tuple) else ()
    too_large = [s for s in ladder if s > available]
    beyond_max = [s for s in ladder if rules.max_cards is not None and s > rules.max_cards]
    if not low <= players <= high:
        expected: str | None = "players"
    elif available < 1:
        expected = "decks"
    elif too_large:
        expected = "ladder"
    elif beyond_max:
        expected = "ladder"  # (the engine's choice: a list is not lowered to max_cards)
    else:
        expected = None
    try:
        rules.validate(players)
        Game.new(rules, players)
    except RulesError as error:
        assert error.option == expected, (error, expected)
        assert str(error).startswith(f"{error.option}: ")
    else:
        assert expected is None
        assert game_plan_sizes(rules, players) == [s for s, _ in expected_rounds(rules, players)]


def game_plan_sizes(rules: Rules, players: int) -> list[int]:
    """The hand size of each round of a game scored as a score sheet."""
    game = Game.new(rules, players)
    sizes = []
    while not game.is_over:
        sizes.append(game.hand_size)
        assert game.hand_size >= 1 and game.hand_size * players <= len(
            expected_deck(rules, players)
        )
        game.record_summary([0] * players, [game.hand_size] + [0] * (players - 1))
    return sizes


# -- the record's rules and cards ---------------------------------------------------------------


def _tens_as_10(value: Any) -> Any:
    """Every ten of a record's cards written ``10`` (``TS`` → ``10S``, ``TH'`` → ``10H'``)."""
    if isinstance(value, list):
        return [_tens_as_10(v) for v in value]
    if isinstance(value, dict):
        return {k: _tens_as_10(v) for k, v in value.items()}
    if isinstance(value, str) and re.fullmatch(r"T[SHDC]'?", value):
        return "10" + value[1:]
    return value


@settings(max_examples=100)
@given(tables(most_players=8, largest_hand=4), st.integers(0, 2**32), st.integers(0, 120))
def test_record_rules_without_a_preset_are_classique_and_tens_may_be_written_10(
    case: Table, seed: int, stop: int
) -> None:
    """RECORD.md: "With no ``preset`` key, the defaults are those of ``classique``": the
    options that differ from classique, without a preset, replay the same game. Ranks
    "``T`` (``10`` accepted on input)": the same record with its tens written ``10`` too."""
    rules, players, first = case
    rng = random.Random(seed)
    game = Game.new(rules, players, first_dealer=first)
    play_for(game, rng, stop)
    record = json.loads(json.dumps(game_to_record(game)))
    sheet = score_sheet(replay(record))
    assert sheet == score_sheet(game)
    classique = preset("classique").options()
    record["rules"] = {k: v for k, v in rules.options().items() if classique[k] != v}
    assert score_sheet(replay(record)) == sheet
    record["rounds"] = _tens_as_10(record["rounds"])
    again = replay(record)
    assert score_sheet(again) == sheet
    if game.phase in (Phase.BID, Phase.PLAY):
        assert again.game.hands == game.hands and again.game.trick == game.trick


# -- the deal sampler ----------------------------------------------------------------------------


@settings(max_examples=200)
@given(tables(most_players=8, largest_hand=5), st.integers(0, 2**32), st.data())
def test_a_sampled_world_agrees_with_the_view_and_its_history_is_legal_in_it(
    case: Table, seed: int, data: st.DataObject
) -> None:
    """The sampler deals the cards a player cannot see (§9: the others' hands and the stock)
    so that the world gives the same view, and the round's public history — every bid and
    every card played, with following and ``void_rule`` — is legal when that world's hands
    are dealt; the world can then be played to the end of the round."""
    rules, players, first = case
    rng = random.Random(seed)
    deck = expected_deck(rules, players)
    game = Game.new(rules, players, first_dealer=first)
    # often the first round of the largest hand, late in its play: where voids are known
    sizes = [size for size, _ in expected_rounds(rules, players)]
    skip = st.one_of(st.just(sizes.index(max(sizes))), st.integers(0, game.rounds - 1))
    for _ in range(data.draw(skip, label="rounds skipped")):
        game.deal(rng)
        game.random_playout(rng)
    before = game.copy()
    game.deal(rng)
    last = players + game.hand_size * players - 1
    steps = data.draw(
        st.one_of(st.integers(min(last, 2 * players), last), st.integers(0, last)), label="steps"
    )
    for _ in range(steps):
        random_step(game, rng)
    seat = data.draw(st.integers(0, players - 1), label="seat")
    view = game.view(seat)
    world = sample_game(view, random.Random(seed + 1))
    assert world.view(seat) == view
    dealt = [sorted(cards_of(mask)) for mask in world.dealt]
    everything = [c for hand in dealt for c in hand]
    assert all(len(hand) == game.hand_size for hand in dealt)
    assert len(set(everything)) == len(everything)
    assert set(everything) <= set(deck) - {view.trump_card}
    shown = set(view.hand or ()) | {c for h in view.visible_hands.values() for c in h}
    for s in range(players):
        if (s == seat and view.hand is not None) or s in view.visible_hands:
            assert world.hand(s) == game.hand(s)
        else:
            assert not set(world.hand(s)) & shown
    again = before.copy()
    again.deal_hands(dealt, view.trump_card)
    after = (game.dealer + 1) % players
    made = sum(b >= 0 for b in game.bids)
    for i in range(made):
        bidder = (after + i) % players
        again.act(world.bids[bidder], seat=bidder)
    for leader, cards in [(t.leader, t.cards) for t in game.tricks] + [
        (game.leader, tuple(game.trick))
    ]:
        for i, card in enumerate(cards):
            again.act(card, seat=(leader + i) % players)
    assert again.view(seat) == view
    while world.phase in (Phase.BID, Phase.PLAY):
        random_step(world, rng)
    assert world.results[-1].cards == game.hand_size
