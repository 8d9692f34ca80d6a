"""The game: deal, bid, play, score, round after round.

:class:`Game` is a mutable state with explicit phases (``DEAL``, ``BID``, ``PLAY``,
``OVER``). Hands are bitmasks of card numbers, so copying a state and finding the legal
cards are cheap enough for search. There are two ways to act:

* trusted: :meth:`Game.push` (fastest, for playouts) and :meth:`Game.apply` (returns
  events), for actions already known legal;
* checked: :meth:`Game.bid`, :meth:`Game.play`, :meth:`Game.act`, which raise an
  :class:`~ascenseur.core.errors.IllegalActionError` saying why in a player's words, and
  :meth:`Game.check` / :meth:`Game.is_legal` to ask without acting.

:meth:`Game.legal_actions` is the one source of truth for what is legal: the checked path
asks it, and explains a refusal only after it said no.
"""

from __future__ import annotations

import json
import random
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from math import floor as _floor
from typing import TYPE_CHECKING, Final, NamedTuple

from ascenseur.i18n import _, ngettext

from .cards import CARDS, COPY_OFFSET, SUIT_BITS, SUIT_MASKS, Card, Suit, cards_of, is_card, quoted
from .errors import IllegalActionError, IllegalBidError, IllegalPlayError, InvalidDealError
from .events import (
    BidMade,
    BidsRevealed,
    CardPlayed,
    Event,
    GameOver,
    RoundDealt,
    RoundScored,
    TrickWon,
)
from .phase import Phase as Phase  # re-exported: the engine is where callers look
from .rules import (
    Bidding,
    BidLimit,
    DeckKind,
    DuplicateCards,
    PlayersError,
    Rules,
    TrumpRule,
    VoidRule,
)
from .scoring import round_points, winners
from .view import is_seat, no_seat_message, require_seat, view_of

if TYPE_CHECKING:
    from .view import PlayerView

#: The suit of each card number (``-1`` for numbers that are no card).
SUIT_OF: Final = tuple((n % COPY_OFFSET) // SUIT_BITS for n in range(2 * COPY_OFFSET))
#: Trick strength of a card of the suit led or of trump, by ``duplicate_cards``.
_STRENGTH_FIRST_WINS: Final = tuple(2 * (n % SUIT_BITS) for n in range(2 * COPY_OFFSET))
_STRENGTH_DECK_ORDER: Final = tuple(
    2 * (n % SUIT_BITS) + (1 if n < COPY_OFFSET else 0) for n in range(2 * COPY_OFFSET)
)
#: The card whose bit (``1 << card``) has this ``bit_length()`` (one subtraction less in the
#: playout; length 0 is no card and never asked).
_CARD_AT_LENGTH: Final[tuple[Card, ...]] = (CARDS[0], *CARDS)
#: Builds a named tuple from a tuple of its fields without its Python-level ``__new__``.
_new_tuple: Final = tuple.__new__


@cache
def _followers(players: int) -> tuple[tuple[int, ...], ...]:
    """For each leader, the seats that follow in a trick, in turn order."""
    return tuple(
        tuple((leader + i) % players for i in range(1, players)) for leader in range(players)
    )


class Trick(NamedTuple):
    """A finished trick: who led, the cards in the order played, who won it."""

    leader: int
    cards: tuple[Card, ...]
    winner: int

    def seats(self, players: int) -> list[int]:
        return [(self.leader + i) % players for i in range(len(self.cards))]


@dataclass(frozen=True, slots=True)
class RoundResult:
    """A finished round. ``hands`` and ``tricks`` are ``None`` for a summary round (a score
    sheet of a game played with real cards)."""

    cards: int
    dealer: int
    trump: Card | None
    bids: tuple[int, ...]
    won: tuple[int, ...]
    points: tuple[int, ...]
    totals: tuple[int, ...]
    #: The hands dealt, as bitmasks by seat (``None`` for a summary round).
    dealt: tuple[int, ...] | None = None
    tricks: tuple[Trick, ...] | None = None

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...] | None:
        """The hands dealt, by seat (``None`` for a summary round)."""
        if self.dealt is None:
            return None
        return tuple(tuple(cards_of(mask)) for mask in self.dealt)


class Table:
    """What stays fixed for a whole game: the rules, the players and the deck; shared by every
    copy of a game."""

    __slots__ = (
        "blind_single_card",
        "deck",
        "deck_mask",
        "hook",
        "must_trump",
        "names",
        "plan",
        "players",
        "rules",
        "sealed",
        "strength",
        "turn_up",
        "under",
    )

    def __init__(self, rules: Rules, names: Sequence[str]) -> None:
        players = len(names)
        rules.validate(players)
        self.rules = rules
        self.names = tuple(names)
        self.players = players
        self.deck: tuple[Card, ...] = tuple(rules.deck_cards(players))
        mask = 0
        for card in self.deck:
            mask |= 1 << card
        self.deck_mask = mask
        self.plan = rules.round_plan(players)
        self.hook = rules.bid_limit is BidLimit.HOOK
        self.under = rules.bid_limit is BidLimit.UNDER
        self.sealed = rules.bidding is Bidding.SIMULTANEOUS
        self.must_trump = rules.void_rule is VoidRule.MUST_TRUMP
        self.turn_up = rules.trump is TrumpRule.TURN_UP and rules.deck is DeckKind.STANDARD
        self.blind_single_card = rules.blind_single_card
        self.strength = (
            _STRENGTH_DECK_ORDER
            if rules.duplicate_cards is DuplicateCards.DECK_ORDER
            else _STRENGTH_FIRST_WINS
        )


_TABLES: dict[tuple[int, tuple[str, ...]], tuple[Rules, Table]] = {}


