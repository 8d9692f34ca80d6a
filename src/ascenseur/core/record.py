"""The game record of RECORD.md: write it from a game, read it back, replay it with every
check of the rules, and compute its score sheet.

>>> sheet = score_sheet(replay(EXAMPLE_RECORD))
>>> sheet["totals"], sheet["winners"]
([-3, 0, 5, 8], ['Martine'])
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from ascenseur.i18n import N_, _, ngettext

from .cards import CARDS, COPY_OFFSET, Card, CardParseError, cards_of, quoted
from .engine import Game, Phase
from .errors import IllegalActionError, InvalidDealError, RecordError
from .rules import (
    DuplicateCards,
    DuplicateKeyError,
    RulesError,
    placed,
    rules_from_mapping,
    shown,
    strict_json,
)

FORMAT: Final = "ascenseur/1"
#: The largest file read as a record (a saved game, ``ascenseur replay``): far more than the
#: record of the longest game (a few megabytes at most), far less than the memory of a
#: small machine (``/dev/zero`` would be read until it ran out).
MAX_RECORD_BYTES: Final = 100_000_000

#: The example record of RECORD.md (used in the docs and the tests).
EXAMPLE_RECORD: Final[dict[str, Any]] = {
    "format": FORMAT,
    "rules": {"preset": "classique", "ladder": [2, 7]},
    "players": ["Jeanne", "Pierre", "Paul", "Martine"],
    "rounds": [
        {
            "dealer": 0,
            "hands": [["AS", "KD"], ["2C", "7H"], ["QS", "TD"], ["9C", "3H"]],
            "trump": "5S",
            "bids": [0, 0, 1, 0],
            "tricks": [["2C", "QS", "9C", "AS"], ["KD", "7H", "TD", "3H"]],
        },
        {"dealer": 1, "bids": [2, 4, 2, 1], "won": [3, 1, 2, 1]},
    ],
}


@dataclass
class Replay:
    """A replayed record: the game in the state the record leaves it, and a round that the
    record started as a score sheet but did not finish (bids without tricks won), if any."""

    game: Game
    pending_summary_bids: list[int | None] | None = None
    round_not_begun: bool = False
    #: The rounds the game had finished when the record was read: a round left open
    #: (above) belongs after them, and is stale once play on ``game`` has gone past them.
    finished_rounds: int = 0


# -- writing ------------------------------------------------------------------------------------


def game_to_record(game: Game | Replay) -> dict[str, Any]:
    """The record of ``game`` as a JSON-ready dict (finished rounds and the one in play).

    Given a :class:`Replay`, the round its record left open without the engine's game
    holding it is written as it was read: a score-sheet round with bids and no ``won`` yet
    (its bids, ``null`` for a player yet to bid), or a last round not begun (its dealer
    only), so that the score sheet of the record written is that of the record read."""
    if not isinstance(game, Game | Replay):
        raise TypeError(
            f"a record is written from a Game or replay(record), not {type(game).__name__}"
        )
    replayed = game if isinstance(game, Replay) else None
    game = game.game if isinstance(game, Replay) else game
    if replayed is not None and len(game.results) != replayed.finished_rounds:
        replayed = None  # played on since it was read: its open round is no longer open
    rounds: list[dict[str, Any]] = []
    for result in game.results:
        if result.hands is None or result.tricks is None:
            rounds.append(
                {
                    "cards": result.cards,
                    "dealer": result.dealer,
                    "bids": list(result.bids),
                    "won": list(result.won),
                }
            )
        else:
            rounds.append(
                {
                    "cards": result.cards,
                    "dealer": result.dealer,
                    "hands": [[str(c) for c in hand] for hand in result.hands],
                    "trump": None if result.trump is None else str(result.trump),
                    "bids": list(result.bids),
                    "tricks": [[str(c) for c in t.cards] for t in result.tricks],
                }
            )
    if game.phase in (Phase.BID, Phase.PLAY):
        current: dict[str, Any] = {
            "cards": game.hand_size,
            "dealer": game.dealer,
            "hands": [[str(c) for c in cards_of(mask)] for mask in game.dealt],
            "trump": None if game.trump_card is None else str(game.trump_card),
        }
        if game.bid_count:
            current["bids"] = [None if b < 0 else b for b in game.bids]
        tricks = [[str(c) for c in t.cards] for t in game.tricks]
        if game.trick:
            tricks.append([str(c) for c in game.trick])
        if tricks:
            current["tricks"] = tricks
        rounds.append(current)
    elif game.phase is Phase.DEAL and replayed and replayed.pending_summary_bids is not None:
        # A score-sheet round in progress, which the engine's game cannot hold (RECORD.md:
        # a summary round has dealer and bids, and won once it is over).
        rounds.append(
            {
                "cards": game.hand_size,
                "dealer": game.dealer,
                "bids": list(replayed.pending_summary_bids),
            }
        )
    elif game.phase is Phase.DEAL and (
        (replayed is None and not game.results)
        or (replayed is not None and replayed.round_not_begun)
    ):
        # Not dealt yet: the first dealer is all there is, and the rest follows from it
        # (a round that gives only its dealer is a round not begun). A replayed record
        # whose last round was not begun keeps it the same way; one that has no round at
        # all ("rounds": []) is written without one, so that its score sheet lists none.
        rounds.append({"dealer": game.dealer})
    return {
        "format": FORMAT,
        "rules": game.rules.to_record(),
        "players": list(game.names),
        "rounds": rounds,
    }


def dumps(game: Game | Replay) -> str:
    """The record of ``game`` (a :class:`Game`, or a :class:`Replay`: see
    :func:`game_to_record`) as JSON text."""
    return json.dumps(game_to_record(game), ensure_ascii=False, indent=1) + "\n"


# -- reading ------------------------------------------------------------------------------------


#: The JSON reader's reasons, in the language of the game (others stay as it words them).
_JSON_REASONS: Final[dict[str, str]] = {
    "Expecting value": N_("a value is missing"),
    "Expecting property name enclosed in double quotes": N_("a key in double quotes is missing"),
    "Expecting ':' delimiter": N_("a ':' is missing"),
    "Expecting ',' delimiter": N_("a ',' is missing"),
    "Extra data": N_("more follows the end of the document"),
    "Unterminated string starting at": N_("a string is not closed"),
    "Invalid control character": N_("a string holds a control character (a line break, a tab)"),
    "Invalid \\uXXXX escape": N_("a \\u escape lacks its four hexadecimal digits"),
    "Invalid \\escape": N_("a backslash starts no known escape"),
    # (one byte-order mark is read past; this is a second one)
    "Unexpected UTF-8 BOM": N_("the text starts with a second byte-order mark"),
}


def _json_reason(message: str) -> str:
    """The JSON reader's ``message`` in the game's language (some end with the text at
    fault: "Invalid \\escape: 'q'")."""
    for start, reason in _JSON_REASONS.items():
        if message == start or message.startswith(start + " ") or message.startswith(start + ":"):
            return _(reason)
    return message


def _doubled_key_message(error: DuplicateKeyError) -> str:
    """Where a key is given twice, in a record's words: ``round 4: the key "bids" is given
    twice; keep one`` (``rules: scoring: …``; at the top, ``not a record: …``); places in
    lists other than the rounds go unsaid."""
    path = error.path
    places: list[str] = []
    for index, step in enumerate(path):
        if index == 1 and path[0] == "rounds" and isinstance(step, int):
            places[-1] = _("round {n}").format(n=step + 1)
        elif isinstance(step, str):
            places.append(step)
    if not places:
        return _("not a record: {reason}").format(reason=error)
    return placed(places, str(error))


def loads(text: str) -> dict[str, Any]:
    """Parse a record's JSON text (not yet checked against the rules)."""
    if not isinstance(text, str):
        raise TypeError(f"loads() reads a record's text, not {type(text).__name__}")
    if not text.strip():
        raise RecordError(_("the record is empty; a record is a JSON object"))
    try:
        data = strict_json(text)
    except DuplicateKeyError as error:
        raise RecordError(_doubled_key_message(error)) from None
    except json.JSONDecodeError as error:  # (NotJsonError too: NaN, Infinity)
        raise RecordError(
            _("not a JSON document: {error} (line {line}, column {column})").format(
                error=_json_reason(error.msg),
                line=error.lineno,
                column=error.colno,
            )
        ) from None
    except RecursionError:
        raise RecordError(_("not a record: its JSON is nested too deeply")) from None
    except ValueError:
        # Python refuses to read a whole number of more than 4,300 digits.
        raise RecordError(_("not a record: a number in it is too long")) from None
    if not isinstance(data, dict):
        raise RecordError(_("a record is a JSON object"))
    half = _lone_surrogate(data)
    if half is not None:
        # A lone surrogate ("\ud800") is valid JSON but not text: it could be neither shown
        # nor written back.
        raise RecordError(
            _("not a record: it holds {code}, half of a character, which is not text").format(
                code=f"\\u{ord(half):04x}"
            )
        )
    return data


