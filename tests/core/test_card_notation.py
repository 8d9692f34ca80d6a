"""Cards: the record's text notation (RECORD.md "Cards") round-trips, parse errors are clear."""

from __future__ import annotations

import pytest

from ascenseur import Card, CardParseError, Suit
from ascenseur.core.cards import CARD_TEXT, build_deck, cards_of, mask_of
from ascenseur.i18n import language

STANDARD_TEXTS = [r + s for s in "SHDC" for r in "23456789TJQKA"]
TAROT_TEXTS = [f"T{n}" for n in range(1, 22)]


def test_every_card_has_a_text_and_the_text_reads_back_to_the_same_card() -> None:
    assert len(CARD_TEXT) == 2 * (52 + 21)
    for number, text in CARD_TEXT.items():
        card = Card.parse(text)
        assert card == number
        assert str(card) == text
        assert Card.parse(str(card)) is card


@pytest.mark.parametrize("text", STANDARD_TEXTS)
def test_standard_card_notation_is_rank_then_suit(text: str) -> None:
    card = Card.parse(text)
    assert str(card) == text
    assert card.suit is Suit("SHDC".index(text[1]))
    assert card.rank == "23456789TJQKA".index(text[0]) + 2
    assert card.copy == 0


@pytest.mark.parametrize("text", TAROT_TEXTS)
def test_tarot_trump_notation_is_t_and_number(text: str) -> None:
    card = Card.parse(text)
    assert str(card) == text
    assert card.suit is Suit.TRUMPS
    assert card.rank == int(text[1:])


@pytest.mark.parametrize("text", [*STANDARD_TEXTS, *TAROT_TEXTS])
def test_second_copy_takes_a_trailing_prime(text: str) -> None:
    first = Card.parse(text)
    second = Card.parse(text + "'")
    assert second != first
    assert str(second) == text + "'"
    assert (second.suit, second.rank, second.copy) == (first.suit, first.rank, 1)


def test_ten_is_written_t_and_read_as_t_or_10() -> None:
    for suit in "SHDC":
        assert Card.parse("10" + suit) is Card.parse("T" + suit)
        assert str(Card.parse("10" + suit)) == "T" + suit
    assert str(Card.parse("10H'")) == "TH'"


def test_a_ten_is_never_read_as_a_tarot_trump() -> None:
    assert Card.parse("TD").suit is Suit.DIAMONDS
    assert Card.parse("T1").suit is Suit.TRUMPS
    assert Card.parse("T10").rank == 10
    assert Card.parse("T10").suit is Suit.TRUMPS


def test_parse_accepts_lower_case_and_spaces() -> None:
    assert Card.parse(" as ") is Card.parse("AS")
    assert Card.parse("t21'") is Card.parse("T21'")


def test_repr_can_be_pasted_back_as_code() -> None:
    for card in [Card.parse("QH"), Card.parse("T7"), Card.parse("2C'")]:
        assert eval(repr(card)) is card  # the documented purpose of repr


def test_display_form_for_people() -> None:
    assert Card.parse("AS").display() == "A♠"
    assert Card.parse("TD").display() == "10♦"
    assert Card.parse("T21").display() == "21"
    assert Card.parse("KH'").display() == "K♥'"


@pytest.mark.parametrize(
    ("lang", "shown"),
    [
        ("en", ["A♠", "K♥", "Q♦", "J♣", "10♠", "K♥'"]),
        ("fr", ["A♠", "R♥", "D♦", "V♣", "10♠", "R♥'"]),
        ("es", ["A♠", "K♥", "Q♦", "J♣", "10♠", "K♥'"]),
    ],
)
def test_people_see_the_ranks_their_language_prints(lang: str, shown: list[str]) -> None:
    """French cards are indexed R, D, V (roi, dame, valet); Spanish ones, like English ones,
    K, Q, J (rey and reina share their initial). The record's notation does not change."""
    texts = ["AS", "KH", "QD", "JC", "TS", "KH'"]
    with language(lang):
        assert [Card.parse(text).display() for text in texts] == shown
        assert [str(Card.parse(text)) for text in texts] == texts


@pytest.mark.parametrize(
    "text",
    ["", "A", "S", "1S", "11S", "AX", "ZS", "T0", "T22", "T", "AS''", "'AS", "A S", "AS1"],
)
def test_parse_error_names_the_text(text: str) -> None:
    with pytest.raises(CardParseError) as caught:
        Card.parse(text)
    assert str(caught.value) == f"not a card: {text!r}"


def test_parse_error_cuts_a_long_text() -> None:
    """A record may hold a whole file where a card should be: the message repeats the start
    of it, not all of it."""
    with pytest.raises(CardParseError) as caught:
        Card.parse("X" * 100_000)
    assert str(caught.value) == "not a card: '" + "X" * 58 + "…"


@pytest.mark.parametrize("value", [14, None, ["AS"]])
def test_parse_refuses_what_is_not_text(value: object) -> None:
    with pytest.raises(CardParseError, match="not a card"):
        Card.parse(value)  # type: ignore[arg-type]


def test_card_parse_error_is_a_value_error() -> None:
    assert issubclass(CardParseError, ValueError)


def test_masks_and_card_lists_convert_both_ways() -> None:
    deck = build_deck(tarot=False, copies=2)
    assert len(deck) == 104 and len(set(deck)) == 104
    assert sorted(cards_of(mask_of(deck))) == sorted(deck)
    assert cards_of(0) == []


def test_make_refuses_what_is_no_card() -> None:
    from ascenseur.core.cards import Suit

    assert str(Card.make(Suit.HEARTS, 10, 1)) == "TH'"
    for suit, rank, copy in ((9, 1, 0), (Suit.SPADES, 1, 0), (Suit.SPADES, 14, 2)):
        with pytest.raises(CardParseError, match="not a card"):
            Card.make(suit, rank, copy)  # type: ignore[arg-type]
