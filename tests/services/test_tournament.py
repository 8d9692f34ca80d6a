"""Tournaments: duplicate deals, statistics, ratings, same seed same results, the command."""

from __future__ import annotations

import contextlib
import json
import os
import pickle
import random
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ascenseur import Rules, RulesError, preset
from ascenseur.bots.heuristics import table_raw_total
from ascenseur.core.record import loads, replay
from ascenseur.interfaces.cli import get_app
from ascenseur.services import tournament as tournament_module
from ascenseur.services.tournament import (
    RECORD_NAME,
    RecordNotWritten,
    TournamentConfig,
    TournamentInterrupted,
    UnplayableTable,
    ctrl_c_noted,
    interrupts_held,
    play_game,
    run_tournament,
    seating,
    warm_up,
    worker_count,
)

RULES = preset("prime").override({"ladder": [2, 3]})
SCRIPT = Path(sys.executable).parent / "ascenseur"


def figures(config: TournamentConfig) -> list[dict[str, object]]:
    """Every figure but the decision times (which the clock decides)."""
    out = []
    for bot in run_tournament(config).bots:
        data = asdict(bot)
        for key in list(data):
            if key.endswith("_ms"):
                del data[key]
        out.append(data)
    return out


def test_every_bot_takes_every_seat_of_every_deal() -> None:
    assert [seating(3, r) for r in range(3)] == [[0, 1, 2], [2, 0, 1], [1, 2, 0]]


def test_duplicate_deals_give_every_bot_the_same_hands(tmp_path: Path) -> None:
    config = TournamentConfig(
        RULES, ("rules", "random", "random"), games=6, seed=3, records=tmp_path
    )
    result = run_tournament(config)
    assert len(result.games) == 6
    files = sorted(tmp_path.glob("game-*.json"))
    assert len(files) == 6
    by_deal: dict[str, list[list[object]]] = {}
    for path in files:
        record = loads(path.read_text(encoding="utf-8"))
        replay(record)  # a valid record
        deal = path.name.split("-")[1]
        by_deal.setdefault(deal, []).append([r["hands"] for r in record["rounds"]])
    assert len(by_deal) == 2
    for rotations in by_deal.values():
        assert all(hands == rotations[0] for hands in rotations)
    # Each entry played each seat once per deal.
    stats = {b.label: b for b in result.bots}
    assert stats["rules"].games == 6 and stats["random#2"].games == 6
    assert stats["rules"].rounds == 12


def test_the_figures_are_sensible() -> None:
    config = TournamentConfig(RULES, ("rules", "random", "random"), games=30, seed=1)
    result = run_tournament(config)
    rules, random1, random2 = result.bots
    assert rules.points_per_game > max(random1.points_per_game, random2.points_per_game)
    assert rules.rating > max(random1.rating, random2.rating)
    assert 0 <= rules.exact_bid_rate <= 1 and rules.exact_bid_rate > random1.exact_bid_rate
    assert abs(sum(b.win_rate for b in result.bots) - 1) < 1e-9
    assert rules.points_per_game_ci > 0 and rules.decisions > 0
    assert rules.p99_decision_ms >= rules.median_decision_ms


def test_same_seed_same_results_whatever_the_workers() -> None:
    rules = preset("prime").override({"ladder": [3]})
    one = TournamentConfig(rules, ("hard", "rules", "random"), games=3, seed=5, jobs=1)
    two = TournamentConfig(rules, ("hard", "rules", "random"), games=3, seed=5, jobs=2)
    assert figures(one) == figures(two)
    other = TournamentConfig(rules, ("hard", "rules", "random"), games=3, seed=6, jobs=1)
    assert figures(other) != figures(one)
    many = TournamentConfig(rules, ("hard", "rules", "random"), games=3, seed=5, jobs=1000)
    assert figures(many) == figures(one)  # (three workers, one per game: see below)


@pytest.mark.parametrize(
    ("name", "ladder"), [("classique", [2]), ("enculette", [1]), ("ascensor", [3])]
)
def test_each_kind_of_bot_is_warmed_once_before_its_decisions_are_timed(
    name: str, ladder: list[int]
) -> None:
    """The first decision of a kind of bot in a process is made untimed, on a game of its
    own (a blind round has none to make); the games then play as they would have."""
    rules = preset(name).override({"ladder": ladder})
    config = TournamentConfig(rules, ("medium", "easy", "random"), games=3, seed=2, jobs=1)
    before = figures(config)
    tournament_module._WARMED.difference_update({"medium", "easy", "random"})
    assert warm_up(rules, ("medium", "easy", "random", "medium")) == 3
    assert {"medium", "easy", "random"} <= tournament_module._WARMED
    assert warm_up(rules, ("easy", "medium", "random")) == 0  # once per process
    assert figures(config) == before


