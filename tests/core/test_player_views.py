"""A player's view (RULES.md §9): what a bot or an interface may know, and nothing more."""

from __future__ import annotations

import dataclasses
import random

import pytest

from ascenseur import Card, Game, Phase, PlayerView, preset
from ascenseur.core.events import BidMade, BidsRevealed

from .reading import cards_in


def cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def dealt(hands: list[str], trump: str | None, **options: object) -> Game:
    rules = preset("classique").override({"ladder": [len(hands[0].split())], **options})
    game = Game.new(rules, len(hands), first_dealer=0)
    game.deal_hands([cards(h) for h in hands], None if trump is None else Card.parse(trump))
    return game


WORLD_A = ["AS KS QS", "2H 3D 4C", "5H 6D 7C", "8H 9D TC"]
WORLD_B = ["AS KS QS", "2H JD QD", "5H 3C 4D", "8H KD AD"]  # other hands, other stock


def _public_history(game: Game) -> list[tuple[PlayerView, ...]]:
    views = [tuple(game.view(s) for s in range(4))]
    for bid in (1, 0, 0, 1):
        game.bid(bid)
        views.append(tuple(game.view(s) for s in range(4)))
    for card in ("2H", "5H", "8H", "AS"):
        game.play(card)
        views.append(tuple(game.view(s) for s in range(4)))
    return views


def _without_own_hand(view: PlayerView) -> PlayerView:
    return dataclasses.replace(view, hand=None, legal_actions=())


def test_view_of_different_deals_with_the_same_public_history_is_the_same() -> None:
    history_a = _public_history(dealt(WORLD_A, "JS"))
    history_b = _public_history(dealt(WORLD_B, "JS"))
    for step_a, step_b in zip(history_a, history_b, strict=True):
        assert step_a[0] == step_b[0]  # seat 0 holds the same cards in both worlds
        for seat in (1, 2, 3):
            assert step_a[seat].hand != step_b[seat].hand
            assert _without_own_hand(step_a[seat]) == _without_own_hand(step_b[seat])


def test_view_never_shows_another_hand_or_the_stock() -> None:
    rules = preset("classique").override({"ladder": [5]})
    game = Game.new(rules, 4, first_dealer=0)
    rng = random.Random(21)
    game.deal(rng)
    deck = set(rules.deck_cards(4))
    while game.phase in (Phase.BID, Phase.PLAY):
        dealt_cards = {c for s in range(4) for c in cards_of_seat(game, s)}
        played = {c for t in game.tricks for c in t.cards} | set(game.trick)
        stock = deck - dealt_cards - played - {game.trump_card}
        for seat in range(4):
            others = {c for s in range(4) if s != seat for c in cards_of_seat(game, s)}
            shown = set(cards_in(game.view(seat)))
            assert not shown & (others | stock)
            assert set(cards_of_seat(game, seat)) <= shown
        game.act(rng.choice(game.legal_actions()))


def cards_of_seat(game: Game, seat: int) -> list[Card]:
    return game.hand(seat)


def test_view_shows_what_rules_md_lists() -> None:
    game = dealt(WORLD_A, "JS")
    for bid in (1, 0, 0, 1):
        game.bid(bid)
    game.play("2H")
    view = game.view(2)
    assert view.hand == tuple(sorted(cards("5H 6D 7C")))
    assert view.trump_card == Card.parse("JS")
    assert view.bids == (1, 1, 0, 0)
    assert view.trick == ((1, Card.parse("2H")),)
    assert view.turn == 2 and view.is_my_turn
    assert view.legal_actions == (Card.parse("5H"),)
    assert view.hand_counts == (3, 2, 3, 3)
    assert view.visible_hands == {}
    assert sorted(view.unseen_cards()) == sorted(
        set(preset("classique").deck_cards(4)) - set(cards("5H 6D 7C 2H JS"))
    )
    assert game.view(3).legal_actions == ()


def test_view_refuses_a_seat_that_does_not_exist() -> None:
    with pytest.raises(ValueError, match="no seat 4"):
        dealt(WORLD_A, "JS").view(4)


def test_view_between_rounds_shows_no_cards_but_every_score() -> None:
    game = Game.new(preset("classique").override({"ladder": [2, 1]}), 3, first_dealer=0)
    game.deal(random.Random(1))
    game.random_playout(random.Random(1))
    view = game.view(0)
    assert view.phase is Phase.DEAL
    assert view.hand == () and view.trump_card is None and view.turn is None
    assert view.totals == tuple(game.totals) and view.results == game.results


# -- sealed bids ----------------------------------------------------------------------------------


def test_view_sealed_bids_hidden_until_all_are_in_own_bid_shown() -> None:
    rules = {"bidding": "simultaneous", "bid_limit": "none"}
    game = dealt(["AS KS", "AH KH", "AD KD"], "2S", **rules)
    assert game.bid(2) == [BidMade(1, None)]
    assert game.view(1).bids == (None, 2, None)  # a player sees their own sealed bid
    assert game.view(2).bids == (None, None, None)
    assert game.view(0).bids == (None, None, None)
    game.bid(0)
    assert game.view(0).bids == (None, None, None)
    assert game.view(2).bids == (None, None, 0)
    assert game.view(0).legal_actions == (0, 1, 2)
    events = game.bid(1)
    assert events == [BidMade(0, None), BidsRevealed((1, 2, 0))]
    for seat in range(3):
        assert game.view(seat).bids == (1, 2, 0)


