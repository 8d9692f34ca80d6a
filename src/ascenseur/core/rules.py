"""Rule sets: every option of RULES.md, the four presets, overrides and validation.

A :class:`Rules` is frozen. Presets are registered by name (:func:`preset`); options are
changed with :meth:`Rules.override`, from a mapping (a record's ``rules``, a TOML file, the
command line). A combination that cannot be played raises :class:`RulesError`, which names
the option and the reason.

>>> rules = preset("prime").override({"void_rule": "must-trump"})
>>> rules.void_rule
<VoidRule.MUST_TRUMP: 'must-trump'>
>>> rules.hand_sizes(4)[:3], rules.hand_sizes(4)[-1]
((1, 2, 3), 1)
"""

from __future__ import annotations

import dataclasses
import json
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache
from typing import Any, Final

from ascenseur.i18n import N_, _

from .cards import SHOWN_AT_MOST, Card, build_deck, cut_for_message


class Direction(StrEnum):
    CLOCKWISE = "clockwise"
    COUNTERCLOCKWISE = "counterclockwise"


class DeckKind(StrEnum):
    STANDARD = "standard"
    TAROT_TRUMPS = "tarot-trumps"


class DuplicateCards(StrEnum):
    FIRST_WINS = "first-wins"
    DECK_ORDER = "deck-order"


class LadderShape(StrEnum):
    UP_DOWN = "up-down"
    UP_DOWN_DOUBLE_PEAK = "up-down-double-peak"
    DOWN_UP = "down-up"


class TrumpRule(StrEnum):
    TURN_UP = "turn-up"
    NONE = "none"


class Bidding(StrEnum):
    SEQUENTIAL = "sequential"
    SIMULTANEOUS = "simultaneous"


class BidLimit(StrEnum):
    HOOK = "hook"
    UNDER = "under"
    NONE = "none"


class VoidRule(StrEnum):
    MUST_TRUMP = "must-trump"
    FREE = "free"


class RulesError(ValueError):
    """An option or a combination of options that cannot be played."""

    def __init__(self, option: str, reason: str) -> None:
        self.option = option
        self.reason = reason
        super().__init__(_("{option}: {reason}").format(option=option, reason=reason))

    def __reduce__(self) -> tuple[Any, ...]:
        # Rebuilt from its option and reason, not its message: a refusal raised in a
        # tournament's worker process must come back whole (unpicklable, it hung the pool).
        return (type(self), (self.option, self.reason))


class PlayersError(RulesError):
    """The players of a table refused (too few or too many for the rules, or their names),
    not an option of the rules. Its ``option`` is ``"players"``, the word an unknown option
    of that name (``--rule players=3``) is refused under too: an interface that blames a
    refused table on the field or option that gave the players (``--names``, the setup
    screen's Players field) tells the two apart by this class, never by the word."""

    def __init__(self, reason: str) -> None:
        super().__init__("players", reason)

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.reason,))


@dataclass(frozen=True, slots=True)
class Scoring:
    """One scoring formula (RULES.md §7): four numbers and the pool flag."""

    made_base: int
    made_per_trick: int
    missed_per_trick: int
    missed_per_diff: int
    pool: bool = False
    name: str | None = None

    def as_option(self) -> str | dict[str, Any]:
        """The value to write in a record: the scheme's name, or its table of numbers."""
        if self.name is not None:
            return self.name
        table: dict[str, Any] = {
            "made_base": self.made_base,
            "made_per_trick": self.made_per_trick,
            "missed_per_trick": self.missed_per_trick,
            "missed_per_diff": self.missed_per_diff,
        }
        if self.pool:
            table["pool"] = True
        return table


SCORINGS: Final[dict[str, Scoring]] = {
    "pool": Scoring(0, 1, 0, 1, True, "pool"),
    "own-tricks": Scoring(0, 1, 0, 1, False, "own-tricks"),
    "bonus-10": Scoring(10, 1, 0, 0, False, "bonus-10"),
    "ascensor": Scoring(10, 5, 0, 5, False, "ascensor"),
}

Ladder = LadderShape | tuple[int, ...]

#: The options a rules mapping may set, in the order they are explained.
OPTION_NAMES: Final = (
    "direction",
    "deck",
    "decks",
    "strip_to_multiple",
    "duplicate_cards",
    "ladder",
    "max_cards",
    "peak_no_trump_rounds",
    "trump",
    "bidding",
    "bid_limit",
    "void_rule",
    "blind_single_card",
    "scoring",
)