def test_the_bidding_of_every_round_is_calibrated_before_any_decision_is_timed() -> None:
    """The first bid at each hand size works out a calibration of the bidding, which costs
    as much as some hundred decisions: the warm-up works it out for every round of the
    ladder, so that no timed decision pays for it (``rules`` and ``medium``, one policy,
    once showed 0.2 and 0.8 ms mean, 11 and 17 ms p99: whoever bid first at a new size)."""
    rules = preset("prime").override({"ladder": [1, 4, 6, 4, 2]})  # (this test's alone)
    bots = ("medium", "easy", "random")
    table_raw_total.cache_clear()
    warm_up(rules, bots)
    calibrated = table_raw_total.cache_info().misses
    assert calibrated >= 4  # (a hand size in this process at least once)
    play_game(rules, bots, seed=3, deal=0, rotation=1, index=1)
    assert table_raw_total.cache_info().misses == calibrated


def test_no_more_workers_than_games_nor_than_four_per_core() -> None:
    """`--jobs 1000` once started a thousand interpreters and ran the machine out of
    memory: the count asked is a most, kept to what can run at once."""
    cores = len(os.sched_getaffinity(0))
    assert worker_count(1000, 3) == min(3, 4 * cores)
    assert worker_count(1000, 10**6) == 4 * cores
    assert worker_count(2, 10**6) == min(2, 4 * cores)
    assert worker_count(1, 10) == 1


def command(*args: str) -> subprocess.CompletedProcess[str]:
    program = [str(SCRIPT)] if SCRIPT.exists() else [sys.executable, "-m", "ascenseur"]
    return subprocess.run(
        [*program, "--lang", "en", *args], capture_output=True, text=True, timeout=120
    )


def test_the_command_prints_json_for_machines() -> None:
    done = command(
        "tournament",
        "--rules",
        "prime",
        "--rule",
        "ladder=[2]",
        "--players",
        "3",
        "--bots",
        "rules,random,random",
        "--games",
        "3",
        "--seed",
        "1",
        "--json",
    )
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert [b["label"] for b in data["bots"]] == ["rules", "random", "random#2"]
    assert data["config"]["games"] == 3
    assert {
        "points_per_game",
        "points_per_game_ci",
        "exact_bid_rate",
        "win_rate",
        "mean_decision_ms",
        "p99_decision_ms",
        "rating",
    } <= set(data["bots"][0])


@pytest.mark.parametrize(
    ("lang", "headers", "bots"),
    [
        (
            "en",
            ("points/game", "points/round", "decision ms (mean / p99)", "exact bids"),
            ("medium", "easy", "random"),
        ),
        (
            "fr",
            ("points/partie", "décision ms (moyenne / p99)", "contrats réalisés"),
            ("moyen", "facile", "aléatoire"),
        ),
        (
            "es",
            ("puntos/partida", "decisión ms (media / p99)", "apuestas cumplidas"),
            ("medio", "fácil", "aleatorio"),
        ),
    ],
)
def test_the_command_prints_a_table_for_people(
    lang: str, headers: tuple[str, ...], bots: tuple[str, ...]
) -> None:
    """Headers, numbers and the bots' levels in the language in force (the levels as
    ``--bots`` takes them in that language)."""
    done = CliRunner().invoke(
        get_app(),
        [
            "--lang",
            lang,
            "tournament",
            "--rules",
            "ascensor",
            "--rule",
            "ladder=[2]",
            "--players",
            "3",
            "--bots",
            "medium,easy,random",
            "--games",
            "3",
        ],
    )
    assert done.exit_code == 0, done.stderr
    # Piped, every header and every bot's figures sit on one line (not cut to a width).
    for header in headers:
        assert header in done.stdout, done.stdout
    # Numbers as the language writes them: 1.5 in English, 1,5 in French and Spanish.
    dot = r"\." if lang == "en" else ","
    for bot in bots:
        row = (
            rf"{bot}\s*│\s*-?\d+{dot}\d ± \d+{dot}\d\s*│\s*-?\d+{dot}\d\d ± \d+{dot}\d\d\s*│"
            rf"\s*\d+{dot}\d %\s*│\s*\d+{dot}\d %.* / .*│"
        )
        assert re.search(row, done.stdout), done.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--players", "4", "--bots", "rules,random"), "2 bots for 4 players"),
        (("--bots", "rules,wizard,random"), "wizard is not a bot; choose among"),
        (("--bots", "rules,,random"), "--bots: bot 2 of 3 is not given; give one bot per seat"),
        (("--players", "4", "--bots", "rules"), "1 bot for 4 players"),
        (("--bots", "rules"), "--bots: one bot given; give one bot per seat"),
        (
            ("--bots", "rules,random,random", "--records", __file__),
            "--records: cannot make the folder",
        ),
        (("--bots", "rules,ismcts-leaky,random"), "ismcts-leaky is not a bot"),
        (("--bots", "rules,rules", "--rules", "prime"), "players"),
    ],
)
def test_the_command_refuses_bad_input_in_one_line(args: tuple[str, ...], message: str) -> None:
    done = CliRunner().invoke(get_app(), ["--lang", "en", "tournament", *args])
    assert done.exit_code == 2
    assert message in done.stderr
    assert done.stderr.count("\n") == 1


