"""Cards, suits and decks.

A card is a small integer (so that hands are bitmasks and the engine stays fast) wrapped in
the :class:`Card` type, which prints and parses in the record's notation:

* standard cards are rank then suit, ``"AS"``, ``"TD"``, ``"2C"`` (``"10D"`` is accepted on
  input);
* tarot trumps are ``"T1"`` … ``"T21"`` (``T`` for *trump*; never confused with a ten,
  which is always followed by a suit letter);
* a card of the second copy of a deck carries a trailing prime: ``"AS'"``, ``"T21'"``.

>>> Card.parse("10h")
Card.parse('TH')
>>> str(Card.parse("T21'"))
"T21'"
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final

from ascenseur.i18n import _, pgettext


class Suit(IntEnum):
    """The suits; ``TRUMPS`` is the single suit of a tarot-trumps deck."""

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3
    TRUMPS = 4

    @property
    def letter(self) -> str:
        return "SHDCT"[self]

    @property
    def symbol(self) -> str:
        return "♠♥♦♣T"[self]

    def display_name(self) -> str:
        """The suit's name in the active language."""
        return [_("spades"), _("hearts"), _("diamonds"), _("clubs"), _("trumps")][self]


#: Bits reserved for one suit in a card number; ranks go up to 21 (tarot).
SUIT_BITS: Final = 32
#: Offset between the first and the second copy of a deck.
COPY_OFFSET: Final = SUIT_BITS * 5
STANDARD_SUITS: Final = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
STANDARD_RANKS: Final = tuple(range(2, 15))  # 2..10, J=11, Q=12, K=13, A=14
TAROT_RANKS: Final = tuple(range(1, 22))
_RANK_LETTERS: Final = {10: "T", 11: "J", 12: "Q", 13: "K", 14: "A"}
_LETTER_RANKS: Final = {v: k for k, v in _RANK_LETTERS.items()}


#: The longest value of the user's that a message repeats (a longer one is cut).
SHOWN_AT_MOST: Final = 60


def rank_face(rank: int) -> str:
    """How a standard rank is shown to people in the active language: the index printed on
    that language's cards (``K`` ``Q`` ``J`` in English; ``R`` ``D`` ``V`` in French, for roi,
    dame, valet). Records keep RECORD.md's letters whatever the language."""
    if rank == 11:
        return pgettext("card rank: jack", "J")
    if rank == 12:
        return pgettext("card rank: queen", "Q")
    if rank == 13:
        return pgettext("card rank: king", "K")
    if rank == 14:
        return pgettext("card rank: ace", "A")
    return str(rank)


def cut_for_message(text: str) -> str:
    """``text``, a value of the user's written for a message, cut when long: it may be a
    whole file."""
    return text if len(text) <= SHOWN_AT_MOST else text[: SHOWN_AT_MOST - 1] + "…"


def quoted(value: object) -> str:
    """``value`` as Python writes it (``'as'``), for a message, cut when long."""
    return cut_for_message(repr(value))


class CardParseError(ValueError):
    """A card's text could not be read."""