@dataclass(frozen=True, slots=True)
class Rules:
    """Every option of RULES.md. Build one with :func:`preset` and :meth:`override`."""

    preset: str = "classique"
    min_players: int = 3
    max_players: int = 20
    direction: Direction = Direction.COUNTERCLOCKWISE
    deck: DeckKind = DeckKind.STANDARD
    decks: int | str = "auto"
    strip_to_multiple: bool = True
    duplicate_cards: DuplicateCards = DuplicateCards.FIRST_WINS
    ladder: Ladder = LadderShape.UP_DOWN
    max_cards: int | None = None
    peak_no_trump_rounds: int = 0
    trump: TrumpRule = TrumpRule.TURN_UP
    bidding: Bidding = Bidding.SEQUENTIAL
    bid_limit: BidLimit = BidLimit.HOOK
    void_rule: VoidRule = VoidRule.MUST_TRUMP
    blind_single_card: bool = False
    scoring: Scoring = field(default_factory=lambda: SCORINGS["pool"])

    def __post_init__(self) -> None:
        """Options given as JSON values (``Rules(bid_limit="hook")``) become the engine's
        own, and bad ones are refused (:class:`RulesError`): the engine tests options by
        identity, so text would compare equal to the preset yet play another game."""
        for name in OPTION_NAMES:
            value = getattr(self, name)
            # a scoring by its numbers: a name beside other numbers would play another table
            raw = (
                dataclasses.replace(value, name=None).as_option()
                if isinstance(value, Scoring)
                else _option_to_json(value)
            )
            coerced = check_option(name, raw)
            if coerced is not value and not (
                isinstance(value, tuple) and coerced == value  # a ladder already read
            ):
                object.__setattr__(self, name, coerced)

    # -- building ---------------------------------------------------------------------------

    def override(self, options: Mapping[str, Any]) -> Rules:
        """A copy with ``options`` changed, given as JSON values (see :func:`check_option`;
        text typed by a person goes through :func:`option_from_text` first)."""
        if not isinstance(options, Mapping):
            raise TypeError(
                'Rules.override() takes a mapping of options ({"ladder": [5]}), '
                f"not {type(options).__name__}"
            )
        changes: dict[str, Any] = {}
        for name, raw in options.items():
            if name == "preset":
                # a record's rules name their preset beside the options (its own, here); any
                # other would be dropped without a word: it is chosen first, by preset(NAME)
                if raw != self.preset:
                    raise RulesError(
                        "preset",
                        _(
                            "{value} is not the preset of these rules ({preset}): choose it "
                            "first, preset({value}), then override the options"
                        ).format(value=shown(raw), preset=self.preset),
                    )
                continue
            changes[name] = check_option(name, raw)
        rules = dataclasses.replace(self, **changes)
        rules._check_alone(changed=changes.keys())
        return rules

    def _check_alone(self, changed: Iterable[str] = ()) -> None:
        """The checks that do not depend on the number of players; a refusal names the
        option that was ``changed`` when only one of the two in conflict was."""
        if self.bidding is Bidding.SIMULTANEOUS and self.bid_limit is not BidLimit.NONE:
            changed = set(changed)
            raise RulesError(
                "bidding" if "bidding" in changed and "bid_limit" not in changed else "bid_limit",
                _(
                    "simultaneous bidding needs bid_limit none: sealed bids cannot be "
                    "limited by bids not yet revealed (bid_limit is {value})"
                ).format(value=self.bid_limit.value),
            )

    def options(self) -> dict[str, Any]:
        """Every option as it would be written in a record or a rules file."""
        out: dict[str, Any] = {}
        for name in OPTION_NAMES:
            out[name] = _option_to_json(getattr(self, name))
        return out

    def overrides(self) -> dict[str, Any]:
        """The options that differ from this rule set's preset."""
        base = preset(self.preset).options()
        return {k: v for k, v in self.options().items() if base[k] != v}

    def to_record(self) -> str | dict[str, Any]:
        """The ``rules`` value of a game record: the preset name, or the preset and overrides."""
        changed = self.overrides()
        if not changed:
            return self.preset
        return {"preset": self.preset, **changed}

    # -- derived facts ------------------------------------------------------------------------

    def copies(self, players: int) -> int:
        if self.decks == "auto":
            return 2 if players >= 10 else 1
        return int(self.decks)

    def deck_cards(self, players: int) -> list[Card]:
        """The cards in play for ``players`` players, stripped if the rules say so."""
        return list(_deck_cards(self, players))

    def largest_hand(self, players: int) -> int:
        """``M`` of RULES.md §3."""
        largest = len(self.deck_cards(players)) // players
        if self.max_cards is not None:
            largest = min(largest, self.max_cards)
        return largest

    def hand_sizes(self, players: int) -> tuple[int, ...]:
        """The hand size of each round of the game."""
        return tuple(size for size, _no_trump in self.round_plan(players))

    def round_plan(self, players: int) -> tuple[tuple[int, bool], ...]:
        """Each round's hand size and whether it is one of the peak no-trump rounds."""
        top = self.largest_hand(players)
        if isinstance(self.ladder, tuple):
            sizes = list(self.ladder)
        elif self.ladder is LadderShape.UP_DOWN:
            sizes = [*range(1, top + 1), *range(top - 1, 0, -1)]
        elif self.ladder is LadderShape.UP_DOWN_DOUBLE_PEAK:
            sizes = [*range(1, top + 1), *range(top, 0, -1)]
        else:
            sizes = [*range(top, 0, -1), *range(2, top + 1)]
        if not self.peak_no_trump_rounds or not sizes:
            return tuple((s, False) for s in sizes)
        peak = max(sizes)
        plan: list[tuple[int, bool]] = []
        previous_was_peak = False
        for s in sizes:
            if s == peak:
                if not previous_was_peak:
                    plan.extend((peak, True) for _ in range(self.peak_no_trump_rounds))
                previous_was_peak = True
            else:
                plan.append((s, False))
                previous_was_peak = False
        return tuple(plan)

    def validate(self, players: int) -> None:
        """Refuse a game of ``players`` players that cannot be played under these rules."""
        self._check_alone()
        if not self.min_players <= players <= self.max_players:
            raise PlayersError(
                _("the preset {preset} is played by {low} to {high} players, not {n}").format(
                    preset=self.preset, low=self.min_players, high=self.max_players, n=players
                ),
            )
        available = len(self.deck_cards(players)) // players
        if available < 1:
            raise RulesError(
                "decks",
                _("{n} players are too many for a deck of {cards} cards").format(
                    n=players, cards=len(self.deck_cards(players))
                ),
            )
        if isinstance(self.ladder, tuple):
            for size in self.ladder:
                if size > available:
                    raise RulesError(
                        "ladder",
                        _(
                            "a hand of {size} cards is larger than the deck allows: "
                            "{cards} cards give at most {most} each to {n} players"
                        ).format(
                            size=size,
                            cards=len(self.deck_cards(players)),
                            most=available,
                            n=players,
                        ),
                    )
                if self.max_cards is not None and size > self.max_cards:
                    raise RulesError(
                        "ladder",
                        _("a hand of {size} cards is larger than max_cards ({most})").format(
                            size=size, most=self.max_cards
                        ),
                    )

    def explain(self) -> list[tuple[str, str, str]]:
        """Each option as (name, value, explanation with its source), for people: the value
        as it is typed on the command line (``max_cards = none``, ``ladder = [1, 3]``)."""
        rows = []
        for name in OPTION_NAMES:
            text = option_value_text(self.options()[name])
            # With tarot trumps' single suit, two options never apply (they would with
            # another deck): say so rather than explain what does not happen.
            if name == "trump" and self.deck is DeckKind.TAROT_TRUMPS:
                sentence = _("With tarot trumps no card is turned up: there is no trump suit.")
            elif name == "void_rule" and self.deck is DeckKind.TAROT_TRUMPS:
                sentence = _(
                    "With tarot trumps every card is of the one suit: nobody is ever out of "
                    "it, so this never applies."
                )
            else:
                sentence = explain_option(name, getattr(self, name))
            rows.append((name, text, sentence))
        return rows


