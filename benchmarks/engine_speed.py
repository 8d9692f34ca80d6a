"""How fast the engine plays random hands, beside OpenSpiel's ``oh_hell`` driven from Python.

    uv run python benchmarks/engine_speed.py           # about a minute of CPU
    uv run python benchmarks/engine_speed.py --quick   # a few seconds, noisier

One hand, on both sides, is: a new game, the deal (dealer, cards, trump card), the bids and
the play, each choice a uniformly random legal one picked with the same cheap
``floor(rng.random() * len(choices))``, and the score. Ours is ``Game.new`` + ``Game.deal`` +
``Game.random_playout`` with the ``prime`` preset, one hand (``ladder = [tricks]``) and free
discards, the rules OpenSpiel plays. Theirs is ``new_initial_state()``, then one action per
step until the end, driven two ways:

* "OS outcomes": chance nodes through ``chance_outcomes()``, players through
  ``legal_actions()``, as the issue's brief describes;
* "OS legal": ``legal_actions()`` at every node, chance nodes included (it lists the same,
  equally likely, deal outcomes): the leanest way to drive it from Python, about twice as
  fast, because ``chance_outcomes()`` builds a list of (action, probability) pairs.

Each figure is the best of three timed batches of CPU time, the three runs taking turns. It
also times :meth:`Game.copy` and :meth:`Game.view` in the middle of a hand, the costs a
search pays per simulation.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from math import floor

from ascenseur import Game, Phase, preset

DECK = 52
#: CPU time of this process: on a machine shared with other work, it counts only our own
#: turns on a core (wall-clock time would charge the waits to whichever engine ran then).
clock = time.process_time


def our_hands(players: int, tricks: int, seed: int) -> Callable[[int], None]:
    """A function that plays ``count`` random hands with our engine."""
    rules = preset("prime").override({"ladder": [tricks], "void_rule": "free"})
    names = tuple(f"P{i}" for i in range(players))
    rng = random.Random(seed)
    rand = rng.random
    new = Game.new

    def run(count: int) -> None:
        for _ in range(count):
            game = new(rules, names, first_dealer=floor(rand() * players))
            game.deal(rng)
            game.random_playout(rng)

    return run


def their_hands(
    players: int, tricks: int, seed: int, *, chance_outcomes: bool
) -> Callable[[int], None] | None:
    """A function that plays ``count`` random hands with OpenSpiel, or ``None`` without it.

    Both drivers ask ``current_player()`` once per step (cheaper than ``is_terminal()`` and
    ``is_chance_node()``). With ``chance_outcomes``, a chance node's outcomes come from
    ``chance_outcomes()``; without, from ``legal_actions()``, which at a chance node lists the
    same outcomes, all equally likely in ``oh_hell``, and costs half as much (no list of
    (action, probability) pairs to build)."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("oh_hell", {"players": players, "num_tricks_fixed": tricks})
    rng = random.Random(seed)
    rand = rng.random
    chance = pyspiel.PlayerId.CHANCE
    terminal = pyspiel.PlayerId.TERMINAL

    def run_with_outcomes(count: int) -> None:
        for _ in range(count):
            state = game.new_initial_state()
            current, legal, apply = state.current_player, state.legal_actions, state.apply_action
            outcomes_of = state.chance_outcomes
            while True:
                player = current()
                if player >= 0:
                    actions = legal()
                    apply(actions[floor(rand() * len(actions))])
                elif player == chance:
                    outcomes = outcomes_of()
                    apply(outcomes[floor(rand() * len(outcomes))][0])
                else:
                    break
            state.returns()

    def run_with_legal_actions(count: int) -> None:
        for _ in range(count):
            state = game.new_initial_state()
            current, legal, apply = state.current_player, state.legal_actions, state.apply_action
            while current() != terminal:
                actions = legal()
                apply(actions[floor(rand() * len(actions))])
            state.returns()

    return run_with_outcomes if chance_outcomes else run_with_legal_actions


