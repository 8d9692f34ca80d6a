"""Tournaments between bots, on duplicate deals, with statistics and ratings.

Every deal is replayed once per seat rotation: the same cards, dealers and turned cards,
each bot taking in turn every seat (and so every hand), which cuts the luck of the deal out
of the comparison. Games run in worker processes; each game is seeded from the tournament
seed, its deal and its rotation, so the same seed gives the same results whatever the number
of workers (with bots whose budget counts work, not time).
"""

from __future__ import annotations

import json
import math
import multiprocessing
import os
import random
import re
import signal
import statistics
import threading
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Final

from ascenseur.bots import MissingExtraError, check_table, make_bot
from ascenseur.bots.heuristics import calibrate_rounds
from ascenseur.core.engine import Game
from ascenseur.core.record import dumps
from ascenseur.core.rules import Rules

from .autoplay import play_with_bots
from .session import folder_in_the_way, write_text_atomic

#: 95 % two-sided normal quantile.
Z95 = 1.959964


@dataclass(frozen=True, slots=True)
class TournamentConfig:
    """What to play: the rules, the bots (one per seat, in the base seating), how many games
    (rounded up to whole rotations of a deal), the seed, the workers."""

    rules: Rules
    bots: tuple[str, ...]
    games: int
    seed: int = 0
    jobs: int = 1
    records: Path | None = None

    def __post_init__(self) -> None:
        """Refuse what the command line refuses, for programs that build one: a tournament
        of no game, no bot, or arguments of the wrong kind (a text of bots, a seed of
        ``None``), rather than play three games or divide by zero."""
        if not isinstance(self.rules, Rules):
            raise TypeError(f"rules must be Rules (preset(NAME)), not {type(self.rules).__name__}")
        if isinstance(self.bots, str) or not all(isinstance(b, str) for b in self.bots):
            raise TypeError("bots must be a sequence of bot names, one per seat")
        if not self.bots:
            raise ValueError("a tournament needs bots: one per seat")
        for name, value, least in (("games", self.games, 1), ("jobs", self.jobs, 1)):
            if type(value) is not int or value < least:
                raise ValueError(
                    f"{name} must be a whole number of at least {least}, not {value!r}"
                )
        if type(self.seed) is not int or self.seed < 0:
            raise ValueError(f"seed must be a whole number of at least 0, not {self.seed!r}")
        if self.records is not None and not isinstance(self.records, Path):
            raise TypeError(f"records must be a Path, not {type(self.records).__name__}")
        object.__setattr__(self, "bots", tuple(self.bots))

    @property
    def players(self) -> int:
        return len(self.bots)

    @property
    def deals(self) -> int:
        """How many deals are played, each once per rotation of the seats."""
        return max(1, math.ceil(self.games / self.players))

    def labels(self) -> list[str]:
        return entry_labels(self.bots)


def entry_labels(bots: Sequence[str]) -> list[str]:
    """One label per bot entry: its name, numbered when a name appears twice."""
    seen: dict[str, int] = {}
    out = []
    for name in bots:
        seen[name] = seen.get(name, 0) + 1
        out.append(name if seen[name] == 1 else f"{name}#{seen[name]}")
    return out


@dataclass(slots=True)
class GameOutcome:
    """One game: which entry sat where, the totals, each round's bids, tricks and points
    by seat, and each entry's decision times (seconds)."""

    index: int
    deal: int
    rotation: int
    seating: list[int]  # seat -> entry index
    totals: list[int]
    bids: list[list[int]]
    won: list[list[int]]
    points: list[list[int]]
    times: list[list[float]]  # entry index -> decision times
    record: str | None = None


def seating(players: int, rotation: int) -> list[int]:
    """The entry sitting in each seat in a rotation: entry ``i`` sits in seat ``i + rotation``."""
    return [(seat - rotation) % players for seat in range(players)]


#: Below these, a deal and its rounds keep the streams they were first measured with (the
#: figures in the README); beyond them those would repeat another deal's, so they are
#: drawn from streams named by the seed, the deal and the round.
_SHORT_DEAL_COUNT: Final = 1_000_003
_SHORT_LADDER: Final = 97