class Card(int):
    """A playing card; an ``int`` so it can index bitmasks, with a text form that round-trips.

    Cards are interned: ``Card.parse("AS") is Card.parse("AS")``.
    """

    __slots__ = ()

    @staticmethod
    def make(suit: Suit, rank: int, copy: int = 0) -> Card:
        number = copy * COPY_OFFSET + suit * SUIT_BITS + rank
        if (
            not (0 <= suit <= 4 and 0 <= rank < SUIT_BITS and copy in (0, 1))
            or _text_of(number) is None
        ):
            raise CardParseError(
                _("not a card: {text}").format(text=quoted((int(suit), rank, copy)))
            )
        return CARDS[number]

    @property
    def suit(self) -> Suit:
        return Suit((self % COPY_OFFSET) // SUIT_BITS)

    @property
    def rank(self) -> int:
        return self % SUIT_BITS

    @property
    def copy(self) -> int:
        """0 for the first copy of the deck, 1 for the second."""
        return self // COPY_OFFSET

    def __str__(self) -> str:
        return CARD_TEXT[self]

    def __repr__(self) -> str:
        return f"Card.parse({CARD_TEXT[self]!r})"

    def display(self) -> str:
        """A short form for people: ``A♠``, ``10♦``, ``21`` (tarot), with a prime for copy 2."""
        suit, rank = self.suit, self.rank
        prime = "'" if self.copy else ""
        if suit is Suit.TRUMPS:
            return f"{rank}{prime}"
        return f"{rank_face(rank)}{suit.symbol}{prime}"

    @staticmethod
    def parse(text: str) -> Card:
        """Read a card in the record's notation; raise :class:`CardParseError` if it is not one."""
        if not isinstance(text, str):
            raise CardParseError(_("not a card: {text}").format(text=quoted(text)))
        raw = text.strip().upper()
        copy = 0
        if raw.endswith("'"):
            copy, raw = 1, raw[:-1]
        card = _PARSE_TABLE.get(raw)
        if card is None:
            raise CardParseError(_("not a card: {text}").format(text=quoted(text)))
        return CARDS[card + copy * COPY_OFFSET]


def _text_of(number: int) -> str | None:
    copy, rest = divmod(number, COPY_OFFSET)
    suit, rank = divmod(rest, SUIT_BITS)
    if suit == Suit.TRUMPS:
        if rank not in TAROT_RANKS:
            return None
        base = f"T{rank}"
    else:
        if rank not in STANDARD_RANKS:
            return None
        base = _RANK_LETTERS.get(rank, str(rank)) + "SHDC"[suit]
    return base + ("'" if copy else "")


CARDS: Final[tuple[Card, ...]] = tuple(Card(i) for i in range(2 * COPY_OFFSET))
#: The numbers that are cards (of a standard or tarot deck, either copy); the others of
#: CARDS are gaps in the numbering.
_CARD_NUMBERS: Final = frozenset(i for i in range(2 * COPY_OFFSET) if _text_of(i) is not None)


def is_card(value: object) -> bool:
    """Whether ``value`` is a :class:`Card` of some deck (``Card(0)`` is a number, no card)."""
    return isinstance(value, Card) and int(value) in _CARD_NUMBERS


CARD_TEXT: Final[dict[int, str]] = {
    i: text for i in range(2 * COPY_OFFSET) if (text := _text_of(i)) is not None
}
_PARSE_TABLE: Final[dict[str, int]] = {text: i for i, text in CARD_TEXT.items() if i < COPY_OFFSET}
_PARSE_TABLE.update({f"10{s}": _PARSE_TABLE[f"T{s}"] for s in "SHDC"})


def suit_mask(suit: Suit | int) -> int:
    """The bitmask of every card of ``suit``, both copies."""
    one = ((1 << SUIT_BITS) - 1) << (suit * SUIT_BITS)
    return one | (one << COPY_OFFSET)


SUIT_MASKS: Final = tuple(suit_mask(s) for s in Suit)


def cards_of(mask: int) -> list[Card]:
    """The cards of a bitmask, lowest number first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(CARDS[low.bit_length() - 1])
        mask ^= low
    return out


def mask_of(cards: object) -> int:
    mask = 0
    for c in cards:  # type: ignore[attr-defined]
        mask |= 1 << c
    return mask


def sort_for_display(cards: list[Card], trump: Suit | None = None) -> list[Card]:
    """Sort a hand by suit (trump first when known, then ♠ ♥ ♦ ♣) and by rank, high first."""

    def key(card: Card) -> tuple[int, int, int]:
        suit_order = -1 if trump is not None and card.suit == trump else int(card.suit)
        return (suit_order, -card.rank, card.copy)

    return sorted(cards, key=key)


def build_deck(tarot: bool, copies: int) -> list[Card]:
    """Every card of one or two copies of a deck, in the order used to strip it (lowest first:
    by rank, then ♣ ♦ ♥ ♠, first copy before second)."""
    suits = (Suit.TRUMPS,) if tarot else (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
    ranks = TAROT_RANKS if tarot else STANDARD_RANKS
    return [Card.make(s, r, c) for r in ranks for c in range(copies) for s in suits]
