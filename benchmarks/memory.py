"""How much memory the engine, the records, the search bot and whole processes take.

    uv run python benchmarks/memory.py           # a minute or so
    uv run python benchmarks/memory.py --quick   # some 15 s: fewer and smaller items

Every item is measured in a fresh Python process started by this script
(``sys.executable``), so that what one imports, caches or leaves behind does not count in
another. Two measures:

* **Python allocations** (every table but the last), with :mod:`tracemalloc`: what an
  object **holds** is the memory traced while it is alive less what was traced before it
  was made, after ``gc.collect()``: everything made for it, nothing that existed before (a
  game's table of rules, players and deck, built by the first game of a table and shared by
  every later one, is a column of its own). A **peak** is the highest memory traced during
  an operation (``tracemalloc.reset_peak()`` before it) less what was traced before it.
  The items of a table share one process (each builds its own tables of rules), but for
  the many games, one process per row; a decision of the bot is measured after a first one
  at the same position, which fills the caches every later decision uses. These are the
  bytes Python objects ask for, not the growth of the process: the allocator keeps some of
  what is freed, and the interpreter's own structures are not counted.
* **Resident set size** (the last table), one process per row: its peak (``VmHWM`` in
  ``/proc/self/status``, the high-water mark of this process image alone; ``ru_maxrss``
  where there is no ``/proc``) and its size at the end (``VmRSS``), read by the process
  itself once its work is done. A tournament's workers are children of the process that
  runs it: the largest one's peak is ``ru_maxrss`` of ``RUSAGE_CHILDREN`` after they have
  ended (a forked worker counts the pages it still shares with its parent: its resident
  size, not what it adds).

kB = 1,000 bytes, MB = 1,000,000 bytes. The tables:

* **Game objects**: a new game; a game in the middle of a hand (bids made, half the tricks
  and one card of the next played at random); its ``copy()`` and ``view(seat)``; at 3 × 5,
  4 × 13, the longest hands (two decks: 34 cards at three players) and the largest table
  (20 players, ``classique``, two decks, 5 cards each).
* **Whole games and their records**: a whole game played at random and what the finished
  game holds; its record (``dumps``), read back (``loads`` + ``replay``, as ``ascenseur
  replay`` and a resumed game do): the peak, per round and per byte of the record, and what
  the replayed game holds. The synthetic record is one hand of 4 × 13 played over and over.
* **A session**: a whole game through :class:`~ascenseur.services.session.GameSession`
  (the terminal game's service), seat 0 a human whose events are read after every step as
  the game screen reads them, the others computer players: what the session holds at the
  end, and how much of it is the events queued for the seats nobody reads.
* **One decision of the search bot**: ``make_bot(level).choose(view)`` at the first bid and
  in the middle of a hand (the first position, from half the tricks on, where the player on
  turn has a choice), at the levels ``hard`` and ``expert``: the peak, what the bot still
  holds after it, the worlds it searched.
* **Many games in one process**: the memory held after the first games (the warm-up: the
  first game, or a tournament's first deal in every seat rotation, fills the caches every
  later game uses) and after the last, the games deleted: a leak would grow by the game.
* **Processes**: Python alone (running this script), importing the library, the bots, the
  command line, the terminal game; ``ascenseur rules``; ``ascenseur simulate`` playing a
  whole game; an ``ascenseur tournament`` with two workers.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import random
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from ascenseur import Game, PlayerView, Replay, Rules

SCRIPT = Path(__file__).resolve()

Row = dict[str, Any]
T = TypeVar("T")

# -- helpers run in the measuring processes -----------------------------------------------------


def _traced() -> int:
    import tracemalloc

    return tracemalloc.get_traced_memory()[0]


def _collected_traced() -> int:
    import gc

    gc.collect()
    return _traced()


def _peak_of(action: Callable[..., T], *arguments: Any) -> tuple[T, int, int]:
    """Run ``action(*arguments)``: its result, the peak of traced memory above what was
    traced before it, and what stays traced after it while the result is held."""
    import gc
    import tracemalloc

    gc.collect()
    before = _traced()
    tracemalloc.reset_peak()
    result = action(*arguments)
    peak = tracemalloc.get_traced_memory()[1] - before
    gc.collect()
    return result, peak, _traced() - before


def _rules(name: str, **options: Any) -> Rules:
    from ascenseur import preset

    rules = preset(name)
    return rules.override(options) if options else rules


def _random_action(game: Game, rng: random.Random) -> int:
    actions = game.legal_actions()
    action: int = actions[int(rng.random() * len(actions))]
    return action


def _mid_hand(game: Game, rng: random.Random) -> None:
    """Deal, bid and play at random to the middle of the hand (half the tricks and one card
    of the next)."""
    from ascenseur import Phase

    game.deal(rng)
    while game.phase is Phase.BID:
        game.push(_random_action(game, rng))
    while len(game.tricks) < game.hand_size // 2 or not game.trick:
        game.push(_random_action(game, rng))


def _read(text: str) -> Replay:
    """A record's text read back: ``loads`` then ``replay``, as ``ascenseur replay`` does."""
    from ascenseur import replay
    from ascenseur.core.record import loads

    return replay(loads(text))