def batch_size(run: Callable[[int], None], seconds: float) -> int:
    """How many calls of ``run(1)`` take about ``seconds``."""
    count = 1
    while True:
        start = clock()
        run(count)
        elapsed = clock() - start
        if elapsed > seconds / 10:
            return max(1, int(count * seconds / elapsed))
        count *= 2


def rates(runs: Sequence[Callable[[int], None]], seconds: float, repeats: int) -> list[float]:
    """Calls of ``run(1)`` per second for each of ``runs``: the best of ``repeats`` batches of
    about ``seconds`` each, the runs taking turns so that a busy machine slows them alike."""
    counts = [batch_size(run, seconds) for run in runs]
    best = [0.0] * len(runs)
    for _ in range(repeats):
        for i, (run, count) in enumerate(zip(runs, counts, strict=True)):
            start = clock()
            run(count)
            best[i] = max(best[i], count / (clock() - start))
    return best


def mid_hand_game(players: int, tricks: int) -> Game:
    """A game in the middle of the play of a hand (bids made, a few tricks played)."""
    rules = preset("prime").override({"ladder": [tricks], "void_rule": "free"})
    game = Game.new(rules, players, first_dealer=0)
    rng = random.Random(1)
    game.deal(rng)
    while game.phase is Phase.BID:
        bids = game.legal_actions()
        game.push(bids[int(rng.random() * len(bids))])
    for _ in range(players * (tricks // 2) + 1):
        cards = game.legal_actions()
        game.push(cards[int(rng.random() * len(cards))])
    return game


def per_call_microseconds(call: Callable[[], object], seconds: float, repeats: int) -> float:
    def run(count: int) -> None:
        for _ in range(count):
            call()

    return 1e6 / rates([run], seconds, repeats)[0]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="a short, noisier run")
    parser.add_argument("--seconds", type=float, help="CPU seconds per measured batch")
    parser.add_argument("--repeats", type=int, default=3, help="batches per figure (best kept)")
    args = parser.parse_args(argv)
    seconds = args.seconds or (0.25 if args.quick else 1.0)
    repeats = args.repeats

    configurations = []
    for players in (3, 4, 5):
        largest = (DECK - 1) // players  # the largest hand OpenSpiel allows (a trump is turned)
        configurations += [(players, 5), (players, largest)]

    print(
        f"Random hands per CPU second (best of {repeats}, {seconds:g} s batches), "
        f"Python {sys.version.split()[0]}"
    )
    print(
        f"{'players':>7} {'tricks':>6} {'ours':>8} {'OS outcomes':>12} {'ratio':>6}"
        f" {'OS legal':>9} {'ratio':>6}"
    )
    lowest = [float("inf"), float("inf")]
    for players, tricks in configurations:
        seed = players * 100 + tricks
        runs = [our_hands(players, tricks, seed)]
        for chance_outcomes in (True, False):
            theirs = their_hands(players, tricks, seed, chance_outcomes=chance_outcomes)
            if theirs is not None:
                runs.append(theirs)
        figures = rates(runs, seconds, repeats)
        ours = figures[0]
        line = f"{players:>7} {tricks:>6} {ours:>8,.0f}"
        if len(figures) == 3:
            for i, (width, theirs) in enumerate(zip((12, 9), figures[1:], strict=True)):
                lowest[i] = min(lowest[i], ours / theirs)
                line += f" {theirs:>{width},.0f} {ours / theirs:>5.2f}×"
        else:
            line += "  (OpenSpiel absent)"
        print(line)
    if lowest[0] != float("inf"):
        print(
            f"lowest ratio: {lowest[0]:.2f}× against chance_outcomes() at chance nodes, "
            f"{lowest[1]:.2f}× against legal_actions() everywhere"
        )

    print()
    for players, tricks in ((4, 5), (3, 17)):
        game = mid_hand_game(players, tricks)
        copy_us = per_call_microseconds(game.copy, seconds / 2, repeats)
        view_us = per_call_microseconds(lambda g=game, s=game.turn: g.view(s), seconds / 2, repeats)
        print(
            f"{players} players, {tricks} tricks, mid-hand: Game.copy() {copy_us:.2f} µs, "
            f"Game.view(seat) {view_us:.2f} µs"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
