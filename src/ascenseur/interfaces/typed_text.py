"""What people type, read the same way by the command line and the terminal game (kept
apart from both so that the command line need not load the terminal game): players' names,
and rule options given in steps (a rules file, then ``--rule`` texts or the setup screen's
field), and what must be shown of it without letting it drive the terminal."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from ascenseur.core.rules import (
    Rules,
    RulesError,
    Scoring,
    check_option,
    flag_of_text,
    option_value_text,
)
from ascenseur.i18n import N_, _

#: The control characters (C0, DEL, C1): ESC and its kin can clear or recolour a terminal;
#: and the bidirectional embeddings, overrides and isolates, which can turn the rest of a
#: line around (the plain direction marks U+200E and U+200F only mark, and are kept).
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def _written_out(char: str) -> str:
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str) -> str:
    """``text`` (a name from a record, a value typed by the user) with its control
    characters written out (``\\x1b``, ``\\u202e``), as the command-line parser shows
    them, so that a record cannot clear, recolour or reorder the screen it is shown on."""
    return _CONTROL.sub(lambda found: _written_out(found[0]), text)


def comma_items(text: str, empty: str) -> list[str]:
    """The items of ``text`` between commas, stripped (none for a blank text). An empty
    item raises ``ValueError`` with ``empty`` (a message with ``{place}`` and ``{count}``)
    rather than being dropped, which would change the number of players or seats without
    a word. Names, bots and levels are all read this way, so they are refused alike."""
    if not text.strip():
        return []
    items = [item.strip() for item in text.split(",")]
    for place, item in enumerate(items, start=1):
        if not item:
            raise ValueError(empty.format(place=place, count=len(items)))
    return items


def parse_names(text: str) -> list[str]:
    """``"Ann, Bob,Cat"`` → the players' names, in turn order (none for an empty text)."""
    return comma_items(text, _("name {place} of {count} is empty; give one name per player"))


def option_as_typed(key: str, value: Any) -> str:
    """An option as a player types it in ``--rule`` or the setup screen: ``void_rule=free``,
    ``ladder=[1, 2]``, ``max_cards=none``."""
    return f"{key}={option_value_text(value)}"


def parse_levels(text: str) -> list[str]:
    """``"easy, hard"`` → the levels as typed, one per computer player or per seat."""
    return comma_items(text, _("level {place} of {count} is not given; give one level per player"))


def parse_bots(text: str) -> list[str]:
    """``"search,rules"`` → the kinds of bot, one for all seats or one per seat."""
    return comma_items(text, _("bot {place} of {count} is not given; give one bot per seat"))


def _scoring_table(scoring: Scoring) -> dict[str, Any]:
    return {
        "made_base": scoring.made_base,
        "made_per_trick": scoring.made_per_trick,
        "missed_per_trick": scoring.missed_per_trick,
        "missed_per_diff": scoring.missed_per_diff,
        "pool": scoring.pool,
    }


def apply_options(
    rules: Rules, steps: Sequence[Mapping[str, Any]], sources: Sequence[str | None] = ()
) -> Rules:
    """``rules`` with the options of every step applied in order (the rules file's, then the
    command line's or the setup screen's), checked once, as one combination: a value given
    later wins, and options that can be played together are not refused because they came
    in two steps. A value refused in a step that has a source (``sources[i]``, a file)
    says so (:func:`read_in`): the command line may give the same option too.

    A whole scoring (a name, or a table: RULES.md §7, a missing ``pool`` meaning no pool)
    replaces the scoring; ``scoring.KEY=value`` (typed by a person) changes one number of
    the scoring in force at that point."""
    plain: dict[str, Any] = {}
    scoring: Any = None
    parts: dict[str, Any] = {}
    for step, options in enumerate(steps):
        source = sources[step] if step < len(sources) else None
        for key, value in options.items():
            try:
                if key == "scoring":
                    check_option(key, value)  # a bad value is said even if replaced later
                    scoring, parts = value, {}
                elif key.startswith("scoring."):
                    part = key.removeprefix("scoring.")
                    parts[part] = _flag_text(value) if part == "pool" else _number_text(value)
                else:
                    check_option(key, value)
                    plain[key] = value
            except RulesError as error:
                raise (error if source is None else read_in(error, source)) from None
    if parts:
        base = rules.scoring if scoring is None else rules.override({"scoring": scoring}).scoring
        scoring = {**_scoring_table(base), **parts}
    if scoring is not None:
        plain["scoring"] = scoring
    return rules.override(plain)


def read_in(error: RulesError, source: str) -> RulesError:
    """``error``, saying which file the refused value was read from."""
    return RulesError(
        error.option, _("{reason} (in {path})").format(reason=error.reason, path=source)
    )


def _flag_text(value: Any) -> Any:
    """The pool flag given as text on the command line: true/false, 1/0, yes/no."""
    flag = flag_of_text(value)
    return value if flag is None else flag


def _number_text(value: Any) -> Any:
    """A scoring number or flag given as text on the command line, as its value."""
    if not isinstance(value, str):
        return value
    text = value.strip().lower()
    if text in ("true", "false"):
        return text == "true"
    try:
        return int(text)
    except ValueError:
        return value


#: The levels of computer players, as people read them.
LEVEL_NAMES = {
    "easy": N_("easy"),
    "medium": N_("medium"),
    "hard": N_("hard"),
    "expert": N_("expert"),
    "random": N_("random"),
}

#: The levels offered on the setup screen.
SETUP_LEVELS = ("easy", "medium", "hard", "expert", "random")


def level_name(level: str) -> str:
    """A computer player's level in the active language."""
    return _(LEVEL_NAMES[level]) if level in LEVEL_NAMES else level


def bot_label(label: str) -> str:
    """A bot's entry in a table for people (``rules``, ``hard#2``) with its level in the
    active language (``difficile#2``), as ``--bots`` takes it; machines (``--json``, the
    records) keep the English name."""
    kind, mark, number = label.partition("#")
    return level_name(kind) + mark + number


def level_by_name(text: str) -> str:
    """A level typed by a player: its name in the active language (as the screen shows it:
    ``facile``) or in English (``easy``), any case; other text is returned as typed, for the
    caller to refuse."""
    typed = text.strip()
    for level in SETUP_LEVELS:
        if typed.casefold() in (level, level_name(level).casefold()):
            return level
    return typed
