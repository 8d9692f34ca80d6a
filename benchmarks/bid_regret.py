"""What a bot's bids are worth against the other bids it could have made (a benchmark, not a
test): counterfactual bids on OpenSpiel's rules.

At every bid of the measured entry (the first of ``--seats``), the hand is also played out
from that point with every other bid within ``--spread`` of the one chosen, and with the bid
the rule-based player (``rules``) would make from the same view: each with copies of every
bot, random states included, so the alternatives differ only by the bid. The deal is the
true one, so each alternative's points are what that bid would really have scored in this
hand against these players (one playing-out: the others' searches still draw their own
random worlds).

Prints, over the hands: the points of the bids chosen; paired with them, the points of the
bid one lower, one higher, the rule-based bid, and the best bid in hindsight (an optimistic
ceiling: one playing-out per bid, and the best of several noisy values is biased upwards);
and, by the bid chosen, the mean difference to one lower and one higher.

Every bot at the table must replay the same from copied states: ours and ``ismcts`` (the
Python ISMCTS with the honest sampler) do; OpenSpiel's C++ ``ismcts-leaky`` cannot be
copied and is refused.

Usage (needs ``pip install ascenseur[openspiel]`` for ``ismcts``)::

    uv run python benchmarks/bid_regret.py --players 3 --tricks 5 --deals 150 \\
        --seats expert,ismcts,ismcts --jobs 2 --json regret.json
"""

from __future__ import annotations

import argparse
import copy
import json
import statistics
import sys
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from bots_openspiel import (
    dealt_game,
    interval,
    make_entry,
    openspiel_rules,
    seat_seed,
    seats_of,
    table_arguments,
)

from ascenseur import Game
from ascenseur.bots import RulesBot
from ascenseur.core.engine import Phase


def _seat_bots(seats: list[str], deal: int, rotation: int, entry_at: list[int]) -> list[Any]:
    """The bots of one seating, seeded as ``bots_openspiel.py`` seeds them."""
    # make_entry builds ``ismcts`` too (1000 simulations, as bots_openspiel.py gives it).
    return [
        make_entry(seats[entry], seat_seed(deal, rotation, seat))
        for seat, entry in enumerate(entry_at)
    ]


def _play_out(game: Game, agents: list[Any], me: int) -> tuple[int, int]:
    """Finish the hand; the points and the tricks of ``me``."""
    while game.phase in (Phase.BID, Phase.PLAY):
        seat = game.turn
        game.act(agents[seat].choose(game.view(seat)), seat)
    result = game.results[-1]
    return result.points[me], result.won[me]


def play_deal(args: tuple[list[str], int, int, int, int]) -> list[dict[str, Any]]:
    """Every seating of one deal: the measured entry's bid and every alternative's points."""
    seats, players, tricks, deal, spread = args
    rules = openspiel_rules(tricks)
    hands = []
    for rotation in range(players):
        entry_at = [(seat - rotation) % players for seat in range(players)]
        game = dealt_game(rules, players, deal)
        agents = _seat_bots(seats, deal, rotation, entry_at)
        me = entry_at.index(0)
        while not (game.phase is Phase.BID and game.turn == me):
            seat = game.turn
            game.act(agents[seat].choose(game.view(seat)), seat)
        view = game.view(me)
        fork = (game.copy(), copy.deepcopy(agents))
        chosen = int(agents[me].choose(view))
        rule_based = int(RulesBot(0).choose(view))
        tried = {b for b in view.legal_actions if abs(b - chosen) <= spread} | {rule_based}
        points = {}
        won = {}
        for bid in sorted(tried):
            world, bots = fork[0].copy(), copy.deepcopy(fork[1])
            world.act(bid, me)
            points[bid], won[bid] = _play_out(world, bots, me)
        position = sum(1 for b in game.bids if b >= 0)
        hands.append(
            {
                "deal": deal,
                "rotation": rotation,
                "position": position,
                "chosen": chosen,
                "rules": rule_based,
                "points": points,
                "won": won,
            }
        )
    return hands


