"""One test per rule and per option of RULES.md §1–§7, named after it.

Each test deals explicit hands (``Game.deal_hands``) or reads the rule set's derived facts,
and checks exactly what the rule says (which card wins, which bids are legal, which cards
are removed), so that a rule implemented otherwise fails here.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence

import pytest

from ascenseur import Card, Game, InvalidDealError, Phase, Rules, RulesError, preset
from ascenseur.core.events import BidMade
from ascenseur.core.rules import SCORINGS, Scoring, option_from_text
from ascenseur.core.scoring import round_points
from ascenseur.i18n import language


def cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def dealt(
    rules: Rules,
    hands: Sequence[str],
    trump: str | None,
    *,
    dealer: int = 0,
    names: Sequence[str] | None = None,
) -> Game:
    """A game whose first round is dealt with these hands (by seat) and turned card."""
    game = Game.new(rules, list(names) if names else len(hands), first_dealer=dealer)
    game.deal_hands([cards(h) for h in hands], None if trump is None else Card.parse(trump))
    return game


def bid_in_order(game: Game, bids_by_seat: Sequence[int]) -> None:
    """Make the bids (given by seat) in bidding order, checked."""
    for _ in range(game.players):
        game.bid(bids_by_seat[game.turn])


def play_trick(game: Game, *texts: str) -> int:
    """Play one trick, checked; return the winner's seat."""
    for text in texts:
        game.play(text)
    return game.tricks[-1].winner


class NoShuffle(random.Random):
    """A random source whose every draw is 0: the deck is dealt in its own order."""

    def random(self) -> float:
        return 0.0


# -- §1 the flow of a game ----------------------------------------------------------------------


def test_rule_deal_one_card_at_a_time_from_the_player_after_the_dealer_then_turn_up() -> None:
    game = Game.new(preset("classique").override({"ladder": [2]}), 4, first_dealer=0)
    game.deal(NoShuffle())
    # The deck in order is 2C 2D 2H 2S 3C 3D 3H 3S 4C …: seat 1 gets the first card.
    assert sorted(game.hand(1)) == sorted(cards("2C 3C"))
    assert sorted(game.hand(2)) == sorted(cards("2D 3D"))
    assert sorted(game.hand(3)) == sorted(cards("2H 3H"))
    assert sorted(game.hand(0)) == sorted(cards("2S 3S"))
    assert game.trump_card == Card.parse("4C")


def test_rule_player_after_dealer_bids_first_and_leads_the_first_trick() -> None:
    game = dealt(
        preset("classique").override({"ladder": [1]}), ["2S", "3S", "4S", "5S"], "9H", dealer=2
    )
    order = []
    for _ in range(4):
        order.append(game.turn)
        game.bid(0)
    assert order == [3, 0, 1, 2]
    assert game.turn == game.leader == 3


def test_rule_winner_of_a_trick_leads_the_next() -> None:
    game = dealt(
        preset("classique").override({"ladder": [2]}), ["AH 2C", "3H 4C", "KH 5C", "4H 6C"], "9D"
    )
    bid_in_order(game, [0, 0, 0, 0])
    assert play_trick(game, "3H", "KH", "4H", "AH") == 0
    assert game.turn == 0
    game.play("2C")  # seat 0 leads the second trick
    assert game.trick == cards("2C")


def test_rule_deal_passes_to_the_next_player_each_round() -> None:
    game = Game.new(preset("classique").override({"ladder": [1, 2, 1, 2, 1]}), 4, first_dealer=2)
    dealers = []
    rng = random.Random(3)
    while not game.is_over:
        dealers.append(game.dealer)
        game.deal(rng)
        game.random_playout(rng)
    assert dealers == [2, 3, 0, 1, 2]
    assert [r.dealer for r in game.results] == dealers


def test_rule_first_dealer_is_given_or_drawn_at_random() -> None:
    rules = preset("classique")
    assert Game.new(rules, 5, first_dealer=4).dealer == 4
    drawn = {Game.new(rules, 5, rng=random.Random(seed)).dealer for seed in range(60)}
    assert drawn == {0, 1, 2, 3, 4}
    assert (
        Game.new(rules, 5, rng=random.Random(11)).dealer
        == Game.new(rules, 5, rng=random.Random(11)).dealer
    )


def test_rule_game_ends_after_the_ladder_and_equal_highest_totals_share_the_win() -> None:
    game = Game.new(
        preset("prime").override({"ladder": [1]}), ["Ann", "Bob", "Cat"], first_dealer=0
    )
    assert game.winners() == []
    game.record_summary([0, 0, 0], [1, 0, 0])  # Ann misses, Bob and Cat make 0
    assert game.is_over and game.phase is Phase.OVER
    assert game.totals == [0, 10, 10]
    assert game.winners() == [1, 2]


@pytest.mark.parametrize("direction", ["clockwise", "counterclockwise"])
def test_option_direction_changes_only_the_description_not_the_play(direction: str) -> None:
    def play(rules: Rules) -> list[object]:
        game = Game.new(rules, 4, first_dealer=1)
        rng = random.Random(5)
        while not game.is_over:
            game.deal(rng)
            game.random_playout(rng)
        return [(r.dealt, r.trump, r.bids, r.tricks, r.points) for r in game.results]

    base = preset("classique").override({"max_cards": 4})
    turned = base.override({"direction": direction})
    assert turned.direction.value == direction
    assert play(turned) == play(base)


# -- §2 decks -------------------------------------------------------------------------------


def test_option_deck_standard_has_52_cards_ace_high() -> None:
    rules = preset("prime")
    deck = rules.deck_cards(4)
    assert len(deck) == 52 and len(set(deck)) == 52
    game = dealt(rules.override({"ladder": [1], "trump": "none"}), ["TS", "KS", "AS", "QS"], None)
    bid_in_order(game, [0, 0, 0, 0])
    assert play_trick(game, "KS", "AS", "QS", "TS") == 2


def test_option_deck_tarot_trumps_has_21_cards_highest_number_wins() -> None:
    rules = preset("enculette").override({"ladder": [2]})
    assert sorted(str(c) for c in rules.deck_cards(3)) == sorted(f"T{n}" for n in range(1, 22))
    game = dealt(rules, ["T2 T3", "T5 T6", "T20 T1"], None)
    assert game.trump_card is None and game.trump is None
    bid_in_order(game, [0, 0, 0])
    # No suit to follow: after T5, both of seat 2's cards are legal.
    game.play("T5")
    assert sorted(game.legal_actions()) == sorted(cards("T20 T1"))
    game.play("T20")
    game.play("T2")
    assert game.tricks[0].winner == 2