@lru_cache(maxsize=256)
def _deck_cards(rules: Rules, players: int) -> tuple[Card, ...]:
    cards = build_deck(rules.deck is DeckKind.TAROT_TRUMPS, rules.copies(players))
    if rules.strip_to_multiple:
        cards = cards[len(cards) % players :]
    return tuple(cards)


# -- presets ---------------------------------------------------------------------------------

PRESET_SUMMARIES: Final[dict[str, str]] = {
    "classique": N_(
        "Boîte à jeux [A]: 3–20 players, stripped deck, up-down ladder, the dealer's hook, "
        "must trump, the pool"
    ),
    "prime": N_(
        "10-point bonus [B]: 3–8 players, 1 to M then M to 1, the dealer's hook, free discards, "
        "10 + 1 per trick"
    ),
    "ascensor": N_(
        "Spanish ascensor [C]: 3–8 players, the bids must stay under the hand size, must trump, "
        "10 + 5 per trick, −5 per trick missed"
    ),
    "enculette": N_(
        "L'enculette [A]: 3–10 players, the 21 tarot trumps, down then up, the one-card round "
        "played blind"
    ),
}


def preset(name: str) -> Rules:
    """The preset called ``name`` (``classique``, ``prime``, ``ascensor``, ``enculette``)."""
    try:
        return PRESETS[name]
    except (KeyError, TypeError):
        raise RulesError(
            "preset",
            _("unknown preset {name}; the presets are: {names}").format(
                name=shown(name), names=", ".join(PRESETS)
            ),
        ) from None