def _lone_surrogate(data: Any) -> str | None:
    """The first lone surrogate among the texts of ``data`` (keys included), in the order
    they are written, or ``None``. Each text is checked alone, so that a large record is not
    written out whole once more (it doubled the memory of reading one)."""
    stack: list[Any] = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if not item.isascii():
                try:
                    item.encode("utf-8")
                except UnicodeEncodeError as error:
                    return item[error.start]
        elif isinstance(item, dict):
            for key, value in reversed(item.items()):
                stack.extend((value, key))
        elif isinstance(item, list):
            stack.extend(reversed(item))
    return None


def replay(record: Mapping[str, Any]) -> Replay:
    """Replay a record action by action through the checked path of the engine; raise
    :class:`RecordError` at the first thing that is malformed or breaks a rule, saying where
    (round, trick) and why, naming the player."""
    if not isinstance(record, Mapping):
        raise RecordError(_("a record is a JSON object"))
    if record.get("format") != FORMAT:
        if "format" not in record:
            raise RecordError(
                _('format: missing; a record says "format": "{format}"').format(format=FORMAT)
            )
        raise RecordError(
            _("format: {value} is not {format}").format(
                value=shown(record.get("format")), format=FORMAT
            )
        )
    for key in ("rules", "players", "rounds"):
        if key not in record:
            raise RecordError(_("{key}: missing").format(key=key))
    try:
        rules = rules_from_mapping(record["rules"])
    except RulesError as error:
        # Here even an error named "players" is one of the rules object's keys.
        raise RecordError(_rules_message(error, of_players=False)) from None
    names = record["players"]
    if not isinstance(names, list):
        raise RecordError(_("players: a list of names is needed"))
    if not names:
        raise RecordError(_("players: the list of names is empty"))
    for place, name in enumerate(names, start=1):
        if not isinstance(name, str):
            raise RecordError(
                _("players: name {place} is {value}, not a text in quotes").format(
                    place=place, value=shown(name)
                )
            )
        if not name.strip():
            raise RecordError(_("players: name {place} is empty").format(place=place))
    rounds = record["rounds"]
    if not isinstance(rounds, list):
        raise RecordError(_("rounds: a list of rounds is needed"))
    try:
        rules.validate(len(names))
    except RulesError as error:
        raise RecordError(_rules_message(error)) from None
    first_dealer = 0
    if rounds and isinstance(rounds[0], Mapping):
        first_dealer = _seat(rounds[0].get("dealer"), len(names), _("round {n}").format(n=1))
    try:
        game = Game.new(rules, names, first_dealer=first_dealer)
    except RulesError as error:
        raise RecordError(_rules_message(error)) from None
    result = Replay(game)
    open_round = False
    for index, data in enumerate(rounds):
        where = _("round {n}").format(n=index + 1)
        if not isinstance(data, Mapping):
            raise RecordError(_("{where}: a round is a JSON object").format(where=where))
        if game.phase is Phase.OVER:
            raise RecordError(
                _("{where}: the ladder of these rules ends after round {count}").format(
                    where=where, count=game.rounds
                )
            )
        if open_round:
            raise RecordError(
                _("{where}: round {previous} is not finished").format(where=where, previous=index)
            )
        _replay_round(result, data, where)
        open_round = (
            game.phase in (Phase.BID, Phase.PLAY)
            or result.pending_summary_bids is not None
            or result.round_not_begun
        )
    result.finished_rounds = len(game.results)
    return result


