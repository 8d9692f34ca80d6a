"""Every checked refusal of the engine, in a player's words, with its rule and seat."""

from __future__ import annotations

import dataclasses
import pickle
import random
import re

import pytest

from ascenseur import (
    Card,
    Game,
    IllegalActionError,
    IllegalBidError,
    IllegalPlayError,
    Phase,
    RulesError,
    preset,
)
from ascenseur.core.errors import InvalidDealError, RecordError
from ascenseur.core.rules import PlayersError

NAMES = ["Ann", "Bob", "Cat", "Dan"]


def cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def game_with(options: dict[str, object], hands: list[str], trump: str | None) -> Game:
    rules = preset("classique").override(options)
    game = Game.new(rules, NAMES[: len(hands)], first_dealer=0)
    game.deal_hands([cards(h) for h in hands], None if trump is None else Card.parse(trump))
    return game


HANDS = ["2S KS 3C", "AH KC 4C", "5H 9S 8D", "4H 8C 2D"]


def playing() -> Game:
    game = game_with({"ladder": [3]}, HANDS, "7S")
    for _ in range(4):
        game.bid(0)
    return game


def test_refusal_hook_names_the_dealer_the_bid_and_the_total() -> None:
    game = game_with({"ladder": [3]}, HANDS, "7S")
    for bid in (1, 0, 1):
        game.bid(bid)
    with pytest.raises(IllegalBidError) as caught:
        game.bid(1)
    assert str(caught.value) == (
        "Ann, the dealer, may not bid 1: the bids would equal the number of tricks (3)"
    )
    assert (caught.value.rule, caught.value.seat) == ("hook", 0)


def test_refusal_under_names_the_player_and_the_total() -> None:
    game = game_with({"ladder": [3], "bid_limit": "under"}, HANDS, "7S")
    game.bid(1)
    with pytest.raises(IllegalBidError) as caught:
        game.bid(2)
    assert str(caught.value) == (
        "Cat may not bid 2: the bids would total 3, and they must stay under the number of "
        "tricks (3)"
    )
    assert (caught.value.rule, caught.value.seat) == ("under", 2)


@pytest.mark.parametrize("bid", [4, -1])
def test_refusal_bid_range(bid: int) -> None:
    game = game_with({"ladder": [3]}, HANDS, "7S")
    with pytest.raises(IllegalBidError) as caught:
        game.bid(bid)
    assert str(caught.value) == f"Bob may not bid {bid}: bids go from 0 to 3"
    assert (caught.value.rule, caught.value.seat) == ("bid_range", 1)


def test_refusal_follow_suit_names_a_card_of_the_suit_held() -> None:
    game = playing()
    game.play("AH")
    with pytest.raises(IllegalPlayError) as caught:
        game.play("9S")
    assert str(caught.value) == "Cat must follow hearts (holds 5H) but played 9S"
    assert (caught.value.rule, caught.value.seat) == ("follow_suit", 2)


def test_refusal_must_trump_names_a_trump_held() -> None:
    game = playing()
    game.play("KC")
    with pytest.raises(IllegalPlayError) as caught:
        game.play("8D")
    assert str(caught.value) == ("Cat cannot follow clubs and must trump (holds 9S) but played 8D")
    assert (caught.value.rule, caught.value.seat) == ("must_trump", 2)


def test_refusal_card_not_held() -> None:
    game = playing()
    with pytest.raises(IllegalPlayError) as caught:
        game.play("QS")
    assert str(caught.value) == "Bob does not hold QS"
    assert (caught.value.rule, caught.value.seat) == ("not_held", 1)
    with pytest.raises(IllegalPlayError, match="Bob does not hold 5H"):
        game.play("5H")  # another player's card