def rules_from_mapping(value: str | Mapping[str, Any]) -> Rules:
    """A rule set from a record's ``rules`` value: a preset name, or an object with an
    optional ``preset`` key (default ``classique``) and overrides."""
    if isinstance(value, str):
        return preset(value)
    if not isinstance(value, Mapping):
        raise RulesError("rules", _("must be a preset name or an object of options"))
    base = preset(value.get("preset", "classique"))
    return base.override(value)


# -- option values ------------------------------------------------------------------------------

_ENUMS: Final[dict[str, type[StrEnum]]] = {
    "direction": Direction,
    "deck": DeckKind,
    "duplicate_cards": DuplicateCards,
    "trump": TrumpRule,
    "bidding": Bidding,
    "bid_limit": BidLimit,
    "void_rule": VoidRule,
}


class NotJsonError(json.JSONDecodeError):
    """``NaN``, ``Infinity`` or ``-Infinity``: Python's JSON reader takes them, JSON has no
    such numbers. A reader's error like its others: ``msg`` says why, ``lineno`` and
    ``colno`` where."""

    def __init__(self, value: str, text: str, position: int) -> None:
        super().__init__(_("{value} is not a JSON number").format(value=value), text, position)


class DuplicateKeyError(ValueError):
    """A key given twice in one JSON object, which Python's reader would resolve to its last
    value without a word. ``path``: the keys and list indexes from the top to that object."""

    def __init__(self, key: str, path: tuple[str | int, ...]) -> None:
        self.key, self.path = key, path
        super().__init__(_("the key {key} is given twice; keep one").format(key=shown(key)))


def placed(places: Sequence[str], reason: str) -> str:
    """``reason`` under each of ``places`` in turn: ``rules: scoring: …`` (the separator is
    the language's: ``rules : scoring : …`` in French)."""
    for place in reversed(places):
        reason = _("{where}: {error}").format(where=place, error=reason)
    return reason


class _Keyed(dict[str, Any]):
    """A JSON object that remembers the first key it was given twice (``None``: none)."""

    doubled: str | None = None