def table_for(rules: Rules, names: tuple[str, ...]) -> Table:
    """The table of a game: validated once, shared by every game with these rules and
    players. Keyed by the rules' identity (hashing a rule set costs more than a whole deal);
    the cache keeps the rules alive, so an identity is never reused while cached."""
    key = (id(rules), names)
    hit = _TABLES.get(key)
    if hit is not None and hit[0] is rules:
        return hit[1]
    table = Table(rules, names)
    if len(_TABLES) >= 512:
        _TABLES.clear()
    _TABLES[key] = (rules, table)
    return table


def trick_winner(trick: Sequence[int], trump: int, strength: Sequence[int]) -> int:
    """The index in ``trick`` of the winning card: the highest trump, else the highest card
    of the suit led; between equal cards, ``strength`` (from ``duplicate_cards``) decides and
    otherwise the one played first wins.

    One pass, as players see it: a card takes the trick from the card winning so far if it
    is of the same suit and stronger, or a trump played on a card that is not."""
    winning = trick[0]
    winning_suit = SUIT_OF[winning]
    best = 0
    for i in range(1, len(trick)):
        card = trick[i]
        suit = SUIT_OF[card]
        if suit == winning_suit:
            if strength[card] > strength[winning]:
                winning = card
                best = i
        elif suit == trump:
            winning = card
            winning_suit = suit
            best = i
    return best


def legal_card_mask(hand: int, trick: Sequence[int], trump: int, must_trump: bool) -> int:
    """The cards of ``hand`` (a bitmask) that may be played on ``trick`` (RULES.md §6): any
    card to lead; else the suit led when held; else, under must-trump, a trump when held;
    else any card. ``trump`` is the trump suit, -1 for none."""
    if not trick:
        return hand
    follow = hand & SUIT_MASKS[SUIT_OF[trick[0]]]
    if follow:
        return follow
    if must_trump and trump >= 0:
        trumps = hand & SUIT_MASKS[trump]
        if trumps:
            return trumps
    return hand


def check_seat(seat: object, players: int) -> None:
    """Refuse (:class:`IllegalActionError`, rule ``seat``) a seat an action or a session is
    given that is none of the table's."""
    if is_seat(seat, players):
        return  # (the checked path runs this on every action: the common case first)
    raise IllegalActionError(no_seat_message(seat, players), rule="seat")


def seeded(rng: random.Random | int) -> random.Random:
    """``rng`` itself, or a generator seeded with it when it is an integer: every function
    of the engine that draws takes either."""
    return random.Random(int(rng)) if isinstance(rng, int) else rng


def require_rng(rng: object, taker: str, draws: str = "random") -> None:
    """Refuse (``TypeError``, naming ``taker``) what is neither a generator (anything with
    the method ``draws`` of ``random.Random``) nor an integer seed: text, a float, a bool."""
    if isinstance(rng, bool) or not (isinstance(rng, int) or callable(getattr(rng, draws, None))):
        raise TypeError(
            f"{taker} takes a random.Random or an integer seed, not {type(rng).__name__}"
        )


def default_names(players: int) -> tuple[str, ...]:
    """ "Player 1", "Player 2", … in the active language."""
    return tuple(_("Player {n}").format(n=i + 1) for i in range(players))


def _is_text(name: str) -> bool:
    """Whether ``name`` can be written out (a lone half of a UTF-16 pair, as a name read from
    bytes that are not UTF-8 becomes, cannot)."""
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


@cache
def _names_problem(names: tuple[str, ...]) -> tuple[str, str] | None:
    """Why these names cannot sit at one table, as (kind, name), or ``None`` (cached: the
    sampler builds a game per world; the words are put together by the caller, in the
    language in force)."""
    for name in names:
        if not _is_text(name) or not _seen_as(name).strip(_BLANK):
            return "not a name", json.dumps(name)
    seen: set[str] = set()  # (a set: a list searched for each name took seconds at 20,000)
    for name in names:
        look = _seen_as(name)
        if look in seen:
            # A spelling with invisible characters has them written out ("Ann\u200b"):
            # shown as typed, a direction mark would turn the rest of the line around.
            name = name.strip()
            return "repeated", "".join(
                f"\\u{ord(c):04x}" if _shows_nothing(c) else c for c in name
            ) if any(_shows_nothing(c) for c in name) else look
        seen.add(look)
    return None


#: Format characters that do show, or change what a name looks like: the joiners of emoji
#: and Persian, the tags of flags, the Arabic and Syriac signs drawn over numbers.
_VISIBLE_FORMAT: Final = frozenset(
    "\u200c\u200d\u0600\u0601\u0602\u0603\u0604\u0605\u06dd\u070f\u08e2\U000110bd\U000110cd"
) | frozenset(chr(c) for c in range(0xE0020, 0xE0080))
#: What leaves a name blank at its ends: spaces, Hangul fillers, the blank Braille
#: pattern, joiners, variation selectors.
_EDGE_BLANK: Final = " \t\u00a0\u3000\u115f\u1160\u3164\uffa0\u2800\u200c\u200d" + "".join(
    chr(c) for c in range(0xFE00, 0xFE10)
)
#: What leaves a name blank when it is all there is: the above, and the tags of flags
#: (which end a flag's name, so they are no blank at its end).
_BLANK: Final = _EDGE_BLANK + "".join(chr(c) for c in range(0xE0000, 0xE0080))


def _shows_nothing(char: str) -> bool:
    """A format character that shows nothing where it stands in a name (zero-width space,
    word joiner, soft hyphen, direction marks and overrides, invisible operators…)."""
    return unicodedata.category(char) == "Cf" and char not in _VISIBLE_FORMAT