def test_option_deck_tarot_trumps_refuses_a_turned_card() -> None:
    game = Game.new(preset("enculette").override({"ladder": [2]}), 3, first_dealer=0)
    with pytest.raises(InvalidDealError, match="tarot trumps have no trump suit"):
        game.deal_hands([cards("T1 T2"), cards("T3 T4"), cards("T5 T6")], Card.parse("T7"))


@pytest.mark.parametrize(
    ("players", "copies", "size"), [(3, 1, 51), (9, 1, 45), (10, 2, 100), (11, 2, 99), (20, 2, 100)]
)
def test_option_decks_auto_two_copies_from_ten_players(
    players: int, copies: int, size: int
) -> None:
    rules = preset("classique")
    assert rules.decks == "auto"
    assert rules.copies(players) == copies
    assert len(rules.deck_cards(players)) == size


def test_option_decks_1_and_2_fix_the_number_of_copies() -> None:
    one = preset("classique").override({"decks": 1})
    two = preset("classique").override({"decks": 2})
    assert len(one.deck_cards(12)) == 48  # 52 stripped of four 2s
    assert len(two.deck_cards(4)) == 104
    assert Card.parse("AS'") in two.deck_cards(4)
    assert Card.parse("AS'") not in one.deck_cards(12)


@pytest.mark.parametrize(
    ("players", "removed"),
    [
        (3, "2C"),
        (4, ""),
        (5, "2C 2D"),
        (6, "2C 2D 2H 2S"),
        (7, "2C 2D 2H"),
        (8, "2C 2D 2H 2S"),
        (11, "2C 2D 2H 2S 2C'"),
        (12, "2C 2D 2H 2S 2C' 2D' 2H' 2S'"),
        (13, ""),
        (15, "2C 2D 2H 2S 2C' 2D' 2H' 2S' 3C 3D 3H 3S 3C' 3D'"),
    ],
)
def test_option_strip_to_multiple_removes_lowest_in_rank_then_suit_order(
    players: int, removed: str
) -> None:
    rules = preset("classique")
    assert rules.strip_to_multiple is True
    full = [str(c) for c in Rules(strip_to_multiple=False).deck_cards(players)]
    kept = {str(c) for c in rules.deck_cards(players)}
    assert [c for c in full if c not in kept] == removed.split()
    assert len(kept) % players == 0


def test_option_strip_to_multiple_removed_cards_cannot_be_dealt() -> None:
    game = Game.new(preset("classique").override({"ladder": [1]}), 3, first_dealer=0)
    with pytest.raises(InvalidDealError, match="2C is not a card of this deck"):
        game.deal_hands([cards("2C"), cards("3C"), cards("4C")], Card.parse("5C"))


def test_option_strip_to_multiple_off_keeps_the_whole_deck_and_the_rest_in_the_stock() -> None:
    rules = preset("prime")
    assert rules.strip_to_multiple is False
    assert len(rules.deck_cards(5)) == 52
    assert rules.largest_hand(5) == 10
    game = Game.new(rules.override({"ladder": [10]}), 5, first_dealer=0)
    game.deal(random.Random(1))
    assert game.trump_card is not None  # 2 cards stay in the stock: one is turned


def _duplicate_trick(duplicate_cards: str, second: str, third: str) -> int:
    rules = preset("classique").override({"ladder": [1], "duplicate_cards": duplicate_cards})
    hands = ["9C", "KS", second, third, "3C", "4C", "5C", "6C", "7C", "8C"]
    game = dealt(rules, hands, "TH")
    bid_in_order(game, [0] * 10)
    return play_trick(game, "KS", second, third, "3C", "4C", "5C", "6C", "7C", "8C", "9C")


def test_option_duplicate_cards_first_wins_the_equal_card_played_first() -> None:
    assert preset("classique").duplicate_cards.value == "first-wins"
    assert _duplicate_trick("first-wins", "AS'", "AS") == 2
    assert _duplicate_trick("first-wins", "AS", "AS'") == 2


def test_option_duplicate_cards_deck_order() -> None:
    assert _duplicate_trick("deck-order", "AS'", "AS") == 3
    assert _duplicate_trick("deck-order", "AS", "AS'") == 2


def test_option_duplicate_cards_deck_order_tarot() -> None:
    rules = preset("enculette").override({"decks": 2, "ladder": [2]})
    assert rules.duplicate_cards.value == "deck-order"
    assert len(rules.deck_cards(3)) == 42
    game = dealt(rules, ["T3 T4", "T21' T1", "T21 T2"], None)
    bid_in_order(game, [0, 0, 0])
    assert play_trick(game, "T21'", "T21", "T3") == 2
    first_wins = dealt(
        rules.override({"duplicate_cards": "first-wins"}), ["T3 T4", "T21' T1", "T21 T2"], None
    )
    bid_in_order(first_wins, [0, 0, 0])
    assert play_trick(first_wins, "T21'", "T21", "T3") == 1


def test_option_duplicate_cards_between_two_equal_trumps() -> None:
    rules = preset("classique").override({"decks": 2, "ladder": [1]})
    for duplicate_cards, winner in (("first-wins", 2), ("deck-order", 3)):
        game = dealt(
            rules.override({"duplicate_cards": duplicate_cards}), ["4H", "AH", "2S'", "2S"], "KS"
        )
        bid_in_order(game, [0, 0, 0, 0])
        assert play_trick(game, "AH", "2S'", "2S", "4H") == winner


# -- §3 the ladder ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "players", "largest"),
    [
        ("classique", 3, 17),
        ("classique", 5, 10),
        ("classique", 10, 10),
        ("prime", 3, 17),
        ("prime", 7, 7),
        ("ascensor", 8, 6),
        ("enculette", 4, 5),
        ("enculette", 10, 2),
    ],
)
def test_rule_largest_hand_is_cards_in_the_deck_over_players(
    name: str, players: int, largest: int
) -> None:
    rules = preset(name)
    assert rules.largest_hand(players) == len(rules.deck_cards(players)) // players == largest