def test_a_refused_tournament_makes_no_records_folder(tmp_path: Path) -> None:
    """The bots are checked before the folder is made: a table a bot cannot play leaves
    nothing on disk."""
    where = tmp_path / "new" / "games"
    done = CliRunner().invoke(
        get_app(),
        [
            *("--lang", "en", "tournament", "--rules", "enculette", "--games", "1"),
            *("--bots", "ismcts,rules,rules", "--records", str(where)),
        ],
    )
    assert done.exit_code == 2, done.stderr
    assert done.stderr.startswith("--bots: ismcts: ")
    assert not (tmp_path / "new").exists()


def test_records_are_written_and_said_where(tmp_path: Path) -> None:
    where = tmp_path / "new" / "games"
    done = CliRunner().invoke(
        get_app(),
        [
            *("--lang", "en", "tournament", "--rules", "prime", "--rule", "ladder=[2]"),
            *("--bots", "rules,random,random", "--games", "3", "--records", str(where)),
        ],
    )
    assert done.exit_code == 0, done.stderr
    names = sorted(p.name for p in where.iterdir())
    assert names == ["game-00000-0.json", "game-00000-1.json", "game-00000-2.json"]
    assert f"3 records written in {where}" in done.stderr


def test_a_folder_holding_records_is_refused_and_left_as_it_was(tmp_path: Path) -> None:
    """A second tournament into the same folder would overwrite the first one's records
    (the same deals have the same names) and mix the two: it is refused before any game,
    and the records are left untouched; other files in a folder are no obstacle."""
    (tmp_path / "notes.txt").write_text("my notes\n")
    (tmp_path / "game-notes-old.json").write_text("{}\n")  # named alike, not a record
    args = [
        *("--lang", "en", "tournament", "--rules", "prime", "--rule", "ladder=[2]"),
        *("--bots", "rules,random,random", "--games", "3", "--records", str(tmp_path)),
    ]
    first = CliRunner().invoke(get_app(), args)
    assert first.exit_code == 0, first.stderr
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    assert len(before) == 5
    again = CliRunner().invoke(get_app(), [*args[:-4], "--seed", "9", *args[-4:]])
    assert again.exit_code == 2
    assert again.stderr == (
        f"--records: {tmp_path} already holds 3 tournament records (game-00000-0.json, …); "
        "give an empty or new folder, so that no record is overwritten\n"
    )
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


#: A tournament of three deals (nine games) played one game after another, into a folder.
THREE_DEALS = [
    *("--lang", "en", "tournament", "--rules", "prime", "--rule", "ladder=[2]", "--json"),
    *("--bots", "rules,random,random", "--games", "9", "--jobs", "1", "--records"),
]


@pytest.mark.parametrize("taken", ["game-00000-1.json", "game-00002-2.json"])
def test_a_folder_under_a_record_name_is_refused_before_any_game(
    tmp_path: Path, taken: str
) -> None:
    """Writing that record would have stopped the tournament at its game, with a traceback:
    every name the tournament writes is looked at first (one reading of the folder)."""
    (tmp_path / taken).mkdir()
    for harmless in ("game-00003-0.json", "game-00000-3.json", "game-000001-0.json"):
        (tmp_path / harmless).mkdir()  # names this tournament does not write
    before = sorted(tmp_path.iterdir())
    done = CliRunner().invoke(get_app(), [*THREE_DEALS, str(tmp_path)])
    assert (done.exit_code, done.stdout) == (2, "")
    assert done.stderr == f"--records: cannot write {tmp_path / taken}: it is a folder\n"
    assert sorted(tmp_path.iterdir()) == before
    config = TournamentConfig(RULES, ("rules", "random", "random"), games=9, records=tmp_path)
    with pytest.raises(RecordNotWritten) as caught:  # (a program's tournament too)
        run_tournament(config)
    assert caught.value.path == tmp_path / taken and caught.value.result is None
    assert sorted(tmp_path.iterdir()) == before
    (tmp_path / taken).rmdir()
    assert CliRunner().invoke(get_app(), [*THREE_DEALS, str(tmp_path)]).exit_code == 0