def _deal_seed(seed: int, deal: int) -> int:
    """The seed of deal ``deal`` (its first dealer, its bots): no two deals share one."""
    if deal < _SHORT_DEAL_COUNT:
        return seed * _SHORT_DEAL_COUNT + deal
    named = random.Random(f"ascenseur-tournament/{seed}/{deal}").getrandbits(128)
    return (1 << 200) + named  # beyond every seed the formula above gives


def _round_stream(seed: int, deal: int, round_index: int) -> random.Random:
    """The cards of round ``round_index`` of deal ``deal``: the same in every rotation,
    whatever the bots did before, and no other round's (round 98 of a deal used to be
    round 1 of the next)."""
    if deal < _SHORT_DEAL_COUNT and round_index < _SHORT_LADDER:
        return random.Random(_deal_seed(seed, deal) * _SHORT_LADDER + round_index)
    return random.Random(f"ascenseur-tournament/{seed}/{deal}/{round_index}")


def _bot_seed(deal_seed: int, rotation: int, seat: int) -> int:
    """The seed of the bot at ``seat`` in rotation ``rotation`` of a deal: no two share one.
    The formula of the first 17 seats is kept (the figures published came from it); from
    the 18th seat it would meet the seeds of the next rotation's first seats, so those
    seats draw theirs beyond every seed it gives (as :func:`_deal_seed` does)."""
    if seat < 17:
        return (deal_seed * 31 + rotation) * 17 + seat
    named = random.Random(f"ascenseur-tournament-bot/{deal_seed}/{rotation}/{seat}")
    return (1 << 400) + named.getrandbits(128)


def play_game(
    rules: Rules,
    bots: Sequence[str],
    seed: int,
    deal: int,
    rotation: int,
    index: int,
    keep_record: bool = False,
) -> GameOutcome:
    """Play one game of a tournament (in a worker process)."""
    players = len(bots)
    seats = seating(players, rotation)
    deal_seed = _deal_seed(seed, deal)
    deal_rng = random.Random(deal_seed)
    first_dealer = deal_rng.randrange(players)
    warm_up(rules, bots)
    labels = entry_labels(bots)
    game = Game.new(rules, [labels[entry] for entry in seats], first_dealer=first_dealer)
    agents = [
        make_bot(bots[entry], seed=_bot_seed(deal_seed, rotation, seat))
        for seat, entry in enumerate(seats)
    ]
    times: list[list[float]] = [[] for _ in range(players)]
    play_with_bots(
        game,
        agents,
        # Each round of a deal is dealt from its own stream: the same cards in every
        # rotation, whatever the bots did before.
        lambda game: _round_stream(seed, deal, game.round_index),
        lambda seat, seconds: times[seats[seat]].append(seconds),
    )
    return GameOutcome(
        index=index,
        deal=deal,
        rotation=rotation,
        seating=seats,
        totals=list(game.totals),
        bids=[list(r.bids) for r in game.results],
        won=[list(r.won) for r in game.results],
        points=[list(r.points) for r in game.results],
        times=times,
        record=dumps(game) if keep_record else None,
    )


#: The bots that have made a decision in this process (see :func:`warm_up`).
_WARMED: set[str] = set()
#: The tables (rules, players) whose bidding is calibrated in this process.
_CALIBRATED: set[tuple[Rules, int]] = set()


def warm_up(rules: Rules, bots: Sequence[str]) -> int:
    """Have each kind of bot make one decision, untimed, the first time this process meets
    it: its first decision pays for what is done once (imports, tables, caches), which
    would otherwise be counted against whichever entry played first in each worker (two
    `rules` entries once showed 78 ms and 10 ms p99). The bot is thrown away: no game's
    figures change. Returns how many decisions were made (one per kind not met before,
    none in a blind round's play).

    The first bid at each hand size of the table works out a calibration of the bidding
    (:func:`~ascenseur.bots.heuristics.calibrate_rounds`), as long as some hundred quick
    decisions: it is done here too, for every round of the ladder, once per table."""
    table = (rules, len(bots))
    if table not in _CALIBRATED:
        _CALIBRATED.add(table)
        calibrate_rounds(rules, len(bots))
    made = 0
    for name in dict.fromkeys(bots):
        if name in _WARMED:
            continue
        _WARMED.add(name)
        game = Game.new(rules, len(bots))
        game.deal(random.Random(0))
        if game.turn is None:
            continue
        view = game.view(game.turn)  # (a blind round's play has no decision: none made)
        if view.legal_actions and make_bot(name, seed=0).choose(view) in view.legal_actions:
            made += 1
    return made