def _rules_message(error: RulesError, of_players: bool = True) -> str:
    """A rules error in a record, said once under ``rules``."""
    if error.option == "rules":
        return str(error)
    if error.option == "players" and of_players:
        # Too many or too few names: the record's players, not its rules, are wrong.
        return str(error)
    return _("rules: {error}").format(error=error)


def _seat(value: Any, players: int, where: str) -> int:
    if value is None:
        raise RecordError(
            _("{where}: dealer is missing (the dealer's seat, from 0 to {last})").format(
                where=where, last=players - 1
            )
        )
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise RecordError(
            _("{where}: dealer {value} is not a seat from 0 to {last}").format(
                where=where, value=shown(value), last=players - 1
            )
        )
    return value


#: The keys a round of a record may have (RECORD.md).
ROUND_KEYS: Final = ("cards", "dealer", "hands", "trump", "bids", "tricks", "won")


def _replay_round(result: Replay, data: Mapping[str, Any], where: str) -> None:
    game = result.game
    n = game.players
    unknown = [key for key in data if key not in ROUND_KEYS]
    if unknown:
        # A misspelt key ("bid", "trumps") would otherwise be lost without a word.
        raise RecordError(
            _("{where}: {key} is not a key of a round (a round has {keys})").format(
                where=where, key=shown(unknown[0]), keys=", ".join(ROUND_KEYS)
            )
        )
    dealer = _seat(data.get("dealer"), n, where)
    if dealer != game.dealer:
        raise RecordError(
            _(
                "{where}: the deal passes to {name} (seat {seat}), not to {other} (seat {given})"
            ).format(
                where=where,
                name=game.names[game.dealer],
                seat=game.dealer,
                other=game.names[dealer],
                given=dealer,
            )
        )
    given = data.get("cards", game.hand_size)
    if isinstance(given, bool) or not isinstance(given, int) or given != game.hand_size:
        raise RecordError(
            ngettext(
                "{where}: the ladder deals {size} card in this round, not {given}",
                "{where}: the ladder deals {size} cards in this round, not {given}",
                game.hand_size,
            ).format(where=where, size=game.hand_size, given=shown(given))
        )
    if data.get("hands") is not None:
        _replay_full_round(game, data, where)
        return
    # A summary round (or one not begun) has nothing of the cards (null hands, a null trump
    # and an empty list of tricks say as much, as null says no more than no key elsewhere).
    for key in ("trump", "tricks"):
        if data.get(key, None) not in (None, []):
            raise RecordError(
                _("{where}: {key} is given but not the hands").format(where=where, key=key)
            )
    if "won" in data or "bids" in data:
        _replay_summary_round(result, data, where)
    else:
        # A round not begun yet (only its dealer): listed on the score sheet, nothing bid.
        result.round_not_begun = True