def test_option_max_cards_lowers_the_largest_hand() -> None:
    rules = preset("prime").override({"max_cards": 10})
    assert rules.largest_hand(3) == 10
    assert max(rules.hand_sizes(3)) == 10


def test_option_max_cards_above_what_the_deck_allows_is_clamped() -> None:
    rules = preset("prime").override({"max_cards": 30})
    assert rules.largest_hand(4) == 13
    assert rules.hand_sizes(4) == (*range(1, 14), *range(13, 0, -1))


def test_option_ladder_up_down() -> None:
    rules = preset("classique").override({"max_cards": 4})
    assert rules.hand_sizes(4) == (1, 2, 3, 4, 3, 2, 1)
    assert len(preset("classique").hand_sizes(4)) == 2 * 13 - 1


def test_option_ladder_up_down_double_peak() -> None:
    rules = preset("classique").override({"max_cards": 4, "ladder": "up-down-double-peak"})
    assert rules.hand_sizes(4) == (1, 2, 3, 4, 4, 3, 2, 1)
    assert len(preset("prime").hand_sizes(4)) == 2 * 13


def test_option_ladder_down_up() -> None:
    rules = preset("classique").override({"max_cards": 4, "ladder": "down-up"})
    assert rules.hand_sizes(4) == (4, 3, 2, 1, 2, 3, 4)


@pytest.mark.parametrize("ladder", [[5], [1, 3, 5], [3, 1, 3, 1]])
def test_option_ladder_list_gives_exactly_those_hand_sizes(ladder: list[int]) -> None:
    rules = preset("classique").override({"ladder": ladder})
    assert rules.hand_sizes(4) == tuple(ladder)
    game = Game.new(rules, 4, first_dealer=0)
    rng = random.Random(2)
    while not game.is_over:
        game.deal(rng)
        game.random_playout(rng)
    assert [r.cards for r in game.results] == ladder


def test_option_ladder_list_larger_than_the_deck_allows_is_refused() -> None:
    rules = preset("classique").override({"ladder": [3, 18]})
    with pytest.raises(RulesError, match="larger than the deck allows") as caught:
        Game.new(rules, 3)
    assert caught.value.option == "ladder"
    Game.new(preset("classique").override({"ladder": [3, 17]}), 3)  # 51 / 3 = 17 fits


def test_option_ladder_list_larger_than_max_cards_is_refused() -> None:
    with pytest.raises(RulesError, match="max_cards") as caught:
        Game.new(preset("classique").override({"ladder": [6], "max_cards": 5}), 4)
    assert caught.value.option == "ladder"


def test_rule_the_game_follows_the_ladder_round_by_round() -> None:
    rules = preset("prime").override({"max_cards": 3})
    game = Game.new(rules, 3, first_dealer=0)
    rng = random.Random(8)
    sizes = []
    while not game.is_over:
        sizes.append(game.hand_size)
        game.deal(rng)
        assert all(len(game.hand(s)) == game.hand_size for s in range(3))
        game.random_playout(rng)
    assert tuple(sizes) == rules.hand_sizes(3) == (1, 2, 3, 3, 2, 1)
    assert game.rounds == 6


@pytest.mark.parametrize(
    ("ladder", "rounds", "sizes"),
    [
        ("up-down", 3, (1, 2, 3, 3, 3, 2, 1)),
        ("up-down", 1, (1, 2, 3, 2, 1)),
        ("up-down-double-peak", 3, (1, 2, 3, 3, 3, 2, 1)),
        ("up-down-double-peak", 1, (1, 2, 3, 2, 1)),
        ("down-up", 2, (3, 3, 2, 1, 2, 3, 3)),
        ([2, 5, 5, 3], 3, (2, 5, 5, 5, 3)),
    ],
)
def test_option_peak_no_trump_rounds(ladder: object, rounds: int, sizes: tuple[int, ...]) -> None:
    rules = preset("classique").override(
        {
            "ladder": ladder,
            "max_cards": 3 if isinstance(ladder, str) else None,
            "peak_no_trump_rounds": rounds,
        }
    )
    plan = rules.round_plan(4)
    assert tuple(size for size, _ in plan) == sizes
    peak = max(sizes)
    assert [no_trump for _, no_trump in plan] == [size == peak for size in sizes]


def test_option_peak_no_trump_rounds_are_dealt_without_trump() -> None:
    rules = preset("classique").override({"max_cards": 3, "peak_no_trump_rounds": 3})
    game = Game.new(rules, 4, first_dealer=0)
    rng = random.Random(4)
    while not game.is_over:
        game.deal(rng)
        game.random_playout(rng)
    # 52 cards for 4 players always leave a stock: only the peak rounds lack a trump.
    assert [(r.cards, r.trump is None) for r in game.results] == [
        (1, False),
        (2, False),
        (3, True),
        (3, True),
        (3, True),
        (2, False),
        (1, False),
    ]


def test_option_peak_no_trump_rounds_refuse_a_turned_card_at_the_peak() -> None:
    rules = preset("classique").override({"ladder": [2], "peak_no_trump_rounds": 1})
    game = Game.new(rules, 3, first_dealer=0)
    with pytest.raises(InvalidDealError, match="peak round is played without trump"):
        game.deal_hands([cards("AS KS"), cards("AH KH"), cards("AD KD")], Card.parse("QS"))
    game.deal_hands([cards("AS KS"), cards("AH KH"), cards("AD KD")], None)
    assert game.trump is None


# -- §4 trump -----------------------------------------------------------------------------------

_NO_TRUMP_HANDS = ["2H 3C", "5H 4C", "AS 6C", "9H 7C"]


def test_option_trump_turn_up_the_highest_trump_wins() -> None:
    game = dealt(preset("classique").override({"ladder": [2]}), _NO_TRUMP_HANDS, "7S")
    assert game.trump_card == Card.parse("7S")
    assert game.trump is not None and game.trump.letter == "S"
    bid_in_order(game, [0, 0, 0, 0])
    # Seat 2 is void in hearts and trumps with AS: a trump beats the suit led.
    assert play_trick(game, "5H", "AS", "9H", "2H") == 2