def _keyed(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data = _Keyed(pairs)
    if len(data) < len(pairs):
        seen: set[str] = set()
        for key, _value in pairs:
            if key in seen:
                data.doubled = key
                break
            seen.add(key)
    return data


def _first_doubled(value: Any, path: tuple[str | int, ...] = ()) -> DuplicateKeyError | None:
    """The first object, in the order of the text, that has a key twice."""
    if isinstance(value, _Keyed) and value.doubled is not None:
        return DuplicateKeyError(value.doubled, path)
    items: Iterable[tuple[str | int, Any]]
    if isinstance(value, dict):
        items = value.items()
    elif isinstance(value, list):
        items = enumerate(value)
    else:
        return None
    for key, item in items:
        found = _first_doubled(item, (*path, key))
        if found is not None:
            return found
    return None


def _constant_place(text: str) -> tuple[str, int]:
    """Where the first ``NaN``/``Infinity`` outside a string is (it is there: the reader
    met it), as the constant and its index in ``text``."""
    in_string = escaped = False
    for index, char in enumerate(text):
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "NI-":
            for constant in ("NaN", "Infinity", "-Infinity"):
                if text.startswith(constant, index):
                    return constant, index
    raise AssertionError("no JSON constant in the text")  # pragma: no cover


def strict_json(text: str, *, constants: bool = False) -> Any:
    """``json.loads`` held to what a record needs: a key given twice in one object raises
    :class:`DuplicateKeyError`, and (unless ``constants``) ``NaN`` and ``Infinity`` raise
    :class:`NotJsonError`, both saying where; Python's reader would take them without a
    word. Other errors are the reader's own."""

    def refuse(_name: str) -> None:
        constant, index = _constant_place(text)
        raise NotJsonError(constant, text, index)

    if constants:
        data = json.loads(text, object_pairs_hook=_keyed)
    else:
        data = json.loads(text, object_pairs_hook=_keyed, parse_constant=refuse)
    doubled = _first_doubled(data)
    if doubled is not None:
        raise doubled
    return data


def parse_option_text(text: str) -> Any:
    """A command-line option value: JSON when it reads as JSON (``NaN`` included, to be
    refused as a value of the option), else the text itself. A key given twice raises
    :class:`DuplicateKeyError`."""
    try:
        return strict_json(text, constants=True)
    except DuplicateKeyError:
        raise
    except (ValueError, RecursionError):
        return text


#: The most cards any deck of these rules holds (two standard decks).
MOST_CARDS: Final = 104

#: A game is played in an evening: more peak rounds than this are refused.
MAX_PEAK_NO_TRUMP_ROUNDS: Final = 100


def shown(value: Any) -> str:
    """A value as JSON writes it (``true``, ``"free"``), for messages: the same for a
    record, a rules file and the command line."""
    if isinstance(value, int) and value.bit_length() > 4 * SHOWN_AT_MOST:
        # (Python refuses to write a whole number of more than 4,300 digits)
        digits = math.floor((value.bit_length() - 1) * math.log10(2))
        return _("a whole number of more than {digits} digits").format(digits=digits)
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        text = str(value)  # a TOML date: 1970-01-01, not datetime.date(1970, 1, 1)
    return cut_for_message(text)


def option_value_text(value: Any) -> str:
    """An option's value (as :meth:`Rules.options` gives it) as it is typed on the command
    line or the setup screen: ``free``, ``[1, 3]``, ``none`` for JSON's null (TOML has none:
    there, the option is left out)."""
    if value is None:
        return "none"
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def check_option(name: str, raw: Any) -> Any:
    """The value of option ``name`` given as ``raw``, a JSON value (a record, a rules
    file); raise :class:`RulesError` naming the option when it is not one (its combination
    with the other options is checked by :meth:`Rules.override`). Text typed by a person
    goes through :func:`option_from_text` first."""
    if name not in OPTION_NAMES:
        raise RulesError(
            name,
            _("no such option; the options are: {names}").format(names=", ".join(OPTION_NAMES)),
        )
    try:
        return _coerce_option(name, raw)
    except RulesError:
        hint = _written_as_text(name, raw)
        if hint is not None:
            raise RulesError(name, hint) from None
        raise


def _written_as_text(name: str, raw: Any) -> str | None:
    """How to write ``raw``, a JSON text where option ``name`` takes a number, a flag or a
    list (rather than read it as the command line would); ``None`` when it is no such text.
    A name or a table written as text gets no hint: it differs by its spaces, or is TOML's
    to write otherwise, and the plain refusal says what the values are."""
    if not isinstance(raw, str):
        return None
    try:
        value = _coerce_option(name, option_from_text(name, raw))
    except RulesError:
        return None
    typed = _option_to_json(value)
    if isinstance(typed, str | dict):
        return None
    if typed is None:  # TOML has no null: there, the option is left out
        return _("{value} is text; write null, or leave the option out").format(value=shown(raw))
    return _("{value} is text; write {typed}").format(value=shown(raw), typed=shown(typed))


#: A ladder typed as hand sizes between commas: ``1,3,5`` (no empty item, digits only).
_LADDER_TEXT: Final = re.compile(r"[0-9]+(?:\s*,\s*[0-9]+)*")


def option_from_text(name: str, text: str) -> Any:
    """The JSON value of option ``name`` typed as ``text`` by a person (``--rule KEY=VALUE``,
    the setup screen): a flag as true/false, 1/0, yes/no, on/off; ``max_cards=none``; a
    ladder as ``1,3,5`` or ``[1,3,5]``; a scoring table as JSON; numbers as JSON. The value
    is then checked by :func:`check_option`."""
    if not isinstance(text, str) or name in _ENUMS or name not in OPTION_NAMES:
        return text  # (an unknown name is refused by check_option, naming it)
    stripped = text.strip()
    if name in ("strip_to_multiple", "blind_single_card"):
        flag = flag_of_text(stripped)
        return text if flag is None else flag
    if name == "max_cards" and stripped == "none":
        return None
    if name == "decks" and stripped == "auto":
        return stripped
    if name == "ladder":
        if stripped in {s.value for s in LadderShape}:
            return stripped
        if _LADDER_TEXT.fullmatch(stripped):
            return [int(p) for p in stripped.split(",")]
    if name == "scoring" and not stripped.startswith("{"):
        return text
    try:
        return parse_option_text(stripped)
    except DuplicateKeyError as error:
        keys = [step for step in error.path if isinstance(step, str)]
        raise RulesError(name, placed(keys, str(error))) from None


def _coerce_option(name: str, raw: Any) -> Any:
    """The value of option ``name`` from its JSON value, or :class:`RulesError`."""
    if name in _ENUMS:
        enum = _ENUMS[name]
        try:
            return enum(raw)
        except ValueError:
            raise RulesError(
                name,
                _("{value} is not a value of this option; choose one of {values}").format(
                    value=shown(raw), values=", ".join(e.value for e in enum)
                ),
            ) from None
    if name == "decks":
        if raw == "auto" or (type(raw) is int and raw in (1, 2)):
            return raw
        raise RulesError(name, _("{value} is not 1, 2 or auto").format(value=shown(raw)))
    if name in ("strip_to_multiple", "blind_single_card"):
        if isinstance(raw, bool):
            return raw
        raise RulesError(name, _("{value} is not true or false").format(value=shown(raw)))
    if name == "max_cards":
        if raw is None:
            return None
        return _coerce_int(name, raw, minimum=1)
    if name == "peak_no_trump_rounds":
        rounds = _coerce_int(name, raw, minimum=0)
        if rounds > MAX_PEAK_NO_TRUMP_ROUNDS:
            raise RulesError(
                name,
                _("at most {most} rounds at the peak can be played, not {value}").format(
                    value=shown(rounds), most=MAX_PEAK_NO_TRUMP_ROUNDS
                ),
            )
        return rounds
    if name == "ladder":
        return _coerce_ladder(raw)
    if name == "scoring":
        return _coerce_scoring(raw)
    raise AssertionError(name)  # pragma: no cover - OPTION_NAMES is closed


#: A flag written as text (the command line, the setup screen).
_FLAG_WORDS: Final = {
    **dict.fromkeys(("yes", "true", "on", "1"), True),
    **dict.fromkeys(("no", "false", "off", "0"), False),
}


def flag_of_text(raw: Any) -> bool | None:
    """A flag written as text (``1``, ``yes``, ``false``…), or ``None`` if ``raw`` is not one."""
    return _FLAG_WORDS.get(raw.strip().lower()) if isinstance(raw, str) else None


def _coerce_int(name: str, raw: Any, minimum: int) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int) or raw < minimum:
        raise RulesError(
            name,
            _("{value} is not a whole number of at least {minimum}").format(
                value=shown(raw), minimum=minimum
            ),
        )
    return raw