def _whole_game(rules: Rules, players: int, seed: int) -> Game:

    from ascenseur import Game

    game = Game.new(rules, players, first_dealer=0)
    rng = random.Random(seed)
    while not game.is_over:
        game.deal(rng)
        game.random_playout(rng)
    return game


# -- the tables of Python allocations -----------------------------------------------------------

#: (label, preset, players, options) of the game objects' tables; the hand is the ladder.
GAME_TABLES: tuple[tuple[str, str, int, dict[str, Any]], ...] = (
    ("3 × 5", "prime", 3, {"ladder": [5]}),
    ("4 × 13", "prime", 4, {"ladder": [13]}),
    ("3 × 34, two decks", "prime", 3, {"ladder": [34], "decks": 2}),
    ("20 × 5, classique", "classique", 20, {"ladder": [5]}),
)


def game_objects(quick: bool) -> list[Row]:
    import tracemalloc

    from ascenseur import Game

    rows = []
    tracemalloc.start()
    for label, name, players, options in GAME_TABLES:
        rules = _rules(name, **options)
        rng = random.Random(1)
        first, _peak, first_held = _peak_of(Game.new, rules, players)
        new, _peak, new_held = _peak_of(Game.new, rules, players)
        del first, new
        before = _collected_traced()
        game = Game.new(rules, players, first_dealer=0)
        _mid_hand(game, rng)
        mid_held = _collected_traced() - before
        copy_held = _peak_of(game.copy)[2]
        view_held = _peak_of(game.view, game.turn)[2]
        rows.append(
            {
                "label": label,
                "table": first_held - new_held,
                "new game": new_held,
                "mid-hand": mid_held,
                "copy()": copy_held,
                "view(seat)": view_held,
            }
        )
        del game
    tracemalloc.stop()
    return rows


#: (label, preset, players, options) of the whole games; the last, synthetic, gets its
#: number of rounds from the command line.
WHOLE_GAMES: tuple[tuple[str, str, int, dict[str, Any]], ...] = (
    ("classique, 4 players", "classique", 4, {}),
    ("classique, 5 players", "classique", 5, {}),
    ("classique, 20 players", "classique", 20, {}),
    ("prime, 3 players, two decks", "prime", 3, {"decks": 2}),
)


def whole_games(quick: bool) -> list[Row]:
    import tracemalloc

    from ascenseur.core.record import dumps

    synthetic = 200 if quick else 2_000
    games = [
        *WHOLE_GAMES,
        (f"4 × 13 played {synthetic:,} times", "prime", 4, {"ladder": [13] * synthetic}),
    ]
    rows = []
    tracemalloc.start()
    for label, name, players, options in games:
        rules = _rules(name, **options)
        game, _peak, held = _peak_of(_whole_game, rules, players, 1)
        rounds = len(game.results)
        text = dumps(game)
        del game
        replayed, peak, replay_held = _peak_of(_read, text)
        del replayed
        rows.append(
            {
                "label": label,
                "rounds": rounds,
                "game": held,
                "game/round": held / rounds,
                "record": len(text.encode()),
                "read peak": peak,
                "peak/round": peak / rounds,
                "peak/record": peak / len(text.encode()),
                "replayed": replay_held,
            }
        )
    tracemalloc.stop()
    return rows


def sessions(quick: bool) -> list[Row]:
    """A whole game through a :class:`GameSession` (the terminal game's service) with one
    human seat, whose events are read after every step as the game screen reads them, and
    computer players (``random``, quick) at the others: what the session holds at the end,
    and how much of it is the events queued for the seats nobody reads."""
    import tracemalloc
    from collections import deque

    from ascenseur.services.session import GameSession, Step

    rows = []
    for label, name, players, options in WHOLE_GAMES:
        rules = _rules(name, **options)
        tracemalloc.start()
        before = _collected_traced()
        names = [f"P{seat}" for seat in range(players)]
        session = GameSession.new(rules, names, human_seats=(0,), levels="random", seed=1)
        while not session.is_over:
            session.run_bots()
            session.events_for(0)
            if session.next_step()[0] is Step.HUMAN:
                session.act(0, session.view(0).legal_actions[0])
                session.events_for(0)
        held = _collected_traced() - before
        for stream in session.streams:
            stream.pending = deque()  # (a deque cleared keeps some of its blocks)
        unread = held - (_collected_traced() - before)
        tracemalloc.stop()
        rows.append(
            {
                "label": label,
                "rounds": len(session.game.results),
                "events": session.version,
                "session": held,
                "unread events": unread,
            }
        )
    return rows