def test_option_trump_none_the_highest_card_of_the_suit_led_wins() -> None:
    rules = preset("classique").override({"ladder": [2], "trump": "none"})
    game = dealt(rules, _NO_TRUMP_HANDS, None)
    bid_in_order(game, [0, 0, 0, 0])
    # A void player's card of another suit, even an ace, never wins.
    assert play_trick(game, "5H", "AS", "9H", "2H") == 3


def test_option_trump_none_never_turns_a_card() -> None:
    rules = preset("classique").override({"trump": "none", "max_cards": 3})
    game = Game.new(rules, 4, first_dealer=0)
    rng = random.Random(6)
    while not game.is_over:
        game.deal(rng)
        assert game.trump_card is None
        game.random_playout(rng)
    refused = Game.new(rules.override({"ladder": [1]}), 4, first_dealer=0)
    with pytest.raises(InvalidDealError, match="the rules turn no trump"):
        refused.deal_hands([cards("2H"), cards("3H"), cards("4H"), cards("5H")], Card.parse("6H"))


def test_option_trump_turn_up_the_turned_card_is_in_no_hand() -> None:
    game = Game.new(preset("classique").override({"ladder": [13, 12]}), 3, first_dealer=0)
    for _ in range(200):
        probe = game.copy()
        probe.deal(random.Random(_))
        assert probe.trump_card is not None
        assert all(probe.trump_card not in probe.hand(s) for s in range(3))
    one_card = Game.new(preset("classique").override({"ladder": [1]}), 3, first_dealer=0)
    with pytest.raises(InvalidDealError, match="the turned card AS is also in a hand"):
        one_card.deal_hands([cards("AS"), cards("KS"), cards("QS")], Card.parse("AS"))


def test_option_trump_turn_up_is_required_while_the_stock_is_not_empty() -> None:
    game = Game.new(preset("classique").override({"ladder": [1]}), 4, first_dealer=0)
    with pytest.raises(InvalidDealError, match="a card must be turned up"):
        game.deal_hands([cards("2H"), cards("3H"), cards("4H"), cards("5H")], None)


def test_option_trump_turn_up_with_no_stock_left_means_no_trump() -> None:
    rules = preset("classique").override({"ladder": [13]})
    game = Game.new(rules, 4, first_dealer=0)
    game.deal(random.Random(1))
    assert game.trump_card is None and game.trump is None
    with_stock = Game.new(preset("classique").override({"ladder": [12]}), 4, first_dealer=0)
    with_stock.deal(random.Random(1))
    assert with_stock.trump_card is not None
    full = [" ".join(r + s for r in "23456789TJQKA") for s in "SHDC"]
    explicit = Game.new(rules, 4, first_dealer=0)
    explicit.deal_hands([cards(h) for h in full], None)
    assert explicit.trump is None


# -- §5 bidding ------------------------------------------------------------------------------------


def test_option_bidding_sequential_each_bid_is_public_at_once() -> None:
    game = dealt(
        preset("classique").override({"ladder": [2]}), ["AS KS", "AH KH", "AD KD", "AC KC"], "2S"
    )
    events = game.bid(2)
    assert events == [BidMade(1, 2)]
    assert game.view(3).bids == (None, 2, None, None)


def test_option_bidding_simultaneous_needs_bid_limit_none() -> None:
    for limit in ("hook", "under"):
        with pytest.raises(RulesError, match="simultaneous bidding needs bid_limit none") as caught:
            preset("classique").override({"bidding": "simultaneous", "bid_limit": limit})
        assert caught.value.option == "bid_limit"
    # Only bidding was changed: the refusal names it (the preset's hook is not the user's).
    with pytest.raises(RulesError, match="bid_limit is hook") as caught:
        preset("classique").override({"bidding": "simultaneous"})
    assert caught.value.option == "bidding"
    rules = preset("classique").override({"bidding": "simultaneous", "bid_limit": "none"})
    assert rules.bidding.value == "simultaneous"


def test_option_bidding_simultaneous_bids_are_sealed_then_revealed_together() -> None:
    rules = preset("ascensor").override(
        {"bidding": "simultaneous", "bid_limit": "none", "ladder": [2]}
    )
    game = dealt(rules, ["AS KS", "AH KH", "AD KD"], "2S")
    events = [game.bid(1), game.bid(2)]
    assert events == [[BidMade(1, None)], [BidMade(2, None)]]
    last = game.bid(2)
    assert [type(e).__name__ for e in last] == ["BidMade", "BidsRevealed"]
    assert last[0] == BidMade(0, None)
    assert last[1].bids == (2, 1, 2)  # type: ignore[union-attr]


def test_option_bid_limit_hook_forbids_dealer_total() -> None:
    game = dealt(
        preset("classique").override({"ladder": [3]}),
        ["AS KS QS", "AH KH QH", "AD KD QD", "AC KC QC"],
        "2S",
    )
    game.bid(1)
    game.bid(0)
    game.bid(1)
    assert game.turn == game.dealer == 0
    assert game.forbidden_bid() == 1
    assert game.legal_actions() == [0, 2, 3]


def test_option_bid_limit_hook_leaves_other_bidders_free() -> None:
    game = dealt(
        preset("classique").override({"ladder": [2]}), ["AS KS", "AH KH", "AD KD", "AC KC"], "2S"
    )
    assert game.legal_actions() == [0, 1, 2]
    game.bid(2)  # the total already equals the hand size: allowed for a non-dealer
    assert game.legal_actions() == [0, 1, 2]
    game.bid(0)
    game.bid(0)
    assert game.forbidden_bid() == 0  # only the dealer is bound
    assert game.legal_actions() == [1, 2]


def test_option_bid_limit_hook_no_restriction_when_the_total_is_already_over() -> None:
    game = dealt(
        preset("classique").override({"ladder": [2]}), ["AS KS", "AH KH", "AD KD", "AC KC"], "2S"
    )
    for bid in (2, 1, 1):
        game.bid(bid)
    assert game.legal_actions() == [0, 1, 2]


def test_option_bid_limit_under_keeps_the_running_total_strictly_below() -> None:
    rules = preset("ascensor").override({"ladder": [3]})
    game = dealt(rules, ["AS KS QS", "AH KH QH", "AD KD QD", "AC KC QC"], "2S")
    assert game.legal_actions() == [0, 1, 2]  # nobody may bid the whole hand
    game.bid(1)
    assert game.legal_actions() == [0, 1]
    game.bid(1)
    assert game.legal_actions() == [0]  # the total reached hand size − 1
    game.bid(0)
    assert game.legal_actions() == [0]
    game.bid(0)
    assert game.phase is Phase.PLAY