def _parse_cards(values: Any, where: str, what: str) -> list[Card]:
    if not isinstance(values, list):
        raise RecordError(
            _("{where}: {what} must be a list of cards").format(where=where, what=what)
        )
    cards = []
    for value in values:
        if not isinstance(value, str):
            # Said as the record writes it (null, ["KD"]), not as Python would (None, ['KD']).
            raise RecordError(
                _("{where}: {what}: {error}").format(
                    where=where, what=what, error=_("not a card: {text}").format(text=shown(value))
                )
            )
        try:
            card = Card.parse(value)
        except CardParseError as error:
            raise RecordError(
                _("{where}: {what}: {error}").format(where=where, what=what, error=error)
            ) from None
        if value not in (str(card), str(card).replace("T", "10", 1)):
            # RECORD.md's notation is in capitals, without spaces (10 for T accepted);
            # people may type "as", a record may not.
            raise RecordError(
                _(
                    "{where}: {what}: {value} is not in the notation of records; write {card}"
                ).format(where=where, what=what, value=quoted(value), card=card)
            )
        cards.append(card)
    return cards


def _second_copies(
    game: Game, hands: list[list[Card]], trump: Card | None, where: str
) -> tuple[list[list[Card]], Card | None]:
    """With two decks a record may write a second copy without its mark (``"AS"`` for
    ``"AS'"``): an unmarked card is read as the second copy when the first is already dealt
    (or was stripped from the deck) and the record does not name the second. Under
    ``duplicate_cards = deck-order`` the copy decides tricks, so two unmarked copies of one
    card are refused: the record must say which player holds the first."""
    deck = game.table.deck_mask
    deck_order = game.rules.duplicate_cards is DuplicateCards.DECK_ORDER
    taken = 0
    for card in [*(c for hand in hands for c in hand), *([trump] if trump is not None else [])]:
        if card.copy:
            taken |= 1 << card

    def resolve(card: Card) -> Card:
        nonlocal taken
        if card.copy:
            return card
        second = CARDS[card + COPY_OFFSET]
        has_second = deck >> second & 1 and not taken >> second & 1
        if taken >> card & 1 and has_second:
            if deck_order:
                raise RecordError(
                    _(
                        "{where}: {card} is dealt twice; with duplicate_cards = deck-order, "
                        "write the second copy {second}"
                    ).format(where=where, card=card, second=second)
                )
            card = second
        elif taken >> card & 1 and deck >> second & 1:
            raise RecordError(
                _("{where}: {card} is dealt more often than the two decks hold it").format(
                    where=where, card=card
                )
            )
        elif not deck >> card & 1 and has_second:
            card = second  # the first copy was stripped: only the second is in the deck
        elif not deck >> card & 1 and deck >> second & 1:
            raise RecordError(
                _(
                    "{where}: {card} is dealt twice, but the deck holds one {card}: the other "
                    "was stripped (strip_to_multiple)"
                ).format(where=where, card=card)
            )
        taken |= 1 << card
        return card

    resolved = [[resolve(card) for card in hand] for hand in hands]
    if trump is None or not game.turns_up_a_card():
        # A card written where the deal turns none: the deal's own check says so, whatever
        # copies the card could be.
        return resolved, trump
    return resolved, resolve(trump)


