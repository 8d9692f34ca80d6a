"""Computer players: each receives only a player's view and returns a legal action.

``make_bot(kind_or_level, seed)`` builds one: kinds ``random``, ``rules``, ``search``; levels
for people ``easy``, ``medium``, ``hard``, ``expert`` (each a documented combination, see
:data:`LEVEL_SETTINGS` and the README).
"""

from __future__ import annotations

from ascenseur.core.rules import Rules
from ascenseur.i18n import _

from .base import Bot, Budget, Hint, RandomBot
from .rules_bot import RulesBot
from .search import SearchBot

LEVELS = ("easy", "medium", "hard", "expert")
KINDS = ("random", "rules", "search")
#: Bots that need an optional extra (``pip install ascenseur[openspiel]``) and play only the
#: tables of their own library.
EXTRA_KINDS = ("ismcts",)

#: What each level is, in words (for ``--help`` and the docs).
LEVEL_SETTINGS: dict[str, str] = {
    "easy": "the rule-based player, with a bid off by one a third of the time and a random "
    "card one time in six",
    "medium": "the rule-based player",
    "hard": "search: 500 playouts per decision (at most 15,000 simulated card plays), "
    "worlds weighted by the bids, exact endgame over the last two tricks",
    "expert": "tree search over its own later moves: 1,500 playouts per decision (at most "
    "40,000 simulated card plays), worlds weighted by the bids, a deeper exact endgame",
}


class MissingExtraError(ImportError):
    """A bot whose optional extra is not installed; the message says how to install it."""


def make_bot(name: str, seed: int | None = None) -> Bot:
    """A bot by kind (``random``, ``rules``, ``search``, ``ismcts``) or level (``easy`` …
    ``expert``); a name that is none is a ``ValueError``, ``ismcts`` without its extra a
    :class:`MissingExtraError`."""
    if name == "random":
        return RandomBot(seed)
    if name in ("rules", "medium"):
        bot = RulesBot(seed)
        bot.name = name
        return bot
    if name == "easy":
        return RulesBot(seed, noise=1 / 3)
    if name in ("search", "hard"):
        search = SearchBot(seed, iterations=500, max_plays=15_000)
        search.name = name
        return search
    if name == "expert":
        expert = SearchBot(seed, iterations=1_500, max_plays=40_000, exact_leaves=250)
        expert.tree = True
        expert.long_hand = 17
        expert.name = name
        return expert
    if name == "ismcts":
        try:
            from .openspiel_bot import OpenSpielISMCTSBot

            return OpenSpielISMCTSBot(seed)
        except ImportError as missing:  # OpenSpiel (or numpy) is not installed
            raise MissingExtraError(
                _("{name} needs the openspiel extra: pip install 'ascenseur[openspiel]'").format(
                    name=name
                )
            ) from missing
    raise ValueError(
        _("{name} is not a bot; choose among {names}").format(
            name=name if str(name).strip() else repr(name),  # '' seen, not a blank
            names=", ".join(KINDS + LEVELS + EXTRA_KINDS),
        )
    )


def check_table(name: str, rules: Rules, players: int) -> None:
    """Refuse (``ValueError``, naming the option) a table the bot ``name`` cannot play, before
    any game starts: every bot of ours plays every table; OpenSpiel's plays only its own."""
    if name == "ismcts":
        from .openspiel_bot import openspiel_parameters

        openspiel_parameters(rules, players)


__all__ = [
    "EXTRA_KINDS",
    "KINDS",
    "LEVELS",
    "LEVEL_SETTINGS",
    "Bot",
    "Budget",
    "Hint",
    "MissingExtraError",
    "RandomBot",
    "RulesBot",
    "SearchBot",
    "check_table",
    "make_bot",
]