def test_option_bid_limit_under_one_card_round_everyone_bids_zero() -> None:
    game = dealt(preset("ascensor").override({"ladder": [1]}), ["AS", "AH", "AD"], "2S")
    for _ in range(3):
        assert game.legal_actions() == [0]
        game.bid(0)


def test_option_bid_limit_none_any_bid_even_the_dealer_total() -> None:
    rules = preset("classique").override({"ladder": [2], "bid_limit": "none"})
    game = dealt(rules, ["AS KS", "AH KH", "AD KD", "AC KC"], "2S")
    for bid in (1, 0, 0):
        assert game.legal_actions() == [0, 1, 2]
        game.bid(bid)
    assert game.forbidden_bid() is None
    assert game.legal_actions() == [0, 1, 2]
    game.bid(1)


@pytest.mark.parametrize("limit", ["hook", "under", "none"])
def test_rule_bids_go_from_zero_to_the_hand_size(limit: str) -> None:
    rules = preset("classique").override({"ladder": [2], "bid_limit": limit})
    game = dealt(rules, ["AS KS", "AH KH", "AD KD", "AC KC"], "2S")
    assert not game.is_legal(-1)
    assert not game.is_legal(3)
    assert game.is_legal(0)


# -- §6 play of the tricks ------------------------------------------------------------------------

_TRUMP_HANDS = ["2S KS", "AH KC", "5S 9S", "4H 8D"]


def test_rule_the_leader_may_lead_any_card() -> None:
    game = dealt(
        preset("classique").override({"ladder": [3]}),
        ["2H 3S 4D", "AH KC 5D", "5H 9S 7D", "4H 8D 6C"],
        "7C",
    )
    bid_in_order(game, [0, 0, 0, 0])
    assert sorted(game.legal_cards()) == sorted(cards("AH KC 5D"))


def test_rule_follow_suit_only_the_suit_led_is_legal() -> None:
    game = dealt(
        preset("classique").override({"ladder": [3], "void_rule": "free"}),
        ["2H 3S 4D", "AH KC 5D", "5H 9S 7D", "4H 8D 6C"],
        "7C",
    )
    bid_in_order(game, [0, 0, 0, 0])
    game.play("AH")
    assert game.legal_cards() == cards("5H")
    game.play("5H")
    assert game.legal_cards() == cards("4H")


def test_option_void_rule_must_trump_forces_a_trump_when_void() -> None:
    game = dealt(preset("classique").override({"ladder": [2]}), _TRUMP_HANDS, "7S")
    assert game.rules.void_rule.value == "must-trump"
    bid_in_order(game, [0, 0, 0, 0])
    game.play("AH")
    assert sorted(game.legal_cards()) == sorted(cards("5S 9S"))


def test_option_void_rule_must_trump_no_obligation_to_over_trump() -> None:
    game = dealt(preset("classique").override({"ladder": [2]}), _TRUMP_HANDS, "7S")
    bid_in_order(game, [0, 0, 0, 0])
    game.play("AH")
    game.play("9S")
    game.play("4H")
    # Seat 0, void in hearts, may under-trump with 2S as well as over-trump with KS.
    assert sorted(game.legal_cards()) == sorted(cards("2S KS"))
    game.play("2S")
    assert game.tricks[0].winner == 2


def test_option_void_rule_must_trump_any_card_when_holding_no_trump() -> None:
    game = dealt(
        preset("classique").override({"ladder": [2]}), ["2S KS", "AH KC", "5D 9C", "4H 8D"], "7S"
    )
    bid_in_order(game, [0, 0, 0, 0])
    game.play("AH")
    assert sorted(game.legal_cards()) == sorted(cards("5D 9C"))


def test_option_void_rule_must_trump_any_card_in_a_round_without_trump() -> None:
    game = dealt(preset("classique").override({"ladder": [2], "trump": "none"}), _TRUMP_HANDS, None)
    bid_in_order(game, [0, 0, 0, 0])
    game.play("AH")
    assert sorted(game.legal_cards()) == sorted(cards("5S 9S"))
    game.play("5S")
    game.play("4H")
    assert sorted(game.legal_cards()) == sorted(cards("2S KS"))


def test_option_void_rule_free_any_card_when_void() -> None:
    rules = preset("classique").override({"ladder": [2], "void_rule": "free"})
    game = dealt(rules, ["2S KS", "AH KC", "5S 9D", "4H 8D"], "7S")
    bid_in_order(game, [0, 0, 0, 0])
    game.play("AH")
    assert sorted(game.legal_cards()) == sorted(cards("5S 9D"))
    game.play("9D")  # a discard: it cannot win
    game.play("4H")
    game.play("2S")  # seat 0 ruffs
    assert game.tricks[0].winner == 0


def test_rule_the_trick_goes_to_the_highest_trump_played() -> None:
    game = dealt(preset("classique").override({"ladder": [2]}), _TRUMP_HANDS, "7S")
    bid_in_order(game, [0, 0, 0, 0])
    assert play_trick(game, "AH", "5S", "4H", "KS") == 0


def test_rule_void_players_are_remembered() -> None:
    game = dealt(
        preset("classique").override({"ladder": [2]}), ["2S KS", "AH KC", "5D 9C", "4H 8D"], "7S"
    )
    bid_in_order(game, [0, 0, 0, 0])
    game.play("AH")
    game.play("5D")  # void in hearts, and holds no trump (must-trump)
    view = game.view(1)
    assert {s.letter for s in view.voids[2]} == {"H", "S"}
    assert view.voids[1] == frozenset()


# -- §7 scoring ----------------------------------------------------------------------------------

_WORKED_BIDS = [2, 4, 2, 1]  # Jeanne, Pierre, Paul, Martine
_WORKED_WON = [3, 1, 2, 1]


@pytest.mark.parametrize(
    ("scheme", "points"),
    [
        ("pool", [-1, -3, 6, 5]),
        ("own-tricks", [-1, -3, 2, 1]),
        ("bonus-10", [0, 0, 12, 11]),
        ("ascensor", [-5, -15, 20, 15]),
    ],
)
def test_option_scoring_schemes_on_the_worked_example(scheme: str, points: list[int]) -> None:
    assert round_points(SCORINGS[scheme], _WORKED_BIDS, _WORKED_WON) == points
    game = Game.new(
        preset("classique").override({"ladder": [7], "scoring": scheme}),
        ["Jeanne", "Pierre", "Paul", "Martine"],
        first_dealer=1,
    )
    game.record_summary(_WORKED_BIDS, _WORKED_WON)
    assert list(game.results[0].points) == points