def _held_copy(game: Game, card: Card) -> Card:
    """The copy of ``card`` that the player on turn holds, when the record writes a second
    copy without its mark."""
    hand = game.hands[game.turn]
    if not card.copy and not hand >> card & 1:
        second = CARDS[card + COPY_OFFSET]
        if hand >> second & 1:
            return second
    return card


def _someone_elses_card(game: Game, card: Card) -> str | None:
    """Why a card not held by the player on turn was refused, when another player holds it:
    the trick is written in the wrong order, or led by the wrong player (who plays each card
    follows from the rules, so the record cannot say it)."""
    # The copy written first (4H is the first copy's), then, unmarked, the second (4H').
    copies = [card] if card.copy else [card, CARDS[card + COPY_OFFSET]]
    holders = [
        owner
        for copy in copies
        for owner, hand in enumerate(game.hands)
        if owner != game.turn and hand >> copy & 1
    ]
    if not holders:
        return None
    values = {"card": card, "owner": game.names[holders[0]], "name": game.names[game.turn]}
    if not game.trick:
        return _("{card} is {owner}'s card, but {name} leads this trick").format(**values)
    return _("{card} is {owner}'s card, but it is {name}'s turn to play").format(**values)


def _replay_full_round(game: Game, data: Mapping[str, Any], where: str) -> None:
    n = game.players
    hands_data = data["hands"]
    if not isinstance(hands_data, list) or len(hands_data) != n:
        raise RecordError(
            _("{where}: hands must list one hand per player ({n})").format(where=where, n=n)
        )
    hands = [
        _parse_cards(h, where, _("hand of {name}").format(name=game.names[s]))
        for s, h in enumerate(hands_data)
    ]
    if "trump" not in data:
        raise RecordError(
            _("{where}: trump is missing (the turned card, or null)").format(where=where)
        )
    trump: Card | None = None
    if data["trump"] is not None:
        trump = _parse_cards([data["trump"]], where, _("trump"))[0]
    hands, trump = _second_copies(game, hands, trump, where)
    try:
        game.deal_hands(hands, trump)
    except InvalidDealError as error:
        raise RecordError(_("{where}: {error}").format(where=where, error=error)) from None
    bids = data.get("bids")
    if bids == []:
        bids = None  # "bids": [] says no bid is made yet, as "tricks": [] says no trick is
    if not isinstance(data.get("tricks", []), list | None):
        raise RecordError(_("{where}: tricks must be a list of tricks").format(where=where))
    if bids is None:
        if data.get("tricks"):
            raise RecordError(_("{where}: tricks are given but no bids").format(where=where))
        _check_won_so_far(game, data.get("won"), [0] * game.players, where, no_tricks=True)
        return
    complete = _replay_bids(game, bids, where)
    tricks = data.get("tricks")
    if tricks is None:
        tricks = []
    if not complete and tricks:
        raise RecordError(
            _("{where}: tricks are given before every player has bid").format(where=where)
        )
    if len(tricks) > game.hand_size:
        raise RecordError(
            ngettext(
                "{where}: {count} tricks in a round of {size} card",
                "{where}: {count} tricks in a round of {size} cards",
                game.hand_size,
            ).format(where=where, count=len(tricks), size=game.hand_size)
        )
    for number, trick in enumerate(tricks, start=1):
        trick_where = _("{where}, trick {n}").format(where=where, n=number)
        cards = _parse_cards(trick, trick_where, _("trick"))
        if not cards:
            # (a trick not begun is left out; only the last trick may be begun and unfinished)
            raise RecordError(
                _("{where}: the trick is empty; leave out a trick not begun").format(
                    where=trick_where
                )
            )
        if len(cards) > n or (len(cards) < n and number < len(tricks)):
            raise RecordError(
                _("{where}: a trick has one card per player ({n}), this one has {count}").format(
                    where=trick_where, n=n, count=len(cards)
                )
            )
        for card in cards:
            try:
                game.play(_held_copy(game, card))
            except IllegalActionError as error:
                reason = _someone_elses_card(game, card) if error.rule == "not_held" else None
                raise RecordError(
                    _("{where}: {error}").format(where=trick_where, error=reason or error)
                ) from None
    finished = game.phase in (Phase.DEAL, Phase.OVER)
    played = game.results[-1].won if finished else game.won
    _check_won_so_far(game, data.get("won"), played, where, no_tricks=not tricks)