class UnplayableTable(ValueError):
    """A bot of the tournament cannot play its table (``bot`` names it)."""

    def __init__(self, bot: str, reason: str) -> None:
        super().__init__(reason)
        self.bot = bot

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.bot, str(self)))  # (whole across processes, as RulesError)


def check_config(config: TournamentConfig) -> None:
    """What would stop a tournament, found before any game: a bot that cannot play the
    table (:class:`UnplayableTable`), a records folder that cannot be made (it is made
    here), or a folder under the name of one of its records (:func:`record_names_taken`):
    :class:`RecordNotWritten`; and first, rules that cannot be played at this table
    (:class:`RulesError` from ``Rules.validate``, as every game would raise it: a ladder
    beyond ``max_cards``, too many players for the deck)."""
    config.rules.validate(config.players)
    for name in dict.fromkeys(config.bots):
        try:
            make_bot(name, 0)  # a name that is no bot ("hrad"), named with the bots there are
            check_table(name, config.rules, config.players)
        except (ValueError, MissingExtraError) as error:
            raise UnplayableTable(name, str(error)) from None
    if config.records is not None:
        try:
            config.records.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise RecordNotWritten(config.records, error) from None
        taken = record_names_taken(config)
        if taken:
            raise RecordNotWritten(taken[0], folder_in_the_way(taken[0]))


