"""The deal sampler: worlds consistent with a player's view, drawn from all unseen cards."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ascenseur import Card, Game, Phase, preset, sample_game, sample_hands
from ascenseur.core.cards import SUIT_MASKS, Suit, cards_of, mask_of
from ascenseur.core.engine import SUIT_OF
from ascenseur.core.sampler import (
    _HOPELESS_SHUFFLE,
    _constructive,
    _dealable,
    _shuffle_chance,
    _takers,
    hidden_deal,
)


def cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def test_sampler_draws_from_all_unseen_cards_stock_included() -> None:
    """3 players × 5 cards from 52, one card turned: seat 0 has not seen 46 cards, 36 of
    them in the stock. Each unseen card must land in the stock ≈ 36/46 of the time and in a
    given opponent's hand ≈ 5/46 of the time. A sampler that reshuffled only the cards really
    dealt to the opponents would give every card 0 or 1 here."""
    game = Game.new(preset("prime").override({"ladder": [5]}), 3, first_dealer=0)
    game.deal(random.Random(2024))
    view = game.view(0)
    unseen = view.unseen_cards()
    assert len(unseen) == 46
    samples = 3000
    in_stock: Counter[Card] = Counter()
    in_seat_1: Counter[Card] = Counter()
    rng = random.Random(7)
    for _ in range(samples):
        hands = sample_hands(view, rng)
        assert hands[0] == mask_of(game.hand(0))
        assert [h.bit_count() for h in hands] == [5, 5, 5]
        held = hands[1] | hands[2]
        for card in unseen:
            if not held >> card & 1:
                in_stock[card] += 1
            elif hands[1] >> card & 1:
                in_seat_1[card] += 1
    for card in unseen:
        assert abs(in_stock[card] / samples - 36 / 46) < 0.05, card
        assert abs(in_seat_1[card] / samples - 5 / 46) < 0.04, card
    # The cards the opponents really hold are not favoured.
    really_held = game.hand(1) + game.hand(2)
    share = sum(samples - in_stock[c] for c in really_held) / (samples * len(really_held))
    assert abs(share - 10 / 46) < 0.03


def _void_game() -> Game:
    """Seat 2 holds only diamonds; two tricks led in hearts and clubs show it void in hearts,
    clubs and (must-trump, no trump played) spades, the trump suit."""
    rules = preset("classique").override({"ladder": [5]})
    game = Game.new(rules, 4, first_dealer=0)
    game.deal_hands(
        [
            cards("2H 3H 2C 3C 4S"),
            cards("AH KH AC KC 5S"),
            cards("2D 3D 4D 5D 6D"),
            cards("4H 5H 4C 5C 6S"),
        ],
        Card.parse("7S"),
    )
    for _ in range(4):
        game.bid(0 if game.turn != game.dealer else 1)
    for card in ("AH", "2D", "4H", "2H", "AC", "3D", "4C", "2C"):
        game.play(card)
    return game


def test_sampler_respects_known_voids() -> None:
    game = _void_game()
    view = game.view(1)
    assert view.voids[2] == frozenset({Suit.HEARTS, Suit.CLUBS, Suit.SPADES})
    rng = random.Random(3)
    banned = SUIT_MASKS[Suit.HEARTS] | SUIT_MASKS[Suit.CLUBS] | SUIT_MASKS[Suit.SPADES]
    seen_for_seat_2: set[Card] = set()
    for _ in range(400):
        hands = sample_hands(view, rng)
        assert not hands[2] & banned
        assert hands[1] == mask_of(game.hand(1))
        assert [h.bit_count() for h in hands] == [3, 3, 3, 3]
        seen_for_seat_2.update(cards_of(hands[2]))
    # Only diamonds, and several different ones: the sampler still draws at random.
    assert {c.suit for c in seen_for_seat_2} == {Suit.DIAMONDS}
    assert len(seen_for_seat_2) > 5


def test_sampler_never_deals_cards_seen_played_or_turned() -> None:
    game = _void_game()
    view = game.view(0)
    seen = mask_of(view.played_cards()) | (1 << Card.parse("7S")) | mask_of(game.hand(0))
    rng = random.Random(5)
    for _ in range(300):
        hands = sample_hands(view, rng)
        assert hands[0] == mask_of(game.hand(0))
        others = hands[1] | hands[2] | hands[3]
        assert not others & seen
        assert hands[1] & hands[2] == hands[1] & hands[3] == hands[2] & hands[3] == 0


def test_sampler_keeps_the_players_own_cards() -> None:
    game = Game.new(preset("ascensor").override({"ladder": [6]}), 5, first_dealer=3)
    game.deal(random.Random(0))
    rng = random.Random(1)
    for seat in range(5):
        view = game.view(seat)
        for _ in range(50):
            assert sample_hands(view, rng)[seat] == game.hands[seat]


def test_sampler_blind_round_draws_the_players_own_card_and_keeps_the_others() -> None:
    game = Game.new(preset("enculette").override({"ladder": [1]}), 4, first_dealer=0)
    game.deal(random.Random(8))
    view = game.view(2)
    assert view.hand is None
    unseen = set(view.unseen_cards())
    assert len(unseen) == 21 - 3
    drawn: Counter[Card] = Counter()
    rng = random.Random(9)
    for _ in range(900):
        hands = sample_hands(view, rng)
        for seat in (0, 1, 3):
            assert hands[seat] == game.hands[seat]
        (card,) = cards_of(hands[2])
        assert card in unseen
        drawn[card] += 1
    assert set(drawn) == unseen  # every unseen card, the stock's included, can be the own card


def test_sampler_is_reproducible_with_a_seed() -> None:
    view = _void_game().view(3)
    assert sample_hands(view, random.Random(4)) == sample_hands(view, random.Random(4))


def test_sample_game_of_a_view_gives_back_that_view() -> None:
    game = _void_game()
    for seat in range(4):
        view = game.view(seat)
        world = sample_game(view, random.Random(seat))
        assert world.view(seat) == view


def test_sample_game_fills_sealed_bids_with_the_given_policy() -> None:
    rules = preset("ascensor").override(
        {"bidding": "simultaneous", "bid_limit": "none", "ladder": [3]}
    )
    game = Game.new(rules, 3, first_dealer=0)
    game.deal(random.Random(3))
    game.bid(1)
    game.bid(2)
    view = game.view(0)
    assert view.bids == (None, None, None)
    world = sample_game(view, random.Random(0), sealed_bid=lambda v, seat, rng: 3)
    assert world.bids == [-1, 3, 3]
    assert world.view(0) == view
    world.bid(0)
    assert world.phase is Phase.PLAY


@st.composite
def positions(draw: st.DrawFn) -> tuple[Game, int]:
    """A game stopped anywhere in a round, under any preset and a few options."""
    name = draw(st.sampled_from(["classique", "prime", "ascensor", "enculette"]))
    players = draw(st.integers(3, 6))
    largest = 21 // players if name == "enculette" else 6
    options: dict[str, object] = {"ladder": [draw(st.integers(1, largest))]}
    if draw(st.booleans()):
        options["bidding"], options["bid_limit"] = "simultaneous", "none"
    if draw(st.booleans()):
        options["void_rule"] = draw(st.sampled_from(["must-trump", "free"]))
    if draw(st.booleans()):
        options["blind_single_card"] = True
    rng = random.Random(draw(st.integers(0, 2**32)))
    game = Game.new(preset(name).override(options), players, rng=rng)
    game.deal(rng)
    for _ in range(draw(st.integers(0, players * 7))):
        if game.phase not in (Phase.BID, Phase.PLAY):
            break
        if game.blind_play_pending:
            game.play_blind_card()
        else:
            game.push(rng.choice(game.legal_actions()))
    return game, draw(st.integers(0, players - 1))


@settings(max_examples=80)
@given(positions(), st.integers(0, 2**32))
def test_sample_game_agrees_with_the_view_and_can_be_played_out(
    position: tuple[Game, int], seed: int
) -> None:
    game, seat = position
    if game.phase in (Phase.BID, Phase.PLAY):
        view = game.view(seat)
        world = sample_game(view, random.Random(seed))
        assert world.view(seat) == view
        for other, suits in enumerate(view.voids):
            for suit in suits:
                assert not world.hands[other] & SUIT_MASKS[suit]
        world.random_playout(random.Random(seed))
        assert world.phase in (Phase.DEAL, Phase.OVER)


def test_sampler_with_voids_that_defeat_a_plain_shuffle() -> None:
    """Seat 2 may hold only the 11 unseen diamonds of 36 unseen cards: a plain shuffle rarely
    gives it three of them, so the constructive deal must, every time."""
    game = _void_game()
    view = game.view(1)
    diamonds_unseen = [c for c in view.unseen_cards() if c.suit is Suit.DIAMONDS]
    assert len(diamonds_unseen) == 13 - 2 - 0  # 2D, 3D played; seat 1 holds none
    rng = random.Random(12)
    for _ in range(50):
        hands = sample_hands(view, rng)
        assert all(c.suit is Suit.DIAMONDS for c in cards_of(hands[2]))


@pytest.mark.parametrize("phase_name", ["DEAL", "OVER"])
def test_sampler_outside_a_round_deals_nothing(phase_name: str) -> None:
    game = Game.new(preset("classique").override({"ladder": [1]}), 3, first_dealer=0)
    if phase_name == "OVER":
        game.deal(random.Random(0))
        game.random_playout(random.Random(0))
    view = game.view(0)
    assert view.phase.name == phase_name
    assert sample_hands(view, random.Random(0)) == [0, 0, 0]


def _suits_held(mask: int) -> set[int]:
    return {suit for suit, cards in enumerate(SUIT_MASKS) if mask & cards}


def _voids_a_deal_allows(rng: random.Random, sizes: list[int], pool: list[Card]) -> list[int]:
    """For hands dealt in order from the top of ``pool``: per hand, a random set of the suits
    it really lacks, as a mask of banned cards (voids a real deal could have shown)."""
    start = 0
    banned = []
    for size in sizes:
        held = mask_of(pool[start : start + size])
        start += size
        lacking = [s for s in range(len(SUIT_MASKS)) if s not in _suits_held(held)]
        ban = 0
        for suit in rng.sample(lacking, rng.randint(0, len(lacking))):
            ban |= SUIT_MASKS[suit]
        banned.append(ban)
    return banned


def _check_constructive_deal(needs: list[int], banned: list[int], pool: list[Card]) -> None:
    rng = random.Random(len(pool))
    for _ in range(30):
        hands = _constructive([0] * len(needs), list(range(len(needs))), needs, banned, pool, rng)
        assert [h.bit_count() for h in hands] == needs
        assert not any(h & ban for h, ban in zip(hands, banned, strict=True))
        everyone = 0
        for hand in hands:
            assert not everyone & hand
            everyone |= hand
        assert everyone & ~mask_of(pool) == 0


def test_the_constructive_deal_finds_the_only_way_the_voids_leave() -> None:
    """Met in a tournament (prime, 13 cards, 4 players): the three others hold the 13 unseen
    cards; two are out of hearts, the third out of clubs, so the third must hold exactly the
    four hearts. Drawing the most constrained hand first at random found that 1 time in 35,
    and a search asking for thousands of worlds failed."""
    pool = cards("4C QC 3C JC 6D JH 6S KS 5C AH KH 8C 5H")
    hearts, clubs = SUIT_MASKS[Suit.HEARTS], SUIT_MASKS[Suit.CLUBS]
    _check_constructive_deal([5, 4, 4], [hearts, hearts, clubs], pool)
    hands = _constructive(
        [0, 0, 0], [0, 1, 2], [5, 4, 4], [hearts, hearts, clubs], pool, random.Random(1)
    )
    assert hands[2] == mask_of(cards("JH AH KH 5H"))


@settings(max_examples=150)
@given(st.integers(0, 2**32), st.integers(1, 5), st.integers(0, 12))
def test_the_constructive_deal_respects_any_voids_a_real_deal_allows(
    seed: int, seats: int, stock: int
) -> None:
    """From a real deal of the unseen cards (hands and a stock), voids in suits a hand really
    lacks: the constructive deal always succeeds, within the voids and the hand sizes."""
    rng = random.Random(seed)
    deck = [c for c in preset("prime").deck_cards(4)]
    rng.shuffle(deck)
    sizes = [rng.randint(0, 10) for _ in range(seats)]
    pool = deck[: sum(sizes) + stock]
    banned = _voids_a_deal_allows(rng, sizes, pool)
    _check_constructive_deal(sizes, banned, pool)


def _constructive_by_the_definition(
    needs: list[int], banned: list[int], pool: list[Card], rng: random.Random
) -> list[int]:
    """The constructive deal as first written: Hall's condition checked afresh over every
    set of suits for every card (slow, plain; the oracle for the incremental one)."""
    accepts, left, counts = _takers(needs, banned, pool)
    dealt = [0] * len(left)
    order = list(pool)
    rng.shuffle(order)
    for card in order:
        suit = SUIT_OF[card]
        counts[suit] -= 1
        takers = [i for i, need in enumerate(left) if need and accepts[i] >> suit & 1]
        while True:
            i = rng.choices(takers, weights=[left[t] for t in takers])[0]
            left[i] -= 1
            if _dealable(counts, accepts, left):
                break
            left[i] += 1
            takers.remove(i)
        dealt[i] |= 1 << card
    return dealt[: len(needs)]


@settings(max_examples=300)
@given(st.integers(0, 2**32), st.integers(1, 6), st.integers(0, 30), st.booleans())
def test_the_constructive_deal_is_the_one_its_definition_gives(
    seed: int, seats: int, stock: int, tarot: bool
) -> None:
    """Hall's condition kept up to date card by card deals exactly what checking it afresh
    for every card deals, from the same random numbers."""
    rng = random.Random(seed)
    deck = list(preset("enculette" if tarot else "prime").deck_cards(seats))
    rng.shuffle(deck)
    sizes = [rng.randint(0, max(0, (len(deck) - stock) // seats)) for _ in range(seats)]
    pool = deck[: min(len(deck), sum(sizes) + stock)]
    banned = _voids_a_deal_allows(rng, sizes, pool)
    fast = _constructive([0] * seats, list(range(seats)), sizes, banned, pool, random.Random(seed))
    plain = _constructive_by_the_definition(sizes, banned, pool, random.Random(seed))
    assert fast == plain


@given(st.integers(1, 52), st.data())
def test_the_chance_of_a_good_shuffle_for_one_player_is_the_hypergeometric_one(
    unseen: int, data: st.DataObject
) -> None:
    """For one player, the chance that none of its ``need`` cards is of a banned suit is
    C(allowed, need) / C(unseen, need)."""
    deck = list(preset("prime").deck_cards(4))[:unseen]
    suits = data.draw(st.sets(st.integers(0, 3)))
    ban = sum(SUIT_MASKS[s] for s in suits)
    need = data.draw(st.integers(0, unseen))
    allowed = sum(1 for c in deck if not ban >> c & 1)
    expected = math.comb(allowed, need) / math.comb(unseen, need)
    assert math.isclose(_shuffle_chance([need], [ban], deck), expected, abs_tol=1e-12)


def test_a_hopeless_shuffle_is_skipped_for_the_constructive_deal() -> None:
    """At ten players late in a hand, the voids of nine others make a plain shuffle almost
    never agree: the sampler deals constructively at once, so its deal is exactly the
    constructive deal's from the same random numbers (no shuffle drawn before it)."""
    rules = preset("classique").override({"ladder": [5], "decks": 1})
    checked = 0
    for seed in range(40):
        rng = random.Random(seed)
        game = Game.new(rules, 10, first_dealer=0)
        game.deal(rng)
        while game.phase in (Phase.BID, Phase.PLAY):
            view = game.view(game.turn)
            seats, needs, banned, pool = hidden_deal(view)
            if (
                view.phase is Phase.PLAY
                and _shuffle_chance(needs, banned, pool) < _HOPELESS_SHUFFLE
            ):
                hands = sample_hands(view, random.Random(seed))
                direct = _constructive(
                    [0] * len(hands), seats, needs, banned, pool, random.Random(seed)
                )
                direct[view.seat] = mask_of(view.hand or [])
                assert hands == direct
                checked += 1
            game.push(rng.choice(game.legal_actions()))
    assert checked >= 5


def test_sampler_takes_an_integer_seed_and_refuses_what_is_no_view_or_generator() -> None:
    """Both samplers take a generator or an integer seed, as every function that draws does;
    anything else, or what is no view, is a TypeError saying what is taken."""
    game = Game.new(preset("prime"), 4, first_dealer=0)
    game.deal(random.Random(3))
    view = game.view(2)
    assert sample_hands(view, 5) == sample_hands(view, random.Random(5))
    assert sample_game(view, 5).hands == sample_game(view, random.Random(5)).hands
    for sampler in (sample_hands, sample_game):
        for rng in ("5", 1.5, None, True):
            with pytest.raises(TypeError, match=r"random\.Random or an integer seed"):
                sampler(view, rng)  # type: ignore[arg-type]
        for what in (None, game, {}):
            with pytest.raises(TypeError, match=r"game\.view\(seat\)"):
                sampler(what, 5)  # type: ignore[arg-type]
