"""Strength and speed of the levels under every preset (a benchmark, not a test).

Strength: for each preset, a tournament on duplicate deals at four players between
``hard``, ``medium`` (= ``rules``), ``easy`` and ``random`` — every seat rotation of every
deal — with points per game and their 95 % intervals (``--max-cards`` shortens the ladders
so that a run takes minutes).

Speed: decision times of each level on one core (``--jobs 1``): median, 99th percentile and
maximum over every decision of whole games (by default prime, four players, the full ladder
up to ``--speed-cards`` cards; ``--speed-rules``, ``--speed-players`` and ``--speed-cards 0``
for the largest hands a preset deals, e.g. 17 cards at three players; ``--speed-rule
decks=2`` and other options as ``ascenseur play --rule`` takes them, e.g. 34 cards at three
players with two decks).

    uv run python benchmarks/bots_levels.py --games 24 --max-cards 6
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
from typing import Any

from ascenseur import Game, preset
from ascenseur.bots import make_bot
from ascenseur.interfaces.cli.options import build_rules
from ascenseur.services.autoplay import play_with_bots
from ascenseur.services.tournament import TournamentConfig, run_tournament

PRESETS = ("classique", "prime", "ascensor", "enculette")


def strength(
    games: int, max_cards: int, jobs: int, seed: int, presets: tuple[str, ...] = PRESETS
) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name in presets:
        rules = preset(name).override({"max_cards": max_cards})
        config = TournamentConfig(
            rules, ("hard", "medium", "easy", "random"), games=games, seed=seed, jobs=jobs
        )
        result = run_tournament(config)
        out[name] = {
            b.label: {
                "points_per_game": round(b.points_per_game, 1),
                "ci": round(b.points_per_game_ci, 1),
                "exact": round(b.exact_bid_rate, 3),
                "wins": round(b.win_rate, 3),
                "rating": round(b.rating, 1),
            }
            for b in result.bots
        }
        print(f"{name} (max_cards {max_cards}, {len(result.games)} games):")
        for b in result.bots:
            print(
                f"  {b.label:7s} {b.points_per_game:7.1f} ± {b.points_per_game_ci:5.1f} "
                f"points/game, exact {100 * b.exact_bid_rate:5.1f} %, "
                f"wins {100 * b.win_rate:5.1f} %, rating {b.rating:5.1f}"
            )
        # Paired by game (same deal, same table): the difference of two entries' totals.
        for a, b in ((0, 1), (1, 3), (1, 2)):
            diffs = []
            for game in result.games:
                seat_of = {entry: seat for seat, entry in enumerate(game.seating)}
                diffs.append(game.totals[seat_of[a]] - game.totals[seat_of[b]])
            mean = statistics.fmean(diffs)
            half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs))
            label = f"{config.bots[a]} - {config.bots[b]}"
            out[name][label] = {"mean": round(mean, 1), "ci": round(half, 1)}
            print(f"  {label}: {mean:+.1f} ± {half:.1f} points/game (paired by game)")
    return out


def speed(
    levels: list[str],
    cards: int,
    games: int,
    rules_name: str = "prime",
    players: int = 4,
    rule_texts: tuple[str, ...] = (),
) -> dict[str, Any]:
    rules = build_rules(rules_name, rule_texts, players=players)
    if cards:
        rules = rules.override({"max_cards": cards})
    out: dict[str, Any] = {}
    for level in levels:
        times: list[float] = []
        for g in range(games):
            game = Game.new(rules, players, first_dealer=g % players)
            bots = [make_bot(level, 10 * g + s) for s in range(players)]
            deals = random.Random(g)  # one generator deals every round, as the game's seed
            play_with_bots(game, bots, lambda _game, d=deals: d, lambda _s, t, k=times: k.append(t))
        times.sort()
        p99 = times[min(len(times) - 1, math.ceil(0.99 * len(times)) - 1)]
        out[level] = {
            "decisions": len(times),
            "median_ms": round(1000 * statistics.median(times), 2),
            "p99_ms": round(1000 * p99, 2),
            "max_ms": round(1000 * times[-1], 2),
        }
        print(
            f"  {level:7s} {len(times):6d} decisions: median {1000 * statistics.median(times):7.2f}"
            f" ms, p99 {1000 * p99:7.2f} ms, max {1000 * times[-1]:7.2f} ms"
        )
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=24, help="tournament games per preset")
    parser.add_argument("--max-cards", type=int, default=6)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--presets", default=",".join(PRESETS), help="comma-separated presets for the strength"
    )
    parser.add_argument(
        "--speed-cards", type=int, default=10, help="largest hand of the ladder (0: the deck's)"
    )
    parser.add_argument("--speed-rules", default="prime", choices=PRESETS)
    parser.add_argument("--speed-players", type=int, default=4)
    parser.add_argument(
        "--speed-rule",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="an option of the speed game's rules, as `ascenseur play --rule` (repeatable)",
    )
    parser.add_argument("--speed-levels", default="easy,medium,hard,expert")
    parser.add_argument("--speed-games", type=int, default=1)
    parser.add_argument("--skip-strength", action="store_true")
    parser.add_argument("--skip-speed", action="store_true")
    parser.add_argument("--json", metavar="FILE")
    args = parser.parse_args()
    report: dict[str, Any] = {}
    if not args.skip_strength:
        presets = tuple(args.presets.split(","))
        unknown = [p for p in presets if p not in PRESETS]
        if unknown:
            parser.error(f"unknown preset {unknown[0]!r} (known: {', '.join(PRESETS)})")
        report["strength"] = strength(args.games, args.max_cards, args.jobs, args.seed, presets)
    if not args.skip_speed:
        most = f"up to {args.speed_cards} cards" if args.speed_cards else "the full ladder"
        options = "".join(f", {text}" for text in args.speed_rule)
        print(
            f"decision times, {args.speed_rules}{options}, {args.speed_players} players, {most},"
            " one core:"
        )
        report["speed"] = speed(
            args.speed_levels.split(","),
            args.speed_cards,
            args.speed_games,
            args.speed_rules,
            args.speed_players,
            tuple(args.speed_rule),
        )
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump(report, handle, indent=1)


if __name__ == "__main__":
    main()