def _ignore_interrupts() -> None:
    """In a worker: leave Ctrl-C to the main process, which stops the workers (the worker
    was forked with Ctrl-C held back, see :func:`interrupts_held`; one that came meanwhile
    is dropped here)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


@contextmanager
def interrupts_held() -> Iterator[Callable[[], None]]:
    """Hold Ctrl-C back in this thread until the function yielded is called (or the block
    ends), so that the threads and processes started meanwhile never receive it.

    The kernel gives a Ctrl-C to any thread of the process that does not hold it back; when
    a helper thread (the pool's, a progress bar's) got it, Python only flagged it for the
    main thread, which, waiting on a lock for the next result, never woke: the command hung.
    A worker forked before it ignores Ctrl-C would die of it instead. (Where threads have no
    signal masks, as on Windows, nothing is held back.)"""
    if not hasattr(signal, "pthread_sigmask"):
        yield lambda: None
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    released = False

    def release() -> None:
        nonlocal released
        if not released:
            released = True
            signal.pthread_sigmask(signal.SIG_SETMASK, previous)

    try:
        yield release
    finally:
        release()


#: How long the main thread waits for a game before it looks again for a Ctrl-C.
RESULT_WAIT_SECONDS = 0.2


@contextmanager
def ctrl_c_noted() -> Iterator[Callable[[], bool]]:
    """Until the block ends, a first Ctrl-C is noted rather than raised where it lands: the
    function yielded says whether one came, and the caller raises KeyboardInterrupt where
    it is safe to (or the block does, as it ends). A second Ctrl-C raises at once, for a
    user who insists.

    Raised where it lands, KeyboardInterrupt can stop the main thread inside the pool's own
    code: between taking and giving back the lock of the results, which the pool's result
    thread then waits for, and the pool's shutdown for that thread, for ever; or in a
    finalizer, where Python prints it and drops it. The note is a plain flag: a handler may
    run again inside itself, and one that waited for a lock would wait for itself. Outside
    the main thread, or where Ctrl-C is not Python's default (ignored, or handled by the
    caller), nothing is changed and nothing is noted."""
    if (
        threading.current_thread() is not threading.main_thread()
        or signal.getsignal(signal.SIGINT) is not signal.default_int_handler
    ):
        yield lambda: False
        return
    came = False

    def note_ctrl_c(number: int, frame: Any) -> None:
        nonlocal came
        if came:
            signal.default_int_handler(number, frame)
        came = True

    previous = signal.signal(signal.SIGINT, note_ctrl_c)
    try:
        yield lambda: came
    finally:
        signal.signal(signal.SIGINT, previous)
    if came:  # came after the caller last looked
        raise KeyboardInterrupt


def _outcomes_of_workers(
    pool: Any, tasks: Iterable[tuple[Any, ...]], interrupted: Callable[[], bool]
) -> Iterator[GameOutcome]:
    """The games as the workers finish them, until Ctrl-C (noted by :func:`ctrl_c_noted`),
    which raises KeyboardInterrupt here, outside the pool's code. The main thread never
    waits more than :data:`RESULT_WAIT_SECONDS` at a time, so Ctrl-C acts within that."""
    results = pool.imap_unordered(_play_task, tasks)
    while not interrupted():
        try:
            outcome = results.next(timeout=RESULT_WAIT_SECONDS)
        except multiprocessing.TimeoutError:
            continue
        except StopIteration:
            return
        yield outcome
    raise KeyboardInterrupt


def _play_task(args: tuple[Any, ...]) -> GameOutcome:
    return play_game(*args)


@dataclass(slots=True)
class BotStats:
    """The figures of one bot entry over a tournament."""

    label: str
    bot: str
    games: int = 0
    rounds: int = 0
    points_per_game: float = 0.0
    points_per_game_ci: float = 0.0
    points_per_round: float = 0.0
    points_per_round_ci: float = 0.0
    exact_bid_rate: float = 0.0
    win_rate: float = 0.0
    decisions: int = 0
    mean_decision_ms: float = 0.0
    p99_decision_ms: float = 0.0
    median_decision_ms: float = 0.0
    rating_mu: float = 0.0
    rating_sigma: float = 0.0
    rating: float = 0.0


@dataclass(slots=True)
class TournamentResult:
    config: dict[str, Any]
    bots: list[BotStats] = field(default_factory=list)
    games: list[GameOutcome] = field(default_factory=list)

    def to_json(self) -> str:
        return json.dumps({"config": self.config, "bots": [asdict(b) for b in self.bots]}, indent=1)


def half_interval(values: Sequence[float]) -> float:
    """Half the width of a 95 % confidence interval of the mean of ``values``."""
    if len(values) < 2:
        return 0.0
    return Z95 * statistics.stdev(values) / math.sqrt(len(values))


def percentile(values: Sequence[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))
    return ordered[k]


def summarize(config: TournamentConfig, outcomes: Sequence[GameOutcome]) -> TournamentResult:
    """Per-entry figures, and ratings (openskill Plackett-Luce, games in order)."""
    from openskill.models import PlackettLuce

    labels = config.labels()
    entries = len(labels)
    per_game: list[list[float]] = [[] for _ in range(entries)]
    per_round: list[list[float]] = [[] for _ in range(entries)]
    exact = [0] * entries
    wins = [0.0] * entries
    times: list[list[float]] = [[] for _ in range(entries)]
    model = PlackettLuce()
    ratings = [model.rating(name=label) for label in labels]
    for outcome in sorted(outcomes, key=lambda o: o.index):
        best = max(outcome.totals)
        top = [s for s, t in enumerate(outcome.totals) if t == best]
        for seat, entry in enumerate(outcome.seating):
            per_game[entry].append(outcome.totals[seat])
            for r in range(len(outcome.points)):
                per_round[entry].append(outcome.points[r][seat])
                exact[entry] += outcome.bids[r][seat] == outcome.won[r][seat]
            if seat in top:
                wins[entry] += 1 / len(top)
            times[entry].extend(outcome.times[entry])
        teams = [[ratings[entry]] for entry in outcome.seating]
        rated = model.rate(teams, scores=[float(t) for t in outcome.totals])
        for seat, entry in enumerate(outcome.seating):
            ratings[entry] = rated[seat][0]
    stats = []
    for i, label in enumerate(labels):
        games = len(per_game[i])
        rounds = len(per_round[i])
        t = times[i]
        stats.append(
            BotStats(
                label=label,
                bot=config.bots[i],
                games=games,
                rounds=rounds,
                points_per_game=statistics.fmean(per_game[i]) if games else 0.0,
                points_per_game_ci=half_interval(per_game[i]),
                points_per_round=statistics.fmean(per_round[i]) if rounds else 0.0,
                points_per_round_ci=half_interval(per_round[i]),
                exact_bid_rate=exact[i] / rounds if rounds else 0.0,
                win_rate=wins[i] / games if games else 0.0,
                decisions=len(t),
                mean_decision_ms=1000 * statistics.fmean(t) if t else 0.0,
                median_decision_ms=1000 * statistics.median(t) if t else 0.0,
                p99_decision_ms=1000 * percentile(t, 0.99),
                rating_mu=ratings[i].mu,
                rating_sigma=ratings[i].sigma,
                rating=ratings[i].ordinal(),
            )
        )
    config_json = {
        "rules": config.rules.to_record(),
        "players": config.players,
        "bots": list(config.bots),
        "games": len(outcomes),
        "deals": len({o.deal for o in outcomes}),
        "seed": config.seed,
    }
    return TournamentResult(config=config_json, bots=stats, games=list(outcomes))


def run_tournament(
    config: TournamentConfig,
    progress: Callable[[int, int], None] | None = None,
) -> TournamentResult:
    """Play every game (in up to ``config.jobs`` worker processes, see :func:`worker_count`;
    1 plays here), report progress as (games done, games in all), write the records if
    asked, and summarize. What would stop
    it is refused before any game starts (:func:`check_config`)."""
    players = config.players
    total = config.deals * players
    outcomes: list[GameOutcome] = []
    try:
        check_config(config)
        tasks = (  # made as the games start: a long tournament's take no memory up front
            (
                config.rules,
                config.bots,
                config.seed,
                deal,
                rotation,
                deal * players + rotation,
                config.records is not None,
            )
            for deal in range(config.deals)
            for rotation in range(players)
        )
        workers = worker_count(config.jobs, total)
        if workers <= 1:
            for task in tasks:
                outcomes.append(_kept(config, _play_task(task)))
                if progress is not None:
                    progress(len(outcomes), total)
        else:
            # Leaving the block terminates the workers, then gives Ctrl-C back its handler:
            # on Ctrl-C (which only this thread of this process takes) or an error, no game
            # is left running and nothing waits for one.
            with (
                interrupts_held() as release,
                ctrl_c_noted() as interrupted,
                multiprocessing.Pool(workers, initializer=_ignore_interrupts) as pool,
            ):
                release()
                for outcome in _outcomes_of_workers(pool, tasks, interrupted):
                    outcomes.append(_kept(config, outcome))
                    if progress is not None:
                        progress(len(outcomes), total)
    except KeyboardInterrupt:
        # A second Ctrl-C meanwhile quits at once, as a plain KeyboardInterrupt (no figures,
        # and no half-written file).
        result = _stopped(config, outcomes, total)
        raise TournamentInterrupted(result, len(outcomes), total) from None
    except RecordNotWritten as failed:
        # As for Ctrl-C: what was played is kept.
        result = _stopped(config, outcomes, total)
        raise RecordNotWritten(failed.path, failed.error, result, len(outcomes), total) from None
    return _finish(config, outcomes)


def _stopped(
    config: TournamentConfig, outcomes: list[GameOutcome], total: int
) -> TournamentResult | None:
    """What a tournament stopped after ``outcomes`` of its ``total`` games keeps: the deals
    played from every seat keep their duplicate comparison, and are summed up (None when
    there are none); the games of a deal cut short would favour whichever entries got its
    better seats, and are left out, their records too (as far as they can still be removed:
    the folder may be gone)."""
    players = config.players
    counts = Counter(o.deal for o in outcomes)
    whole = [o for o in outcomes if counts[o.deal] == players]
    if config.records is not None:
        for outcome in outcomes:
            if counts[outcome.deal] < players:
                with suppress(OSError):
                    _record_path(config.records, outcome).unlink(missing_ok=True)
    result = _finish(config, whole) if whole else None
    if result is not None:
        result.config["stopped"] = {"games_played": len(outcomes), "games": total}
    return result


#: Worker processes per core at most: CPU-bound games gain nothing from more, and each
#: worker holds its own interpreter (some 40 MB): `--jobs 1000` must not start a thousand.
WORKERS_PER_CORE = 4


def usable_cores() -> int:
    """The cores this process may use: those it is bound to where the system says
    (Linux), else all the machine's (macOS and Windows have no ``os.sched_getaffinity``)."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return max(1, cores or 1)