def _paired(hands: list[dict[str, Any]], pick: Any) -> tuple[float, float, int]:
    """Mean and 95 % half-interval of (points of the bid ``pick`` gives − points of the bid
    chosen), over the hands where that bid was played out."""
    diffs = []
    for hand in hands:
        bid = pick(hand)
        if bid is not None and bid in hand["points"]:
            diffs.append(hand["points"][bid] - hand["points"][hand["chosen"]])
    if len(diffs) < 2:
        return float("nan"), float("nan"), len(diffs)
    mean, half = interval(diffs)
    return mean, half, len(diffs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    table_arguments(parser, seats="expert,ismcts,ismcts", deals=20)
    parser.add_argument("--spread", type=int, default=2, help="alternatives within this")
    parser.add_argument("--json", metavar="FILE", help="also write every hand as JSON")
    args = parser.parse_args()
    seats = seats_of(args)
    if "ismcts-leaky" in seats:
        sys.exit("--seats: ismcts-leaky (OpenSpiel's C++ bot) cannot be copied to replay a hand")
    tasks = [
        (seats, args.players, args.tricks, deal, args.spread)
        for deal in range(args.first_deal, args.first_deal + args.deals)
    ]
    started = time.perf_counter()
    hands: list[dict[str, Any]] = []
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for i, result in enumerate(pool.map(play_deal, tasks)):
            hands.extend(result)
            if (i + 1) % max(1, len(tasks) // 10) == 0:
                print(f"  {i + 1}/{len(tasks)} deals", file=sys.stderr, flush=True)
    chosen_points = [h["points"][h["chosen"]] for h in hands]
    mean, half = interval(chosen_points)
    exact = statistics.fmean(h["won"][h["chosen"]] == h["chosen"] for h in hands)
    print(
        f"{args.players} players × {args.tricks} tricks, {len(hands)} bids of {seats[0]} "
        f"(table {', '.join(seats)})"
    )
    print(f"  bids chosen: {mean:.2f} ± {half:.2f} points per hand, {100 * exact:.1f} % exact")
    report: dict[str, Any] = {"seats": seats, "hands": len(hands), "chosen": mean, "vs": {}}
    rows = [
        ("one lower", lambda h: h["chosen"] - 1),
        ("one higher", lambda h: h["chosen"] + 1),
        ("the rule-based bid", lambda h: h["rules"] if h["rules"] != h["chosen"] else None),
        ("best in hindsight", lambda h: max(h["points"], key=h["points"].get)),
    ]
    for label, pick in rows:
        diff, diff_half, count = _paired(hands, pick)
        known = count >= 2  # (no interval from fewer: null in the JSON, a dash here)
        report["vs"][label] = {
            "mean": diff if known else None,
            "ci": diff_half if known else None,
            "hands": count,
        }
        figure = f"{diff:+.2f} ± {diff_half:.2f}" if known else "—"
        print(f"  {label:20s} {figure} points ({count} hands)")
    same = statistics.fmean(h["rules"] == h["chosen"] for h in hands)
    print(f"  the rule-based bid is the bid chosen in {100 * same:.1f} % of the hands")
    print("  by the bid chosen: one lower − chosen, one higher − chosen (paired)")
    by_bid: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for hand in hands:
        by_bid[hand["chosen"]].append(hand)
    for bid in sorted(by_bid):
        group = by_bid[bid]
        shown = []
        for pick in (lambda h: h["chosen"] - 1, lambda h: h["chosen"] + 1):
            diff, diff_half, count = _paired(group, pick)
            shown.append(f"{diff:+.2f} ± {diff_half:.2f}" if count >= 2 else "—")
        print(f"    bid {bid}: {len(group):4d} hands   lower {shown[0]}   higher {shown[1]}")
    print(f"  ({time.perf_counter() - started:.1f} s)")
    if args.json:
        report["per_hand"] = hands
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump(report, handle, indent=1)


if __name__ == "__main__":
    main()