def test_option_scoring_pool_worked_example_of_rules_md() -> None:
    # Jeanne bids 2 wins 3 → −1; Pierre bids 4 wins 1 → −3; Paul 2/2 → 2 + 4; Martine 1/1 → 1 + 4.
    assert round_points(SCORINGS["pool"], _WORKED_BIDS, _WORKED_WON) == [-1, -3, 6, 5]


def test_option_scoring_ascensor_loses_five_per_trick_of_difference() -> None:
    # [C]'s "5*(3-2) = 6 puntos" is a typo: the player loses 5.
    assert round_points(SCORINGS["ascensor"], [2, 0, 0], [3, 0, 0])[0] == -5


def test_option_scoring_table_of_four_numbers() -> None:
    rules = preset("classique").override(
        {
            "scoring": {
                "made_base": 10,
                "made_per_trick": 2,
                "missed_per_trick": 1,
                "missed_per_diff": 3,
            }
        }
    )
    assert rules.scoring == Scoring(10, 2, 1, 3, False)
    # made 2 → 10 + 4; missed by 1 with 3 tricks → 3 − 3; missed by 2 with 0 tricks → −6
    assert round_points(rules.scoring, [2, 2, 2], [2, 3, 0]) == [14, 0, -6]


@pytest.mark.parametrize(
    ("value", "shown_as"),
    [(1_000_001, "1000001"), (-1_000_001, "-1000001"), (10**5000, "more than 4999 digits")],
    ids=["above", "below", "5001-digits"],
)
def test_option_scoring_numbers_are_bounded_so_totals_stay_numbers(
    value: int, shown_as: str
) -> None:
    """A number beyond a million either way is refused, naming it (a number of thousands of
    digits, which Python cannot even write out, by its length): totals, means and ratings
    of such a table could not be computed."""
    table = {"made_base": 0, "made_per_trick": 1, "missed_per_trick": 0, "missed_per_diff": 1}
    assert preset("classique").override({"scoring": {**table, "made_base": 10**6}})
    with pytest.raises(RulesError) as caught:
        preset("classique").override({"scoring": {**table, "missed_per_diff": value}})
    message = str(caught.value)
    assert message.startswith("scoring: missed_per_diff must be a whole number from -1000000")
    assert message.endswith(shown_as)


def test_option_scoring_table_with_pool_pools_only_negative_scores() -> None:
    rules = preset("prime").override(
        {
            "scoring": {
                "made_base": 1,
                "made_per_trick": 1,
                "missed_per_trick": 5,
                "missed_per_diff": 1,
                "pool": True,
            }
        }
    )
    assert rules.scoring.pool
    # seat 0 made (1 + 1), seat 1 missed with 3 tricks (15 − 2 = 13 ≥ 0, loses nothing),
    # seat 2 missed 0 for 2 (−2): the pool is 2.
    assert round_points(rules.scoring, [1, 1, 2], [1, 3, 0]) == [4, 13, -2]


def test_option_scoring_table_equal_to_a_named_scheme_is_that_scheme() -> None:
    rules = preset("classique").override(
        {
            "scoring": {
                "made_base": 10,
                "made_per_trick": 1,
                "missed_per_trick": 0,
                "missed_per_diff": 0,
            }
        }
    )
    assert rules.scoring is SCORINGS["bonus-10"]


@pytest.mark.parametrize(
    ("scheme", "points"),
    [
        ("pool", [3, -1, -1]),
        ("own-tricks", [1, -1, -1]),
        ("bonus-10", [11, 0, 0]),
        ("ascensor", [15, -5, -5]),
    ],
)
def test_rule_make_the_contract_only_with_the_exact_number_of_tricks(
    scheme: str, points: list[int]
) -> None:
    # All bid 1: one wins exactly 1, one wins 2 (one too many), one wins 0 (one too few).
    assert round_points(SCORINGS[scheme], [1, 1, 1], [1, 2, 0]) == points


def test_rule_events_of_a_round_say_what_happened_in_order() -> None:
    game = Game.new(
        preset("classique").override({"ladder": [1]}), ["Ann", "Bob", "Cat"], first_dealer=0
    )
    events = game.deal_hands([cards("2H"), cards("AH"), cards("KH")], Card.parse("3S"))
    kinds = [type(e).__name__ for e in events]
    for action in (1, 0, 1):  # Bob, Cat, then Ann the dealer
        events = game.act(action)
        kinds += [type(e).__name__ for e in events]
    for card in ("AH", "KH", "2H"):
        kinds += [type(e).__name__ for e in game.play(card)]
    assert kinds == [
        "RoundDealt",
        "BidMade",
        "BidMade",
        "BidMade",
        "CardPlayed",
        "CardPlayed",
        "CardPlayed",
        "TrickWon",
        "RoundScored",
        "GameOver",
    ]
    assert game.winners() == [1]


def test_rule_a_dealt_hand_must_fit_the_table() -> None:
    game = Game.new(
        preset("classique").override({"ladder": [1]}), ["Ann", "Bob", "Cat"], first_dealer=0
    )
    with pytest.raises(InvalidDealError, match="there are 2 hands for 3 players"):
        game.deal_hands([cards("2H"), cards("AH")], Card.parse("3S"))
    with pytest.raises(InvalidDealError, match="there is 1 hand for 3 players"):
        game.deal_hands([cards("2H")], Card.parse("3S"))
    with pytest.raises(InvalidDealError, match="Bob holds 2 cards instead of 1"):
        game.deal_hands([cards("2H"), cards("AH KH"), cards("QH")], Card.parse("3S"))
    with pytest.raises(InvalidDealError, match="AH is dealt twice"):
        game.deal_hands([cards("2H"), cards("AH"), cards("AH")], Card.parse("3S"))
    assert game.phase is Phase.DEAL


# -- invalid options and combinations (RULES.md §8, last paragraph) ------------------------------