def worker_count(jobs: int, games: int) -> int:
    """The worker processes to start for ``jobs`` asked and ``games`` to play: no more
    than the games, nor than :data:`WORKERS_PER_CORE` per core this process may use. The
    results are the same whatever the count (each game is seeded by itself)."""
    return max(1, min(jobs, games, WORKERS_PER_CORE * usable_cores()))


class TournamentInterrupted(KeyboardInterrupt):
    """Ctrl-C stopped a tournament after ``played`` of its ``total`` games; ``result`` sums
    up the deals that were played from every seat (their records written, if asked), or is
    None when no deal was."""

    def __init__(self, result: TournamentResult | None, played: int, total: int) -> None:
        super().__init__(result, played, total)  # as the arguments, for pickle
        self.result = result
        self.played = played
        self.total = total

    def __str__(self) -> str:
        return f"stopped after {self.played} of {self.total} games"


class RecordNotWritten(Exception):
    """The record of a game could not be written at ``path`` (``error``: its folder gone, a
    folder in its place, a full disk), so the tournament stopped there. As after Ctrl-C
    (:class:`TournamentInterrupted`), ``result`` sums up the deals played from every seat
    (their records written), or is None when no deal was; ``played`` of ``total`` games
    were played. Raised before any game, by :func:`check_config`, for a folder under the
    name of one of the records."""

    def __init__(
        self,
        path: Path,
        error: OSError,
        result: TournamentResult | None = None,
        played: int = 0,
        total: int = 0,
    ) -> None:
        super().__init__(path, error, result, played, total)  # as the arguments, for pickle
        self.path = path
        self.error = error
        self.result = result
        self.played = played
        self.total = total

    def __str__(self) -> str:
        return f"cannot write {self.path}: {self.error.strerror or self.error}"