def test_view_sealed_bids_do_not_depend_on_the_other_bids() -> None:
    rules = {"bidding": "simultaneous", "bid_limit": "none"}
    low = dealt(["AS KS", "AH KH", "AD KD"], "2S", **rules)
    high = dealt(["AS KS", "AH KH", "AD KD"], "2S", **rules)
    low.bid(0)
    high.bid(2)
    low.bid(0)
    high.bid(2)
    assert low.view(0) == high.view(0)


# -- the blind one-card round ---------------------------------------------------------------------


def blind(hands: list[str]) -> Game:
    game = Game.new(preset("enculette").override({"ladder": [1]}), len(hands), first_dealer=0)
    game.deal_hands([cards(h) for h in hands], None)
    return game


def test_option_blind_single_card_own_card_hidden_others_visible() -> None:
    game = blind(["T1", "T2", "T3"])
    for seat in range(3):
        view = game.view(seat)
        assert view.hand is None and view.is_blind_round
        assert view.visible_hands == {s: (Card.parse(f"T{s + 1}"),) for s in range(3) if s != seat}
        assert Card.parse(f"T{seat + 1}") not in set(cards_in(view))


def test_option_blind_single_card_bids_do_not_reveal_the_own_card() -> None:
    one = blind(["T1", "T2", "T3"])
    other = blind(["T20", "T2", "T3"])  # seat 0 holds another card, from the stock
    assert one.view(0) == other.view(0)
    for game in (one, other):
        game.bid(1)
        game.bid(0)
    assert one.view(0) == other.view(0)
    # The dealer's hook forbids 0 (1 + 0 + 0 = the one trick), whatever the card.
    assert one.view(0).legal_actions == (1,) == tuple(one.legal_actions())


def test_option_blind_single_card_no_legal_action_reveals_the_card() -> None:
    game = blind(["T1", "T2", "T3"])
    for _ in range(3):
        game.bid(0)
    assert game.phase is Phase.PLAY and game.blind_play_pending
    for seat in range(3):
        assert game.view(seat).legal_actions == ()
        assert game.view(seat).forbidden_bid is None
    events = game.play_blind_card()
    assert [(e.seat, str(e.card)) for e in events] == [(1, "T2")]  # type: ignore[union-attr]
    assert game.view(2).legal_actions == ()
    game.play_blind_card()
    game.play_blind_card()
    assert game.is_over
    assert game.results[0].tricks is not None
    assert game.results[0].tricks[0].winner == 2  # T3 is the highest


def test_option_blind_single_card_only_in_one_card_rounds() -> None:
    game = Game.new(preset("enculette").override({"ladder": [2, 1]}), 3, first_dealer=0)
    game.deal(random.Random(4))
    assert not game.is_blind_round
    assert game.view(0).hand == tuple(game.hand(0))
    game.random_playout(random.Random(4))
    game.deal(random.Random(5))
    assert game.is_blind_round and game.view(0).hand is None


def test_option_blind_single_card_off_shows_the_one_card() -> None:
    game = Game.new(
        preset("enculette").override({"ladder": [1], "blind_single_card": False}), 3, first_dealer=0
    )
    game.deal(random.Random(4))
    assert game.view(0).hand == tuple(game.hand(0))
    assert game.view(0).visible_hands == {}
    for _ in range(3):
        game.bid(0)
    assert not game.blind_play_pending
    assert game.view(1).legal_actions == tuple(game.hand(1))


def test_option_blind_single_card_with_a_standard_deck() -> None:
    rules = preset("classique").override({"ladder": [1], "blind_single_card": True})
    game = Game.new(rules, 4, first_dealer=0)
    game.deal(random.Random(6))
    trump = game.trump_card
    assert trump is not None
    view = game.view(3)
    assert view.hand is None and view.trump_card == trump
    assert game.hand(3)[0] not in set(cards_in(view))


def test_view_is_frozen_hashable_and_picklable_in_a_blind_round_too() -> None:
    """A view is a frozen value: it can key a dict (an information set), its blind-round
    hands cannot be changed through it, and it survives pickle and deepcopy unchanged."""
    import copy
    import pickle

    game = blind(["T1", "T2", "T3"])
    view = game.view(0)
    same = blind(["T1", "T2", "T3"]).view(0)
    assert hash(view) == hash(same) and {view: 1}[same] == 1
    assert hash(Game.new(preset("prime"), 3, first_dealer=0).view(0)) is not None
    with pytest.raises(TypeError):
        view.visible_hands[1] = (Card.parse("T21"),)  # type: ignore[index]
    with pytest.raises((TypeError, AttributeError)):
        view.visible_hands.update({1: (Card.parse("T21"),)})
    with pytest.raises((TypeError, AttributeError)):
        view.visible_hands.pop(1)  # type: ignore[attr-defined]
    assert view.visible_hands == {1: (Card.parse("T2"),), 2: (Card.parse("T3"),)}
    assert pickle.loads(pickle.dumps(view)) == view
    assert copy.deepcopy(view) == view and hash(copy.deepcopy(view)) == hash(view)
    assert dataclasses.replace(view) == view