def test_refusal_wrong_turn_for_a_bid_and_for_a_card() -> None:
    game = game_with({"ladder": [3]}, HANDS, "7S")
    with pytest.raises(IllegalBidError) as caught:
        game.bid(0, seat=2)
    assert str(caught.value) == "it is Bob's turn, not Cat's"
    assert (caught.value.rule, caught.value.seat) == ("turn", 2)
    game = playing()
    with pytest.raises(IllegalPlayError) as caught_play:
        game.play("5H", seat=2)
    assert str(caught_play.value) == "it is Bob's turn, not Cat's"
    assert caught_play.value.rule == "turn"
    game.play("AH", seat=1)  # the right seat is accepted


def test_refusal_wrong_phase_before_the_deal() -> None:
    game = Game.new(preset("classique"), NAMES, first_dealer=0)
    for act in (lambda: game.bid(0), lambda: game.play("AS"), lambda: game.act(0)):
        with pytest.raises(IllegalActionError) as caught:
            act()
        assert str(caught.value) == "the cards have not been dealt yet"
        assert caught.value.rule == "phase"


def test_refusal_wrong_phase_a_card_during_the_bidding() -> None:
    game = game_with({"ladder": [3]}, HANDS, "7S")
    with pytest.raises(IllegalPlayError) as caught:
        game.play("AH")
    assert str(caught.value) == "the players are bidding: it is not the time to play a card"
    assert caught.value.rule == "phase"
    with pytest.raises(IllegalPlayError, match="a play is a card"):
        playing().act(2)


def test_refusal_wrong_phase_a_bid_during_the_play() -> None:
    game = playing()
    with pytest.raises(IllegalBidError) as caught:
        game.bid(1)
    assert str(caught.value) == "the bidding is over: it is time to play a card"
    assert caught.value.rule == "phase"
    fresh = game_with({"ladder": [3]}, HANDS, "7S")
    with pytest.raises(IllegalBidError, match="a bid is a number of tricks"):
        fresh.act(Card.parse("AH"))


def test_refusal_wrong_phase_after_the_game_and_dealing_twice() -> None:
    game = game_with({"ladder": [1]}, ["AS", "KS", "QS", "JS"], "2H")
    with pytest.raises(IllegalActionError, match="this round is not over") as dealing:
        game.deal(random.Random(0))
    assert dealing.value.rule == "phase"
    game.random_playout(random.Random(0))
    assert game.phase is Phase.OVER
    with pytest.raises(IllegalActionError) as caught:
        game.act(0)
    assert str(caught.value) == "the game is over"
    assert caught.value.rule == "phase"


def test_refusal_play_blind_card_outside_a_blind_round() -> None:
    game = playing()
    with pytest.raises(IllegalActionError, match="not the play of a blind round") as caught:
        game.play_blind_card()
    assert caught.value.rule == "phase"


def test_refusal_leaves_the_game_unchanged() -> None:
    game = playing()
    before = (game.hands[:], game.trick[:], game.turn)
    assert not game.is_legal(Card.parse("QS"))
    with pytest.raises(IllegalPlayError):
        game.play("QS")
    assert (game.hands, game.trick, game.turn) == before


def test_refusal_errors_are_typed() -> None:
    assert issubclass(IllegalBidError, IllegalActionError)
    assert issubclass(IllegalPlayError, IllegalActionError)


def snapshot(game: Game) -> tuple[object, ...]:
    """Everything a refusal must leave as it was: every seat's view and every slot."""
    views = tuple(game.view(s) for s in range(game.players))
    return (views, *(repr(getattr(game, slot)) for slot in Game.__slots__))


@pytest.mark.parametrize("seat", [5, -1, 4, True])
def test_a_seat_outside_the_table_is_refused_as_such(seat: int) -> None:
    """-1 is no seat (not the last one), and 5 no IndexError."""
    game = playing()
    before = snapshot(game)
    for ask in (game.bid, game.act, game.check):
        with pytest.raises(
            IllegalActionError, match=r"there is no seat .*: the seats go from 0 to 3"
        ) as caught:
            ask(0, seat=seat)
        assert caught.value.rule == "seat"
    assert not game.is_legal(0, seat=seat)
    with pytest.raises(IllegalActionError, match="there is no seat"):
        game.play("2S", seat=seat)
    assert snapshot(game) == before