def _move_away(folder: Path) -> int | None:
    folder.rename(folder.with_name("moved"))
    return None


def _folder_ahead(folder: Path) -> int | None:
    """A folder under the name of a record some 6,000 games ahead of the newest written
    (seconds ahead, however busy the machine): the deal it stops the tournament at."""
    written = [RECORD_NAME.fullmatch(p.name) for p in folder.iterdir()]
    newest = max(int(found[1]) for found in written if found)
    ahead = newest + 2000
    (folder / f"game-{ahead:05d}-1.json").mkdir()
    return ahead


@pytest.mark.parametrize(
    ("mishap", "reason"),
    [(_move_away, "no such file or folder"), (_folder_ahead, "it is a folder")],
    ids=["folder moved away", "folder made under a later record's name"],
)
def test_a_record_that_cannot_be_written_mid_run_stops_with_the_figures_so_far(
    tmp_path: Path, mishap: Callable[[Path], int | None], reason: str
) -> None:
    """Not a traceback and status 1: one line naming --records, the record and why
    (status 2, as simulate --out), and, as after Ctrl-C, the figures of the deals played
    from every seat, whose records are kept where they still can be. The command runs for
    real; the folder is changed under it once two deals are written."""
    where = tmp_path / "games"
    arguments = ["-m", "ascenseur", "--lang", "en", "tournament", "--rules", "prime"]
    arguments += ["--rule", "ladder=[1]", "--bots", "random,random,random", "--json"]
    arguments += ["--games", "300000", "--jobs", "1", "--records", str(where)]
    process = subprocess.Popen(
        [sys.executable, *arguments], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    try:
        for _ in range(1200):
            if (where / "game-00002-0.json").exists():  # two deals whole
                break
            time.sleep(0.025)
        stop_deal = mishap(where)
        out, err = process.communicate(timeout=300)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert process.returncode == 2, err.decode()
    lines = err.decode().splitlines()
    summary = json.loads(out)
    played = summary["config"]["stopped"]["games_played"]
    assert summary["config"]["stopped"]["games"] == 300000
    assert summary["config"]["deals"] == played // 3
    kept = None if stop_deal is None else 3 * stop_deal
    said = [f"{kept} records written in {where}"] if kept else []
    failed = lines[-1]
    assert lines[:-1] == [
        *said,
        f"Stopped after {played} of 300000 games: the figures are those of the "
        f"{played // 3} deals played from every seat.",
    ]
    assert re.fullmatch(
        rf"--records: cannot write {re.escape(str(where))}/game-\d+-\d\.json: " + re.escape(reason),
        failed,
    ), failed
    if stop_deal is not None:  # the deals before it, whole; the one cut short, left out
        assert played == 3 * stop_deal + 1 and summary["config"]["deals"] == stop_deal
        records = sorted(p for p in where.iterdir() if p.is_file())
        assert len(records) == kept
        assert records[-1].name == f"game-{stop_deal - 1:05d}-2.json"
        for record in records[:: len(records) - 1]:
            replay(loads(record.read_text(encoding="utf-8")))


def test_a_table_a_bot_cannot_play_crosses_processes_whole() -> None:
    refusal = UnplayableTable("ismcts", "OpenSpiel's oh_hell cannot play this table")
    back = pickle.loads(pickle.dumps(refusal))
    assert (type(back), back.bot, str(back)) == (UnplayableTable, "ismcts", str(refusal))


def test_a_record_not_written_crosses_processes_whole(tmp_path: Path) -> None:
    error = FileNotFoundError(2, "No such file or directory")
    failed = pickle.loads(pickle.dumps(RecordNotWritten(tmp_path, error, None, 4, 9)))
    assert (failed.path, failed.result, failed.played, failed.total) == (tmp_path, None, 4, 9)
    assert isinstance(failed.error, FileNotFoundError)


def _children(pid: int) -> list[int]:
    """The live child processes of ``pid`` (from /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid and fields[0] != "Z":
                found.append(int(entry.name))
    return found


def test_ctrl_c_stops_a_tournament_on_two_cores_and_its_workers(
    python_with_ctrl_c: list[str],
) -> None:
    """Ctrl-C reaches the whole process group, as in a terminal: the command exits with 130
    and leaves no worker behind (it used to wait for workers that never finished)."""
    arguments = ["-m", "ascenseur", "--lang", "en", "tournament", "--rules", "prime"]
    arguments += ["--bots", "expert,expert,rules", "--games", "300", "--jobs", "2"]
    # As in a terminal, Ctrl-C has its default action in the command and is not held back:
    # a test run started in the background (`cmd &`, nohup, some CI runners) passes it on
    # ignored, and Python then rightly lets it be ignored. -X faulthandler: if the command
    # hangs, SIGABRT makes it print where each of its threads stands, for the failure.
    command = [*python_with_ctrl_c, "-X", "faulthandler", *arguments]
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True
    )
    try:
        for _ in range(600):  # wait for the two workers to be playing
            if len(_children(process.pid)) >= 2:
                break
            time.sleep(0.05)
        workers = {pid: _started_at(pid) for pid in _children(process.pid)}
        assert len(workers) >= 2
        os.killpg(process.pid, signal.SIGINT)
        try:
            exit_code = process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.kill(process.pid, signal.SIGABRT)
            process.wait(timeout=30)
            _kill_group(process.pid)  # the workers still hold the pipes open
            _out, err = process.communicate(timeout=30)
            pytest.fail("no exit 60 s after Ctrl-C; its threads then:\n" + err.decode()[-8000:])
        assert exit_code == 130
        err = process.stderr.read().decode()  # type: ignore[union-attr]
        assert re.search(
            r"Stopped after \d+ of 300 games, before any deal was played from every seat: "
            r"no figures\.",
            err,
        ), err
        for _ in range(100):
            if not any(_started_at(pid) == start for pid, start in workers.items()):
                break
            time.sleep(0.05)
        assert not any(_started_at(pid) == start for pid, start in workers.items())
    finally:
        _kill_group(process.pid)
        process.wait()
        process.stdout.close()  # type: ignore[union-attr]
        process.stderr.close()  # type: ignore[union-attr]


def _started_at(pid: int) -> str | None:
    """When process ``pid`` started (clock ticks after boot), None if there is none: with
    the pid, it names one process, not a later one given the same pid."""
    try:
        return (Path(f"/proc/{pid}") / "stat").read_text().rsplit(")", 1)[1].split()[19]
    except OSError:
        return None


def _kill_group(group: int) -> None:
    """End whatever is left of a process group this test started."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(group, signal.SIGKILL)


def _threads_holding_back_ctrl_c() -> dict[int, bool]:
    """For every thread of this process (by its native id): whether it blocks SIGINT."""
    found = {}
    for task in Path("/proc/self/task").iterdir():
        try:
            status = (task / "status").read_text()
        except OSError:
            continue  # the thread ended meanwhile
        match = re.search(r"^SigBlk:\s*([0-9a-f]+)$", status, re.MULTILINE)
        assert match is not None
        found[int(task.name)] = bool(int(match.group(1), 16) >> (signal.SIGINT - 1) & 1)
    return found


def test_threads_started_while_ctrl_c_is_held_never_take_it() -> None:
    """The kernel hands a process-wide Ctrl-C to any thread that does not block it; a helper
    thread that took it left the main thread waiting for ever (the command hung)."""
    me = threading.get_native_id()
    # As the test runner left it (not held back, unless started so): restored afterwards.
    initially = _threads_holding_back_ctrl_c()[me]
    started = threading.Event()
    finish = threading.Event()

    def helper() -> None:
        started.set()
        finish.wait(10)

    with interrupts_held() as release:
        assert _threads_holding_back_ctrl_c()[me] is True
        thread = threading.Thread(target=helper)
        thread.start()
        started.wait(10)
        release()
        after = _threads_holding_back_ctrl_c()
    finish.set()
    thread.join()
    assert after[me] is initially
    assert thread.native_id is not None and after[thread.native_id] is True


def test_while_the_workers_play_only_the_calling_thread_takes_ctrl_c() -> None:
    me = threading.get_native_id()
    initially = _threads_holding_back_ctrl_c()
    before = set(initially)
    seen: list[dict[int, bool]] = []
    config = TournamentConfig(rules=RULES, bots=["rules", "rules", "random"], games=3, jobs=2)
    run_tournament(config, lambda _done, _total: seen.append(_threads_holding_back_ctrl_c()))
    assert len(seen) == 3
    for threads in seen:
        assert threads[me] is initially[me]
        started = [blocked for tid, blocked in threads.items() if tid not in before]
        assert len(started) >= 3  # the pool's threads: workers, tasks, results
        assert all(started)


def test_without_signal_masks_nothing_is_held_back(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where threads have no signal masks (Windows), a tournament still runs on workers."""
    monkeypatch.delattr(signal, "pthread_sigmask")
    with interrupts_held() as release:
        release()
    config = TournamentConfig(rules=RULES, bots=["rules", "rules", "random"], games=3, jobs=2)
    assert len(run_tournament(config).games) == 3


def test_the_command_runs_where_the_system_cannot_say_which_cores_it_may_use(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """macOS and Windows have no os.sched_getaffinity: the workers are then one per core of
    the machine, as the tournament service counts them, rather than a traceback."""
    monkeypatch.delattr(os, "sched_getaffinity")
    done = CliRunner().invoke(
        get_app(),
        [
            *("--lang", "en", "tournament", "--rule", "ladder=[1]"),
            *("--bots", "rules,rules,random", "--games", "3", "--json"),
        ],
    )
    assert done.exit_code == 0, done.output
    assert json.loads(done.stdout)["config"]["games"] == 3


@pytest.fixture
def ctrl_c_as_in_a_terminal() -> Iterator[None]:
    """Python's own Ctrl-C, not held back, for one test (a test run started in the
    background gets it ignored, and a tournament then leaves it so); restored after."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    mask = signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        signal.signal(signal.SIGINT, previous)


class _CtrlCInAFinalizer:
    """Ctrl-C while a finalizer runs, where Python would print a KeyboardInterrupt and drop
    it."""

    def __del__(self) -> None:
        signal.raise_signal(signal.SIGINT)


def _ctrl_c_once_the_workers_play(wait: float) -> Callable[[], None]:
    """Send Ctrl-C to the main thread ``wait`` seconds after two new worker processes of this
    one appear (so never before the tournament is in its loop, however slow the machine);
    the function returned stops it, and once it has returned nothing more is sent."""
    main = threading.main_thread().ident
    assert main is not None
    before = set(_children(os.getpid()))
    stop = threading.Event()

    def send() -> None:
        deadline = time.monotonic() + 60
        while not stop.is_set() and time.monotonic() < deadline:
            if len(set(_children(os.getpid())) - before) >= 2:
                if not stop.wait(wait):
                    signal.pthread_kill(main, signal.SIGINT)
                return
            time.sleep(0.01)

    sender = threading.Thread(target=send, daemon=True)
    sender.start()

    def stop_sending() -> None:
        stop.set()
        sender.join()

    return stop_sending


def _where_raised(error: BaseException | None) -> str:
    """The function in which ``error`` was raised."""
    assert error is not None
    trace = error.__traceback__
    assert trace is not None
    while trace.tb_next is not None:
        trace = trace.tb_next
    return trace.tb_frame.f_code.co_name


@pytest.mark.usefixtures("ctrl_c_as_in_a_terminal")
@pytest.mark.parametrize(
    "where", ["while it waits for a game", "between two games", "in a finalizer"]
)
def test_ctrl_c_in_a_tournament_is_raised_by_its_loop_not_inside_the_pool(
    where: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C on two cores is noted, and the loop that waits for the games raises it, so it
    never stops the main thread inside the pool's code (holding the lock that the pool's
    result thread waits for) nor is lost in a finalizer."""
    dropped: list[type[BaseException] | None] = []
    monkeypatch.setattr(
        sys, "unraisablehook", lambda unraisable: dropped.append(unraisable.exc_type)
    )
    calls: list[int] = []

    def progress(done: int, _total: int) -> None:
        calls.append(done)
        if done == 1 and where == "in a finalizer":
            _CtrlCInAFinalizer()  # collected at once: Ctrl-C in its finalizer
        elif done == 1 and where == "between two games":
            signal.raise_signal(signal.SIGINT)

    rules, bots = RULES, ["rules", "rules", "random"]
    stop_sending = lambda: None  # noqa: E731
    if where == "while it waits for a game":
        # Several seconds a game: Ctrl-C comes well before one ends, on any machine.
        rules, bots = RULES.override({"ladder": [4, 5]}), ["expert", "expert", "expert"]
        stop_sending = _ctrl_c_once_the_workers_play(0.3)
    config = TournamentConfig(rules=rules, bots=bots, games=300, jobs=2)
    try:
        with pytest.raises(KeyboardInterrupt) as stopped:
            run_tournament(config, progress)
    finally:
        stop_sending()
    assert _where_raised(stopped.value.__context__) == "_outcomes_of_workers"
    assert dropped == []
    assert calls == ([] if where == "while it waits for a game" else [1])
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


@pytest.mark.usefixtures("ctrl_c_as_in_a_terminal")
def test_a_ctrl_c_noted_after_the_last_look_is_raised_as_the_block_ends() -> None:
    with pytest.raises(KeyboardInterrupt), ctrl_c_noted() as interrupted:
        signal.raise_signal(signal.SIGINT)
        assert interrupted()
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


@pytest.mark.usefixtures("ctrl_c_as_in_a_terminal")
def test_a_second_ctrl_c_is_raised_at_once() -> None:
    """For a user who insists (were the pool's shutdown to hang, Ctrl-C again ends it)."""
    raised_at_once = False
    with pytest.raises(KeyboardInterrupt), ctrl_c_noted():
        signal.raise_signal(signal.SIGINT)  # noted
        try:
            signal.raise_signal(signal.SIGINT)
        except KeyboardInterrupt:
            raised_at_once = True
    assert raised_at_once


@pytest.mark.usefixtures("ctrl_c_as_in_a_terminal")
@pytest.mark.parametrize("jobs", [1, 2])
def test_ctrl_c_keeps_the_deals_played_from_every_seat(jobs: int) -> None:
    """What was played is not thrown away: the deals whose every rotation ended are summed
    up as a tournament of their own (a deal cut short would favour whoever sat in it)."""

    def progress(done: int, _total: int) -> None:
        if done == 20:
            signal.raise_signal(signal.SIGINT)

    config = TournamentConfig(rules=RULES, bots=["rules", "rules", "random"], games=300, jobs=jobs)
    with pytest.raises(TournamentInterrupted) as caught:
        run_tournament(config, progress)
    stopped = caught.value
    assert (stopped.played, stopped.total) == (20, 300)
    assert stopped.result is not None
    deals = sorted({game.deal for game in stopped.result.games})
    assert len(deals) >= 5  # the 20 games are the first 22 but for the 2 the workers held
    assert sorted((g.deal, g.rotation) for g in stopped.result.games) == [
        (deal, rotation) for deal in deals for rotation in range(3)
    ]
    assert stopped.result.config["deals"] == len(deals)
    assert stopped.result.config["games"] == 3 * len(deals)
    assert all(bot.games == 3 * len(deals) for bot in stopped.result.bots)
    if jobs == 1:  # one game after another: the first 18 games are the first 6 deals
        assert deals == list(range(6))


def test_each_record_is_written_as_its_game_ends(tmp_path: Path) -> None:
    """Not all at the end: a second Ctrl-C or a crash keeps the games played, and a long
    tournament holds no records in memory."""
    on_disk: list[int] = []

    def progress(done: int, _total: int) -> None:
        on_disk.append(len(list(tmp_path.glob("game-*.json"))))

    config = TournamentConfig(RULES, ("rules", "random", "random"), games=6, records=tmp_path)
    result = run_tournament(config, progress)
    assert on_disk == [1, 2, 3, 4, 5, 6]
    assert all(game.record is None for game in result.games)
    assert all(path.name.startswith("game-") for path in tmp_path.iterdir())  # no temporaries
    assert len(list(tmp_path.iterdir())) == 6


@pytest.mark.usefixtures("ctrl_c_as_in_a_terminal")
def test_the_command_stopped_by_ctrl_c_prints_the_deals_played_and_exits_130(
    tmp_path: Path,
) -> None:
    stop_sending = _ctrl_c_once_the_workers_play(2.0)
    try:
        done = CliRunner().invoke(
            get_app(),
            [
                *("--lang", "en", "tournament", "--rules", "prime", "--rule", "ladder=[2]"),
                *("--bots", "rules,random,random", "--games", "300000", "--jobs", "2"),
                *("--json", "--records", str(tmp_path)),
            ],
        )
    finally:
        stop_sending()
    assert done.exit_code == 130, done.stderr
    last = done.stderr.splitlines()[-1]
    found = re.fullmatch(
        r"Stopped after (\d+) of 300000 games: the figures are those of the (\d+) deals "
        r"played from every seat\.",
        last,
    )
    assert found, done.stderr
    played, deals = int(found.group(1)), int(found.group(2))
    assert 0 < 3 * deals <= played
    summary = json.loads(done.stdout)
    assert summary["config"]["deals"] == deals
    assert summary["config"]["games"] == 3 * deals
    assert summary["config"]["stopped"] == {"games_played": played, "games": 300000}
    assert sorted(p.suffix for p in tmp_path.iterdir()) == [".json"] * (3 * deals)
    assert f"{3 * deals} records written in {tmp_path}" in done.stderr


def test_a_stopped_tournament_crosses_processes_whole() -> None:
    """TournamentInterrupted pickles with what it carries (a tournament run in a worker)."""
    stopped = pickle.loads(pickle.dumps(TournamentInterrupted(None, 3, 9)))
    assert (stopped.result, stopped.played, stopped.total) == (None, 3, 9)
    assert str(stopped) == "stopped after 3 of 9 games"


def test_the_rounds_of_two_deals_are_dealt_apart_however_long_the_ladder() -> None:
    """Each round was dealt from deal × 97 + round: round 98 of a deal was round 1 of the
    next, with a ladder of 98 rounds or more (peak_no_trump_rounds reaches that)."""
    from ascenseur.services.tournament import play_game

    rules = preset("prime").override({"ladder": [2] * 100})
    first, second = (
        json.loads(
            play_game(rules, ("random",) * 3, seed=0, deal=deal, rotation=0, index=deal,
                      keep_record=True).record or "{}"
        )["rounds"]
        for deal in (0, 1)
    )  # fmt: skip
    deals = {json.dumps(r["hands"]) for r in (*first, *second)}
    assert len(deals) == 200


@pytest.mark.parametrize(
    ("changes", "error"),
    [
        ({"games": 0}, ValueError),
        ({"games": -5}, ValueError),
        ({"bots": ()}, ValueError),
        ({"bots": "rules"}, TypeError),
        ({"seed": None}, ValueError),
        ({"rules": "prime"}, TypeError),
        ({"records": "/tmp/records"}, TypeError),
    ],
)
def test_a_config_a_program_builds_is_refused_as_the_command_line_would(
    changes: dict[str, object], error: type[Exception]
) -> None:
    """games=0 played three games, no bot divided by zero, a seed of None failed inside."""
    from ascenseur.services.tournament import TournamentConfig

    config: dict[str, object] = {
        "rules": preset("prime"), "bots": ("rules", "random", "random"), "games": 3
    }  # fmt: skip
    with pytest.raises(error):
        TournamentConfig(**{**config, **changes})  # type: ignore[arg-type]


def test_a_name_that_is_no_bot_is_refused_before_any_game() -> None:
    from ascenseur.services.tournament import TournamentConfig, UnplayableTable, check_config

    config = TournamentConfig(rules=preset("prime"), bots=("rules", "hrad", "random"), games=3)
    with pytest.raises(UnplayableTable, match="hrad is not a bot") as caught:
        check_config(config)
    assert caught.value.bot == "hrad"


def test_short_ladders_keep_the_streams_the_readme_figures_were_measured_with() -> None:
    """The fix for long ladders leaves every deal of fewer than a million deals and every
    round before the 98th where it was: the same seed gives the same tournament."""
    from ascenseur.services.tournament import _deal_seed, _round_stream

    for seed, deal, round_index in ((0, 0, 0), (1, 5, 12), (7, 999_999, 96)):
        assert _deal_seed(seed, deal) == seed * 1_000_003 + deal
        old = random.Random((seed * 1_000_003 + deal) * 97 + round_index)
        assert _round_stream(seed, deal, round_index).random() == old.random()
    assert _deal_seed(0, 1_000_003) != _deal_seed(1, 0)


def test_no_two_bots_of_a_tournament_share_a_seed_up_to_twenty_players() -> None:
    """The bot at the 18th seat of one rotation had the seed of the first seat of the next
    (so an entry replayed its random choices of another game): at 20 players, across deals
    and rotations, every bot has a seed of its own, and up to 17 seats the seeds, and so
    the figures published, are the ones they were."""
    from ascenseur.services.tournament import _bot_seed, _deal_seed

    seeds = [
        _bot_seed(_deal_seed(seed, deal), rotation, seat)
        for seed in (0, 1)
        for deal in (0, 1, 2, 1_000_003)
        for rotation in range(20)
        for seat in range(20)
    ]
    assert len(set(seeds)) == len(seeds)
    assert _bot_seed(5, 3, 16) == (5 * 31 + 3) * 17 + 16


@pytest.mark.parametrize(
    ("rules", "players", "refusal"),
    [
        (
            preset("prime").override({"ladder": [5], "max_cards": 3}),
            3,
            "ladder: a hand of 5 cards is larger than max_cards (3)",
        ),
        (preset("prime"), 9, "players: the preset prime is played by 3 to 8 players, not 9"),
    ],
)
def test_rules_that_cannot_be_played_at_the_table_are_refused_before_any_game(
    rules: Rules, players: int, refusal: str
) -> None:
    """On two cores such rules hung the tournament: the refusal, raised in a worker, could
    not cross back to the main process. They are refused before any game, as the command
    line refuses them."""
    bots = ("rules", "random", *["random"] * (players - 2))
    config = TournamentConfig(rules, bots, games=3, jobs=2)
    with pytest.raises(RulesError) as refused:
        run_tournament(config)
    assert str(refused.value) == refusal
