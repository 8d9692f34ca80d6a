"""Our bots against OpenSpiel's ISMCTS, on OpenSpiel's rules (a benchmark, not a test).

OpenSpiel's ``oh_hell``: one hand, the dealer's hook, free discards, a turned-up trump, and
its scoring (1 point per trick won, plus 10 for an exact bid) — our ``prime`` preset with
``ladder=[T]``, ``void_rule=free`` and the scoring table {10, 1, 1, 0}.

A mixed table on duplicate deals: every deal is played once per rotation of the seats, so
every entry plays every hand. Entries:

* our bots by name (``expert``, ``hard``, ``rules``, …), which see only their view;
* ``ismcts``: OpenSpiel's Python ISMCTS (random rollouts) with an **honest** resampler that
  draws every world from all unseen cards, stock included (``ascenseur.bots.openspiel_bot``);
* ``ismcts-leaky``: OpenSpiel's C++ ISMCTS with the resampler built into OpenSpiel 2.0.2's
  ``oh_hell``, run on the true state: it reshuffles only the cards dealt to opponents, so it
  knows which cards stayed in the stock (it is seeded, but does not replay the same from one
  process to the next: its tree keeps children in hash maps salted per process, whose order
  breaks ties; every other entry does);
* ``NAME+leak`` (an experiment, not a player): our bot given the same knowledge as the leaky
  ISMCTS — its view's unseen cards are cut down to the cards the others hold between them —
  to measure what the leak is worth to our search, and compare the searches on equal
  knowledge.
* ``NAME+peek`` (an experiment, not a player): our bot told every card — it searches the true
  deal as its only world — to measure what the hidden cards are worth to our search against
  the same opponents. With one world it trusts its model of the others' replies completely;
  ``expert/playout_noise=0.15+peek`` expects them to stray, which is worth much more there
  (the README gives both). ``NAME+peek-bid`` sees every card only for its bid and plays
  honestly; ``NAME+peek-play`` bids honestly and sees every card for its cards: where the
  hidden cards are worth most, at the bidding or in the play.

Usage (needs ``pip install ascenseur[openspiel]``)::

    uv run python benchmarks/bots_openspiel.py --players 3 --tricks 5 --deals 100 \\
        --seats expert,ismcts,ismcts-leaky --jobs 2

Prints, per entry, points per hand and exact-bid rate with 95 % intervals and decision
times; how often each entry won more or fewer tricks than it bid, and how its bids sit
against the rule-based bidding model the search weights its worlds by (bid − model in the
true deal, mean and spread: what ``bid_bias`` and ``bid_sigma`` would be fitted to); and, for
our first entry against each other one, the mean difference of points per hand over the
deals (paired by deal, so the luck of the cards cancels) with its interval.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, fields
from typing import Any

from ascenseur import Card, Game, preset
from ascenseur.bots import make_bot
from ascenseur.bots.heuristics import shifted_worth
from ascenseur.bots.openspiel_bot import (
    OPENSPIEL_DECK,
    card_actions,
    from_openspiel_action,
    openspiel_game,
    to_openspiel,
)
from ascenseur.bots.search import _bid_worth, _bidding_order
from ascenseur.core.engine import Phase
from ascenseur.core.view import PlayerView

Z95 = 1.959964


def openspiel_rules(tricks: int) -> Any:
    return preset("prime").override(
        {
            "ladder": [tricks],
            "void_rule": "free",
            "bid_limit": "hook",
            "scoring": {
                "made_base": 10,
                "made_per_trick": 1,
                "missed_per_trick": 1,
                "missed_per_diff": 0,
            },
        }
    )


@dataclass(frozen=True, slots=True)
class LeakedView(PlayerView):
    """A view plus what OpenSpiel's resampler leaks: which cards the others hold between them
    (so the sampler deals them only those, never the stock)."""

    others_cards: frozenset[int] = frozenset()

    def unseen_cards(self) -> list[Card]:
        return [c for c in PlayerView.unseen_cards(self) if c in self.others_cards]


def leaked_view(game: Game, seat: int) -> LeakedView:
    view = game.view(seat)
    others = frozenset(c for s in range(game.players) if s != seat for c in game.hand(s))
    return LeakedView(**{f.name: getattr(view, f.name) for f in fields(view)}, others_cards=others)


def make_entry(spec: str, seed: int) -> Any:
    """A bot by name, with optional settings for experiments: ``expert/prune_z=2/x=1``."""
    name, *settings = spec.split("/")
    bot = make_bot(name, seed)
    for setting in settings:
        key, value = setting.split("=")
        if not hasattr(bot, key):
            raise ValueError(f"{name} has no setting {key!r}")
        current = getattr(bot, key)
        setattr(bot, key, int(float(value)) if isinstance(current, int) else float(value))
    return bot


def dealt_game(rules: Any, players: int, deal: int) -> Game:
    """Deal number ``deal``: the same dealer and cards in every seating and every script."""
    deal_rng = random.Random(1_000_003 * deal + 7)
    dealer = deal_rng.randrange(players)
    deal_seed = deal_rng.getrandbits(32)
    game = Game.new(rules, players, first_dealer=dealer)
    game.deal(random.Random(deal_seed))
    return game


def seat_seed(deal: int, rotation: int, seat: int) -> int:
    """The seed of the bot at ``seat`` in seating ``rotation`` of deal ``deal``."""
    return (deal * 131 + rotation) * 17 + seat


def table_arguments(parser: argparse.ArgumentParser, seats: str, deals: int) -> None:
    """The options that set the table and the deals (shared by the benchmark scripts)."""
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--tricks", type=int, default=5)
    parser.add_argument("--deals", type=int, default=deals, help="each played once per seat")
    parser.add_argument("--first-deal", type=int, default=0)
    parser.add_argument("--seats", default=seats)
    parser.add_argument("--jobs", type=int, default=2)


def seats_of(args: argparse.Namespace) -> list[str]:
    """The entries of ``--seats``, one per player (or the script stops, saying why)."""
    seats = [s.strip() for s in args.seats.split(",")]
    if len(seats) != args.players:
        sys.exit(f"--seats: {len(seats)} entries for {args.players} players")
    return seats


def _peeks(spec: str, phase: Phase) -> bool:
    """Whether the entry ``spec`` sees every card for a decision in ``phase``."""
    if spec.endswith("+peek"):
        return True
    if spec.endswith("+peek-bid"):
        return phase is Phase.BID
    return spec.endswith("+peek-play") and phase is Phase.PLAY


def _true_worths(game: Game) -> dict[int, tuple[float, int]]:
    """What the search's own worlds carry at the bidding: each hand's worth to the model."""
    if game.phase is not Phase.BID:
        return {}
    return {seat: _bid_worth(game, seat) for seat in range(game.players)}


def play_deal(args: tuple[list[str], int, int, int, int]) -> dict[str, Any]:
    """Every rotation of one deal; per entry: points, exact bids, decision times."""
    import pyspiel

    seats_spec, players, tricks, deal, simulations = args
    rules = openspiel_rules(tricks)
    ospiel = openspiel_game(rules, players)
    out: dict[str, Any] = {"deal": deal, "points": [], "exact": [], "times": [], "hands": []}
    points = [0.0] * players
    exact = [0] * players
    times: list[list[float]] = [[] for _ in range(players)]
    for rotation in range(players):
        entry_at = [(seat - rotation) % players for seat in range(players)]
        game = dealt_game(rules, players, deal)
        state = to_openspiel(game, ospiel)
        agents: list[Any] = []
        for seat, entry in enumerate(entry_at):
            name = seats_spec[entry]
            seed = seat_seed(deal, rotation, seat)
            if name == "ismcts-leaky":
                agents.append(
                    pyspiel.ISMCTSBot(
                        seed,
                        pyspiel.RandomRolloutEvaluator(1, seed),
                        2.0,
                        simulations,
                        -1,
                        pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
                        False,
                        False,
                    )
                )
            elif name == "ismcts":
                bot = make_bot("ismcts", seed)
                bot.simulations = simulations  # type: ignore[attr-defined]
                agents.append(bot)
            else:
                agents.append(make_entry(name.split("+")[0], seed))
        to_action = card_actions()[0]
        # What the rule-based bidding model expects of each hand when its player bids (the
        # bids before it taken into account), for the bid diagnostics.
        model = [0.0] * players
        while game.phase in (Phase.BID, Phase.PLAY):
            seat = game.turn
            entry = entry_at[seat]
            start = time.perf_counter()
            if game.phase is Phase.BID:
                order = [game.bids[s] for s in _bidding_order(game) if game.bids[s] >= 0]
                model[seat] = shifted_worth(_bid_worth(game, seat)[0], order, tricks, players)
            if seats_spec[entry] == "ismcts-leaky":
                if len(state.legal_actions()) == 1:
                    ospiel_action = state.legal_actions()[0]
                else:
                    ospiel_action = int(agents[seat].step(state))
                action = from_openspiel_action(game.phase, ospiel_action)
            elif seats_spec[entry].endswith("+leak"):
                action = agents[seat].choose(leaked_view(game, seat))
            elif _peeks(seats_spec[entry], game.phase):
                # The true deal as the search's only world (its worths worked out as the
                # search's own worlds do).
                truth = game.copy()
                worth = _true_worths(truth)
                bot = agents[seat]
                bot._worlds = lambda _view, truth=truth, worth=worth: (truth.copy(), 1.0, worth)
                action = bot.choose(game.view(seat))
                del bot._worlds  # honest again
            else:
                action = agents[seat].choose(game.view(seat))
            times[entry].append(time.perf_counter() - start)
            bidding = game.phase is Phase.BID
            game.act(action, seat)
            state.apply_action(OPENSPIEL_DECK + action if bidding else to_action[action])
        result = game.results[-1]
        returns = state.returns()
        for seat, entry in enumerate(entry_at):
            assert returns[seat] == result.points[seat]
            points[entry] += result.points[seat]
            exact[entry] += result.bids[seat] == result.won[seat]
            out["hands"].append((entry, result.bids[seat], result.won[seat], model[seat]))
    out["points"] = [p / players for p in points]  # mean per hand over the rotations
    out["exact"] = exact
    out["times"] = times
    return out


def interval(values: list[float]) -> tuple[float, float]:
    mean = statistics.fmean(values)
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return mean, half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    table_arguments(parser, seats="expert,ismcts,ismcts-leaky", deals=100)
    parser.add_argument("--simulations", type=int, default=1000)
    parser.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    args = parser.parse_args()
    seats = seats_of(args)
    tasks = [
        (seats, args.players, args.tricks, deal, args.simulations)
        for deal in range(args.first_deal, args.first_deal + args.deals)
    ]
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        results = []
        for i, r in enumerate(pool.map(play_deal, tasks)):
            results.append(r)
            if (i + 1) % max(1, len(tasks) // 10) == 0:
                print(f"  {i + 1}/{len(tasks)} deals", file=sys.stderr, flush=True)
    hands = len(results) * args.players
    report: dict[str, Any] = {
        "players": args.players,
        "tricks": args.tricks,
        "deals": len(results),
        "hands": hands,
        "simulations": args.simulations,
        "seconds": round(time.perf_counter() - started, 1),
        "entries": {},
        "differences": {},
    }
    print(
        f"{args.players} players × {args.tricks} tricks, {len(results)} deals × "
        f"{args.players} seatings = {hands} hands per entry, ISMCTS {args.simulations} sims"
    )
    for i, name in enumerate(seats):
        per_deal = [r["points"][i] for r in results]
        mean, half = interval(per_deal)
        made = sum(r["exact"][i] for r in results)
        rate = made / hands
        rate_half = Z95 * math.sqrt(rate * (1 - rate) / hands)
        t = sorted(x for r in results for x in r["times"][i])
        median = t[len(t) // 2]
        p99 = t[min(len(t) - 1, math.ceil(0.99 * len(t)) - 1)]
        report["entries"][f"{i}:{name}"] = {
            "points_per_hand": mean,
            "points_ci": half,
            "exact_rate": rate,
            "exact_ci": rate_half,
            "median_s": median,
            "p99_s": p99,
        }
        print(
            f"  {name:14s} {mean:6.2f} ± {half:4.2f} points/hand   exact {100 * rate:5.1f} "
            f"± {100 * rate_half:3.1f} %   decision median {1000 * median:6.1f} ms, "
            f"p99 {1000 * p99:6.1f} ms"
        )
    print("  bids: won more / fewer tricks than bid; bid − rule-based model (mean, sd)")
    for i, name in enumerate(seats):
        mine = [h for r in results for h in r["hands"] if h[0] == i]
        over = sum(won > bid for _e, bid, won, _m in mine) / len(mine)
        under = sum(won < bid for _e, bid, won, _m in mine) / len(mine)
        gaps = [bid - m for _e, bid, _w, m in mine]
        gap, spread = statistics.fmean(gaps), statistics.pstdev(gaps)
        report["entries"][f"{i}:{name}"].update(
            over_rate=over, under_rate=under, bid_minus_model=gap, bid_model_sd=spread
        )
        print(
            f"  {name:14s} over {100 * over:5.1f} %  under {100 * under:5.1f} %   "
            f"bid − model {gap:+.2f} (sd {spread:.2f})"
        )
    for j in range(1, len(seats)):
        diffs = [r["points"][0] - r["points"][j] for r in results]
        mean, half = interval(diffs)
        report["differences"][f"{seats[0]} - {seats[j]}"] = {"mean": mean, "ci": half}
        print(f"  {seats[0]} − {seats[j]}: {mean:+.2f} ± {half:.2f} points/hand")
    print(f"  ({report['seconds']} s)")
    report["per_deal"] = [
        {"deal": r["deal"], "points": r["points"], "exact": r["exact"], "hands": r["hands"]}
        for r in results
    ]
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump(report, handle, indent=1)


if __name__ == "__main__":
    main()