def test_a_card_may_be_asked_about_as_text_as_it_is_played() -> None:
    game = playing()  # Bob leads, holding AH KC 4C
    assert game.is_legal("AH") and game.is_legal(Card.parse("AH"))
    assert not game.is_legal("2S")
    game.check("AH")
    with pytest.raises(IllegalPlayError, match="Bob does not hold 2S"):
        game.check("2S")
    with pytest.raises(IllegalPlayError) as caught:
        game.check("ZZ")
    assert caught.value.rule == "card"
    events = game.act("AH")
    assert events and game.trick == [Card.parse("AH")]


def test_a_deal_may_be_given_as_text() -> None:
    game = Game.new(preset("classique").override({"ladder": [3]}), NAMES, first_dealer=0)
    game.deal_hands([h.split() for h in HANDS], "7S")
    assert set(game.view(0).hand or ()) == set(cards(HANDS[0]))
    assert game.view(0).trump_card == Card.parse("7S")
    other = Game.new(preset("classique").override({"ladder": [3]}), NAMES, first_dealer=0)
    with pytest.raises(InvalidDealError, match=r"hand of Ann: .*XX"):
        other.deal_hands([["XX", "KS", "3C"], *[h.split() for h in HANDS[1:]]], "7S")
    assert other.phase is Phase.DEAL


def test_a_refused_score_sheet_round_leaves_the_game_as_it_was() -> None:
    game = game_with({"ladder": [3, 3]}, HANDS, "7S")
    for _ in range(4):
        game.bid(0)
    while game.phase is Phase.PLAY:
        game.act(game.legal_actions()[0])
    before = snapshot(game)
    refused: list[tuple[object, object]] = [
        ([1, 1, 0, 0], [1, 1, 2, 0]),  # the tricks add up to 4
        ([0, 0, 0, 3], [0, 0, 0, 3]),  # the dealer's hook
        ([9, 0, 0, 0], [3, 0, 0, 0]),  # a bid beyond the hand
        ({0, 1, 2, 3}, [1, 1, 1, 0]),  # not a list by seat
        ({1: 0, 2: 0, 3: 0, 4: 1}, [1, 1, 1, 0]),
        (["1", 1, 0, 0], [1, 1, 1, 0]),  # a bid as text
    ]
    for bids, won in refused:
        with pytest.raises(IllegalActionError):
            game.record_summary(bids, won)  # type: ignore[arg-type]
        assert snapshot(game) == before, (bids, won)
    game.record_summary([1, 1, 0, 0], [1, 1, 1, 0])
    assert game.phase is Phase.OVER


def test_override_does_not_drop_another_preset_without_a_word() -> None:
    """A record's rules carry their own preset beside the options; any other is refused."""
    assert preset("prime").override({"preset": "prime", "ladder": [2]}).ladder == (2,)
    with pytest.raises(RulesError) as caught:
        preset("classique").override({"preset": "prime"})
    assert caught.value.option == "preset"
    assert "choose it first" in caught.value.reason


@pytest.mark.parametrize("first_dealer", [True, 1.0, "0", 4, -1])
def test_a_first_dealer_that_is_no_seat_is_refused(first_dealer: object) -> None:
    with pytest.raises(IllegalActionError, match="there is no seat"):
        Game.new(preset("classique"), NAMES, first_dealer=first_dealer)  # type: ignore[arg-type]


def test_no_card_is_turned_up_once_the_game_is_over() -> None:
    game = game_with({"ladder": [1]}, ["AS", "KS", "QS", "JS"], "2H")
    game.random_playout(random.Random(0))
    assert game.phase is Phase.OVER
    assert game.turns_up_a_card() is False