#: (label, preset, players, options, quick) of the decisions' tables.
DECISION_TABLES: tuple[tuple[str, str, int, dict[str, Any], bool], ...] = (
    ("3 × 5", "prime", 3, {"ladder": [5]}, True),
    ("4 × 10", "prime", 4, {"ladder": [10]}, False),
    ("3 × 17", "prime", 3, {"ladder": [17]}, False),
    ("3 × 34, two decks", "prime", 3, {"ladder": [34], "decks": 2}, False),
)


def _decision_position(rules: Rules, players: int, phase: str) -> PlayerView:
    """The view of the player on turn at the first bid, or in the middle of the hand (the
    first position from half the tricks on where the player on turn has a choice); the
    earlier actions by the rule-based player."""

    from ascenseur import Game, Phase
    from ascenseur.bots import RulesBot

    game = Game.new(rules, players, first_dealer=0)
    game.deal(random.Random(7))
    if phase == "play":
        helper = RulesBot(7)
        while game.phase is Phase.BID:
            game.act(helper.choose(game.view(game.turn)))
        while len(game.tricks) < game.hand_size // 2 or len(game.legal_actions()) < 2:
            game.act(helper.choose(game.view(game.turn)))
    return game.view(game.turn)


def decisions(quick: bool) -> list[Row]:
    import tracemalloc

    from ascenseur.bots import SearchBot, make_bot

    rows = []
    for level in ("hard", "expert"):
        for label, name, players, options, in_quick in DECISION_TABLES:
            if quick and not in_quick:
                continue
            rules = _rules(name, **options)
            for phase in ("bid", "play"):
                view = _decision_position(rules, players, phase)
                make_bot(level, seed=0).choose(view)  # the caches a first decision fills
                tracemalloc.start()
                bot = make_bot(level, seed=1)
                assert isinstance(bot, SearchBot)
                _action, peak, held = _peak_of(bot.choose, view)
                tracemalloc.stop()
                rows.append(
                    {
                        "label": f"{level}, {label}, {phase}",
                        "peak": peak,
                        "held after": held,
                        "worlds": bot.last_worlds,
                    }
                )
    return rows


#: How many rows the table of many games has: each is measured in a process of its own (the
#: caches the first games fill, Babel's locale data for the bots' reasons among them, would
#: otherwise count in the first row only).
MANY_ROWS = 3