def _seen_as(name: str) -> str:
    """A name as it looks: composed (NFC: "Zoé" typed either way is one name), without the
    characters that show nothing, nor blanks at its ends. Empty: it shows nothing at all."""
    composed = unicodedata.normalize("NFC", name)
    return "".join(c for c in composed if not _shows_nothing(c)).strip().strip(_EDGE_BLANK)


def _is_list_of_things(value: object) -> bool:
    """Whether ``value`` can be read as a list (of hands, of cards): not a text, whose
    letters would be read one by one, nor a mapping, whose keys would be."""
    return isinstance(value, Iterable) and not isinstance(value, str | bytes | Mapping)


def _dealt_card(card: Card | str) -> Card:
    """A card of a deal given to :meth:`Game.deal_hands`, read from text if need be."""
    if isinstance(card, Card):
        if not is_card(card):
            raise InvalidDealError(_("{value} is not a card").format(value=quoted(int(card))))
        return card
    if isinstance(card, str):
        try:
            return Card.parse(card)
        except ValueError as error:
            raise InvalidDealError(str(error)) from None
    raise InvalidDealError(_("{value} is not a card").format(value=quoted(card)))


class Game:
    """A whole game in progress. Build with :meth:`Game.new`."""

    __slots__ = (
        "bid_count",
        "bid_total",
        "bids",
        "dealer",
        "dealt",
        "first_dealer",
        "hand_size",
        "hands",
        "leader",
        "phase",
        "results",
        "round_index",
        "table",
        "totals",
        "trick",
        "tricks",
        "trump_card",
        "trump_suit",
        "turn",
        "voids",
        "won",
    )

    table: Table
    phase: Phase
    round_index: int
    first_dealer: int
    dealer: int
    hand_size: int
    trump_card: Card | None
    trump_suit: int
    hands: list[int]
    dealt: tuple[int, ...]
    bids: list[int]
    bid_count: int
    bid_total: int
    won: list[int]
    turn: int
    leader: int
    trick: list[Card]
    tricks: list[Trick]
    voids: list[int]
    totals: list[int]
    results: tuple[RoundResult, ...]

    # -- creation ---------------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        rules: Rules,
        players: int | Sequence[str],
        *,
        first_dealer: int | None = None,
        rng: random.Random | int | None = None,
    ) -> Game:
        """A new game, before the first deal. ``players`` is a count or the names in turn
        order. The first dealer is given, or drawn from ``rng`` (a generator, or an integer
        seed), or seat 0."""
        if not isinstance(rules, Rules):
            raise TypeError(f"Game.new() takes Rules (preset(NAME)), not {type(rules).__name__}")
        if type(players) not in (list, tuple, int) and (  # (the common cases at once)
            isinstance(players, str | bool) or not isinstance(players, int | Sequence)
        ):
            # (a text is a sequence: "Ann" would be three players, A, n and n)
            raise TypeError(
                "Game.new() takes a count of players or a list of names, not "
                f"{type(players).__name__}"
            )
        if rng is not None:
            require_rng(rng, "Game.new()", "randrange")
            rng = seeded(rng)
        count = players if isinstance(players, int) else len(players)
        if not rules.min_players <= count <= rules.max_players:
            # Refused before a name is made or checked for each: a count of a million took
            # minutes to be told it was too many, and -3 was told it was 0.
            rules.validate(count)
        names = default_names(players) if isinstance(players, int) else tuple(players)
        if not all(isinstance(name, str) for name in names):
            raise PlayersError(_("a name is text"))
        problem = _names_problem(names)
        if problem is not None:
            # Every message, score sheet and list of winners names the players.
            kind, name = problem
            if kind == "repeated":
                reason = _("two players are named {name}: give each a name of their own")
            else:
                reason = _("{name} is not a name")
            raise PlayersError(reason.format(name=name))
        table = table_for(rules, names)
        if first_dealer is None:
            first_dealer = rng.randrange(table.players) if rng is not None else 0
        if (
            isinstance(first_dealer, bool)
            or not isinstance(first_dealer, int)
            or not 0 <= first_dealer < table.players
        ):
            raise IllegalActionError(
                _("there is no seat {seat}").format(seat=first_dealer), rule="seat"
            )
        game = cls.__new__(cls)
        game.table = table
        game.phase = Phase.DEAL if table.plan else Phase.OVER
        game.round_index = 0
        game.first_dealer = first_dealer
        game.dealer = first_dealer
        game.hand_size = table.plan[0][0] if table.plan else 0
        game.trump_card = None
        game.trump_suit = -1
        n = table.players
        game.hands = [0] * n
        game.dealt = (0,) * n
        game.bids = [-1] * n
        game.bid_count = 0
        game.bid_total = 0
        game.won = [0] * n
        game.turn = -1
        game.leader = -1
        game.trick = []
        game.tricks = []
        game.voids = [0] * n
        game.totals = [0] * n
        game.results = ()
        return game

    def copy(self) -> Game:
        """An independent copy (the table and the finished rounds are shared: they never
        change)."""
        g = Game.__new__(Game)
        g.table = self.table
        g.phase = self.phase
        g.round_index = self.round_index
        g.first_dealer = self.first_dealer
        g.dealer = self.dealer
        g.hand_size = self.hand_size
        g.trump_card = self.trump_card
        g.trump_suit = self.trump_suit
        g.hands = self.hands[:]
        g.dealt = self.dealt
        g.bids = self.bids[:]
        g.bid_count = self.bid_count
        g.bid_total = self.bid_total
        g.won = self.won[:]
        g.turn = self.turn
        g.leader = self.leader
        g.trick = self.trick[:]
        g.tricks = self.tricks[:]
        g.voids = self.voids[:]
        g.totals = self.totals[:]
        g.results = self.results
        return g

    def __copy__(self) -> Game:
        """``copy.copy(game)`` is :meth:`copy`: a shallow copy would share the hands, bids
        and tricks, so that playing on it would change the original."""
        return self.copy()

    def _restore(self, saved: Game) -> None:
        """Put back every slot of ``saved`` (a :meth:`copy` of this game taken before a
        change that was then refused)."""
        for slot in Game.__slots__:
            setattr(self, slot, getattr(saved, slot))

    # -- simple facts -----------------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        return self.table.rules

    @property
    def players(self) -> int:
        return self.table.players

    @property
    def names(self) -> tuple[str, ...]:
        return self.table.names

    @property
    def rounds(self) -> int:
        """How many rounds the game has."""
        return len(self.table.plan)

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def no_trump_round(self) -> bool:
        """Whether the current round is one of the peak rounds played without trump."""
        return (
            bool(self.table.plan)
            and self.round_index < len(self.table.plan)
            and (self.table.plan[self.round_index][1])
        )

    @property
    def is_blind_round(self) -> bool:
        return self.table.blind_single_card and self.hand_size == 1

    @property
    def blind_play_pending(self) -> bool:
        """Whether a card of a blind one-card round is to be played: nobody sees their own
        card, so there is no decision and the table plays it (:meth:`play_blind_card`)."""
        return self.phase is Phase.PLAY and self.is_blind_round

    def play_blind_card(self) -> list[Event]:
        """Play the unseen card of the player to play in a blind one-card round."""
        if not self.blind_play_pending:
            raise IllegalActionError(_("this is not the play of a blind round"), rule="phase")
        return self.apply(CARDS[self.hands[self.turn].bit_length() - 1])

    @property
    def trump(self) -> Suit | None:
        return None if self.trump_suit < 0 else Suit(self.trump_suit)

    def hand(self, seat: int) -> list[Card]:
        """The cards ``seat`` holds now (the engine's knowledge, not a player's view)."""
        require_seat(seat, self.table.players)
        return cards_of(self.hands[seat])

    def winners(self) -> list[int]:
        """The seats with the highest total, once the game is over (else empty)."""
        return winners(self.totals) if self.phase is Phase.OVER else []

    def forbidden_bid(self) -> int | None:
        """The bid the hook forbids to the player about to bid, if any."""
        t = self.table
        if t.hook and self.phase is Phase.BID and self.bid_count == t.players - 1:
            value = self.hand_size - self.bid_total
            if 0 <= value <= self.hand_size:
                return value
        return None

    # -- dealing ----------------------------------------------------------------------------

    def deal(self, rng: random.Random | int) -> list[Event]:
        """Shuffle with ``rng`` and deal the next round one card at a time from the player
        after the dealer; turn up the trump card if the rules say so.

        ``rng``: a ``random.Random`` (anything with its ``random()``), drawn from round
        after round; or an integer, the seed of this one deal (the same seed deals the same
        cards again: a game passes one generator, or a seed per round)."""
        require_rng(rng, "deal()")
        generator = seeded(rng)
        self._require_phase(Phase.DEAL)
        t = self.table
        n = t.players
        size = self.hand_size
        turn_up = self._turns_up_trump(size)
        # Drawing just the cards dealt (and the turned card) is a shuffle of the deck whose
        # bottom part is never looked at.
        # A partial Fisher-Yates shuffle driven by rng.random(), several times faster than
        # random.sample and as reproducible.
        deck = list(t.deck)
        remaining = len(deck)
        rand = generator.random
        floor = _floor  # math.floor is int() for these non-negative floats, and faster
        hands = [0] * n
        seat = (self.dealer + 1) % n
        for i in range(size * n):
            j = i + floor(rand() * (remaining - i))
            card = deck[j]
            deck[j] = deck[i]
            hands[seat] |= 1 << card
            seat = seat + 1 if seat + 1 < n else 0
        trump = None
        if turn_up:
            i = size * n
            trump = deck[i + floor(rand() * (remaining - i))]
        return self._start_round(hands, trump)

    def deal_hands(
        self, hands: Sequence[Sequence[Card | str]], trump: Card | str | None
    ) -> list[Event]:
        """Deal the given hands (by seat) and turned card, checking that they can come from
        the deck; for replays, tests and games played with real cards. Cards may be given
        as text (``"AS"``), as :meth:`play` takes them."""
        self._require_phase(Phase.DEAL)
        if not _is_list_of_things(hands):
            raise InvalidDealError(
                _("the hands are a list with one hand per seat, not {value}").format(
                    value=quoted(hands)
                )
            )
        dealt = []
        for seat, cards in enumerate(hands):
            try:
                if not _is_list_of_things(cards):
                    raise InvalidDealError(
                        _("a hand is a list of cards, not {value}").format(value=quoted(cards))
                    )
                dealt.append([_dealt_card(card) for card in cards])
            except InvalidDealError as error:
                name = self.names[seat] if seat < self.players else str(seat)
                raise InvalidDealError(
                    _("hand of {name}: {error}").format(name=name, error=error)
                ) from None
        turned = None if trump is None else _dealt_card(trump)
        return self._deal_cards(dealt, turned)

    def _deal_cards(self, hands: list[list[Card]], trump: Card | None) -> list[Event]:
        t = self.table
        if len(hands) != t.players:
            raise InvalidDealError(
                ngettext(
                    "there is {n} hand for {p} players",
                    "there are {n} hands for {p} players",
                    len(hands),
                ).format(n=len(hands), p=t.players)
            )
        masks = []
        seen = 0
        for seat, cards in enumerate(hands):
            if len(cards) != self.hand_size:
                raise InvalidDealError(
                    ngettext(
                        "{name} holds {n} card instead of {size}",
                        "{name} holds {n} cards instead of {size}",
                        len(cards),
                    ).format(name=t.names[seat], n=len(cards), size=self.hand_size)
                )
            mask = 0
            for card in cards:
                bit = 1 << card
                if not bit & t.deck_mask:
                    raise InvalidDealError(_("{card} is not a card of this deck").format(card=card))
                if bit & seen:
                    raise InvalidDealError(_("{card} is dealt twice").format(card=card))
                seen |= bit
                mask |= bit
            masks.append(mask)
        # Whether a card is turned up at all comes first: when none may be, which card was
        # written is beside the point.
        expected = self._turns_up_trump(self.hand_size)
        if expected and trump is None:
            raise InvalidDealError(
                _("a card must be turned up: the stock is not empty and the rules turn a trump")
            )
        if not expected and trump is not None:
            raise InvalidDealError(
                _("no card may be turned up: {why}").format(why=self._why_no_trump())
            )
        if trump is not None:
            bit = 1 << trump
            if not bit & t.deck_mask:
                raise InvalidDealError(
                    _("the turned card {card} is not a card of this deck").format(card=trump)
                )
            if bit & seen:
                raise InvalidDealError(
                    _("the turned card {card} is also in a hand").format(card=trump)
                )
        return self._start_round(masks, trump)

    def turns_up_a_card(self) -> bool:
        """Whether the deal of the round about to be dealt turns a card up (RULES.md §4:
        a stock is left, the rules turn a trump, and no peak round without trump)."""
        if self.phase is Phase.OVER:
            return False
        return self._turns_up_trump(self.hand_size)

    def _turns_up_trump(self, size: int) -> bool:
        t = self.table
        return (
            t.turn_up
            and not self.table.plan[self.round_index][1]
            and len(t.deck) > size * t.players
        )

    def _why_no_trump(self) -> str:
        t = self.table
        if t.rules.deck is DeckKind.TAROT_TRUMPS:
            return _("tarot trumps have no trump suit")
        if t.rules.trump is TrumpRule.NONE:
            return _("the rules turn no trump")
        if self.table.plan[self.round_index][1]:
            return _("this peak round is played without trump")
        return _("the deal leaves no card in the stock")

    def _start_round(self, hands: list[int], trump: Card | None) -> list[Event]:
        n = self.table.players
        self.hands = hands
        self.dealt = tuple(hands)
        self.trump_card = trump
        self.trump_suit = SUIT_OF[trump] if trump is not None else -1
        self.bids = [-1] * n
        self.bid_count = 0
        self.bid_total = 0
        self.won = [0] * n
        self.voids = [0] * n
        self.trick = []
        self.tricks = []
        self.turn = self.leader = (self.dealer + 1) % n
        self.phase = Phase.BID
        return [RoundDealt(self.round_index, self.hand_size, self.dealer, trump)]

    # -- legal actions ------------------------------------------------------------------------

    def legal_bids(self) -> list[int]:
        """The bids the player about to bid may make."""
        if self.phase is not Phase.BID:
            return []
        size = self.hand_size
        t = self.table
        if t.under:
            return list(range(size - self.bid_total))
        bids = list(range(size + 1))
        if t.hook and self.bid_count == t.players - 1:
            forbidden = size - self.bid_total
            if 0 <= forbidden <= size:
                bids.remove(forbidden)
        return bids

    def legal_mask(self) -> int:
        """The bitmask of the cards the player to play may play."""
        return legal_card_mask(
            self.hands[self.turn], self.trick, self.trump_suit, self.table.must_trump
        )

    def legal_cards(self) -> list[Card]:
        if self.phase is not Phase.PLAY:
            return []
        return cards_of(self.legal_mask())

    def legal_actions(self) -> list[int]:
        """Bids (``int``) in the bidding phase, cards (:class:`Card`) in the play."""
        if self.phase is Phase.BID:
            return self.legal_bids()
        if self.phase is Phase.PLAY:
            return list(cards_of(self.legal_mask()))
        return []

    # -- trusted transitions ------------------------------------------------------------------

    def push(self, action: int) -> None:
        """Apply a bid or a card known to be legal, as fast as possible (no events)."""
        if self.phase is Phase.PLAY:
            self._play(action, None)
        else:
            self._bid(action, None)

    def random_playout(self, rng: random.Random | int) -> None:
        """Finish the current round with uniformly random legal actions (``rng``: a
        generator, or an integer seed for one).

        The inner loop of Monte Carlo search and of the speed benchmark: the round is kept in
        local variables, and the voids it reveals are not tracked (the round ends here, and
        the next deal clears them). The legality tests of :meth:`legal_bids` and
        :meth:`legal_mask` are inlined, and with one deck the trick goes to the highest bit
        of the trumps, else of the suit led, among the cards played (:func:`trick_winner`
        decides between equal cards of two decks); a test replays playouts through the
        checked path. The action chosen is the ``k``-th of the legal ones in
        :meth:`legal_actions`' order, ``k = floor(rng.random() × count)``."""
        require_rng(rng, "random_playout()")
        rand = seeded(rng).random
        floor = _floor
        t = self.table
        n = t.players
        if self.phase is Phase.BID:
            size = self.hand_size
            bids = self.bids
            seat = self.turn
            count = self.bid_count
            total = self.bid_total
            under = t.under
            hook = t.hook
            while count < n:
                if under:
                    bid = floor(rand() * (size - total))
                elif hook and count == n - 1 and total <= size:
                    # The hook forbids the bid that makes the total: skip over it.
                    bid = floor(rand() * size)
                    if bid >= size - total:
                        bid += 1
                else:
                    bid = floor(rand() * (size + 1))
                bids[seat] = bid
                total += bid
                count += 1
                seat = seat + 1 if seat + 1 < n else 0
            self.bid_count = count
            self.bid_total = total
            self.phase = Phase.PLAY
            self.turn = self.leader = (self.dealer + 1) % n
        elif self.phase is not Phase.PLAY:
            return
        trump, trump_suit_mask, trump_mask, one_deck, strength = self._play_constants()
        suit_masks = SUIT_MASKS
        suit_of = SUIT_OF
        card_at_length = _CARD_AT_LENGTH
        new_trick = _new_tuple
        followers = _followers(n)
        hands = self.hands
        won = self.won
        tricks = self.tricks
        trick = self.trick
        leader = self.leader
        # Every player about to play holds one card per trick left, the current one included.
        remaining = self.hand_size - len(tricks)
        while True:
            if trick:
                # A trick in progress (a playout from the middle of a trick): its rest.
                led_mask = suit_masks[suit_of[trick[0]]]
                trick_bits = 0
                for card in trick:
                    trick_bits |= 1 << card
                seats = followers[leader][len(trick) - 1 :]
            else:
                hand = hands[leader]
                mask = hand
                k = floor(rand() * remaining)
                while k:
                    mask &= mask - 1
                    k -= 1
                bit = mask & -mask
                hands[leader] = hand ^ bit
                card = card_at_length[bit.bit_length()]
                trick = [card]
                led_mask = suit_masks[suit_of[card]]
                trick_bits = bit
                seats = followers[leader]
            for seat in seats:
                hand = hands[seat]
                mask = hand & led_mask or hand & trump_mask or hand
                k = floor(rand() * mask.bit_count())
                while k:
                    mask &= mask - 1
                    k -= 1
                bit = mask & -mask
                hands[seat] = hand ^ bit
                trick.append(card_at_length[bit.bit_length()])
                trick_bits |= bit
            if one_deck:
                best = trick_bits & trump_suit_mask or trick_bits & led_mask
                winner = leader + trick.index(card_at_length[best.bit_length()])
            else:
                winner = leader + trick_winner(trick, trump, strength)
            if winner >= n:
                winner -= n
            won[winner] += 1
            tricks.append(new_trick(Trick, (leader, tuple(trick), winner)))
            leader = winner
            remaining -= 1
            if not remaining:
                break
            trick = []
        self.leader = self.turn = leader
        self.trick = []
        self._finish_round(None, full=True)

    def _play_constants(self) -> tuple[int, int, int, bool, Sequence[int]]:
        """What the fast playouts read once per round: the trump suit (-1: none), its mask,
        the mask a player out of the suit led must play from (the trumps under must-trump,
        else none), whether the deck is a single one (the trick then goes to the highest bit
        of the trumps, else of the suit led), and the cards' strength."""
        t = self.table
        trump = self.trump_suit
        trump_suit_mask = SUIT_MASKS[trump] if trump >= 0 else 0
        trump_mask = trump_suit_mask if t.must_trump else 0
        return trump, trump_suit_mask, trump_mask, t.deck_mask >> COPY_OFFSET == 0, t.strength

    def guided_playout(self, choose: Callable[[int, int, int, list[Card]], int]) -> None:
        """Finish the round's play, each card chosen by ``choose(seat, hand, legal, trick)``
        (the player's hand and legal cards as bitmasks, the trick so far) and trusted to be
        legal: the loop of the search's policy playouts, as :meth:`push` would play it card
        by card but kept in local variables, without the voids (the round ends here, and the
        next deal clears them). Only in the play: the bids are made already."""
        if self.phase is not Phase.PLAY:
            return
        n = self.table.players
        trump, trump_suit_mask, trump_mask, one_deck, strength = self._play_constants()
        suit_masks = SUIT_MASKS
        suit_of = SUIT_OF
        cards = CARDS
        card_at_length = _CARD_AT_LENGTH
        new_trick = _new_tuple
        hands = self.hands
        won = self.won
        tricks = self.tricks
        trick = self.trick
        leader = self.leader
        seat = self.turn
        remaining = self.hand_size - len(tricks)
        led_mask = suit_masks[suit_of[trick[0]]] if trick else 0
        while True:
            hand = hands[seat]
            legal = (hand & led_mask or hand & trump_mask or hand) if trick else hand
            card = cards[choose(seat, hand, legal, trick)]
            hands[seat] = hand ^ (1 << card)
            if not trick:
                led_mask = suit_masks[suit_of[card]]
            trick.append(card)
            if len(trick) < n:
                seat = seat + 1 if seat + 1 < n else 0
                continue
            if one_deck:
                bits = 0
                for played in trick:
                    bits |= 1 << played
                best = bits & trump_suit_mask or bits & led_mask
                winner = leader + trick.index(card_at_length[best.bit_length()])
            else:
                winner = leader + trick_winner(trick, trump, strength)
            if winner >= n:
                winner -= n
            won[winner] += 1
            tricks.append(new_trick(Trick, (leader, tuple(trick), winner)))
            leader = seat = winner
            remaining -= 1
            trick = self.trick = []
            if not remaining:
                break
        self.leader = self.turn = leader
        self._finish_round(None, full=True)

    def apply(self, action: int) -> list[Event]:
        """Apply a bid or a card known to be legal; return what happened."""
        events: list[Event] = []
        if self.phase is Phase.PLAY:
            self._play(action, events)
        elif self.phase is Phase.BID:
            self._bid(action, events)
        else:
            raise IllegalActionError(self._phase_message(), rule="phase")
        return events

    def _bid(self, bid: int, events: list[Event] | None) -> None:
        seat = self.turn
        self.bids[seat] = bid
        self.bid_count += 1
        self.bid_total += bid
        t = self.table
        n = t.players
        if events is not None:
            events.append(BidMade(seat, None if t.sealed else bid))
        if self.bid_count == n:
            self.phase = Phase.PLAY
            self.turn = self.leader = (self.dealer + 1) % n
            if events is not None and t.sealed:
                events.append(BidsRevealed(tuple(self.bids)))
        else:
            self.turn = (seat + 1) % n

    def _play(self, card: int, events: list[Event] | None) -> None:
        seat = self.turn
        self.hands[seat] ^= 1 << card
        card = CARDS[card]
        trick = self.trick
        t = self.table
        if trick:
            led = SUIT_OF[trick[0]]
            suit = SUIT_OF[card]
            if suit != led:
                self.voids[seat] |= 1 << led
                trump = self.trump_suit
                if t.must_trump and trump >= 0 and suit != trump:
                    self.voids[seat] |= 1 << trump
        trick.append(card)
        if events is not None:
            events.append(CardPlayed(seat, card))
        n = t.players
        if len(trick) < n:
            self.turn = seat + 1 if seat + 1 < n else 0
            return
        leader = self.leader
        winner = leader + trick_winner(trick, self.trump_suit, t.strength)
        if winner >= n:
            winner -= n
        self.won[winner] += 1
        done = _new_tuple(Trick, (leader, tuple(trick), winner))
        tricks = self.tricks
        tricks.append(done)
        self.trick = []
        self.leader = self.turn = winner
        if events is not None:
            events.append(TrickWon(winner, len(tricks), done.cards))
        if len(tricks) == self.hand_size:
            self._finish_round(events, full=True)

    def _finish_round(self, events: list[Event] | None, *, full: bool) -> None:
        t = self.table
        points = round_points(t.rules.scoring, self.bids, self.won)
        totals = self.totals
        for seat, p in enumerate(points):
            totals[seat] += p
        result = RoundResult(
            cards=self.hand_size,
            dealer=self.dealer,
            trump=self.trump_card,
            bids=tuple(self.bids),
            won=tuple(self.won),
            points=tuple(points),
            totals=tuple(totals),
            dealt=self.dealt if full else None,
            tricks=tuple(self.tricks) if full else None,
        )
        self.results = (*self.results, result)
        self.round_index += 1
        self.turn = -1
        if events is not None:
            events.append(RoundScored(len(self.results) - 1, result))
        if self.round_index == len(t.plan):
            self.phase = Phase.OVER
            if events is not None:
                events.append(GameOver(tuple(winners(totals)), tuple(totals)))
        else:
            self.phase = Phase.DEAL
            self.dealer = (self.dealer + 1) % t.players
            self.hand_size = t.plan[self.round_index][0]

    # -- checked transitions ------------------------------------------------------------------

    def check(self, action: int | str, seat: int | None = None) -> None:
        """Raise an :class:`IllegalActionError` explaining why ``action`` (by ``seat``, when
        given) is not legal now; return quietly if it is. A card may be given as text
        (``"5S"``), as :meth:`play` takes it."""
        self._checked(action, seat)

    def _checked(self, action: int | str, seat: int | None) -> int:
        """:meth:`check`, returning the action (a card given as text read once, here)."""
        self._check_seat(seat)
        if self.phase not in (Phase.BID, Phase.PLAY):
            raise IllegalActionError(self._phase_message(), seat=seat, rule="phase")
        if isinstance(action, str) and self.phase is Phase.PLAY:
            action = self._card_of_text(action, seat)
        if seat is not None and seat != self.turn:
            refusal = IllegalBidError if self.phase is Phase.BID else IllegalPlayError
            raise refusal(
                _("it is {name}'s turn, not {other}'s").format(
                    name=self.names[self.turn], other=self.names[seat]
                ),
                seat=seat,
                rule="turn",
            )
        if self.phase is Phase.BID:
            self._check_bid(action)
        else:
            self._check_card(action)
        return action  # type: ignore[return-value]  # the checks above refuse any other

    def is_legal(self, action: int | str, seat: int | None = None) -> bool:
        try:
            self.check(action, seat)
        except IllegalActionError:
            return False
        return True

    def act(self, action: int | str, seat: int | None = None) -> list[Event]:
        """Check, then apply, a bid or a card (a card may be text, as :meth:`play` takes)."""
        return self.apply(self._checked(action, seat))

    def _check_seat(self, seat: object) -> None:
        """A seat given with an action, if any, is one of the table's."""
        if seat is not None:
            check_seat(seat, self.table.players)

    def bid(self, bid: int, seat: int | None = None) -> list[Event]:
        """Make a bid, checked (raises :class:`IllegalBidError` with the reason)."""
        self._check_seat(seat)
        if self.phase is not Phase.BID:
            raise IllegalBidError(self._phase_message(), seat=seat, rule="phase")
        return self.apply(self._checked(bid, seat))

    def play(self, card: Card | str, seat: int | None = None) -> list[Event]:
        """Play a card, checked (raises :class:`IllegalPlayError` with the reason)."""
        self._check_seat(seat)
        if self.phase is not Phase.PLAY:
            raise IllegalPlayError(self._phase_message(), seat=seat, rule="phase")
        return self.apply(self._checked(card, seat))

    def _card_of_text(self, text: str, seat: int | None) -> Card:
        """A card written as text (``"5S"``), or the refusal of a text that is no card."""
        try:
            return Card.parse(text)
        except ValueError as error:
            raise IllegalPlayError(
                str(error), seat=self.turn if seat is None else seat, rule="card"
            ) from None

    def _check_bid(self, bid: object) -> None:
        if isinstance(bid, bool) or not isinstance(bid, int) or isinstance(bid, Card):
            raise IllegalBidError(_("a bid is a number of tricks"), seat=self.turn, rule="phase")
        if bid in self.legal_bids():
            return
        seat = self.turn
        name = self.names[seat]
        size = self.hand_size
        if not 0 <= bid <= size:
            raise IllegalBidError(
                _("{name} may not bid {bid}: bids go from 0 to {size}").format(
                    name=name, bid=bid, size=size
                ),
                seat=seat,
                rule="bid_range",
            )
        if self.table.under:
            raise IllegalBidError(
                _(
                    "{name} may not bid {bid}: the bids would total {total}, and they must stay "
                    "under the number of tricks ({size})"
                ).format(name=name, bid=bid, total=self.bid_total + bid, size=size),
                seat=seat,
                rule="under",
            )
        raise IllegalBidError(
            _(
                "{name}, the dealer, may not bid {bid}: the bids would equal the number of "
                "tricks ({size})"
            ).format(name=name, bid=bid, size=size),
            seat=seat,
            rule="hook",
        )

    def _check_card(self, card: object) -> None:
        if not isinstance(card, Card):
            raise IllegalPlayError(_("a play is a card"), seat=self.turn, rule="phase")
        if not is_card(card):  # Card(0): a number that is no card
            raise IllegalPlayError(
                _("{value} is not a card").format(value=quoted(int(card))),
                seat=self.turn,
                rule="card",
            )
        seat = self.turn
        name = self.names[seat]
        hand = self.hands[seat]
        bit = 1 << card
        if self.legal_mask() & bit:
            return
        if not hand & bit:
            raise IllegalPlayError(
                _("{name} does not hold {card}").format(name=name, card=card),
                seat=seat,
                rule="not_held",
            )
        led = SUIT_OF[self.trick[0]]
        follow = hand & SUIT_MASKS[led]
        if follow:
            raise IllegalPlayError(
                _("{name} must follow {suit} (holds {held}) but played {card}").format(
                    name=name,
                    suit=Suit(led).display_name(),
                    held=cards_of(follow)[-1],
                    card=card,
                ),
                seat=seat,
                rule="follow_suit",
            )
        trumps = hand & SUIT_MASKS[self.trump_suit]
        raise IllegalPlayError(
            _("{name} cannot follow {suit} and must trump (holds {held}) but played {card}").format(
                name=name,
                suit=Suit(led).display_name(),
                held=cards_of(trumps)[-1],
                card=card,
            ),
            seat=seat,
            rule="must_trump",
        )

    def _phase_message(self) -> str:
        if self.phase is Phase.DEAL:
            return _("the cards have not been dealt yet")
        if self.phase is Phase.OVER:
            return _("the game is over")
        if self.phase is Phase.BID:
            return _("the players are bidding: it is not the time to play a card")
        return _("the bidding is over: it is time to play a card")

    def _require_phase(self, phase: Phase) -> None:
        if self.phase is phase:
            return
        if phase is Phase.DEAL and self.phase in (Phase.BID, Phase.PLAY):
            # a deal (or a score-sheet round) asked for while a round is being played
            raise IllegalActionError(
                _("this round is not over: the next round comes once it is scored"),
                rule="phase",
            )
        raise IllegalActionError(self._phase_message(), rule="phase")

    # -- score sheets ---------------------------------------------------------------------------

    def record_summary(self, bids: Sequence[int], won: Sequence[int]) -> list[Event]:
        """Score a round played with real cards from its bids and tricks won (by seat),
        checking the bids against the rules and that the tricks add up to the hand size."""
        self._require_phase(Phase.DEAL)
        t = self.table
        n = t.players
        if (
            not isinstance(bids, Sequence)
            or not isinstance(won, Sequence)
            or len(bids) != n
            or len(won) != n
        ):
            raise IllegalActionError(
                _("a round needs one bid and one count of tricks per player ({n})").format(n=n),
                rule="summary",
            )
        before = self.copy()  # a refusal leaves the game exactly as it was
        self.hands = [0] * n
        self.dealt = (0,) * n
        self.trump_card = None
        self.trump_suit = -1
        self.bids = [-1] * n
        self.bid_count = self.bid_total = 0
        self.turn = (self.dealer + 1) % n
        self.phase = Phase.BID
        events: list[Event] = []
        try:
            for i in range(n):
                seat = (self.dealer + 1 + i) % n
                self.turn = seat
                self._check_bid(bids[seat])
                self._bid(bids[seat], events)
            for seat, count in enumerate(won):
                if isinstance(count, bool) or not isinstance(count, int):
                    raise IllegalActionError(
                        _("the tricks won by {name} are not a whole number: {value!r}").format(
                            name=t.names[seat], value=count
                        ),
                        seat=seat,
                        rule="won",
                    )
                if count < 0:
                    raise IllegalActionError(
                        _("{name} cannot have won {count} tricks").format(
                            name=t.names[seat], count=count
                        ),
                        seat=seat,
                        rule="won",
                    )
            if sum(won) != self.hand_size:
                raise IllegalActionError(
                    ngettext(
                        "the tricks won add up to {total}, not to the {size} card in each hand",
                        "the tricks won add up to {total}, not to the {size} cards in each hand",
                        self.hand_size,
                    ).format(total=sum(won), size=self.hand_size),
                    rule="won",
                )
        except BaseException:
            self._restore(before)  # whatever went wrong, nothing of the round stays
            raise
        self.won = list(won)
        self._finish_round(events, full=False)
        return events

    # -- views ---------------------------------------------------------------------------------

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may know (RULES.md §9): the one place every interface gets it from."""
        return view_of(self, seat)

    def __repr__(self) -> str:
        return (
            f"<Game {self.rules.preset} players={self.players} round={self.round_index + 1}"
            f"/{self.rounds} phase={self.phase.name}>"
        )
