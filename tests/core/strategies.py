"""Hypothesis strategies shared by the property tests of the rules: random rule sets (a
preset, options on top of it) with a number of players they accept."""

from __future__ import annotations

from typing import Any

from hypothesis import assume
from hypothesis import strategies as st

from ascenseur import Rules, RulesError, preset

PRESETS = ["classique", "prime", "ascensor", "enculette"]
SCHEMES = ["pool", "own-tricks", "bonus-10", "ascensor"]
#: RULES.md §8: the players each preset is played by.
PLAYERS = {"classique": (3, 20), "prime": (3, 8), "ascensor": (3, 8), "enculette": (3, 10)}

Table = tuple[Rules, int, int]


@st.composite
def tables(draw: st.DrawFn, most_players: int = 20, largest_hand: int | None = 6) -> Table:
    """A preset, options on top of it, a number of players it accepts and a first dealer.

    ``largest_hand`` bounds ``max_cards`` so that a game stays short; ``None`` lets it be
    unset too (whole ladders)."""
    name = draw(st.sampled_from(PRESETS))
    options: dict[str, Any] = {}
    if draw(st.booleans()):
        options["direction"] = draw(st.sampled_from(["clockwise", "counterclockwise"]))
    if draw(st.booleans()):
        options["deck"] = draw(st.sampled_from(["standard", "tarot-trumps"]))
    if draw(st.booleans()):
        options["decks"] = draw(st.sampled_from([1, 2, "auto"]))
    if draw(st.booleans()):
        options["strip_to_multiple"] = draw(st.booleans())
    if draw(st.booleans()):
        options["duplicate_cards"] = draw(st.sampled_from(["first-wins", "deck-order"]))
    if draw(st.booleans()):
        options["ladder"] = draw(
            st.one_of(
                st.sampled_from(["up-down", "up-down-double-peak", "down-up"]),
                st.lists(st.integers(1, 4), min_size=1, max_size=4),
            )
        )
    most = draw(st.integers(1, largest_hand)) if largest_hand is not None else None
    if largest_hand is None and draw(st.booleans()):
        most = draw(st.integers(1, 12))
    ladder = options.get("ladder")
    if isinstance(ladder, list) and most is not None:
        most = max(most, *ladder)
    options["max_cards"] = most
    if draw(st.booleans()):
        options["peak_no_trump_rounds"] = draw(st.integers(0, 3))
    if draw(st.booleans()):
        options["trump"] = draw(st.sampled_from(["turn-up", "none"]))
    if draw(st.booleans()):
        options["bidding"], options["bid_limit"] = "simultaneous", "none"
    elif draw(st.booleans()):
        options["bid_limit"] = draw(st.sampled_from(["hook", "under", "none"]))
    if draw(st.booleans()):
        options["void_rule"] = draw(st.sampled_from(["must-trump", "free"]))
    if draw(st.booleans()):
        options["blind_single_card"] = draw(st.booleans())
    if draw(st.booleans()):
        options["scoring"] = draw(
            st.one_of(
                st.sampled_from(SCHEMES),
                st.fixed_dictionaries(
                    {
                        "made_base": st.integers(-5, 10),
                        "made_per_trick": st.integers(-2, 5),
                        "missed_per_trick": st.integers(-3, 5),
                        "missed_per_diff": st.integers(-2, 5),
                    },
                    optional={"pool": st.booleans()},
                ),
            )
        )
    rules = preset(name).override(options)
    low, high = PLAYERS[name]
    high = min(high, most_players)
    # every count about as often (hypothesis favours the ends of a range), and the edges of
    # the preset's range and of ``decks = auto`` (two decks from 10 players) more often
    edges = [p for p in (low, 9, 10, high) if low <= p <= high]
    players = draw(
        st.one_of(
            st.sampled_from(edges), st.integers(0, 2**32).map(lambda x: low + x % (high - low + 1))
        )
    )
    try:
        rules.validate(players)
    except RulesError:
        assume(False)
    return rules, players, draw(st.integers(0, players - 1))
