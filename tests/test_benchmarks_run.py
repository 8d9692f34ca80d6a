"""The benchmark scripts still start: they import the library's internals, which tests
elsewhere do not read (a renamed helper once broke one silently)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = sorted((Path(__file__).parents[1] / "benchmarks").glob("*.py"))


def run_benchmark(script: Path, *args: str, timeout: float) -> subprocess.CompletedProcess[str]:
    """``script`` run with ``args`` from the benchmarks' folder, as its docstring says."""
    return subprocess.run(
        [sys.executable, str(script), *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=script.parent,
    )


@pytest.mark.parametrize("script", BENCHMARKS, ids=lambda path: path.name)
def test_every_benchmark_script_starts_and_explains_itself(script: Path) -> None:
    done = run_benchmark(script, "--help", timeout=120)
    assert done.returncode == 0, done.stderr
    assert "usage:" in done.stdout


def test_the_openspiel_benchmark_plays_a_deal_with_every_kind_of_seat() -> None:
    """One small deal with the experiment seats (the true deal as the only world, at the
    bidding only, in the play only; the leaked view), so that a change of the search's
    internals they reach into cannot break them unseen (a peek seat once did)."""
    pytest.importorskip("pyspiel")
    sys.path.insert(0, str(BENCHMARKS[0].parent))
    try:
        import bots_openspiel
    finally:
        sys.path.pop(0)
    for seats in (
        ["search/iterations=16+peek", "search/iterations=16+peek-bid", "ismcts"],
        ["search/iterations=16+peek-play", "search/iterations=16+leak", "ismcts-leaky"],
    ):
        result = bots_openspiel.play_deal((seats, 3, 3, 0, 16))
        assert len(result["hands"]) == 9  # three seatings of three players
        for entry, bid, won, _model in result["hands"]:
            assert 0 <= entry < 3 and 0 <= bid <= 3 and 0 <= won <= 3
        assert sum(won for _e, _b, won, _m in result["hands"]) == 9  # three tricks a seating


def test_the_long_hands_benchmark_plays_a_deal_of_two_decks() -> None:
    """One small deal of the long-hand table (two decks), so that the settings it gives
    its entries (``long_hand``) cannot go out of use unseen."""
    sys.path.insert(0, str(BENCHMARKS[0].parent))
    try:
        import long_hands
    finally:
        sys.path.pop(0)
    seats = ["search/iterations=16/long_hand=2", "search/iterations=16", "random"]
    result = long_hands.play_deal((seats, 3, 4, 0))
    assert len(result["points"]) == 3 and len(result["exact"]) == 3
    assert all(0 <= made <= 3 for made in result["exact"])  # three seatings per entry


#: The rows a quick run of ``benchmarks/memory.py`` prints, by table (the title's start).
MEMORY_QUICK_ROWS = {
    "Game objects": ["3 × 5", "4 × 13", "3 × 34, two decks", "20 × 5, classique"],
    "Whole games played at random": [
        "classique, 4 players",
        "classique, 5 players",
        "classique, 20 players",
        "prime, 3 players, two decks",
        "4 × 13 played 200 times",
    ],
    "A whole game in a session": [
        "classique, 4 players",
        "classique, 5 players",
        "classique, 20 players",
        "prime, 3 players, two decks",
    ],
    "One decision of the search bot": [
        "hard, 3 × 5, bid",
        "hard, 3 × 5, play",
        "expert, 3 × 5, bid",
        "expert, 3 × 5, play",
    ],
    "Many games in one process": [
        "engine, classique, 4 players",
        "rules bots, classique, 4 players",
        "tournament, hard + 3 others, 1 to 2 cards",
    ],
    "Processes": [
        "Python alone (this script)",
        "import ascenseur",
        "import ascenseur.bots, services",
        "import the command line",
        "import the terminal game",
        "ascenseur rules (a table printed)",
        "simulate: a game, 4 rules bots, classique",
        "tournament (rules,rules,random,random, 1 game, 2 jobs): main",
        "tournament: largest worker",
    ],
}


def test_the_memory_benchmark_prints_every_figure_of_a_quick_run() -> None:
    """``memory.py --quick`` (some 15 s): every table and every row, and every figure a
    number above zero (a growth per game may be any number; a worker's size at its end is
    not measured), so that a measuring process that breaks, or an item measured after the
    fact (a size of 0), cannot go unseen."""
    script = BENCHMARKS[0].parent / "memory.py"
    done = run_benchmark(script, "--quick", timeout=300)
    assert done.returncode == 0, done.stderr
    tables: dict[str, dict[str, list[str]]] = {}
    for block in done.stdout.split("\n\n")[1:]:
        title, header, *lines = block.strip("\n").split("\n")
        columns = re.split(r"\s{2,}", header.strip())  # (two spaces apart: "new game")
        rows = tables[title] = {}
        for line in lines:
            label, *cells = re.split(r"\s{2,}", line)
            assert len(cells) == len(columns), line
            rows[label] = cells
            for column, cell in zip(columns, cells, strict=True):
                if column == "growth/game":
                    float(cell.replace(",", ""))
                elif cell == "-":
                    assert (label, column) == ("tournament: largest worker", "at end"), line
                else:
                    assert float(cell.replace(",", "").rstrip("×")) > 0, (line, column)
    assert len(tables) == len(MEMORY_QUICK_ROWS)
    for (title, rows), (start, labels) in zip(
        tables.items(), MEMORY_QUICK_ROWS.items(), strict=True
    ):
        assert title.startswith(start)
        assert list(rows) == labels, title
    processes = tables["Processes: resident set size, MB"]
    assert float(processes["import ascenseur"][0]) > float(
        processes["Python alone (this script)"][0]
    )