def _check_won_so_far(
    game: Game, won: Any, played: Sequence[int], where: str, *, no_tricks: bool
) -> None:
    """A full round may say what each player won, as the score sheet does (so far, in a
    round in progress; null as if it said nothing); it must be what the tricks give. A
    round with hands and won but no tricks reads like a score sheet that kept the cards:
    the refusal says what to write instead."""
    if won is None:
        return
    _check_won_counts(game, won, where)
    for seat, (said, taken) in enumerate(zip(won, played, strict=True)):
        if said != taken and no_tricks:
            raise RecordError(
                _(
                    "{where}: won gives {said} for {name}, but this round has hands and no "
                    "tricks: give its tricks, or only dealer, bids and won for a score sheet"
                ).format(where=where, said=said, name=game.names[seat])
            )
        if said != taken:
            raise RecordError(
                ngettext(
                    "{where}: won gives {said} for {name}, but the tricks played give "
                    "{name} {taken} trick",
                    "{where}: won gives {said} for {name}, but the tricks played give "
                    "{name} {taken} tricks",
                    taken,
                ).format(where=where, said=said, name=game.names[seat], taken=taken)
            )


def _check_won_counts(game: Game, won: Any, where: str) -> None:
    """``won`` is a count of tricks (a whole number, not true or false) for each player."""
    n = game.players
    if not isinstance(won, list) or len(won) != n:
        raise RecordError(
            _("{where}: won must list the tricks of each player ({n})").format(where=where, n=n)
        )
    for seat, count in enumerate(won):
        if isinstance(count, bool) or not isinstance(count, int):
            raise RecordError(
                _("{where}: the tricks won by {name} are not a whole number: {value}").format(
                    where=where, name=game.names[seat], value=shown(count)
                )
            )


def _replay_bids(game: Game, bids: Any, where: str) -> bool:
    """Make the record's bids (by seat, null for a player yet to bid) in bidding order; True
    when every player bid."""
    n = game.players
    if not isinstance(bids, list) or len(bids) != n:
        raise RecordError(
            _(
                "{where}: bids must list one bid per player ({n}), null for a player "
                "who has not bid yet"
            ).format(where=where, n=n)
        )
    missing: str | None = None
    for i in range(n):
        seat = (game.dealer + 1 + i) % n
        bid = bids[seat]
        if bid is None:
            missing = missing or game.names[seat]
            continue
        if missing is not None:
            raise RecordError(
                _("{where}: {name} has bid but {missing}, who bids before, has not").format(
                    where=where, name=game.names[seat], missing=missing
                )
            )
        _check_bid_is_number(game, seat, bid, where)
        try:
            game.bid(bid)
        except IllegalActionError as error:
            raise RecordError(_("{where}: {error}").format(where=where, error=error)) from None
    return missing is None