#: The names of a tournament's records: ``game-DEAL-ROTATION.json`` (see _record_path).
RECORD_NAME = re.compile(r"game-(\d{5,})-(\d+)\.json")


def record_name(deal: int, rotation: int) -> str:
    """The name of the record of deal ``deal`` played in rotation ``rotation``."""
    return f"game-{deal:05d}-{rotation}.json"


def _record_path(folder: Path, outcome: GameOutcome) -> Path:
    return folder / record_name(outcome.deal, outcome.rotation)


def record_names_taken(config: TournamentConfig) -> list[Path]:
    """The records ``config`` would write whose name a folder (or anything but a file)
    holds already in its records folder, sorted: writing one of those would stop the
    tournament at that game. Found in one reading of the folder, whatever the number of
    games."""
    folder = config.records
    if folder is None or not folder.is_dir():
        return []
    taken = []
    for path in folder.iterdir():
        found = RECORD_NAME.fullmatch(path.name)
        if found is None:
            continue
        deal, rotation = int(found[1]), int(found[2])
        written = (
            deal < config.deals
            and rotation < config.players
            and path.name == record_name(deal, rotation)
        )
        if written and path.exists() and not path.is_file():
            taken.append(path)
    return sorted(taken)


def records_already_in(folder: Path) -> list[Path]:
    """The tournament records ``folder`` holds already, sorted: a new tournament there would
    overwrite some and mix its games with the others, so the command refuses such a folder."""
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if RECORD_NAME.fullmatch(p.name) and p.is_file())


def _kept(config: TournamentConfig, outcome: GameOutcome) -> GameOutcome:
    """A game just played, its record written at once if asked (so that neither a second
    Ctrl-C nor a crash loses the games played, and a long tournament holds no records in
    memory): the outcome kept for the figures no longer carries it."""
    if config.records is None or outcome.record is None:
        return outcome
    path = _record_path(config.records, outcome)
    try:
        # Whole or not at all, even if Ctrl-C comes while it is written.
        write_text_atomic(path, outcome.record)
    except OSError as error:
        raise RecordNotWritten(path, error) from error
    outcome.record = None
    return outcome


def _finish(config: TournamentConfig, outcomes: list[GameOutcome]) -> TournamentResult:
    """Sum up (the records are written as the games end)."""
    outcomes.sort(key=lambda o: o.index)
    return summarize(config, outcomes)
