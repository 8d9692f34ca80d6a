"""Bots on the longest hands, two decks (a benchmark, not a test): what ``long_hand`` costs.

``expert`` spends ``long_hand / cards`` of its budget past ``long_hand`` cards in hand (17),
which only two decks deal (26 cards at four players, 34 at three). This plays one-hand
games of our ``prime`` rules with ``decks=2`` on duplicate deals (every deal once per
rotation of the seats) and prints, per entry, points per hand and exact bids with 95 %
intervals, and the first entry against the second, paired by deal::

    uv run python benchmarks/long_hands.py --players 4 --tricks 26 --deals 60 \\
        --seats "expert,expert/long_hand=100,hard,hard" --jobs 2

Entries are bots by name with optional settings, as in ``bots_openspiel.py``.
"""

from __future__ import annotations

import argparse
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from bots_openspiel import dealt_game, interval, make_entry, seat_seed, seats_of, table_arguments

from ascenseur import preset
from ascenseur.core.engine import Phase


def long_hand_rules(tricks: int) -> Any:
    return preset("prime").override({"ladder": [tricks], "decks": 2})


def play_deal(args: tuple[list[str], int, int, int]) -> dict[str, Any]:
    """Every rotation of one deal; per entry: mean points per hand and exact bids."""
    seats, players, tricks, deal = args
    rules = long_hand_rules(tricks)
    points = [0.0] * players
    exact = [0] * players
    for rotation in range(players):
        entry_at = [(seat - rotation) % players for seat in range(players)]
        game = dealt_game(rules, players, deal)
        bots = [
            make_entry(seats[entry_at[seat]], seat_seed(deal, rotation, seat))
            for seat in range(players)
        ]
        while game.phase in (Phase.BID, Phase.PLAY):
            seat = game.turn
            game.act(bots[seat].choose(game.view(seat)), seat)
        result = game.results[-1]
        for seat in range(players):
            points[entry_at[seat]] += result.points[seat] / players
            exact[entry_at[seat]] += result.bids[seat] == result.won[seat]
    return {"deal": deal, "points": points, "exact": exact}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    table_arguments(parser, seats="expert,expert/long_hand=100,hard,hard", deals=60)
    parser.set_defaults(players=4, tricks=26)
    args = parser.parse_args()
    seats = seats_of(args)
    long_hand_rules(args.tricks).validate(args.players)
    tasks = [
        (seats, args.players, args.tricks, deal)
        for deal in range(args.first_deal, args.first_deal + args.deals)
    ]
    with ProcessPoolExecutor(max(1, args.jobs)) as pool:
        deals = list(pool.map(play_deal, tasks))
    hands = len(deals) * args.players
    print(f"prime, two decks, {args.players} players x {args.tricks} cards, {len(deals)} deals")
    for entry, name in enumerate(seats):
        mean, half = interval([d["points"][entry] for d in deals])
        made = sum(d["exact"][entry] for d in deals) / hands
        print(f"  {name:<28} {mean:6.2f} ± {half:.2f} points per hand, exact {made:.1%}")
    if len(seats) > 1:
        mean, half = interval([d["points"][0] - d["points"][1] for d in deals])
        print(f"  {seats[0]} − {seats[1]}, paired by deal: {mean:+.2f} ± {half:.2f}")


if __name__ == "__main__":
    main()