def many_games(quick: bool, row: int) -> list[Row]:
    """The memory held after the first games (``warm-up``: the first game, or a tournament's
    first deal in every seat rotation, fill the caches every later game uses) and after the
    last, row ``row`` of: the engine's random games, the rule-based players' whole games, a
    tournament worker's games (the function a worker runs, records kept)."""
    import tracemalloc

    from ascenseur import Game
    from ascenseur.bots import make_bot
    from ascenseur.services.autoplay import play_with_bots
    from ascenseur.services.tournament import play_game

    classique = _rules("classique")
    short = _rules("classique", max_cards=2 if quick else 3)

    def engine(index: int) -> None:
        _whole_game(classique, 4, seed=index)

    def rule_based(index: int) -> None:
        game = Game.new(classique, 4, first_dealer=0)
        bots = [make_bot("rules", seed=index * 4 + seat) for seat in range(4)]
        deal = random.Random(index)
        play_with_bots(game, bots, lambda _game: deal)

    def tournament(index: int) -> None:
        bots = ("hard", "rules", "rules", "random")
        play_game(short, bots, 0, index // 4, index % 4, index, keep_record=True)

    cards = 2 if quick else 3
    runs: list[tuple[str, Callable[[int], None], int, int]] = [
        ("engine, classique, 4 players", engine, 1, 100 if quick else 500),
        ("rules bots, classique, 4 players", rule_based, 1, 3 if quick else 12),
        (f"tournament, hard + 3 others, 1 to {cards} cards", tournament, 4, 5 if quick else 12),
    ]
    assert len(runs) == MANY_ROWS
    label, play, warm, count = runs[row]
    tracemalloc.start()
    before = _collected_traced()
    for index in range(warm):
        play(index)
    first = _collected_traced() - before
    for index in range(warm, count):
        play(index)
    last = _collected_traced() - before
    tracemalloc.stop()
    return [
        {
            "label": label,
            "games": count,
            "warm-up": warm,
            "after warm-up": first,
            "after last": last,
            "growth/game": (last - first) / (count - warm),
        }
    ]


# -- resident set size -------------------------------------------------------------------------


def _status_bytes(key: str) -> int | None:
    """A size from /proc/self/status (``VmHWM``, ``VmRSS``), in bytes; ``None`` elsewhere."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith(key + ":"):
                    return int(line.split()[1]) * 1024
    except OSError:
        return None
    return None


def _maxrss_bytes(who: int) -> int:
    import resource

    value = resource.getrusage(who).ru_maxrss
    return int(value if sys.platform == "darwin" else value * 1024)


def _cli(*arguments: str) -> None:
    """Run ``ascenseur ARGUMENTS`` in this process (whose output :func:`measured` throws
    away)."""
    from ascenseur.interfaces.cli import main

    sys.argv = ["ascenseur", *arguments]
    try:
        main()
    except SystemExit as done:
        if done.code not in (None, 0):
            raise RuntimeError(f"ascenseur {' '.join(arguments)}: status {done.code}") from None


def _imports(*modules: str) -> Callable[[], None]:
    def run() -> None:
        for module in modules:
            importlib.import_module(module)

    return run


#: label -> (what the process does, whether a --quick run measures it).
PROCESSES: dict[str, tuple[Callable[[], None], bool]] = {
    "Python alone (this script)": (_imports(), True),
    "import ascenseur": (_imports("ascenseur"), True),
    "import ascenseur.bots, services": (
        _imports("ascenseur.bots", "ascenseur.services.tournament"),
        True,
    ),
    "import the command line": (_imports("ascenseur.interfaces.cli"), True),
    "import the terminal game": (_imports("ascenseur.interfaces.tui.app"), True),
    "ascenseur rules (a table printed)": (lambda: _cli("rules"), True),
    "simulate: a game, 4 rules bots, classique": (
        lambda: _cli("simulate", "--players", "4", "--bots", "rules", "--seed", "1", "--out", "-"),
        True,
    ),
    "simulate: a game, 4 hard bots, 1 to 5 cards": (
        lambda: _cli(
            "simulate",
            "--players",
            "4",
            "--bots",
            "hard",
            "--rule",
            "max_cards=5",
            "--seed",
            "1",
            "--out",
            "-",
        ),
        False,
    ),
    "simulate: a game, expert + 3 rules, 1 to 5 cards": (
        lambda: _cli(
            "simulate",
            "--bots",
            "expert,rules,rules,rules",
            "--rule",
            "max_cards=5",
            "--seed",
            "1",
            "--out",
            "-",
        ),
        False,
    ),
}

#: The tournament of the last rows: its main process, then its largest worker.
TOURNAMENT = (
    "tournament",
    "--bots",
    "hard,rules,rules,random",
    "--rule",
    "max_cards=3",
    "--games",
    "2",
    "--jobs",
    "2",
)
TOURNAMENT_QUICK = (
    "tournament",
    "--bots",
    "rules,rules,random,random",
    "--rule",
    "max_cards=2",
    "--games",
    "1",
    "--jobs",
    "2",
)


def process(label: str, quick: bool) -> list[Row]:
    """The resident size of this process once it has done the work of ``label``."""
    if label == "tournament":
        with tempfile.TemporaryDirectory() as folder:
            os.chdir(folder)  # (a tournament writes nothing unless asked; to be sure)
            _cli(*(TOURNAMENT_QUICK if quick else TOURNAMENT))
        worker = _maxrss_bytes(__import__("resource").RUSAGE_CHILDREN)
        own = _own_sizes()
        games = "rules,rules,random,random, 1 game" if quick else "hard,rules,rules,random, 2 games"
        return [
            {"label": f"tournament ({games}, 2 jobs): main", **own},
            {"label": "tournament: largest worker", "peak": worker, "at end": None},
        ]
    PROCESSES[label][0]()
    return [{"label": label, **_own_sizes()}]


def _own_sizes() -> Row:
    import resource

    peak = _status_bytes("VmHWM") or _maxrss_bytes(resource.RUSAGE_SELF)
    return {"peak": peak, "at end": _status_bytes("VmRSS")}


# -- the driver --------------------------------------------------------------------------------

SECTIONS: dict[str, tuple[str, Callable[..., list[Row]], list[tuple[str, str]]]] = {
    # name: (title, rows, columns as (key, format) where format is kB, int, ratio or bytes)
    "games": (
        "Game objects: bytes held (tracemalloc), kB",
        game_objects,
        [
            ("table", "kB"),
            ("new game", "kB"),
            ("mid-hand", "kB"),
            ("copy()", "kB"),
            ("view(seat)", "kB"),
        ],
    ),
    "records": (
        "Whole games played at random, and their records read back (loads + replay), kB",
        whole_games,
        [
            ("rounds", "int"),
            ("game", "kB"),
            ("game/round", "kB"),
            ("record", "kB"),
            ("read peak", "kB"),
            ("peak/round", "kB"),
            ("peak/record", "ratio"),
            ("replayed", "kB"),
        ],
    ),
    "sessions": (
        "A whole game in a session (the terminal game's service), seat 0 read, kB",
        sessions,
        [("rounds", "int"), ("events", "int"), ("session", "kB"), ("unread events", "kB")],
    ),
    "decisions": (
        "One decision of the search bot: peak and held after (tracemalloc), kB",
        decisions,
        [("peak", "kB"), ("held after", "kB"), ("worlds", "int")],
    ),
    "many": (
        "Many games in one process: held after the warm-up and the last (tracemalloc), kB",
        many_games,
        [
            ("games", "int"),
            ("warm-up", "int"),
            ("after warm-up", "kB"),
            ("after last", "kB"),
            ("growth/game", "bytes"),
        ],
    ),
}
PROCESS_COLUMNS = [("peak", "MB"), ("at end", "MB")]


def _cell(value: Any, kind: str) -> str:
    if value is None:
        return "-"
    if kind == "kB":
        return f"{value / 1000:,.1f}"
    if kind == "MB":
        return f"{value / 1_000_000:,.1f}"
    if kind == "ratio":
        return f"{value:.1f}×"
    if kind == "bytes":
        return f"{value:+,.0f}"
    return f"{value:,}"


def table(title: str, rows: Sequence[Row], columns: Sequence[tuple[str, str]]) -> str:
    """``rows`` as an aligned table: the label left, the figures right, two spaces apart."""
    cells = [[row["label"], *(_cell(row[key], kind) for key, kind in columns)] for row in rows]
    header = ["", *(key for key, _kind in columns)]
    widths = [max(len(line[i]) for line in [header, *cells]) for i in range(len(header))]
    lines = [title]
    for line in [header, *cells]:
        lines.append(
            "  ".join(
                [
                    line[0].ljust(widths[0]),
                    *(c.rjust(w) for c, w in zip(line[1:], widths[1:], strict=True)),
                ]
            ).rstrip()
        )
    return "\n".join(lines)


def measured(arguments: Sequence[str]) -> list[Row]:
    """The rows of one item, measured in a fresh Python process."""
    with tempfile.TemporaryDirectory() as folder:
        result = Path(folder) / "rows.json"
        done = subprocess.run(
            [sys.executable, str(SCRIPT), *arguments, "--result", str(result)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        if done.returncode != 0:
            raise SystemExit(f"{' '.join(arguments)} failed:\n{done.stderr}")
        rows: list[Row] = json.loads(result.read_text(encoding="utf-8"))
        return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer and smaller items")
    parser.add_argument("--section", choices=SECTIONS, help=argparse.SUPPRESS)
    parser.add_argument("--row", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--process", help=argparse.SUPPRESS)
    parser.add_argument("--result", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    quick = ["--quick"] if args.quick else []

    if args.section or args.process:  # a measuring process: its rows into --result
        if args.section:
            extra = [] if args.row is None else [args.row]
            rows = SECTIONS[args.section][1](args.quick, *extra)
        else:
            rows = process(args.process, args.quick)
        assert args.result is not None
        args.result.write_text(json.dumps(rows), encoding="utf-8")
        return 0

    print(
        f"Memory, Python {sys.version.split()[0]} on {sys.platform}"
        + (" (--quick)" if args.quick else "")
    )
    for name, (title, _rows, columns) in SECTIONS.items():
        if name == "many":
            rows = []
            for row in range(MANY_ROWS):
                rows += measured(["--section", name, "--row", str(row), *quick])
        else:
            rows = measured(["--section", name, *quick])
        print()
        print(table(title, rows, columns), flush=True)
    rows = []
    for label, (_work, in_quick) in PROCESSES.items():
        if in_quick or not args.quick:
            rows += measured(["--process", label, *quick])
    rows += measured(["--process", "tournament", *quick])
    print()
    print(table("Processes: resident set size, MB", rows, PROCESS_COLUMNS))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