def _check_bid_is_number(game: Game, seat: int, bid: Any, where: str) -> None:
    if bid is None:
        # (in a round scored by "won", every player has bid)
        raise RecordError(
            _("{where}: the bid of {name} is missing (null) though won is given").format(
                where=where, name=game.names[seat]
            )
        )
    if isinstance(bid, bool) or not isinstance(bid, int):
        raise RecordError(
            _("{where}: the bid of {name} is not a whole number: {value}").format(
                where=where, name=game.names[seat], value=shown(bid)
            )
        )


def _replay_summary_round(result: Replay, data: Mapping[str, Any], where: str) -> None:
    game = result.game
    n = game.players
    bids = data.get("bids")
    nobody_bid = (
        bids is None
        or bids == []
        or (isinstance(bids, list) and len(bids) == n and all(b is None for b in bids))
    )
    won = data.get("won")  # "won": null says no more than no "won": the round is not over
    if won is None and nobody_bid:
        # "bids": null, [], or a null for every player: no bid is made yet, a round not begun.
        result.round_not_begun = True
        return
    if won is None:
        # A score sheet round in progress: check the bids on a copy, keep them.
        trial = game.copy()
        trial.hands = [0] * n
        trial.phase = Phase.BID
        trial.turn = (trial.dealer + 1) % n
        trial.bids = [-1] * n
        trial.bid_count = trial.bid_total = 0
        _replay_bids(trial, bids, where)
        result.pending_summary_bids = list(bids) if isinstance(bids, list) else None
        return
    if not isinstance(bids, list) or len(bids) != n:
        raise RecordError(
            _("{where}: bids must list one bid per player ({n})").format(where=where, n=n)
        )
    _check_won_counts(game, won, where)
    for seat, bid in enumerate(bids):
        _check_bid_is_number(game, seat, bid, where)
    try:
        game.record_summary(bids, won)
    except IllegalActionError as error:
        raise RecordError(_("{where}: {error}").format(where=where, error=error)) from None


# -- the score sheet -----------------------------------------------------------------------------


def score_sheet(result: Replay | Game) -> dict[str, Any]:
    """The score sheet of RECORD.md (``ascenseur replay --json``)."""
    if not isinstance(result, Replay | Game):
        raise TypeError(
            f"a score sheet is made from replay(record) or a Game, not {type(result).__name__}"
        )
    # A game not dealt yet is written with its first dealer as a round not begun
    # (game_to_record): its sheet lists that round, as the sheet of its record does.
    replayed = (
        result
        if isinstance(result, Replay)
        else Replay(result, round_not_begun=not result.results and result.phase is Phase.DEAL)
    )
    game = replayed.game
    rounds: list[dict[str, Any]] = []
    for r in game.results:
        rounds.append(
            {
                "cards": r.cards,
                "dealer": r.dealer,
                "trump": None if r.trump is None else str(r.trump),
                "bids": list(r.bids),
                "won": list(r.won),
                "points": list(r.points),
                "totals": list(r.totals),
            }
        )
    if game.phase in (Phase.BID, Phase.PLAY):
        rounds.append(
            {
                "cards": game.hand_size,
                "dealer": game.dealer,
                "trump": None if game.trump_card is None else str(game.trump_card),
                "bids": [None if b < 0 else b for b in game.bids] if game.bid_count else None,
                "won": list(game.won),
                "points": None,
                "totals": None,
            }
        )
    elif replayed.pending_summary_bids is not None or replayed.round_not_begun:
        bids = replayed.pending_summary_bids
        rounds.append(
            {
                "cards": game.hand_size,
                "dealer": game.dealer,
                "trump": None,
                "bids": bids if bids and any(b is not None for b in bids) else None,
                # The tricks won so far (RECORD.md): none is written yet.
                "won": [0] * game.players,
                "points": None,
                "totals": None,
            }
        )
    finished = game.phase is Phase.OVER
    return {
        "players": list(game.names),
        "rounds": rounds,
        "totals": list(game.totals),
        "finished": finished,
        "winners": [game.names[s] for s in game.winners()] if finished else [],
    }


def names_of(seats: Sequence[int], game: Game) -> list[str]:
    return [game.names[s] for s in seats]