def _coerce_ladder(raw: Any) -> Ladder:
    if isinstance(raw, str) and raw in {s.value for s in LadderShape}:
        return LadderShape(raw)
    if isinstance(raw, list | tuple) and raw:
        if all(isinstance(x, int) and not isinstance(x, bool) and x >= 1 for x in raw):
            if max(raw) > MOST_CARDS:
                raise RulesError(
                    "ladder",
                    _("a hand of more than {most} cards cannot be dealt from any deck").format(
                        most=MOST_CARDS
                    ),
                )
            return tuple(raw)
        raise RulesError("ladder", _("every hand size of a ladder must be a whole number ≥ 1"))
    raise RulesError(
        "ladder",
        _("{value} is not a ladder: choose {shapes}, or a list of hand sizes like [1,3,5]").format(
            value=shown(raw), shapes=", ".join(s.value for s in LadderShape)
        ),
    )


_SCORING_KEYS: Final = ("made_base", "made_per_trick", "missed_per_trick", "missed_per_diff")
#: The largest number of a scoring table, either way: far beyond any table's, and totals
#: stay numbers every figure (a mean, a rating) can hold.
MAX_SCORING_NUMBER: Final = 1_000_000


def _coerce_scoring(raw: Any) -> Scoring:
    if isinstance(raw, str):
        if raw in SCORINGS:
            return SCORINGS[raw]
        raise RulesError(
            "scoring",
            _("{value} is not a scoring; choose one of {values}, or a table of numbers").format(
                value=shown(raw), values=", ".join(SCORINGS)
            ),
        )
    if isinstance(raw, Mapping):
        unknown = set(raw) - {*_SCORING_KEYS, "pool"}
        if unknown:
            raise RulesError(
                "scoring",
                _("unknown key {key}; a scoring table has {keys} and pool").format(
                    key=shown(sorted(unknown, key=str)[0]), keys=", ".join(_SCORING_KEYS)
                ),
            )
        numbers = []
        for key in _SCORING_KEYS:
            if key not in raw:
                raise RulesError(
                    "scoring",
                    _("{key} is missing; a scoring table gives all of {keys}").format(
                        key=key, keys=", ".join(_SCORING_KEYS)
                    ),
                )
            value = raw[key]
            if isinstance(value, bool) or not isinstance(value, int):
                raise RulesError("scoring", _scoring_value_refusal(key, value))
            if not -MAX_SCORING_NUMBER <= value <= MAX_SCORING_NUMBER:
                raise RulesError(
                    "scoring",
                    _("{key} must be a whole number from {low} to {high}, not {value}").format(
                        key=key,
                        low=-MAX_SCORING_NUMBER,
                        high=MAX_SCORING_NUMBER,
                        value=shown(value),
                    ),
                )
            numbers.append(value)
        pool = raw.get("pool", False)
        if not isinstance(pool, bool):
            raise RulesError("scoring", _scoring_value_refusal("pool", pool))
        candidate = Scoring(numbers[0], numbers[1], numbers[2], numbers[3], pool=pool)
        for named in SCORINGS.values():
            if dataclasses.replace(named, name=None) == candidate:
                return named
        return candidate
    raise RulesError("scoring", _("{value} is not a scoring").format(value=shown(raw)))


