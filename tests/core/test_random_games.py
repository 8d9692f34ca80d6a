"""Property-based tests over random games of every preset and option (hypothesis).

Each game is played through the checked path with random legal actions; at every step the
engine's legal actions are compared with an independent reading of RULES.md written here,
and every finished round is checked: cards conserved, one card per player per trick, tricks
add up to the hand size, the trick winners, the scores of the formula. Then the same seed
must give the same game, and the record must round-trip.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ascenseur import Card, Game, Phase, Rules, preset, replay, score_sheet
from ascenseur.core.cards import Suit, cards_of
from ascenseur.core.record import dumps, game_to_record, loads

from .reading import expected_points
from .strategies import tables


def rules_and_players() -> st.SearchStrategy[tuple[Rules, int]]:
    """Any preset with any options on top (hands of at most 8 cards, which keep a few
    hundred games within a few seconds), and a number of players it accepts."""
    return tables(most_players=12, largest_hand=8).map(lambda table: table[:2])


# -- an independent reading of the rules ----------------------------------------------------------


def expected_bids(game: Game) -> list[int]:
    size, rules = game.hand_size, game.rules
    made = [b for b in game.bids if b >= 0]
    total = sum(made)
    bids = list(range(size + 1))
    if rules.bid_limit.value == "under":
        return [b for b in bids if total + b < size]
    if rules.bid_limit.value == "hook" and len(made) == game.players - 1:
        assert game.turn == game.dealer
        return [b for b in bids if total + b != size]
    return bids


def expected_cards(game: Game) -> list[Card]:
    hand = game.hand(game.turn)
    if not game.trick:
        return hand
    led = game.trick[0].suit
    follow = [c for c in hand if c.suit == led]
    if follow:
        return follow
    trump = game.trump_card.suit if game.trump_card is not None else None
    if game.rules.void_rule.value == "must-trump" and trump is not None:
        trumps = [c for c in hand if c.suit == trump]
        if trumps:
            return trumps
    return hand


def expected_winner(cards: tuple[Card, ...], trump: Suit | None, deck_order: bool) -> int:
    """The index of the winning card: highest trump, else highest of the suit led; equal
    cards by ``duplicate_cards``."""
    suit = trump if trump is not None and any(c.suit == trump for c in cards) else cards[0].suit
    contenders = [i for i, c in enumerate(cards) if c.suit == suit]
    top = max(cards[i].rank for i in contenders)
    best = [i for i in contenders if cards[i].rank == top]
    if deck_order:
        best.sort(key=lambda i: cards[i].copy)  # stable: the first copy, else the first played
    return best[0]


def trump_expected(game: Game) -> bool:
    rules = game.rules
    stock = len(rules.deck_cards(game.players)) - game.hand_size * game.players
    return (
        rules.trump.value == "turn-up"
        and rules.deck.value == "standard"
        and not game.no_trump_round
        and stock > 0
    )


# -- playing and checking ------------------------------------------------------------------------


def check_deal(game: Game) -> None:
    deck = set(game.rules.deck_cards(game.players))
    seen: set[Card] = set()
    for seat in range(game.players):
        hand = game.hand(seat)
        assert len(hand) == game.hand_size
        assert set(hand) <= deck and not set(hand) & seen
        seen.update(hand)
    assert (game.trump_card is not None) == trump_expected(game)
    if game.trump_card is not None:
        assert game.trump_card in deck and game.trump_card not in seen


def check_round(game: Game, before_totals: list[int]) -> None:
    result = game.results[-1]
    n = game.players
    assert result.tricks is not None and result.hands is not None
    assert len(result.tricks) == result.cards == sum(result.won)
    played: list[Card] = []
    leader = (result.dealer + 1) % n
    deck_order = game.rules.duplicate_cards.value == "deck-order"
    trump = result.trump.suit if result.trump is not None else None
    for trick in result.tricks:
        assert trick.leader == leader
        assert len(trick.cards) == n  # one card per player per trick
        assert sorted(trick.seats(n)) == list(range(n))
        for seat, card in zip(trick.seats(n), trick.cards, strict=True):
            assert card in result.hands[seat]
        assert trick.winner == (trick.leader + expected_winner(trick.cards, trump, deck_order)) % n
        leader = trick.winner
        played.extend(trick.cards)
    # cards conserved: every card dealt is played once, nothing else is
    assert sorted(played) == sorted(c for hand in result.hands for c in hand)
    assert list(result.won) == [sum(t.winner == s for t in result.tricks) for s in range(n)]
    assert list(result.points) == expected_points(game.rules, result.bids, result.won)
    assert list(result.totals) == [t + p for t, p in zip(before_totals, result.points, strict=True)]


def play_game(rules: Rules, players: int, seed: int) -> Game:
    rng = random.Random(seed)
    game = Game.new(rules, players, rng=rng)
    while not game.is_over:
        game.deal(rng)
        check_deal(game)
        totals = list(game.totals)
        dealt = [set(game.hand(s)) for s in range(players)]
        while game.phase in (Phase.BID, Phase.PLAY):
            if game.phase is Phase.BID:
                assert game.legal_actions() == expected_bids(game)
            else:
                assert sorted(game.legal_actions()) == sorted(expected_cards(game))
                in_hands = [c for s in range(players) for c in game.hand(s)]
                on_table = [c for t in game.tricks for c in t.cards] + list(game.trick)
                assert sorted(in_hands + on_table) == sorted(c for h in dealt for c in h)
            view = game.view(game.turn)
            if game.blind_play_pending:
                assert view.legal_actions == ()
                game.play_blind_card()
                continue
            assert list(view.legal_actions) == game.legal_actions()
            action = rng.choice(game.legal_actions())
            game.act(action, seat=game.turn)
        check_round(game, totals)
    assert game.winners() == [s for s, t in enumerate(game.totals) if t == max(game.totals)]
    return game


@settings(max_examples=250)
@given(rules_and_players(), st.integers(0, 2**32))
def test_random_games_follow_every_rule(case: tuple[Rules, int], seed: int) -> None:
    rules, players = case
    game = play_game(rules, players, seed)
    assert len(game.results) == game.rounds == len(rules.hand_sizes(players))
    assert [r.cards for r in game.results] == list(rules.hand_sizes(players))


@settings(max_examples=40)
@given(rules_and_players(), st.integers(0, 2**32))
def test_random_games_same_seed_same_game(case: tuple[Rules, int], seed: int) -> None:
    rules, players = case
    first = game_to_record(play_game(rules, players, seed))
    assert game_to_record(play_game(rules, players, seed)) == first


@settings(max_examples=40)
@given(rules_and_players(), st.integers(0, 2**32), st.integers(0, 400))
def test_random_games_records_round_trip(case: tuple[Rules, int], seed: int, stop: int) -> None:
    """write → read → replay gives the same scores, for finished games and games stopped
    anywhere (a game in progress)."""
    rules, players = case
    rng = random.Random(seed)
    game = Game.new(rules, players, rng=rng)
    for _ in range(stop):
        if game.is_over:
            break
        if game.phase is Phase.DEAL:
            game.deal(rng)
        elif game.blind_play_pending:
            game.play_blind_card()
        else:
            game.push(rng.choice(game.legal_actions()))
    text = dumps(game)
    replayed = replay(loads(text))
    assert replayed.game.totals == game.totals
    assert replayed.game.results == game.results
    assert score_sheet(replayed) == score_sheet(game)
    assert json.loads(dumps(replayed.game)) == json.loads(text)
    if game.phase in (Phase.BID, Phase.PLAY):
        assert replayed.game.hands == game.hands
        assert replayed.game.trick == game.trick
        assert replayed.game.bids == game.bids


@settings(max_examples=60)
@given(rules_and_players(), st.integers(0, 2**32))
def test_random_playout_plays_only_legal_cards_and_scores_right(
    case: tuple[Rules, int], seed: int
) -> None:
    """The fast playout kernel agrees with the checked path: replaying its round card by card
    through ``Game.play`` is accepted and gives the same tricks and scores."""
    rules, players = case
    rng = random.Random(seed)
    game = Game.new(rules, players, rng=rng)
    while not game.is_over:
        start = game.copy()
        game.deal(rng)
        hands = [game.hand(s) for s in range(players)]
        trump = game.trump_card
        totals = list(game.totals)
        game.random_playout(rng)
        result = game.results[-1]
        check_round(game, totals)
        start.deal_hands(hands, trump)
        for seat in [(result.dealer + 1 + i) % players for i in range(players)]:
            start.bid(result.bids[seat], seat=seat)
        assert result.tricks is not None
        for trick in result.tricks:
            for seat, card in zip(trick.seats(players), trick.cards, strict=True):
                start.play(card, seat=seat)
        assert start.results[-1] == result


@settings(max_examples=30)
@given(rules_and_players(), st.integers(0, 2**32), st.integers(0, 60))
def test_random_games_copy_is_independent(case: tuple[Rules, int], seed: int, steps: int) -> None:
    rules, players = case
    rng = random.Random(seed)
    game = Game.new(rules, players, rng=rng)
    game.deal(rng)
    for _ in range(steps % (game.hand_size * players + players)):
        game.push(rng.choice(game.legal_actions()))
    snapshot = json.loads(dumps(game))
    views = [game.view(s) for s in range(players)]
    twin = game.copy()
    twin.random_playout(random.Random(seed + 1))
    if not twin.is_over:
        twin.deal(random.Random(seed + 2))
    assert json.loads(dumps(game)) == snapshot
    assert [game.view(s) for s in range(players)] == views


@pytest.mark.parametrize("how", ["copy.copy", "copy.deepcopy"])
def test_copy_module_copies_are_independent_too(how: str) -> None:
    """``copy.copy(game)``, as a researcher may write it, is ``game.copy()``: acting on it
    leaves the original as it was (a plain shallow copy shared the hands, bids and tricks)."""
    import copy

    take = copy.copy if how == "copy.copy" else copy.deepcopy
    rng = random.Random(5)
    game = Game.new(preset("prime").override({"ladder": [3, 4]}), 4, first_dealer=0)
    game.deal(rng)
    for _ in range(6):
        game.act(game.legal_actions()[0])
    snapshot = json.loads(dumps(game))
    views = [game.view(s) for s in range(4)]
    twin = take(game)
    assert [twin.view(s) for s in range(4)] == views
    while twin.phase is not Phase.DEAL:
        twin.act(twin.legal_actions()[-1])
    twin.deal(rng)
    twin.act(twin.legal_actions()[0])
    assert json.loads(dumps(game)) == snapshot
    assert [game.view(s) for s in range(4)] == views


@settings(max_examples=40)
@given(rules_and_players(), st.integers(0, 2**32))
def test_random_games_checked_path_agrees_with_legal_actions(
    case: tuple[Rules, int], seed: int
) -> None:
    """``is_legal`` says yes exactly to the legal actions, for every bid and every card."""
    rules, players = case
    rng = random.Random(seed)
    game = Game.new(rules, players, rng=rng)
    game.deal(rng)
    deck = rules.deck_cards(players)
    while game.phase in (Phase.BID, Phase.PLAY):
        legal = set(game.legal_actions())
        candidates: list[int] = (
            list(range(-1, game.hand_size + 2)) if game.phase is Phase.BID else list(deck)
        )
        assert {a for a in candidates if game.is_legal(a)} == legal
        assert all(not game.is_legal(a, seat=(game.turn + 1) % players) for a in legal)
        game.push(rng.choice(sorted(legal)))


def test_random_games_cards_of_a_mask_round_trip() -> None:
    rules = preset("classique")
    for players in (3, 10):
        deck = rules.deck_cards(players)
        mask = 0
        for card in deck:
            mask |= 1 << card
        assert cards_of(mask) == sorted(deck)


@pytest.mark.parametrize(
    ("name", "options", "players"),
    [
        ("classique", {}, 3),  # the full ladder: hands up to 17 cards
        ("classique", {"duplicate_cards": "deck-order"}, 20),  # two decks, 100 cards
        ("prime", {}, 3),
        ("ascensor", {}, 8),
        ("enculette", {"decks": 2}, 10),
        ("classique", {"peak_no_trump_rounds": 3, "void_rule": "free"}, 4),
    ],
)
def test_random_games_whole_ladders_without_max_cards(
    name: str, options: dict[str, Any], players: int
) -> None:
    rules = preset(name).override(options)
    game = play_game(rules, players, seed=players)
    assert [r.cards for r in game.results] == list(rules.hand_sizes(players))