def test_a_deal_takes_a_seed_as_well_as_a_generator() -> None:
    rules = preset("classique").override({"ladder": [3]})
    seeded = Game.new(rules, NAMES, first_dealer=0)
    generated = Game.new(rules, NAMES, first_dealer=0)
    assert seeded.deal(7) == generated.deal(random.Random(7))
    assert [seeded.view(s).hand for s in range(4)] == [generated.view(s).hand for s in range(4)]

    class Halves:
        """Not a random.Random, but with its random(): it deals all the same."""

        def random(self) -> float:
            return 0.5

    odd = Game.new(rules, NAMES, first_dealer=0)
    odd.deal(Halves())  # type: ignore[arg-type]
    assert odd.phase is Phase.BID
    assert sum(len(odd.view(s).hand or ()) for s in range(4)) == 12


@pytest.mark.parametrize("rng", [None, "7", 7.0, True])
def test_a_deal_without_a_generator_or_seed_says_what_it_needs(rng: object) -> None:
    game = Game.new(preset("classique"), NAMES, first_dealer=0)
    with pytest.raises(TypeError, match=r"random\.Random or an integer seed, not "):
        game.deal(rng)  # type: ignore[arg-type]
    assert game.phase is Phase.DEAL


def test_a_number_that_is_no_card_is_refused_as_such() -> None:
    """``Card(0)`` is a number of the card numbering that names no card: it used to reach
    the engine's tables (a KeyError)."""
    game = playing()
    with pytest.raises(IllegalPlayError, match=r"^0 is not a card$") as caught:
        game.play(Card(0))
    assert caught.value.rule == "card"
    fresh = Game.new(preset("classique").override({"ladder": [1]}), NAMES[:3], first_dealer=0)
    with pytest.raises(InvalidDealError, match="0 is not a card"):
        fresh.deal_hands([[Card(0)], ["AS"], ["KS"]], "QS")
    assert fresh.phase is Phase.DEAL


@pytest.mark.parametrize("seat", ["1", 1.5, True, -1, 4])
def test_a_seat_that_is_none_of_the_table_is_refused_by_view_and_hand(seat: object) -> None:
    """-1 used to give the last seat's hand, and "1" a TypeError from inside."""
    game = playing()
    shown = re.escape(str(seat if type(seat) is int else repr(seat)))
    said = rf"^there is no seat {shown}: the seats go from 0 to 3$"
    with pytest.raises(ValueError, match=said):
        game.view(seat)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=said):
        game.hand(seat)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("rules", "players", "what"),
    [
        ("classique", 4, "takes Rules"),
        (None, "Ann", "not str"),  # a text would be three players: A, n, n
        (None, 3.0, "not float"),
        (None, True, "not bool"),
    ],
)
def test_new_names_the_argument_of_the_wrong_kind(
    rules: object, players: object, what: str
) -> None:
    with pytest.raises(TypeError, match=what):
        Game.new(rules or preset("classique"), players)  # type: ignore[arg-type]


def test_an_integer_seed_serves_wherever_a_generator_does() -> None:
    from ascenseur import sample_game

    rules = preset("classique").override({"ladder": [3]})
    assert Game.new(rules, 4, rng=5).dealer == Game.new(rules, 4, rng=random.Random(5)).dealer
    game = Game.new(rules, NAMES, first_dealer=0)
    game.deal(2)
    world = sample_game(game.view(1), 9)
    assert world.hand(1) == game.hand(1)
    assert sample_game(game.view(1), 9).hands == world.hands
    game.random_playout(4)
    assert game.phase is Phase.OVER


def test_every_refusal_crosses_processes_whole() -> None:
    """A refusal raised in a tournament's worker comes back to the main process through
    pickle: one that cannot be rebuilt from its pickle hung the pool, and one rebuilt from
    its message said "players: players: …"."""
    refusals: list[Exception] = [
        RulesError("ladder", "a hand of 5 cards is larger than max_cards (3)"),
        PlayersError("the preset prime is played by 3 to 8 players, not 2"),
        IllegalBidError("a bid is a number of tricks", seat=2, rule="phase"),
        InvalidDealError("2C is not a card of this deck"),
        RecordError("round 2: Ann does not hold 5S"),
    ]
    for refusal in refusals:
        back = pickle.loads(pickle.dumps(refusal))
        assert type(back) is type(refusal)
        assert str(back) == str(refusal)
        assert vars(back) == vars(refusal)