def _scoring_value_refusal(key: str, value: Any) -> str:
    """Why ``value`` cannot be ``key`` of a scoring table, and how to write it when it is a
    number or a flag written as text (as :func:`_written_as_text` says for the options)."""
    typed: Any = None
    if isinstance(value, str):
        text = value.strip()
        if key == "pool" and text in ("true", "false"):
            typed = text == "true"
        elif key != "pool" and re.fullmatch(r"[+-]?[0-9]{1,18}", text):
            typed = int(text)
    if typed is not None:
        return _("{key}: {value} is text; write {typed}").format(
            key=key, value=shown(value), typed=shown(typed)
        )
    if key == "pool":
        return _("pool must be true or false, not {value}").format(value=shown(value))
    return _("{key} must be a whole number, not {value}").format(key=key, value=shown(value))


def _option_to_json(value: Any) -> Any:
    if isinstance(value, Scoring):
        return value.as_option()
    if isinstance(value, StrEnum):
        return value.value
    if isinstance(value, tuple):
        return list(value)
    return value


_EXPLANATIONS: Final[dict[str, dict[str, str]]] = {
    "direction": {
        "clockwise": N_(
            "Turn order runs clockwise: the player on the dealer's left starts [B, C]."
        ),
        "counterclockwise": N_(
            "Turn order runs counter-clockwise: the player on the dealer's right starts [A]."
        ),
    },
    "deck": {
        "standard": N_("A standard 52-card deck, ace high [A, B, C]."),
        "tarot-trumps": N_(
            "Only the 21 trumps of a tarot deck, 21 highest; there is no suit to follow "
            "[A, l'enculette]."
        ),
    },
    "decks": {
        "auto": N_("One deck, two from 10 players on [A]."),
        "1": N_("One copy of the deck."),
        "2": N_("Two copies of the deck."),
    },
    "strip_to_multiple": {
        "True": N_(
            "The lowest cards are removed until the deck divides evenly among the players "
            "(2s first) [A]."
        ),
        "False": N_("The whole deck is used; cards that do not divide evenly stay in the stock."),
    },
    "duplicate_cards": {
        "first-wins": N_("With two decks, of two equal cards the one played first wins."),
        "deck-order": N_("With two decks, of two equal cards the one of the first deck wins [A]."),
    },
    "ladder": {
        "up-down": N_("Hands of 1, 2, … up to the most, then back down to 1 [A, C]."),
        "up-down-double-peak": N_(
            "Hands of 1 up to the most, the most twice, then back down to 1 [B]."
        ),
        "down-up": N_(
            "Hands from the largest down to 1, then back up to the largest [A, l'enculette]."
        ),
        "list": N_("Exactly these hand sizes, in this order."),
    },
    "max_cards": {
        "None": N_("Hands grow as large as the deck allows [A]."),
        "value": N_("Hands grow no larger than this [B, C]."),
    },
    "peak_no_trump_rounds": {
        "0": N_("The peak hand is played as the ladder says."),
        "value": N_(
            "The peak hand is played this many times in a row, all without trump [A variant]."
        ),
    },
    "trump": {
        "turn-up": N_(
            "After the deal the top card of the stock is turned up: its suit is trump; "
            "with no stock left, no trump [A, B, C]."
        ),
        "none": N_("There is never a trump."),
    },
    "bidding": {
        "sequential": N_(
            "Bids are made one at a time from the player after the dealer; the dealer bids "
            "last [A, B, C]."
        ),
        "simultaneous": N_("Bids are sealed, then revealed together [C]."),
    },
    "bid_limit": {
        "hook": N_("The dealer may not make the bids total the number of cards in hand [A, B]."),
        "under": N_(
            "The running total of bids must stay below the number of cards in hand, for "
            "every bidder [C]."
        ),
        "none": N_("Any bid from 0 to the number of cards in hand."),
    },
    "void_rule": {
        "must-trump": N_(
            "A player who cannot follow suit must trump if they can; no need to over-trump [A, C]."
        ),
        "free": N_("A player who cannot follow suit may play any card [B, A variant]."),
    },
    "blind_single_card": {
        "True": N_(
            "In a one-card round nobody sees their own card, only everyone else's [A, l'enculette]."
        ),
        "False": N_("Players always see their own cards."),
    },
    "scoring": {
        "pool": N_(
            "Made: the bid plus the points lost by those who missed; missed: minus the "
            "difference [A]."
        ),
        "own-tricks": N_("Made: the bid; missed: minus the difference [A variant]."),
        "bonus-10": N_("Made: 10 plus 1 per trick; missed: 0 [B]."),
        "ascensor": N_("Made: 10 plus 5 per trick; missed: minus 5 per trick of difference [C]."),
        "table": N_("Made: {made_base} + {made_per_trick} per trick{pool}; missed: {missed}."),
    },
}