@pytest.mark.parametrize(
    ("options", "option", "words"),
    [
        ({"colour": "red"}, "colour", "no such option"),
        ({"deck": "pinochle"}, "deck", "not a value of this option"),
        ({"decks": 3}, "decks", "not 1, 2 or auto"),
        ({"strip_to_multiple": "maybe"}, "strip_to_multiple", "not true or false"),
        ({"duplicate_cards": "last-wins"}, "duplicate_cards", "not a value"),
        ({"ladder": "sideways"}, "ladder", "not a ladder"),
        ({"ladder": []}, "ladder", "not a ladder"),
        ({"ladder": [3, 0]}, "ladder", "whole number ≥ 1"),
        ({"max_cards": 0}, "max_cards", "at least 1"),
        ({"peak_no_trump_rounds": -1}, "peak_no_trump_rounds", "at least 0"),
        ({"trump": "random"}, "trump", "not a value"),
        ({"bidding": "shouted"}, "bidding", "not a value"),
        ({"bid_limit": "over"}, "bid_limit", "not a value"),
        ({"void_rule": "must-overtrump"}, "void_rule", "not a value"),
        ({"blind_single_card": 2}, "blind_single_card", "not true or false"),
        ({"direction": "up"}, "direction", "not a value"),
        ({"scoring": "golf"}, "scoring", "not a scoring"),
        ({"scoring": {"made_base": 1}}, "scoring", "made_per_trick is missing"),
        (
            {
                "scoring": {
                    "made_base": 1,
                    "made_per_trick": "2",
                    "missed_per_trick": 0,
                    "missed_per_diff": 1,
                }
            },
            "scoring",
            'made_per_trick: "2" is text; write 2',
        ),
        (
            {
                "scoring": {
                    "made_base": 1,
                    "made_per_trick": 1,
                    "missed_per_trick": 0,
                    "missed_per_diff": 2.5,
                }
            },
            "scoring",
            "missed_per_diff must be a whole number, not 2.5",
        ),
        (
            {
                "scoring": {
                    "made_base": 1,
                    "made_per_trick": 1,
                    "missed_per_trick": 0,
                    "missed_per_diff": 1,
                    "pool": "true",
                }
            },
            "scoring",
            'pool: "true" is text; write true',
        ),
        (
            {
                "scoring": {
                    "made_base": 1,
                    "made_per_trick": 1,
                    "missed_per_trick": 0,
                    "missed_per_diff": 1,
                    "bonus": 3,
                }
            },
            "scoring",
            'unknown key "bonus"',
        ),
        (
            {
                "scoring": {
                    "made_base": 1,
                    "made_per_trick": 1,
                    "missed_per_trick": 0,
                    "missed_per_diff": 1,
                    "pool": "yes",
                }
            },
            "scoring",
            'pool must be true or false, not "yes"',
        ),
        ({"bidding": "simultaneous"}, "bidding", "simultaneous bidding needs bid_limit none"),
        ({"decks": True}, "decks", "not 1, 2 or auto"),
        ({"decks": 2.0}, "decks", "not 1, 2 or auto"),
    ],
)
def test_rule_invalid_option_is_refused_naming_the_option(
    options: dict[str, object], option: str, words: str
) -> None:
    with pytest.raises(RulesError) as caught:
        preset("classique").override(options)
    assert caught.value.option == option
    assert words in caught.value.reason
    assert str(caught.value).startswith(option + ": ")


def test_rule_unknown_preset_is_refused() -> None:
    with pytest.raises(RulesError, match='unknown preset "bridge"') as caught:
        preset("bridge")
    assert caught.value.option == "preset"


def test_two_players_may_not_share_a_name() -> None:
    """Every message, score sheet and list of winners names the players."""
    with pytest.raises(RulesError, match="two players are named Ann") as caught:
        Game.new(preset("classique"), ["Ann", "Bob", "Ann"])
    assert caught.value.option == "players"
    assert Game.new(preset("classique"), ["Ann", "Bob", "ann"]).names == ("Ann", "Bob", "ann")
    # The check is cached per set of names; its words still follow the language.
    with language("fr"), pytest.raises(RulesError, match="deux joueurs s'appellent Ann"):
        Game.new(preset("classique"), ["Ann", "Bob", "Ann"])


@pytest.mark.parametrize(
    "blank",
    ["\u200b", "\u00ad", "\u202e", " \u200d\u2060 ", "\u3164", "\u2800", "\ufe0f", "\u2062"],
)
def test_a_name_that_shows_nothing_is_refused(blank: str) -> None:
    """A zero-width space, a soft hyphen or a direction mark alone would sit at the table
    as a player nobody can see in the score sheet or the winners."""
    with pytest.raises(RulesError, match="is not a name") as caught:
        Game.new(preset("classique"), ["Ann", blank, "Cat"])
    assert caught.value.option == "players"


@pytest.mark.parametrize(
    "twins",
    [
        ("Zo\u00e9", "Zoe\u0301"),
        ("Ann", "Ann\u200b"),
        ("Ann", "\u2060Ann "),
        ("Ann", "Ann\u2063"),  # an invisible separator
        ("Ann", "Ann\u200d"),  # a joiner that joins nothing
    ],
)
def test_names_that_look_the_same_are_one_name(twins: tuple[str, str]) -> None:
    """ "Zoé" typed composed or decomposed, or with an invisible character, looks like the
    same name on every screen."""
    with pytest.raises(RulesError, match="two players are named"):
        Game.new(preset("classique"), [twins[0], "Bob", twins[1]])
    assert Game.new(preset("classique"), [twins[0], "Bob", "Cat"]).names[0] == twins[0]


@pytest.mark.parametrize(
    "pair",
    [
        # England's and Scotland's flags differ by their tags only
        ("🏴\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f",
         "🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f"),
        ("👨\u200d👩\u200d👧", "👨👩👧"),  # a family, or three people
        ("می\u200cنا", "مینا"),  # Persian: the non-joiner changes the letters drawn
    ],
)  # fmt: skip
def test_names_that_joiners_or_tags_tell_apart_stay_two_names(pair: tuple[str, str]) -> None:
    assert Game.new(preset("classique"), [*pair, "Bob"]).names[:2] == pair