@pytest.mark.parametrize(
    ("options", "kind"),
    [(None, "NoneType"), ([("ladder", [5])], "list"), ("x", "str"), (5, "int")],
)
def test_override_takes_a_mapping_of_options_and_says_so(options: object, kind: str) -> None:
    """It was an AttributeError from inside: 'list' object has no attribute 'items'."""
    with pytest.raises(TypeError, match=rf"^Rules\.override\(\) takes a mapping .*, not {kind}$"):
        preset("classique").override(options)  # type: ignore[arg-type]


@pytest.mark.parametrize("rng", ["abc", 1.5, True, object()])
def test_new_without_a_generator_or_seed_says_what_it_needs(rng: object) -> None:
    """As deal() does; it was an AttributeError: 'str' object has no attribute 'randrange'."""
    kind = type(rng).__name__
    with pytest.raises(
        TypeError, match=rf"^Game\.new\(\) takes a random\.Random or an integer seed, not {kind}$"
    ):
        Game.new(preset("classique"), 3, rng=rng)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^Game\.new\(\) takes a random\.Random"):
        Game.new(preset("classique"), 3, first_dealer=0, rng=rng)  # type: ignore[arg-type]


@pytest.mark.parametrize("count", [-3, 0, 2, 21, 20_000])
def test_new_refuses_a_count_of_players_saying_the_count_given(count: int) -> None:
    """-3 was told "not 0" (no name was made for it); a count far beyond the rules is
    refused before a name is made for each player (a million made a million names)."""
    with pytest.raises(PlayersError, match=rf"is played by 3 to 20 players, not {count}$"):
        Game.new(preset("classique"), count)


def test_new_finds_a_repeated_name_among_many() -> None:
    """The check of repeated names holds on a table far beyond the presets (each name was
    compared with all before it: 20,000 names took seconds; now one pass)."""
    rules = dataclasses.replace(preset("classique"), max_players=100_000)
    names = [f"p{i}" for i in range(20_000)] + ["p7"]
    with pytest.raises(PlayersError, match="two players are named p7"):
        Game.new(rules, names)


@pytest.mark.parametrize(
    ("hands", "said"),
    [
        ([["AS"], ["KS"], 5], r"^hand of Cat: a hand is a list of cards, not 5$"),
        ([["AS"], None, ["KS"]], r"^hand of Bob: a hand is a list of cards, not None$"),
        ([["AS"], ["KS"], "QS"], r"^hand of Cat: a hand is a list of cards, not 'QS'$"),
        (
            [["AS"], ["KS"], {"QS": 1}],
            r"^hand of Cat: a hand is a list of cards, not \{'QS': 1\}$",
        ),
        (
            {0: ["AS"], 1: ["KS"], 2: ["QS"]},
            r"^the hands are a list with one hand per seat, not \{0: \['AS'\], .*\}$",
        ),
        (7, r"^the hands are a list with one hand per seat, not 7$"),
        (None, r"^the hands are a list with one hand per seat, not None$"),
    ],
)
def test_deal_hands_refuses_hands_that_are_no_lists_of_cards(hands: object, said: str) -> None:
    """They were a TypeError from inside: 'int' object is not iterable."""
    game = Game.new(preset("classique").override({"ladder": [1]}), NAMES[:3], first_dealer=0)
    with pytest.raises(InvalidDealError, match=said):
        game.deal_hands(hands, "3C")  # type: ignore[arg-type]
    assert game.phase is Phase.DEAL
    game.deal_hands((iter(["AS"]), ("KS",), ["QS"]), "3C")  # any iterable of cards will do
    assert game.phase is Phase.BID