def _missed_points(scoring: Scoring) -> str:
    """What a missed bid scores under a table, its zero terms left out ("0 per trick − 0
    per trick of difference" says "0")."""
    per_trick, per_diff = scoring.missed_per_trick, scoring.missed_per_diff
    if per_trick and per_diff:
        return _("{per_trick} per trick − {per_diff} per trick of difference").format(
            per_trick=per_trick, per_diff=per_diff
        )
    if per_trick:
        return _("{per_trick} per trick").format(per_trick=per_trick)
    if per_diff:
        return _("− {per_diff} per trick of difference").format(per_diff=per_diff)
    return "0"


def explain_option(name: str, value: Any) -> str:
    """One sentence, in the active language, saying what an option's value means and where
    it comes from ([A], [B], [C]: the source texts of RULES.md)."""
    table = _EXPLANATIONS[name]
    if isinstance(value, Scoring):
        if value.name is not None:
            return _(table[value.name])
        return _(table["table"]).format(
            made_base=value.made_base,
            made_per_trick=value.made_per_trick,
            missed=_missed_points(value),
            pool=_(", plus the pool") if value.pool else "",
        )
    if isinstance(value, tuple):
        return _(table["list"])
    key = value.value if isinstance(value, StrEnum) else str(value)
    if key in table:
        return _(table[key])
    return _(table["value"])


# (built last: a Rules checks its options with the functions above)
PRESETS: Final[dict[str, Rules]] = {
    "classique": Rules(),
    "prime": Rules(
        preset="prime",
        max_players=8,
        direction=Direction.CLOCKWISE,
        decks=1,
        strip_to_multiple=False,
        ladder=LadderShape.UP_DOWN_DOUBLE_PEAK,
        void_rule=VoidRule.FREE,
        scoring=SCORINGS["bonus-10"],
    ),
    "ascensor": Rules(
        preset="ascensor",
        max_players=8,
        direction=Direction.CLOCKWISE,
        decks=1,
        strip_to_multiple=False,
        bid_limit=BidLimit.UNDER,
        scoring=SCORINGS["ascensor"],
    ),
    "enculette": Rules(
        preset="enculette",
        max_players=10,
        deck=DeckKind.TAROT_TRUMPS,
        decks=1,
        strip_to_multiple=False,
        ladder=LadderShape.DOWN_UP,
        blind_single_card=True,
        duplicate_cards=DuplicateCards.DECK_ORDER,
    ),
}