def test_a_name_twice_with_an_invisible_character_is_written_out_in_the_refusal() -> None:
    """A direction override shown as typed would turn the rest of the message around."""
    with pytest.raises(RulesError) as caught:
        Game.new(preset("classique"), ["Ann", "\u202eAnn", "Bob"])
    assert str(caught.value) == (
        "players: two players are named \\u202eAnn: give each a name of their own"
    )
    with pytest.raises(RulesError, match="named 李\\\\u200b: give"):  # only the invisible
        Game.new(preset("classique"), ["李", "李\u200b", "Bob"])


@pytest.mark.parametrize(
    ("name", "players"),
    [("classique", 2), ("classique", 21), ("prime", 9), ("ascensor", 9), ("enculette", 11)],
)
def test_rule_players_outside_the_preset_range_are_refused(name: str, players: int) -> None:
    with pytest.raises(RulesError, match=f"not {players}") as caught:
        Game.new(preset(name), players)
    assert caught.value.option == "players"


def test_rule_too_many_players_for_the_deck_is_refused() -> None:
    rules = dataclasses.replace(preset("enculette"), max_players=30)
    with pytest.raises(RulesError, match="22 players are too many for a deck of 21") as caught:
        Game.new(rules, 22)
    assert caught.value.option == "decks"


TEXT_OPTIONS = {
    "decks": "2",
    "strip_to_multiple": "no",
    "ladder": "1,3,5",
    "max_cards": "5",
    "peak_no_trump_rounds": "2",
    "blind_single_card": "yes",
    "scoring": '{"made_base": 10, "made_per_trick": 5, "missed_per_trick": 0, '
    '"missed_per_diff": 5}',
}


def test_rule_option_values_typed_as_text_are_read_by_option_from_text() -> None:
    rules = preset("classique").override(
        {name: option_from_text(name, text) for name, text in TEXT_OPTIONS.items()}
    )
    assert (rules.decks, rules.strip_to_multiple, rules.ladder, rules.max_cards) == (
        2,
        False,
        (1, 3, 5),
        5,
    )
    assert rules.peak_no_trump_rounds == 2 and rules.blind_single_card is True
    assert rules.scoring is SCORINGS["ascensor"]
    assert option_from_text("max_cards", "none") is None
    assert option_from_text("ladder", "[2, 4]") == [2, 4]
    assert option_from_text("strip_to_multiple", "ON") is True
    assert option_from_text("void_rule", "free") == "free"


@pytest.mark.parametrize(
    ("name", "text", "typed"),
    [
        ("decks", "2", "2"),
        ("strip_to_multiple", "no", "false"),
        ("blind_single_card", "1", "true"),
        ("ladder", "1,3,5", "[1, 3, 5]"),
        ("ladder", "[1,3,5]", "[1, 3, 5]"),
        ("max_cards", "5", "5"),
        ("max_cards", "none", "null, or leave the option out"),
        ("peak_no_trump_rounds", "2", "2"),
    ],
)
def test_a_json_value_given_as_text_is_refused_with_how_to_write_it(
    name: str, text: str, typed: str
) -> None:
    """A record or rules file holds JSON values: a number, flag or list written as a
    string is not one, and the message says how to write it."""
    with pytest.raises(RulesError) as caught:
        preset("classique").override({name: text})
    assert caught.value.option == name
    assert f"is text; write {typed}" in str(caught.value)


@pytest.mark.parametrize(
    ("name", "value", "reason"),
    [
        ("strip_to_multiple", "maybe", "is not true or false"),
        ("strip_to_multiple", 1, "is not true or false"),
        ("decks", "two", "is not 1, 2 or auto"),
        ("decks", True, "is not 1, 2 or auto"),
        ("ladder", "1,x", "is not a ladder"),
        ("max_cards", "03x", "is not a whole number"),
        ("max_cards", "[" * 100_000, "is not a whole number"),
        ("ladder", " up-down", "is not a ladder"),
        ("ladder", "1 3", "is not a ladder"),
        ("ladder", "1,,3", "is not a ladder"),
        ("ladder", "1,²", "is not a ladder"),
        ("scoring", TEXT_OPTIONS["scoring"], "is not a scoring"),
    ],
)
def test_a_wrong_json_value_is_refused_without_a_hint(
    name: str, value: object, reason: str
) -> None:
    with pytest.raises(RulesError, match=reason) as caught:
        preset("classique").override({name: value})
    assert caught.value.option == name
    assert "is text; write" not in str(caught.value)


def test_rule_overrides_round_trip_through_the_record_value() -> None:
    rules = preset("prime").override(
        {
            "void_rule": "must-trump",
            "ladder": [5],
            "scoring": {
                "made_base": 3,
                "made_per_trick": 1,
                "missed_per_trick": 0,
                "missed_per_diff": 2,
                "pool": True,
            },
        }
    )
    value = rules.to_record()
    assert isinstance(value, dict) and value["preset"] == "prime"
    from ascenseur import rules_from_mapping

    assert rules_from_mapping(value) == rules
    assert preset("prime").to_record() == "prime"


def test_rules_built_with_json_values_play_as_the_preset_they_equal() -> None:
    """The engine tests options by identity: ``Rules(bid_limit="hook")`` compared equal to
    the preset yet played without the hook, and a look-alike of a preset could take its
    place in the deck cache. Values are read as a record's, or refused."""
    text = Rules(bid_limit="hook", ladder=[1])  # type: ignore[arg-type]
    assert text == Rules(ladder=(1,)) and text.bid_limit is Rules().bid_limit
    game = Game.new(text, ["Ann", "Bob", "Cat"], first_dealer=0)
    game.deal(1)
    game.bid(0)
    game.bid(0)
    assert game.forbidden_bid() == 1
    from ascenseur.core.rules import _deck_cards

    _deck_cards.cache_clear()
    look = dataclasses.replace(preset("enculette"), deck="tarot-trumps")  # type: ignore[arg-type]
    assert look.deck is preset("enculette").deck
    assert len(look.deck_cards(4)) == 21  # the look-alike first: it fills the cache
    assert len(preset("enculette").deck_cards(4)) == 21
    # A scoring is read by its numbers: a name beside other numbers names nothing.
    named_wrong = Rules(scoring=Scoring(5, 5, 5, 5, name="pool"))
    assert named_wrong.scoring == Scoring(5, 5, 5, 5)
    with pytest.raises(RulesError, match="bid_limit"):
        Rules(bid_limit="maybe")  # type: ignore[arg-type]
